import CMallocCounter
import Foundation
import GeoMath
import Testing
import TestSupport

@testable import MapTooling
import Projection

/// The recorded gesture trace (examples/gesture-trace.json) and its player.
@Suite("GestureTrace")
struct GestureTraceTests {
    static func committedTrace(testFile: String = #filePath) throws -> GestureTrace {
        let url = URL(fileURLWithPath: testFile).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples").appendingPathComponent("gesture-trace.json")
        return try GestureTrace.decode(try Data(contentsOf: url))
    }

    @Test("BAD_INPUTS row 111: a trace with a key none of its objects takes is refused naming it, as a camera script is (row 106): a misspelt sample ('pich') was dropped and a misspelt camera key ('bearin') left at its default")
    func unknownKeys() throws {
        let camera = #""camera":{"latitude":48.8566,"longitude":2.3522,"zoom":13.5,"width":390,"height":844,"insets":{"top":47}}"#
        let pinch = #""pinch":{"phase":"began","scale":1,"rotation":0,"x":100,"y":100}"#
        func trace(camera: String = camera, rate: String = #""framesPerSecond":120"#, frame: String = pinch) -> Data {
            Data("{\(camera),\(rate),\"frames\":[{\"t\":0,\(frame)},{\"t\":0.1,\"fly\":{\"latitude\":1,\"longitude\":2,\"zoom\":3}}]}".utf8)
        }
        _ = try GestureTrace.decode(trace())
        let cases: [(Data, String)] = [
            (trace(rate: #""framesPerSecond":120,"extra":1"#), "extra: unknown key in the trace (it takes camera, framesPerSecond, frames)"),
            (trace(camera: camera.replacingOccurrences(of: "\"zoom\"", with: "\"bearin\":90,\"zoom\"")),
             "camera.bearin: unknown key in the trace's camera (it takes latitude, longitude, zoom, width, height, minimumZoom, maximumZoom, bearing, insets, bounds)"),
            (trace(camera: camera.replacingOccurrences(of: "\"top\"", with: "\"bottm\"")),
             "camera.insets.bottm: unknown key in the camera's insets (it takes top, left, bottom, right)"),
            (trace(frame: pinch.replacingOccurrences(of: "\"pinch\"", with: "\"pich\"")),
             "frames[0].pich: unknown key in a frame (it takes t, pinch, pan, fly)"),
            (trace(frame: pinch.replacingOccurrences(of: "\"scale\":1,", with: "\"scale\":1,\"sc\":2,")),
             "frames[0].pinch.sc: unknown key in a pinch sample (it takes phase, scale, rotation, x, y)"),
            (trace(frame: #""pan":{"phase":"began","x":0,"y":0,"dx":1}"#),
             "frames[0].pan.dx: unknown key in a pan sample (it takes phase, x, y)"),
        ]
        for (data, message) in cases {
            #expect(throws: CameraScriptDecodingError.invalid(message)) { try GestureTrace.decode(data) }
        }
    }

    @Test("the committed trace's pan is flicked at about 1 500 points per second at its release (1.8 s), 1 300 over the inertia's 0.1 s window")
    func panReleaseSpeed() throws {
        let trace = try Self.committedTrace()
        let pans = trace.frames.compactMap { frame in frame.pan.map { (t: frame.t, x: $0.x, y: $0.y) } }
        let last = try #require(pans.last), window = try #require(pans.last { $0.t <= last.t - 0.1 + 1e-9 })
        #expect(abs(last.t - 1.8) < 1e-9)
        let windowSpeed = ((last.x - window.x) * (last.x - window.x) + (last.y - window.y) * (last.y - window.y)).squareRoot() / (last.t - window.t)
        // The generator's x = -260 u^2, y = -150 u^2 over 0.4 s: (1300, 750) points per second at u = 1.
        #expect(windowSpeed > 1_250 && windowSpeed < 1_400, "\(windowSpeed)")
        let lastFrames = pans.suffix(9)
        let first = try #require(lastFrames.first)
        let endSpeed = ((last.x - first.x) * (last.x - first.x) + (last.y - first.y) * (last.y - first.y)).squareRoot() / (last.t - first.t)
        #expect(endSpeed > 1_350 && endSpeed < 1_550, "\(endSpeed)")
    }

    @Test("the committed trace plays as recorded: every sample applied; the pinch zooms by log2(2.4) about its centroid; the turn takes 35 degrees off the bearing; the pan's release throws the camera on; the fly ends exactly on the user at zoom 13.5, north up")
    func playsAsRecorded() throws {
        let trace = try Self.committedTrace()
        #expect(trace.framesPerSecond == 120 && trace.frames.count == 721)
        var player = try GestureTracePlayer(trace)
        var camera = player.startCamera
        var states: [MercatorCamera] = []
        for _ in 0..<player.frameCount {
            player.step(&camera)
            states.append(camera)
        }
        #expect(player.rejected == 0 && player.frameIndex == 0)
        let start = player.startCamera
        func frame(_ t: Double) -> MercatorCamera { states[Int((t * 120).rounded())] }
        #expect(abs(frame(0.6).zoom - (start.zoom + log2(2.4))) < 1e-9)
        // The turn: the recorded rotation (35 degrees, as printed to 6 decimals in radians) off
        // the bearing, and the zoom by the recorded spread, from where the pinch's inertia left it.
        let turn = try #require(trace.frames[156].pinch)
        #expect(abs(frame(1.3).bearing - (start.bearing - turn.rotation * 180 / Double.pi)) < 1e-9)
        #expect(abs(frame(1.3).zoom - (frame(0.7).zoom + log2(turn.scale))) < 1e-9)
        // The release at 1.8 s: the inertia moves the camera on after it, then comes to rest.
        let released = frame(1.8), later = frame(2.0), resting = frame(2.79)
        #expect(released.centerMercator != later.centerMercator && later.centerMercator != resting.centerMercator)
        // The fly from 2.8 s ends on the user.
        let end = states[states.count - 1]
        let user = MercatorPoint(try Coordinate(latitude: 48.8566, longitude: 2.3522))
        #expect(abs(end.centerMercator.x - user.x) < 1e-6 && abs(end.centerMercator.y - user.y) < 1e-6)
        #expect(end.zoom == 13.5 && end.bearing == 0)
        #expect(frame(3.5) != frame(2.8) && frame(3.5) != end, "the fly is under way at 3.5 s")
        // A second replay starts from the trace's camera and gives the same states.
        player.step(&camera)
        #expect(camera == states[0])
    }

    @Test("playing frames allocates nothing once the player is made: two whole replays", .enabled(if: malloc_counter_is_available() == 1, "allocations are counted only with glibc and no sanitizer"))
    func playingDoesNotAllocate() throws {
        var player = try GestureTracePlayer(try Self.committedTrace())
        var camera = player.startCamera
        for _ in 0..<player.frameCount { player.step(&camera) }
        let before = malloc_counter_thread_allocations()
        for _ in 0..<(2 * player.frameCount) { player.step(&camera) }
        #expect(malloc_counter_thread_allocations() - before == 0)
    }

    @Test("BAD_INPUTS row 84: a trace with no frames, a time that decreases or is NaN (as a string) or null, two samples in one frame, an unknown phase, a frame rate of 0 or 1e6, a repeated key, a sample with NaN is refused or ignored: decoding names the frame; a sample a session cannot apply is counted as rejected and changes nothing")
    func badTraces() throws {
        let camera = #"{"latitude":48.8566,"longitude":2.3522,"zoom":13,"width":390,"height":844}"#
        func decode(_ frames: String, rate: String = "120") throws(CameraScriptDecodingError) -> GestureTrace {
            try GestureTrace.decode(Data(#"{"camera":\#(camera),"framesPerSecond":\#(rate),"frames":[\#(frames)]}"#.utf8))
        }
        for (frames, rate, fragment) in [
            ("", "120", "at least one frame"),
            (#"{"t":1},{"t":0.5}"#, "120", "frames[1].t"),
            (#"{"t":null}"#, "120", "t"),
            (#"{"t":0,"pan":{"phase":"began","x":0,"y":0},"fly":{"latitude":0,"longitude":0,"zoom":3}}"#, "120", "at most one"),
            (#"{"t":0,"pan":{"phase":"possible","x":0,"y":0}}"#, "120", "phase"),
            (#"{"t":0}"#, "0", "framesPerSecond"),
            (#"{"t":0}"#, "1e6", "framesPerSecond"),
            (#"{"t":0,"t":1}"#, "120", "duplicate key"),
        ] {
            do throws(CameraScriptDecodingError) {
                _ = try decode(frames, rate: rate)
                Issue.record("accepted \(frames) at \(rate)")
            } catch {
                #expect(error.description.contains(fragment), "\(error.description)")
            }
        }
        // A pan changed before it began, and a pinch with a scale of 0: ignored, counted.
        let trace = try decode(#"{"t":0,"pan":{"phase":"changed","x":5,"y":5}},{"t":0.1,"pinch":{"phase":"began","scale":0,"rotation":0,"x":100,"y":100}},{"t":0.2}"#)
        var player = try GestureTracePlayer(trace)
        var state = player.startCamera
        for _ in 0..<3 { player.step(&state) }
        #expect(player.rejected == 2 && state == player.startCamera)
        // A fly to a latitude beyond 90 cannot be made into a player.
        let far = try decode(#"{"t":0,"fly":{"latitude":95,"longitude":0,"zoom":3}}"#)
        #expect(throws: GeometryError.self) { try GestureTracePlayer(far) }
    }
}
