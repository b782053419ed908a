import GeoMath
import Projection

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A recorded gesture trace: what a phone's recognizers reported, frame by frame (the input of
/// `geobench run --suite frame`; examples/gesture-trace.json, written by
/// scripts/generate_gesture_trace.py).
///
///     {"camera":{...as a camera script's...},"framesPerSecond":120,
///      "frames":[{"t":0,"pinch":{"phase":"began","scale":1,"rotation":0,"x":..,"y":..}},
///                {"t":..,"pan":{"phase":"changed","x":..,"y":..}},
///                {"t":..,"fly":{"latitude":..,"longitude":..,"zoom":..,"bearing":..}},
///                {"t":..}, ...]}
///
/// A frame carries at most one sample: a pinch (UIKit's cumulative `scale` and `rotation` in
/// radians clockwise, the centroid `x`, `y` in points), a pan (the cumulative translation `x`,
/// `y`), or a fly to a place (the start of a transition); a frame with none advances the
/// running motion (a release's inertia, a fly). Times `t` are seconds from the trace's start,
/// never decreasing; phases are `began`, `changed`, `ended` or `cancelled`.
public struct GestureTrace: Sendable, Decodable {
    /// A pinch recognizer's sample (with the rotation recognizer's, recognised together).
    public struct PinchSample: Hashable, Sendable, Decodable {
        public var phase: String
        public var scale: Double
        public var rotation: Double
        public var x: Double
        public var y: Double
    }

    /// A pan recognizer's sample.
    public struct PanSample: Hashable, Sendable, Decodable {
        public var phase: String
        public var x: Double
        public var y: Double
    }

    /// A fly to a place.
    public struct FlyTarget: Hashable, Sendable, Decodable {
        public var latitude: Double
        public var longitude: Double
        public var zoom: Double
        public var bearing: Double?
    }

    /// One frame.
    public struct Frame: Hashable, Sendable, Decodable {
        public var t: Double
        public var pinch: PinchSample?
        public var pan: PanSample?
        public var fly: FlyTarget?
    }

    /// The camera before the first frame.
    public var camera: CameraScript.Start
    /// The recording's frame rate.
    public var framesPerSecond: Double
    /// The frames.
    public var frames: [Frame]

    /// Decodes and checks a trace (repeated keys refused, as for camera scripts).
    ///
    /// - Throws: ``CameraScriptDecodingError`` for JSON that is not a trace, or a trace whose
    ///   frames are empty, whose times are not finite or decrease, whose frame carries more than
    ///   one sample, whose phase is unknown or whose frame rate is not in (0, 1000], or that has
    ///   a key none of its objects takes, as a camera script refuses one ("frames[3].pich:
    ///   unknown key in a frame (it takes t, pinch, pan, fly)").
    public static func decode(_ data: Data) throws(CameraScriptDecodingError) -> GestureTrace {
        do {
            try JSONKeys.check(data)
        } catch {
            throw .structure(error)
        }
        let trace: GestureTrace
        do {
            trace = try JSONDecoder().decode(GestureTrace.self, from: data)
            // A misspelt key ("pich" for "pinch", "bearin" in the camera) would otherwise drop
            // its sample or leave its value at the default without a word.
            _ = try JSONDecoder().decode(KnownKeys.self, from: data)
        } catch let error as DecodingError {
            throw .invalid(CameraScriptDecodingError.describe(error))
        } catch {
            throw .invalid("\(error)")
        }
        guard trace.framesPerSecond.isFinite, trace.framesPerSecond > 0, trace.framesPerSecond <= 1_000 else {
            throw .invalid("framesPerSecond \(trace.framesPerSecond): expected a finite number in (0, 1000]")
        }
        guard !trace.frames.isEmpty else { throw .invalid("frames: expected at least one frame") }
        var previous = -Double.infinity
        for (index, frame) in trace.frames.enumerated() {
            guard frame.t.isFinite, frame.t >= previous else {
                throw .invalid("frames[\(index)].t \(frame.t): expected a finite time in seconds, never decreasing")
            }
            previous = frame.t
            let samples = (frame.pinch != nil ? 1 : 0) + (frame.pan != nil ? 1 : 0) + (frame.fly != nil ? 1 : 0)
            guard samples <= 1 else { throw .invalid("frames[\(index)]: expected at most one of pinch, pan and fly") }
            for phase in [frame.pinch?.phase, frame.pan?.phase].compactMap({ $0 }) where Self.phase(phase) == nil {
                throw .invalid("frames[\(index)] phase \(phase.debugDescription): expected began, changed, ended or cancelled")
            }
        }
        return trace
    }

