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
///
/// Uniqueness: for radii up to ``singleMaximumRadiusMeters`` (5 000 km) the longitude along the
/// east half of the circle has a single maximum (checked by a dense scan of 593 random circles
/// of up to 5 000 km, many within metres of a pole, with GeographicLib). Circles of nearly a
/// quarter meridian centred within about 0.05 degrees of the equator have two maxima, off the
/// equator, with a minimum between them at azimuth 90. Radii above 5 000 km therefore take a
/// slower path that scans the circle every degree and refines every local maximum. A half-width
/// below ``localMaximumRadians`` is in closed form (see ``localHalfWidthDegrees(latitude:radiusMeters:)``).
enum GeodesicCircleExtent {
    /// Newton's stopping threshold on |azi2 - 90|, in degrees. See the type's comment for why
    /// this bounds the longitude error far below 1e-9 degrees.
    static let azimuthTolerance = 1e-6

    /// Radii up to this many metres have a single eastmost point and take the fast path.
    static let singleMaximumRadiusMeters = 5_000_000.0

    /// Half-width in longitude, in degrees (> 0), of the geodesic circle of radius
    /// `radiusMeters` around a center at `latitude`. The circle must not contain a pole.
    ///
    /// The result is independent of the center's longitude. It is below 180 for every such
    /// circle (at most about 90, as on the sphere, where sin(dLon) = sin(sigma) / cos(lat)).
    static func halfWidthDegrees(latitude: Double, radiusMeters: Double) -> Double {
        halfWidth(latitude: latitude, radiusMeters: radiusMeters).degrees
    }

    /// As ``halfWidthDegrees(latitude:radiusMeters:)``, with the number of geodesic
    /// evaluations it took (for tests and benchmarks).
    static func halfWidth(latitude: Double, radiusMeters: Double) -> (degrees: Double, evaluations: Int) {
        if let degrees = localHalfWidthDegrees(latitude: latitude, radiusMeters: radiusMeters) {
            return (degrees, 0)
        }
        var evaluations = 0
        if radiusMeters > singleMaximumRadiusMeters {
            let degrees = scan(latitude: latitude, radiusMeters: radiusMeters, evaluations: &evaluations)
            return (degrees, evaluations)
        }
        let start = initialAzimuth(latitude: latitude, radiusMeters: radiusMeters)
        if let degrees = newton(
            latitude: latitude, radiusMeters: radiusMeters, start: start, within: 0...180, evaluations: &evaluations)
        {
            return (degrees, evaluations)
        }
        let degrees = bisect(latitude: latitude, radiusMeters: radiusMeters, evaluations: &evaluations)
        return (degrees, evaluations)
    }

    /// Largest half-width, in radians of longitude, solved in closed form instead of by PROJ.
    static let localMaximumRadians = 1e-6

    /// The half-width of a tiny circle in closed form, or nil for a circle too large for it.
    ///
    /// PROJ's direct solution gives the longitude as a difference of angles of order 1, so it
    /// carries an absolute error of a few 1e-16 radians whatever the distance. For a circle of
    /// 1e-10 m that error is the whole half-width: it came out 0.98 times too narrow, 1.6 times
    /// too wide, or negative (a box inverted to every longitude but the circle's). Where the
    /// ellipsoid is locally its tangent plane, with the metric ds^2 = M^2 dlat^2 + N^2 cos^2(lat)
    /// dlon^2 (N the prime vertical radius of curvature), the half-width is r / (N cos(lat)),
    /// with a relative error of the order of (dlon sin(lat))^2 from the curvature of the
    /// parallels: below 1e-12 up to ``localMaximumRadians`` (a circle of 6.4 m on the equator,
    /// 1.1 um at 89.99999 degrees), where PROJ's error is still a few 1e-10 of the half-width.
    static func localHalfWidthDegrees(latitude: Double, radiusMeters: Double) -> Double? {
        let radians = Double.pi / 180
        let sine = sin(latitude * radians)
        let eccentricitySquared = WGS84.flattening * (2 - WGS84.flattening)
        let primeVertical = WGS84.semiMajorAxisMeters / (1 - eccentricitySquared * sine * sine).squareRoot()
        // cos(lat) as sin(90 - |lat|): the subtraction is exact from 45 degrees on, where the
        // cosine of a rounded radian argument would lose up to 1e-9 of itself near a pole.
        let colatitude = 90 - abs(latitude)
        let cosine = abs(latitude) < 45 ? cos(latitude * radians) : sin(colatitude * radians)
        let halfWidth = radiusMeters / (primeVertical * cosine)
        guard halfWidth.isFinite, halfWidth <= localMaximumRadians else { return nil }
        return halfWidth / radians
    }

