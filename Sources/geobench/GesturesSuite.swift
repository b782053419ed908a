import CMallocCounter
import GeoMath
import Projection

/// The `gestures` suite: the fullscreen map's per-event and per-frame work against what the
/// same work costs when it goes through PROJ, in the same run.
///
/// - Camera events: a pinch (scale 1.25 and 0.8 alternately, around a fixed anchor) and a pan
///   (+/- a fixed translation), on a 390 x 844 point viewport over Paris at zoom 14, no pins
///   (size 0). Baseline: projecting the center through PROJ once per event, which is what a
///   camera that round-tripped through PROJ at every event would pay at least.
/// - Gesture frames: one camera event (pinch in, pan, pinch out, pan back, in turn) and then
///   `place(_:into:)` of 1 000, 10 000 or 100 000 pins projected once (size = pins). Two
///   baselines: the same event and then the fastest plain loop applying the same affine map
///   to the same Mercator values in plain buffers (without the nearest-copy shift, which no
///   pin near Paris needs); and the
///   same event and then the pins re-projected through PROJ (buffers refilled, the library's
///   `projectInPlace`) and placed with `point(forMercator:)`.
///
/// ns/op is nanoseconds per event or per frame. allocationsPerOp is the library side's heap
/// allocations per event or per frame on this thread, counted over a separate run after the
/// timing (nil where the malloc counter is unavailable, that is off Linux/glibc).
enum GesturesSuite {
    /// The camera's center: Paris.
    static let latitude = 48.8566
    static let longitude = 2.3522
    /// The camera's zoom level.
    static let zoom = 14.0
    /// The viewport, in points (a 6.1-inch phone in portrait).
    static let viewportWidth = 390.0
    static let viewportHeight = 844.0
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
        let transformer = try WebMercatorTransformer()
        let center = try Coordinate(latitude: latitude, longitude: longitude)
        let camera = try MapCamera(
            center: center, zoom: zoom, viewportWidth: viewportWidth, viewportHeight: viewportHeight,
            transformer: transformer)
        var results: [Measurement] = []
        progress("gestures: pinch events, library vs PROJ project per event...")
        results.append(try cameraEvents(
            "pinch event", samples: samples, camera: camera, center: center, transformer: transformer
        ) { (index, camera) throws(ProjectionError) in
            try camera.pinch(scale: index & 1 == 0 ? 1.25 : 0.8, anchor: anchor)
        })
        progress("gestures: pan events, library vs PROJ project per event...")
        results.append(try cameraEvents(
            "pan event", samples: samples, camera: camera, center: center, transformer: transformer
        ) { (index, camera) throws(ProjectionError) in
            let sign = index & 1 == 0 ? 1.0 : -1.0
            try camera.pan(dx: sign * panDX, dy: sign * panDY)
        })
        for count in [1_000, 10_000, 100_000] {
            progress("gestures: frames re-placing \(count) pins, library vs a plain affine loop and vs PROJ re-projection...")
            results += try frames(pinCount: count, samples: samples, camera: camera, transformer: transformer)
        }
        return results
    }

    /// Times `event` (given the event's index, so it can alternate) against one PROJ
    /// projection of `center` per event.
    static func cameraEvents(
        _ operation: String, samples: Int, camera: MapCamera, center: Coordinate,
        transformer: WebMercatorTransformer,
        event: (Int, inout MapCamera) throws(ProjectionError) -> Void
    ) throws -> Measurement {
        var camera = camera
        var index = 0
        var failure: ProjectionError?
        func library(_ count: Int) {
            for _ in 0..<count {
                do throws(ProjectionError) { try event(index, &camera) } catch { failure = error }
                index &+= 1
            }
            blackHole(camera)
        }
        func baseline(_ count: Int) {
            var sink = 0.0
            for _ in 0..<count {
                do throws(ProjectionError) { sink += try transformer.project(center).x } catch { failure = error }
            }
            blackHole(sink)
        }
        let result = measure(samples: samples, library: library, baseline: baseline)
        if let failure { throw failure }
        return Measurement(
            suite: "gestures", operation: operation, size: 0,
            nsPerOp: result.library.median, spread: result.library.spread,
            baseline: "PROJ project per event", baselineNsPerOp: result.baseline.median,
            allocationsPerOp: result.allocationsPerOp)
    }

    /// Times gesture frames over `pinCount` pins: the camera event and the affine re-placement
    /// against the camera event and a PROJ re-projection of every pin.
    static func frames(
        pinCount: Int, samples: Int, camera: MapCamera, transformer: WebMercatorTransformer
    ) throws -> [Measurement] {
        // Pins within about 10 km of Paris, deterministic (as in the pins suite).
        let sourceLongitudes = (0..<pinCount).map { 2.2 + Double($0 % 997) * 3e-4 }
        let sourceLatitudes = (0..<pinCount).map { 48.76 + Double($0 % 991) * 2e-4 }
        var coordinates: [Coordinate] = []
        coordinates.reserveCapacity(pinCount)
        for index in 0..<pinCount {
            coordinates.append(try Coordinate(latitude: sourceLatitudes[index], longitude: sourceLongitudes[index]))
        }
        let pins = try ProjectedPins(coordinates: coordinates, transformer: transformer)

        // Every buffer is allocated here, once: the timed frames only write into them.
        let output = UnsafeMutableBufferPointer<ScreenPoint>.allocate(capacity: pinCount)
        output.initialize(repeating: ScreenPoint(x: 0, y: 0))
        let xs = UnsafeMutableBufferPointer<Double>.allocate(capacity: pinCount)
        xs.initialize(repeating: 0)
        let ys = UnsafeMutableBufferPointer<Double>.allocate(capacity: pinCount)
        ys.initialize(repeating: 0)
        defer {
            output.deallocate()
            xs.deallocate()
            ys.deallocate()
        }

        // Each side moves its own copy of the camera through the same cycle of events.
        var libraryCamera = camera, baselineCamera = camera
        var libraryIndex = 0, baselineIndex = 0
        var failure: ProjectionError?
        func library(_ count: Int) {
            for _ in 0..<count {
                do throws(ProjectionError) { try gestureEvent(libraryIndex, &libraryCamera) } catch { failure = error }
                libraryIndex &+= 1
                libraryCamera.place(pins, into: output)
            }
            blackHole(output[pinCount - 1])
        }
        func baseline(_ count: Int) {
            for _ in 0..<count {
                do throws(ProjectionError) {
                    try gestureEvent(baselineIndex, &baselineCamera)
                    _ = xs.update(fromContentsOf: sourceLongitudes)
                    _ = ys.update(fromContentsOf: sourceLatitudes)
                    try transformer.projectInPlace(longitudes: xs, latitudes: ys)
                    for index in 0..<pinCount {
                        output[index] = try baselineCamera.point(forMercator: MercatorPoint(x: xs[index], y: ys[index]))
                    }
                } catch { failure = error }
                baselineIndex &+= 1
            }
            blackHole(output[pinCount - 1])
        }
        // The fastest plain loop: the same event, then the same affine map written out over the
        // same Mercator values in two plain buffers, reading the camera's public state once per
        // frame. Every pin is near Paris, so it needs no world-copy shift and has none.
        let eastings = UnsafeMutableBufferPointer<Double>.allocate(capacity: pinCount)
        let northings = UnsafeMutableBufferPointer<Double>.allocate(capacity: pinCount)
        for index in 0..<pinCount {
            eastings.initializeElement(at: index, to: pins[index].x)
            northings.initializeElement(at: index, to: pins[index].y)
        }
        defer {
            eastings.deallocate()
            northings.deallocate()
        }
        var plainCamera = camera
        var plainIndex = 0
        func plainLoop(_ count: Int) {
            for _ in 0..<count {
                do throws(ProjectionError) { try gestureEvent(plainIndex, &plainCamera) } catch { failure = error }
                plainIndex &+= 1
                let center = plainCamera.centerMercator, scale = plainCamera.pointsPerMeter
                let originX = plainCamera.viewportWidth / 2, originY = plainCamera.viewportHeight / 2
                for index in 0..<pinCount {
                    output[index] = ScreenPoint(
                        x: originX + (eastings[index] - center.x) * scale,
                        y: originY - (northings[index] - center.y) * scale)
                }
            }
            blackHole(output[pinCount - 1])
        }

        let againstPlain = measure(samples: samples, library: library, baseline: plainLoop)
        let againstPROJ = measure(samples: samples, library: library, baseline: baseline)
        if let failure { throw failure }
        return [
            Measurement(
                suite: "gestures", operation: "gesture frame (affine re-place)", size: pinCount,
                nsPerOp: againstPlain.library.median, spread: againstPlain.library.spread,
                baseline: "plain affine loop", baselineNsPerOp: againstPlain.baseline.median,
                allocationsPerOp: againstPlain.allocationsPerOp),
            Measurement(
                suite: "gestures", operation: "gesture frame (affine re-place)", size: pinCount,
                nsPerOp: againstPROJ.library.median, spread: againstPROJ.library.spread,
                baseline: "PROJ re-projection per frame", baselineNsPerOp: againstPROJ.baseline.median,
                allocationsPerOp: againstPROJ.allocationsPerOp),
        ]
    }

    /// The frames' cycle of camera events: pinch in, pan, pinch out, pan back, so the camera
    /// returns to where it started every four frames.
    static func gestureEvent(_ index: Int, _ camera: inout MapCamera) throws(ProjectionError) {
        switch index & 3 {
        case 0: try camera.pinch(scale: 1.25, anchor: anchor)
        case 1: try camera.pan(dx: panDX, dy: panDY)
        case 2: try camera.pinch(scale: 0.8, anchor: anchor)
        default: try camera.pan(dx: -panDX, dy: -panDY)
        }
    }

    /// Times `library` against `baseline` with `measurePair`, each given the number of events
    /// or frames to run, and counts the library's allocations afterwards.
    ///
    /// The two sides differ by up to two orders of magnitude, so each runs its own number of
    /// repetitions per sample, calibrated to about ``sampleNanoseconds``; `measurePair` gets
    /// size 1 and each median is divided by its side's repetitions. (The spread, a ratio, is
    /// unchanged by the division.)
    static func measure(
        samples: Int, library: (Int) -> Void, baseline: (Int) -> Void
    ) -> (library: (median: Double, spread: Double), baseline: (median: Double, spread: Double), allocationsPerOp: Double?) {
        let libraryRepetitions = repetitions(filling: sampleNanoseconds, library)
        let baselineRepetitions = repetitions(filling: sampleNanoseconds, baseline)
        let timing = measurePair(
            samples: samples, size: 1,
            operation: { library(libraryRepetitions) },
            baseline: { baseline(baselineRepetitions) })
        // Warmed up by the calibration and the timing: anything counted now happens per frame.
        var allocationsPerOp: Double?
        if malloc_counter_is_available() == 1 {
            let before = malloc_counter_thread_allocations()
            library(countedRepetitions)
            let after = malloc_counter_thread_allocations()
            allocationsPerOp = Double(after &- before) / Double(countedRepetitions)
        }
        return (
            (timing.operation.median / Double(libraryRepetitions), timing.operation.spread),
            (timing.baseline.median / Double(baselineRepetitions), timing.baseline.spread),
            allocationsPerOp)
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
