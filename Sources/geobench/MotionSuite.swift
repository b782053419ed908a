import GeoMath
import MapTooling
import Projection

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `motion` suite: what an animated frame costs the camera (issue 13).
///
/// - `state(atSeconds:)` of a fly (Paris at zoom 12 to Berlin at zoom 10, 390 x 844 points) and
///   of an ease (0.5 s to a point 3 km away, zoom +2, bearing 30), at times stepping through
///   the motion, against a `jump` to a center, zoom and bearing (the cheapest way to set a
///   camera each frame, which an animator interpolating by hand would call).
/// - One inertia sample (`CameraInertia.state(atSeconds:)`) after a pan release and after a
///   pinch-rotate release, against the gesture event itself (`pan`, `pinchRotate`).
/// - A recorded 120 Hz, 2-second gesture trace replayed with 10 000 pins placed per frame:
///   0.5 s of a pinch that zooms and turns (the pinch session, with time stamps), 0.5 s of a
///   turn at a steady scale, the release, then 1 s of inertia; the baseline is the 8.33 ms
///   frame budget at 120 Hz, so the ratio is the share of the frame the camera and the
///   placement take. The trace's frames are also timed one by one over as many replays as
///   samples: their median and 99th percentile (`p50NsPerOp`, `p99NsPerOp` in the JSON).
///
/// ns/op is per state or per frame; allocations are counted per op after the timing.
enum MotionSuite {
    /// The frame budget at 120 Hz, in nanoseconds.
    static let frameBudgetNanoseconds = 1e9 / 120

    static func run(samples: Int, progress: (String) -> Void) throws -> [Measurement] {
        let camera = Workloads.phoneCamera()
        var results: [Measurement] = []
        progress("motion: fly state(atSeconds:) against a jump per frame...")
        let berlin = try Coordinate(latitude: 52.52, longitude: 13.405)
        var start = camera
        try start.jump(zoom: 12)
        let fly = try CameraTransition(from: start, center: berlin, zoom: 10, kind: .fly())
        results.append(transitionStates("fly state(atSeconds:)", fly, samples: samples))
        progress("motion: ease state(atSeconds:) against a jump per frame...")
        let near = try Coordinate(latitude: Workloads.paris.latitude + 0.02, longitude: Workloads.paris.longitude + 0.03)
        let ease = try CameraTransition(from: camera, center: near, zoom: camera.zoom + 2, bearing: 30)
        results.append(transitionStates("ease state(atSeconds:)", ease, samples: samples))
        progress("motion: one inertia sample after a pan and after a pinch-rotate, against the event itself...")
        let panThrow = try CameraInertia(from: camera, velocity: GestureVelocity(x: 900, y: -400))
        results.append(inertiaSamples("inertia sample (pan)", panThrow, rotating: false, samples: samples, camera: camera))
        let spinThrow = try CameraInertia(
            from: camera,
            velocity: GestureVelocity(x: 300, y: 120, zoomLevelsPerSecond: 1.5, degreesPerSecond: 60, anchor: GesturesSuite.anchor))
        results.append(inertiaSamples("inertia sample (pinch-rotate)", spinThrow, rotating: true, samples: samples, camera: camera))
        progress("motion: a 120 Hz 2 s gesture trace (pinch, rotate, release, inertia) with 10000 pins per frame...")
        results.append(try trace(pinCount: 10_000, samples: samples, camera: camera))
        return results
    }

    /// Sampling a transition at times stepping through it, against a jump per frame.
    static func transitionStates(_ operation: String, _ transition: CameraTransition, samples: Int) -> Measurement {
        let duration = transition.durationSeconds
        let target = transition.target
        let center = target.centerMercator
        var step = 0
        func library(_ count: Int) {
            var last = transition.start
            for _ in 0..<count {
                // 997 times through the motion, none at its ends.
                let t = duration * (Double(step % 997) + 0.5) / 997
                step &+= 1
                last = transition.state(atSeconds: t)
            }
            blackHole(last)
        }
        var jumped = transition.start
        var jumpStep = 0
        func baseline(_ count: Int) {
            for _ in 0..<count {
                let f = (Double(jumpStep % 997) + 0.5) / 997
                jumpStep &+= 1
                try? jumped.jump(center: center, zoom: target.zoom - f, bearing: f)
            }
            blackHole(jumped)
        }
        let result = GesturesSuite.measure(samples: samples, library: library, baselines: [baseline])
        return Measurement(
            suite: "motion", operation: operation, size: nil, nsPerOp: result.library.median, spread: result.library.spread,
            baseline: "a jump to a center, zoom and bearing", baselineNsPerOp: result.baselines[0].median, baselineSpread: result.baselines[0].spread,
            allocationsPerOp: result.allocationsPerOp)
    }

