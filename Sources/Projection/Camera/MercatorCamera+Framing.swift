import GeoMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What ``MercatorCamera/fit(_:padding:bearing:zoomSnap:)`` shows.
public enum CameraFitTarget: Hashable, Sendable {
    /// A geodesic circle (the 10 km around the user), as the continuous curve on the WGS84
    /// ellipsoid, not a polygon of it.
    case region(GeodesicCircle)
    /// A latitude/longitude box (west > east across the antimeridian).
    case bounds(CoordinateBounds)
    /// Places: the smallest arc of longitudes holding them all is used, so a set on both
    /// sides of +-180 is fitted across the antimeridian.
    case coordinates([Coordinate])
    /// Projected pins, as ``coordinates(_:)``.
    case pins(ProjectedPins)
}

/// Zoom snapping for fits: the fitted zoom is rounded down to a multiple of ``step`` (Leaflet's
/// `zoomSnap`; 1 gives integer zooms, so raster tiles draw at their native size).
public struct ZoomSnap: Hashable, Sendable {
    /// The step in zoom levels, in (0, 22].
    public let step: Double

    /// Integer zoom levels.
    public static let integer = ZoomSnap(uncheckedStep: 1)

    /// Snapping to multiples of `step` zoom levels (0.5, 0.25, ...).
    ///
    /// - Throws: `GeometryError/invalidZoomStep(_:)`.
    public init(step: Double) throws(GeometryError) {
        guard step.isFinite, step > 0, step <= 22 else { throw .invalidZoomStep(step) }
        self.init(uncheckedStep: step)
    }

    private init(uncheckedStep step: Double) { self.step = step }

    /// A zoom rounded down to a multiple of the step. A zoom within 1e-12 levels below a
    /// multiple counts as on it (the rounding of log2 must not lose a whole step; 1e-12
    /// levels moves a point of a 1 000 000-point screen by 7e-7 points). A fit allows as much
    /// as its 1e-6-point containment permits on its rectangle (log2(1 + 1e-6 / size) levels,
    /// size the padded rectangle's larger side: 1.7e-9 on a 390 x 844 phone).
    public func snapped(_ zoom: Double) -> Double {
        snapped(zoom, toleranceLevels: 1e-12)
    }

    /// A zoom rounded down to a multiple of the step, a zoom within `toleranceLevels` below a
    /// multiple counting as on it.
    func snapped(_ zoom: Double, toleranceLevels: Double) -> Double {
        let multiples = ((zoom + toleranceLevels) / step).rounded(.down)
        // (A step so fine that the zoom holds 2^53 multiples or more, 5e-324 or 1e-308: they
        // are finer than the zoom's own last bit, so the zoom is on one already. Their count
        // overflowed to infinity, and a fit went to the maximum zoom.)
        guard multiples.isFinite, abs(multiples) < 0x1p53 else { return zoom }
        return multiples * step
    }
}

extension MercatorCamera {
    // MARK: - Jump

    /// Sets the center, zoom and bearing directly (each optional: nil keeps the current one).
    /// The center's latitude beyond +-85.0511287798066 is clamped as the initializer clamps
    /// it, the zoom clamped into the limits, and the constraints (world edge, camera bounds)
    /// apply: a jump outside the bounds is constrained into them, not rejected. Like the
    /// initializer, the jump's values become the state a resize derives the view from.
    ///
    /// - Throws: `GeometryError/invalidZoom(name:value:minimum:maximum:)` for a zoom that is
    ///   not finite; `GeometryError/invalidBearing(name:value:)` for a bearing that is not
    ///   finite. The camera is then unchanged.
    public mutating func jump(center: Coordinate? = nil, zoom: Double? = nil, bearing: Double? = nil) throws(GeometryError) {
        try jump(center: center.map { MercatorPoint($0) }, zoom: zoom, bearing: bearing)
    }

