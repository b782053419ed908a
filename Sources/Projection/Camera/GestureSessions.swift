#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(UIKit)
import UIKit
#endif

/// The phase of a gesture, as UIKit's `UIGestureRecognizer.State`, AppKit's
/// `NSGestureRecognizer.State` and web pointer events (down, move, up, cancel) report it.
public enum GesturePhase: String, Hashable, Sendable, Codable, CaseIterable {
    /// The gesture was recognised (UIKit `.began`; the first pointer move of a two-pointer
    /// gesture on the web).
    case began
    /// The fingers moved (UIKit `.changed`).
    case changed
    /// The fingers lifted (UIKit `.ended`): the last values apply, then the session ends.
    case ended
    /// The system took the gesture away (UIKit `.cancelled` or `.failed`, a web
    /// `pointercancel`): the session ends where the camera is, applying nothing more.
    case cancelled
}

/// One two-finger pinch, fed exactly what a recognizer reports, driving a ``MercatorCamera``.
///
/// UIKit's `UIPinchGestureRecognizer` reports the scale since the fingers touched down
/// (cumulative, 1 at touch-down) and, through `location(in:)`, the fingers' centroid, which
/// moves while they pinch. The camera wants increments; the session keeps the previous sample
/// and turns each new one into one ``MercatorCamera/pinchRotate(scale:degrees:anchor:dx:dy:)``
/// step with no turn: a pinch by the scale's ratio about the previous centroid and a move by
/// the centroid's move, constrained once (the same as a pan by the move followed by a pinch
/// about the new centroid, without a world-edge clamp between them). So the place that was
/// under the fingers stays under them as they spread and move, within 1e-6 points, as if the
/// map were glued to them; only the zoom limits (the factor is clamped, the anchor still
/// holds), the world's edge, where the step's result would show beyond it, and the camera
/// bounds stop it.
///
/// ```swift
/// @objc func pinched(_ recognizer: UIPinchGestureRecognizer) {
///     guard let phase = GesturePhase(recognizer.state) else { return }
///     let location = recognizer.location(in: mapView)
///     pinchSession.update(
///         phase, scale: recognizer.scale,
///         centroid: ScreenPoint(x: location.x, y: location.y),
///         timestamp: ProcessInfo.processInfo.systemUptime, camera: &camera)
///     render(camera)
/// }
/// ```
///
/// AppKit's `NSMagnificationGestureRecognizer` reports `magnification` (0 at touch-down):
/// pass `1 + magnification` as the scale. On the web, ``update(_:touches:timestamp:camera:)``
/// takes the two pointers' positions; a session made with a ``touchRotation`` dead zone also
/// turns the map as they turn, once they have turned past the zone (MapLibre's two-finger
/// rotation): no angle or dead zone to compute in the app.
///
/// A sample that cannot be applied (a phase out of order, numbers that are not finite, a scale
/// of 0 or less, a time stamp that runs backwards within a gesture, a centroid beyond the
/// camera's one-screen margin) is ignored and ``update(_:scale:centroid:timestamp:camera:)``
/// returns false: the camera and the session are unchanged, nothing is NaN. A `began` starts
/// a new gesture at any finite time stamp.
public struct PinchGestureSession: Hashable, Sendable {
    /// The cumulative scale and centroid of the last applied sample, while a pinch is active.
    private var last: (scale: Double, centroid: ScreenPoint)?
    /// The cumulative rotation of the last applied sample of a pinch that also rotates, in
    /// radians clockwise.
    private var lastRotation: Double?
    /// The two pointers' distance at the web gesture's start, in points.
    private var startDistance: Double?
    /// The pointers' turn of the web gesture in progress (nil while none is, or when the
    /// session does not turn with them).
    private var turn: TouchTurn?
    /// Whether, and after which dead zone, two pointers turning turn the map in
    /// ``update(_:touches:timestamp:camera:)``; nil: they only pinch.
    public let touchRotation: RotationDeadZone?
    /// The time stamp of the last applied sample, in seconds (any monotonic clock).
    public private(set) var lastTimestamp: Double?
    /// The samples of the gesture in progress, for the velocity at release.
    private var estimator: VelocityEstimator
    /// The velocity when the last pinch ended (nil while one is in progress, after a cancel,
    /// and before any ended): the centroid's velocity in points per second, the zoom rate in
    /// levels per second and the rotation rate in degrees per second clockwise, about the
    /// last centroid, measured by the session's ``VelocityEstimator`` over the samples'
    /// timestamps. Zero when the fingers rested before lifting.
    public private(set) var releaseVelocity: GestureVelocity?

    /// An idle session.
    ///
    /// - Parameters:
    ///   - velocityEstimator: How the release velocity is measured (the default window is
    ///     0.1 s, the default pause 0.04 s).
    ///   - touchRotation: For ``update(_:touches:timestamp:camera:)``: nil (the default), two
    ///     pointers pinch and move the map and never turn it; a dead zone
    ///     (``RotationDeadZone/maplibre``, ``RotationDeadZone/openLayers``,
    ///     ``RotationDeadZone/none``), they also turn it once their turn since `began` has
    ///     passed the zone, measured as MapLibre does on the smallest distance they had, and
    ///     from the sample that passes it on by each sample's change (the map starts turning
    ///     where it is rather than jumping by the zone's angle).
    public init(velocityEstimator: VelocityEstimator = VelocityEstimator(), touchRotation: RotationDeadZone? = nil) {
        estimator = velocityEstimator
        self.touchRotation = touchRotation
    }

