import FuzzSupport
import GeoMath
import Projection

#if canImport(Glibc)
import Glibc
#endif

/// What one input's operations share beyond the camera: the three gesture sessions, their
/// clock, and the last transition (states of it are resized and adopted by later operations).
struct RenderingState {
    var pinch = PinchGestureSession()
    var pinchRotation = PinchRotationGestureSession()
    var pan = PanGestureSession()
    /// The time stamp of the last sample, advanced by tame steps or set to any double.
    var clock = 0.0
    var transition: CameraTransition?
    /// The last applied centroid of each pinch session and translation of the pan (the
    /// sessions keep theirs private).
    var pinchCentroid = ScreenPoint(x: 0, y: 0)
    var pinchRotationCentroid = ScreenPoint(x: 0, y: 0)
    var panTranslation = ScreenPoint(x: 0, y: 0)
    /// The pinch session's last applied two touches, while its turn follows them (nil after a
    /// sample of another form, which the turn does not see).
    var pinchTouches: (ScreenPoint, ScreenPoint)?
}

/// FuzzAPI's other operations (0 to 15 here): the renderer's and the gestures' public surfaces
/// (legend placement, gesture sessions, inertia, tile covers and corners, MapKit conversions,
/// scale bars, transitions resized mid-flight). Each either throws its typed error for what
/// the documentation calls bad input (and, where it says so, takes good input), or returns
/// values that are all finite and keep the documented invariants; a refused sample or a
/// throwing call changes nothing.
func fuzzRendering(_ operation: UInt8, _ input: inout Input, _ camera: inout MercatorCamera, _ state: inout RenderingState) {
    switch operation % 16 {
    case 0: fuzzLegend(&input, camera, pins: false)
    case 1: fuzzLegend(&input, camera, pins: true)
    case 2: fuzzPinchSession(&input, &camera, &state)
    case 3: fuzzPinchRotationSession(&input, &camera, &state)
    case 4: fuzzPanSession(&input, &camera, &state)
    case 5: fuzzInertia(&input, camera, state)
    case 6: fuzzTileCover(&input, camera)
    case 7: fuzzTileCorners(&input, camera)
    case 8: fuzzMapKitCamera(&input, &camera)
    case 9: fuzzMapKitValues(&input)
    case 10: fuzzScaleBar(&input, camera)
    case 11: fuzzTransition(&input, camera, &state)
    case 12: fuzzTransitionStates(&input, &camera, state)
    case 13: fuzzResizeAndBack(&input, camera)
    case 14: fuzzSnapsAndEstimator(&input)
    default: fuzzCamera(&input, &camera)
    }
}

// MARK: - Reading values

extension Input {
    /// Any double (odd flag) or a tame number scaled by 10^(0 ... 7) (even flag), so that
    /// screen sizes, zooms and map points in range come often.
    mutating func scaled() -> Double {
        let power = Double((byte() ?? 0) % 8)
        return number() * pow(10, power)
    }

    /// An Int: one of a few edges, or any 64 bits.
    mutating func integer(tame: [Int]) -> Int {
        let selector = Int(byte() ?? 0)
        if selector < tame.count * 16 { return tame[selector % tame.count] }
        return Int(truncatingIfNeeded: double().bitPattern)
    }

    mutating func screenPoint() -> ScreenPoint { ScreenPoint(x: scaled(), y: scaled()) }

    /// A time stamp: the clock advanced by a tame step (which may be negative), or any double.
    mutating func timestamp(_ clock: inout Double) -> Double {
        if (byte() ?? 0) & 3 == 3 {
            clock = double()
        } else {
            let step = number() / 100
            if (clock + step).isFinite { clock += step }
        }
        return clock
    }

    mutating func phase() -> GesturePhase { GesturePhase.allCases[Int(byte() ?? 0) % GesturePhase.allCases.count] }
}

func checkFinite(_ point: ScreenPoint, _ what: @autoclosure () -> String) {
    precondition(point.x.isFinite && point.y.isFinite, "non-finite \(what()): \(point)")
}

func check(_ velocity: GestureVelocity?) {
    guard let velocity else { return }
    checkFinite(velocity.x, velocity.y, velocity.zoomLevelsPerSecond, velocity.degreesPerSecond)
    if let anchor = velocity.anchor { checkFinite(anchor, "release anchor") }
}

/// A motion's states at a few times (its ends, NaN, the input's): each a valid camera, the
/// ends bit for bit.
func check(_ motion: CameraMotion, _ input: inout Input) {
    let duration = motion.durationSeconds
    precondition(duration.isFinite && duration >= 0, "motion duration \(duration)")
    precondition(motion.state(atSeconds: 0) == motion.start && motion.state(atSeconds: -.infinity) == motion.start
        && motion.state(atSeconds: .nan) == motion.start, "a motion at t <= 0 is not its start")
    // (At a duration of 0, t = 0 is the start: the resting state is every t > 0's.)
    precondition(motion.state(atSeconds: duration > 0 ? duration : .leastNonzeroMagnitude) == motion.resting
        && motion.state(atSeconds: .infinity) == motion.resting, "a motion at its duration is not its resting state")
    check(motion.resting)
    for fraction in [0.25, 0.5, 0.999, input.number(), input.double()] {
        check(motion.state(atSeconds: fraction * duration))
    }
    check(motion.state(atSeconds: input.double()))
}

// MARK: - Legend