    /// ``jump(center:zoom:bearing:)-(Coordinate?,_,_)`` to a Web Mercator center.
    ///
    /// - Throws: As ``jump(center:zoom:bearing:)-(Coordinate?,_,_)``.
    public mutating func jump(center: MercatorPoint?, zoom: Double? = nil, bearing: Double? = nil) throws(GeometryError) {
        if let zoom, !zoom.isFinite {
            throw .invalidZoom(name: "zoom", value: zoom, minimum: limits.minimumZoom, maximum: limits.maximumZoom)
        }
        if let bearing, !bearing.isFinite { throw .invalidBearing(name: "bearing", value: bearing) }
        if let center {
            (requestedX, requestedY) = Self.onWorld(center)
        } else {
            (requestedX, requestedY) = (centerX, centerY)
        }
        requestedZoom = limits.clamp(zoom ?? self.zoom)
        if let bearing { self.bearing = MapBearing.wrapped(bearing) }
        rotationPivot = nil
        deriveShown()
    }

    // MARK: - Insets and bounds

    /// What changing the insets keeps.
    public enum InsetsChange: String, Hashable, Sendable, Codable, CaseIterable {
        /// The coordinate at the focal point stays the camera's center: the content shifts to
        /// the new focal point (MapLibre's `setPadding`).
        case center
        /// What is on screen stays where it is: the center becomes the place under the new
        /// focal point.
        case content
    }

    /// Sets the edge insets (the legend overlay, a bottom sheet): the focal point moves to the
    /// middle of the new unobstructed rectangle. With ``InsetsChange/center`` the center and
    /// zoom the last gesture chose are kept (so setting the old insets back restores the
    /// camera exactly, but for a rotation run in progress, which any insets change ends); with
    /// ``InsetsChange/content`` the place under the new focal point becomes the center, so
    /// nothing on screen moves. The constraints then apply.
    ///
    /// - Throws: `GeometryError/invalidInsets(top:left:bottom:right:width:height:)` when the
    ///   insets leave less than one point of this screen unobstructed either way. The camera
    ///   is then unchanged.
    public mutating func setInsets(_ insets: ScreenInsets, keeping: InsetsChange = .center) throws(GeometryError) {
        try insets.validate(widthPoints: widthPoints, heightPoints: heightPoints)
        let before = transform
        self.insets = insets
        rotationPivot = nil
        if keeping == .content {
            layOut()
            // The Mercator point now drawn at the new focal point (not clamped to the world:
            // the constraints below move the center back onto it if it needs to).
            let (east, south) = before.unrotated(focalPoint)
            requestedX = WebMercator.wrappedEasting(
                before.centerX + ScreenTransform.eastingOffset(east, pointsPerMercatorMeter: before.pointsPerMercatorMeter))
            let half = WebMercator.worldWidthMeters / 2
            requestedY = min(max(before.centerY - south / before.pointsPerMercatorMeter, -half), half)
            requestedZoom = zoom
        }
        deriveShown()
    }

    /// Sets or clears (nil) the camera bounds; the center and zoom the last gesture chose are
    /// kept and constrained into them, so clearing them again restores the camera exactly (but
    /// for a rotation run in progress, which setting them ends).
    public mutating func setBounds(_ bounds: CameraBounds?) {
        self.bounds = bounds
        rotationPivot = nil
        deriveShown()
    }

    // MARK: - Fit

