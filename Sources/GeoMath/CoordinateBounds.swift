/// A latitude/longitude box in degrees, as GeoJSON (RFC 7946, section 5) writes bounding boxes.
///
/// `south` <= `north`, both in [-90, 90]. `west` and `east` are in [-180, 180]; a box that
/// crosses the antimeridian has `west > east` (RFC 7946, section 5.2), and a box covering every
/// longitude has `west == -180` and `east == 180`.
public struct CoordinateBounds: Hashable, Sendable, Encodable {
    /// Southern edge, degrees in [-90, 90].
    public let south: Double
    /// Northern edge, degrees in [-90, 90], never below `south`.
    public let north: Double
    /// Western edge, degrees in [-180, 180].
    public let west: Double
    /// Eastern edge, degrees in [-180, 180]; below `west` when the box crosses the antimeridian.
    public let east: Double

    @usableFromInline
    init(uncheckedSouth south: Double, north: Double, west: Double, east: Double) {
        self.south = south
        self.north = north
        self.west = west
        self.east = east
    }

    /// True when the box covers every longitude (west -180, east 180).
    public var spansAllLongitudes: Bool { west == -180 && east == 180 }

    /// True when the box crosses the antimeridian (west > east).
    public var crossesAntimeridian: Bool { west > east }

    /// East-west width in degrees, in [0, 360], counted eastward from `west` to `east`.
    public var longitudeWidthDegrees: Double {
        west <= east ? east - west : east - west + 360
    }

    /// Whether a coordinate lies in the box, edges included, across the antimeridian too.
    public func contains(_ coordinate: Coordinate) -> Bool {
        guard coordinate.latitude >= south, coordinate.latitude <= north else { return false }
        if spansAllLongitudes { return true }
        let longitude = coordinate.longitude
        if west <= east {
            return (longitude >= west && longitude <= east)
                || (longitude == -180 && east == 180) || (longitude == 180 && west == -180)
        }
        return longitude >= west || longitude <= east
    }
}
