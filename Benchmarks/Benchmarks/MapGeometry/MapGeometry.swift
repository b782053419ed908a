import Benchmark
import GeoMath
import MapTooling
import Projection

// Every hot path of the libraries, with wall clock, throughput and malloc counts. Names are
// plain identifiers (the thresholds are files named after them); `.N` is the number of pins. Setup runs
// before `startMeasurement()`; results go through `blackHole`. Each benchmark's inner loop
// (`scaledIterations`) repeats the operation so that the measurement overhead is small.
//
// Thresholds: the committed p90 values in Thresholds/ (written by
// `swift package --allow-writing-to-package-directory benchmark thresholds update`; the tool
// records and checks p90 only) are checked by `swift package benchmark thresholds check` with
// the tolerances below: wide in time (this is a noisy, shared 2-core machine) and exact in
// allocations (the hot paths allocate nothing).
let benchmarks: @Sendable () -> Void = {
    let timeTolerance = BenchmarkThresholds(relative: [.p90: 50.0])
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 3,
        maxDuration: .seconds(2),
        maxIterations: 1_000,
        thresholds: [
            .wallClock: timeTolerance,
            .throughput: timeTolerance,
            .mallocCountTotal: BenchmarkThresholds(absolute: [.p90: 0]),
        ])

    let paris = Workloads.paris

    // MARK: GeoMath

    Benchmark("ExactRegion10km", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let centers = Workloads.regionCenters(count: benchmark.scaledIterations.count)
        benchmark.startMeasurement()
        for center in centers {
            blackHole(try! GeodesicCircle(center: center, radiusMeters: 10_000))
        }
    }

    Benchmark("NaiveRegion10km.baseline", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let centers = Workloads.regionCenters(count: benchmark.scaledIterations.count)
        benchmark.startMeasurement()
        for center in centers {
            blackHole(Baselines.naiveBounds(center: center, radiusMeters: 10_000))
        }
    }

    Benchmark("Distance", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let centers = Workloads.regionCenters(count: benchmark.scaledIterations.count)
        benchmark.startMeasurement()
        for center in centers {
            blackHole(paris.distance(to: center))
        }
    }

    // MARK: Projection

    Benchmark("SingleProjection", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let pins = Workloads.parisPins(count: benchmark.scaledIterations.count)
        benchmark.startMeasurement()
        for pin in pins {
            blackHole(MercatorPoint(pin))
        }
    }

    for count in [1_000, 1_000_000] {
        Benchmark("BatchProjection.\(count)", configuration: .init(maxIterations: count > 1_000 ? 30 : 1_000)) { benchmark in
            let pins = Workloads.parisPins(count: count)
            var longitudes = pins.map(\.longitude), latitudes = pins.map(\.latitude)
            longitudes.withUnsafeMutableBufferPointer { x in
                latitudes.withUnsafeMutableBufferPointer { y in
                    benchmark.startMeasurement()
                    try! WebMercator.projectInPlace(longitudes: x, latitudes: y)
                    benchmark.stopMeasurement()
                    blackHole(x[count - 1])
                }
            }
        }
    }

    Benchmark("PreviewPlacement.1000") { benchmark in
        let frame = try! PreviewFrame(circle: .userVicinity(around: Workloads.paris), widthPoints: 390)
        let announcements = Workloads.parisPins(count: 1_000).enumerated().map { index, pin in
            Announcement(id: String(index), status: index % 3 == 0 ? "FOUND" : "MISSING", latitude: pin.latitude, longitude: pin.longitude)
        }
        benchmark.startMeasurement()
        blackHole(PinLayout(announcements: announcements, frame: frame))
    }

    // MARK: Camera

    Benchmark("CameraEvent.pinch", configuration: .init(scalingFactor: .kilo)) { benchmark in
        var camera = Workloads.phoneCamera()
        let anchor = ScreenPoint(x: 250, y: 520)
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            camera.pinch(scale: index & 1 == 0 ? 1.25 : 0.8, anchor: anchor)
        }
        blackHole(camera)
    }

    Benchmark("CameraEvent.pan", configuration: .init(scalingFactor: .kilo)) { benchmark in
        var camera = Workloads.phoneCamera()
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            let sign = index & 1 == 0 ? 1.0 : -1.0
            camera.pan(dx: sign * 37, dy: sign * -23)
        }
        blackHole(camera)
    }

    for count in [1_000, 10_000, 100_000] {
        Benchmark("GestureFrame.\(count)") { benchmark in
            let pins = ProjectedPins(coordinates: Workloads.parisPins(count: count))
            var camera = Workloads.phoneCamera()
            let output = UnsafeMutableBufferPointer<ScreenPoint>.allocate(capacity: count)
            output.initialize(repeating: ScreenPoint(x: 0, y: 0))
            defer { output.deallocate() }
            benchmark.startMeasurement()
            camera.pinch(scale: 1.25, anchor: ScreenPoint(x: 250, y: 520))
            camera.place(pins, into: output)
            benchmark.stopMeasurement()
            blackHole(output[count - 1])
        }
    }
}
