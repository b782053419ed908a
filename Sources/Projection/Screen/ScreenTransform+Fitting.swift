import GeoMath

extension ScreenTransform {
    /// The largest scale, in points per Web Mercator metre (a millimetre is a billion
    /// points). A circle of radius 1e-6 m on the largest screen needs about 5e11. The cap keeps
    /// every point, pixel and inverse finite; with the smallest screen (1 point) and the whole
    /// world, the scale is at least 2.5e-8.
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
    /// ``maximumPointsPerMercatorMeter``. The screen is centred on (Xc, Yc), then kept inside
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
        let north = WebMercatorPROJ.forward(longitude: centerLongitude, latitude: bounds.north).y
        let south = WebMercatorPROJ.forward(longitude: centerLongitude, latitude: bounds.south).y
        let world = WebMercator.worldWidthMeters
        let halfWidthMeters: Double
        if bounds.spansAllLongitudes {
            halfWidthMeters = world / 2
        } else {
            let east = WebMercatorPROJ.forward(longitude: bounds.east, latitude: circle.center.latitude).x
            let west = WebMercatorPROJ.forward(longitude: bounds.west, latitude: circle.center.latitude).x
            // Unwrapped around the center: east lies east of it, west west of it, each less
            // than half a world away (a circle's half-width is below 180 degrees).
            halfWidthMeters = max(positiveOffset(east - center.x), positiveOffset(center.x - west))
        }
        let halfHeightMeters = max(north - center.y, center.y - south)

        var scale = Double.infinity
        if halfWidthMeters > 0 { scale = min(scale, widthPoints / 2 / halfWidthMeters) }
        if halfHeightMeters > 0 { scale = min(scale, heightPoints / 2 / halfHeightMeters) }
        if !scale.isFinite || scale <= 0 {
            // Both extents zero cannot come from a valid circle (radius > 0); fall back to the
            // whole world's width rather than divide by zero.
            scale = widthPoints / world
        }
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
        let northmost = WebMercator.worldWidthMeters / 2 - heightPoints / 2 / scale
        return northmost > 0 ? min(max(y, -northmost), northmost) : 0
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

    /// An easting difference taken modulo the world width into [0, W).
    private static func positiveOffset(_ dx: Double) -> Double {
        let r = dx.truncatingRemainder(dividingBy: WebMercator.worldWidthMeters)
        return r < 0 ? r + WebMercator.worldWidthMeters : r
    }
}