    /// Whether a pinch is in progress (began, not yet ended or cancelled).
    public var isActive: Bool { last != nil }

    /// The motion after the last pinch ended, for `camera` (the camera as the pinch left it):
    /// nil when no pinch has ended since the last began or cancelled, and when the release's
    /// centroid, the motion's anchor, lies beyond `camera`'s one-screen margin (a camera other
    /// than the one the pinch left: resized to a quarter, a release at (900, 900) of a
    /// 1000-point screen is beyond a 250-point one's); ``releaseVelocity`` still holds it.
    ///
    /// - Parameters:
    ///   - camera: The camera at release.
    ///   - decay: How the motion slows down.
    ///   - northSnap: Snap-to-north where the motion rests
    ///     (``CameraInertia/init(from:velocity:decay:northSnap:)``); nil, none.
    /// - Returns: The inertia, or nil.
    public func inertia(
        from camera: MercatorCamera, decay: CameraInertia.Decay = .normal, northSnap: NorthSnap? = nil
    ) -> CameraInertia? {
        guard let releaseVelocity else { return nil }
        return try? CameraInertia(from: camera, velocity: releaseVelocity, decay: decay, northSnap: northSnap)
    }

    /// Records an applied sample; at `ended`, measures the release velocity.
    private mutating func record(
        _ phase: GesturePhase, scale: Double, rotationRadians: Double, centroid: ScreenPoint, timestamp: Double
    ) {
        if phase == .began {
            estimator.reset()
            releaseVelocity = nil
        }
        estimator.add(timestamp: timestamp, x: centroid.x, y: centroid.y, zoom: log2(scale), degrees: rotationRadians * (180 / Double.pi))
        if phase == .ended {
            let v = estimator.velocity(atRelease: timestamp)
            releaseVelocity = GestureVelocity(x: v.x, y: v.y, zoomLevelsPerSecond: v.zoom, degreesPerSecond: v.degrees, anchor: centroid)
            estimator.reset()
        }
    }

    /// Applies one recognizer sample to `camera`.
    ///
    /// - Parameters:
    ///   - phase: The recognizer's state.
    ///   - scale: The cumulative scale since touch-down (1 = unchanged), finite and > 0.
    ///   - centroid: The fingers' centroid in the camera's screen points.
    ///   - timestamp: Seconds on a monotonic clock (UIKit's `systemUptime`, a pointer event's
    ///     `timeStamp / 1000`), never decreasing within a gesture (a `began` may start a new clock).
    ///   - camera: The camera the pinch moves.
    /// - Returns: Whether the sample was applied.
    @discardableResult
    public mutating func update(
        _ phase: GesturePhase, scale: Double, centroid: ScreenPoint, timestamp: Double, camera: inout MercatorCamera
    ) -> Bool {
        if phase == .cancelled {
            guard isActive else { return false }
            end()
            estimator.reset()
            releaseVelocity = nil
            return true
        }
        guard scale.isFinite, scale > 0, timestamp.isFinite, Self.inOrder(phase, timestamp, after: lastTimestamp),
              (try? camera.transform.validate(centroid, name: "pinch centroid")) != nil
        else { return false }
        let previous: (scale: Double, centroid: ScreenPoint)
        switch (phase, last) {
        case (.began, _):
            // A new gesture: the recognizer's scale counts from 1 at touch-down.
            previous = (1, centroid)
        case (.changed, let active?), (.ended, let active?):
            previous = active
        default:
            return false
        }
        // (A step whose scale change overflows or underflows, as from 5e-324 back to 1, is
        // not applied: the camera would ignore it.)
        let ratio = scale / previous.scale
        guard ratio.isFinite, ratio > 0 else { return false }
        Self.step(scale: ratio, degrees: 0, from: previous.centroid, to: centroid, camera: &camera)
        if phase == .began { beginAfresh() }
        last = (scale, centroid)
        lastTimestamp = timestamp
        record(phase, scale: scale, rotationRadians: 0, centroid: centroid, timestamp: timestamp)
        if phase == .ended { end() }
        return true
    }

