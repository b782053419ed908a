import GeoMath

/// Constants of Web Mercator (EPSG:3857, "Popular Visualisation Pseudo-Mercator"; EPSG Guidance
/// Note 7-2, method 1024): spherical Mercator formulas applied to WGS84 coordinates with the
/// sphere's radius equal to the WGS84 semi-major axis.
public enum WebMercator {
    /// The latitude where Web Mercator is square (y = x = W/2), in degrees:
    /// atan(sinh(pi)). Latitudes beyond it are clamped before projecting.
    public static let maximumLatitude = 85.0511287798066

    /// The sphere radius of EPSG:3857, in metres (the WGS84 semi-major axis).
    public static let radiusMeters: Double = WGS84.semiMajorAxisMeters

    /// The width of the world, W = 2 pi a = 40 075 016.685578488 m.
    public static let worldWidthMeters: Double = 2 * Double.pi * WGS84.semiMajorAxisMeters

    /// Whether a Web Mercator point lies on the world: finite, |x| and |y| at most W/2, give or
    /// take 1e-6 m. The tolerance admits what PROJ returns for the clamp latitude: the decimal
    /// 85.0511287798066 lies a hair north of atan(sinh(pi)), and projects 4 nm beyond W/2.
    @inlinable
    public static func isOnWorld(_ point: MercatorPoint) -> Bool {
        let limit = worldWidthMeters / 2 + 1e-6
        return abs(point.x) <= limit && abs(point.y) <= limit
    }

    /// A latitude clamped to [-maximumLatitude, maximumLatitude] (for finite input).
    @inlinable
    static func clampedLatitude(_ latitude: Double) -> Double {
        min(max(latitude, -maximumLatitude), maximumLatitude)
    }

    /// A Mercator easting difference wrapped into [-W/2, W/2]: the offset to the world copy
    /// nearest the origin.
    @inlinable
    static func nearestCopyOffset(_ dx: Double) -> Double {
        dx.remainder(dividingBy: worldWidthMeters)
    }
}
