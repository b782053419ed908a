import Foundation
import GeoMath
import Testing
import TestSupport

@testable import MapTooling
import Projection

/// Camera scripts (the input of `geobench camera`) and the events they carry.
@Suite("CameraScript")
struct CameraScriptTests {
    static let example = """
        {"camera":{"latitude":48.8566,"longitude":2.3522,"zoom":12,"width":390,"height":844},
         "events":[{"type":"pinch","scale":2,"x":100,"y":200},{"type":"pan","dx":30,"dy":-40},
                   {"type":"doubleTap","x":195,"y":422},{"type":"resize","width":844,"height":390},
                   {"type":"resize","width":390,"height":844}],
         "track":[{"latitude":48.8584,"longitude":2.2945},{"latitude":48.8606,"longitude":2.3376}]}
        """

    @Test("a script plays as the same operations applied by hand: the initial state, then one state per event")
    func playsEvents() throws {
        let script = try JSONDecoder().decode(CameraScript.self, from: Data(Self.example.utf8))
        let states = try script.run()
        #expect(states.count == 6)

        var camera = try MercatorCamera(
            center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 12, widthPoints: 390, heightPoints: 844)
        var expected = [camera]
        camera.pinch(scale: 2, anchor: ScreenPoint(x: 100, y: 200)); expected.append(camera)
        camera.pan(dx: 30, dy: -40); expected.append(camera)
        camera.doubleTap(at: ScreenPoint(x: 195, y: 422)); expected.append(camera)
        camera.resize(widthPoints: 844, heightPoints: 390); expected.append(camera)
        camera.resize(widthPoints: 390, heightPoints: 844); expected.append(camera)
        #expect(states.map(\.camera) == expected)
        // Turning back to portrait restored the state before the orientation change.
        #expect(states[5].camera == states[3].camera)
        for state in states {
            #expect(state.track.count == 2)
            for (point, place) in zip(state.track, script.track) {
                let direct = state.camera.point(for: place)
                #expect(isClose(point.x, direct.x, within: 1e-9) && isClose(point.y, direct.y, within: 1e-9))
            }
        }
        // The pinch kept the Eiffel Tower's neighbour under (100, 200): check the first event's anchor.
        let under = try states[0].camera.mercatorPoint(at: ScreenPoint(x: 100, y: 200))
        let after = states[1].camera.point(for: under)
        #expect(isClose(after.x, 100, within: 1e-6) && isClose(after.y, 200, within: 1e-6))
    }

    @Test("events encode and decode to themselves; unknown types and missing values are errors")
    func eventCoding() throws {
        let events: [CameraEvent] = [
            .pinch(scale: 1.5, anchor: ScreenPoint(x: 1, y: 2)), .pan(dx: -3, dy: 4),
            .doubleTap(ScreenPoint(x: 5, y: 6)), .resize(width: 7, height: 8),
        ]
        let decoded = try JSONDecoder().decode([CameraEvent].self, from: JSONEncoder().encode(events))
        #expect(decoded == events)
        for bad in [#"{"type":"zoom"}"#, #"{"type":"pinch","scale":2,"x":1}"#, #"{"dx":1,"dy":2}"#, #"{"type":"pan","dx":"a","dy":2}"#] {
            #expect(throws: DecodingError.self, "\(bad)") { try JSONDecoder().decode(CameraEvent.self, from: Data(bad.utf8)) }
        }
    }

    @Test("a failing event or starting camera is named in the error; a track coordinate out of range fails to decode")
    func errorsNameTheEvent() throws {
        let start = CameraScript.Start(latitude: 10, longitude: 20, zoom: 5, width: 390, height: 844)
        let script = CameraScript(camera: start, events: [.pan(dx: 1, dy: 1), .pinch(scale: -1, anchor: ScreenPoint(x: 0, y: 0))])
        #expect(throws: CameraScriptError(eventIndex: 1, eventType: "pinch", error: .invalidPinchScale(-1))) {
            try script.run()
        }
        do {
            _ = try script.run()
            Issue.record("a pinch scale of -1 was accepted")
        } catch {
            #expect(error.description == "event 1 (pinch): pinch scale -1.0 is out of range: expected a finite factor greater than 0")
        }
        var badStart = start
        badStart.width = 0
        #expect(throws: CameraScriptError.self) { try CameraScript(camera: badStart, events: []).run() }
        badStart = start
        badStart.latitude = 95
        #expect(throws: CameraScriptError.self) { try CameraScript(camera: badStart, events: []).run() }
        badStart = start
        badStart.maximumZoom = 30
        #expect(throws: CameraScriptError.self) { try CameraScript(camera: badStart, events: []).run() }
        let badTrack = Self.example.replacingOccurrences(of: #""latitude":48.8606"#, with: #""latitude":91"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(CameraScript.self, from: Data(badTrack.utf8)) }
    }

    @Test("run(_:) hands over the same states as run(), one at a time, and stops when the body says so")
    func streamingRun() throws {
        let script = try CameraScript.decode(Data(Self.example.utf8))
        var streamed: [CameraScript.State] = []
        try script.run { state in
            streamed.append(state)
            return true
        }
        #expect(try streamed == script.run())

        var seen = 0
        try script.run { _ in
            seen += 1
            return seen < 2
        }
        #expect(seen == 2)

        let bad = CameraScript(camera: script.camera, events: [.pan(dx: 1, dy: 1), .pinch(scale: 0, anchor: ScreenPoint(x: 0, y: 0))])
        var before = 0
        #expect(throws: CameraScriptError(eventIndex: 1, eventType: "pinch", error: .invalidPinchScale(0))) {
            try bad.run { _ in
                before += 1
                return true
            }
        }
        #expect(before == 2)
    }
}
