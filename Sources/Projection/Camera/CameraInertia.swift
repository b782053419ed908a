import GeoMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The motion after a gesture ends: the content keeps the gesture's velocity and slows down
/// exponentially, as a value whose state is a closed-form function of the time since the
/// release (``state(atSeconds:)``). The renderer owns the clock; the position at any time is
/// known at release, so the motion does not depend on the frame rate.
///
/// With k = -1000 ln(r) per second for a decay rate r per millisecond, the velocity at time t
/// is v e^(-k t) and the distance travelled v (1 - e^(-k t)) / k, computed as
/// -v expm1(-k t) / k; the motion rests v / k away (UIKit's normal rate 0.998 per ms throws a
/// 1000 points-per-second pan 499.5 points). The same decay applies to the pan (points), the
/// zoom (levels, about the pinch's last centroid: the zoom moves in log2 space) and the
/// rotation (degrees, about the same point).
///
/// Every state is ``MercatorCamera/pinchRotate(scale:degrees:anchor:dx:dy:)`` (or a pan when
/// only the center moves) applied to the camera at release with the distances travelled, so
/// the constraints are part of the motion: the world's edge, the zoom limits and the camera
/// bounds stop it where it meets them, and it rests there (never past the edge and back).
///
/// ``durationSeconds`` is when the motion that remains is under half a point (the largest
/// distance any of the viewport's corners and its focal point still have to go); the state
/// then is the resting state itself.
public struct CameraInertia: Hashable, Sendable {
    /// How the motion slows down, and how fast it may start.
    public struct Decay: Hashable, Sendable {
        /// The fraction of the velocity left after each millisecond, in [0, 1): 0 stops at
        /// once (no inertia).
        public let ratePerMillisecond: Double
        /// The largest pan speed thrown, points per second (a faster release is scaled down
        /// to it, keeping its direction).
        public let maximumPointsPerSecond: Double
        /// The largest zoom rate thrown, zoom levels per second.
        public let maximumZoomLevelsPerSecond: Double
        /// The largest rotation rate thrown, degrees per second (a north snap then changes the
        /// rate by k times the bearing it would rest at, and may take it past this: see
        /// ``CameraInertia/velocity``).
        public let maximumDegreesPerSecond: Double

        /// A decay.
        ///
        /// - Parameters:
        ///   - ratePerMillisecond: In [0, 1).
        ///   - maximumPointsPerSecond: > 0 (infinity for no cap).
        ///   - maximumZoomLevelsPerSecond: > 0 (infinity for no cap).
        ///   - maximumDegreesPerSecond: > 0 (infinity for no cap).
        /// - Throws: `GeometryError/invalidTransition(name:value:expected:)` for a value out of
        ///   range or NaN.
        public init(
            ratePerMillisecond: Double, maximumPointsPerSecond: Double = .infinity, maximumZoomLevelsPerSecond: Double = 4,
            maximumDegreesPerSecond: Double = 180
        ) throws(GeometryError) {
            guard ratePerMillisecond >= 0, ratePerMillisecond < 1 else {
                throw .invalidTransition(name: "decay rate", value: ratePerMillisecond, expected: "a fraction per millisecond in [0, 1)")
            }
            for (name, value) in [
                ("maximum speed", maximumPointsPerSecond), ("maximum zoom rate", maximumZoomLevelsPerSecond),
                ("maximum rotation rate", maximumDegreesPerSecond),
            ] where !(value > 0) {
                throw .invalidTransition(name: name, value: value, expected: "a number > 0 (infinity for no cap)")
            }
            self.ratePerMillisecond = ratePerMillisecond
            self.maximumPointsPerSecond = maximumPointsPerSecond
            self.maximumZoomLevelsPerSecond = maximumZoomLevelsPerSecond
            self.maximumDegreesPerSecond = maximumDegreesPerSecond
        }

        private init(unchecked rate: Double, maximumPointsPerSecond: Double) {
            ratePerMillisecond = rate
            self.maximumPointsPerSecond = maximumPointsPerSecond
            maximumZoomLevelsPerSecond = 4
            maximumDegreesPerSecond = 180
        }