/// A legend placement over obstacles or pins of any values: refused exactly when a value is
/// out of its documented range; otherwise a corner of the preference, the box at its margins
/// inside the unobstructed rectangle, and the corner hiding the fewest pets, then the fewest
/// obstacles, then first in the preference (recounted here).
func fuzzLegend(_ input: inout Input, _ camera: MercatorCamera, pins: Bool) {
    let boxWidth = input.scaled(), boxHeight = input.scaled()
    let useCamera = (input.byte() ?? 0) & 1 == 0
    let screenWidth = useCamera ? camera.widthPoints : input.scaled()
    let screenHeight = useCamera ? camera.heightPoints : input.scaled()
    let insets: ScreenInsets
    switch (input.byte() ?? 0) % 3 {
    case 0: insets = .zero
    case 1: insets = camera.effectiveInsets
    default:
        guard let made = try? ScreenInsets(top: input.scaled(), left: input.scaled(), bottom: input.scaled(), right: input.scaled())
        else { return }
        insets = made
    }
    let margin = (input.byte() ?? 0) & 1 == 0 ? 8 : input.scaled()
    let preference = (0..<Int((input.byte() ?? 4) % 6)).map { _ in LegendCorner.allCases[Int(input.byte() ?? 0) % 4] }
    // Obstacles as given (a pin's disc of the pins' radius for the pins' initializer).
    var obstacles: [LegendObstacle] = []
    var obstaclesValid = true
    var points: [ScreenPoint] = []
    let radius = pins ? ((input.byte() ?? 0) & 1 == 0 ? 6 : input.scaled()) : 0
    for _ in 0..<Int((input.byte() ?? 0) % 8) {
        // Around the box's corners often: the input's points, or ones near a corner of the screen.
        var origin = input.screenPoint()
        if (input.byte() ?? 0) & 1 == 0, screenWidth.isFinite, screenHeight.isFinite {
            origin = ScreenPoint(x: origin.x.truncatingRemainder(dividingBy: screenWidth), y: origin.y.truncatingRemainder(dividingBy: screenHeight))
            if origin.x < 0 { origin.x += screenWidth }
            if origin.y < 0 { origin.y += screenHeight }
        }
        if pins {
            points.append(origin)
            continue
        }
        let count = input.integer(tame: [1, 0, 3, 300, Int.max, -1])
        let isDisc = (input.byte() ?? 0) & 1 == 0
        let a = input.scaled(), b = isDisc ? 0 : input.scaled()
        let valid = count >= 0 && (isDisc ? a.isFinite && a >= 0 : a.isFinite && a >= 0 && b.isFinite && b >= 0)
        do throws(GeometryError) {
            obstacles.append(isDisc
                ? try .disc(center: origin, radiusPoints: a, pinCount: count)
                : try .box(origin: origin, widthPoints: a, heightPoints: b, pinCount: count))
            precondition(valid, "an obstacle of \(a) x \(b) points, \(count) pets was made")
            let made = obstacles[obstacles.count - 1]
            precondition(made.origin.x.bitPattern == origin.x.bitPattern && made.origin.y.bitPattern == origin.y.bitPattern && made.pinCount == count, "an obstacle changed its values")
        } catch {
            guard case .invalidRendererParameter = error else { preconditionFailure("an obstacle threw \(error)") }
            precondition(!valid, "an obstacle of \(a) x \(b) points, \(count) pets was refused: \(error)")
            obstaclesValid = false
        }
    }
    guard obstaclesValid else { return }
    let placement: LegendPlacement
    let unobstructedWidth = screenWidth - insets.left - insets.right, unobstructedHeight = screenHeight - insets.top - insets.bottom
    let sizeValid = ScreenTransform.sizeRangePoints.contains(screenWidth) && ScreenTransform.sizeRangePoints.contains(screenHeight)
    let valid = boxWidth.isFinite && boxWidth > 0 && boxHeight.isFinite && boxHeight > 0 && margin.isFinite && margin >= 0
        && (!pins || (radius.isFinite && radius >= 0)) && sizeValid
        && insets.left + insets.right <= screenWidth - 1 && insets.top + insets.bottom <= screenHeight - 1
        // (The documented limits: margins of less than half the unobstructed size, and a box at
        // most that size less two margins, exactly as the messages state it.)
        && 2 * margin < unobstructedWidth && 2 * margin < unobstructedHeight
        && boxWidth <= unobstructedWidth - 2 * margin && boxHeight <= unobstructedHeight - 2 * margin && !preference.isEmpty
    do throws(GeometryError) {
        if pins {
            placement = try LegendPlacement(
                boxWidthPoints: boxWidth, boxHeightPoints: boxHeight, screenWidthPoints: screenWidth, screenHeightPoints: screenHeight,
                insets: insets, marginPoints: margin, pins: points, pinRadiusPoints: radius, preference: preference)
        } else {
            placement = try LegendPlacement(
                boxWidthPoints: boxWidth, boxHeightPoints: boxHeight, screenWidthPoints: screenWidth, screenHeightPoints: screenHeight,
                insets: insets, marginPoints: margin, obstacles: obstacles, preference: preference)
        }
    } catch {
        switch error {
        case .invalidRendererParameter, .invalidInsets, .invalidSize: break
        default: preconditionFailure("a legend placement threw \(error)")
        }
        precondition(!valid, "a legend of \(boxWidth) x \(boxHeight) on \(screenWidth) x \(screenHeight), insets \(insets), margin \(margin) refused: \(error)")
        return
    }
    precondition(valid, "a legend of \(boxWidth) x \(boxHeight) on \(screenWidth) x \(screenHeight), insets \(insets), margin \(margin), corners \(preference) placed")
    checkFinite(placement.origin, "legend origin")
    precondition(preference.contains(placement.corner), "corner \(placement.corner) not among \(preference)")
    // At its margins inside the unobstructed rectangle (to rounding).
    let o = placement.origin, tolerance = 1e-9 * max(screenWidth, screenHeight)
    precondition(o.x >= insets.left + margin - tolerance && o.x + boxWidth <= screenWidth - insets.right - margin + tolerance
        && o.y >= insets.top + margin - tolerance && o.y + boxHeight <= screenHeight - insets.bottom - margin + tolerance,
        "legend box at \(o) outside the unobstructed rectangle less its margins")
    // Recount every corner: the chosen one hides the fewest pets, then obstacles, then comes first.
    // Pets are summed exactly (overflows of the word counted apart), as the library compares
    // corners by their true sums and saturates only the figure it reports: a recount that
    // saturated first tied a corner of Int.max pets with one of more and chose the wrong one.
    let given = pins ? points.map { (origin: $0, width: 0.0, height: 0.0, radius: radius, count: 1) }
        : obstacles.map { (origin: $0.origin, width: $0.widthPoints, height: $0.heightPoints, radius: $0.radiusPoints, count: $0.pinCount) }
    func hidden(at corner: LegendCorner) -> (overflows: Int, pets: UInt, obstacles: Int) {
        let left = insets.left + margin, right = screenWidth - insets.right - margin - boxWidth
        let top = insets.top + margin, bottom = screenHeight - insets.bottom - margin - boxHeight
        let box: ScreenPoint
        switch corner {
        case .bottomLeading: box = ScreenPoint(x: left, y: bottom)
        case .bottomTrailing: box = ScreenPoint(x: right, y: bottom)
        case .topLeading: box = ScreenPoint(x: left, y: top)
        case .topTrailing: box = ScreenPoint(x: right, y: top)
        }
        var overflows = 0, pets: UInt = 0, met = 0
        for g in given where g.origin.x.isFinite && g.origin.y.isFinite {
            let dx = max(box.x - (g.origin.x + g.width), 0, g.origin.x - (box.x + boxWidth))
            let dy = max(box.y - (g.origin.y + g.height), 0, g.origin.y - (box.y + boxHeight))
            if hypot(dx, dy) <= g.radius {
                let (sum, overflow) = pets.addingReportingOverflow(UInt(g.count))
                pets = sum
                if overflow { overflows += 1 }
                met += 1
            }
        }
        return (overflows, pets, met)
    }
    let counts = preference.map(hidden(at:))
    let best = counts.min { $0 < $1 }!
    let first = preference[counts.firstIndex { $0 == best }!]
    let reported = best.overflows == 0 && best.pets <= UInt(Int.max) ? Int(best.pets) : Int.max
    precondition(placement.corner == first && placement.hiddenPinCount == reported && placement.hiddenObstacleCount == best.obstacles,
                 "legend at \(placement.corner) hiding \(placement.hiddenPinCount) pets, \(placement.hiddenObstacleCount) obstacles; recounted \(first) \(best)")
}

// MARK: - Gesture sessions

/// Whether nothing but the zoom limits can have moved the camera between two states: no
/// camera bounds, and the view inside the world's north and south edges in both.
func unconstrained(_ a: MercatorCamera, _ b: MercatorCamera) -> Bool {
    let limit = WebMercator.maximumLatitude - 1e-6
    return a.bounds == nil && b.bounds == nil
        && [a.visibleBounds, b.visibleBounds].allSatisfy { $0.north < limit && $0.south > -limit }
}

/// The place that was under `from` in `before` is under `to` in `after` (the map glued to the
/// fingers, to 1e-6 points and the rounding of the screen's size).
func checkGlued(_ before: MercatorCamera, _ after: MercatorCamera, from: ScreenPoint, to: ScreenPoint, _ what: String) {
    // (Compared in Mercator metres, eastings on the nearest world copy: a long pan wraps.)
    guard unconstrained(before, after), let place = try? before.mercatorPoint(at: from),
          let under = try? after.mercatorPoint(at: to), hypot(to.x - from.x, to.y - from.y) < 1e9 else { return }
    let world = WebMercator.worldWidthMeters
    let d = hypot((under.x - place.x).remainder(dividingBy: world), under.y - place.y) * after.pointsPerMercatorMeter
    let tolerance = 1e-6 + 1e-12 * max(after.widthPoints, after.heightPoints, abs(to.x), abs(to.y), hypot(to.x - from.x, to.y - from.y))
    precondition(d <= tolerance, "\(what): the place under \(from) is \(d) points from the fingers at \(to)")
}

