import GeoMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An animated move of a ``MercatorCamera`` from a start to a target, as a value: the camera
/// at any time is a pure function of that time (``state(atSeconds:)``, ``state(atFraction:)``),
/// and the renderer owns the clock.
///
/// The target is the start camera with ``MercatorCamera/jump(center:zoom:bearing:)-(MercatorPoint?,_,_)``
/// (and optionally ``MercatorCamera/setInsets(_:keeping:)``; an insets change alone is that
/// setInsets only, with no jump) applied, built once: the zoom is
/// clamped into the limits and the constraints (world edge, camera bounds) apply, so the path
/// aims at the constrained target. Every intermediate state is a camera with the same size,
/// limits and bounds, whose requested center, zoom, bearing and insets lie on the path; the
/// constraints apply to it as to any jump, so they are part of the path and the camera never
/// jumps where a limit binds.
///
/// Exactness: at t <= 0 (and for a NaN time) the state is the start camera and at t >= the
/// duration the target camera, both bit for bit (the stored values themselves). Between, the
/// zoom stays within the limits; no state holds NaN or infinity for any finite input.
///
/// A resize during the transition (the phone turned mid-flight): resize each state as it is
/// drawn, `var camera = transition.state(atSeconds: t); camera.resize(widthPoints: w,
/// heightPoints: h)`. A resize keeps the requested center, zoom and bearing, which are the
/// path's, so the motion goes on as it was, without a jump, and ends at the target resized;
/// the constraints apply for the new size. Adopt the last state when the transition ends.
///
/// Reduced motion: a duration of 0 (``Kind/ease(duration:easing:)`` with 0, or
/// `reducedMotion: true`, which makes any kind's duration 0) gives the start at t <= 0 and
/// the target at every t > 0.
public struct CameraTransition: Hashable, Sendable {
    /// How the fraction of the duration elapsed maps to the fraction of the move done.
    public enum Easing: Hashable, Sendable {
        /// The identity: constant speed.
        case linear
        /// A CSS cubic Bezier timing function through (0, 0), (x1, y1), (x2, y2), (1, 1).
        /// x1 and x2 must lie in [0, 1] (so that x(t) is monotone and the curve a function of
        /// time), y1 and y2 in [0, 1] too (so that an eased zoom never overshoots its target).
        case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)

