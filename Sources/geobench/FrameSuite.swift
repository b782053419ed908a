import CFrameBaseline
import CMallocCounter
import GeoMath
import MapTooling
import Projection

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `frame` suite (issue 15): the fullscreen map's whole gesture frame, replaying the
/// recorded 120 Hz trace (examples/gesture-trace.json: a pinch, a turn, a pan released into
/// inertia, a fly back to the user, on a phone with the legend's sheet as inset).
///
/// - "frame pipeline": per frame, the trace's event (the sample through its gesture session,
///   or the running inertia or fly sampled), then every pin placed (`place(_:into:)`), the
///   cluster query with placement (`items(in:into:)`, level floor(zoom)) and the tile cover
///   (`cover(into:)`), for 10 000 and 100 000 pins near Paris. Against the same pipeline with
///   the pins re-projected through PROJ every frame (the library's `projectInPlace`, then the
///   C loop placing them); and, as its own row, against the 8.33 ms frame at 120 Hz (ratio =
///   the share used), with single frames timed one by one (p50, p99).
/// - "gesture frame (event + place)": the trace's event and the 10 000 pins placed, against the
///   same event and a plain C loop (CFrameBaseline, clang -O2) applying the same folded affine
///   map to the same values laid out as the library holds them.
/// - "tile cover": `cover(into:)` for the phone at bearing 30 with the sheet inset, zoom 13.5,
///   against a pan event.
///
/// ns/op is per frame (or per cover); allocations are counted per op after the timing.
enum FrameSuite {
    /// The trace `--trace` names when it is not given (from the current directory).
    static let defaultTracePath = "examples/gesture-trace.json"

    static func run(samples: Int, trace: GestureTrace, progress: (String) -> Void) throws -> [Measurement] {
        var results: [Measurement] = []
        for count in [10_000, 100_000] {
            progress("frame: the recorded trace with \(count) pins: event, placement, clusters, tiles; against PROJ per frame...")
            results += try pipeline(trace: trace, pinCount: count, samples: samples)
        }
        progress("frame: the trace's events with 10000 pins placed, against a plain C loop...")
        results.append(try placement(trace: trace, pinCount: 10_000, samples: samples))
        progress("frame: the tile cover of a phone viewport at bearing 30 with insets...")
        results.append(try tileCover(samples: samples))
        return results
    }

    /// The trace at `path`, read, decoded and played once onto its camera: every sample must
    /// apply, as the suite requires after its timing.
    ///
    /// - Throws: `FileIOError`, `ScriptError` for a trace that cannot be decoded or played
    ///   ("gesture trace 'PATH': 3 of its samples could not be applied").
    static func checkedTrace(_ path: String) throws -> GestureTrace {
        let trace = try loadTrace(path)
        var player: GestureTracePlayer
        do throws(GeometryError) {
            player = try GestureTracePlayer(trace)
        } catch {
            throw ScriptError(path: path, reason: error.description, kind: "gesture trace")
        }
        var camera = player.startCamera
        for _ in 0..<player.frameCount { player.step(&camera) }
        guard player.rejected == 0 else {
            throw ScriptError(
                path: path, reason: "\(player.rejected) of its samples could not be applied (the frame suite plays every one)",
                kind: "gesture trace")
        }
        return trace
    }

    static func loadTrace(_ path: String) throws -> GestureTrace {
        let bytes = try InputFile.readBytes(path, estimate: .cameraScript)
        do throws(CameraScriptDecodingError) {
            return try GestureTrace.decode(Data(bytes))
        } catch {
            throw ScriptError(path: path, reason: error.description, kind: "gesture trace")
        }
    }

    /// The folded affine map of a camera (point = k + a E + b N), from its public state, for
    /// the C loop.
    static func foldedMap(_ camera: MercatorCamera) -> (kx: Double, ky: Double, xx: Double, xy: Double, yx: Double, yy: Double) {
        let s = camera.pointsPerMercatorMeter, b = camera.bearing * Double.pi / 180
        let xx = cos(b) * s, xy = -sin(b) * s, yx = -sin(b) * s, yy = -cos(b) * s
        let c = camera.centerMercator, f = camera.focalPoint
        return (f.x - (xx * c.x + xy * c.y), f.y - (yx * c.x + yy * c.y), xx, xy, yx, yy)
    }