        /// UIKit's `UIScrollView.DecelerationRate.normal`: 0.998 per millisecond (a throw
        /// rests v / 2.002 away: 1000 points per second go 499.5 points). No speed cap; zoom
        /// 4 levels and rotation 180 degrees per second at most.
        public static let normal = Decay(unchecked: 0.998, maximumPointsPerSecond: .infinity)
        /// UIKit's `UIScrollView.DecelerationRate.fast`: 0.99 per millisecond (1000 points per
        /// second go 99.5 points).
        public static let fast = Decay(unchecked: 0.99, maximumPointsPerSecond: .infinity)
        /// Like MapLibre GL JS's pan inertia for a 1000 points-per-second release, as an
        /// exponential decay: MapLibre scales the release speed by its linearity 0.3, caps it
        /// at 1400, and decelerates at 2500 points per second squared, so it throws 60 points;
        /// a decay of e^(-1/60) per millisecond (k = 16.67 per second) throws v / k = 60 points
        /// too. MapLibre's distance grows with the square of the speed, this one linearly. The
        /// cap is MapLibre's, 1400 / 0.3 points per second of release speed.
        public static let maplibre = Decay(unchecked: exp(-1.0 / 60), maximumPointsPerSecond: 1400 / 0.3)
        /// No inertia: the map stops where the fingers left it (a "place the pin where you saw
        /// the pet" screen).
        public static let immediate = Decay(unchecked: 0, maximumPointsPerSecond: .infinity)

        /// k = -1000 ln(r), per second (infinity for the immediate decay).
        @inlinable
        public var perSecond: Double { ratePerMillisecond > 0 ? -1000 * log(ratePerMillisecond) : .infinity }
    }

    /// The camera at release.
    public let start: MercatorCamera
    /// The camera where the motion rests: the closed-form limit, constrained.
    public let rest: MercatorCamera
    /// The velocity thrown, after the decay's caps and a north snap's change of the turn rate,
    /// which the caps do not bound (with ``Decay/maplibre``, k = 16.7 per second, a release of
    /// -170 degrees a second from a bearing of -17 snaps with a rate of -283.3).
    public let velocity: GestureVelocity
    /// The decay.
    public let decay: Decay
    /// The time until the remaining motion is under half a point, in seconds (0 when nothing
    /// moves). From then on the state is ``rest``.
    public let durationSeconds: Double

    /// k, per second.
    @usableFromInline let k: Double
    /// The anchor of the zoom and rotation.
    @usableFromInline let anchor: ScreenPoint