    /// Newton's method on azi2(azi1) = 90 from `start`, kept inside `interval`. Returns the
    /// longitude of the converged point, or nil when a step leaves the interval, the geodesic
    /// scale is too small to divide by, or 8 steps did not converge.
    private static func newton(
        latitude: Double, radiusMeters: Double, start: Double, within interval: ClosedRange<Double>,
        evaluations: inout Int
    ) -> Double? {
        let geodesic = WGS84Geodesic.shared
        var azimuth = start
        // Quadratic convergence from a good start takes 2-4 steps; the cap only guards against
        // a pathological start, after which the caller's fallback takes over.
        for _ in 0..<8 {
            let end = geodesic.directWithScale(
                latitude: latitude, longitude: 0, azimuth: azimuth, distance: radiusMeters)
            evaluations += 1
            let error = end.azimuth - 90
            if abs(error) < azimuthTolerance { return end.longitude }
            guard end.geodesicScale21 > 1e-3 else { return nil }
            let next = azimuth - error / end.geodesicScale21
            guard next > interval.lowerBound, next < interval.upperBound else { return nil }
            azimuth = next
        }
        return nil
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

    /// Fallback for a single maximum: bisection on the sign of azi2 - 90, which rises from -90
    /// at azi1 = 0 (due north) to +90 at azi1 = 180 (due south) through one root.
    private static func bisect(latitude: Double, radiusMeters: Double, evaluations: inout Int) -> Double {
        let geodesic = WGS84Geodesic.shared
        var low = 0.0, high = 180.0
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
        return longitude
    }

    /// The slow path for large circles: the longitude every degree of departure azimuth, then
    /// each local maximum refined (Newton inside its bracket, golden-section search if Newton
    /// leaves it); the largest wins.
    private static func scan(latitude: Double, radiusMeters: Double, evaluations: inout Int) -> Double {
        let geodesic = WGS84Geodesic.shared
        func longitude(_ azimuth: Double) -> Double {
            evaluations += 1
            return geodesic.direct(
                latitude: latitude, longitude: 0, azimuth: azimuth, distance: radiusMeters, unroll: true
            ).longitude
        }
        let samples = (0...180).map { longitude(Double($0)) }
        var best = samples.max() ?? 0
        for index in 1..<180 where samples[index] > samples[index - 1] && samples[index] >= samples[index + 1] {
            let bracket = Double(index - 1)...Double(index + 1)
            let refined = newton(
                latitude: latitude, radiusMeters: radiusMeters, start: Double(index), within: bracket,
                evaluations: &evaluations)
                ?? goldenSection(in: bracket, longitude)
            best = max(best, refined)
        }
        return best
    }

    /// Maximum of `f` on `interval` by golden-section search, to 1e-10 degrees of azimuth.
    private static func goldenSection(in interval: ClosedRange<Double>, _ f: (Double) -> Double) -> Double {
        let ratio = (5.0.squareRoot() - 1) / 2
        var low = interval.lowerBound, high = interval.upperBound
        var a = high - ratio * (high - low), b = low + ratio * (high - low)
        var fa = f(a), fb = f(b)
        while high - low > 1e-10 {
            if fa < fb {
                low = a; a = b; fa = fb; b = low + ratio * (high - low); fb = f(b)
            } else {
                high = b; b = a; fb = fa; a = high - ratio * (high - low); fa = f(a)
            }
        }
        return max(fa, fb)
    }
}