    /// Shows a region, a box or a set of places as large as the unobstructed rectangle allows,
    /// at a bearing (MapLibre's `fitBounds`, MapKit's `showAnnotations`).
    ///
    /// The rectangle is the screen inside ``effectiveInsets``, shrunk by `padding` on every
    /// side. At bearing b, the shape's extents along the screen's axes are its support
    /// function in two directions: for Mercator offsets (dX, dY) from any reference,
    ///
    ///     a = cos(b) dX - sin(b) dY     (screen x, points per metre left out)
    ///     c = -sin(b) dX - cos(b) dY    (screen y, down)
    ///
    /// maximised and minimised over the shape. The scale is
    /// s = min(rectangle width / (a_max - a_min), rectangle height / (c_max - c_min)) points
    /// per Mercator metre (a zero extent never divides; capped at
    /// ``ScreenTransform/maximumPointsPerMercatorMeter``), the zoom log2(s W / 256), clamped
    /// into the limits and, with `zoomSnap`, rounded down to its step. The center is the shape's
    /// middle along both axes, ((a_min + a_max) / 2, (c_min + c_max) / 2) mapped back by the
    /// same matrix (it is its own inverse), and is drawn at the focal point, the middle of the
    /// rectangle. So every point of the shape lies inside the rectangle (to 1e-6 points) and
    /// the limiting axis is filled exactly, unless the limits, the snapping, the world edge or
    /// the camera bounds changed the fitted view.
    ///
    /// The shape is the rotated box's corners for a box; the points, for places and pins;
    /// for a geodesic circle, its continuous boundary: at bearings that are multiples of 90
    /// degrees its closed-form latitude and longitude extremes, otherwise each extreme is found
    /// over the azimuth from the center (32 samples, each local maximum refined by a
    /// search (Brent's method) to 1e-9 degrees of azimuth, where the extent has converged to
    /// far below a nanometre), with boundary points beyond the Mercator world taken on its edge. A circle
    /// around a pole, or spanning every longitude, is fitted as its bounding box within the
    /// world; a circle wholly beyond the world (a user within about 550 km of a pole) as the
    /// preview shows it, around the nearest place on the world's edge.
    ///
    /// - Parameters:
    ///   - target: What to show.
    ///   - padding: Extra space on every side of the unobstructed rectangle, in points, >= 0.
    ///   - bearing: The bearing to fit at, in degrees (nil keeps the current one).
    ///   - zoomSnap: Rounds the zoom down to a step (nil: no snapping).
    /// - Throws: `GeometryError/invalidPadding(_:maximum:)`,
    ///   `GeometryError/invalidBearing(name:value:)` or `GeometryError/emptyFitTarget`; the
    ///   camera is then unchanged.
    public mutating func fit(
        _ target: CameraFitTarget, padding: Double = 0, bearing: Double? = nil, zoomSnap: ZoomSnap? = nil
    ) throws(GeometryError) {
        let newBearing: Double
        if let bearing {
            guard bearing.isFinite else { throw .invalidBearing(name: "bearing", value: bearing) }
            newBearing = MapBearing.wrapped(bearing)
        } else {
            newBearing = self.bearing
        }
        let width = widthPoints - effectiveInsets.left - effectiveInsets.right
        let height = heightPoints - effectiveInsets.top - effectiveInsets.bottom
        let maximumPadding = max((min(width, height) - 1) / 2, 0)
        guard padding.isFinite, padding >= 0, padding <= maximumPadding else {
            throw .invalidPadding(padding, maximum: maximumPadding)
        }
        let (sin, cos) = MapBearing.sinCos(degrees: newBearing)
        let extent = try Self.extent(of: target, sin: sin, cos: cos)
        var scale = Double.infinity
        let spanA = extent.maxA - extent.minA, spanC = extent.maxC - extent.minC
        if spanA > 0 { scale = min(scale, (width - 2 * padding) / spanA) }
        if spanC > 0 { scale = min(scale, (height - 2 * padding) / spanC) }
        scale = min(scale, ScreenTransform.maximumPointsPerMercatorMeter)
        var zoom = limits.clamp(Self.zoom(pointsPerMercatorMeter: scale))
        if let zoomSnap {
            // A fit that lands just below a multiple of the step (the rounding of degrees and
            // logarithms: 3e-10 levels for a camera's own visible bounds) counts as on it when
            // rounding up overshoots the rectangle by at most 1e-6 points, the fit's guarantee:
            // an extent of e points grows by e (2^d - 1) for d levels.
            let largest = max(width, height) - 2 * padding
            let tolerance = max(1e-12, log2(1 + 1e-6 / largest))
            zoom = limits.clamp(zoomSnap.snapped(zoom, toleranceLevels: tolerance))
        }
        // The middle of the extents, mapped back to Mercator offsets by the same matrix.
        let middleA = (extent.minA + extent.maxA) / 2, middleC = (extent.minC + extent.maxC) / 2
        let dX = cos * middleA - sin * middleC
        let dY = -sin * middleA - cos * middleC
        let half = WebMercator.worldWidthMeters / 2
        requestedX = WebMercator.wrappedEasting(extent.originX + dX)
        requestedY = min(max(extent.originY + dY, -half), half)
        requestedZoom = zoom
        self.bearing = newBearing
        rotationPivot = nil
        deriveShown()
    }