/// One sample of a pinch session (its recognizer form, its turning form or two touches): a
/// refused sample changes neither the camera nor the session; an applied one leaves a valid
/// camera; a release velocity and its inertia are finite. Two touches turn the map by their
/// line's turn since the last sample, or not at all before the dead zone is passed (and never
/// without `touchRotation`, always with a zone of nothing).
func fuzzPinchSession(_ input: inout Input, _ camera: inout MercatorCamera, _ state: inout RenderingState) {
    let phase = input.phase()
    let form = input.byte() ?? 0
    // Two touches beginning a gesture on an idle session may change how it turns with them (the
    // form byte's quotient by 3: kept, no turn, no dead zone, MapLibre's, OpenLayers').
    if form % 3 == 2, phase == .began, !state.pinch.isActive, (1...4).contains(Int(form / 3 % 8)) {
        let zones: [RotationDeadZone?] = [nil, RotationDeadZone.none, .maplibre, .openLayers]
        state.pinch = PinchGestureSession(touchRotation: zones[Int(form / 3 % 8) - 1])
        state.pinchTouches = nil
    }
    let before = camera, session = state.pinch
    let applied: Bool
    var centroid = ScreenPoint(x: 0, y: 0)
    switch form % 3 {
    case 0:
        let scale = input.scaled()
        centroid = input.screenPoint()
        applied = state.pinch.update(phase, scale: scale, centroid: centroid, timestamp: input.timestamp(&state.clock), camera: &camera)
        if applied { state.pinchTouches = nil }
    case 1:
        let scale = input.scaled(), rotation = input.number()
        centroid = input.screenPoint()
        applied = state.pinch.update(
            phase, scale: scale, rotationRadians: rotation, centroid: centroid, timestamp: input.timestamp(&state.clock), camera: &camera)
        if applied { state.pinchTouches = nil }
    default:
        let a = input.screenPoint(), b = input.screenPoint()
        centroid = ScreenPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        applied = state.pinch.update(phase, touches: (a, b), timestamp: input.timestamp(&state.clock), camera: &camera)
        if applied && phase != .cancelled {
            checkTouchTurn(before, camera, from: phase == .began ? nil : state.pinchTouches, to: (a, b), session.touchRotation, phase)
            // (The turn follows a line it can measure: pointers apart, products finite.)
            let vx = b.x - a.x, vy = b.y - a.y
            state.pinchTouches = phase != .ended && (vx * vx + vy * vy).squareRoot() > 0 && (vx * vx + vy * vy).isFinite ? (a, b) : nil
        } else if applied {
            state.pinchTouches = nil
        }
    }
    // Within a gesture the place under the last centroid moves to the new one (the previous
    // centroid inside this screen's margin: after a shrink the sample is a pan and a pinch).
    if applied && phase != .cancelled {
        let previous = session.isActive && phase != .began ? state.pinchCentroid : centroid
        if before.transform.contains(previous) { checkGlued(before, camera, from: previous, to: centroid, "pinch \(phase)") }
        state.pinchCentroid = centroid
    }
    if !applied {
        precondition(camera == before, "a refused pinch sample changed the camera")
        precondition(state.pinch == session, "a refused pinch sample changed the session")
    }
    if applied && (phase == .ended || phase == .cancelled) {
        precondition(!state.pinch.isActive, "a pinch session active after its \(phase)")
    }
    check(camera)
    check(state.pinch.releaseVelocity)
    if let inertia = state.pinch.inertia(from: camera) { check(.inertia(inertia), &input) }
}

/// The map turned by two touches' sample: by nothing, or by their line's turn since the last
/// sample (`from`), clockwise on screen, the bearing lowered by it; which one as the session's
/// `touchRotation` says (none: nothing; a zone of nothing: the turn; a dead zone: either, as
/// it is passed or not).
func checkTouchTurn(
    _ before: MercatorCamera, _ after: MercatorCamera, from: (ScreenPoint, ScreenPoint)?, to: (ScreenPoint, ScreenPoint),
    _ zone: RotationDeadZone?, _ phase: GesturePhase
) {
    let change = MapBearing.wrapped(before.bearing - after.bearing)
    let still = abs(change) <= 1e-9
    guard let zone else {
        precondition(still, "two touches turned a session without touchRotation by \(change) degrees")
        return
    }
    guard let (pa, pb) = from else {
        // (A began turns nothing: its turn counts from there.)
        if phase == .began { precondition(still, "two touches' began turned the map by \(change) degrees") }
        return
    }
    let px = pb.x - pa.x, py = pb.y - pa.y, vx = to.1.x - to.0.x, vy = to.1.y - to.0.y
    let cross = px * vy - py * vx, dot = px * vx + py * vy
    guard cross.isFinite, dot.isFinite else { return }
    let turn = atan2(cross, dot) * (180 / Double.pi)
    let turned = abs(MapBearing.wrapped(change - turn)) <= 1e-9
    if zone == RotationDeadZone.none {
        precondition(turned, "two touches turned \(turn) degrees, the map \(change), with no dead zone")
    } else {
        precondition(still || turned, "two touches turned \(turn) degrees, the map \(change), with a dead zone \(zone)")
    }
}

/// One sample of the pinch or the rotation recognizer of a `PinchRotationGestureSession`.
func fuzzPinchRotationSession(_ input: inout Input, _ camera: inout MercatorCamera, _ state: inout RenderingState) {
    let phase = input.phase()
    let form = input.byte() ?? 0
    // A gesture begun on an idle session may change its dead zone (bits 2 to 4: kept, none, a
    // zone of nothing, MapLibre's, OpenLayers'); bit 1 passes the fingers' distance (any value).
    if phase == .began, !state.pinchRotation.isActive, (1...4).contains(Int(form >> 2 & 7)) {
        let zones: [RotationDeadZone?] = [nil, RotationDeadZone.none, .maplibre, .openLayers]
        state.pinchRotation = PinchRotationGestureSession(rotationDeadZone: zones[Int(form >> 2 & 7) - 1])
    }
    let before = camera, session = state.pinchRotation
    let applied: Bool
    let centroid: ScreenPoint
    var distance: Double?
    if form & 1 == 0 {
        let scale = input.scaled()
        centroid = input.screenPoint()
        if form & 2 != 0 { distance = input.scaled() }
        applied = state.pinchRotation.update(
            phase, pinchScale: scale, centroid: centroid, fingerDistancePoints: distance, timestamp: input.timestamp(&state.clock), camera: &camera)
    } else {
        let rotation = input.number()
        centroid = input.screenPoint()
        if form & 2 != 0 { distance = input.scaled() }
        applied = state.pinchRotation.update(
            phase, rotationRadians: rotation, centroid: centroid, fingerDistancePoints: distance, timestamp: input.timestamp(&state.clock),
            camera: &camera)
    }
    if let distance, !(distance.isFinite && distance >= 0), phase != .cancelled {
        precondition(!applied, "a finger distance of \(distance) points was applied")
    }
    if applied && phase != .cancelled {
        // (A began continues the gesture or begins one, as the other recognizer runs or not,
        // which the session keeps to itself: only changed and ended are checked.)
        let previous = state.pinchRotationCentroid
        if phase != .began, before.transform.contains(previous) { checkGlued(before, camera, from: previous, to: centroid, "pinch-rotation \(phase)") }
        state.pinchRotationCentroid = centroid
    }
    if !applied {
        precondition(camera == before, "a refused pinch-rotation sample changed the camera")
        // (A refused ended still ends its recognizer's run, and the gesture when the other is
        // idle: the recognizer reports nothing after it.)
        if phase == .ended {
            precondition(!state.pinchRotation.isActive || session.isActive, "a refused ended began a gesture")
        } else {
            precondition(state.pinchRotation == session, "a refused pinch-rotation sample changed the session")
        }
    }
    check(camera)
    check(state.pinchRotation.releaseVelocity)
    if let inertia = state.pinchRotation.inertia(from: camera) { check(.inertia(inertia), &input) }
}

/// One sample of a pan session.
func fuzzPanSession(_ input: inout Input, _ camera: inout MercatorCamera, _ state: inout RenderingState) {
    let before = camera, session = state.pan
    let phase = input.phase()
    let translation = input.screenPoint()
    let applied = state.pan.update(phase, translation: translation, timestamp: input.timestamp(&state.clock), camera: &camera)
    // The content follows the finger: the place under the focal point moves by the step.
    if applied && phase != .cancelled {
        let last = phase == .began ? ScreenPoint(x: 0, y: 0) : state.panTranslation
        let f = before.focalPoint
        checkGlued(before, camera, from: f, to: ScreenPoint(x: f.x + translation.x - last.x, y: f.y + translation.y - last.y), "pan \(phase)")
        state.panTranslation = translation
    }
    if !applied {
        precondition(camera == before, "a refused pan sample changed the camera")
        precondition(state.pan == session, "a refused pan sample changed the session")
    } else if phase == .ended || phase == .cancelled {
        precondition(!state.pan.isActive, "a pan session active after its \(phase)")
    }
    check(camera)
    check(state.pan.releaseVelocity)
    if let inertia = state.pan.inertia(from: camera, decay: .maplibre) { check(.inertia(inertia), &input) }
}

