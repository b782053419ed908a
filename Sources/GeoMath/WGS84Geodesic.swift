internal import CProj

/// Owns PROJ's geodesic object for the WGS84 ellipsoid and is the only caller of PROJ's
/// geodesic routines (Karney 2013, "Algorithms for geodesics", J. Geodesy 87; accurate to
/// about 15 nanometres on the earth's ellipsoid).
///
/// - Important: Safe to share between threads. The `geod_geodesic` struct is written once,
///   by `geod_init` in the initializer, and PROJ's `geod_inverse` and `geod_gendirect`, the
///   two calls made on it, only read it through a `const` pointer; they keep no global state
///   and have no error number. No PROJ context is involved.
final class WGS84Geodesic: @unchecked Sendable {
    /// The one instance used by the library.
    static let shared = WGS84Geodesic()

    private let geodesic: UnsafeMutablePointer<geod_geodesic>

    private init() {
        geodesic = .allocate(capacity: 1)
        geod_init(geodesic, WGS84.semiMajorAxisMeters, WGS84.flattening)
    }

    deinit {
        geodesic.deallocate()
    }

    /// Solves the inverse problem. Inputs must be finite with latitudes in [-90, 90].
    /// Azimuths are in degrees in [-180, 180], distance in metres.
    func inverse(
        latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double
    ) -> (distance: Double, azimuth1: Double, azimuth2: Double) {
        var s12 = 0.0, azi1 = 0.0, azi2 = 0.0
        geod_inverse(geodesic, latitude1, longitude1, latitude2, longitude2, &s12, &azi1, &azi2)
        return (s12, azi1, azi2)
    }

    /// Only the distance of the inverse problem, in metres (PROJ skips the azimuths).
    func distance(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double {
        var s12 = 0.0
        geod_inverse(geodesic, latitude1, longitude1, latitude2, longitude2, &s12, nil, nil)
        return s12
    }

    /// Solves the direct problem. The returned longitude is in [-180, 180] unless `unroll` is
    /// set, in which case it is continuous with `longitude` (it counts whole turns).
    func direct(
        latitude: Double, longitude: Double, azimuth: Double, distance: Double, unroll: Bool = false
    ) -> (latitude: Double, longitude: Double, azimuth: Double) {
        var lat2 = 0.0, lon2 = 0.0, azi2 = 0.0
        let flags = unroll ? UInt32(GEOD_LONG_UNROLL.rawValue) : UInt32(GEOD_NOFLAGS.rawValue)
        _ = geod_gendirect(
            geodesic, latitude, longitude, azimuth, flags, distance,
            &lat2, &lon2, &azi2, nil, nil, nil, nil, nil)
        return (lat2, lon2, azi2)
    }

    /// The direct problem with the unrolled longitude and the geodesic scale M21, which is
    /// d(azi2)/d(azi1) along a geodesic of fixed length, up to the convergence of meridians
    /// (Karney 2013, eqs. 26-29).
    func directWithScale(
        latitude: Double, longitude: Double, azimuth: Double, distance: Double
    ) -> (latitude: Double, longitude: Double, azimuth: Double, geodesicScale21: Double) {
        var lat2 = 0.0, lon2 = 0.0, azi2 = 0.0, scale21 = 0.0
        _ = geod_gendirect(
            geodesic, latitude, longitude, azimuth, UInt32(GEOD_LONG_UNROLL.rawValue), distance,
            &lat2, &lon2, &azi2, nil, nil, nil, &scale21, nil)
        return (lat2, lon2, azi2, scale21)
    }
}