    /// A shape's extents along the screen axes at a bearing, as offsets from an origin in
    /// Mercator metres (a: screen x, c: screen y down; see ``fit(_:padding:bearing:zoomSnap:)``).
    struct FitExtent {
        var originX: Double
        var originY: Double
        var minA = Double.infinity, maxA = -Double.infinity
        var minC = Double.infinity, maxC = -Double.infinity

        mutating func add(dX: Double, dY: Double, sin: Double, cos: Double) {
            let a = cos * dX - sin * dY
            let c = -sin * dX - cos * dY
            minA = min(minA, a)
            maxA = max(maxA, a)
            minC = min(minC, c)
            maxC = max(maxC, c)
        }
    }

    static func extent(of target: CameraFitTarget, sin: Double, cos: Double) throws(GeometryError) -> FitExtent {
        switch target {
        case .bounds(let box):
            return boxExtent(box, sin: sin, cos: cos)
        case .coordinates(let coordinates):
            guard !coordinates.isEmpty else { throw .emptyFitTarget }
            let (eastings, northings) = WebMercator.projectValid(coordinates)
            return pointsExtent(eastings: eastings, northings: northings, sin: sin, cos: cos)
        case .pins(let pins):
            guard pins.count > 0 else { throw .emptyFitTarget }
            return pointsExtent(eastings: pins.eastings, northings: pins.northings, sin: sin, cos: cos)
        case .region(let circle):
            let shown = ScreenTransform.shownCircle(circle)
            if shown.containsNorthPole || shown.containsSouthPole || shown.bounds.spansAllLongitudes || sin == 0 || cos == 0 {
                return boxExtent(shown.bounds, sin: sin, cos: cos)
            }
            return circleExtent(shown, sin: sin, cos: cos)
        }
    }

    /// A box's extents: its four Mercator corners (latitudes within the world, the east edge
    /// unwrapped past the west one across the antimeridian), from its south-west corner.
    static func boxExtent(_ box: CoordinateBounds, sin: Double, cos: Double) -> FitExtent {
        let bounds = CameraBounds(box)
        var extent = FitExtent(originX: bounds.westX, originY: bounds.southY)
        let width = bounds.eastX - bounds.westX, height = bounds.northY - bounds.southY
        for (dX, dY) in [(0, 0), (width, 0), (0, height), (width, height)] {
            extent.add(dX: dX, dY: dY, sin: sin, cos: cos)
        }
        return extent
    }

    /// Points' extents, eastings unwrapped across the largest gap between them (the smallest
    /// arc of the world holding them all), from the arc's western end.
    static func pointsExtent(eastings: [Double], northings: [Double], sin: Double, cos: Double) -> FitExtent {
        let world = WebMercator.worldWidthMeters
        let sorted = eastings.sorted()
        // The largest gap, the one across the antimeridian included; the arc starts after it.
        var start = sorted[0]
        var largestGap = sorted[0] + world - sorted[sorted.count - 1]
        for index in 1..<sorted.count where sorted[index] - sorted[index - 1] > largestGap {
            largestGap = sorted[index] - sorted[index - 1]
            start = sorted[index]
        }
        var extent = FitExtent(originX: start, originY: 0)
        for index in eastings.indices {
            var dX = eastings[index] - start
            if dX < 0 { dX += world }
            extent.add(dX: dX, dY: northings[index], sin: sin, cos: cos)
        }
        return extent
    }