    /// The motion after a release.
    ///
    /// - Parameters:
    ///   - camera: The camera at release.
    ///   - velocity: The release velocity (from a session's ``PanGestureSession/releaseVelocity``
    ///     or ``PinchGestureSession/releaseVelocity``, or UIKit's `velocity(in:)`); each
    ///     component finite; the anchor within the camera's one-screen margin.
    ///   - decay: How it slows down (UIKit's normal rate by default).
    ///   - northSnap: Snap-to-north where the motion comes to rest (MapLibre snaps its
    ///     inertia's target bearing): when the bearing it would rest at is within the snap of
    ///     north, the turn is changed by that bearing so that it rests exactly north up, the
    ///     change spread over the whole motion (no jump at its end). A release with no turn
    ///     from a map a few degrees off north turns it north as the motion slows; with the
    ///     `immediate` decay the resting camera is the release's turned north. nil (the
    ///     default): no snap. (Snapped when the gesture ends instead, the throw then turned the
    ///     map away again: a release at -6 degrees snapped to 0, then rested at -29.97.)
    /// - Throws: `GeometryError/invalidTransition(name:value:expected:)` for a velocity that is
    ///   not finite; `GeometryError/invalidScreenPoint(name:x:y:xRange:yRange:)` for an anchor
    ///   beyond the margin.
    public init(
        from camera: MercatorCamera, velocity: GestureVelocity, decay: Decay = .normal, northSnap: NorthSnap? = nil
    ) throws(GeometryError) {
        func check(_ name: String, _ value: Double) throws(GeometryError) {
            guard value.isFinite else { throw .invalidTransition(name: name, value: value, expected: "a finite number per second") }
        }
        try check("velocity x", velocity.x)
        try check("velocity y", velocity.y)
        try check("zoom velocity", velocity.zoomLevelsPerSecond)
        try check("rotation velocity", velocity.degreesPerSecond)
        let anchor = velocity.anchor ?? camera.focalPoint
        try camera.transform.validate(anchor, name: "inertia anchor")
        self.anchor = anchor
        start = camera
        self.decay = decay
        k = decay.perSecond
        // The caps, keeping the pan's direction.
        var thrown = velocity
        let largest = max(abs(velocity.x), abs(velocity.y))
        if largest > 0 {
            // The speed without overflow: the components scaled by the larger first.
            let (ux, uy) = (velocity.x / largest, velocity.y / largest)
            let unit = (ux * ux + uy * uy).squareRoot()
            if largest * unit > decay.maximumPointsPerSecond {
                thrown.x = decay.maximumPointsPerSecond * (ux / unit)
                thrown.y = decay.maximumPointsPerSecond * (uy / unit)
            }
        }
        thrown.zoomLevelsPerSecond = min(max(velocity.zoomLevelsPerSecond, -decay.maximumZoomLevelsPerSecond), decay.maximumZoomLevelsPerSecond)
        thrown.degreesPerSecond = min(max(velocity.degreesPerSecond, -decay.maximumDegreesPerSecond), decay.maximumDegreesPerSecond)
        // Where the turn rests (the bearing less the turn's limit, rate / k), and by how much a
        // snap changes it.
        var snapTurn = 0.0
        if let northSnap {
            let resting = k.isFinite ? MapBearing.wrapped(camera.bearing - thrown.degreesPerSecond / k) : camera.bearing
            if resting != 0, northSnap.snapped(resting) == 0 { snapTurn = resting }
        }
        guard k.isFinite else {
            // (No motion: the resting camera is the release's, turned north when it snaps.)
            var rest = camera
            if snapTurn != 0 { rest.turnNorth(by: snapTurn, around: anchor) }
            self.velocity = thrown
            self.rest = rest
            durationSeconds = 0
            return
        }
        thrown.degreesPerSecond += k * snapTurn
        self.velocity = thrown
        guard !thrown.isZero else {
            self.rest = camera
            durationSeconds = 0
            return
        }
        var rest = Self.moved(camera, velocity: thrown, anchor: anchor, by: 1 / k)
        // (Exactly north up, which the turn reaches only to its rounding.)
        if snapTurn != 0 && rest.bearing != 0 { rest.turnNorth(by: rest.bearing, around: anchor) }
        self.rest = rest
        // The remaining motion decreases with t: bisection for the time it falls under half a
        // point, between 0 and the time the unconstrained bound does (or rest is reached).
        var low = 0.0
        var high = max(Self.boundSeconds(velocity: thrown, camera: camera, anchor: anchor, k: k), 1 / k)
        if Self.remainingPoints(atSeconds: high, start: camera, rest: rest, velocity: thrown, anchor: anchor, k: k) >= 0.5 {
            // Rounding at the edge of the bound: double it until it holds (a few steps at most).
            for _ in 0..<64 {
                high *= 2
                if Self.remainingPoints(atSeconds: high, start: camera, rest: rest, velocity: thrown, anchor: anchor, k: k) < 0.5 { break }
            }
        }
        if Self.remainingPoints(atSeconds: 0, start: camera, rest: rest, velocity: thrown, anchor: anchor, k: k) < 0.5 {
            high = 0
        }
        for _ in 0..<64 where high - low > 1e-9 * max(high, 1e-9) {
            let mid = (low + high) / 2
            let remaining = Self.remainingPoints(atSeconds: mid, start: camera, rest: rest, velocity: thrown, anchor: anchor, k: k)
            if remaining < 0.5 { high = mid } else { low = mid }
        }
        durationSeconds = high
    }

    /// The camera `seconds` after the release: the start for t <= 0 (and NaN), the resting
    /// state for t >= ``durationSeconds``, both bit for bit; between, the start moved by the
    /// closed-form distances -v expm1(-k t) / k.
    @inlinable
    public func state(atSeconds seconds: Double) -> MercatorCamera {
        guard seconds > 0 else { return start }
        guard seconds < durationSeconds else { return rest }
        return Self.moved(start, velocity: velocity, anchor: anchor, by: -expm1(-k * seconds) / k)
    }

