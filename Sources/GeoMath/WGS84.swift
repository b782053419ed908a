/// The WGS84 ellipsoid, the earth model of every GeoMath computation.
public enum WGS84 {
    /// Semi-major (equatorial) axis a, in metres. Source: NIMA TR8350.2 / EPSG:7030.
    public static let semiMajorAxisMeters: Double = 6_378_137
    /// Flattening f = (a - b) / a. Source: NIMA TR8350.2 / EPSG:7030.
    public static let flattening: Double = 1 / 298.257223563
    /// Geodesic distance from one pole to the other along a meridian, in metres
    /// (20 003 931.4586 m; computed once by PROJ's geodesic inverse). A region whose radius is
    /// at least this long covers the whole ellipsoid.
    public static let halfMeridianMeters: Double = WGS84Geodesic.shared.inverse(
        latitude1: 90, longitude1: 0, latitude2: -90, longitude2: 0
    ).distance
}
