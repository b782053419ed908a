import Dispatch
import Foundation
import GeoMath
import Testing

@testable import Projection

/// BAD_INPUTS row 31: the same computations from 8 threads at once give results identical to
/// one thread. Each thread owns its own `WebMercatorTransformer` (PROJ contexts are never
/// shared); GeoMath's geodesic is a read-only value that PROJ's `geod_*` routines only read.
@Suite("Threads")
struct ThreadsTests {
    static let threads = 8
    static let callsPerThread = 100_000

    /// A digest of every bit of every result, in order (FNV-1a over the bit patterns).
    struct Digest: Equatable {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        var count = 0

        mutating func add(_ number: Double) {
            value = (value ^ number.bitPattern) &* 0x0000_0100_0000_01B3
            count += 1
        }
    }

    /// A point that should have failed did not.
    struct UnexpectedSuccess: Error {
        let index: Int
    }

    /// One thread's work: `callsPerThread` regions, projections (forward and inverse) and
    /// camera gestures from a fixed sequence of inputs, with a failing projection input mixed
    /// in (row 32 under load: the next good point must not see a stale error).
    static func work() throws -> (regions: Digest, projections: Digest, camera: Digest) {
        let transformer = try WebMercatorTransformer()
        var regions = Digest(), projections = Digest(), cameraDigest = Digest()
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var camera = try MapCamera(
            center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 12,
            viewportWidth: 390, viewportHeight: 844, transformer: transformer)
        for index in 0..<callsPerThread {
            let center = try Coordinate(latitude: next() * 180 - 90, longitude: next() * 360 - 180)
            // 1 m to 20 000 km: the Newton path, the scan path above 5 000 km, the whole world.
            let radius = pow(10, next() * 7.3)
            let bounds = try CoordinateRegion(center: center, radiusMeters: radius).bounds
            for value in [bounds.south, bounds.north, bounds.west, bounds.east] { regions.add(value) }

            let mercator = try transformer.project(center)
            projections.add(mercator.x)
            projections.add(mercator.y)
            let back = try transformer.coordinate(for: mercator)
            projections.add(back.latitude)
            projections.add(back.longitude)
            if index % 1_000 == 0 {
                // A point PROJ itself fails on (an infinite longitude reaches proj_trans_generic,
                // which sets its error number) must fail, and leave nothing behind for the
                // good points after it.
                var longitude = [Double.infinity], latitude = [10.0]
                do throws(ProjectionError) {
                    try longitude.withUnsafeMutableBufferPointer { (x) throws(ProjectionError) in
                        try latitude.withUnsafeMutableBufferPointer { (y) throws(ProjectionError) in
                            try transformer.projectInPlace(longitudes: x, latitudes: y)
                        }
                    }
                } catch {
                    projections.add(1)
                    continue
                }
                throw UnexpectedSuccess(index: index)
            }

            switch index % 4 {
            case 0: try camera.pinch(scale: 0.5 + next(), anchor: ScreenPoint(x: next() * camera.viewportWidth, y: next() * camera.viewportHeight))
            case 1: try camera.pan(dx: next() * 200 - 100, dy: next() * 200 - 100)
            case 2: try camera.doubleTap(at: ScreenPoint(x: next() * camera.viewportWidth, y: next() * camera.viewportHeight))
            default:
                let landscape = index % 8 == 3
                try camera.resize(width: landscape ? 844 : 390, height: landscape ? 390 : 844)
            }
            // Keep the camera from settling at the maximum zoom.
            if camera.zoom > 18 { try camera.pinch(scale: 1.0 / 64, anchor: ScreenPoint(x: 195, y: 422)) }
            let shown = camera.centerMercator
            for value in [shown.x, shown.y, camera.zoom, camera.pointsPerMeter] { cameraDigest.add(value) }
        }
        return (regions, projections, cameraDigest)
    }

    @Test("BAD_INPUTS row 31: regions, projections and camera gestures from 8 threads at once, 100 000 each, equal one thread's bit for bit")
    func eightThreadsMatchOne() throws {
        let reference = try Self.work()
        #expect(reference.regions.count == 4 * Self.callsPerThread)

        // Eight real threads, released together by one gate, so all eight run at once (a
        // dispatch pool would run only about as many as there are cores). Each thread writes
        // only its own slot; the slots are read after all have finished.
        typealias Outcome = Result<(regions: Digest, projections: Digest, camera: Digest), any Error>
        let slots = UnsafeMutableBufferPointer<Outcome?>.allocate(capacity: Self.threads)
        slots.initialize(repeating: nil)
        defer { slots.deallocate() }
        nonisolated(unsafe) let shared = slots
        let gate = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        for thread in 0..<Self.threads {
            finished.enter()
            Thread {
                gate.wait()
                shared[thread] = Result { try Self.work() }
                finished.leave()
            }.start()
        }
        for _ in 0..<Self.threads { gate.signal() }
        finished.wait()
        for (thread, slot) in slots.enumerated() {
            let outcome = try #require(slot).get()
            #expect(outcome.regions == reference.regions, "thread \(thread): regions differ")
            #expect(outcome.projections == reference.projections, "thread \(thread): projections differ")
            #expect(outcome.camera == reference.camera, "thread \(thread): camera states differ")
        }
    }
}