    /// Applies one sample of a pinch that also rotates: one gesture's cumulative scale and
    /// rotation, with the gesture's own phase (a web gesture's, or a trace's). Each call turns
    /// the change since the last sample into one
    /// ``MercatorCamera/pinchRotate(scale:degrees:anchor:dx:dy:)`` step around the previous
    /// centroid, moved to the new one, so the place under the fingers stays under them as they
    /// spread, turn and move (to 1e-6 points; only the zoom limits, the world's edge and the
    /// camera bounds stop it).
    ///
    /// UIKit's `UIPinchGestureRecognizer` and `UIRotationGestureRecognizer` recognised together
    /// report two phases and two cumulative values, each from its own touch-down: feed them to
    /// a ``PinchRotationGestureSession``, which makes them this gesture. (Their states passed
    /// here as they come restart the gesture at the second `began`: a rotation recognised after
    /// the pinch reached 1.3 applied the 1.3 again, and the samples after the first `ended` were
    /// refused.)
    ///
    /// To keep a pinch from turning the map by accident, pass a rotation of 0 until
    /// ``RotationDeadZone/isPassed(rotationRadians:fingerDistancePoints:)`` says so, and from
    /// then on the rotation since the sample before the one that passed it (the rotation minus
    /// its value at that earlier sample), so that the map starts turning where it is and the
    /// passing sample's own change turns it, as MapLibre's and OpenLayers' handlers do.
    /// (Passing the whole rotation from then on turns the map by the dead zone's angle in one
    /// frame: 14.3 degrees for fingers 200 points apart with ``RotationDeadZone/maplibre``.
    /// Counted from the passing sample itself, the map loses that sample's change: fingers
    /// reported at 0 and then 30 degrees leave it north up where MapLibre turns it 30.) This holds for one gesture's rotation, which never
    /// restarts; UIKit's recognizers are made one gesture, with the dead zone applied for you,
    /// by ``PinchRotationGestureSession/init(velocityEstimator:rotationDeadZone:)``. To snap a
    /// nearly north-up map back, pass a ``NorthSnap`` to ``inertia(from:decay:northSnap:)``,
    /// which snaps where the map comes to rest (snapped at the end of the gesture, the throw
    /// would turn it away again); with no inertia, apply it to the camera.
    ///
    /// - Parameters:
    ///   - phase: The recognizers' state.
    ///   - scale: The cumulative scale since touch-down (1 = unchanged), finite and > 0.
    ///   - rotationRadians: The cumulative rotation since touch-down, radians, positive
    ///     clockwise on screen (UIKit's `rotation`); finite.
    ///   - centroid: The fingers' centroid in the camera's screen points.
    ///   - timestamp: Seconds on a monotonic clock, never decreasing within a gesture.
    ///   - camera: The camera the gesture moves.
    /// - Returns: Whether the sample was applied (an invalid one changes nothing).
    @discardableResult
    public mutating func update(
        _ phase: GesturePhase, scale: Double, rotationRadians: Double, centroid: ScreenPoint, timestamp: Double,
        camera: inout MercatorCamera
    ) -> Bool {
        if phase == .cancelled {
            guard isActive else { return false }
            end()
            estimator.reset()
            releaseVelocity = nil
            return true
        }
        guard scale.isFinite, scale > 0, rotationRadians.isFinite, timestamp.isFinite,
              Self.inOrder(phase, timestamp, after: lastTimestamp),
              (try? camera.transform.validate(centroid, name: "pinch centroid")) != nil
        else { return false }
        let previous: (scale: Double, centroid: ScreenPoint, rotation: Double)
        switch (phase, last) {
        case (.began, _):
            previous = (1, centroid, 0)
        case (.changed, let active?), (.ended, let active?):
            previous = (active.scale, active.centroid, lastRotation ?? 0)
        default:
            return false
        }
        let degrees = (rotationRadians - previous.rotation) * (180 / Double.pi)
        // (A step whose scale change or turn overflows is not applied, as above.)
        let ratio = scale / previous.scale
        guard ratio.isFinite, ratio > 0, degrees.isFinite else { return false }
        Self.step(scale: ratio, degrees: degrees, from: previous.centroid, to: centroid, camera: &camera)
        if phase == .began { beginAfresh() }
        last = (scale, centroid)
        lastRotation = rotationRadians
        lastTimestamp = timestamp
        record(phase, scale: scale, rotationRadians: rotationRadians, centroid: centroid, timestamp: timestamp)
        if phase == .ended { end() }
        return true
    }

    /// Applies one sample of a two-pointer gesture on the web (or of a UIKit recognizer's two
    /// touches, `location(ofTouch:in:)` while `numberOfTouches` is 2): the pointers' positions,
    /// from which the centroid and the cumulative scale (their distance over the distance at
    /// ``GesturePhase/began``) follow, and, for a session made with a ``touchRotation`` dead
    /// zone, their turn.
    ///
    /// The turn is the angle from the line between the pointers at `began` to the line now,
    /// clockwise on screen, followed sample by sample (each sample's change taken the short
    /// way, so that turning a whole circle and more counts). It turns the map once it passes
    /// the dead zone (``RotationDeadZone/isPassed(rotationRadians:fingerDistancePoints:)`` on
    /// the smallest distance the pointers had), from the sample that passes it on, as
    /// MapLibre's handler does: that sample turns the map by its own change (the turn since
    /// the sample before), each later one by its change, so the map starts where it is and
    /// never jumps by the zone's angle; before, the map only pinches and moves. The place under
    /// the pointers' midpoint stays under it as they spread, turn and move (to 1e-6 points).
    ///
    /// Pass the two pointers in the same order at every sample (by `pointerId`, as MapLibre
    /// follows its first two touches by their identifiers): the pair swapped reads as their
    /// line turning half a circle, and a session that turns with them turns the map 180
    /// degrees.
    ///
    /// - Returns: Whether the sample was applied (false also when the two pointers coincide at
    ///   the start, which gives no scale; a refused sample changes nothing).
    @discardableResult
    public mutating func update(
        _ phase: GesturePhase, touches: (ScreenPoint, ScreenPoint), timestamp: Double, camera: inout MercatorCamera
    ) -> Bool {
        let (a, b) = touches
        let vx = b.x - a.x, vy = b.y - a.y
        let distance = (vx * vx + vy * vy).squareRoot()
        let centroid = ScreenPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        if phase == .began {
            guard distance.isFinite, distance > 0 else { return false }
            let applied = touchRotation == nil
                ? update(.began, scale: 1, centroid: centroid, timestamp: timestamp, camera: &camera)
                : update(.began, scale: 1, rotationRadians: 0, centroid: centroid, timestamp: timestamp, camera: &camera)
            guard applied else { return false }
            // (Set once the gesture has begun: a `began` of the scalar updates forgets them.)
            startDistance = distance
            turn = touchRotation.map { TouchTurn(x: vx, y: vy, distance: distance, zone: $0) }
            return true
        }
        guard let start = startDistance else { return false }
        let applied: Bool
        if phase != .cancelled, let zone = touchRotation, let current = turn {
            // (Kept only once the sample is applied.)
            let next = current.turned(toX: vx, y: vy, distance: distance, zone: zone)
            applied = update(
                phase, scale: distance / start, rotationRadians: next.mapRadians, centroid: centroid, timestamp: timestamp,
                camera: &camera)
            if applied { turn = next }
        } else {
            applied = update(phase, scale: distance / start, centroid: centroid, timestamp: timestamp, camera: &camera)
        }
        if !isActive {
            startDistance = nil
            turn = nil
        }
        return applied
    }