    /// The distance travelled by the pan, in points, `seconds` after the release, before any
    /// constraint: |v| (1 - e^(-k t)) / k (the limit |v| / k as t grows), at most the largest
    /// double (a throw near 1e308 points a second).
    public func panDistancePoints(atSeconds seconds: Double) -> Double {
        guard seconds > 0, k.isFinite else { return 0 }
        // (|v| without the overflow of its square.)
        let speed = hypot(velocity.x, velocity.y)
        return min(speed * (-expm1(-k * seconds) / k), .greatestFiniteMagnitude)
    }

    /// The largest zoom change a state applies, in levels each way (more than the 22 of
    /// ``CameraZoomLimits/supportedZoomRange``, so the clamped zoom is the same).
    @usableFromInline static let largestZoomThrowLevels = 64.0

    /// The camera moved by the velocity times `elapsed` (seconds of undecayed motion).
    @usableFromInline
    static func moved(_ camera: MercatorCamera, velocity: GestureVelocity, anchor: ScreenPoint, by elapsed: Double) -> MercatorCamera {
        var camera = camera
        let dx = travelled(velocity.x, elapsed), dy = travelled(velocity.y, elapsed)
        if velocity.zoomLevelsPerSecond == 0 && velocity.degreesPerSecond == 0 {
            camera.pan(dx: dx, dy: dy)
        } else {
            // The zoom's distance bounded to 64 levels each way: the limits span at most 22, so
            // beyond that the clamped zoom is the same, and 2^64 is finite. (A slow decay, such
            // as 0.999999 per ms, throws 4 levels per second 4000 levels: 2^4000 is infinite,
            // the scale was refused, and the motion rested where it began.)
            let levels = min(max(velocity.zoomLevelsPerSecond * elapsed, -Self.largestZoomThrowLevels), Self.largestZoomThrowLevels)
            camera.pinchRotate(
                scale: exp2(levels), degrees: travelled(velocity.degreesPerSecond, elapsed), anchor: anchor, dx: dx, dy: dy)
        }
        return camera
    }

    /// A rate times `elapsed` seconds of undecayed motion, the largest double of its sign where
    /// the product overflows: with a slow decay 1 / k is long (1000 s at 0.999999 per ms), and
    /// a throw of 1e306 points or degrees per second went beyond the doubles, the infinite
    /// pan or turn was refused, and the motion rested where it began. (The pan then counts as
    /// 1e300 points, as any pan does; the turn is reduced modulo 360 degrees.)
    @usableFromInline
    static func travelled(_ rate: Double, _ elapsed: Double) -> Double {
        min(max(rate * elapsed, -.greatestFiniteMagnitude), .greatestFiniteMagnitude)
    }

    /// ``remainingPoints(_:rest:start:velocity:anchor:k:seconds:)`` for the state `seconds`
    /// after the release.
    static func remainingPoints(
        atSeconds t: Double, start: MercatorCamera, rest: MercatorCamera, velocity: GestureVelocity, anchor: ScreenPoint, k: Double
    ) -> Double {
        let state = t > 0 ? moved(start, velocity: velocity, anchor: anchor, by: -expm1(-k * t) / k) : start
        return remainingPoints(state, rest: rest, start: start, velocity: velocity, anchor: anchor, k: k, seconds: t)
    }

