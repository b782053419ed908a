import GeoMath

/// A point of the Web Mercator world (EPSG:3857), in metres: x eastward from the prime
/// meridian, y northward from the equator, both within [-W/2, W/2] (W = 2 pi 6378137 m), give
/// or take the 1e-6 m of ``WebMercator/isOnWorld(x:y:)``.
///
/// Validated on construction, like `Coordinate`: a point is finite and on the world, so
/// converting it never fails. `MercatorPoint(coordinate)` projects a coordinate (MapKit's
/// `MKMapPoint(_:)`) and ``coordinate`` converts back, both through PROJ.
public struct MercatorPoint: Hashable, Sendable {
    /// Easting in metres, in [-W/2, W/2].
    public let x: Double
    /// Northing in metres, in [-W/2, W/2] (latitudes within +-85.0511287798066).
    public let y: Double

    /// A point from its metres.
    ///
    /// - Throws: `GeometryError/mercatorOutsideWorld(x:y:)` for a value that is not finite or
    ///   lies outside the world (see ``WebMercator/isOnWorld(x:y:)``).
    @inlinable
    public init(x: Double, y: Double) throws(GeometryError) {
        guard WebMercator.isOnWorld(x: x, y: y) else { throw .mercatorOutsideWorld(x: x, y: y) }
        self.init(uncheckedX: x, y: y)
    }

    /// A point from values known to be on the world.
    @inlinable
    init(uncheckedX x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Projects a coordinate to Web Mercator through PROJ (`+proj=webmerc +ellps=WGS84`, the
    /// EPSG:4326 -> EPSG:3857 step; see ``WebMercator``). Latitudes beyond
    /// +-85.0511287798066 are clamped to it first; the longitude is kept (180 stays +W/2).
    /// Never fails; about 150 ns.
    public init(_ coordinate: Coordinate) {
        let projected = WebMercatorPROJ.forward(longitude: coordinate.longitude, latitude: coordinate.latitude)
        self.init(uncheckedX: projected.x, y: projected.y)
    }

    /// ``init(_:)`` with the northing put onto the world, [-W/2, W/2] exactly: the clamp
    /// latitude projects 4 nm beyond W/2, which at a preview's largest scales (1e9 to 1e12
    /// points per metre, circles of a micrometre and less) is tens to thousands of points.
    init(onWorld coordinate: Coordinate) {
        let projected = WebMercatorPROJ.forward(longitude: coordinate.longitude, latitude: coordinate.latitude)
        let edge = WebMercator.worldWidthMeters / 2
        self.init(uncheckedX: projected.x, y: min(max(projected.y, -edge), edge))
    }

    /// The coordinate of this point (inverse Web Mercator through PROJ), longitude in
    /// [-180, 180), latitude within +-85.0511287798066, or up to 7.6e-13 degrees beyond it for
    /// a point in the micrometre beyond W/2 that ``init(x:y:)`` admits (y = W/2 + 1e-6 m gives
    /// 85.05112877980736).
    public var coordinate: Coordinate {
        let (longitude, latitude) = WebMercatorPROJ.inverse(x: x, y: y)
        return Coordinate.wrapping(latitude: latitude, longitude: longitude)
    }
}

extension MercatorPoint: Codable {
    private enum CodingKeys: String, CodingKey {
        case x, y
    }

    /// Decodes a point and validates it as ``init(x:y:)`` does.
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming the values and the world's range.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let x = try container.decode(Double.self, forKey: .x), y = try container.decode(Double.self, forKey: .y)
        do {
            try self.init(x: x, y: y)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: container.codingPath, debugDescription: error.description, underlyingError: error))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(x, forKey: .x)
        try container.encode(y, forKey: .y)
    }
}