        /// MapLibre's default easing (`defaultEasing`), cubic-bezier(0.25, 0.1, 0.25, 1): the
        /// CSS `ease` curve.
        public static let `default` = Easing.cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)

        /// The eased fraction for a fraction `f` of the duration: 0 for f <= 0 (and NaN), 1 for
        /// f >= 1, within [0, 1] and non-decreasing in between. For a Bezier, x(t) = f is solved
        /// for the curve parameter t by Newton's method, falling back to bisection, to 1e-12.
        @inlinable
        public func callAsFunction(_ f: Double) -> Double {
            guard f > 0 else { return 0 }
            guard f < 1 else { return 1 }
            switch self {
            case .linear:
                return f
            case .cubicBezier(let x1, let y1, let x2, let y2):
                return Self.bezier(f, x1: x1, y1: y1, x2: x2, y2: y2)
            }
        }

        /// y(t) where x(t) = f, 0 < f < 1 (the polynomial form of WebKit's UnitBezier).
        @usableFromInline
        static func bezier(_ f: Double, x1: Double, y1: Double, x2: Double, y2: Double) -> Double {
            // x(t) = ((ax t + bx) t + cx) t, the Bernstein form 3(1-t)^2 t x1 + 3(1-t) t^2 x2 + t^3
            // expanded; likewise y.
            let cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx
            let cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by
            @inline(__always) func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
            @inline(__always) func slope(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
            let tolerance = 1e-12
            var t = f
            var solved = false
            // Newton from t = f (x(t) = t for the linear curve): quadratic convergence where
            // the slope is not small; 8 steps reach 1e-12 on every curve with a usable slope.
            for _ in 0..<8 {
                let error = x(t) - f
                if abs(error) < tolerance { solved = true; break }
                let d = slope(t)
                if abs(d) < 1e-6 { break }
                t -= error / d
                if !(t >= 0 && t <= 1) { break }
            }
            if !solved {
                // Bisection on [0, 1], where x is monotone (x1, x2 in [0, 1]): about 40 halvings.
                var low = 0.0, high = 1.0
                t = f
                while high - low > tolerance {
                    let value = x(t)
                    if abs(value - f) < tolerance { break }
                    if value < f { low = t } else { high = t }
                    t = (low + high) / 2
                }
            }
            let y = ((ay * t + by) * t + cy) * t
            return min(max(y, 0), 1)
        }

        /// Checks the control points.
        func validate() throws(GeometryError) {
            guard case .cubicBezier(let x1, let y1, let x2, let y2) = self else { return }
            for (name, value) in [("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)] where !(value >= 0 && value <= 1) {
                throw .invalidTransition(name: "easing control point \(name)", value: value, expected: "a number in [0, 1]")
            }
        }
    }

    /// The kind of motion.
    public enum Kind: Hashable, Sendable {
        /// Zoom linear in the eased fraction; the center linear in Web Mercator metres in the
        /// eased fraction, the short way across +-180 (within camera bounds wider than half the
        /// world that do not hold the short way, the way inside them); the bearing the short
        /// way; insets linear. `duration` in seconds, finite and >= 0 (MapLibre's `easeTo` default 0.5 s).
        case ease(duration: Double = 0.5, easing: Easing = .default)
        /// van Wijk and Nuij (2003), "Smooth and efficient zooming and panning", as MapLibre's
        /// `flyTo` uses it: `curve` is rho (MapLibre 1.42), `speed` V in screenfuls per second
        /// (MapLibre 1.2), duration S / V seconds. A flight longer than `maxDuration` seconds
        /// becomes an ease of that duration with the default easing. `easing` maps the time
        /// fraction to the path parameter s / S (linear: van Wijk's constant speed V; MapLibre
        /// applies its default easing here). Bearing and insets move linearly in the eased
        /// fraction, the bearing the short way. Where the arc would go below the lowest zoom
        /// the camera may show (its minimum, the world's edge, the bounds), rho is reduced to
        /// sqrt(2 wm / u1) as MapLibre does, wm the larger side at that zoom. A move too small
        /// to show (the center under 2e-6 points, the larger side's change under 1e-6 points)
        /// is no move: a bearing or insets change then eases in 0.5 s, as with none.
        case fly(curve: Double = 1.42, speed: Double = 1.2, maxDuration: Double? = nil, easing: Easing = .linear)
    }

    /// The camera at t = 0.
    public let start: MercatorCamera
    /// The camera at t >= ``durationSeconds``: the start with the jump applied.
    public let target: MercatorCamera
    /// The duration in seconds: finite, >= 0.
    public let durationSeconds: Double

    /// The path actually followed (a fly too long for its maximum is an ease).
    @usableFromInline let path: Path

    @usableFromInline
    enum Path: Hashable, Sendable {
        /// Eased linear interpolation.
        case ease(Easing)
        /// The van Wijk-Nuij path: r0, r1 = -asinh(b0), -asinh(b1), S = (r1 - r0) / rho.
        case fly(rho: Double, r0: Double, r1: Double, length: Double, easing: Easing)
        /// The center (next to) does not move: w(s) = w0 exp(k rho s), S = |ln(w1 / w0)| / rho.
        /// The tiny move, if any, is made linearly in s / S.
        case zoomOnly(rho: Double, k: Double, length: Double, easing: Easing)
        /// The zoom linear in the eased fraction about a screen point held fixed.
        case zoomAbout(anchorX: Double, anchorY: Double, easing: Easing)
    }

    // The move, precomputed: start values and differences (easting the short way or the way
    // inside the camera bounds, bearing the short way).
    @usableFromInline let x0: Double
    @usableFromInline let y0: Double
    @usableFromInline let z0: Double
    @usableFromInline let dx: Double
    @usableFromInline let dy: Double
    @usableFromInline let dz: Double
    @usableFromInline let b0: Double
    @usableFromInline let db: Double

    // MARK: - Creating a transition

    /// A transition from `start` to a Web Mercator center, zoom, bearing and insets (each
    /// optional: nil keeps the start's).
    ///
    /// - Parameters:
    ///   - start: The camera at t = 0.
    ///   - center: The target center (latitude beyond +-85.0511287798066 clamped, then the
    ///     constraints apply, as in a jump).
    ///   - zoom: The target zoom, finite; clamped into the limits.
    ///   - bearing: The target bearing in degrees, finite.
    ///   - insets: The target edge insets (the center is kept, as ``MercatorCamera/InsetsChange/center``).
    ///     With no center, zoom or bearing, the target keeps what the last gesture chose, as
    ///     ``MercatorCamera/setInsets(_:keeping:)`` does: easing the insets there and back gives
    ///     the start camera (`==`, but for a rotation run in progress, which the insets change
    ///     ends), and a later resize derives the view as it would have.
    ///   - kind: Ease (default) or fly.
    ///   - reducedMotion: Whether to make the duration 0 (the target at every t > 0).
    /// - Throws: `GeometryError/invalidZoom(name:value:minimum:maximum:)`,
    ///   `GeometryError/invalidBearing(name:value:)`, `GeometryError/invalidInsets(top:left:bottom:right:width:height:)`
    ///   for target values as ``MercatorCamera/jump(center:zoom:bearing:)-(MercatorPoint?,_,_)``
    ///   and ``MercatorCamera/setInsets(_:keeping:)`` throw them;
    ///   `GeometryError/invalidTransition(name:value:expected:)` for a duration or maximum
    ///   duration that is not a finite number of seconds >= 0, a curve or speed that is not a
    ///   finite number > 0 (or, with no maximum duration, so small that the fly's path or
    ///   duration would not be finite: a curve or speed of 5e-324), or an easing control point
    ///   outside [0, 1].
    public init(
        from start: MercatorCamera, center: MercatorPoint?, zoom: Double? = nil, bearing: Double? = nil,
        insets: ScreenInsets? = nil, kind: Kind = .ease(), reducedMotion: Bool = false
    ) throws(GeometryError) {
        var target = start
        if let insets { try target.setInsets(insets, keeping: .center) }
        // An insets change alone (a sheet or the keyboard sliding in) keeps what the last
        // gesture chose, as setInsets(_:keeping: .center) does: a jump to nothing would make
        // the shown view the chosen one, and where the size or the bounds had forced the view
        // (a portrait phone at zoom 0 shows 1.72), a sheet eased up and down left the camera
        // at 1.72 and the phone turned to landscape then showed 1.72 instead of 0.61.
        if insets == nil || center != nil || zoom != nil || bearing != nil {
            try target.jump(center: center, zoom: zoom, bearing: bearing)
        }
        try self.init(from: start, to: target, kind: kind, reducedMotion: reducedMotion)
    }

    /// A transition from `start` to a coordinate, zoom, bearing and insets (each optional);
    /// see ``init(from:center:zoom:bearing:insets:kind:reducedMotion:)-(_,MercatorPoint?,_,_,_,_,_)``.
    ///
    /// - Throws: As ``init(from:center:zoom:bearing:insets:kind:reducedMotion:)-(_,MercatorPoint?,_,_,_,_,_)``.
    public init(
        from start: MercatorCamera, center: Coordinate? = nil, zoom: Double? = nil, bearing: Double? = nil,
        insets: ScreenInsets? = nil, kind: Kind = .ease(), reducedMotion: Bool = false
    ) throws(GeometryError) {
        try self.init(
            from: start, center: center.map { MercatorPoint($0) }, zoom: zoom, bearing: bearing, insets: insets,
            kind: kind, reducedMotion: reducedMotion)
    }

    /// A zoom about a screen point: an animated double-tap, a zoom button, a wheel step at the
    /// pointer. The coordinate under `anchor` stays under it at every t (to 1e-6 points; only
    /// the world edge and the camera bounds may move it, as for a pinch), the zoom moves
    /// linearly in the eased fraction, and the target is exactly what
    /// ``MercatorCamera/pinch(scale:anchor:)`` to that zoom gives: the zoom clamped into the
    /// limits (the lowest zoom the world edge and the bounds allow included), the bearing and
    /// insets kept.
    ///
    /// - Parameters:
    ///   - start: The camera at t = 0.
    ///   - zoom: The target zoom, finite (clamped).
    ///   - anchor: The screen point held, within the camera's one-screen margin.
    ///   - duration: Seconds, finite and >= 0 (MapLibre's double-click zoom: 0.3 s).
    ///   - easing: The easing of the zoom (MapLibre's default).
    ///   - reducedMotion: Whether to make the duration 0.
    /// - Throws: `GeometryError/invalidZoom(name:value:minimum:maximum:)` for a zoom that is not
    ///   finite, `GeometryError/invalidScreenPoint(name:x:y:xRange:yRange:)` for an anchor
    ///   beyond the margin, `GeometryError/invalidTransition(name:value:expected:)` for a
    ///   duration or easing as ``init(from:center:zoom:bearing:insets:kind:reducedMotion:)-(_,MercatorPoint?,_,_,_,_,_)``.
    public init(
        from start: MercatorCamera, zoom: Double, around anchor: ScreenPoint, duration: Double = 0.3,
        easing: Easing = .default, reducedMotion: Bool = false
    ) throws(GeometryError) {
        guard zoom.isFinite else {
            throw .invalidZoom(name: "zoom", value: zoom, minimum: start.limits.minimumZoom, maximum: start.limits.maximumZoom)
        }
        try start.transform.validate(anchor, name: "zoom anchor")
        var target = start
        target.zoom(to: start.limits.clamp(zoom), around: anchor)
        try self.init(
            from: start, to: target, kind: .ease(duration: duration, easing: easing), reducedMotion: reducedMotion, anchor: anchor)
    }

    /// An animated double-tap: one zoom level in (the scale doubles) about the tapped point in
    /// `duration` seconds, the tapped coordinate held under the finger at every t. The target
    /// is exactly ``MercatorCamera/doubleTap(at:)``'s camera.
    ///
    /// - Parameters:
    ///   - start: The camera at t = 0.
    ///   - point: The tapped point, within the camera's one-screen margin.
    ///   - duration: Seconds, finite and >= 0 (MapLibre's 0.3 s by default).
    ///   - reducedMotion: Whether to make the duration 0.
    /// - Returns: The transition (at the maximum zoom, one that does not move).
    /// - Throws: `GeometryError/invalidScreenPoint(name:x:y:xRange:yRange:)` for a point beyond
    ///   the margin; `GeometryError/invalidTransition(name:value:expected:)` for a duration
    ///   that is not a finite number of seconds >= 0.
    public static func doubleTap(
        from start: MercatorCamera, at point: ScreenPoint, duration: Double = 0.3, reducedMotion: Bool = false
    ) throws(GeometryError) -> CameraTransition {
        try start.transform.validate(point, name: "double-tap point")
        var target = start
        target.doubleTap(at: point)
        return try CameraTransition(
            from: start, to: target, kind: .ease(duration: duration, easing: .default), reducedMotion: reducedMotion, anchor: point)
    }

    /// The transition between two cameras of one screen: `target` must have the start's size,
    /// limits and bounds (made from the start by jumps and insets changes). With an `anchor`,
    /// an ease zooms about it (the target then made by zooming about it).
    init(
        from start: MercatorCamera, to target: MercatorCamera, kind: Kind, reducedMotion: Bool, anchor: ScreenPoint? = nil
    ) throws(GeometryError) {
        self.start = start
        self.target = target
        let from = start.centerMercator, to = target.centerMercator
        x0 = from.x
        y0 = from.y
        z0 = start.zoom
        // The easting the short way: into [-W/2, W/2) (both eastings lie in [-W/2, W/2), so
        // the difference is within a world and the remainder exact). Within camera bounds the
        // way inside them: both centers lie in the box, and a box wider than half the world
        // may leave the short way outside it, where the path was held at one edge and then
        // jumped to the other (170 degrees in one frame, 484 points at zoom 2, easing from
        // 8 W to 178 E inside a box from 10 W to 180).
        dx = Self.eastingMove(from: from.x, to: to.x, bounds: start.boundsLimitLongitude ? start.bounds : nil)
        dy = to.y - from.y
        dz = target.zoom - start.zoom
        b0 = start.bearing
        // The short way: both bearings lie in (-180, 180], so their difference wraps exactly.
        db = MapBearing.wrapped(target.bearing - start.bearing)

        switch kind {
        case .ease(let duration, let easing):
            guard duration.isFinite, duration >= 0 else {
                throw .invalidTransition(name: "duration", value: duration, expected: "a finite number of seconds >= 0")
            }
            try easing.validate()
            path = anchor.map { .zoomAbout(anchorX: $0.x, anchorY: $0.y, easing: easing) } ?? .ease(easing)
            durationSeconds = reducedMotion ? 0 : duration + 0
        case .fly(let curve, let speed, let maxDuration, let easing):
            guard curve.isFinite, curve > 0 else {
                throw .invalidTransition(name: "fly curve", value: curve, expected: "a finite number > 0")
            }
            guard speed.isFinite, speed > 0 else {
                throw .invalidTransition(name: "fly speed", value: speed, expected: "a finite number of screenfuls per second > 0")
            }
            if let maxDuration, !(maxDuration.isFinite && maxDuration >= 0) {
                throw .invalidTransition(name: "maximum duration", value: maxDuration, expected: "a finite number of seconds >= 0")
            }
            try easing.validate()
            // w0: the larger side of the unobstructed rectangle, in points (at the start).
            let inset = start.effectiveInsets
            let w0 = max(start.widthPoints - inset.left - inset.right, start.heightPoints - inset.top - inset.bottom)
            let u1 = (dx * dx + dy * dy).squareRoot() * start.pointsPerMercatorMeter
            // The arc stays above the lowest zoom the camera may show (its minimum, or what the
            // world's edge and the bounds need), as MapLibre's flyTo does (maplibre-gl-js #7743):
            // rho is reduced to sqrt(2 wm / u1), wm the larger side at that zoom in points at
            // the start's scale, when the arc would go lower. Held at that zoom, the path went
            // on moving the center at the lower zoom's pace: a flight from Paris to Tokyo at
            // zoom 12 with a minimum zoom of 10 swept 1 432 points a frame at 60 Hz. (The apex
            // may still lie up to half a level below it, where both ends are at it; that
            // stretch is clamped.)
            let lowestZoom = min(max(start.lowestShownZoom, target.lowestShownZoom), start.zoom, target.zoom)
            let widestPoints = w0 * exp2(start.zoom - lowestZoom)
            let rho = u1 > 0 ? min(curve, (2 * widestPoints / u1).squareRoot()) : curve
            // A move too small to show (MapLibre's thresholds: the center under 2e-6 points and
            // the larger side's change under 1e-6 points) is no move: a bearing or insets
            // change then eases in 0.5 s as when the center and the zoom are exactly kept.
            // (A path of 1e-12 s turned the bearing in one frame: a fly to the current
            // longitude, its latitude read back through PROJ, and bearing 90.)
            let invisible = u1 < 2e-6 && abs(w0 * -expm1(-dz * M_LN2)) < 1e-6
            var flyPath = invisible
                ? nil : Self.flyPath(distancePoints: u1, widthPoints: w0, zoomChange: dz, curve: rho, easing: easing)
            var duration: Double
            var length = 0.0
            if case .fly(_, _, _, let flown, _) = flyPath {
                length = flown
                duration = length / speed
            } else if case .zoomOnly(_, _, let flown, _) = flyPath {
                length = flown
                duration = length / speed
            } else if db == 0 && start.insets == target.insets {
                // Nothing shown moves (neither the center nor the zoom, checked above, nor the
                // bearing or the insets): nothing to animate. (Not `start == target`: the jump
                // makes what the start shows its chosen state and ends a rotation in progress,
                // so a camera whose size forced its view, or one just rotated, differs from
                // its target without moving, and flew for 0.5 s in place.)
                flyPath = .ease(.default)
                duration = 0
            } else {
                // Neither the center nor the zoom moves (the bearing or the insets do):
                // MapLibre eases instead, with easeTo's default duration.
                flyPath = .ease(.default)
                duration = 0.5
            }
            if let maxDuration, duration > maxDuration {
                flyPath = .ease(.default)
                duration = maxDuration + 0
            } else if !duration.isFinite {
                // A curve so small that the path's length overflows (5e-324), or a speed so
                // small that its duration does; a maximum duration would have eased instead.
                guard length.isFinite else {
                    throw .invalidTransition(name: "fly curve", value: curve, expected: "a curve at which the fly's path is finite")
                }
                throw .invalidTransition(name: "fly speed", value: speed, expected: "a speed at which the fly lasts a finite time")
            }
            path = flyPath!
            durationSeconds = reducedMotion ? 0 : duration
        }
    }

    /// The easting's move from one center to another: the short way, or within camera bounds
    /// that limit the longitude, the way inside the box (the same where the box holds the
    /// short way).
    static func eastingMove(from: Double, to: Double, bounds: CameraBounds?) -> Double {
        let shortWay = WebMercator.wrappedEasting(to - from)
        guard let bounds else { return shortWay }
        // Each easting on the box's copy nearest its middle (the copy holding it: a shown
        // center lies in the box, which is narrower than the world).
        let world = WebMercator.worldWidthMeters
        let middle = (bounds.westX + bounds.eastX) / 2
        func inBox(_ x: Double) -> Double { x - world * ((x - middle) / world).rounded() }
        let inside = inBox(to) - inBox(from)
        // Only a box wider than half the world can hold a way longer than the short one.
        return abs(inside) > world / 2 ? inside : shortWay
    }

    // MARK: - The fly path

    /// The van Wijk-Nuij path for a move of `u1` points (at the start zoom) with a zoom change
    /// of `zoomChange` levels on a rectangle whose larger side is `w0` points, or nil when
    /// neither the center nor the zoom moves. Scale-free: only u1 / w0 and w1 / w0 matter.
    static func flyPath(distancePoints u1: Double, widthPoints w0: Double, zoomChange: Double, curve rho: Double, easing: Easing) -> Path? {
        // a = w1 / w0 = 2^-(z1 - z0); a^2 - 1 by expm1, accurate for small zoom changes.
        let a = exp2(-zoomChange)
        let aSquaredMinusOne = expm1(-2 * zoomChange * M_LN2)
        let u = u1 / w0
        if u > 0 {
            // b_i = (w1^2 - w0^2 + (-1)^i rho^4 u1^2) / (2 w_i rho^2 u1), divided through by w0^2.
            let rho2 = rho * rho
            let pan = rho2 * rho2 * u * u
            let b0 = (aSquaredMinusOne + pan) / (2 * rho2 * u)
            let b1 = (aSquaredMinusOne - pan) / (2 * a * rho2 * u)
            // r_i = ln(sqrt(b_i^2 + 1) - b_i) = -asinh(b_i): the logarithm form cancels for
            // large positive b (at b = 1e8 the argument rounds to 0), asinh does not.
            let r0 = -asinh(b0), r1 = -asinh(b1)
            let length = (r1 - r0) / rho
            if r0.isFinite, r1.isFinite, length.isFinite, length > 0 {
                return .fly(rho: rho, r0: r0, r1: r1, length: length, easing: easing)
            }
        }
        // The center does not move (or too little for b to be finite): zoom only.
        guard zoomChange != 0 else { return nil }
        let length = abs(zoomChange) * M_LN2 / rho
        // w(s) = w0 exp(k rho s): k = sign(w1 - w0) = -sign(zoomChange).
        return .zoomOnly(rho: rho, k: zoomChange > 0 ? -1 : 1, length: length, easing: easing)
    }

    /// The fly's duration in seconds in closed form, S / V with S = (r1 - r0) / rho,
    /// r_i = -asinh(b_i) (van Wijk and Nuij 2003, eq. 9, as MapLibre's `flyTo`); for a move
    /// with no pan, |ln(w1 / w0)| / (rho V). No maximum applies.
    ///
    /// - Parameters:
    ///   - distancePoints: u1, the center's move in points at the start zoom (>= 0, finite).
    ///   - widthPoints: w0, the larger side of the unobstructed rectangle in points (> 0).
    ///   - zoomChange: z1 - z0 in zoom levels (finite).
    ///   - curve: rho (> 0).
    ///   - speed: V in screenfuls per second (> 0).
    /// - Returns: Seconds, finite and >= 0; 0 when nothing moves or an argument is out of range
    ///   (a curve or speed so small that the duration would not be finite among them).
    public static func flyDurationSeconds(
        distancePoints: Double, widthPoints: Double, zoomChange: Double, curve: Double = 1.42, speed: Double = 1.2
    ) -> Double {
        guard distancePoints >= 0, distancePoints.isFinite, widthPoints > 0, widthPoints.isFinite,
            zoomChange.isFinite, curve > 0, curve.isFinite, speed > 0, speed.isFinite
        else { return 0 }
        switch flyPath(distancePoints: distancePoints, widthPoints: widthPoints, zoomChange: zoomChange, curve: curve, easing: .linear) {
        case .fly(_, _, _, let length, _), .zoomOnly(_, _, let length, _):
            // (A curve or speed so small that the duration overflows is out of range.)
            let duration = length / speed
            return duration.isFinite ? duration : 0
        default: return 0
        }
    }

    // MARK: - States

    /// The camera `seconds` after the transition began: the start for t <= 0 (and NaN), the
    /// target for t >= ``durationSeconds``, both bit for bit.
    public func state(atSeconds seconds: Double) -> MercatorCamera {
        guard seconds > 0 else { return start }
        guard seconds < durationSeconds else { return target }
        return state(unclampedFraction: seconds / durationSeconds)
    }

    /// The camera at a fraction of the duration: the start for f <= 0 (and NaN), the target
    /// for f >= 1, both bit for bit. With a zero duration, the target for every f > 0.
    public func state(atFraction fraction: Double) -> MercatorCamera {
        guard fraction > 0 else { return start }
        guard fraction < 1, durationSeconds > 0 else { return target }
        return state(unclampedFraction: fraction)
    }

    /// The state at 0 < f < 1: the path's requested values, then the constraints.
    func state(unclampedFraction f: Double) -> MercatorCamera {
        var camera = start
        if case .zoomAbout(let anchorX, let anchorY, let easing) = path {
            // As a pinch to this zoom about the anchor, from the start: the anchor's
            // coordinate stays under it at every t, and the constraints apply as to a pinch.
            camera.zoom(to: z0 + dz * easing(f), around: ScreenPoint(x: anchorX, y: anchorY))
            return camera
        }
        let sample = pathSample(atFraction: f)
        let insetsMove = start.insets != target.insets
        if insetsMove {
            // A convex combination of two valid insets of this screen is valid for it:
            // left + right <= width - 1 holds at both ends, so in between.
            let a = start.insets, b = target.insets, e = sample.eased
            camera.insets = ScreenInsets(
                uncheckedTop: a.top + (b.top - a.top) * e, left: a.left + (b.left - a.left) * e,
                bottom: a.bottom + (b.bottom - a.bottom) * e, right: a.right + (b.right - a.right) * e)
        }
        // As jump(center:zoom:bearing:), without its checks: every value here is finite.
        (camera.requestedX, camera.requestedY) = MercatorCamera.onWorld(MercatorPoint(uncheckedX: sample.x, y: sample.y))
        camera.requestedZoom = camera.limits.clamp(sample.zoom)
        camera.bearing = MapBearing.wrapped(sample.bearing)
        camera.rotationPivot = nil
        // The layout (focal point, rotation, extents, lowest zoom) depends on the size, insets,
        // bearing, limits and bounds: only the insets and the bearing can differ from the
        // start's here, so when neither does, the start's layout is this state's, as laying
        // it out again would compute it (the same function of the same values).
        camera.deriveShown(layingOut: insetsMove || camera.bearing != start.bearing)
        return camera
    }

    /// The unconstrained path at 0 < f < 1: zoom, center (easting not wrapped), bearing (not
    /// wrapped), and the eased fraction used for the bearing and the insets.
    @usableFromInline
    func pathSample(atFraction f: Double) -> (zoom: Double, x: Double, y: Double, bearing: Double, eased: Double, centerFraction: Double) {
        let zoom: Double, move: Double, eased: Double
        switch path {
        case .ease(let easing), .zoomAbout(_, _, let easing):
            // (A zoom about a point moves the center as the anchor requires; state(atFraction:)
            // computes it. Here its center is interpolated, for the zoom and the eased fraction.)
            eased = easing(f)
            zoom = z0 + dz * eased
            move = eased
        case .fly(let rho, let r0, let r1, let length, let easing):
            eased = easing(f)
            let s = eased * length
            let x = r0 + rho * s
            // zoom(s) = z0 + log2(w0 / w(s)) = z0 + log2(cosh(r0 + rho s) / cosh(r0)).
            zoom = z0 + Self.logCoshRatio(x, r0) / M_LN2
            // u(s) / u1 with u(s) = w0 (cosh r0 tanh(r0 + rho s) - sinh r0) / rho^2
            //                    = w0 sinh(rho s) / (rho^2 cosh(r0 + rho s))
            // (the difference of products cancels for large |r0|; the quotient does not), and
            // u1 = u(S), so the fraction is sinh(rho s) cosh(r1) / (cosh(r0 + rho s) sinh(rho S)).
            move = min(max(Self.panFraction(rho * s, rho * length, x, r1), 0), 1)
        case .zoomOnly(let rho, let k, let length, let easing):
            eased = easing(f)
            let s = eased * length
            // w(s) = w0 exp(k rho s): zoom = z0 - k rho s / ln 2.
            zoom = z0 - k * rho * s / M_LN2
            move = eased
        }
        return (zoom, x0 + dx * move, y0 + dy * move, b0 + db * eased, eased, move)
    }

    /// ln(cosh(x) / cosh(r)) without overflow: ln cosh(v) = |v| + log1p(e^(-2|v|)) - ln 2.
    @inline(__always)
    static func logCoshRatio(_ x: Double, _ r: Double) -> Double {
        if abs(x) < 300, abs(r) < 300 { return log(cosh(x) / cosh(r)) }
        let ax = abs(x), ar = abs(r)
        return (ax - ar) + (log1p(exp(-2 * ax)) - log1p(exp(-2 * ar)))
    }

    /// sinh(y) cosh(r1) / (cosh(x) sinh(yEnd)) for 0 < y <= yEnd, without overflow.
    @inline(__always)
    static func panFraction(_ y: Double, _ yEnd: Double, _ x: Double, _ r1: Double) -> Double {
        if yEnd < 300, abs(x) < 300, abs(r1) < 300 {
            return (sinh(y) / sinh(yEnd)) * (cosh(r1) / cosh(x))
        }
        // ln sinh(y) = y + ln(-expm1(-2y)) - ln 2, ln cosh as in logCoshRatio.
        func logSinh(_ y: Double) -> Double { y + log(-expm1(-2 * y)) }
        func logCosh(_ v: Double) -> Double { abs(v) + log1p(exp(-2 * abs(v))) }
        return exp((logSinh(y) - logSinh(yEnd)) + (logCosh(r1) - logCosh(x)))
    }
}