/// Inertia of any velocity and decay, with and without a north snap: typed errors (the
/// same with the snap), or finite states that rest where the documentation says (with the
/// snap, exactly north up where the motion without it rests within the snap, and that motion
/// itself where it rests beyond).
func fuzzInertia(_ input: inout Input, _ camera: MercatorCamera, _ state: RenderingState) {
    let velocity = GestureVelocity(
        x: input.scaled(), y: input.scaled(), zoomLevelsPerSecond: input.number(), degreesPerSecond: input.scaled(),
        anchor: (input.byte() ?? 0) & 1 == 0 ? nil : input.screenPoint())
    let decay: CameraInertia.Decay
    let decayByte = input.byte() ?? 0
    // (The byte's quotient by 5 picks a north snap: none, MapLibre's 7 degrees, any bearing,
    // only north itself.)
    let snap: NorthSnap? = [nil, NorthSnap.default, try? NorthSnap(withinDegrees: 180), try? NorthSnap(withinDegrees: 0)][Int(decayByte / 5 % 4)]
    switch decayByte % 5 {
    case 0: decay = .normal
    case 1: decay = .fast
    case 2: decay = .maplibre
    case 3: decay = .immediate
    default:
        guard let made = try? CameraInertia.Decay(
            ratePerMillisecond: input.double(), maximumPointsPerSecond: input.scaled(), maximumZoomLevelsPerSecond: input.number(),
            maximumDegreesPerSecond: input.scaled())
        else { return }
        decay = made
    }
    let snapped = try? CameraInertia(from: camera, velocity: velocity, decay: decay, northSnap: snap)
    guard let inertia = try? CameraInertia(from: camera, velocity: velocity, decay: decay) else {
        precondition(snapped == nil, "an inertia refused without a north snap, made with \(String(describing: snap))")
        return
    }
    guard let snapped else { preconditionFailure("an inertia made without a north snap, refused with \(String(describing: snap))") }
    check(.inertia(inertia), &input)
    check(.inertia(snapped), &input)
    if let snap {
        // Where the unsnapped motion rests decides (the bearing less the capped turn rate over
        // k): within the snap, exactly north up; beyond it, the same motion bit for bit. (Away
        // from the snap's edge, and where the rest's bearing is that formula's to rounding: a
        // pan that moves, a turn of at most 1e6 degrees.)
        let k = decay.perSecond
        let rate = min(max(velocity.degreesPerSecond, -decay.maximumDegreesPerSecond), decay.maximumDegreesPerSecond)
        let resting = inertia.rest.bearing
        if max(abs(velocity.x), abs(velocity.y)) <= 1e6 && (!k.isFinite || abs(rate / k) <= 1e6) {
            if abs(resting) > snap.withinDegrees + 1e-6 {
                precondition(snapped.rest == inertia.rest && snapped.durationSeconds == inertia.durationSeconds,
                             "a north snap of \(snap.withinDegrees) changed a motion resting at \(resting)")
            } else if abs(resting) < snap.withinDegrees - 1e-6 {
                precondition(snapped.rest.bearing == 0, "a motion resting at \(resting), snapped within \(snap.withinDegrees), rests at \(snapped.rest.bearing)")
            }
        }
    }
    var last = 0.0
    for t in [0.01, 0.1, 0.5, 1, 10, inertia.durationSeconds, input.number()].sorted() where t >= 0 {
        let d = inertia.panDistancePoints(atSeconds: t)
        precondition(d.isFinite && d >= last - 1e-9 * max(1, abs(d)), "pan distance \(d) at \(t) s after \(last)")
        last = d
    }
}

// MARK: - Tiles

/// A tile cover of any size, rule and budget: typed errors with the cover unchanged, or
/// tiles on the world's rows, each once, within the budget, holding the focal point's tile,
/// a ring and parents that hold them; their corners finite squares of the right side.
func fuzzTileCover(_ input: inout Input, _ camera: MercatorCamera) {
    let tileSize: Double
    let sizeByte = input.byte() ?? 0
    let tame = [256.0, 512, 1, 65_536, 128, 300, 1e6, 0]
    tileSize = Int(sizeByte) < tame.count * 24 ? tame[Int(sizeByte) % tame.count] : input.double()
    let rule: TileZoomRule = (input.byte() ?? 0) & 1 == 0 ? .floor : .round
    // Budgets up to 2 000 (a larger valid one is as correct and only slower to check).
    let budget = input.integer(tame: [2_000, 1, 64, 300, 0, MercatorCamera.maximumTileBudget + 1, Int.max, -1, 9])
    let sizeValid = MercatorCamera.tileSizeRangePoints.contains(tileSize)
    let budgetValid = budget >= 1 && budget <= MercatorCamera.maximumTileBudget
    guard !budgetValid || budget <= 2_000 else { return }
    var cover = TileCover()
    if (input.byte() ?? 0) & 1 == 0, let earlier = try? camera.tileCover() { cover = earlier }
    let before = cover
    do throws(GeometryError) {
        try camera.cover(tileSizePoints: tileSize, rule: rule, maximumTiles: budget, into: &cover)
    } catch {
        precondition(cover == before, "a cover that threw changed the cover")
        switch error {
        case .invalidRendererParameter: precondition(!sizeValid || !budgetValid, "tile size \(tileSize), budget \(budget) refused: \(error)")
        case .tooManyTiles(let count, let maximum):
            precondition(sizeValid && budgetValid && maximum == budget && count > budget, "\(error)")
        default: preconditionFailure("a cover threw \(error)")
        }
        return
    }
    precondition(sizeValid && budgetValid, "tile size \(tileSize), budget \(budget) covered")
    guard let z = try? camera.tileZoom(tileSizePoints: tileSize, rule: rule) else { preconditionFailure("tile zoom refused \(tileSize)") }
    precondition(cover.zoom == z && z >= 0 && z <= 30, "cover zoom \(cover.zoom), tile zoom \(z)")
    precondition(cover.tiles.count <= budget, "\(cover.tiles.count) tiles for a budget of \(budget)")
    let n = 1 << z
    struct Key: Hashable { let x: Int, y: Int }
    var seen = Set<Key>()
    for tile in cover.tiles {
        precondition(tile.z == z && (0..<n).contains(tile.x) && (0..<n).contains(tile.y), "tile \(tile) at zoom \(z)")
        precondition(seen.insert(Key(x: tile.unwrappedX, y: tile.y)).inserted, "tile \(tile) twice")
    }
    var ring = Set<Key>()
    for tile in cover.prefetch {
        precondition(tile.z == z && (0..<n).contains(tile.x) && (0..<n).contains(tile.y), "prefetch tile \(tile) at zoom \(z)")
        let key = Key(x: tile.unwrappedX, y: tile.y)
        precondition(!seen.contains(key) && ring.insert(key).inserted, "prefetch tile \(tile) covered or twice")
    }
    var parents = Set<Key>()
    for tile in cover.parents {
        precondition(z > 0 && tile.z == z - 1, "parent \(tile) at zoom \(z)")
        precondition(parents.insert(Key(x: tile.unwrappedX, y: tile.y)).inserted, "parent \(tile) twice")
    }
    for tile in cover.tiles {
        precondition(z == 0 || parents.contains(Key(x: tile.unwrappedX >> 1, y: tile.y >> 1)), "tile \(tile) without its parent")
        // Its neighbours on the world are covered or in the ring.
        for dy in -1...1 {
            for dx in -1...1 where (dx, dy) != (0, 0) && (0..<n).contains(tile.y + dy) {
                let key = Key(x: tile.unwrappedX + dx, y: tile.y + dy)
                precondition(seen.contains(key) || ring.contains(key), "the neighbour \(key) of \(tile) neither covered nor prefetched")
            }
        }
    }
    // Exactly those: each ring tile touches a covered one, each parent holds one.
    for key in ring {
        precondition((-1...1).contains { dy in (-1...1).contains { dx in seen.contains(Key(x: key.x + dx, y: key.y + dy)) } },
                     "the prefetch tile \(key) touches no covered tile")
    }
    let parentsOfTiles = Set(seen.map { Key(x: $0.x >> 1, y: $0.y >> 1) })
    precondition(z == 0 || parents == parentsOfTiles, "parents \(parents.count), of the tiles \(parentsOfTiles.count)")
    // The tile under the screen's middle and under the focal point is covered (when on the world).
    let world = WebMercator.worldWidthMeters
    for point in [camera.focalPoint, ScreenPoint(x: camera.widthPoints / 2, y: camera.heightPoints / 2)] {
        guard let mercator = try? camera.mercatorPoint(at: point) else { preconditionFailure("the screen's point \(point)") }
        let fx = (mercator.x / world + 0.5) * Double(n), fy = (0.5 - mercator.y / world) * Double(n)
        // (Away from tile edges, where either side may hold it.)
        guard fy > 1e-6, fy < Double(n) - 1e-6, abs(fx - fx.rounded()) > 1e-6, abs(fy - fy.rounded()) > 1e-6 else { continue }
        let x = Int(fx.rounded(.down)) & (n - 1), y = Int(fy.rounded(.down))
        precondition(cover.tiles.contains { $0.x == x && $0.y == y }, "the tile \(z)/\(x)/\(y) under \(point) is not covered")
    }
    let side = 256 * exp2(camera.zoom - Double(z))
    for tile in cover.tiles.prefix(16) + cover.prefetch.prefix(4) + cover.parents.prefix(4) {
        guard let c = try? camera.corners(of: tile) else { preconditionFailure("corners of \(tile) refused") }
        for p in [c.northWest, c.northEast, c.southEast, c.southWest] { checkFinite(p, "corner of \(tile)") }
        let expected = tile.z == z ? side : 2 * side
        let length = hypot(c.northEast.x - c.northWest.x, c.northEast.y - c.northWest.y)
        precondition(abs(length - expected) <= 1e-6 * expected, "tile \(tile) drawn \(length) points wide, not \(expected)")
    }
    // The focal point lies where its tile is drawn (bilinear in the tile's corners).
    let fxTile = (camera.centerMercator.x / world + 0.5) * Double(n), fyTile = (0.5 - camera.centerMercator.y / world) * Double(n)
    if let first = cover.tiles.first, first.wrap == 0, let c = try? camera.corners(of: first) {
        let u = fxTile - Double(first.x), v = fyTile - Double(first.y)
        let px = c.northWest.x + u * (c.northEast.x - c.northWest.x) + v * (c.southWest.x - c.northWest.x)
        let py = c.northWest.y + u * (c.northEast.y - c.northWest.y) + v * (c.southWest.y - c.northWest.y)
        let f = camera.focalPoint
        precondition(hypot(px - f.x, py - f.y) <= 1e-6 * max(1, side), "the focal point drawn at (\(px), \(py)) on its tile \(first), not \(f)")
    }
    if let first = cover.tiles.first {
        // The nearest first: no tile's center nearer the focal point than the first's.
        let fx = (camera.centerMercator.x / world + 0.5) * Double(n), fy = (0.5 - camera.centerMercator.y / world) * Double(n)
        func d(_ t: MapTile) -> Double { hypot(Double(t.unwrappedX) + 0.5 - fx, Double(t.y) + 0.5 - fy) }
        precondition(cover.tiles.allSatisfy { d($0) >= d(first) - 1e-9 }, "the first tile \(first) is not the nearest")
        for list in [cover.tiles, cover.prefetch] {
            precondition(zip(list, list.dropFirst()).allSatisfy { d($0) <= d($1) + 1e-9 }, "tiles not nearest first")
        }
    }
}

