import CMallocCounter
import GeoMath
import MapTooling
import Projection

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `gestures` suite: the fullscreen map's per-event and per-frame work against what the
/// same work costs when it goes through PROJ, in the same run.
///
/// - Camera events: a pinch (scale 1.25 and 0.8 alternately, around a fixed anchor) and a pan
///   (+/- a fixed translation), on a 390 x 844 point viewport over Paris at zoom 14, no pins
///   (size 0). Baseline: projecting the center through PROJ once per event, which is what a
///   camera that round-tripped through PROJ at every event would pay at least.
/// - Gesture frames: one camera event (pinch in, pan, pinch out, pan back, in turn) and then
///   `place(_:into:)` of 1 000, 10 000 or 100 000 pins projected once (size = pins), near
///   Paris; and 10 000 pins straddling the antimeridian under a camera centred on it, where
///   every frame has pins on both world copies. Baselines, timed in the same samples as the
///   library (one library number per workload): the same event and then the fastest plain
///   loop applying the same affine map to the same Mercator values in plain buffers (with the
///   world-copy shift where the workload needs it); and the same event and then the pins
///   re-projected through PROJ (buffers refilled, the library's `projectInPlace`) and placed
///   by the same plain loop.
///
/// ns/op is nanoseconds per event or per frame. allocationsPerOp is the library side's heap
/// allocations per event or per frame on this thread, counted over a separate run after the
/// timing (nil where the malloc counter is unavailable, that is off Linux/glibc).
enum GesturesSuite {
    /// The point between the fingers of every pinch, in points (off-center, so a pinch moves
    /// the center too).
    static let anchor = ScreenPoint(x: 250, y: 520)
    /// The pan translation, in points; alternate events pan back by its opposite.
    static let panDX = 37.0
    static let panDY = -23.0
    /// How long one timed sample of each side should take, in nanoseconds.
    static let sampleNanoseconds = 10_000_000.0
    /// Events or frames in the run that counts allocations.
    static let countedRepetitions = 1_000

    static func run(samples: Int, progress: (String) -> Void) throws -> [Measurement] {
        let center = Workloads.paris
        let camera = Workloads.phoneCamera()
        var results: [Measurement] = []
        progress("gestures: pinch events, library vs PROJ project per event...")
        results.append(try cameraEvents("pinch event", .pinch, samples: samples, camera: camera, center: center))
        progress("gestures: pan events, library vs PROJ project per event...")
        results.append(try cameraEvents("pan event", .pan, samples: samples, camera: camera, center: center))
        for count in [1_000, 10_000, 100_000] {
            progress("gestures: frames re-placing \(count) pins, library vs a plain affine loop and vs PROJ re-projection...")
            results += try frames(
                "gesture frame (affine re-place)", pinCount: count, samples: samples, camera: camera,
                longitude: Workloads.pinLongitude)
        }
        progress("gestures: frames re-placing 10000 pins across the antimeridian...")
        let antimeridian = try MercatorCamera(
            center: Coordinate(latitude: Workloads.paris.latitude, longitude: 179.95), zoom: camera.zoom,
            widthPoints: camera.widthPoints, heightPoints: camera.heightPoints)
        results += try frames(
            "gesture frame, pins across the antimeridian", pinCount: 10_000, samples: samples, camera: antimeridian,
            longitude: { index in
                // Longitudes 179.85 to 179.999 and -180 to -179.85: both sides of the line.
                let offset = Double(index % 997) * 3e-4 - 0.15
                return offset < 0.05 ? 179.95 + offset : -180 + (offset - 0.05)
            })
        progress("gestures: pinch-rotate events (bearing), library vs PROJ project per event...")
        results.append(try cameraEvents(
            "pinch-rotate event (bearing)", .pinchRotate, samples: samples, camera: camera, center: center))
        progress("gestures: frames re-placing 10000 pins at a bearing, against the same frames without bearing...")
        results.append(try bearingFrames(pinCount: 10_000, samples: samples, camera: camera))
        progress("gestures: fitting the 10 km circle at bearing 45 (support function) against at bearing 0 (closed-form bounds)...")
        results.append(try fitAtBearing(samples: samples, camera: camera))
        progress("gestures: saving and restoring the camera (JSON), against building it from degrees...")
        results.append(try restore(samples: samples, camera: camera))
        return results
    }