    /// A geodesic circle's extents: the support function of its continuous boundary in the
    /// four screen directions, over the azimuth from the center.
    static func circleExtent(_ circle: GeodesicCircle, sin: Double, cos: Double) -> FitExtent {
        let center = MercatorPoint(circle.center)
        let half = WebMercator.worldWidthMeters / 2
        // The boundary point at an azimuth, as (a, c) offsets from the center.
        func point(_ azimuth: Double) -> (a: Double, c: Double) {
            guard let boundary = try? circle.center.coordinate(at: circle.radiusMeters, facing: azimuth) else { return (0, 0) }
            let projected = WebMercatorPROJ.forward(
                longitude: boundary.longitude, latitude: WebMercator.clampedLatitude(boundary.latitude))
            let dX = WebMercator.nearestCopyOffset(projected.x - center.x)
            let dY = min(max(projected.y, -half), half) - center.y
            return (cos * dX - sin * dY, -sin * dX - cos * dY)
        }
        let samples = 32
        let step = 360.0 / Double(samples)
        let values = (0..<samples).map { point(Double($0) * step) }
        var extent = FitExtent(originX: center.x, originY: center.y)
        // Each of the four directions: the largest value of a, -a, c, -c.
        let directions: [((a: Double, c: Double)) -> Double] = [{ $0.a }, { -$0.a }, { $0.c }, { -$0.c }]
        var best = [Double](repeating: -.infinity, count: 4)
        for (index, direction) in directions.enumerated() {
            for sample in 0..<samples {
                let value = direction(values[sample])
                let previous = direction(values[(sample + samples - 1) % samples])
                let next = direction(values[(sample + 1) % samples])
                guard value >= previous, value >= next else { continue }
                let refined = brentMaximum(
                    from: Double(sample - 1) * step, to: Double(sample + 1) * step) { direction(point($0)) }
                best[index] = max(best[index], refined, value)
            }
        }
        extent.maxA = best[0]
        extent.minA = -best[1]
        extent.maxC = best[2]
        extent.minC = -best[3]
        return extent
    }

    /// The largest value of `f` on [a, b], for a smooth `f` with one maximum there, by Brent's
    /// method (golden-section steps safeguarding parabolic interpolation; Brent 1973, ch. 5),
    /// to an interval of 1e-9 (degrees of azimuth here: the extent then differs from the true
    /// maximum by about radius x (1e-9 degrees in radians)^2 / 2, below 1e-19 of the radius).
    /// The largest value seen is returned, so it is never below f at the best sample.
    static func brentMaximum(from a: Double, to b: Double, _ f: (Double) -> Double) -> Double {
        let golden = (3 - 5.0.squareRoot()) / 2
        let tolerance = 1e-9
        var low = a, high = b
        var x = low + golden * (high - low)
        var w = x, v = x
        var fx = f(x)
        var fw = fx, fv = fx
        var step = 0.0, previousStep = 0.0
        for _ in 0..<100 {
            let middle = (low + high) / 2
            if abs(x - middle) <= 2 * tolerance - (high - low) / 2 { break }
            var useGolden = true
            if abs(previousStep) > tolerance {
                // The parabola through (x, fx), (w, fw), (v, fv); its vertex, if it lies inside
                // the interval and moves less than half the step before last.
                let r = (x - w) * (fx - fv)
                var q = (x - v) * (fx - fw)
                var p = (x - v) * q - (x - w) * r
                q = 2 * (q - r)
                if q > 0 { p = -p }
                q = abs(q)
                if abs(p) < abs(q * previousStep / 2), p > q * (low - x), p < q * (high - x) {
                    previousStep = step
                    step = p / q
                    useGolden = false
                    if (x + step) - low < 2 * tolerance || high - (x + step) < 2 * tolerance {
                        step = x < middle ? tolerance : -tolerance
                    }
                }
            }
            if useGolden {
                previousStep = (x < middle ? high : low) - x
                step = golden * previousStep
            }
            let u = abs(step) >= tolerance ? x + step : x + (step > 0 ? tolerance : -tolerance)
            let fu = f(u)
            if fu >= fx {
                if u < x { high = x } else { low = x }
                (v, fv) = (w, fw)
                (w, fw) = (x, fx)
                (x, fx) = (u, fu)
            } else {
                if u < x { low = u } else { high = u }
                if fu >= fw || w == x {
                    (v, fv) = (w, fw)
                    (w, fw) = (u, fu)
                } else if fu >= fv || v == x || v == w {
                    (v, fv) = (u, fu)
                }
            }
        }
        return fx
    }
}