    /// The keys of a trace, its frames and their samples (the camera's are a camera script's).
    static let traceKeys = ["camera", "framesPerSecond", "frames"]
    static let frameKeys = ["t", "pinch", "pan", "fly"]
    static let sampleKeys = [
        ("pinch", ["phase", "scale", "rotation", "x", "y"]), ("pan", ["phase", "x", "y"]),
        ("fly", ["latitude", "longitude", "zoom", "bearing"]),
    ]

    /// Reads nothing but the keys of a trace already decoded, refusing the first that its
    /// object does not take.
    private struct KnownKeys: Decodable {
        init(from decoder: any Decoder) throws {
            typealias Key = CameraScript.AnyKey
            func object(_ container: KeyedDecodingContainer<Key>, _ name: String) throws -> KeyedDecodingContainer<Key>? {
                guard container.contains(Key(name)), try !container.decodeNil(forKey: Key(name)) else { return nil }
                return try container.nestedContainer(keyedBy: Key.self, forKey: Key(name))
            }
            let trace = try decoder.container(keyedBy: Key.self)
            try CameraScript.refuseUnknownKeys(trace, allowed: GestureTrace.traceKeys, in: "the trace")
            if let camera = try object(trace, "camera") {
                try CameraScript.refuseUnknownKeys(camera, allowed: CameraScript.cameraKeys, in: "the trace's camera")
                if let insets = try object(camera, "insets") {
                    try CameraScript.refuseUnknownKeys(insets, allowed: CameraScript.insetsKeys, in: "the camera's insets")
                }
                if let bounds = try object(camera, "bounds") {
                    try CameraScript.refuseUnknownKeys(bounds, allowed: CameraScript.boundsKeys, in: "the camera's bounds")
                }
            }
            var frames = try trace.nestedUnkeyedContainer(forKey: Key("frames"))
            while !frames.isAtEnd {
                let frame = try frames.nestedContainer(keyedBy: Key.self)
                try CameraScript.refuseUnknownKeys(frame, allowed: GestureTrace.frameKeys, in: "a frame")
                for (name, keys) in GestureTrace.sampleKeys {
                    if let sample = try object(frame, name) {
                        try CameraScript.refuseUnknownKeys(sample, allowed: keys, in: "a \(name) sample")
                    }
                }
            }
        }
    }

    static func phase(_ text: String) -> GesturePhase? {
        switch text {
        case "began": return .began
        case "changed": return .changed
        case "ended": return .ended
        case "cancelled": return .cancelled
        default: return nil
        }
    }

    /// The trace's length in seconds (its last frame's time).
    public var durationSeconds: Double { frames.last.map(\.t) ?? 0 }
}

/// Plays a gesture trace onto a camera frame by frame, as an app forwarding the recognizers'
/// values would: each pinch and pan sample through its gesture session, each release's
/// inertia and each fly as a running motion sampled at the frames' times. After the last
/// frame it starts again from the trace's camera. Playing a frame allocates nothing.
public struct GestureTracePlayer: Sendable {
    enum Event: Sendable {
        case none
        case pinch(GesturePhase, scale: Double, rotation: Double, centroid: ScreenPoint)
        case pan(GesturePhase, translation: ScreenPoint)
        case fly(MercatorPoint, zoom: Double, bearing: Double?)
    }