/// The corners of any tile: an error for a zoom outside 0 ... 30, else finite points.
func fuzzTileCorners(_ input: inout Input, _ camera: MercatorCamera) {
    let z = input.integer(tame: [0, 1, 12, 22, 30, 31, -1, 2_000, -5_000])
    let tile = MapTile(z: z, x: input.integer(tame: [0, 1, -1, Int(Int32.max), Int(Int32.min)]),
                       y: input.integer(tame: [0, 1, -1, Int(Int32.max)]), wrap: input.integer(tame: [0, 1, -1, Int(Int32.max), Int(Int32.min)]))
    do throws(GeometryError) {
        let c = try camera.corners(of: tile)
        precondition((0...30).contains(tile.z), "corners of a tile of zoom \(tile.z)")
        for p in [c.northWest, c.northEast, c.southEast, c.southWest] { checkFinite(p, "corner of \(tile)") }
    } catch {
        guard case .invalidRendererParameter = error else { preconditionFailure("corners threw \(error)") }
        precondition(!(0...30).contains(tile.z), "corners of \(tile) refused: \(error)")
    }
    if let z = try? camera.tileZoom(tileSizePoints: input.scaled(), rule: (input.byte() ?? 0) & 1 == 0 ? .floor : .round) {
        precondition(z >= 0 && z <= 30, "tile zoom \(z)")
    }
}

// MARK: - MapKit

