import Dispatch
import Foundation
import GeoMath
import Testing

@testable import Projection

/// BAD_INPUTS row 31: the same computations from 8 threads at once, and from 8 tasks on the
/// concurrent executor, give results identical to one thread. Nothing is created or passed:
/// each thread gets its own PROJ context on its first conversion (PROJ contexts are never
/// shared) and releases it when it exits; GeoMath's geodesic is a read-only value that PROJ's
/// `geod_*` routines only read.
@Suite("Threads")
struct ThreadsTests {
    static let threads = 8
    static let callsPerThread = 100_000

    /// A digest of every bit of every result, in order (FNV-1a over the bit patterns).
    struct Digest: Equatable, Sendable {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        var count = 0

        mutating func add(_ number: Double) {
            value = (value ^ number.bitPattern) &* 0x0000_0100_0000_01B3
            count += 1
        }
    }

    typealias Digests = (regions: Digest, projections: Digest, camera: Digest)

    /// A point that should have failed did not.
    struct UnexpectedSuccess: Error {
        let index: Int
    }

    /// One thread's work: `callsPerThread` circles, projections (forward and inverse) and
    /// camera gestures from a fixed sequence of inputs, with a failing projection input mixed
    /// in (row 32 under load: the next good point must not see a stale error).
    static func work() throws -> Digests {
        var regions = Digest(), projections = Digest(), cameraDigest = Digest()
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var camera = try MercatorCamera(
            center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 12, widthPoints: 390, heightPoints: 844)
        for index in 0..<callsPerThread {
            let center = try Coordinate(latitude: next() * 180 - 90, longitude: next() * 360 - 180)
            // 1 m to 20 000 km: the Newton path, the scan path above 5 000 km, the whole world.
            let radius = pow(10, next() * 7.3)
            let bounds = try GeodesicCircle(center: center, radiusMeters: radius).bounds
            for value in [bounds.south, bounds.north, bounds.west, bounds.east] { regions.add(value) }

            let mercator = MercatorPoint(center)
            projections.add(mercator.x)
            projections.add(mercator.y)
            let back = mercator.coordinate
            projections.add(back.latitude)
            projections.add(back.longitude)
            if index % 1_000 == 0 {
                // A point PROJ itself fails on (an infinite longitude reaches proj_trans_generic,
                // which sets its error number) must fail, and leave nothing behind for the
                // good points after it.
                var longitude = [Double.infinity], latitude = [10.0]
                do throws(GeometryError) {
                    try longitude.withUnsafeMutableBufferPointer { (x) throws(GeometryError) in
                        try latitude.withUnsafeMutableBufferPointer { (y) throws(GeometryError) in
                            try WebMercator.projectInPlace(longitudes: x, latitudes: y)
                        }
                    }
                } catch {
                    projections.add(1)
                    continue
                }
                throw UnexpectedSuccess(index: index)
            }

            switch index % 4 {
            case 0: camera.pinch(scale: 0.5 + next(), anchor: ScreenPoint(x: next() * camera.widthPoints, y: next() * camera.heightPoints))
            case 1: camera.pan(dx: next() * 200 - 100, dy: next() * 200 - 100)
            case 2: camera.doubleTap(at: ScreenPoint(x: next() * camera.widthPoints, y: next() * camera.heightPoints))
            default:
                let landscape = index % 8 == 3
                camera.resize(widthPoints: landscape ? 844 : 390, heightPoints: landscape ? 390 : 844)
            }
            // Keep the camera from settling at the maximum zoom.
            if camera.zoom > 18 { camera.pinch(scale: 1.0 / 64, anchor: ScreenPoint(x: 195, y: 422)) }
            let shown = camera.centerMercator
            for value in [shown.x, shown.y, camera.zoom, camera.pointsPerMercatorMeter] { cameraDigest.add(value) }
        }
        return (regions, projections, cameraDigest)
    }

    /// Compares one worker's digests with the reference's.
    static func expectSame(_ outcome: Digests, _ reference: Digests, _ name: String) {
        #expect(outcome.regions == reference.regions, "\(name): circles differ")
        #expect(outcome.projections == reference.projections, "\(name): projections differ")
        #expect(outcome.camera == reference.camera, "\(name): camera states differ")
    }

    @Test("BAD_INPUTS row 31: circles, projections and camera gestures from 8 threads at once, 100 000 each, equal one thread's bit for bit")
    func eightThreadsMatchOne() throws {
        let reference = try Self.work()
        #expect(reference.regions.count == 4 * Self.callsPerThread)

        // Eight real threads, released together by one gate, so all eight run at once (a
        // dispatch pool would run only about as many as there are cores). Each thread writes
        // only its own slot; the slots are read after all have finished.
        typealias Outcome = Result<Digests, any Error>
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
            Self.expectSame(outcome, reference, "thread \(thread)")
        }
    }

    @Test("BAD_INPUTS row 41: the same work as 8 tasks on the concurrent executor (a task group and detached tasks) equals one thread's bit for bit")
    func eightTasksMatchOne() async throws {
        let reference = try Self.work()
        // Four children of a task group and four detached tasks, all on the global concurrent
        // executor: each conversion runs on whichever pool thread the task is on, with that
        // thread's own PROJ context.
        let grouped = try await withThrowingTaskGroup(of: (Int, Digest, Digest, Digest).self) { group in
            for task in 0..<(Self.threads / 2) {
                group.addTask {
                    let outcome = try Self.work()
                    return (task, outcome.regions, outcome.projections, outcome.camera)
                }
            }
            var outcomes: [(Int, Digest, Digest, Digest)] = []
            for try await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        #expect(grouped.count == Self.threads / 2)
        for (task, regions, projections, camera) in grouped {
            Self.expectSame((regions, projections, camera), reference, "group task \(task)")
        }
        let detached = (0..<(Self.threads / 2)).map { _ in
            Task.detached { () throws -> [Digest] in
                let outcome = try Self.work()
                return [outcome.regions, outcome.projections, outcome.camera]
            }
        }
        for (task, handle) in detached.enumerated() {
            let digests = try await handle.value
            try #require(digests.count == 3)
            Self.expectSame((digests[0], digests[1], digests[2]), reference, "detached task \(task)")
        }
    }

    @Test("BAD_INPUTS row 41: threads that exit release their PROJ context: 200 short-lived threads each project once, all correct, nothing crashes")
    func shortLivedThreads() throws {
        let count = 200
        let coordinate = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        let expected = MercatorPoint(coordinate)
        let slots = UnsafeMutableBufferPointer<MercatorPoint?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer { slots.deallocate() }
        nonisolated(unsafe) let shared = slots
        // In waves of 20 alive at once: each thread creates its context, converts, and exits
        // (the thread-specific slot's destructor releases the context).
        for wave in stride(from: 0, to: count, by: 20) {
            let finished = DispatchGroup()
            for index in wave..<min(wave + 20, count) {
                finished.enter()
                Thread {
                    let point = MercatorPoint(coordinate)
                    // A second conversion on the same thread reuses its context.
                    shared[index] = point.coordinate == MercatorPoint(coordinate).coordinate ? point : nil
                    finished.leave()
                }.start()
            }
            finished.wait()
        }
        for (index, slot) in slots.enumerated() {
            #expect(slot == expected, "thread \(index)")
        }
    }
}