    /// One sample's change applied to `camera`: a pinch by `ratio` and a turn by `degrees`
    /// about the previous centroid, moved to the new one.
    private static func step(
        scale ratio: Double, degrees: Double, from previous: ScreenPoint, to centroid: ScreenPoint, camera: inout MercatorCamera
    ) {
        let dx = centroid.x - previous.x, dy = centroid.y - previous.y
        if (try? camera.checkPinchRotate(scale: ratio, degrees: degrees, anchor: previous, dx: dx, dy: dy)) != nil {
            // One step, constrained once: the zoom by the ratio and the turn about the previous
            // centroid and the centroid's move together (what a pan by the move followed by a
            // pinch about the new centroid gives, but with no world-edge clamp in between:
            // fingers moving toward the edge while spreading left the place 22.5 points from
            // them, the view well inside the world, when the pan was clamped first).
            camera.applyPinchRotate(scale: ratio, degrees: degrees, anchor: previous, dx: dx, dy: dy)
        } else {
            // The previous centroid beyond this camera's margin (the screen shrank under the
            // fingers): the pan, then the pinch and turn about the new centroid, each checked.
            // (With a turn, the one step about the previous centroid was refused as a whole
            // and the sample, applied, moved nothing: a 2x spread after the screen went from
            // 1000 to 300 points left the zoom at 12.)
            camera.pan(dx: dx, dy: dy)
            if degrees == 0 {
                camera.pinch(scale: ratio, anchor: centroid)
            } else {
                camera.pinchRotate(scale: ratio, degrees: degrees, anchor: centroid)
            }
        }
    }

    /// Whether a sample's time stamp may follow the last applied one: within a gesture it
    /// never runs backwards; a `began` starts a new gesture and takes any finite time stamp, so
    /// that one far-future time stamp (1e300, milliseconds passed as seconds) does not make the
    /// session refuse every later gesture.
    static func inOrder(_ phase: GesturePhase, _ timestamp: Double, after last: Double?) -> Bool {
        phase == .began || timestamp >= (last ?? -.infinity)
    }

    /// A new gesture keeps nothing of the last one: neither its rotation (a pinch that does
    /// not rotate, begun after one that did, then fed a rotation of 0.6 radians, turned the
    /// map by 0.1) nor its pointers (two pointers' sample after a `began` of the scalar
    /// updates was applied against the old gesture's start distance: a zoom of one level for
    /// pointers that had not moved).
    private mutating func beginAfresh() {
        lastRotation = nil
        startDistance = nil
        turn = nil
    }

    private mutating func end() {
        last = nil
        lastRotation = nil
        startDistance = nil
        turn = nil
    }

    public static func == (a: PinchGestureSession, b: PinchGestureSession) -> Bool {
        a.last?.scale == b.last?.scale && a.last?.centroid == b.last?.centroid && a.lastRotation == b.lastRotation
            && a.startDistance == b.startDistance && a.turn == b.turn && a.touchRotation == b.touchRotation
            && a.lastTimestamp == b.lastTimestamp && a.estimator == b.estimator && a.releaseVelocity == b.releaseVelocity
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(last?.scale)
        hasher.combine(last?.centroid)
        hasher.combine(lastRotation)
        hasher.combine(startDistance)
        hasher.combine(turn)
        hasher.combine(touchRotation)
        hasher.combine(lastTimestamp)
        hasher.combine(estimator)
        hasher.combine(releaseVelocity)
    }
}

/// Two pointers' turn during one gesture of ``PinchGestureSession/update(_:touches:timestamp:camera:)``.
struct TouchTurn: Hashable, Sendable {
    /// The line from the first pointer to the second at the last applied sample, in points.
    var x: Double, y: Double
    /// The turn since `began`, radians clockwise on screen, followed sample by sample.
    var radians = 0.0
    /// The dead zone on that turn.
    var gate: RotationGate

    /// The pointers at `began`.
    init(x: Double, y: Double, distance: Double, zone: RotationDeadZone) {
        self.x = x
        self.y = y
        gate = RotationGate(zone: zone, distance: distance)
    }

    /// The turn the map makes: 0 before the zone is passed, then the turn since.
    var mapRadians: Double { gate.mapRadians(radians) }

