/// A point on the WGS84 ellipsoid, in geodetic degrees.
///
/// Values are validated on construction: latitude is a finite number in [-90, 90] and
/// longitude a finite number in [-180, 180]. A negative zero is stored as positive zero, so
/// `-0.0` and `0.0` give identical results everywhere. Use
/// ``normalized(latitude:longitude:)`` to accept any finite longitude and wrap it.
public struct Coordinate: Hashable, Sendable {
    /// Geodetic latitude in degrees, in [-90, 90].
    public let latitude: Double
    /// Longitude in degrees, in [-180, 180].
    public let longitude: Double

    /// Creates a coordinate from a latitude and longitude in degrees.
    ///
    /// - Parameters:
    ///   - latitude: Degrees in [-90, 90]; exactly +-90 is a pole.
    ///   - longitude: Degrees in [-180, 180]; both 180 and -180 are accepted as they are.
    /// - Throws: ``GeometryError/invalidLatitude(_:)`` or ``GeometryError/invalidLongitude(_:)``
    ///   for NaN, infinities and values out of range. Nothing is wrapped or clamped.
    public init(latitude: Double, longitude: Double) throws(GeometryError) {
        guard latitude.isFinite, (-90.0...90.0).contains(latitude) else {
            throw .invalidLatitude(latitude)
        }
        guard longitude.isFinite, (-180.0...180.0).contains(longitude) else {
            throw .invalidLongitude(longitude)
        }
        // Adding +0 turns -0.0 into +0.0 and leaves every other value unchanged.
        self.latitude = latitude + 0.0
        self.longitude = longitude + 0.0
    }

    /// Creates a coordinate from values already known to be valid (for the package's modules).
    package init(uncheckedLatitude latitude: Double, longitude: Double) {
        self.latitude = latitude + 0.0
        self.longitude = longitude + 0.0
    }

    /// A coordinate from degrees that come out of the package's own arithmetic on valid values
    /// (finite): latitude clamped into [-90, 90], longitude wrapped into [-180, 180).
    package static func wrapping(latitude: Double, longitude: Double) -> Coordinate {
        Coordinate(uncheckedLatitude: min(max(latitude, -90), 90), longitude: Longitude.wrapped(longitude))
    }

    /// Creates a coordinate whose longitude is wrapped into [-180, 180).
    ///
    /// Use this for longitudes that come out of arithmetic (panning past the antimeridian, a
    /// backend that sends 190 for -170). The latitude is not wrapped: a latitude beyond the
    /// poles has no single meaning.
    ///
    /// - Parameters:
    ///   - latitude: Degrees in [-90, 90].
    ///   - longitude: Any finite number of degrees; 540 becomes -180, -190 becomes 170.
    /// - Throws: ``GeometryError/invalidLatitude(_:)`` for a latitude out of range or not
    ///   finite; ``GeometryError/invalidLongitude(_:)`` for a longitude that is not finite.
    public static func normalized(latitude: Double, longitude: Double) throws(GeometryError) -> Coordinate {
        guard longitude.isFinite else { throw .invalidLongitude(longitude) }
        return try Coordinate(latitude: latitude, longitude: Longitude.wrapped(longitude))
    }
}

extension Coordinate: Codable {
    private enum CodingKeys: String, CodingKey {
        case latitude, longitude
    }

    /// Decodes a coordinate and validates it as ``init(latitude:longitude:)`` does.
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming the invalid value and its range.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let latitude = try container.decode(Double.self, forKey: .latitude)
        let longitude = try container.decode(Double.self, forKey: .longitude)
        do {
            self = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: container.codingPath, debugDescription: error.description, underlyingError: error))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
    }
}

extension Coordinate: CustomStringConvertible {
    public var description: String { "(\(latitude), \(longitude))" }
}

/// Longitude arithmetic in degrees (for the package's modules).
package enum Longitude {
    /// Wraps any finite longitude into [-180, 180).
    package static func wrapped(_ degrees: Double) -> Double {
        // remainder is exact: the result is in [-180, 180], then +180 maps to -180.
        let r = degrees.remainder(dividingBy: 360) + 0.0
        return r == 180 ? -180 : r
    }

    /// Wraps any finite longitude into (-180, 180]: the form for an eastern bound.
    package static func wrappedEast(_ degrees: Double) -> Double {
        let r = degrees.remainder(dividingBy: 360) + 0.0
        return r == -180 ? 180 : r
    }

    /// The western and eastern edges of a box for the longitudes from `west` eastward to
    /// `east` (any finite degrees, `widthDegrees` apart before rounding, the width below 360):
    /// west wrapped into [-180, 180), east into (-180, 180].
    ///
    /// When both edges round onto the antimeridian, west -180 and east 180 would be every
    /// longitude. That is right for a width of about 360 degrees; a width below 180 degrees
    /// (a range narrower than a unit in the last place about the antimeridian) gives the
    /// zero-width box on the antimeridian instead, west = east = -180. Every other range gives
    /// exactly `wrapped(west)` and `wrappedEast(east)`.
    package static func boxEdges(west: Double, east: Double, widthDegrees: Double) -> (west: Double, east: Double) {
        let wrappedWest = wrapped(west), wrappedEast = wrappedEast(east)
        if wrappedWest == -180, wrappedEast == 180, widthDegrees < 180 { return (-180, -180) }
        return (wrappedWest, wrappedEast)
    }
}