/// The camera's MapKit values, and `show(_:)` of its own rectangle (the camera back where no
/// constraint moved it) and of any rectangle (typed errors, the camera unchanged).
func fuzzMapKitCamera(_ input: inout Input, _ camera: inout MercatorCamera) {
    let size = MapKitMapPoint.worldSize
    let rect = camera.mapKitVisibleMapRect
    checkFinite(rect.origin.x, rect.origin.y, rect.width, rect.height)
    precondition(rect.origin.x >= 0 && rect.origin.x < size && rect.width > 0 && rect.height > 0, "visible map rect \(rect)")
    let center = camera.mapKitCenter
    checkFinite(center.x, center.y)
    precondition(center.y >= 0 && center.y <= size, "map center \(center)")
    let region = camera.mapKitRegion
    do throws(GeometryError) {
        let converted = try region.coordinateRegion()
        check(converted.center)
        let bounds = converted.bounds
        checkFinite(bounds.south, bounds.north, bounds.west, bounds.east)
    } catch {
        preconditionFailure("a camera's MapKit region \(region) does not convert: \(error)")
    }
    // The rectangle and the region hold the screen's corners.
    let w = camera.widthPoints, h = camera.heightPoints
    for corner in [ScreenPoint(x: 0, y: 0), ScreenPoint(x: w, y: 0), ScreenPoint(x: w, y: h), ScreenPoint(x: 0, y: h)] {
        guard let mercator = try? camera.mercatorPoint(at: corner) else { preconditionFailure("a screen corner \(corner)") }
        let m = MapKitMapPoint(mercator)
        let tolerance = 1e-6 * max(1, rect.width, rect.height)
        // (The corner's easting taken on the rectangle's copy of the world: a corner a rounding
        // west of an origin at 0 reads 2^28 less that rounding.)
        var dx = (m.x - rect.origin.x).truncatingRemainder(dividingBy: size)
        if dx < -tolerance { dx += size }
        if dx > size - tolerance { dx -= size }
        precondition(rect.width >= size || (dx >= -tolerance && dx <= rect.width + tolerance),
                     "the corner \(corner) at map x \(m.x) outside the visible rectangle \(rect)")
        precondition(m.y >= rect.origin.y - tolerance && m.y <= rect.origin.y + rect.height + tolerance,
                     "the corner \(corner) at map y \(m.y) outside the visible rectangle \(rect)")
        let c = mercator.coordinate
        if region.latitudeDelta < 180 {
            precondition(abs(c.latitude - region.center.latitude) <= region.latitudeDelta / 2 + 1e-7,
                         "the corner \(corner) at latitude \(c.latitude) outside the region \(region)")
        }
        if region.longitudeDelta < 360 {
            let dl = abs((c.longitude - region.center.longitude).remainder(dividingBy: 360))
            precondition(dl <= region.longitudeDelta / 2 + 1e-7, "the corner \(corner) at longitude \(c.longitude) outside the region \(region)")
        }
    }
    // Tight where the world's edge clamps nothing: a corner on each edge of the rectangle,
    // and the region's spans the corners' largest distances.
    let limit = WebMercator.maximumLatitude - 1e-6
    if camera.visibleBounds.north < limit && camera.visibleBounds.south > -limit {
        var xs: [Double] = [], ys: [Double] = [], latitudes: [Double] = [], longitudes: [Double] = []
        for corner in [ScreenPoint(x: 0, y: 0), ScreenPoint(x: w, y: 0), ScreenPoint(x: w, y: h), ScreenPoint(x: 0, y: h)] {
            guard let mercator = try? camera.mercatorPoint(at: corner) else { continue }
            let m = MapKitMapPoint(mercator)
            var dx = (m.x - rect.origin.x).truncatingRemainder(dividingBy: size)
            if dx < -1e-6 * max(1, rect.width) { dx += size }
            if dx > size - 1e-6 * max(1, rect.width) { dx -= size }
            xs.append(dx)
            ys.append(m.y - rect.origin.y)
            let c = mercator.coordinate
            latitudes.append(abs(c.latitude - region.center.latitude))
            longitudes.append(abs((c.longitude - region.center.longitude).remainder(dividingBy: 360)))
        }
        let tolerance = 1e-6 * max(1, rect.width, rect.height)
        if rect.width < size / 2 {
            precondition(abs(xs.min()!) <= tolerance && abs(xs.max()! - rect.width) <= tolerance, "visible rectangle \(rect) not tight in x: \(xs)")
        }
        precondition(abs(ys.min()!) <= tolerance && abs(ys.max()! - rect.height) <= tolerance, "visible rectangle \(rect) not tight in y: \(ys)")
        if region.latitudeDelta < 180 {
            precondition(abs(latitudes.max()! - region.latitudeDelta / 2) <= 1e-7, "region \(region) not tight: \(latitudes)")
        }
        if region.longitudeDelta < 180 {
            precondition(abs(longitudes.max()! - region.longitudeDelta / 2) <= 1e-7, "region \(region) not tight: \(longitudes)")
        }
    }
    let heading = camera.mapKitHeading
    precondition(heading >= 0 && heading < 360, "heading \(heading)")
    // Its own rectangle shows the same view: zoom and center where nothing clamps.
    var shown = camera
    do throws(GeometryError) {
        try shown.show(rect)
    } catch {
        // (A rectangle whose center lies beyond the world north or south is refused.)
        let middle = rect.origin.y + rect.height / 2
        precondition(middle < 0 || middle > size, "a camera's own visible rectangle \(rect) refused: \(error)")
    }
    check(shown)
    let visible = camera.visibleBounds
    if camera.bounds == nil, camera.zoom > camera.limits.minimumZoom + 1e-6, camera.zoom < camera.limits.maximumZoom - 1e-6,
       visible.north < WebMercator.maximumLatitude - 1e-6, visible.south > -WebMercator.maximumLatitude + 1e-6
    {
        precondition(abs(shown.zoom - camera.zoom) <= 1e-9 * max(1, camera.zoom), "show(own rect): zoom \(camera.zoom) became \(shown.zoom)")
        let p = shown.point(for: camera.centerMercator), f = shown.focalPoint
        precondition(hypot(p.x - f.x, p.y - f.y) <= 1e-6, "show(own rect): the center moved \(hypot(p.x - f.x, p.y - f.y)) points")
    }
    // Any rectangle.
    let other = MapKitMapRect(x: input.scaled() * 100, y: input.scaled() * 100, width: input.scaled() * 100, height: input.scaled() * 100)
    let before = camera
    do throws(GeometryError) {
        try camera.show(other)
    } catch {
        guard case .invalidRendererParameter = error else { preconditionFailure("show threw \(error)") }
        precondition(camera == before, "a refused show changed the camera")
        let values = [other.origin.x, other.origin.y, other.width, other.height]
        let middleX = other.origin.x + other.width / 2, middleY = other.origin.y + other.height / 2
        precondition(!values.allSatisfy(\.isFinite) || other.width <= 0 || other.height <= 0 || !middleX.isFinite
            || !(middleY >= 0 && middleY <= size), "show(\(other)) refused: \(error)")
    }
    check(camera)
}

/// Map points, map rectangles and regions of any values.
func fuzzMapKitValues(_ input: inout Input) {
    let size = MapKitMapPoint.worldSize, world = WebMercator.worldWidthMeters
    let point = MapKitMapPoint(x: input.scaled() * 100, y: input.scaled() * 100)
    do throws(GeometryError) {
        let mercator = try point.mercator()
        precondition(point.x.isFinite && point.y >= 0 && point.y <= size, "map point \(point) converted")
        checkFinite(mercator.x, mercator.y)
        precondition(WebMercator.isOnWorld(x: mercator.x, y: mercator.y), "map point \(point) gave \(mercator) off the world")
        // And back: the same y, x on the world (a copy of the given one).
        let back = MapKitMapPoint(mercator)
        precondition(abs(back.y - point.y) <= 1e-6, "map point \(point) came back as \(back)")
        if abs(point.x) < 1e12 {
            var dx = (back.x - point.x).truncatingRemainder(dividingBy: size)
            if dx > size / 2 { dx -= size } else if dx < -size / 2 { dx += size }
            precondition(abs(dx) <= 1e-6 * max(1, abs(point.x) / size), "map point \(point) came back as \(back)")
        }
    } catch {
        guard case .invalidRendererParameter = error else { preconditionFailure("map point threw \(error)") }
        precondition(!point.x.isFinite || !(point.y >= 0 && point.y <= size), "map point \(point) refused: \(error)")
    }
    if let mercator = try? MercatorPoint(x: input.double(), y: input.double()) {
        let mapPoint = MapKitMapPoint(mercator)
        checkFinite(mapPoint.x, mapPoint.y)
        guard let back = try? mapPoint.mercator() else { preconditionFailure("the map point of \(mercator) has no Mercator point") }
        precondition(abs(back.y - mercator.y) <= 1e-7 * world && abs((back.x - mercator.x).remainder(dividingBy: world)) <= 1e-7 * world,
                     "\(mercator) came back as \(back)")
    }
    if let coordinate = input.coordinate() {
        let mapPoint = MapKitMapPoint(coordinate)
        checkFinite(mapPoint.x, mapPoint.y)
    }
    // Regions: a map view's fields as given, converted or refused.
    if let center = input.coordinate() {
        let region = MapKitRegion(center: center, latitudeDelta: input.scaled(), longitudeDelta: input.scaled())
        let valid = region.latitudeDelta >= 0 && region.latitudeDelta <= 180 && region.longitudeDelta >= 0 && region.longitudeDelta <= 360
        do throws(GeometryError) {
            let converted = try region.coordinateRegion()
            precondition(valid, "region \(region) converted")
            precondition(converted.center == center && converted.span.latitudeDelta == region.latitudeDelta
                && converted.span.longitudeDelta == region.longitudeDelta, "region \(region) converted to \(converted)")
            let bounds = converted.bounds
            checkFinite(bounds.south, bounds.north, bounds.west, bounds.east)
            precondition(MapKitRegion(converted) == region, "region \(region) does not round-trip")
        } catch {
            guard case .invalidSpan = error else { preconditionFailure("region threw \(error)") }
            precondition(!valid, "region \(region) refused: \(error)")
        }
    }
}

// MARK: - Scale bars