    /// The turn after a sample whose pointers' line is (`vx`, `vy`), `distance` long.
    func turned(toX vx: Double, y vy: Double, distance: Double, zone: RotationDeadZone) -> TouchTurn {
        var next = self
        // The change since the last sample the short way, in (-pi, pi]: atan2 of the cross
        // and dot products (y grows down the screen, so a positive cross product is a
        // clockwise turn). Pointers together keep the turn; so do products that overflow
        // (such a sample is refused anyway: its distance is not finite).
        let cross = x * vy - y * vx, dot = x * vx + y * vy
        if distance > 0, cross.isFinite, dot.isFinite {
            next.radians += atan2(cross, dot)
            next.x = vx
            next.y = vy
        }
        next.gate = gate.advanced(from: radians, to: next.radians, distance: distance.isFinite ? distance : nil, zone: zone)
        return next
    }
}

/// A ``RotationDeadZone`` applied to one gesture's rotation, as MapLibre's two-finger rotate
/// handler applies its threshold: the zone is measured on the rotation since the gesture began
/// and on the smallest finger distance reported so far; the sample that passes it turns the
/// map by its own change (the rotation since the sample before), and every later sample by
/// its change, so that the map starts turning where it is, never by the zone's angle, and
/// follows the fingers from the sample that passed.
struct RotationGate: Hashable, Sendable {
    /// The smallest finger distance reported during the gesture, in points (nil: none yet).
    var smallestDistance: Double?
    /// The gesture's rotation from which the map turns, radians (nil until the zone is passed).
    var passedAt: Double?

    /// A gesture's start; with no dead zone (``RotationDeadZone/none``) the map turns from
    /// there.
    init(zone: RotationDeadZone, distance: Double? = nil) {
        smallestDistance = distance
        if zone.arcLengthPoints == 0 && zone.angleRadians == 0 { passedAt = 0 }
    }

    /// The map's rotation for the gesture's rotation `rotation`: 0 before the zone is passed,
    /// then the rotation since ``passedAt``.
    func mapRadians(_ rotation: Double) -> Double { passedAt.map { rotation - $0 } ?? 0 }

    /// After a sample that took the gesture's rotation from `previous` to `rotation`, with the
    /// fingers `distance` apart (nil: not reported).
    func advanced(from previous: Double, to rotation: Double, distance: Double?, zone: RotationDeadZone) -> RotationGate {
        var next = self
        if let distance { next.smallestDistance = min(smallestDistance ?? distance, distance) }
        // An arc needs a distance; a zone of an angle alone does not.
        if next.passedAt == nil, let measured = next.smallestDistance ?? (zone.arcLengthPoints == 0 ? 0 : nil),
           zone.isPassed(rotationRadians: rotation, fingerDistancePoints: measured)
        {
            // (From the sample that passes it, as MapLibre, which applies that sample's own
            // change: taken from the passing sample itself, the map lost that change, all of
            // a 30-degree turn reported in one sample past a 14.3-degree zone.)
            next.passedAt = previous
        }
        return next
    }
}