    /// The fingers' rotation of each pinch-rotate event, in degrees (alternately back).
    static let rotationDegrees = 7.0

    /// Gesture frames at a bearing (a pinch-rotate event, then `place(_:into:)` of
    /// `pinCount` pins near Paris through the rotated affine map) against the same frames
    /// without bearing (a pinch event, then the unrotated placement), timed in the same
    /// samples: what rotation costs a frame.
    static func bearingFrames(pinCount: Int, samples: Int, camera: MercatorCamera) throws -> Measurement {
        let pins = ProjectedPins(coordinates: Workloads.parisPins(count: pinCount))
        let output = UnsafeMutableBufferPointer<ScreenPoint>.allocate(capacity: pinCount)
        output.initialize(repeating: ScreenPoint(x: 0, y: 0))
        defer { output.deallocate() }
        var rotated = camera
        try rotated.jump(bearing: 30)
        var unrotated = camera
        var rotatedIndex = 0, unrotatedIndex = 0
        func library(_ count: Int) {
            for _ in 0..<count {
                let sign = rotatedIndex & 1 == 0 ? 1.0 : -1.0
                rotated.pinchRotate(
                    scale: sign > 0 ? 1.25 : 0.8, degrees: sign * rotationDegrees, anchor: anchor, dx: sign * panDX, dy: sign * panDY)
                rotatedIndex &+= 1
                rotated.place(pins, into: output)
            }
            blackHole(output[pinCount - 1])
        }
        func withoutBearing(_ count: Int) {
            for _ in 0..<count {
                // The same combined step without turning: the bearing stays 0.
                let sign = unrotatedIndex & 1 == 0 ? 1.0 : -1.0
                unrotated.pinchRotate(scale: sign > 0 ? 1.25 : 0.8, degrees: 0, anchor: anchor, dx: sign * panDX, dy: sign * panDY)
                unrotatedIndex &+= 1
                unrotated.place(pins, into: output)
            }
            blackHole(output[pinCount - 1])
        }
        let result = measure(samples: samples, library: library, baselines: [withoutBearing])
        return Measurement(
            suite: "gestures", operation: "gesture frame at a bearing (pinch-rotate + re-place)", size: pinCount,
            nsPerOp: result.library.median, spread: result.library.spread,
            baseline: "the same frame without bearing", baselineNsPerOp: result.baselines[0].median, baselineSpread: result.baselines[0].spread,
            allocationsPerOp: result.allocationsPerOp)
    }

    /// Fitting the user's 10 km circle at bearing 45, where the fit finds the continuous
    /// circle's extremes along the rotated screen axes (the support function, golden-section
    /// search over the azimuth), against the same fit at bearing 0, which takes the circle's
    /// closed-form latitude and longitude bounds.
    static func fitAtBearing(samples: Int, camera: MercatorCamera) throws -> Measurement {
        let circle = GeodesicCircle.userVicinity(around: Workloads.paris)
        var fitted = camera
        var failure: GeometryError?
        func library(_ count: Int) {
            for _ in 0..<count {
                do throws(GeometryError) { try fitted.fit(.region(circle), bearing: 45) } catch { failure = error }
            }
            blackHole(fitted)
        }
        func northUp(_ count: Int) {
            for _ in 0..<count {
                do throws(GeometryError) { try fitted.fit(.region(circle), bearing: 0) } catch { failure = error }
            }
            blackHole(fitted)
        }
        let result = measure(samples: samples, library: library, baselines: [northUp])
        if let failure { throw failure }
        return Measurement(
            suite: "gestures", operation: "fit the 10 km circle at bearing 45", size: nil,
            nsPerOp: result.library.median, spread: result.library.spread,
            baseline: "the same fit at bearing 0", baselineNsPerOp: result.baselines[0].median, baselineSpread: result.baselines[0].spread,
            allocationsPerOp: result.allocationsPerOp)
    }