/// Scale bars of any scale and width: refused exactly outside the documented ranges,
/// otherwise the longest nice length that fits (at least 0.4 of the maximum: the next nice
/// length is at most 2.5 times this one).
func fuzzScaleBar(_ input: inout Input, _ camera: MercatorCamera) {
    let metersPerPoint = (input.byte() ?? 0) & 1 == 0 ? pow(10, input.number() / 20) : input.double()
    let maximum = (input.byte() ?? 0) & 1 == 0 ? pow(10, input.number() / 50) : input.double()
    let units: ScaleBarUnits = (input.byte() ?? 0) & 1 == 0 ? .metric : .imperial
    let valid = ScaleBar.metersPerPointRange.contains(metersPerPoint) && ScaleBar.maximumWidthRangePoints.contains(maximum)
    do throws(GeometryError) {
        let bar = try ScaleBar(metersPerPoint: metersPerPoint, maximumWidthPoints: maximum, units: units)
        precondition(valid, "a bar at \(metersPerPoint) m/pt, \(maximum) points made")
        check(bar, metersPerPoint: metersPerPoint, maximum: maximum, units: units)
    } catch {
        guard case .invalidRendererParameter = error else { preconditionFailure("a scale bar threw \(error)") }
        precondition(!valid, "a bar at \(metersPerPoint) m/pt, \(maximum) points refused: \(error)")
    }
    // The camera's own: always in range for a width in range.
    if ScaleBar.maximumWidthRangePoints.contains(maximum) {
        guard let bar = try? camera.scaleBar(maximumWidthPoints: maximum, units: units) else {
            preconditionFailure("the camera's scale bar at \(camera.groundScale) refused")
        }
        check(bar, metersPerPoint: camera.groundScale.eastWestMetersPerPoint, maximum: maximum, units: units)
    }
    let ground = camera.groundScale
    checkFinite(ground.eastWestMetersPerPoint, ground.northSouthMetersPerPoint)
    precondition(ground.eastWestMetersPerPoint > 0 && ground.northSouthMetersPerPoint > 0, "ground scale \(ground)")
    let northing = input.double(), scale = input.double()
    do throws(GeometryError) {
        let g = try GroundScale(northing: northing, pointsPerMercatorMeter: scale)
        checkFinite(g.eastWestMetersPerPoint, g.northSouthMetersPerPoint)
        precondition(g.eastWestMetersPerPoint > 0 && g.northSouthMetersPerPoint > 0, "ground scale \(g)")
    } catch {
        guard case .invalidRendererParameter = error else { preconditionFailure("ground scale threw \(error)") }
        precondition(northing.isNaN || !(scale.isFinite && scale > 1e-300), "ground scale at \(northing), \(scale) refused: \(error)")
    }
    let latitude = input.number(), zoom = input.number()
    do throws(GeometryError) {
        let g = try GroundScale(latitude: latitude, zoom: zoom)
        checkFinite(g.eastWestMetersPerPoint, g.northSouthMetersPerPoint)
        precondition(g.eastWestMetersPerPoint > 0 && g.northSouthMetersPerPoint > 0, "ground scale \(g)")
    } catch {
        switch error {
        case .invalidZoom, .invalidLatitude: break
        default: preconditionFailure("ground scale threw \(error)")
        }
        precondition(!(abs(latitude) <= 90 && zoom >= 0 && zoom <= 30), "ground scale at \(latitude), zoom \(zoom) refused: \(error)")
    }
}

func check(_ bar: ScaleBar, metersPerPoint: Double, maximum: Double, units: ScaleBarUnits) {
    checkFinite(bar.lengthMeters, bar.widthPoints)
    precondition(bar.lengthMeters > 0 && bar.widthPoints > 0 && bar.widthPoints <= maximum,
                 "bar of \(bar.lengthMeters) m, \(bar.widthPoints) points at \(metersPerPoint) m/pt, at most \(maximum)")
    precondition(bar.widthPoints >= 0.4 * maximum * (1 - 1e-12), "bar of \(bar.widthPoints) points, maximum \(maximum): a longer one fits")
    let unitsOK = units == .metric ? (bar.label.hasSuffix(" m") || bar.label.hasSuffix(" km"))
        : (bar.label.hasSuffix(" ft") || bar.label.hasSuffix(" mi"))
    precondition(unitsOK && bar.label.count <= 40, "label '\(bar.label)'")
    // The label says the bar's length.
    let parts = bar.label.split(separator: " ")
    let unitMeters = ["m": 1, "km": 1_000, "ft": 0.3048, "mi": 1_609.344][String(parts.last ?? "")] ?? .nan
    guard parts.count == 2, let value = Double(parts[0]) else { preconditionFailure("label '\(bar.label)'") }
    precondition(abs(value * unitMeters - bar.lengthMeters) <= 1e-9 * bar.lengthMeters,
                 "label '\(bar.label)' for \(bar.lengthMeters) m")
    // The longest: the next nice length (1, 2, 5 times a power of ten; from 5 280 ft on, 1 mi)
    // does not fit.
    let exponent = (log10(value) + 1e-9).rounded(.down), mantissa = (value / pow(10, exponent)).rounded()
    let nextValue = (mantissa == 1 ? 2 : mantissa == 2 ? 5 : 10) * pow(10, exponent)
    var next = nextValue * unitMeters
    if parts.last == "ft" && next >= 1_609.344 { next = 1_609.344 }
    precondition(next / metersPerPoint > maximum * (1 - 1e-9),
                 "bar '\(bar.label)' at \(metersPerPoint) m/pt, at most \(maximum) points: \(next) m would fit")
}

// MARK: - Transitions

/// A transition of any kind and values from the camera: typed errors, or a duration and states
/// that are valid cameras, its ends bit for bit; kept for later operations.
func fuzzTransition(_ input: inout Input, _ camera: MercatorCamera, _ state: inout RenderingState) {
    let easing: CameraTransition.Easing
    switch (input.byte() ?? 0) % 3 {
    case 0: easing = .default
    case 1: easing = .linear
    default: easing = .cubicBezier(x1: input.number(), y1: input.number(), x2: input.number(), y2: input.number())
    }
    let reducedMotion = (input.byte() ?? 0) % 8 == 0
    let transition: CameraTransition
    var anchor: ScreenPoint?
    do throws(GeometryError) {
        switch (input.byte() ?? 0) % 5 {
        case 4:
            fuzzMotionEvent(&input, camera, reducedMotion: reducedMotion)
            return
        case 0, 1:
            let kind: CameraTransition.Kind = (input.byte() ?? 0) & 1 == 0
                ? .ease(duration: input.number(), easing: easing)
                : .fly(curve: input.number(), speed: input.number(), maxDuration: (input.byte() ?? 0) & 1 == 0 ? nil : input.number(), easing: easing)
            let present = input.byte() ?? 0
            let center = present & 1 != 0 ? try MercatorPoint(x: input.scaled() * 10, y: input.scaled() * 10) : nil
            let insets = present & 8 != 0 ? try ScreenInsets(top: input.number(), left: input.number(), bottom: input.number(), right: input.number()) : nil
            transition = try CameraTransition(
                from: camera, center: center, zoom: present & 2 != 0 ? input.number() : nil, bearing: present & 4 != 0 ? input.scaled() : nil,
                insets: insets, kind: kind, reducedMotion: reducedMotion)
        case 2:
            let zoom = input.number(), point = input.screenPoint()
            anchor = point
            transition = try CameraTransition(
                from: camera, zoom: zoom, around: point, duration: input.number(), easing: easing, reducedMotion: reducedMotion)
        default:
            let point = input.screenPoint()
            anchor = point
            transition = try CameraTransition.doubleTap(from: camera, at: point, duration: input.number(), reducedMotion: reducedMotion)
        }
    } catch {
        return
    }
    precondition(transition.start == camera, "a transition's start is not the camera")
    check(.transition(transition), &input)
    if reducedMotion { precondition(transition.durationSeconds == 0, "reduced motion lasts \(transition.durationSeconds) s") }
    for f in [0.1, 0.5, 0.9, input.number(), input.double()] {
        let s = transition.state(atFraction: f)
        check(s)
        // A zoom about a point holds the place under it (to 1e-6 points; only the world's
        // edge and the camera bounds may move it).
        if let anchor { checkGlued(camera, s, from: anchor, to: anchor, "a zoom about \(anchor) at \(f)") }
        precondition(s.widthPoints == camera.widthPoints && s.heightPoints == camera.heightPoints && s.limits == camera.limits
            && s.bounds == camera.bounds, "a transition state changed the screen, limits or bounds")
    }
    state.transition = transition
}