/// UIKit's pinch and rotation recognizers recognised together (the rotation recognizer's
/// delegate allows simultaneous recognition), driving a ``MercatorCamera`` as one gesture.
///
/// The two recognizers report apart: each has its own `began`, `changed` and `ended`, and its
/// own cumulative value from its own touch-down (the rotation is usually recognised a few
/// degrees after the pinch, and a finger lifting ends them one after the other). This session
/// makes them one gesture of a ``PinchGestureSession``: it begins with the first recognizer's
/// `began` and ends with the last one's `ended` (or `cancelled`); the gesture's scale is the
/// pinch's, its rotation the rotation's, each kept at its last value while its recognizer is
/// idle and counted on from there when it begins again; a new gesture starts from scale 1 and
/// rotation 0 (a recognizer that begins again while the other is idle begins a new gesture,
/// also when its own end was refused). So the place under the fingers stays under them (to 1e-6 points), the zoom
/// changes by log2 of the pinch's scale and the bearing by minus its rotation, whichever
/// recognizer reports first or last.
///
/// ```swift
/// var pinchRotation = PinchRotationGestureSession(rotationDeadZone: .maplibre)
///
/// @objc func pinched(_ recognizer: UIPinchGestureRecognizer) {
///     guard let phase = GesturePhase(recognizer.state) else { return }
///     let location = recognizer.location(in: mapView)
///     pinchRotation.update(
///         phase, pinchScale: recognizer.scale, centroid: ScreenPoint(x: location.x, y: location.y),
///         fingerDistancePoints: fingerDistance(recognizer),
///         timestamp: ProcessInfo.processInfo.systemUptime, camera: &camera)
///     render(camera)
/// }
/// @objc func rotated(_ recognizer: UIRotationGestureRecognizer) {
///     guard let phase = GesturePhase(recognizer.state) else { return }
///     let location = recognizer.location(in: mapView)
///     pinchRotation.update(
///         phase, rotationRadians: recognizer.rotation, centroid: ScreenPoint(x: location.x, y: location.y),
///         fingerDistancePoints: fingerDistance(recognizer),
///         timestamp: ProcessInfo.processInfo.systemUptime, camera: &camera)
///     render(camera)
/// }
/// /// The distance between a recognizer's two touches, in points (nil unless there are two).
/// func fingerDistance(_ recognizer: UIGestureRecognizer) -> Double? {
///     guard recognizer.numberOfTouches == 2 else { return nil }
///     let a = recognizer.location(ofTouch: 0, in: mapView), b = recognizer.location(ofTouch: 1, in: mapView)
///     return Double(hypot(b.x - a.x, b.y - a.y))
/// }
/// ```
///
/// To keep a pinch from turning the map by accident, make the session with a
/// ``rotationDeadZone`` and pass the fingers' distance with the samples: the session measures
/// the zone as MapLibre does, on the gesture's rotation since it began (which goes on across
/// the rotation recognizer's runs) and on the smallest distance reported, and from the sample
/// that passes it on turns the map by each sample's change, so the map starts turning where it
/// is. A zone with an arc (``RotationDeadZone/maplibre``) is not passed while no distance has
/// been reported; one of an angle alone (``RotationDeadZone/openLayers``) needs none. (The
/// recipe this replaces computed it in the app: a rotation of 0 until the zone was passed,
/// then the rotation since. The rotation recognizer's value restarts at 0 when it ends and
/// begins again within the gesture, so "the rotation since" went negative there and the map
/// jumped back by the rotation at the pass: 17.2 degrees for a pass at 0.3 radians.)
/// To snap a nearly north-up map back, pass a ``NorthSnap`` to
/// ``inertia(from:decay:northSnap:)``, which snaps where the map comes to rest. A sample
/// that cannot be applied (a phase out of order for its recognizer, a value that is not
/// finite, a scale of 0 or less, what ``PinchGestureSession`` refuses) is ignored and `update`
/// returns false, leaving the camera as it was and changing nothing else, but for an `ended`:
/// the recognizer reports nothing after it, so its run ends there, its value held at the last
/// applied one (the gesture goes on with the other recognizer, or, the other idle, ends as
/// cancelled, with no release velocity).
public struct PinchRotationGestureSession: Hashable, Sendable {
    /// The gesture both recognizers make.
    public private(set) var session: PinchGestureSession
    /// Whether each recognizer is between its `began` and its end.
    private var pinching = false, rotating = false
    /// The gesture's cumulative scale and rotation (radians, clockwise) of the last applied
    /// sample.
    private var scale = 1.0, rotation = 0.0
    /// The gesture's scale and rotation when each recognizer's current run began (its own
    /// cumulative value counts from 1 and 0 there).
    private var scaleBase = 1.0, rotationBase = 0.0
    /// The dead zone on the gesture's rotation (nil while no gesture has begun, or when the
    /// session has no ``rotationDeadZone``).
    private var gate: RotationGate?
    /// How far the fingers turn before the map turns with them: nil (the default), from the
    /// start; a dead zone (``RotationDeadZone/maplibre``, ``RotationDeadZone/openLayers``), once
    /// the gesture's rotation has passed it, measured on the smallest `fingerDistancePoints`
    /// reported.
    public let rotationDeadZone: RotationDeadZone?

    /// An idle session.
    ///
    /// - Parameters:
    ///   - velocityEstimator: How the release velocity is measured.
    ///   - rotationDeadZone: nil (the default), the map turns with the fingers from the start;
    ///     a dead zone, once their rotation since the gesture began has passed it (as
    ///     MapLibre's two-finger rotation; an arc needs the fingers' distance with the samples).
    public init(velocityEstimator: VelocityEstimator = VelocityEstimator(), rotationDeadZone: RotationDeadZone? = nil) {
        session = PinchGestureSession(velocityEstimator: velocityEstimator)
        self.rotationDeadZone = rotationDeadZone
    }

    /// Whether a gesture is in progress (a recognizer began and not both have ended).
    public var isActive: Bool { pinching || rotating }

    /// The velocity when the last gesture ended (``PinchGestureSession/releaseVelocity``).
    public var releaseVelocity: GestureVelocity? { session.releaseVelocity }

    /// The motion after the last gesture ended, for the camera as it left it
    /// (``PinchGestureSession/inertia(from:decay:northSnap:)``).
    public func inertia(
        from camera: MercatorCamera, decay: CameraInertia.Decay = .normal, northSnap: NorthSnap? = nil
    ) -> CameraInertia? {
        session.inertia(from: camera, decay: decay, northSnap: northSnap)
    }

    /// Applies one sample of the pinch recognizer.
    ///
    /// - Parameters:
    ///   - phase: The pinch recognizer's state.
    ///   - pinchScale: Its cumulative scale since its touch-down (UIKit's `scale`), finite and > 0.
    ///   - centroid: The fingers' centroid in the camera's screen points.
    ///   - fingerDistancePoints: The distance between the two fingers, in points, finite and
    ///     >= 0, for the ``rotationDeadZone``'s arc (nil: not known, as with other than two
    ///     touches).
    ///   - timestamp: Seconds on a monotonic clock, never decreasing within the gesture.
    ///   - camera: The camera the gesture moves.
    /// - Returns: Whether the sample was applied.
    @discardableResult
    public mutating func update(
        _ phase: GesturePhase, pinchScale: Double, centroid: ScreenPoint, fingerDistancePoints: Double? = nil,
        timestamp: Double, camera: inout MercatorCamera
    ) -> Bool {
        guard phase == .cancelled || (pinchScale.isFinite && pinchScale > 0 && Self.isDistance(fingerDistancePoints)) else {
            if phase == .ended { refusedEnd(pinch: true, camera: &camera) }
            return false
        }
        return apply(
            phase, pinch: true, value: pinchScale, centroid: centroid, distance: fingerDistancePoints, timestamp: timestamp,
            camera: &camera)
    }