    /// The restore after the app was in the background: the camera encoded to JSON and decoded
    /// (degrees and exact Mercator center, both checked), against building the same camera
    /// from its degrees (one PROJ projection). Both on this thread's PROJ context, which the
    /// earlier suites already created: nothing is set up per restore.
    static func restore(samples: Int, camera: MercatorCamera) throws -> Measurement {
        let encoder = JSONEncoder(), decoder = JSONDecoder()
        let center = camera.center
        var failure: (any Error)?
        func library(_ count: Int) {
            for _ in 0..<count {
                do {
                    blackHole(try decoder.decode(MercatorCamera.self, from: try encoder.encode(camera)))
                } catch { failure = error }
            }
        }
        func baseline(_ count: Int) {
            for _ in 0..<count {
                do {
                    blackHole(try MercatorCamera(
                        center: center, zoom: camera.zoom, widthPoints: camera.widthPoints, heightPoints: camera.heightPoints))
                } catch { failure = error }
            }
        }
        let result = measure(samples: samples, library: library, baselines: [baseline])
        if let failure { throw failure }
        return Measurement(
            suite: "gestures", operation: "camera save + restore (JSON encode + decode)", size: nil,
            nsPerOp: result.library.median, spread: result.library.spread,
            baseline: "camera from its degrees", baselineNsPerOp: result.baselines[0].median, baselineSpread: result.baselines[0].spread, allocationsPerOp: nil)
    }

    /// The timed camera events. (A switch in the loop rather than a closure per event: a
    /// closure taking the camera `inout` goes through a reabstraction thunk that copies the
    /// whole camera in and out, which an app calling the method on its camera never pays.)
    enum TimedEvent {
        /// Pinch by 1.25 and 0.8 alternately around ``anchor``.
        case pinch
        /// Pan by (+-``panDX``, +-``panDY``) alternately.
        case pan
        /// Pinch by 1.25 and 0.8, turn by +-``rotationDegrees`` and move by
        /// (+-``panDX``, +-``panDY``) alternately, in one step around ``anchor``.
        case pinchRotate
    }

    /// Times `event` (alternating, so the camera returns every two events) against one PROJ
    /// projection of `center` per event.
    static func cameraEvents(
        _ operation: String, _ event: TimedEvent, samples: Int, camera: MercatorCamera, center: Coordinate
    ) throws -> Measurement {
        var camera = camera
        var index = 0
        func library(_ count: Int) {
            // A local copy for the timed loop, mutated in place as an app mutates its camera.
            var local = camera
            for _ in 0..<count {
                let sign = index & 1 == 0 ? 1.0 : -1.0
                switch event {
                case .pinch:
                    local.pinch(scale: sign > 0 ? 1.25 : 0.8, anchor: anchor)
                case .pan:
                    local.pan(dx: sign * panDX, dy: sign * panDY)
                case .pinchRotate:
                    local.pinchRotate(
                        scale: sign > 0 ? 1.25 : 0.8, degrees: sign * rotationDegrees, anchor: anchor,
                        dx: sign * panDX, dy: sign * panDY)
                }
                index &+= 1
            }
            camera = local
            blackHole(camera)
        }
        func baseline(_ count: Int) {
            var sink = 0.0
            for _ in 0..<count {
                sink += MercatorPoint(center).x
            }
            blackHole(sink)
        }
        let result = measure(samples: samples, library: library, baselines: [baseline])
        return Measurement(
            suite: "gestures", operation: operation, size: nil,
            nsPerOp: result.library.median, spread: result.library.spread,
            baseline: "PROJ project per event", baselineNsPerOp: result.baselines[0].median, baselineSpread: result.baselines[0].spread,
            allocationsPerOp: result.allocationsPerOp)
    }