    static func pipeline(trace: GestureTrace, pinCount: Int, samples: Int) throws -> [Measurement] {
        let coordinates = Workloads.parisPins(count: pinCount)
        let pins = ProjectedPins(coordinates: coordinates)
        let index = try PinClusterIndex(pins: (0..<pinCount).map {
            ClusterPin(id: "pet\($0)", point: pins[$0], category: $0 % 3 == 0 ? .found : .missing)
        })
        let longitudes = coordinates.map(\.longitude), latitudes = coordinates.map(\.latitude)
        // Every buffer is allocated here, once.
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
        var libraryPlayer = try GestureTracePlayer(trace), projPlayer = libraryPlayer
        var libraryCamera = libraryPlayer.startCamera, projCamera = libraryCamera
        var items: [PlacedClusterItem] = [], projItems: [PlacedClusterItem] = []
        items.reserveCapacity(4_096)
        projItems.reserveCapacity(4_096)
        var cover = TileCover(), projCover = TileCover()
        var failure: GeometryError?
        func frame() {
            libraryPlayer.step(&libraryCamera)
            libraryCamera.place(pins, into: output)
            index.items(in: libraryCamera, into: &items)
            do throws(GeometryError) { try libraryCamera.cover(into: &cover) } catch { failure = error }
        }
        func reprojection(_ count: Int) {
            for _ in 0..<count {
                projPlayer.step(&projCamera)
                _ = xs.update(fromContentsOf: longitudes)
                _ = ys.update(fromContentsOf: latitudes)
                do throws(GeometryError) {
                    try WebMercator.projectInPlace(longitudes: xs, latitudes: ys)
                    let map = foldedMap(projCamera)
                    output.withMemoryRebound(to: Double.self) { flat in
                        frame_baseline_place(xs.baseAddress, ys.baseAddress, flat.baseAddress, pinCount, map.kx, map.ky, map.xx, map.xy, map.yx, map.yy)
                    }
                    index.items(in: projCamera, into: &projItems)
                    try projCamera.cover(into: &projCover)
                } catch { failure = error }
            }
            blackHole(output[pinCount - 1])
        }
        // Grown once for the whole trace (the largest cluster list and cover), as an app would.
        let frames = libraryPlayer.frameCount
        for _ in 0..<frames { frame() }
        // The frames differ (the cluster query follows the zoom), so the library side runs whole
        // replays from the trace's start and reports per frame; the PROJ side costs the same every
        // frame (its projection dominates) and runs frames, calibrated to the same sample length.
        // Both in the same samples.
        func replays(_ count: Int) {
            for _ in 0..<(count * frames) { frame() }
            blackHole(output[pinCount - 1])
        }
        let replayCount = GesturesSuite.repetitions(filling: GesturesSuite.sampleNanoseconds, replays)
        let projCount = GesturesSuite.repetitions(filling: GesturesSuite.sampleNanoseconds, reprojection)
        let timing = measureGroup(samples: samples, sides: [
            { replays(replayCount); return replayCount * frames },
            { reprojection(projCount); return projCount },
        ])
        if let failure { throw failure }
        var allocationsPerOp: Double?
        if malloc_counter_is_available() == 1 {
            let before = malloc_counter_thread_allocations()
            replays(1)
            allocationsPerOp = Double(malloc_counter_thread_allocations() &- before) / Double(frames)
        }
        // Single frames, one by one over `samples` whole replays from the trace's start.
        var frameTimes: [Double] = []
        frameTimes.reserveCapacity(frames * samples)
        for _ in 0..<(frames * samples) {
            let begin = monotonicNanoseconds()
            frame()
            frameTimes.append(Double(monotonicNanoseconds() - begin))
        }
        blackHole(output[pinCount - 1])
        guard libraryPlayer.rejected == 0, projPlayer.rejected == 0 else {
            throw ToolError("frame: the recorded trace did not play as recorded (\(libraryPlayer.rejected) samples ignored)")
        }
        let operation = "frame pipeline (trace event + place + clusters + tiles)"
        return [
            Measurement(
                suite: "frame", operation: operation, size: pinCount, nsPerOp: timing[0].median, spread: timing[0].spread,
                baseline: "the same with PROJ re-projection per frame", baselineNsPerOp: timing[1].median, baselineSpread: timing[1].spread,
                allocationsPerOp: allocationsPerOp),
            Measurement(
                suite: "frame", operation: operation, size: pinCount, nsPerOp: timing[0].median, spread: timing[0].spread,
                baseline: "the 8.33 ms frame at 120 Hz (ratio = share used)", baselineNsPerOp: MotionSuite.frameBudgetNanoseconds,
                allocationsPerOp: allocationsPerOp,
                framePercentiles: (p50: MotionSuite.percentile(frameTimes, 0.50), p99: MotionSuite.percentile(frameTimes, 0.99))),
        ]
    }

