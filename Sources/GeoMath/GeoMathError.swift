/// Invalid input to a GeoMath computation.
///
/// Every case carries the offending value; `description` names it together with the valid
/// range, so the message can be shown to a developer as it is. A function that throws one of
/// these has changed nothing.
public enum GeoMathError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A latitude that is not a finite number in [-90, 90] degrees.
    case invalidLatitude(Double)
    /// A longitude that is not a finite number in [-180, 180] degrees (the validating
    /// initializer), or not finite at all (the normalizing one).
    case invalidLongitude(Double)
    /// A box whose southern edge lies north of its northern edge (degrees).
    case invalidLatitudeOrder(south: Double, north: Double)
    /// A region radius that is not a finite number greater than 0 metres.
    case invalidRadius(Double)
    /// A geodesic distance that is not a finite number of metres.
    case invalidDistance(Double)
    /// An azimuth that is not a finite number of degrees.
    case invalidAzimuth(Double)

    public var description: String {
        switch self {
        case .invalidLatitude(let value):
            return "latitude \(value) is out of range: expected a finite number of degrees in [-90, 90]"
        case .invalidLongitude(let value):
            return "longitude \(value) is out of range: expected a finite number of degrees in [-180, 180]"
        case .invalidLatitudeOrder(let south, let north):
            return "south \(south) lies north of north \(north): expected south <= north"
        case .invalidRadius(let value):
            return "radius \(value) m is out of range: expected a finite number of metres greater than 0"
        case .invalidDistance(let value):
            return "distance \(value) m is out of range: expected a finite number of metres"
        case .invalidAzimuth(let value):
            return "azimuth \(value) is out of range: expected a finite number of degrees"
        }
    }
}