    /// Times gesture frames over `pinCount` pins (latitudes near Paris, longitudes from
    /// `longitude(index)`): the camera event and the library's affine re-placement, against the
    /// camera event and a plain loop, and against the camera event and a PROJ re-projection.
    static func frames(
        _ operation: String, pinCount: Int, samples: Int, camera: MercatorCamera,
        longitude: (Int) -> Double
    ) throws -> [Measurement] {
        let sourceLongitudes = (0..<pinCount).map(longitude)
        let sourceLatitudes = (0..<pinCount).map(Workloads.pinLatitude)
        var coordinates: [Coordinate] = []
        coordinates.reserveCapacity(pinCount)
        for index in 0..<pinCount {
            coordinates.append(try Coordinate(latitude: sourceLatitudes[index], longitude: sourceLongitudes[index]))
        }
        let pins = ProjectedPins(coordinates: coordinates)

        // Every buffer is allocated here, once: the timed frames only write into them.
        let output = UnsafeMutableBufferPointer<ScreenPoint>.allocate(capacity: pinCount)
        output.initialize(repeating: ScreenPoint(x: 0, y: 0))
        let xs = UnsafeMutableBufferPointer<Double>.allocate(capacity: pinCount)
        xs.initialize(repeating: 0)
        let ys = UnsafeMutableBufferPointer<Double>.allocate(capacity: pinCount)
        ys.initialize(repeating: 0)
        let eastings = UnsafeMutableBufferPointer<Double>.allocate(capacity: pinCount)
        let northings = UnsafeMutableBufferPointer<Double>.allocate(capacity: pinCount)
        for index in 0..<pinCount {
            eastings.initializeElement(at: index, to: pins[index].x)
            northings.initializeElement(at: index, to: pins[index].y)
        }
        defer {
            for buffer in [xs, ys, eastings, northings] { buffer.deallocate() }
            output.deallocate()
        }
        // Whether any pin lies more than a quarter world from the center (a margin for the
        // frames' small moves; only beyond half a world does a pin need a shift): then the plain loop
        // shifts pins to the nearest world copy, as the library does; otherwise it has no
        // shift at all (the fastest loop for pins near the user).
        let half = WebMercator.worldWidthMeters / 2
        let needsShift = (0..<pinCount).contains { abs(eastings[$0] - camera.centerMercator.x) > half / 2 }

        /// The same affine map written out plainly, reading the camera's public state once.
        func plainPlace(_ camera: MercatorCamera, eastings: UnsafeMutableBufferPointer<Double>, northings: UnsafeMutableBufferPointer<Double>) {
            let world = WebMercator.worldWidthMeters
            let center = camera.centerMercator, scale = camera.pointsPerMercatorMeter
            let originX = camera.widthPoints / 2, originY = camera.heightPoints / 2
            if needsShift {
                for index in 0..<pinCount {
                    var dx = eastings[index] - center.x
                    dx += dx < -half ? world : 0
                    dx -= dx > half ? world : 0
                    output[index] = ScreenPoint(x: originX + dx * scale, y: originY - (northings[index] - center.y) * scale)
                }
            } else {
                for index in 0..<pinCount {
                    output[index] = ScreenPoint(
                        x: originX + (eastings[index] - center.x) * scale,
                        y: originY - (northings[index] - center.y) * scale)
                }
            }
        }

        // Each side moves its own copy of the camera through the same cycle of events.
        var libraryCamera = camera, plainCamera = camera, projCamera = camera
        var libraryIndex = 0, plainIndex = 0, projIndex = 0
        var failure: GeometryError?
        func library(_ count: Int) {
            for _ in 0..<count {
                gestureEvent(libraryIndex, &libraryCamera)
                libraryIndex &+= 1
                libraryCamera.place(pins, into: output)
            }
            blackHole(output[pinCount - 1])
        }
        func plainLoop(_ count: Int) {
            for _ in 0..<count {
                gestureEvent(plainIndex, &plainCamera)
                plainIndex &+= 1
                plainPlace(plainCamera, eastings: eastings, northings: northings)
            }
            blackHole(output[pinCount - 1])
        }
        func reprojection(_ count: Int) {
            for _ in 0..<count {
                gestureEvent(projIndex, &projCamera)
                _ = xs.update(fromContentsOf: sourceLongitudes)
                _ = ys.update(fromContentsOf: sourceLatitudes)
                do throws(GeometryError) {
                    try WebMercator.projectInPlace(longitudes: xs, latitudes: ys)
                } catch { failure = error }
                projIndex &+= 1
                plainPlace(projCamera, eastings: xs, northings: ys)
            }
            blackHole(output[pinCount - 1])
        }
        let result = measure(samples: samples, library: library, baselines: [plainLoop, reprojection])
        if let failure { throw failure }
        return zip(["plain affine loop", "PROJ re-projection per frame"], result.baselines).map { name, baseline in
            Measurement(
                suite: "gestures", operation: operation, size: pinCount,
                nsPerOp: result.library.median, spread: result.library.spread,
                baseline: name, baselineNsPerOp: baseline.median, baselineSpread: baseline.spread, allocationsPerOp: result.allocationsPerOp)
        }
    }