    enum Motion: Sendable {
        case inertia(CameraInertia, start: Double)
        case transition(CameraTransition, start: Double)
    }

    let start: MercatorCamera
    let times: [Double]
    /// The clock's advance per replay: the trace's length and one more second.
    let replayAdvance: Double
    let events: [Event]
    var pinch = PinchGestureSession()
    var pan = PanGestureSession()
    var motion: Motion?
    /// Replays begun so far: each adds the trace's length (and a frame) to the clock, which
    /// the gesture sessions need never to run backwards.
    var replays = 0
    /// The frame to play next.
    public private(set) var frameIndex = 0
    /// Samples a session ignored, and flies that could not be made, since the player was made.
    public private(set) var rejected = 0

    /// A player for a trace, from its camera.
    ///
    /// - Throws: The `GeometryError` of the trace's camera, or of a fly's target.
    public init(_ trace: GestureTrace) throws(GeometryError) {
        start = try trace.camera.make()
        times = trace.frames.map(\.t)
        replayAdvance = trace.durationSeconds + 1
        var events: [Event] = []
        for frame in trace.frames {
            if let sample = frame.pinch, let phase = GestureTrace.phase(sample.phase) {
                events.append(.pinch(phase, scale: sample.scale, rotation: sample.rotation, centroid: ScreenPoint(x: sample.x, y: sample.y)))
            } else if let sample = frame.pan, let phase = GestureTrace.phase(sample.phase) {
                events.append(.pan(phase, translation: ScreenPoint(x: sample.x, y: sample.y)))
            } else if let fly = frame.fly {
                events.append(.fly(MercatorPoint(try Coordinate(latitude: fly.latitude, longitude: fly.longitude)), zoom: fly.zoom, bearing: fly.bearing))
            } else {
                events.append(.none)
            }
        }
        self.events = events
    }

    /// The trace's camera, before the first frame.
    public var startCamera: MercatorCamera { start }
    /// How many frames the trace has.
    public var frameCount: Int { events.count }

    /// Plays the next frame onto `camera` (the first frame of a replay first sets it to the
    /// trace's camera).
    public mutating func step(_ camera: inout MercatorCamera) {
        let k = frameIndex
        if k == 0 {
            camera = start
            motion = nil
        }
        let t = times[k]
        // (The advance is stored: reading `times.last` here allocated in debug builds.)
        let clock = Double(replays) * replayAdvance + t
        switch events[k] {
        case .none:
            switch motion {
            case .inertia(let inertia, let begun): camera = inertia.state(atSeconds: t - begun)
            case .transition(let transition, let begun): camera = transition.state(atSeconds: t - begun)
            case nil: break
            }
        case .pinch(let phase, let scale, let rotation, let centroid):
            if phase == .began { motion = nil }
            if !pinch.update(phase, scale: scale, rotationRadians: rotation, centroid: centroid, timestamp: clock, camera: &camera) {
                rejected &+= 1
            }
            if phase == .ended, let inertia = pinch.inertia(from: camera) { motion = .inertia(inertia, start: t) }
        case .pan(let phase, let translation):
            if phase == .began { motion = nil }
            if !pan.update(phase, translation: translation, timestamp: clock, camera: &camera) { rejected &+= 1 }
            if phase == .ended, let inertia = pan.inertia(from: camera) { motion = .inertia(inertia, start: t) }
        case .fly(let center, let zoom, let bearing):
            do throws(GeometryError) {
                motion = .transition(try CameraTransition(from: camera, center: center, zoom: zoom, bearing: bearing, kind: .fly()), start: t)
            } catch {
                rejected &+= 1
            }
        }
        frameIndex = k + 1
        if frameIndex == events.count {
            frameIndex = 0
            replays &+= 1
        }
    }
}