    /// The largest distance, in points at the resting scale, between where the content at the
    /// viewport's corners and focal point is in `state` (the motion `seconds` after the
    /// release) and where it rests.
    ///
    /// Eastings repeat every world, so their difference is taken on the copy nearest the
    /// unconstrained motion's own difference (nothing but camera bounds stops a move east or
    /// west), or within bounds that limit the longitude, inside the box. (The difference
    /// wrapped into half a world read a motion that rests whole worlds away as done: on a
    /// phone at zoom 0, whose world is 800 points wide, a 1 602.3 points-per-second throw
    /// rests 800.35 points away and lasted 0 s, the map stopping dead under the finger.)
    static func remainingPoints(
        _ state: MercatorCamera, rest: MercatorCamera, start: MercatorCamera, velocity: GestureVelocity, anchor: ScreenPoint,
        k: Double, seconds: Double
    ) -> Double {
        let w = state.widthPoints, h = state.heightPoints
        var largest = 0.0
        let change = EastingChange(start: start, velocity: velocity, anchor: anchor, k: k, seconds: seconds)
        // The four corners (i = 0 ... 3) and the focal point (i = 4), without an array.
        for i in 0..<5 {
            let point = i == 4 ? state.focalPoint : ScreenPoint(x: i & 1 == 0 ? 0 : w, y: i < 2 ? 0 : h)
            guard let now = try? state.mercatorPoint(at: point), let then = try? rest.mercatorPoint(at: point) else { continue }
            let dx: Double
            if rest.boundsLimitLongitude {
                dx = CameraTransition.eastingMove(from: then.x, to: now.x, bounds: rest.bounds)
            } else {
                let hint = change(point)
                dx = hint + WebMercator.wrappedEasting(now.x - then.x - hint)
            }
            let dy = now.y - then.y
            largest = max(largest, (dx * dx + dy * dy).squareRoot() * rest.pointsPerMercatorMeter)
        }
        return largest
    }

    /// The easting at a screen point q in the motion's state `seconds` after the release minus
    /// the easting there at rest, in Mercator metres, without any constraint (unwrapped): the
    /// anchor's place ends under anchor + d (d the pan travelled) at the bearing and scale of
    /// that time, so the place at q lies east(q - anchor - d) / s east of it. A pan alone:
    /// east(v e^(-kt) / k) / s for every q, computed from the remaining factor itself.
    struct EastingChange {
        let now: (sin: Double, cos: Double, scale: Double, elapsed: Double)
        let then: (sin: Double, cos: Double, scale: Double, elapsed: Double)
        let velocity: GestureVelocity
        let anchor: ScreenPoint
        /// The change for a pan alone (the same bearing and scale at both times), else nil.
        let pan: Double?

        init(start: MercatorCamera, velocity: GestureVelocity, anchor: ScreenPoint, k: Double, seconds: Double) {
            func frame(_ elapsed: Double) -> (sin: Double, cos: Double, scale: Double, elapsed: Double) {
                let levels = min(max(velocity.zoomLevelsPerSecond * elapsed, -largestZoomThrowLevels), largestZoomThrowLevels)
                let zoom = min(max(start.zoom + levels, start.lowestShownZoom), start.limits.maximumZoom)
                let turn = MapBearing.sinCos(degrees: MapBearing.wrapped(start.bearing - velocity.degreesPerSecond * elapsed))
                return (turn.sin, turn.cos, MercatorCamera.pointsPerMercatorMeter(zoom: zoom), elapsed)
            }
            now = frame(seconds > 0 ? -expm1(-k * seconds) / k : 0)
            then = frame(1 / k)
            self.velocity = velocity
            self.anchor = anchor
            if now.sin == then.sin && now.cos == then.cos && now.scale == then.scale {
                // The pan that remains, v e^(-kt) / k, moves every place alike.
                let left = seconds > 0 ? exp(-k * seconds) / k : 1 / k
                // (Bounded as a pan is: beyond the doubles, it read as no distance left.)
                let (remainingX, remainingY) = MercatorCamera.boundedTranslation(
                    CameraInertia.travelled(velocity.x, left), CameraInertia.travelled(velocity.y, left))
                let (east, _) = MapBearing.unrotated(remainingX, remainingY, sin: now.sin, cos: now.cos)
                pan = east / now.scale
            } else {
                pan = nil
            }
        }

        /// The change at screen point `q` (0 where it is not finite).
        func callAsFunction(_ q: ScreenPoint) -> Double {
            if let pan { return pan.isFinite ? pan : 0 }
            func easting(_ f: (sin: Double, cos: Double, scale: Double, elapsed: Double)) -> Double {
                let (dx, dy) = MercatorCamera.boundedTranslation(
                    CameraInertia.travelled(velocity.x, f.elapsed), CameraInertia.travelled(velocity.y, f.elapsed))
                let (east, _) = MapBearing.unrotated(q.x - anchor.x - dx, q.y - anchor.y - dy, sin: f.sin, cos: f.cos)
                return east / f.scale
            }
            let change = easting(now) - easting(then)
            return change.isFinite ? change : 0
        }
    }

