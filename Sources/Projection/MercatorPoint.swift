/// A point in Web Mercator (EPSG:3857), in metres: x eastward from the prime meridian, y
/// northward from the equator.
public struct MercatorPoint: Hashable, Sendable, Codable {
    /// Easting in metres, in [-W/2, W/2] for longitudes in [-180, 180].
    public var x: Double
    /// Northing in metres, in [-W/2, W/2] for latitudes within +-85.0511287798066.
    public var y: Double

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A point in screen space, in points: origin top-left, y grows downward.
/// Pixels are points times the display scale.
public struct ScreenPoint: Hashable, Sendable, Codable {
    /// Points from the left edge.
    public var x: Double
    /// Points from the top edge.
    public var y: Double

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