/// A motion event of any values (`CameraEvent.motion(from:reducedMotion:)`, as a script's):
/// typed errors, or a motion whose resting state is what `apply(_:)` jumps to.
func fuzzMotionEvent(_ input: inout Input, _ camera: MercatorCamera, reducedMotion: Bool) {
    func optional(_ input: inout Input) -> Double? { (input.byte() ?? 0) & 1 == 0 ? nil : input.number() }
    let event: CameraEvent
    switch (input.byte() ?? 0) % 4 {
    case 0:
        event = .fly(latitude: optional(&input), longitude: optional(&input), zoom: optional(&input), bearing: optional(&input),
                     curve: input.number(), speed: input.number(), maxDuration: optional(&input))
    case 1:
        event = .ease(latitude: optional(&input), longitude: optional(&input), zoom: optional(&input), bearing: optional(&input),
                      duration: input.number(), easing: (input.byte() ?? 0) & 1 == 0 ? .default : .linear)
    case 2:
        event = .animatedDoubleTap(input.screenPoint())
    default:
        let presets: [CameraEvent.InertiaPreset] = [.normal, .fast, .maplibre, .immediate]
        event = .release(GestureVelocity(x: input.scaled(), y: input.scaled(), zoomLevelsPerSecond: input.number(), degreesPerSecond: input.scaled(),
                                         anchor: (input.byte() ?? 0) & 1 == 0 ? nil : input.screenPoint()),
                         preset: presets[Int(input.byte() ?? 0) % presets.count])
    }
    let motion: CameraMotion?
    do throws(GeometryError) {
        motion = try event.motion(from: camera, reducedMotion: reducedMotion)
    } catch {
        var applied = camera
        do throws(GeometryError) { try applied.apply(event) } catch { precondition(applied == camera, "a refused \(event) changed the camera") }
        precondition(applied == camera, "\(event) refused as a motion, applied")
        return
    }
    guard let motion else { preconditionFailure("\(event) made no motion") }
    precondition(motion.start == camera, "a motion's start is not the camera")
    check(motion, &input)
    var applied = camera
    do throws(GeometryError) { try applied.apply(event) } catch { preconditionFailure("\(event) made a motion, refused applied: \(error)") }
    // (Reduced motion changes the duration, not where the motion rests.)
    precondition(applied == motion.resting, "\(event) applied is not its motion's resting state")
}

/// The last transition's states resized mid-flight (the phone turned): valid cameras, and
/// without camera bounds, resized back, each the state itself; one of them adopted.
func fuzzTransitionStates(_ input: inout Input, _ camera: inout MercatorCamera, _ state: RenderingState) {
    guard let transition = state.transition else { return }
    let width = input.scaled(), height = input.scaled()
    for t in [input.number(), input.double(), transition.durationSeconds / 3, transition.durationSeconds] {
        let s = transition.state(atSeconds: t)
        var resized = s
        resized.resize(widthPoints: width, heightPoints: height)
        check(resized)
        var back = resized
        back.resize(widthPoints: s.widthPoints, heightPoints: s.heightPoints)
        if s.bounds == nil {
            precondition(back == s, "a state at \(t) s resized to \(width) x \(height) and back is not itself: \(s) vs \(back)")
        }
        check(back)
    }
    let adopted = transition.state(atSeconds: input.number())
    // (Only a camera of this screen: the others' operations assume the same screen.)
    if adopted.widthPoints == camera.widthPoints && adopted.heightPoints == camera.heightPoints { camera = adopted }
}

/// Resize and back (no bounds: bit for bit; CONTRACTS issue 9), and rotate and back.
func fuzzResizeAndBack(_ input: inout Input, _ camera: MercatorCamera) {
    var resized = camera
    resized.resize(widthPoints: input.scaled(), heightPoints: input.scaled())
    check(resized)
    resized.resize(widthPoints: camera.widthPoints, heightPoints: camera.heightPoints)
    check(resized)
    if camera.bounds == nil {
        precondition(resized == camera, "resized and back is not the camera: \(camera) vs \(resized)")
    }
}

/// Snaps, dead zones, bearings and a velocity estimator with any values.
func fuzzSnapsAndEstimator(_ input: inout Input) {
    let degrees = input.double()
    let wrapped = MapBearing.wrapped(degrees)
    if degrees.isFinite {
        checkFinite(wrapped)
        precondition(wrapped > -180 && wrapped <= 180, "wrapped(\(degrees)) = \(wrapped)")
    }
    let (sin, cos) = MapBearing.sinCos(degrees: input.scaled())
    if sin.isFinite { precondition(abs(sin) <= 1 && abs(cos) <= 1, "sinCos \(sin), \(cos)") }
    if let snap = try? NorthSnap(withinDegrees: input.number()) {
        let b = input.scaled()
        let snapped = snap.snapped(b)
        if b.isFinite { checkFinite(snapped); precondition(snapped > -180 && snapped <= 180 || snapped == b, "north snap \(b) -> \(snapped)") }
    }
    if let snap = try? ZoomSnap(step: input.number()) {
        let z = input.number()
        let snapped = snap.snapped(z)
        if z.isFinite { checkFinite(snapped); precondition(snapped <= z + 1e-9 * max(1, abs(z)), "zoom snap \(z) -> \(snapped)") }
    }
    if let zone = try? RotationDeadZone(arcLengthPoints: input.scaled(), angleRadians: input.number()) {
        _ = zone.isPassed(rotationRadians: input.double(), fingerDistancePoints: input.scaled())
    }
    // The fly's duration of any values: finite and >= 0.
    let duration = CameraTransition.flyDurationSeconds(
        distancePoints: input.scaled(), widthPoints: input.scaled(), zoomChange: input.number(), curve: input.number(), speed: input.number())
    precondition(duration.isFinite && duration >= 0, "fly duration \(duration)")
    // Raw buffers projected in place: a typed error, or finite eastings and northings.
    var longitudes = (0..<Int((input.byte() ?? 0) % 4)).map { _ in input.scaled() }
    var latitudes = (0..<Int((input.byte() ?? 0) % 4)).map { _ in input.scaled() }
    do throws(GeometryError) {
        try longitudes.withUnsafeMutableBufferPointer { (x) throws(GeometryError) in
            try latitudes.withUnsafeMutableBufferPointer { (y) throws(GeometryError) in try WebMercator.projectInPlace(longitudes: x, latitudes: y) }
        }
        precondition(longitudes.count == latitudes.count, "buffers of \(longitudes.count) and \(latitudes.count) projected")
        for (x, y) in zip(longitudes, latitudes) { checkFinite(x, y) }
    } catch {
        switch error {
        case .bufferLengthMismatch, .projTransform: break
        default: preconditionFailure("projectInPlace threw \(error)")
        }
    }
    guard var estimator = try? VelocityEstimator(windowSeconds: input.number(), pauseSeconds: input.number()) else { return }
    var clock = 0.0
    for _ in 0..<Int((input.byte() ?? 0) % 8) {
        _ = estimator.add(timestamp: input.timestamp(&clock), x: input.scaled(), y: input.scaled(), zoom: input.number(), degrees: input.scaled())
    }
    let v = estimator.velocity(atRelease: input.timestamp(&clock))
    checkFinite(v.x, v.y, v.zoom, v.degrees)
}

/// A new camera of any screen, zoom, bearing, insets and limits, so that the other operations
/// meet more than the starting phone.
func fuzzCamera(_ input: inout Input, _ camera: inout MercatorCamera) {
    guard let center = try? MercatorPoint(x: input.scaled() * 10, y: input.scaled() * 10),
          var made = try? MercatorCamera(center: center, zoom: input.number(), widthPoints: input.scaled(), heightPoints: input.scaled())
    else { return }
    if let bearing = Optional(input.scaled()), bearing.isFinite { try? made.jump(center: nil as MercatorPoint?, bearing: bearing) }
    if let insets = try? ScreenInsets(top: input.number(), left: input.number(), bottom: input.number(), right: input.number()) {
        try? made.setInsets(insets)
    }
    if (input.byte() ?? 0) & 1 == 1, let limits = try? CameraZoomLimits(minimumZoom: input.number(), maximumZoom: input.number()) {
        made.setLimits(limits)
    }
    check(made)
    camera = made
}