    /// A time by which the unconstrained remaining motion is under half a point: the pan
    /// remains |v| e^(-kt) / k points, the zoom moves a point at distance R from the anchor by
    /// R (2^(|w| e^(-kt) / k) - 1), the rotation by R |d| e^(-kt) / k radians. The sum is
    /// below 0.5 once e^(-kt) is below the bound solved here (2^x - 1 <= x ln 2 2^x, with
    /// x <= the full throw).
    static func boundSeconds(velocity: GestureVelocity, camera: MercatorCamera, anchor: ScreenPoint, k: Double) -> Double {
        let w = camera.widthPoints, h = camera.heightPoints
        var radius = 0.0
        for k in 0..<4 {
            let corner = ScreenPoint(x: k & 1 == 0 ? 0 : w, y: k < 2 ? 0 : h)
            radius = max(radius, ((corner.x - anchor.x) * (corner.x - anchor.x) + (corner.y - anchor.y) * (corner.y - anchor.y)).squareRoot())
        }
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        let zoomThrow = abs(velocity.zoomLevelsPerSecond) / k
        // Remaining at e^(-kt) = q, per unit q: pan speed / k, zoom R ln2 2^throw |w| / k
        // (and the rest of the pan, scaled with the zoom), rotation R |d| pi / 180 / k.
        let perUnit = speed / k * exp2(zoomThrow)
            + radius * M_LN2 * exp2(zoomThrow) * abs(velocity.zoomLevelsPerSecond) / k
            + radius * abs(velocity.degreesPerSecond) * Double.pi / 180 / k * exp2(zoomThrow)
        // Beyond the doubles (a throw near 1e308 points): e^(-800) takes any of them under 1e-39.
        guard perUnit.isFinite else { return 800 / k }
        guard perUnit > 0.5 else { return 0 }
        // q = 0.5 / perUnit: t = ln(perUnit / 0.5) / k.
        return log(perUnit / 0.5) / k
    }
}

/// A motion in progress, whichever kind: an animated transition or the inertia after a
/// gesture. An app keeps one (or none) beside its camera, renders ``state(atSeconds:)`` each
/// frame with the seconds since the motion began, and when a gesture interrupts it adopts the
/// state at that time: ``MercatorCamera`` values carry no motion, so the gesture then acts
/// exactly as on a camera built there directly.
public enum CameraMotion: Hashable, Sendable {
    /// An ease, a fly or a zoom about a point.
    case transition(CameraTransition)
    /// The motion after a release.
    case inertia(CameraInertia)

    /// The duration in seconds (finite, >= 0).
    public var durationSeconds: Double {
        switch self {
        case .transition(let transition): return transition.durationSeconds
        case .inertia(let inertia): return inertia.durationSeconds
        }
    }

    /// The camera `seconds` after the motion began: the start at t <= 0 (and NaN), the
    /// resting state from ``durationSeconds`` on.
    ///
    /// - Parameter seconds: Seconds since the motion began.
    /// - Returns: The camera then.
    public func state(atSeconds seconds: Double) -> MercatorCamera {
        switch self {
        case .transition(let transition): return transition.state(atSeconds: seconds)
        case .inertia(let inertia): return inertia.state(atSeconds: seconds)
        }
    }

    /// The camera when the motion began.
    public var start: MercatorCamera {
        switch self {
        case .transition(let transition): return transition.start
        case .inertia(let inertia): return inertia.start
        }
    }

    /// The camera where the motion rests: a transition's target, an inertia's limit.
    public var resting: MercatorCamera {
        switch self {
        case .transition(let transition): return transition.target
        case .inertia(let inertia): return inertia.rest
        }
    }
}

extension MercatorCamera {
    /// Turns the map north up about `anchor`, `bearing` being its bearing: a rotation of its
    /// own, not a step of a rotation run the camera may be in (rotate(degrees:around:) twice
    /// about one anchor). A step recomputes the run's total from the run's start, and the
    /// map rested a rounding off north (bearing 5.29 after turns of 253.37 and 214.35 from
    /// 113.01, snapped to 1.4e-14); on its own, the bearing becomes bearing - bearing = 0.
    mutating func turnNorth(by bearing: Double, around anchor: ScreenPoint) {
        rotationPivot = nil
        rotate(degrees: bearing, around: anchor)
    }
}
