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
        Self.expectMalformed(malformed)
        for startText in [
            #"{"camera":{"latitude":1,"longitude":2,"zoom":3,"width":390,"height":844,"bearing":"north"},"events":[]}"#,
            #"{"camera":{"latitude":1,"longitude":2,"zoom":3,"width":390,"height":844,"insets":[1,2]},"events":[]}"#,
            #"{"camera":{"latitude":1,"longitude":2,"zoom":3,"width":390,"height":844,"bounds":{"south":1,"north":2,"west":3}},"events":[]}"#,
            #"{"camera":{"latitude":1,"longitude":2,"zoom":3,"width":390,"height":844,"bounds":{"south":1,"north":2,"west":3,"east":4,"mode":"all"}},"events":[]}"#,
        ] {
            #expect(throws: CameraScriptDecodingError.self, "\(startText)") { try CameraScript.decode(Data(startText.utf8)) }
        }
    }

    // MARK: - Motion: fly, ease, animated double-tap, release, "at" and sampled frames

    static let motion = """
        {"camera":{"latitude":48.8566,"longitude":2.3522,"zoom":12,"width":390,"height":844},
         "events":[{"type":"fly","latitude":48.8738,"longitude":2.295,"zoom":15,"bearing":30},
                   {"type":"ease","zoom":14,"bearing":0,"duration":0.4,"easing":"linear"},
                   {"type":"doubleTap","x":100,"y":300,"animated":true},
                   {"type":"pan","dx":40,"dy":-10},
                   {"type":"release","vx":900,"vy":-300,"preset":"normal"},
                   {"type":"release","vx":0,"vy":0,"scaleVelocity":-1.5,"x":120,"y":500,"degreesPerSecond":40,"preset":"fast"},
                   {"type":"doubleTap","x":200,"y":400}],
         "track":[{"latitude":48.8584,"longitude":2.2945}]}
        """

    /// Each event, alone in a script over Paris, fails to decode with a one-line message
    /// containing the wanted text.
    static func expectMalformed(_ malformed: [(event: String, wanted: String)]) {
        let camera = #""camera":{"latitude":48.8566,"longitude":2.3522,"zoom":12,"width":390,"height":844}"#
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
    }

    /// The states a script hands over.
    static func states(
        _ script: CameraScript, fps: Double? = nil, reducedMotion: Bool = false
    ) throws -> [CameraScript.State] {
        let sampling = try fps.map { rate throws(GeometryError) in try CameraScript.Sampling(framesPerSecond: rate) }
        var states: [CameraScript.State] = []
        try script.run(sampling: sampling, reducedMotion: reducedMotion) { state in
            states.append(state)
            return true
        }
        return states
    }

    /// The states after each event (the initial one first): the ones without a time.
    static func eventStates(_ states: [CameraScript.State]) -> [CameraScript.State] {
        states.filter { $0.seconds == nil }
    }

    @Test("a script's motion events decode, \"at\" is read beside any event into interruptions, and a script without motion decodes as before")
    func motionDecoding() throws {
        let script = try CameraScript.decode(Data(Self.motion.utf8))
        #expect(script.events == [
            .fly(latitude: 48.8738, longitude: 2.295, zoom: 15, bearing: 30, curve: 1.42, speed: 1.2, maxDuration: nil),
            .ease(latitude: nil, longitude: nil, zoom: 14, bearing: 0, duration: 0.4, easing: .linear),
            .animatedDoubleTap(ScreenPoint(x: 100, y: 300)),
            .pan(dx: 40, dy: -10),
            .release(GestureVelocity(x: 900, y: -300), preset: .normal),
            .release(
                GestureVelocity(x: 0, y: 0, zoomLevelsPerSecond: -1.5, degreesPerSecond: 40, anchor: ScreenPoint(x: 120, y: 500)),
                preset: .fast),
            .doubleTap(ScreenPoint(x: 200, y: 400)),
        ])
        #expect(script.interruptions.isEmpty)
        let timed = Self.motion
            .replacingOccurrences(of: #""duration":0.4,"#, with: #""duration":0.4,"at":0.5,"#)
            .replacingOccurrences(of: #"{"type":"pan","dx":40"#, with: #"{"at":0,"type":"pan","dx":40"#)
            .replacingOccurrences(of: #"{"type":"doubleTap","x":200,"y":400}"#, with: #"{"type":"doubleTap","x":200,"y":400,"at":1e300}"#)
        let decoded = try CameraScript.decode(Data(timed.utf8))
        #expect(decoded.events == script.events)
        #expect(decoded.interruptions == [1: 0.5, 3: 0, 6: 1e300])
        #expect(decoded == (try JSONDecoder().decode(CameraScript.self, from: Data(timed.utf8))))
        // The scripts of before: no interruptions, the same events.
        for text in [Self.example, Self.fullscreen] {
            #expect(try CameraScript.decode(Data(text.utf8)).interruptions.isEmpty)
        }
        let built = CameraScript(camera: script.camera, events: script.events, track: script.track, interruptions: [1: 0.5])
        #expect(built.interruptions == [1: 0.5] && built.events == script.events)
    }

    @Test("BAD_INPUTS row 69: a malformed motion event (unknown easing or preset, animated not a boolean, a pinch center without y, no vx, an at that is not a number, 1e400) is a one-line decoding error naming where and the valid values")
    func row69() throws {
        let malformed: [(String, String)] = [
            (#"{"type":"ease","easing":"cubic"}"#, #"events[0].easing: unknown easing 'cubic': expected "default" or "linear""#),
            (#"{"type":"ease","easing":3}"#, "events[0].easing: expected a string"),
            (#"{"type":"release","vx":1,"vy":2,"preset":"slow"}"#,
             #"events[0].preset: unknown preset 'slow': expected "normal" or "fast" or "maplibre" or "immediate""#),
            (#"{"type":"release","vx":1,"vy":2,"preset":"Normal"}"#, "unknown preset 'Normal'"),
            (#"{"type":"doubleTap","x":1,"y":2,"animated":"yes"}"#, "events[0].animated: expected true or false"),
            (#"{"type":"doubleTap","x":1,"y":2,"animated":1}"#, "events[0].animated: expected true or false"),
            (#"{"type":"doubleTap","y":2,"animated":true}"#, "missing key 'x' in events[0]"),
            (#"{"type":"release","vx":1,"vy":2,"x":100}"#, "events[0].y: a release's pinch center needs both x and y"),
            (#"{"type":"release","vx":1,"vy":2,"y":100,"scaleVelocity":1}"#, "events[0].x: a release's pinch center needs both x and y"),
            (#"{"type":"release","vy":2}"#, "missing key 'vx' in events[0]"),
            (#"{"type":"release","vx":"fast","vy":2}"#, "events[0].vx: expected a number"),
            (#"{"type":"release","vx":1,"vy":2,"scaleVelocity":null,"degreesPerSecond":"x"}"#, "events[0].degreesPerSecond: expected a number"),
            (#"{"type":"fly","curve":"high"}"#, "events[0].curve: expected a number"),
            (#"{"type":"fly","maxDuration":[3]}"#, "events[0].maxDuration: expected a number"),
            (#"{"type":"ease","duration":1e400}"#, "not valid JSON (or a number beyond the range of a double)"),
            (#"{"type":"pan","dx":1,"dy":2,"at":"soon"}"#, "events[0].at: expected a number"),
            (#"{"type":"pan","dx":1,"dy":2,"at":-1e400}"#, "not valid JSON (or a number beyond the range of a double)"),
            (#"{"type":"flyTo","latitude":1}"#, "unknown event type 'flyTo': expected one of pinch, pan, doubleTap, resize, rotate, pinchRotate, insets, jump, fit, bounds, fly, ease, release"),
            (#"{"type":"release","vx":1,"vy":2,"at":1,"at":2}"#, "duplicate key 'at' in events[0]"),
        ]
        Self.expectMalformed(malformed)
    }

    @Test("BAD_INPUTS row 106: a key a script's object does not take (a misspelt \"lat\", \"bottm\", \"trak\", \"lng\") is a one-line error naming it and what the object takes; before, it was dropped and the value left at its default without a word")
    func unknownKeys() throws {
        Self.expectMalformed([
            (#"{"type":"jump","lat":10}"#, "events[0].lat: unknown key in the jump event (it takes type, latitude, longitude, zoom, bearing, at)"),
            (#"{"type":"insets","bottm":50}"#, "events[0].bottm: unknown key in the insets event"),
            (#"{"type":"pan","dx":1,"dy":2,"dz":3}"#, "events[0].dz: unknown key in the pan event"),
            (#"{"type":"release","vx":1,"vy":2,"velocityScale":1}"#, "events[0].velocityScale: unknown key in the release event"),
            (#"{"type":"fly","zoom":3,"duration":2}"#, "events[0].duration: unknown key in the fly event"),
            (#"{"type":"ease","zoom":3,"speed":2}"#, "events[0].speed: unknown key in the ease event"),
            (#"{"type":"fit","region":{"latitude":1,"longitude":2,"radius":100,"radiusMeters":5}}"#,
             "events[0].region.radiusMeters: unknown key in a fit's region (it takes latitude, longitude, radius)"),
            (#"{"type":"fit","bounds":{"south":1,"north":2,"west":3,"east":4,"mode":"center"}}"#, "events[0].bounds.mode: unknown key in a fit's bounds"),
            (#"{"type":"fit","coordinates":[{"latitude":1,"longitude":2},{"latitude":1,"lon":2,"longitude":3}]}"#,
             "events[0].coordinates[1].lon: unknown key in a fit's coordinate"),
            (#"{"type":"pan","dx":1,"dy":2,"zz":1,"aa":2}"#, "events[0].aa: unknown key"),
        ])
        let camera = #""camera":{"latitude":48.8566,"longitude":2.3522,"zoom":12,"width":390,"height":844"#
        for (text, wanted) in [
            ("{\(camera)},\"events\":[],\"trak\":[]}", "trak: unknown key in the script (it takes camera, events, track)"),
            ("{\(camera),\"pitch\":30},\"events\":[]}", "camera.pitch: unknown key in the camera"),
            ("{\(camera),\"insets\":{\"bottm\":50}},\"events\":[]}", "camera.insets.bottm: unknown key in the camera's insets (it takes top, left, bottom, right)"),
            ("{\(camera),\"bounds\":{\"south\":1,\"north\":2,\"west\":3,\"east\":4,\"clear\":true}},\"events\":[]}", "camera.bounds.clear: unknown key in the camera's bounds"),
            ("{\(camera)},\"events\":[],\"track\":[{\"latitude\":1,\"lng\":2,\"longitude\":2}]}", "track[0].lng: unknown key in a tracked place"),
        ] {
            do {
                _ = try CameraScript.decode(Data(text.utf8))
                Issue.record("\(text) was decoded")
            } catch {
                #expect(error.description.contains(wanted), "\(text): \(error.description)")
            }
        }
    }

    @Test("Every event, encoded with every value it has, decodes back in a script with an \"at\" beside it: the keys a script refuses are only those no event takes")
    func everyEncodedKeyIsTaken() throws {
        let anchor = ScreenPoint(x: 10, y: 20)
        let events: [CameraEvent] = [
            .pinch(scale: 2, anchor: anchor), .pan(dx: 1, dy: 2), .doubleTap(anchor), .animatedDoubleTap(anchor),
            .resize(width: 300, height: 400), .rotate(degrees: 5, anchor: anchor),
            .pinchRotate(scale: 1.5, degrees: 5, anchor: anchor, dx: 1, dy: 2),
            .insets(top: 1, left: 2, bottom: 3, right: 4, keeping: .content),
            .jump(latitude: 1, longitude: 2, zoom: 3, bearing: 4),
            .fit(.region(latitude: 1, longitude: 2, radiusMeters: 300), padding: 5, bearing: 6, zoomSnap: 0.5),
            .fit(.bounds(south: 1, north: 2, west: 3, east: 4), padding: 5, bearing: 6, zoomSnap: 0.5),
            .fit(.coordinates([CameraEvent.Place(latitude: 1, longitude: 2)]), padding: 5, bearing: 6, zoomSnap: 0.5),
            .bounds(south: 1, north: 2, west: 3, east: 4, mode: .center), .clearBounds,
            .fly(latitude: 1, longitude: 2, zoom: 3, bearing: 4, curve: 1.5, speed: 1.1, maxDuration: 3),
            .ease(latitude: 1, longitude: 2, zoom: 3, bearing: 4, duration: 1, easing: .linear),
            .release(GestureVelocity(x: 1, y: 2, zoomLevelsPerSecond: 0.5, degreesPerSecond: 3, anchor: anchor), preset: .fast),
        ]
        let camera = #""camera":{"latitude":48.8566,"longitude":2.3522,"zoom":12,"width":390,"height":844,"minimumZoom":1,"maximumZoom":20,"bearing":3,"insets":{"top":1,"left":2,"bottom":3,"right":4},"bounds":{"south":40,"north":50,"west":0,"east":5,"mode":"center"}}"#
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for event in events {
            var object = String(decoding: try encoder.encode(event), as: UTF8.self)
            object.removeLast()
            let text = "{\(camera),\"events\":[\(object),\"at\":0.5}],\"track\":[{\"latitude\":1,\"longitude\":2}]}"
            let script = try CameraScript.decode(Data(text.utf8))
            #expect(script.events == [event] && script.interruptions == [0: 0.5], "\(text)")
        }
    }

    @Test("BAD_INPUTS row 98: a script's unknown event type, easing or preset with an escape sequence, a bell, a bidirectional override or a line separator is quoted with each of them shown as \\u{X}, never raw")
    func row98() throws {
        let malformed: [(String, String)] = [
            (#"{"type":"\u001b[2J\u001b]0;owned\u0007"}"#, #"unknown event type '\u{1B}[2J\u{1B}]0;owned\u{7}': expected one of pinch"#),
            (#"{"type":"ease","easing":"\u202elinear"}"#, #"events[0].easing: unknown easing '\u{202E}linear'"#),
            (#"{"type":"release","vx":1,"vy":2,"preset":"fast\u2028\u009b31m"}"#, #"unknown preset 'fast \u{9B}31m'"#),
        ]
        Self.expectMalformed(malformed)
        for (event, _) in malformed {
            let text = #"{"camera":{"latitude":48.8566,"longitude":2.3522,"zoom":12,"width":390,"height":844},"events":["# + event + "]}"
            do {
                _ = try CameraScript.decode(Data(text.utf8))
            } catch {
                #expect(!error.description.unicodeScalars.contains(where: TerminalText.needsEscape), "\(event): \(error.description)")
            }
        }
    }

    @Test("with a frame rate N, each motion hands over its frames at exactly t = k / N (k = 1, 2, ...) while t < its duration, each its state(atSeconds: t) bit for bit, then its resting state; without one, only the resting states")
    func sampledFrames() throws {
        let script = try CameraScript.decode(Data(Self.motion.utf8))
        let plain = try Self.states(script)
        #expect(plain.count == script.events.count + 1 && plain.allSatisfy { $0.seconds == nil })
        #expect(try plain == script.run())
        for fps in [60.0, 1, 7.5, 120, 1000] {
            let states = try Self.states(script, fps: fps)
            // The event states are the same with or without frames.
            #expect(Self.eventStates(states) == plain, "fps \(fps)")
            var position = 1
            var camera = try script.camera.make()
            for event in script.events {
                guard let motion = try event.motion(from: camera) else {
                    try camera.apply(event)
                    #expect(states[position].seconds == nil && states[position].camera == camera)
                    position += 1
                    continue
                }
                var k = 1
                while Double(k) / fps < motion.durationSeconds {
                    let t = Double(k) / fps
                    let frame = states[position]
                    #expect(frame.seconds == t, "\(event) frame \(k) at \(fps) fps")
                    #expect(frame.camera == motion.state(atSeconds: t), "\(event) frame \(k)")
                    #expect(frame.center == frame.camera.center)
                    position += 1
                    k += 1
                }
                #expect(states[position].seconds == nil, "\(event): \(k - 1) frames at \(fps) fps, then the event's state")
                #expect(states[position].camera == motion.resting)
                camera = motion.resting
                position += 1
            }
            #expect(position == states.count)
            for state in states {
                let place = try #require(script.track.first)
                let direct = state.camera.point(for: place)
                #expect(isClose(state.track[0].x, direct.x, within: 1e-9) && isClose(state.track[0].y, direct.y, within: 1e-9))
            }
        }
        // At 60 frames per second the 0.4 s ease has 23 frames (k / 60 < 0.4 for k <= 23) and
        // the 0.3 s animated double-tap 17 (18 / 60 is 0.3 exactly, not below it).
        let states = try Self.states(script, fps: 60)
        func frames(after event: Int) -> [Double] {
            var index = 0, seen = -1
            while seen < event {
                index += 1
                if states[index].seconds == nil { seen += 1 }
            }
            var times: [Double] = []
            index += 1
            while states[index].seconds != nil {
                times.append(states[index].seconds!)
                index += 1
            }
            return times
        }
        #expect(frames(after: 0) == (1...23).map { Double($0) / 60 })
        #expect(frames(after: 1) == (1...17).map { Double($0) / 60 })
        #expect(frames(after: 2).isEmpty)  // the pan: no frames
    }

    @Test("\"at\" stops the preceding motion there: its frames end before it, its state is exactly motion.state(atSeconds: at), and the next event acts on it as on a camera built there")
    func interruption() throws {
        let start = CameraScript.Start(latitude: 48.8566, longitude: 2.3522, zoom: 12, width: 390, height: 844)
        let anchor = ScreenPoint(x: 120, y: 300)
        let fly: CameraEvent = .fly(latitude: 52.52, longitude: 13.405, zoom: 9, bearing: 45, curve: 1.42, speed: 1.2, maxDuration: nil)
        let release: CameraEvent = .release(GestureVelocity(x: 1200, y: 400, zoomLevelsPerSecond: 1, anchor: anchor), preset: .normal)
        let ease: CameraEvent = .ease(latitude: 40, longitude: -3.7, zoom: 6, bearing: nil, duration: 1.5, easing: .default)
        let tap: CameraEvent = .animatedDoubleTap(ScreenPoint(x: 300, y: 700))
        let gestures: [CameraEvent] = [
            .pan(dx: -40, dy: 25), .pinch(scale: 1.7, anchor: anchor), .rotate(degrees: 30, anchor: anchor),
            .pinchRotate(scale: 0.8, degrees: -20, anchor: anchor, dx: 10, dy: 5), .doubleTap(anchor), .resize(width: 844, height: 390),
            .jump(latitude: nil, longitude: nil, zoom: 4, bearing: nil),
        ]
        for motionEvent in [fly, release, ease, tap] {
            for gesture in gestures + [release, tap, ease] {
                for at in [0.0, 0.05, 0.7, 1.234, 100] {
                    let script = CameraScript(camera: start, events: [motionEvent, gesture], interruptions: [1: at])
                    let states = try Self.states(script, fps: 30)
                    let camera = try start.make()
                    let motion = try #require(try motionEvent.motion(from: camera))
                    let adopted = motion.state(atSeconds: at)
                    // The frames stop before the interruption and before the end.
                    let frames = states.dropFirst().prefix { $0.seconds != nil }.compactMap(\.seconds)
                    let wanted = (1...10_000).map { Double($0) / 30 }.prefix { $0 < min(at, motion.durationSeconds) }
                    #expect(frames == Array(wanted), "\(motionEvent) at \(at)")
                    let events = Self.eventStates(states)
                    #expect(events.count == 3)
                    #expect(events[1].camera == adopted, "\(motionEvent) at \(at): the adopted state, bit for bit")
                    if at >= motion.durationSeconds { #expect(adopted == motion.resting) }
                    if at == 0 { #expect(adopted == camera) }
                    // The gesture on that camera, and on the same camera saved and restored
                    // (built there directly, carrying no motion).
                    var direct = adopted
                    var rebuilt = try JSONDecoder().decode(MercatorCamera.self, from: JSONEncoder().encode(adopted))
                    #expect(rebuilt == adopted)
                    if let next = try gesture.motion(from: adopted) {
                        direct = next.resting
                        rebuilt = try #require(try gesture.motion(from: rebuilt)).resting
                    } else {
                        try direct.apply(gesture)
                        try rebuilt.apply(gesture)
                    }
                    #expect(events[2].camera == direct && rebuilt == direct, "\(motionEvent) at \(at), then \(gesture)")
                }
            }
        }
        // A chain: each event interrupting the motion before it.
        let chain = CameraScript(camera: start, events: [fly, release, ease, tap, .pan(dx: 5, dy: 5)], interruptions: [1: 1, 2: 0.2, 3: 0.75, 4: 0.1])
        let states = Self.eventStates(try Self.states(chain, fps: 60))
        var camera = try start.make()
        for (index, event) in chain.events.enumerated() {
            if let motion = try event.motion(from: camera) {
                camera = chain.interruptions[index + 1].map { motion.state(atSeconds: $0) } ?? motion.resting
            } else {
                try camera.apply(event)
            }
            #expect(states[index + 1].camera == camera, "event \(index)")
        }
        #expect(try Self.states(chain) == states)
    }

    @Test("--reduced-motion: transitions hand over no frames and rest where they rest without it; a release's inertia still has its frames")
    func reducedMotion() throws {
        let script = try CameraScript.decode(Data(Self.motion.utf8))
        let normal = try Self.states(script, fps: 60)
        let reduced = try Self.states(script, fps: 60, reducedMotion: true)
        #expect(Self.eventStates(reduced) == Self.eventStates(normal))
        // Only the two releases' frames remain.
        let release = try #require(try script.events[4].motion(from: Self.eventStates(normal)[4].camera))
        let pinchRelease = try #require(try script.events[5].motion(from: Self.eventStates(normal)[5].camera))
        let expected = Int((release.durationSeconds * 60).rounded(.up)) - 1 + Int((pinchRelease.durationSeconds * 60).rounded(.up)) - 1
        #expect(reduced.count == script.events.count + 1 + expected)
        #expect(reduced.count < normal.count)
        // Transitions alone: no frames at all.
        let transitions = CameraScript(camera: script.camera, events: Array(script.events.prefix(3)))
        let sampled = try Self.states(transitions, fps: 240, reducedMotion: true)
        #expect(sampled.allSatisfy { $0.seconds == nil } && sampled.count == 4)
        // Interrupted with reduced motion: at 0 the start, after it the target.
        let interrupted = CameraScript(camera: script.camera, events: [script.events[0], .pan(dx: 1, dy: 1)], interruptions: [1: 0])
        let first = Self.eventStates(try Self.states(interrupted, reducedMotion: true))
        #expect(first[1].camera == first[0].camera)
    }

    @Test("BAD_INPUTS row 70: an \"at\" negative, NaN or +-inf stops the script naming its event (\"interruption time (at)\"), the preceding motion handed over at rest")
    func row70() throws {
        let start = CameraScript.Start(latitude: 48.8566, longitude: 2.3522, zoom: 12, width: 390, height: 844)
        let ease: CameraEvent = .ease(latitude: nil, longitude: nil, zoom: 14, bearing: nil, duration: 1, easing: .default)
        for bad in [-1, -.leastNonzeroMagnitude, -1e300, .nan, .infinity, -.infinity, .signalingNaN] {
            for index in [0, 1, 2] {
                let script = CameraScript(
                    camera: start, events: [ease, .pan(dx: 1, dy: 2), .rotate(degrees: 3, anchor: ScreenPoint(x: 1, y: 1))],
                    interruptions: [index: bad])
                var handed: [CameraScript.State] = []
                let error = #expect(throws: CameraScriptError.self) {
                    try script.run(sampling: try CameraScript.Sampling(framesPerSecond: 10)) { state in
                        handed.append(state)
                        return true
                    }
                }
                #expect(error?.eventIndex == index && error?.eventType == script.events[index].typeName)
                let problem = bad.isNaN ? "is not a number" : (bad.isFinite ? "is out of range" : "is infinite")
                #expect(error?.description == "event \(index) (\(script.events[index].typeName)): interruption time (at) \(bad) \(problem): expected a finite number of seconds >= 0")
                // The states before the failing event: the ease (with its 9 frames, at rest:
                // the bad time interrupts nothing) when it came first.
                let events = Self.eventStates(handed)
                #expect(events.count == index + 1)
                if index == 1 {
                    let motion = try #require(try ease.motion(from: start.make()))
                    #expect(events[1].camera == motion.resting && handed.count == 2 + 9)
                }
            }
        }
        // Decoded: -1 is read, then refused when the script runs.
        let text = #"{"camera":{"latitude":1,"longitude":2,"zoom":3,"width":390,"height":844},"events":[{"type":"fly","zoom":5},{"type":"pan","dx":1,"dy":2,"at":-1}]}"#
        let script = try CameraScript.decode(Data(text.utf8))
        #expect(script.interruptions == [1: -1])
        #expect(throws: CameraScriptError(
            eventIndex: 1, eventType: "pan",
            error: .invalidTransition(name: "interruption time (at)", value: -1, expected: "a finite number of seconds >= 0"))) {
            try script.run()
        }
    }

    @Test("BAD_INPUTS row 71: an \"at\" with no motion before it (the first event, after an instant event) means nothing; at 0 or -0 the motion's start, at or beyond its duration (1e300) its resting state")
    func row71() throws {
        let start = CameraScript.Start(latitude: 48.8566, longitude: 2.3522, zoom: 12, width: 390, height: 844)
        let events: [CameraEvent] = [
            .pan(dx: 10, dy: 20), .jump(latitude: nil, longitude: nil, zoom: 13, bearing: nil),
            .fly(latitude: 48.9, longitude: 2.4, zoom: 14, bearing: nil, curve: 1.42, speed: 1.2, maxDuration: nil),
            .pinch(scale: 1.2, anchor: ScreenPoint(x: 10, y: 10)),
        ]
        let untimed = try Self.states(CameraScript(camera: start, events: events), fps: 50)
        // Times on the first event and after an instant event: nothing changes.
        for times: [Int: Double] in [[0: 5], [1: 0], [2: 1e300], [0: 0, 1: 3, 2: -0.0]] {
            let timed = CameraScript(camera: start, events: events, interruptions: times)
            #expect(try Self.states(timed, fps: 50) == untimed, "\(times)")
        }
        let fly = try #require(try events[2].motion(from: Self.eventStates(untimed)[2].camera))
        for (at, expected) in [(0.0, fly.start), (-0.0, fly.start), (fly.durationSeconds, fly.resting), (1e300, fly.resting)] {
            let timed = CameraScript(camera: start, events: events, interruptions: [3: at])
            let states = try Self.states(timed, fps: 50)
            #expect(Self.eventStates(states)[3].camera == expected, "at \(at)")
            #expect(states.compactMap(\.seconds) == untimed.compactMap(\.seconds).filter { $0 < at }, "at \(at)")
        }
    }

    @Test("BAD_INPUTS row 72: a frame rate of 0, -0, negative, NaN or +-inf is an error (\"frame rate\"); the least positive double and huge rates are valid values")
    func row72() throws {
        for bad in [0, -0.0, -1, -.leastNonzeroMagnitude, .nan, .signalingNaN, .infinity, -.infinity] {
            let error = #expect(throws: GeometryError.self) { try CameraScript.Sampling(framesPerSecond: bad) }
            let problem = bad.isNaN ? "is not a number" : (bad.isFinite ? "is out of range" : "is infinite")
            #expect(error?.description == "frame rate \(bad) \(problem): expected a finite number of frames per second > 0")
        }
        for good in [Double.leastNonzeroMagnitude, 1e-300, 0.5, 60, 1e300, .greatestFiniteMagnitude] {
            #expect(try CameraScript.Sampling(framesPerSecond: good).framesPerSecond == good)
        }
        // A rate too low to reach one frame gives none.
        let script = try CameraScript.decode(Data(Self.motion.utf8))
        #expect(try Self.states(script, fps: 1e-300) == Self.states(script))
    }

    @Test("BAD_INPUTS row 73: a frame rate and a duration asking for more than 1 000 000 frames of one motion stop the script naming that motion (\"frame count\") before any of its frames")
    func row73() throws {
        let start = CameraScript.Start(latitude: 48.8566, longitude: 2.3522, zoom: 12, width: 390, height: 844)
        let cases: [(CameraEvent, Double, [Int: Double], String)] = [
            (.ease(latitude: nil, longitude: nil, zoom: 13, bearing: nil, duration: 1e7, easing: .linear), 1, [:], "frame count 10000000.0"),
            (.ease(latitude: nil, longitude: nil, zoom: 13, bearing: nil, duration: 1000.001, easing: .linear), 1000, [:], "frame count 1000001.0"),
            (.animatedDoubleTap(ScreenPoint(x: 10, y: 10)), 1e300, [:], "frame count 3e+299"),
            (.animatedDoubleTap(ScreenPoint(x: 10, y: 10)), .greatestFiniteMagnitude, [:], "frame count 5.39"),
            (.release(GestureVelocity(x: 1000, y: 0), preset: .normal), 1e12, [:], "frame count"),
            (.ease(latitude: nil, longitude: nil, zoom: 13, bearing: nil, duration: 1e300, easing: .linear), 1e6, [2: 1.5], "frame count 1500000.0"),
        ]
        for (event, fps, times, wanted) in cases {
            let script = CameraScript(camera: start, events: [.pan(dx: 1, dy: 1), event, .pan(dx: 1, dy: 1)], interruptions: times)
            var handed = 0
            let error = #expect(throws: CameraScriptError.self, "\(event)") {
                try script.run(sampling: try CameraScript.Sampling(framesPerSecond: fps)) { _ in
                    handed += 1
                    return true
                }
            }
            #expect(error?.eventIndex == 1 && error?.eventType == event.typeName)
            #expect(error?.description.hasPrefix("event 1 (\(event.typeName)): \(wanted)") == true, "\(String(describing: error))")
            #expect(error?.description.hasSuffix("expected at most 1000000 frames per motion (a lower frame rate)") == true)
            #expect(handed == 2, "the initial state and the pan's, none of the motion's")
            // Without frames, the same script plays.
            #expect(try Self.states(script).count == 4)
        }
        // Interrupted early, a long motion samples only up to the interruption.
        let long = CameraScript(
            camera: start, events: [.ease(latitude: nil, longitude: nil, zoom: 13, bearing: nil, duration: 1e300, easing: .linear), .pan(dx: 1, dy: 1)],
            interruptions: [1: 0.5])
        #expect(try Self.states(long, fps: 1000).count == 3 + 499)
    }

    @Test("BAD_INPUTS row 74: motions of no duration (reduced motion, the immediate preset, a zero velocity, a fly or ease going nowhere, an ease of 0 s, a fly of maxDuration 0) hand over no frame, only their resting state")
    func row74() throws {
        let start = CameraScript.Start(latitude: 48.8566, longitude: 2.3522, zoom: 12, width: 390, height: 844)
        let events: [CameraEvent] = [
            .release(GestureVelocity(x: 5000, y: -3000, zoomLevelsPerSecond: 2, degreesPerSecond: 90), preset: .immediate),
            .release(GestureVelocity(x: 0, y: 0), preset: .normal),
            .fly(latitude: nil, longitude: nil, zoom: nil, bearing: nil, curve: 1.42, speed: 1.2, maxDuration: nil),
            .ease(latitude: nil, longitude: nil, zoom: nil, bearing: nil, duration: 0, easing: .default),
            .ease(latitude: 50, longitude: 3, zoom: 3, bearing: 90, duration: 0, easing: .linear),
            .fly(latitude: -33.87, longitude: 151.21, zoom: 10, bearing: nil, curve: 1.42, speed: 1.2, maxDuration: 0),
        ]
        let script = CameraScript(camera: start, events: events)
        let states = try Self.states(script, fps: 1000)
        #expect(states.count == events.count + 1 && states.allSatisfy { $0.seconds == nil })
        #expect(states == (try Self.states(script)))
        #expect(states[1].camera == states[0].camera && states[2].camera == states[0].camera)
        // The transitions of duration 0 still went where they were told.
        #expect(isClose(states[5].center.latitude, 50, within: 1e-9) && states[5].camera.zoom == 3)
        #expect(isClose(states[6].center.longitude, 151.21, within: 1e-9) && states[6].camera.zoom == 10)
        // Any transition with reduced motion.
        let flights = CameraScript(camera: start, events: [
            .ease(latitude: 50, longitude: 3, zoom: 3, bearing: 90, duration: 2, easing: .linear),
            .fly(latitude: -33.87, longitude: 151.21, zoom: 10, bearing: nil, curve: 1.42, speed: 1.2, maxDuration: nil),
            .animatedDoubleTap(ScreenPoint(x: 10, y: 10)),
        ])
        #expect(try Self.states(flights, fps: 1000).count > 2000)
        #expect(try Self.states(flights, fps: 1000, reducedMotion: true) == Self.states(flights))
    }
}