    /// One inertia sample at times stepping through the throw, against the gesture event.
    static func inertiaSamples(_ operation: String, _ inertia: CameraInertia, rotating: Bool, samples: Int, camera: MercatorCamera) -> Measurement {
        let duration = inertia.durationSeconds
        var step = 0
        func library(_ count: Int) {
            var last = camera
            for _ in 0..<count {
                let t = duration * (Double(step % 997) + 0.5) / 997
                step &+= 1
                last = inertia.state(atSeconds: t)
            }
            blackHole(last)
        }
        var local = camera
        var eventIndex = 0
        func baseline(_ count: Int) {
            for _ in 0..<count {
                let sign = eventIndex & 1 == 0 ? 1.0 : -1.0
                eventIndex &+= 1
                if rotating {
                    local.pinchRotate(
                        scale: sign > 0 ? 1.25 : 0.8, degrees: sign * 7, anchor: GesturesSuite.anchor,
                        dx: sign * GesturesSuite.panDX, dy: sign * GesturesSuite.panDY)
                } else {
                    local.pan(dx: sign * GesturesSuite.panDX, dy: sign * GesturesSuite.panDY)
                }
            }
            blackHole(local)
        }
        let result = GesturesSuite.measure(samples: samples, library: library, baselines: [baseline])
        return Measurement(
            suite: "motion", operation: operation, size: nil, nsPerOp: result.library.median, spread: result.library.spread,
            baseline: rotating ? "a pinch-rotate event" : "a pan event", baselineNsPerOp: result.baselines[0].median, baselineSpread: result.baselines[0].spread,
            allocationsPerOp: result.allocationsPerOp)
    }

    /// The recorded trace: 240 frames at 120 Hz. Each op is one frame (the event or the
    /// inertia sample, then the pins placed).
    static func trace(pinCount: Int, samples: Int, camera: MercatorCamera) throws -> Measurement {
        let pins = ProjectedPins(coordinates: Workloads.parisPins(count: pinCount))
        let output = UnsafeMutableBufferPointer<ScreenPoint>.allocate(capacity: pinCount)
        output.initialize(repeating: ScreenPoint(x: 0, y: 0))
        defer { output.deallocate() }
        // The recorded samples: scale, rotation (radians, clockwise), centroid, per frame.
        let frames = 240
        var scales: [Double] = [], rotations: [Double] = [], centroids: [ScreenPoint] = []
        for k in 0...120 {
            let t = Double(k) / 120
            // 0 - 0.5 s: the fingers spread (2^(1.5 t)) and turn 40 degrees per second, the
            // centroid drifting; 0.5 - 1 s: the scale steady, the turn going on.
            scales.append(exp2(1.5 * min(t, 0.5)))
            rotations.append(t * 40 * Double.pi / 180)
            centroids.append(ScreenPoint(x: 200 + 60 * min(t, 0.5), y: 420 - 30 * min(t, 0.5)))
        }
        var session = PinchGestureSession()
        var live = camera
        var inertia: CameraInertia? = nil
        // Frames played since the start, never reset: the time stamps run on across replays
        // as a device's clock does (a session ignores a sample stamped before its last one,
        // so restarting the stamps at each replay would leave every later pinch unapplied).
        var frame = 0
        var rejected = 0
        // One frame of the trace (the next, wrapping to the start after the last).
        func step() {
            let k = frame % frames
            let timestamp = 100 + Double(frame) / 120
            frame &+= 1
            if k == 0 {
                live = camera
                inertia = nil
            }
            if k <= 120 {
                let phase: GesturePhase = k == 0 ? .began : k == 120 ? .ended : .changed
                if !session.update(
                    phase, scale: scales[k], rotationRadians: rotations[k], centroid: centroids[k],
                    timestamp: timestamp, camera: &live) {
                    rejected &+= 1
                }
                if k == 120 { inertia = session.inertia(from: live) }
            } else if let inertia {
                live = inertia.state(atSeconds: Double(k - 120) / 120)
            }
            live.place(pins, into: output)
        }
        func library(_ count: Int) {
            for _ in 0..<count { step() }
            blackHole(output[pinCount - 1])
        }
        let result = GesturesSuite.measure(samples: samples, library: library, baselines: [])
        // Each frame timed on its own over `samples` whole replays (from the pinch's start):
        // the median and the 99th percentile of single frames, the clock read included.
        var frameTimes: [Double] = []
        frameTimes.reserveCapacity(frames * samples)
        frame = (frame + frames - 1) / frames * frames
        for _ in 0..<(frames * samples) {
            let begin = monotonicNanoseconds()
            step()
            frameTimes.append(Double(monotonicNanoseconds() - begin))
        }
        blackHole(output[pinCount - 1])
        // One more replay, checked: every sample applied, the pinch zoomed in by 0.75 and
        // turned 40 degrees, the release threw the camera on, and the inertia moved it.
        var released = camera, resting = camera
        for k in 0..<frames {
            step()
            if k == 120 { released = live }
            if k == frames - 1 { resting = live }
        }
        let turned = abs(abs(released.bearing - camera.bearing) - 40)
        guard rejected == 0, abs(released.zoom - (camera.zoom + 0.75)) < 1e-9, turned < 1e-6,
              let thrown = inertia, thrown.durationSeconds > 0, resting.bearing != released.bearing
        else {
            throw ToolError(
                "motion: the recorded trace did not play as recorded (\(rejected) samples ignored; at release zoom \(released.zoom), bearing \(released.bearing))")
        }
        return Measurement(
            suite: "motion", operation: "120 Hz trace frame (pinch-rotate, release, inertia) + re-place", size: pinCount,
            nsPerOp: result.library.median, spread: result.library.spread,
            baseline: "the 8.33 ms frame at 120 Hz (ratio = share used)", baselineNsPerOp: frameBudgetNanoseconds,
            allocationsPerOp: result.allocationsPerOp,
            framePercentiles: (p50: percentile(frameTimes, 0.50), p99: percentile(frameTimes, 0.99)))
    }

    /// The `fraction` quantile of `values` (nearest rank: the smallest value with at least
    /// that fraction of the values at or below it).
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
