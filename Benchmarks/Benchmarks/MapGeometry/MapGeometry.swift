import Benchmark
@_spi(Baseline) import GeoMath
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

    let paris = try! Coordinate(latitude: 48.8566, longitude: 2.3522)

    // MARK: GeoMath

    Benchmark("ExactRegion10km", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let centers = regionCenters(benchmark.scaledIterations.count)
        benchmark.startMeasurement()
        for center in centers {
            blackHole(try! CoordinateRegion(center: center, radiusMeters: 10_000))
        }
    }

    Benchmark("NaiveRegion10km.baseline", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let centers = regionCenters(benchmark.scaledIterations.count)
        benchmark.startMeasurement()
        for center in centers {
            blackHole(CoordinateRegion.naiveBounds(center: center, radiusMeters: 10_000))
        }
    }

    Benchmark("Distance", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let centers = regionCenters(benchmark.scaledIterations.count)
        benchmark.startMeasurement()
        for center in centers {
            blackHole(paris.distance(to: center))
        }
    }

    // MARK: Projection

    Benchmark("SingleProjection", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let transformer = try! WebMercatorTransformer()
        let pins = pinCoordinates(benchmark.scaledIterations.count)
        benchmark.startMeasurement()
        for pin in pins {
            blackHole(try! transformer.project(pin))
        }
    }

    for count in [1_000, 1_000_000] {
        Benchmark("BatchProjection.\(count)", configuration: .init(maxIterations: count > 1_000 ? 30 : 1_000)) { benchmark in
            let transformer = try! WebMercatorTransformer()
            let pins = pinCoordinates(count)
            var longitudes = pins.map(\.longitude), latitudes = pins.map(\.latitude)
            longitudes.withUnsafeMutableBufferPointer { x in
                latitudes.withUnsafeMutableBufferPointer { y in
                    benchmark.startMeasurement()
                    try! transformer.projectInPlace(longitudes: x, latitudes: y)
                    benchmark.stopMeasurement()
                    blackHole(x[count - 1])
                }
            }
        }
    }

    Benchmark("PreviewPlacement.1000") { benchmark in
        let transformer = try! WebMercatorTransformer()
        let frame = try! PreviewFrame(
            region: CoordinateRegion.userVicinity(around: paris), widthPoints: 390, transformer: transformer)
        let announcements = pinCoordinates(1_000).enumerated().map { index, pin in
            Announcement(id: String(index), status: index % 3 == 0 ? "FOUND" : "MISSING", latitude: pin.latitude, longitude: pin.longitude)
        }
        benchmark.startMeasurement()
        blackHole(try! PinLayout(announcements: announcements, frame: frame, transformer: transformer))
    }

    // MARK: Camera

    Benchmark("CameraEvent.pinch", configuration: .init(scalingFactor: .kilo)) { benchmark in
        var camera = phoneCamera()
        let anchor = ScreenPoint(x: 250, y: 520)
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            try! camera.pinch(scale: index & 1 == 0 ? 1.25 : 0.8, anchor: anchor)
        }
        blackHole(camera)
    }

    Benchmark("CameraEvent.pan", configuration: .init(scalingFactor: .kilo)) { benchmark in
        var camera = phoneCamera()
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            let sign = index & 1 == 0 ? 1.0 : -1.0
            try! camera.pan(dx: sign * 37, dy: sign * -23)
        }
        blackHole(camera)
    }

    for count in [1_000, 10_000, 100_000] {
        Benchmark("GestureFrame.\(count)") { benchmark in
            let transformer = try! WebMercatorTransformer()
            let pins = try! ProjectedPins(coordinates: pinCoordinates(count), transformer: transformer)
            var camera = phoneCamera()
            let output = UnsafeMutableBufferPointer<ScreenPoint>.allocate(capacity: count)
            output.initialize(repeating: ScreenPoint(x: 0, y: 0))
            defer { output.deallocate() }
            benchmark.startMeasurement()
            try! camera.pinch(scale: 1.25, anchor: ScreenPoint(x: 250, y: 520))
            camera.place(pins, into: output)
            benchmark.stopMeasurement()
            blackHole(output[count - 1])
        }
    }
}

/// Deterministic centers, latitudes in [-80, 80]: the same sequence as geobench's region suite.
func regionCenters(_ count: Int) -> [Coordinate] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }
    return (0..<count).map { _ in
        let latitude = next() * 160 - 80
        let longitude = next() * 360 - 180
        return try! Coordinate(latitude: latitude, longitude: longitude)
    }
}

/// Pins within about 10 km of Paris, deterministic (as in geobench's pins suite).
func pinCoordinates(_ count: Int) -> [Coordinate] {
    (0..<count).map { index in
        try! Coordinate(latitude: 48.76 + Double(index % 991) * 2e-4, longitude: 2.2 + Double(index % 997) * 3e-4)
    }
}

/// A 390 x 844 point phone over Paris at zoom 14.
func phoneCamera() -> MapCamera {
    let transformer = try! WebMercatorTransformer()
    return try! MapCamera(
        center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 14,
        viewportWidth: 390, viewportHeight: 844, transformer: transformer)
}