    /// Applies one sample of the rotation recognizer.
    ///
    /// - Parameters:
    ///   - phase: The rotation recognizer's state.
    ///   - rotationRadians: Its cumulative rotation since its touch-down, radians, positive
    ///     clockwise on screen (UIKit's `rotation`); finite.
    ///   - centroid: The fingers' centroid in the camera's screen points.
    ///   - fingerDistancePoints: The distance between the two fingers, in points, finite and
    ///     >= 0, for the ``rotationDeadZone``'s arc (nil: not known).
    ///   - timestamp: Seconds on a monotonic clock, never decreasing within the gesture.
    ///   - camera: The camera the gesture moves.
    /// - Returns: Whether the sample was applied.
    @discardableResult
    public mutating func update(
        _ phase: GesturePhase, rotationRadians: Double, centroid: ScreenPoint, fingerDistancePoints: Double? = nil,
        timestamp: Double, camera: inout MercatorCamera
    ) -> Bool {
        guard phase == .cancelled || (rotationRadians.isFinite && Self.isDistance(fingerDistancePoints)) else {
            if phase == .ended { refusedEnd(pinch: false, camera: &camera) }
            return false
        }
        return apply(
            phase, pinch: false, value: rotationRadians, centroid: centroid, distance: fingerDistancePoints,
            timestamp: timestamp, camera: &camera)
    }

    /// Whether a finger distance may be used: none, or a finite number of points >= 0.
    private static func isDistance(_ distance: Double?) -> Bool {
        distance.map { $0.isFinite && $0 >= 0 } ?? true
    }

    /// One recognizer's sample as a sample of the gesture; the state changes only when the
    /// gesture's session applies it.
    private mutating func apply(
        _ phase: GesturePhase, pinch: Bool, value: Double, centroid: ScreenPoint, distance: Double?, timestamp: Double,
        camera: inout MercatorCamera
    ) -> Bool {
        var next = self
        let wasActive = pinch ? pinching : rotating
        let otherActive = pinch ? rotating : pinching
        let gesturePhase: GesturePhase
        switch phase {
        case .cancelled:
            guard wasActive else { return false }
            if pinch { next.pinching = false } else { next.rotating = false }
            // (The other recognizer goes on: the gesture keeps this one's last value.)
            if !otherActive {
                guard next.session.update(
                    .cancelled, scale: scale, rotationRadians: rotation, centroid: centroid, timestamp: timestamp, camera: &camera)
                else { return false }
            }
            self = next
            return true
        case .began:
            // A new gesture unless the other recognizer is running: also when this one never
            // ended (its `ended` was refused, as a centroid beyond a screen that shrank), which
            // a recognizer does not do within a gesture. (Taken as the gesture going on, such a
            // began moved the map by the centroid's distance from the last gesture's.)
            let newGesture = !otherActive
            if newGesture {
                // Nothing of the last one's values carries over.
                next.scale = 1
                next.rotation = 0
                next.gate = rotationDeadZone.map { RotationGate(zone: $0) }
            }
            if pinch { next.scaleBase = next.scale } else { next.rotationBase = next.rotation }
            gesturePhase = newGesture ? .began : .changed
        case .changed, .ended:
            guard wasActive else { return false }
            gesturePhase = phase == .ended && !otherActive ? .ended : .changed
        }
        let previousRotation = next.rotation
        if pinch {
            next.scale = next.scaleBase * value
            next.pinching = phase != .ended
        } else {
            next.rotation = next.rotationBase + value
            next.rotating = phase != .ended
        }
        // The map's rotation: the gesture's, or past the dead zone its change from the sample
        // that passed it on (measured on the gesture's rotation, which the rotation
        // recognizer's runs continue, never on its own value, which restarts at 0).
        var turn = next.rotation
        if let zone = rotationDeadZone {
            let gate = (next.gate ?? RotationGate(zone: zone))
                .advanced(from: previousRotation, to: next.rotation, distance: distance, zone: zone)
            next.gate = gate
            turn = gate.mapRadians(next.rotation)
        }
        // (A product or sum that overflows is refused by the session, which changes nothing.)
        guard next.session.update(
            gesturePhase, scale: next.scale, rotationRadians: turn, centroid: centroid, timestamp: timestamp, camera: &camera)
        else {
            if phase == .ended { refusedEnd(pinch: pinch, camera: &camera) }
            return false
        }
        self = next
        return true
    }

    /// A recognizer's `ended` that cannot be applied still ends its run (it reports nothing
    /// more): its value stays the last applied, and with the other recognizer idle the gesture
    /// ends as cancelled, where the camera is. (Counted as running, it kept the gesture open
    /// after the other's end, and a next gesture begun by the other went on from this one: the
    /// place under the fingers moved by the distance between the two gestures' centroids.)
    private mutating func refusedEnd(pinch: Bool, camera: inout MercatorCamera) {
        guard pinch ? pinching : rotating else { return }
        if pinch { pinching = false } else { rotating = false }
        if !(pinch ? rotating : pinching) {
            // (A cancel applies no values and reads neither the centroid nor the time.)
            session.update(.cancelled, scale: scale, rotationRadians: rotation, centroid: camera.focalPoint, timestamp: 0, camera: &camera)
        }
    }
}