    /// The frames' cycle of camera events: pinch in, pan, pinch out, pan back, so the camera
    /// returns to where it started every four frames.
    static func gestureEvent(_ index: Int, _ camera: inout MercatorCamera) {
        switch index & 3 {
        case 0: camera.pinch(scale: 1.25, anchor: anchor)
        case 1: camera.pan(dx: panDX, dy: panDY)
        case 2: camera.pinch(scale: 0.8, anchor: anchor)
        default: camera.pan(dx: -panDX, dy: -panDY)
        }
    }

    /// Times `library` against `baselines` in the same samples (`measureGroup`), each side
    /// given the number of events or frames to run, and counts the library's allocations
    /// afterwards.
    ///
    /// The sides differ by up to two orders of magnitude, so each runs its own number of
    /// repetitions per sample, calibrated to about ``sampleNanoseconds``, and reports it.
    static func measure(
        samples: Int, library: (Int) -> Void, baselines: [(Int) -> Void]
    ) -> (library: (median: Double, spread: Double), baselines: [(median: Double, spread: Double)], allocationsPerOp: Double?) {
        withoutActuallyEscaping(library) { library in
            let sides = [library] + baselines.map { baseline in { (count: Int) in baseline(count) } }
            let repetitions = sides.map { side in Self.repetitions(filling: sampleNanoseconds, side) }
            let timing = measureGroup(samples: samples, sides: zip(sides, repetitions).map { side, count in
                { side(count); return count }
            })
            // Warmed up by the calibration and the timing: anything counted now happens per frame.
            var allocationsPerOp: Double?
            if malloc_counter_is_available() == 1 {
                let before = malloc_counter_thread_allocations()
                library(countedRepetitions)
                let after = malloc_counter_thread_allocations()
                allocationsPerOp = Double(after &- before) / Double(countedRepetitions)
            }
            return (timing[0], Array(timing.dropFirst()), allocationsPerOp)
        }
    }

    /// How many repetitions of `work` take about `target` nanoseconds (at least 1), from timed
    /// runs of doubling length until one takes a quarter of the target.
    static func repetitions(filling target: Double, _ work: (Int) -> Void) -> Int {
        var count = 1
        while true {
            let start = monotonicNanoseconds()
            work(count)
            let elapsed = Double(monotonicNanoseconds() - start)
            if elapsed >= target / 4 || count >= 1 << 24 {
                return max(1, Int((target * Double(count) / max(elapsed, 1)).rounded()))
            }
            count *= 2
        }
    }
}
