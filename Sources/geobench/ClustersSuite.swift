import GeoMath
import MapTooling
import Projection

/// The `clusters` suite (issue 14): building the cluster index and querying it for a phone.
///
/// - "cluster index build": 100 000 pins within about 10 km of Paris (a deterministic
///   scatter, a tenth in coincident groups), against projecting the same 100 000 coordinates
///   through PROJ in one batch (what getting the pins' Mercator points costs anyway).
/// - "cluster viewport query + placement": the items a 390 x 844 camera over Paris shows at
///   zooms 11 to 16 in turn (level, candidates, screen points, draw order), against placing
///   10 000 pins with the camera's affine map (`place(_:into:)`).
///
/// ns/op is per build or per query; allocations are counted per op after the timing.
enum ClustersSuite {
    static func run(samples: Int, progress: (String) -> Void) throws -> [Measurement] {
        var results: [Measurement] = []
        let count = 100_000
        var coordinates: [Coordinate] = []
        coordinates.reserveCapacity(count)
        var state: UInt64 = 0x1405
        func uniform() -> Double {
            // SplitMix64.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        while coordinates.count < count {
            let place = try Coordinate(latitude: 48.8566 + (uniform() * 2 - 1) * 0.09, longitude: 2.3522 + (uniform() * 2 - 1) * 0.135)
            let copies = uniform() < 0.1 ? 2 + Int(uniform() * 4) : 1
            for _ in 0..<min(copies, count - coordinates.count) { coordinates.append(place) }
        }
        let points = WebMercator.project(coordinates)
        let pins = points.indices.map { ClusterPin(id: "pet\($0)", point: points[$0], category: $0 % 3 == 0 ? .found : .missing) }
        progress("clusters: building the index of 100000 pins, against projecting them through PROJ...")
        var index: PinClusterIndex? = nil
        var failure: GeometryError? = nil
        let build = measurePair(
            samples: max(3, samples / 5), size: 1,
            operation: {
                do throws(GeometryError) { index = try PinClusterIndex(pins: pins) } catch { failure = error }
            },
            baseline: { blackHole(WebMercator.project(coordinates)) })
        if let failure { throw failure }
        results.append(Measurement(
            suite: "clusters", operation: "cluster index build", size: count, nsPerOp: build.operation.median,
            spread: build.operation.spread, baseline: "PROJ projection of the same pins (one batch)",
            baselineNsPerOp: build.baseline.median, allocationsPerOp: nil))
        guard let index else { return results }
        progress("clusters: viewport query + placement for a phone, against placing 10000 pins...")
        let camera = Workloads.phoneCamera()
        var cameras: [MercatorCamera] = []
        for zoom in 11...16 {
            var zoomed = camera
            try zoomed.jump(zoom: Double(zoom) + 0.4)
            cameras.append(zoomed)
        }
        var output: [PlacedClusterItem] = []
        output.reserveCapacity(count)
        var step = 0
        func library(_ repetitions: Int) {
            for _ in 0..<repetitions {
                index.items(in: cameras[step % cameras.count], into: &output)
                step &+= 1
            }
            blackHole(output.count)
        }
        let placed = ProjectedPins(mercatorPoints: Array(points.prefix(10_000)))
        let buffer = UnsafeMutableBufferPointer<ScreenPoint>.allocate(capacity: placed.count)
        buffer.initialize(repeating: ScreenPoint(x: 0, y: 0))
        defer { buffer.deallocate() }
        func baseline(_ repetitions: Int) {
            for _ in 0..<repetitions { camera.place(placed, into: buffer) }
            blackHole(buffer[0])
        }
        let query = GesturesSuite.measure(samples: samples, library: library, baselines: [baseline])
        results.append(Measurement(
            suite: "clusters", operation: "cluster viewport query + placement (390 x 844, zooms 11-16)", size: count,
            nsPerOp: query.library.median, spread: query.library.spread, baseline: "placing 10000 pins (affine)",
            baselineNsPerOp: query.baselines[0].median, allocationsPerOp: query.allocationsPerOp))
        return results
    }
}