/// One one-finger pan, fed exactly what a recognizer reports, driving a ``MercatorCamera``.
///
/// UIKit's `UIPanGestureRecognizer.translation(in:)` is cumulative since the gesture began;
/// the session pans the camera by each sample's difference from the previous one, so the
/// content follows the finger exactly (summing increments of a cumulative value, with no
/// drift: each step is the difference of two reported values).
///
/// ```swift
/// @objc func panned(_ recognizer: UIPanGestureRecognizer) {
///     guard let phase = GesturePhase(recognizer.state) else { return }
///     let translation = recognizer.translation(in: mapView)
///     panSession.update(
///         phase, translation: ScreenPoint(x: translation.x, y: translation.y),
///         timestamp: ProcessInfo.processInfo.systemUptime, camera: &camera)
///     render(camera)
/// }
/// ```
///
/// On the web, pass the pointer's position minus its position at `pointerdown`. A sample that
/// cannot be applied (a phase out of order, a translation that is not finite, a time stamp
/// that runs backwards within a gesture) is ignored and `update` returns false. A `began`
/// starts a new gesture at any finite time stamp.
public struct PanGestureSession: Hashable, Sendable {
    /// The cumulative translation of the last applied sample, while a pan is active.
    private var lastTranslation: ScreenPoint?
    /// The time stamp of the last applied sample, in seconds.
    public private(set) var lastTimestamp: Double?
    /// The samples of the pan in progress, for the velocity at release.
    private var estimator: VelocityEstimator
    /// The content's velocity when the last pan ended, points per second (nil while one is in
    /// progress, after a cancel, and before any ended), measured by the session's
    /// ``VelocityEstimator`` over the samples' timestamps: zero when the finger rested before
    /// lifting.
    public private(set) var releaseVelocity: GestureVelocity?

    /// An idle session.
    ///
    /// - Parameter velocityEstimator: How the release velocity is measured (the default
    ///   window is 0.1 s, the default pause 0.04 s).
    public init(velocityEstimator: VelocityEstimator = VelocityEstimator()) {
        estimator = velocityEstimator
    }

    /// Whether a pan is in progress.
    public var isActive: Bool { lastTranslation != nil }

    /// The motion after the last pan ended, for `camera` (the camera as the pan left it): nil
    /// when no pan has ended since the last began or cancelled.
    ///
    /// ```swift
    /// if phase == .ended, let inertia = panSession.inertia(from: camera) {
    ///     // Each frame: camera = inertia.state(atSeconds: now - releaseTime)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - camera: The camera at release.
    ///   - decay: How the motion slows down.
    ///   - northSnap: Snap-to-north where the motion rests
    ///     (``CameraInertia/init(from:velocity:decay:northSnap:)``); nil, none.
    /// - Returns: The inertia, or nil.
    public func inertia(
        from camera: MercatorCamera, decay: CameraInertia.Decay = .normal, northSnap: NorthSnap? = nil
    ) -> CameraInertia? {
        guard let releaseVelocity else { return nil }
        return try? CameraInertia(from: camera, velocity: releaseVelocity, decay: decay, northSnap: northSnap)
    }

    /// Applies one recognizer sample to `camera`.
    ///
    /// - Parameters:
    ///   - phase: The recognizer's state.
    ///   - translation: The cumulative translation since the gesture began, in points.
    ///   - timestamp: Seconds on a monotonic clock, never decreasing within a gesture.
    ///   - camera: The camera the pan moves.
    /// - Returns: Whether the sample was applied.
    @discardableResult
    public mutating func update(
        _ phase: GesturePhase, translation: ScreenPoint, timestamp: Double, camera: inout MercatorCamera
    ) -> Bool {
        if phase == .cancelled {
            guard isActive else { return false }
            lastTranslation = nil
            estimator.reset()
            releaseVelocity = nil
            return true
        }
        guard translation.isFinite, timestamp.isFinite, PinchGestureSession.inOrder(phase, timestamp, after: lastTimestamp)
        else { return false }
        let previous: ScreenPoint
        switch (phase, lastTranslation) {
        case (.began, _): previous = ScreenPoint(x: 0, y: 0)
        case (.changed, let active?), (.ended, let active?): previous = active
        default: return false
        }
        // (A step that overflows, as from -1.7e308 to 1.7e308, is not applied: the camera
        // would ignore it.)
        let dx = translation.x - previous.x, dy = translation.y - previous.y
        guard dx.isFinite, dy.isFinite else { return false }
        camera.pan(dx: dx, dy: dy)
        lastTranslation = phase == .ended ? nil : translation
        lastTimestamp = timestamp
        if phase == .began {
            estimator.reset()
            releaseVelocity = nil
        }
        estimator.add(timestamp: timestamp, x: translation.x, y: translation.y)
        if phase == .ended {
            let v = estimator.velocity(atRelease: timestamp)
            releaseVelocity = GestureVelocity(x: v.x, y: v.y)
            estimator.reset()
        }
        return true
    }
}

#if canImport(UIKit)
extension GesturePhase {
    /// The phase of a UIKit recognizer's state: nil for `.possible`, which an action method
    /// never receives. (Compiled on Apple platforms only; this package's CI runs on Linux.)
    public init?(_ state: UIGestureRecognizer.State) {
        switch state {
        case .began: self = .began
        case .changed: self = .changed
        case .ended: self = .ended
        case .cancelled, .failed: self = .cancelled
        case .possible: return nil
        @unknown default: return nil
        }
    }
}
#endif
