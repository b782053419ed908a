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
        results.append(try cameraEvents(
            "pinch event", samples: samples, camera: camera, center: center
        ) { (index, camera) in
            camera.pinch(scale: index & 1 == 0 ? 1.25 : 0.8, anchor: anchor)
        })
        progress("gestures: pan events, library vs PROJ project per event...")
        results.append(try cameraEvents(
            "pan event", samples: samples, camera: camera, center: center
        ) { (index, camera) in
            let sign = index & 1 == 0 ? 1.0 : -1.0
            camera.pan(dx: sign * panDX, dy: sign * panDY)
        })
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
        progress("gestures: saving and restoring the camera (JSON), against building it from degrees...")
        results.append(try restore(samples: samples, camera: camera))
        return results
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
            suite: "gestures", operation: "camera save + restore (JSON encode + decode)", size: 0,
            nsPerOp: result.library.median, spread: result.library.spread,
            baseline: "camera from its degrees", baselineNsPerOp: result.baselines[0].median, allocationsPerOp: nil)
    }

    /// Times `event` (given the event's index, so it can alternate) against one PROJ
    /// projection of `center` per event.
    static func cameraEvents(
        _ operation: String, samples: Int, camera: MercatorCamera, center: Coordinate,
        event: (Int, inout MercatorCamera) -> Void
    ) throws -> Measurement {
        var camera = camera
        var index = 0
        func library(_ count: Int) {
            for _ in 0..<count {
                event(index, &camera)
                index &+= 1
            }
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
            suite: "gestures", operation: operation, size: 0,
            nsPerOp: result.library.median, spread: result.library.spread,
            baseline: "PROJ project per event", baselineNsPerOp: result.baselines[0].median,
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
                baseline: name, baselineNsPerOp: baseline.median, allocationsPerOp: result.allocationsPerOp)
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
