/// A latitude/longitude box in degrees, as GeoJSON (RFC 7946, section 5) writes bounding boxes.
///
/// `south` <= `north`, both in [-90, 90]. `west` and `east` are in [-180, 180]; a box that
/// crosses the antimeridian has `west > east` (RFC 7946, section 5.2), and a box covering every
/// longitude has `west == -180` and `east == 180`.
public struct CoordinateBounds: Hashable, Sendable, Codable {
    /// Southern edge, degrees in [-90, 90].
    public let south: Double
    /// Northern edge, degrees in [-90, 90], never below `south`.
    public let north: Double
    /// Western edge, degrees in [-180, 180].
    public let west: Double
    /// Eastern edge, degrees in [-180, 180]; below `west` when the box crosses the antimeridian.
    public let east: Double

    /// A box from its edges, in degrees.
    ///
    /// - Parameters:
    ///   - south: In [-90, 90], at most `north`.
    ///   - north: In [-90, 90].
    ///   - west: In [-180, 180].
    ///   - east: In [-180, 180]; below `west` for a box that crosses the antimeridian.
    /// - Throws: ``GeometryError/invalidLatitude(_:)``, ``GeometryError/invalidLongitude(_:)``
    ///   or ``GeometryError/invalidLatitudeOrder(south:north:)``.
    public init(south: Double, north: Double, west: Double, east: Double) throws(GeometryError) {
        for latitude in [south, north] where !(latitude.isFinite && abs(latitude) <= 90) {
            throw .invalidLatitude(latitude)
        }
        for longitude in [west, east] where !(longitude.isFinite && abs(longitude) <= 180) {
            throw .invalidLongitude(longitude)
        }
        guard south <= north else { throw .invalidLatitudeOrder(south: south, north: north) }
        // -0.0 is stored as +0.0, as in Coordinate.
        self.init(uncheckedSouth: south + 0, north: north + 0, west: west + 0, east: east + 0)
    }

    package init(uncheckedSouth south: Double, north: Double, west: Double, east: Double) {
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

extension CoordinateBounds {
    private enum CodingKeys: String, CodingKey {
        case south, north, west, east
    }

    /// Decodes a box and validates it as ``init(south:north:west:east:)`` does.
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming the invalid edge.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func edge(_ key: CodingKeys) throws -> Double { try container.decode(Double.self, forKey: key) }
        let south = try edge(.south), north = try edge(.north), west = try edge(.west), east = try edge(.east)
        do {
            try self.init(south: south, north: north, west: west, east: east)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: container.codingPath, debugDescription: error.description, underlyingError: error))
        }
    }
}
