#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The east-west extent of a geodesic circle on the WGS84 ellipsoid.
///
/// The circle of radius r around C is symmetric about C's meridian, so its westmost point is
/// the mirror of its eastmost one and only the east side is solved. The eastmost point is not
/// the destination at azimuth 90: it is where the arriving geodesic heads due east. Moving the
/// departure azimuth azi1 by d(azi1) moves the end point sideways by m12 d(azi1), whose east
/// component is m12 cos(azi2) d(azi1); so the longitude is stationary exactly where
/// azi2 = 90 degrees (m12 > 0 for every circle that does not contain a pole, since its
/// radius is below a quarter meridian, far short of the conjugate point).
///
/// azi2(azi1) = 90 is solved by Newton's method with d(azi2)/d(azi1) = M21, the geodesic
/// scale (Karney 2013, eq. 29; the meridian-convergence term sin(lat2) d(lon2) vanishes at the
/// root, so convergence stays quadratic). Because the longitude is stationary at the root, an
/// azimuth error e costs only about e^2 / 2 in longitude: stopping at |azi2 - 90| < 1e-6 degrees
/// leaves a longitude error far below 1e-12 degrees.
enum GeodesicCircleExtent {
    /// Newton's stopping threshold on |azi2 - 90|, in degrees. See the type's comment for why
    /// this bounds the longitude error far below 1e-9 degrees.
    static let azimuthTolerance = 1e-6

    /// Half-width in longitude, in degrees (> 0), of the geodesic circle of radius
    /// `radiusMeters` around a center at `latitude`. The circle must not contain a pole.
    ///
    /// The result is independent of the center's longitude. It is below 180 for every such
    /// circle (below about 90, as on the sphere, where sin(dLon) = sin(sigma) / cos(lat)).
    static func halfWidthDegrees(latitude: Double, radiusMeters: Double) -> Double {
        halfWidth(latitude: latitude, radiusMeters: radiusMeters).degrees
    }

    /// As ``halfWidthDegrees(latitude:radiusMeters:)``, with the number of geodesic
    /// evaluations it took (for tests and benchmarks).
    static func halfWidth(latitude: Double, radiusMeters: Double) -> (degrees: Double, evaluations: Int) {
        let geodesic = WGS84Geodesic.shared
        var azimuth = initialAzimuth(latitude: latitude, radiusMeters: radiusMeters)
        var evaluations = 0
        // Quadratic convergence from the spherical guess takes 2-4 steps; the cap only guards
        // against a pathological start, after which bisection takes over.
        for _ in 0..<8 {
            let end = geodesic.directWithScale(
                latitude: latitude, longitude: 0, azimuth: azimuth, distance: radiusMeters)
            evaluations += 1
            let error = end.azimuth - 90
            if abs(error) < azimuthTolerance { return (end.longitude, evaluations) }
            guard end.geodesicScale21 > 1e-3 else { break }
            let next = azimuth - error / end.geodesicScale21
            guard next > 0, next < 180 else { break }
            azimuth = next
        }
        return bisect(latitude: latitude, radiusMeters: radiusMeters, evaluations: evaluations)
    }

    /// Departure azimuth of the tangent geodesic on a sphere, in degrees: in the right
    /// spherical triangle (pole, center, tangent point), cos(azi1) = tan(sigma) tan(lat). The
    /// parametric latitude and sigma = r / a map the ellipsoid onto its auxiliary sphere closely
    /// enough for Newton's method to start within its quadratic basin.
    static func initialAzimuth(latitude: Double, radiusMeters: Double) -> Double {
        let radians = Double.pi / 180
        let parametric = atan((1 - WGS84.flattening) * tan(latitude * radians))
        let sigma = min(radiusMeters / WGS84.semiMajorAxisMeters, Double.pi / 2 - 1e-9)
        let cosine = max(-0.999_999, min(0.999_999, tan(sigma) * tan(parametric)))
        return acos(cosine) / radians
    }

    /// Fallback: bisection on the sign of azi2 - 90, which rises monotonically from -90 at
    /// azi1 = 0 (due north) to +90 at azi1 = 180 (due south) for a circle without a pole.
    private static func bisect(latitude: Double, radiusMeters: Double, evaluations: Int) -> (degrees: Double, evaluations: Int) {
        let geodesic = WGS84Geodesic.shared
        var low = 0.0, high = 180.0
        var evaluations = evaluations
        var longitude = 0.0
        // 60 halvings of 180 degrees reach 1.6e-16 degrees: the resolution of a double here.
        for _ in 0..<60 {
            let middle = (low + high) / 2
            let end = geodesic.direct(
                latitude: latitude, longitude: 0, azimuth: middle, distance: radiusMeters, unroll: true)
            evaluations += 1
            longitude = end.longitude
            if end.azimuth < 90 { low = middle } else { high = middle }
        }
        return (longitude, evaluations)
    }
}
