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

    // MARK: - Bearing, insets, jump, fit and bounds

    static let fullscreen = """
        {"camera":{"latitude":48.8566,"longitude":2.3522,"zoom":13,"width":390,"height":844,"bearing":-30,
                   "insets":{"top":47,"bottom":34},"bounds":{"south":48,"north":49.5,"west":1.5,"east":3.5,"mode":"center"}},
         "events":[{"type":"insets","top":47,"left":0,"bottom":300,"right":0,"keep":"content"},
                   {"type":"rotate","degrees":30,"x":100,"y":200},
                   {"type":"rotate","degrees":-30,"x":100,"y":200},
                   {"type":"pinchRotate","scale":1.5,"degrees":20,"x":100,"y":200,"dx":10,"dy":-20},
                   {"type":"pinchRotate","scale":0.5,"degrees":-5,"x":300,"y":100},
                   {"type":"jump","bearing":0},
                   {"type":"jump","latitude":48.86,"longitude":2.34,"zoom":14,"bearing":450},
                   {"type":"jump","longitude":2.30},
                   {"type":"fit","region":{"latitude":48.8566,"longitude":2.3522,"radius":10000},"padding":20,"bearing":45},
                   {"type":"fit","bounds":{"south":48.83,"north":48.89,"west":2.27,"east":2.41},"zoomSnap":0.5},
                   {"type":"fit","coordinates":[{"latitude":48.8584,"longitude":2.2945},{"latitude":48.8606,"longitude":2.3376}]},
                   {"type":"bounds","clear":true},
                   {"type":"bounds","south":48.80,"north":48.92,"west":2.22,"east":2.47},
                   {"type":"bounds","south":48.80,"north":48.92,"west":2.22,"east":2.47,"mode":"center"},
                   {"type":"resize","width":844,"height":200},
                   {"type":"resize","width":390,"height":844},
                   {"type":"insets","keep":"center"}],
         "track":[{"latitude":48.8584,"longitude":2.2945},{"latitude":48.8606,"longitude":2.3376}]}
        """

    @Test("the starting camera takes a bearing, insets and bounds; without them it is the camera it always was")
    func startingCamera() throws {
        let script = try CameraScript.decode(Data(Self.fullscreen.utf8))
        #expect(script.camera.bearing == -30)
        #expect(script.camera.insets == CameraScript.Start.Insets(top: 47, left: 0, bottom: 34, right: 0))
        #expect(script.camera.bounds == CameraScript.Start.Bounds(south: 48, north: 49.5, west: 1.5, east: 3.5, mode: .center))
        let first = try #require(try script.run().first)
        var expected = try MercatorCamera(
            center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 13, widthPoints: 390, heightPoints: 844)
        expected.setBounds(CameraBounds(try CoordinateBounds(south: 48, north: 49.5, west: 1.5, east: 3.5), mode: .center))
        try expected.setInsets(ScreenInsets(top: 47, bottom: 34))
        try expected.jump(center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 13, bearing: -30)
        #expect(first.camera == expected)
        let startInsets = try ScreenInsets(top: 47, bottom: 34)
        #expect(first.camera.bearing == -30 && first.camera.insets == startInsets)
        // The script's center is the coordinate at the focal point (the middle of the
        // unobstructed rectangle), the printed center.
        #expect(isClose(first.center.latitude, 48.8566, within: 1e-9) && isClose(first.center.longitude, 2.3522, within: 1e-9))
        let focal = first.camera.point(for: try Coordinate(latitude: 48.8566, longitude: 2.3522))
        #expect(isClose(focal.x, 195, within: 1e-6) && isClose(focal.y, (47 + 844 - 34) / 2, within: 1e-6))
        // Insets keys are optional (0); the bounds' mode is optional (viewport).
        let partial = #"{"camera":{"latitude":1,"longitude":2,"zoom":3,"width":390,"height":844,"insets":{"left":5},"bounds":{"south":-10,"north":10,"west":170,"east":-170}},"events":[]}"#
        let decoded = try CameraScript.decode(Data(partial.utf8))
        #expect(decoded.camera.insets == CameraScript.Start.Insets(left: 5))
        let made = try decoded.camera.make()
        let leftInsets = try ScreenInsets(left: 5)
        #expect(made.insets == leftInsets && made.bounds?.mode == .viewport && made.bearing == 0)
        // Without the new fields: exactly the camera MercatorCamera's initializer gives.
        let plain = try CameraScript.decode(Data(Self.example.utf8))
        #expect(plain.camera.bearing == nil && plain.camera.insets == nil && plain.camera.bounds == nil)
        #expect(try plain.camera.make() == MercatorCamera(
            center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 12, widthPoints: 390, heightPoints: 844))
        // A bearing alone keeps the center and zoom the script gives as what a resize restores.
        var turned = plain.camera
        turned.bearing = 540
        let turnedCamera = try turned.make()
        #expect(turnedCamera.bearing == 180)
        var check = turnedCamera
        check.resize(widthPoints: 844, heightPoints: 390)
        check.resize(widthPoints: 390, heightPoints: 844)
        #expect(check == turnedCamera)
    }

    @Test("every new event (rotate, pinchRotate, insets, jump, fit, bounds, clear) decodes, encodes back to itself and plays as the camera's own methods do")
    func playsNewEvents() throws {
        let script = try CameraScript.decode(Data(Self.fullscreen.utf8))
        let anchor = ScreenPoint(x: 100, y: 200)
        let paris = CameraEvent.Place(latitude: 48.8584, longitude: 2.2945)
        let louvre = CameraEvent.Place(latitude: 48.8606, longitude: 2.3376)
        let expectedEvents: [CameraEvent] = [
            .insets(top: 47, left: 0, bottom: 300, right: 0, keeping: .content),
            .rotate(degrees: 30, anchor: anchor),
            .rotate(degrees: -30, anchor: anchor),
            .pinchRotate(scale: 1.5, degrees: 20, anchor: anchor, dx: 10, dy: -20),
            .pinchRotate(scale: 0.5, degrees: -5, anchor: ScreenPoint(x: 300, y: 100), dx: 0, dy: 0),
            .jump(latitude: nil, longitude: nil, zoom: nil, bearing: 0),
            .jump(latitude: 48.86, longitude: 2.34, zoom: 14, bearing: 450),
            .jump(latitude: nil, longitude: 2.30, zoom: nil, bearing: nil),
            .fit(.region(latitude: 48.8566, longitude: 2.3522, radiusMeters: 10_000), padding: 20, bearing: 45, zoomSnap: nil),
            .fit(.bounds(south: 48.83, north: 48.89, west: 2.27, east: 2.41), padding: 0, bearing: nil, zoomSnap: 0.5),
            .fit(.coordinates([paris, louvre]), padding: 0, bearing: nil, zoomSnap: nil),
            .clearBounds,
            .bounds(south: 48.80, north: 48.92, west: 2.22, east: 2.47, mode: .viewport),
            .bounds(south: 48.80, north: 48.92, west: 2.22, east: 2.47, mode: .center),
            .resize(width: 844, height: 200),
            .resize(width: 390, height: 844),
            .insets(top: 0, left: 0, bottom: 0, right: 0, keeping: .center),
        ]
        #expect(script.events == expectedEvents)
        #expect(script.events.map(\.typeName) == [
            "insets", "rotate", "rotate", "pinchRotate", "pinchRotate", "jump", "jump", "jump", "fit", "fit", "fit",
            "bounds", "bounds", "bounds", "resize", "resize", "insets",
        ])
        // Encoding and decoding gives the same events.
        let recoded = try JSONDecoder().decode([CameraEvent].self, from: JSONEncoder().encode(script.events))
        #expect(recoded == script.events)

        // Played: the same states as the camera's methods called by hand.
        let states = try script.run()
        #expect(states.count == script.events.count + 1)
        var camera = try script.camera.make()
        var expected = [camera]
        try camera.setInsets(ScreenInsets(top: 47, bottom: 300), keeping: .content); expected.append(camera)
        camera.rotate(degrees: 30, around: anchor); expected.append(camera)
        camera.rotate(degrees: -30, around: anchor); expected.append(camera)
        camera.pinchRotate(scale: 1.5, degrees: 20, anchor: anchor, dx: 10, dy: -20); expected.append(camera)
        camera.pinchRotate(scale: 0.5, degrees: -5, anchor: ScreenPoint(x: 300, y: 100)); expected.append(camera)
        try camera.jump(bearing: 0); expected.append(camera)
        try camera.jump(center: Coordinate(latitude: 48.86, longitude: 2.34), zoom: 14, bearing: 450); expected.append(camera)
        try camera.jump(center: Coordinate(latitude: camera.center.latitude, longitude: 2.30)); expected.append(camera)
        try camera.fit(
            .region(GeodesicCircle(center: Coordinate(latitude: 48.8566, longitude: 2.3522), radiusMeters: 10_000)),
            padding: 20, bearing: 45); expected.append(camera)
        try camera.fit(
            .bounds(CoordinateBounds(south: 48.83, north: 48.89, west: 2.27, east: 2.41)), zoomSnap: ZoomSnap(step: 0.5))
        expected.append(camera)
        try camera.fit(.coordinates([Coordinate(latitude: 48.8584, longitude: 2.2945), Coordinate(latitude: 48.8606, longitude: 2.3376)]))
        expected.append(camera)
        camera.setBounds(nil); expected.append(camera)
        let box = try CoordinateBounds(south: 48.80, north: 48.92, west: 2.22, east: 2.47)
        camera.setBounds(CameraBounds(box)); expected.append(camera)
        camera.setBounds(CameraBounds(box, mode: .center)); expected.append(camera)
        camera.resize(widthPoints: 844, heightPoints: 200); expected.append(camera)
        camera.resize(widthPoints: 390, heightPoints: 844); expected.append(camera)
        try camera.setInsets(.zero); expected.append(camera)
        #expect(states.map(\.camera) == expected)

        // What each event did, as seen in the states.
        #expect(states[2].camera.bearing == -60 && states[3].camera == states[1].camera)  // rotate and back
        #expect(states[4].camera.bearing == -50 && states[5].camera.bearing == -45)
        #expect(states[6].camera.bearing == 0 && states[7].camera.bearing == 90)           // 450 wrapped
        #expect(states[9].camera.bearing == 45 && states[10].camera.zoom.truncatingRemainder(dividingBy: 0.5) == 0)
        #expect(states[12].camera.bounds == nil && states[13].camera.bounds == CameraBounds(box))
        #expect(states[15].camera.effectiveInsets != states[15].camera.insets)              // 200 points tall: shrunk
        #expect(states[15].camera.insets == (try ScreenInsets(top: 47, bottom: 300)))
        #expect(states[16].camera == states[14].camera)                                     // and back
        #expect(states[17].camera.insets == .zero)
        // The rotate's anchor keeps its coordinate under the fingers (1e-6 points), and the
        // pinch-rotate moves it by (dx, dy).
        let under = try states[1].camera.mercatorPoint(at: anchor)
        let turned = states[2].camera.point(for: under)
        #expect(isClose(turned.x, 100, within: 1e-6) && isClose(turned.y, 200, within: 1e-6))
        let moved = states[4].camera.point(for: try states[3].camera.mercatorPoint(at: anchor))
        #expect(isClose(moved.x, 110, within: 1e-6) && isClose(moved.y, 180, within: 1e-6))
        for state in states {
            #expect(state.camera.bearing > -180 && state.camera.bearing <= 180 && state.camera.zoom.isFinite)
            for (point, place) in zip(state.track, script.track) {
                let direct = state.camera.point(for: place)
                #expect(isClose(point.x, direct.x, within: 1e-9) && isClose(point.y, direct.y, within: 1e-9))
            }
        }
    }

    @Test("BAD_INPUTS row 64: a script's bad new event names its index and type, a bad starting bearing, insets or bounds names the camera, and a malformed one is a decoding error naming where")
    func newEventErrors() throws {
        let start = CameraScript.Start(latitude: 48.8566, longitude: 2.3522, zoom: 12, width: 390, height: 844)
        let good: CameraEvent = .rotate(degrees: 10, anchor: ScreenPoint(x: 1, y: 2))
        let failing: [(CameraEvent, String)] = [
            (.insets(top: 500, left: 0, bottom: 344, right: 0, keeping: .center), "leave less than one point of the 390.0 x 844.0 screen"),
            (.insets(top: 0, left: -1, bottom: 0, right: 0, keeping: .content), "contain a negative value"),
            (.insets(top: .nan, left: 0, bottom: 0, right: 0, keeping: .content), "contain a value that is not a number"),
            (.rotate(degrees: .infinity, anchor: ScreenPoint(x: 1, y: 2)), "rotation inf is infinite"),
            (.rotate(degrees: 5, anchor: ScreenPoint(x: 1e6, y: 2)), "rotation anchor (1000000.0, 2.0) is out of range"),
            (.pinchRotate(scale: 0, degrees: 5, anchor: ScreenPoint(x: 1, y: 2), dx: 0, dy: 0), "pinch scale 0.0 is out of range"),
            (.pinchRotate(scale: 2, degrees: .nan, anchor: ScreenPoint(x: 1, y: 2), dx: 0, dy: 0), "rotation nan is not a number"),
            (.pinchRotate(scale: 2, degrees: 5, anchor: ScreenPoint(x: 1, y: 2), dx: .nan, dy: 0), "pan translation (nan, 0.0) is not a number"),
            (.jump(latitude: 95, longitude: nil, zoom: nil, bearing: nil), "latitude 95.0 is out of range"),
            (.jump(latitude: nil, longitude: nil, zoom: .nan, bearing: nil), "zoom nan is not a number"),
            (.jump(latitude: nil, longitude: nil, zoom: nil, bearing: -.infinity), "bearing -inf is infinite"),
            (.fit(.coordinates([]), padding: 0, bearing: nil, zoomSnap: nil), "nothing to fit"),
            (.fit(.region(latitude: 1, longitude: 2, radiusMeters: -1), padding: 0, bearing: nil, zoomSnap: nil), "radius -1.0 m is out of range"),
            (.fit(.bounds(south: 2, north: 1, west: 0, east: 1), padding: 0, bearing: nil, zoomSnap: nil), "south 2.0 lies north of north 1.0"),
            (.fit(.coordinates([.init(latitude: 1, longitude: 2)]), padding: 195, bearing: nil, zoomSnap: nil), "padding 195.0 is out of range"),
            (.fit(.coordinates([.init(latitude: 1, longitude: 2)]), padding: 0, bearing: nil, zoomSnap: 0), "zoom step 0.0 is out of range"),
            (.fit(.coordinates([.init(latitude: 1, longitude: 2)]), padding: 0, bearing: .nan, zoomSnap: nil), "bearing nan is not a number"),
            (.bounds(south: 50, north: 40, west: 0, east: 1, mode: .viewport), "south 50.0 lies north of north 40.0"),
            (.bounds(south: 0, north: 40, west: 0, east: 181, mode: .center), "longitude 181.0 is out of range"),
        ]
        for (event, wanted) in failing {
            let script = CameraScript(camera: start, events: [good, good, event, good])
            var seen = 0
            do {
                try script.run { _ in
                    seen += 1
                    return true
                }
                Issue.record("\(event) was accepted")
            } catch {
                #expect(error.eventIndex == 2 && error.eventType == event.typeName, "\(event)")
                #expect(error.description.hasPrefix("event 2 (\(event.typeName)): ") && error.description.contains(wanted), "\(error.description)")
                #expect(!error.description.contains("\n"))
            }
            #expect(seen == 3, "\(event): the states before the failing event are handed over, none after")
        }
        // The starting camera's new values.
        var bad = start
        bad.bearing = .nan
        var error = #expect(throws: CameraScriptError.self) { try CameraScript(camera: bad, events: []).run() }
        #expect(error?.eventIndex == nil && error?.description == "camera: bearing nan is not a number: expected a finite number of degrees")
        bad = start
        bad.insets = CameraScript.Start.Insets(top: 900)
        error = #expect(throws: CameraScriptError.self) { try CameraScript(camera: bad, events: []).run() }
        #expect(error?.description.hasPrefix("camera: edge insets (top 900.0") == true)
        bad.insets = CameraScript.Start.Insets(right: -0.5)
        error = #expect(throws: CameraScriptError.self) { try CameraScript(camera: bad, events: []).run() }
        #expect(error?.description.contains("contain a negative value") == true)
        bad = start
        bad.bounds = CameraScript.Start.Bounds(south: 50, north: 40, west: 1, east: 2)
        error = #expect(throws: CameraScriptError.self) { try CameraScript(camera: bad, events: []).run() }
        #expect(error?.description == "camera: south 50.0 lies north of north 40.0: expected south <= north")
        bad.bounds = CameraScript.Start.Bounds(south: .nan, north: 40, west: 1, east: 2)
        #expect(throws: CameraScriptError.self) { try CameraScript(camera: bad, events: []).run() }

        // Malformed scripts: one line naming where.
        let camera = #""camera":{"latitude":48.8566,"longitude":2.3522,"zoom":12,"width":390,"height":844}"#
        let malformed: [(String, String)] = [
            (#"{"type":"rotate","x":1,"y":2}"#, "missing key 'degrees' in events[0]"),
            (#"{"type":"pinchRotate","scale":2,"degrees":1,"x":1}"#, "missing key 'y' in events[0]"),
            (#"{"type":"rotate","degrees":1e400,"x":1,"y":2}"#, "not valid JSON (or a number beyond the range of a double)"),
            (#"{"type":"fit","region":{"latitude":1,"longitude":2,"radius":10},"bounds":{"south":1,"north":2,"west":3,"east":4}}"#,
             "a fit needs exactly one of region, bounds or coordinates (found 2)"),
            (#"{"type":"fit","padding":3}"#, "a fit needs exactly one of region, bounds or coordinates (found 0)"),
            (#"{"type":"fit","region":{"latitude":1,"longitude":2}}"#, "missing key 'radius' in events[0].region"),
            (#"{"type":"fit","coordinates":{"latitude":1,"longitude":2}}"#, "events[0].coordinates: expected an array"),
            (#"{"type":"bounds","south":1,"north":2,"west":3,"east":4,"mode":"sideways"}"#, "events[0].mode"),
            (#"{"type":"insets","keep":"everything"}"#, "events[0].keep"),
            (#"{"type":"insets","top":"10"}"#, "events[0].top: expected a number"),
            (#"{"type":"jump","zoom":null,"bearing":true}"#, "events[0].bearing: expected a number"),
            (#"{"type":"bounds","clear":false}"#, "missing key 'south' in events[0]"),
            (#"{"type":"spin","degrees":3}"#, "unknown event type 'spin'"),
        ]
        for (event, wanted) in malformed {
            let text = "{\(camera),\"events\":[\(event)]}"
            do {
                _ = try CameraScript.decode(Data(text.utf8))
                Issue.record("\(event) was decoded")
            } catch {
                #expect(error.description.contains(wanted), "\(event): \(error.description)")
                #expect(!error.description.contains("\n"))
            }
        }
        for startText in [
            #"{"camera":{"latitude":1,"longitude":2,"zoom":3,"width":390,"height":844,"bearing":"north"},"events":[]}"#,
            #"{"camera":{"latitude":1,"longitude":2,"zoom":3,"width":390,"height":844,"insets":[1,2]},"events":[]}"#,
            #"{"camera":{"latitude":1,"longitude":2,"zoom":3,"width":390,"height":844,"bounds":{"south":1,"north":2,"west":3}},"events":[]}"#,
            #"{"camera":{"latitude":1,"longitude":2,"zoom":3,"width":390,"height":844,"bounds":{"south":1,"north":2,"west":3,"east":4,"mode":"all"}},"events":[]}"#,
        ] {
            #expect(throws: CameraScriptDecodingError.self, "\(startText)") { try CameraScript.decode(Data(startText.utf8)) }
        }
    }
}