    static func placement(trace: GestureTrace, pinCount: Int, samples: Int) throws -> Measurement {
        let pins = ProjectedPins(coordinates: Workloads.parisPins(count: pinCount))
        let output = UnsafeMutableBufferPointer<ScreenPoint>.allocate(capacity: pinCount)
        output.initialize(repeating: ScreenPoint(x: 0, y: 0))
        let eastings = UnsafeMutableBufferPointer<Double>.allocate(capacity: pinCount)
        let northings = UnsafeMutableBufferPointer<Double>.allocate(capacity: pinCount)
        for k in 0..<pinCount {
            eastings.initializeElement(at: k, to: pins[k].x)
            northings.initializeElement(at: k, to: pins[k].y)
        }
        defer {
            output.deallocate()
            eastings.deallocate()
            northings.deallocate()
        }
        var libraryPlayer = try GestureTracePlayer(trace), plainPlayer = libraryPlayer
        var libraryCamera = libraryPlayer.startCamera, plainCamera = libraryCamera
        func library(_ count: Int) {
            for _ in 0..<count {
                libraryPlayer.step(&libraryCamera)
                libraryCamera.place(pins, into: output)
            }
            blackHole(output[pinCount - 1])
        }
        func plain(_ count: Int) {
            for _ in 0..<count {
                plainPlayer.step(&plainCamera)
                let map = foldedMap(plainCamera)
                output.withMemoryRebound(to: Double.self) { flat in
                    frame_baseline_place(eastings.baseAddress, northings.baseAddress, flat.baseAddress, pinCount, map.kx, map.ky, map.xx, map.xy, map.yx, map.yy)
                }
            }
            blackHole(output[pinCount - 1])
        }
        let result = GesturesSuite.measure(samples: samples, library: library, baselines: [plain])
        return Measurement(
            suite: "frame", operation: "gesture frame (trace event + place, bearing, insets)", size: pinCount,
            nsPerOp: result.library.median, spread: result.library.spread,
            baseline: "the same event + a plain C loop", baselineNsPerOp: result.baselines[0].median, baselineSpread: result.baselines[0].spread,
            allocationsPerOp: result.allocationsPerOp)
    }

    static func tileCover(samples: Int) throws -> Measurement {
        var camera = Workloads.phoneCamera()
        try camera.jump(zoom: 13.5, bearing: 30)
        try camera.setInsets(ScreenInsets(top: 47, left: 0, bottom: 300, right: 0))
        var cover = TileCover()
        try camera.cover(into: &cover)
        var covered = camera, panned = camera
        var failure: GeometryError?
        var step = 0, panStep = 0
        func library(_ count: Int) {
            for _ in 0..<count {
                // A sub-point pan between covers, back and forth, so that no result is reused.
                covered.pan(dx: step & 1 == 0 ? 0.37 : -0.37, dy: 0)
                step &+= 1
                do throws(GeometryError) { try covered.cover(into: &cover) } catch { failure = error }
            }
            blackHole(cover.tiles.count)
        }
        func pans(_ count: Int) {
            for _ in 0..<count {
                panned.pan(dx: panStep & 1 == 0 ? 0.37 : -0.37, dy: 0)
                panStep &+= 1
            }
            blackHole(panned.zoom)
        }
        let result = GesturesSuite.measure(samples: samples, library: library, baselines: [pans])
        if let failure { throw failure }
        return Measurement(
            suite: "frame", operation: "tile cover (phone, bearing 30, insets) + a pan", size: cover.tiles.count,
            nsPerOp: result.library.median, spread: result.library.spread,
            baseline: "the pan alone", baselineNsPerOp: result.baselines[0].median, baselineSpread: result.baselines[0].spread, allocationsPerOp: result.allocationsPerOp)
    }
}
