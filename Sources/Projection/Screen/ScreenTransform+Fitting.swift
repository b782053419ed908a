import GeoMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension ScreenTransform {
    /// The largest scale, in points per Web Mercator metre (a millimetre is a billion
    /// points). A circle of radius 1e-6 m on the largest screen needs about 5e11. The cap keeps
    /// every point, pixel and inverse finite; with the smallest screen (1 point) and the whole
    /// world, the scale is at least 1 / (2 W) = 1.25e-8 (a circle holding the whole world,
    /// centred on a user at the world's edge, reaches a whole world south of the center).
    public static let maximumPointsPerMercatorMeter: Double = 1e12

    /// The transform that shows a geodesic circle on a screen of `widthPoints` x
    /// `heightPoints`: the preview frame's, and the camera's fit before its zoom limits.
    ///
    /// With Xc, Yc the Mercator coordinates of the circle's center and its bounds projected
    /// (latitudes clamped to +-85.0511287798066, longitudes unwrapped around the center; all
    /// longitudes count as W/2 either way),
    ///
    ///     s = min( (w/2) / max(Xeast - Xc, Xc - Xwest), (h/2) / max(Ynorth - Yc, Yc - Ysouth) )
    ///
    /// (a zero extent never divides: the other dimension decides), capped at
    /// ``maximumPointsPerMercatorMeter``. Below a radius of 0.1 m the two extents are the
    /// radius times the projection's local scale factors at the center, north-south to second
    /// order and ending at the world's edge (differences of projected bounds would lose every
    /// digit); any radius small enough to reach the cap, down
    /// to the subnormal 5e-324 m, gets exactly the cap, at every latitude and longitude. The screen is centred on (Xc, Yc), then kept inside
    /// the world north and south: Yc moves so that neither edge of the screen passes the
    /// world's edge (or to 0 where the whole world is shorter than the screen).
    ///
    /// Polar users: the Web Mercator world ends at +-85.0511287798066 degrees. A circle lying
    /// wholly beyond it (every user within about 550 km of a pole, for the 10 km circle)
    /// would project to a line on the world's edge; the screen then shows the circle of the
    /// same radius around the nearest place the map can show, the user's longitude on that
    /// edge, with the edge along the top (or bottom) of the screen. Pins beyond the edge are
    /// drawn on it.
    static func fitting(_ circle: GeodesicCircle, widthPoints: Double, heightPoints: Double) -> ScreenTransform {
        let circle = shownCircle(circle)
        let bounds = circle.bounds
        let centerLongitude = circle.center.longitude
        let center = WebMercatorPROJ.forward(longitude: centerLongitude, latitude: circle.center.latitude)
        let halfWidthMeters: Double, halfHeightMeters: Double
        if circle.radiusMeters < localScaleRadiusMeters {
            let (east, north) = localHalfExtents(circle)
            halfWidthMeters = east
            // The north-south extent to second order: the side away from the equator reaches
            // further, by the factor 1 + d tan(phi) / 2 (d the circle's reach in latitude from its
            // center in radians, half its latitude extent: Y'' / Y' = tan(phi) for
            // Y = a ln tan(pi/4 + phi/2)), the side towards
            // it less, and a side beyond the world's edge ends there (a polar user's circle,
            // centred on it). To first order only, the two ways of the fit parted by up to
            // 9e-8 at 0.1 m near the poles, where a 16:9 frame's height decides.
            let limit = WebMercator.maximumLatitude
            let latitude = min(max(circle.center.latitude, -limit), limit) * .pi / 180
            let d = north * cos(latitude) / WGS84.semiMajorAxisMeters
            let away = north * (1 + d * abs(tan(latitude)) / 2), towards = north * (1 - d * abs(tan(latitude)) / 2)
            let edge = WebMercatorPROJ.forward(longitude: centerLongitude, latitude: latitude < 0 ? -limit : limit).y
            halfHeightMeters = max(min(away, abs(edge - center.y)), towards)
        } else {
            let north = WebMercatorPROJ.forward(longitude: centerLongitude, latitude: bounds.north).y
            let south = WebMercatorPROJ.forward(longitude: centerLongitude, latitude: bounds.south).y
            let world = WebMercator.worldWidthMeters
            if bounds.spansAllLongitudes {
                halfWidthMeters = world / 2
            } else {
                let east = WebMercatorPROJ.forward(longitude: bounds.east, latitude: circle.center.latitude).x
                let west = WebMercatorPROJ.forward(longitude: bounds.west, latitude: circle.center.latitude).x
                // Unwrapped around the center: east lies east of it, west west of it, each less
                // than half a world away (a circle's half-width is below 180 degrees).
                halfWidthMeters = max(positiveOffset(east - center.x), positiveOffset(center.x - west))
            }
            halfHeightMeters = max(north - center.y, center.y - south)
        }

        // A zero extent never divides: the other dimension decides. Both are zero only for a
        // circle whose extents underflow (a radius near 5e-324 m), and a quotient can overflow
        // for a subnormal extent: the cap below gives the largest scale in both cases.
        var scale = Double.infinity
        if halfWidthMeters > 0 { scale = min(scale, widthPoints / 2 / halfWidthMeters) }
        if halfHeightMeters > 0 { scale = min(scale, heightPoints / 2 / halfHeightMeters) }
        // A circle far smaller than a point (radius 1e-300 m) would ask for a scale whose
        // products overflow; the screen then shows more than the circle, at the largest scale.
        scale = min(scale, maximumPointsPerMercatorMeter)
        return ScreenTransform(
            centerX: center.x, centerY: insideWorld(center.y, heightPoints: heightPoints, scale: scale),
            pointsPerMercatorMeter: scale, widthPoints: widthPoints, heightPoints: heightPoints)
    }

    /// A northing moved so that a screen `heightPoints` tall at `scale` shows nothing beyond
    /// the world north or south; 0 when the world is shorter than the screen.
    static func insideWorld(_ y: Double, heightPoints: Double, scale: Double) -> Double {
        insideWorld(y, north: heightPoints / 2, south: heightPoints / 2, scale: scale)
    }

    /// A northing moved so that a viewport reaching `north` points north and `south` points
    /// south of its center (along the Mercator axes, ``ViewportExtents``) at `scale` shows
    /// nothing beyond the world; where the world is shorter than the viewport, the northing
    /// that centres the world in it ((south - north) / 2s, 0 for a symmetric viewport).
    static func insideWorld(_ y: Double, north: Double, south: Double, scale: Double) -> Double {
        let half = WebMercator.worldWidthMeters / 2
        let northMeters = north / scale, southMeters = south / scale
        var high = half - northMeters
        var low = -half + southMeters
        // Each limit rounded toward the world's edge, so that a screen against the edge shows
        // the edge itself: a place on it (a polar user's own pin) is drawn on the screen's edge
        // or within a northing's last bit inside it, never outside. Rounded to nearest, the
        // limit could fall half a last bit (1.9e-9 m) short, and the user's pin of a 1 mm circle
        // lay 1e-6 to 2.8e-5 points beyond the frame, not in it. (Both differences are exact
        // where it matters, the limit within a factor 2 of the edge: Sterbenz.)
        if half - high > northMeters { high = high.nextUp }
        if low + half > southMeters { low = low.nextDown }
        return low < high ? min(max(y, low), high) : (low + high) / 2
    }

    /// The circle the screen shows for `circle`: itself, or, when it lies wholly beyond the
    /// Web Mercator world, the circle of the same radius around the user's longitude on the
    /// world's edge.
    static func shownCircle(_ circle: GeodesicCircle) -> GeodesicCircle {
        let limit = WebMercator.maximumLatitude
        let bounds = circle.bounds
        guard bounds.south >= limit || bounds.north <= -limit else { return circle }
        let edge = bounds.south >= limit ? limit : -limit
        guard let center = try? Coordinate(latitude: edge, longitude: circle.center.longitude),
              let shown = try? GeodesicCircle(center: center, radiusMeters: circle.radiusMeters)
        else { return circle }
        return shown
    }

    /// Below this radius the fit takes the circle's extents from the local scale factors of
    /// the projection instead of differences of projected bounds. Bounds a few millimetres
    /// apart differ from the center in the last digits of a degree (about 1e-9 m), so their
    /// differences lose all precision for radii near 1e-9 m and vanish below; that once made a
    /// circle of 1e-12 m in Paris show the whole world. At 0.1 m both ways agree within 4e-8
    /// at every latitude near the prime meridian and within 1e-7 at every longitude (the local
    /// extents taken to second order north-south, their error then growing as
    /// (radius / 6 400 km)^2 tan(latitude), the differences' as 1e-9 m / radius, or 3.7e-9 m,
    /// an easting's last bit, / radius near the antimeridian).
    static let localScaleRadiusMeters: Double = 0.1

    /// The half extents, in Mercator metres east-west and north-south, of a circle small
    /// enough for the projection to be linear across it: the radius times Web Mercator's
    /// local scale factors on the ellipsoid at the center's latitude φ (clamped to the world),
    ///
    ///     east-west   k = sqrt(1 - e² sin²φ) / cos φ            (a / (N cos φ))
    ///     north-south h = (1 - e² sin²φ)^(3/2) / ((1 - e²) cos φ)  (a / (ρ cos φ))
    ///
    /// with N and ρ the prime-vertical and meridian radii of curvature: EPSG:3857 applies the
    /// sphere of radius a to geodetic latitudes, so its two scales differ.
    static func localHalfExtents(_ circle: GeodesicCircle) -> (east: Double, north: Double) {
        let limit = WebMercator.maximumLatitude
        let latitude = min(max(circle.center.latitude, -limit), limit) * .pi / 180
        let e2 = WGS84.flattening * (2 - WGS84.flattening)
        let sine = sin(latitude), cosine = cos(latitude)
        let w2 = 1 - e2 * sine * sine
        let w = w2.squareRoot()
        let east = w / cosine
        let north = w2 * w / ((1 - e2) * cosine)
        return (circle.radiusMeters * east, circle.radiusMeters * north)
    }

    /// An easting difference taken modulo the world width into [0, W).
    private static func positiveOffset(_ dx: Double) -> Double {
        let r = dx.truncatingRemainder(dividingBy: WebMercator.worldWidthMeters)
        return r < 0 ? r + WebMercator.worldWidthMeters : r
    }
}
