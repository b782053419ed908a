import GeoMath
import Projection

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A recorded gesture session: a starting camera, the events, and places to follow on
/// screen (the input of `geobench camera --script`, docs/DESIGN.md).
///
///     {"camera":{"latitude":..,"longitude":..,"zoom":..,"width":..,"height":..},
///      "events":[{"type":"pinch","scale":..,"x":..,"y":..}, ...],
///      "track":[{"latitude":..,"longitude":..}]}
///
/// `camera` may also carry `minimumZoom` and `maximumZoom` (default 0 and 22), `bearing`
/// (degrees, the compass direction at the top of the screen, default 0),
/// `insets` (`{"top":..,"left":..,"bottom":..,"right":..}`, points, each default 0) and
/// `bounds` (`{"south":..,"north":..,"west":..,"east":..,"mode":"viewport"|"center"}`,
/// degrees, mode default viewport); `track` may be left out. The events are ``CameraEvent``'s
/// encoded form; any event may also carry `"at": SECONDS` (``interruptions``), the time into the
/// preceding motion at which the event interrupts it. A key an object does not take (a misspelt
/// `"lat"`) is an error, not a value left at its default.
public struct CameraScript: Hashable, Sendable, Decodable {
    /// The camera before the first event.
    public struct Start: Hashable, Sendable, Decodable {
        /// Center latitude in degrees, in [-90, 90] (clamped to +-85.0511287798066 for the
        /// camera).
        public var latitude: Double
        /// Center longitude in degrees, in [-180, 180].
        public var longitude: Double
        /// Zoom level (clamped into the limits).
        public var zoom: Double
        /// Viewport width in points.
        public var width: Double
        /// Viewport height in points.
        public var height: Double
        /// The lowest zoom, default 0.
        public var minimumZoom: Double?
        /// The highest zoom, default 22.
        public var maximumZoom: Double?
        /// The bearing in degrees (the compass direction at the top of the screen), default 0;
        /// any finite value, wrapped into (-180, 180].
        public var bearing: Double?
        /// The edge insets in points, default none.
        public var insets: Insets?
        /// The camera bounds, default none.
        public var bounds: Bounds?

        /// A starting camera; the values are checked when the script runs.
        public init(
            latitude: Double, longitude: Double, zoom: Double, width: Double, height: Double,
            minimumZoom: Double? = nil, maximumZoom: Double? = nil,
            bearing: Double? = nil, insets: Insets? = nil, bounds: Bounds? = nil
        ) {
            self.latitude = latitude
            self.longitude = longitude
            self.zoom = zoom
            self.width = width
            self.height = height
            self.minimumZoom = minimumZoom
            self.maximumZoom = maximumZoom
            self.bearing = bearing
            self.insets = insets
            self.bounds = bounds
        }

        /// The starting camera's edge insets as the script gives them, in points: checked
        /// (finite, >= 0, leaving at least one point of the screen each way) when the script
        /// runs, so that the error names the starting camera.
        public struct Insets: Hashable, Sendable, Decodable {
            /// Points covered at the top.
            public var top: Double
            /// Points covered on the left.
            public var left: Double
            /// Points covered at the bottom.
            public var bottom: Double
            /// Points covered on the right.
            public var right: Double

            /// Insets from their four values in points (checked when the script runs).
            public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
                self.top = top
                self.left = left
                self.bottom = bottom
                self.right = right
            }

            private enum CodingKeys: String, CodingKey {
                case top, left, bottom, right
            }

            /// Decodes `{"top":..,"left":..,"bottom":..,"right":..}`, each key optional
            /// (default 0).
            ///
            /// - Throws: `DecodingError` for a value that is not a number.
            public init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                func value(_ key: CodingKeys) throws -> Double { try container.decodeIfPresent(Double.self, forKey: key) ?? 0 }
                self.init(top: try value(.top), left: try value(.left), bottom: try value(.bottom), right: try value(.right))
            }
        }

        /// The starting camera's bounds as the script gives them, in degrees (west > east
        /// across the antimeridian): checked when the script runs.
        public struct Bounds: Hashable, Sendable, Decodable {
            /// Southern edge, degrees.
            public var south: Double
            /// Northern edge, degrees.
            public var north: Double
            /// Western edge, degrees.
            public var west: Double
            /// Eastern edge, degrees.
            public var east: Double
            /// What must stay inside: the whole viewport (default) or the center.
            public var mode: CameraBounds.Mode?

            /// Bounds from their edges in degrees and a mode (checked when the script runs).
            public init(south: Double, north: Double, west: Double, east: Double, mode: CameraBounds.Mode? = nil) {
                self.south = south
                self.north = north
                self.west = west
                self.east = east
                self.mode = mode
            }
        }
    }

    /// One state of the session: the camera and the tracked places' screen points.
    public struct State: Hashable, Sendable {
        /// The camera.
        public let camera: MercatorCamera
        /// The camera's shown center as a coordinate.
        public let center: Coordinate
        /// The screen point of each tracked place, in the script's order.
        public let track: [ScreenPoint]
        /// For a frame sampled during a motion (``run(sampling:reducedMotion:_:)``), the seconds
        /// since that motion began; nil for the initial state and the state after each event.
        public let seconds: Double?
        /// For the state after a motion event (a fly, an ease, an animated double-tap, a
        /// release), the seconds the motion ran: its duration, or the time at which the next
        /// event interrupted it (0 for a motion of no duration); nil for the other states.
        /// A motion shorter than one frame of a sampling has no frames, but this time.
        /// Equality and hashing leave it out: they compare the state (camera, center, track,
        /// seconds), not how long the motion that led to it ran (a reduced-motion run's states
        /// are those of the same run without it).
        public let motionSeconds: Double?

        public static func == (a: State, b: State) -> Bool {
            a.camera == b.camera && a.center == b.center && a.track == b.track && a.seconds == b.seconds
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(camera)
            hasher.combine(center)
            hasher.combine(track)
            hasher.combine(seconds)
        }

        init(camera: MercatorCamera, center: Coordinate, track: [ScreenPoint], seconds: Double? = nil, motionSeconds: Double? = nil) {
            self.camera = camera
            self.center = center
            self.track = track
            self.seconds = seconds
            self.motionSeconds = motionSeconds
        }
    }

    /// How ``run(sampling:reducedMotion:_:)`` samples each motion: frames at t = k / N seconds
    /// (k = 1, 2, ...) while t is below the motion's duration (and its interruption time).
    public struct Sampling: Hashable, Sendable {
        /// The most frames one motion may produce: a frame rate and a duration asking for more
        /// stop the script with an error naming the motion (a million frames is over four
        /// hours at 60 frames per second, and about 300 MB of JSON).
        public static let maximumFramesPerMotion = 1_000_000

        /// N, frames per second: finite and > 0.
        public let framesPerSecond: Double

        /// A sampling rate.
        ///
        /// - Parameter framesPerSecond: N, finite and > 0.
        /// - Throws: `GeometryError/invalidTransition(name:value:expected:)` ("frame rate") for
        ///   a rate that is NaN, infinite, 0 or negative.
        public init(framesPerSecond: Double) throws(GeometryError) {
            guard framesPerSecond.isFinite, framesPerSecond > 0 else {
                throw .invalidTransition(
                    name: "frame rate", value: framesPerSecond, expected: "a finite number of frames per second > 0")
            }
            self.framesPerSecond = framesPerSecond
        }
    }

    /// The starting camera.
    public var camera: Start
    /// The events, in order.
    public var events: [CameraEvent]
    /// The events' `"at"`, by event index (from 0): an event with a time interrupts the
    /// motion the event before it started (a fly, an ease, an animated double-tap, a release)
    /// that many seconds after it began; the camera is then exactly that motion's
    /// `state(atSeconds:)`, and the event applies to it. A time must be finite and >= 0; after
    /// an event that starts no motion it means nothing. Events without a time let the
    /// preceding motion come to rest.
    public var interruptions: [Int: Double]
    /// Places to follow (validated coordinates).
    public var track: [Coordinate]

    private enum CodingKeys: String, CodingKey {
        case camera, events, track
    }

    /// The `"at"` beside an event's own keys; decoding it also refuses keys the event does not
    /// take.
    private struct EventTime: Decodable {
        let at: Double?

        private enum CodingKeys: String, CodingKey {
            case at
        }

        init(from decoder: any Decoder) throws {
            at = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Double.self, forKey: .at)
            let keys = try decoder.container(keyedBy: AnyKey.self)
            // (An unknown type was refused by the event's own decoding, before this.)
            guard let type = try? keys.decode(String.self, forKey: AnyKey("type")),
                  let allowed = CameraEvent.keys(ofType: type)
            else { return }
            try CameraScript.refuseUnknownKeys(keys, allowed: allowed + ["at"], in: "the \(type) event")
            guard type == "fit" else { return }
            if keys.contains(AnyKey("region")), let region = try? keys.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("region")) {
                try CameraScript.refuseUnknownKeys(region, allowed: CameraEvent.fitRegionKeys, in: "a fit's region")
            }
            if keys.contains(AnyKey("bounds")), let box = try? keys.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("bounds")) {
                try CameraScript.refuseUnknownKeys(box, allowed: CameraEvent.fitBoundsKeys, in: "a fit's bounds")
            }
            if keys.contains(AnyKey("coordinates")), var places = try? keys.nestedUnkeyedContainer(forKey: AnyKey("coordinates")) {
                while !places.isAtEnd {
                    let place = try places.nestedContainer(keyedBy: AnyKey.self)
                    try CameraScript.refuseUnknownKeys(place, allowed: CameraEvent.placeKeys, in: "a fit's coordinate")
                }
            }
        }
    }

    /// Any key of a JSON object, for the keys a script's objects may not have.
    struct AnyKey: CodingKey {
        let stringValue: String
        let intValue: Int?
        init(_ string: String) {
            stringValue = string
            intValue = nil
        }
        init?(stringValue: String) { self.init(stringValue) }
        init?(intValue: Int) {
            stringValue = "\(intValue)"
            self.intValue = intValue
        }
    }

    /// Throws for the first key (in byte order) of `container` that `allowed` lacks: a
    /// misspelt key (`"lat"`, `"bottm"`, `"trak"`) would otherwise leave its value at the
    /// default without a word. The error's path ends at the key.
    static func refuseUnknownKeys(_ container: KeyedDecodingContainer<AnyKey>, allowed: [String], in what: String) throws {
        let unknown = container.allKeys.filter { !allowed.contains($0.stringValue) }
        guard let first = unknown.min(by: { Array($0.stringValue.utf8).lexicographicallyPrecedes(Array($1.stringValue.utf8)) }) else { return }
        throw DecodingError.dataCorrupted(.init(
            codingPath: container.codingPath + [first],
            debugDescription: "unknown key in \(what) (it takes \(allowed.joined(separator: ", ")))"))
    }

    /// The keys of a script, its starting camera, the camera's insets and bounds, and a
    /// tracked place.
    static let scriptKeys = ["camera", "events", "track"]
    static let cameraKeys = [
        "latitude", "longitude", "zoom", "width", "height", "minimumZoom", "maximumZoom", "bearing", "insets", "bounds",
    ]
    static let insetsKeys = ["top", "left", "bottom", "right"]
    static let boundsKeys = ["south", "north", "west", "east", "mode"]
    static let placeKeys = ["latitude", "longitude"]

    /// A script from its parts.
    ///
    /// - Parameters:
    ///   - camera: The starting camera.
    ///   - events: The events, in order.
    ///   - track: Places to follow.
    ///   - interruptions: The events' interruption times, seconds by event index (see
    ///     ``interruptions``).
    public init(camera: Start, events: [CameraEvent], track: [Coordinate] = [], interruptions: [Int: Double] = [:]) {
        self.camera = camera
        self.events = events
        self.track = track
        self.interruptions = interruptions
    }

    /// Decodes a script; `track` may be absent, and any event may carry `"at"` (a number).
    ///
    /// - Throws: `DecodingError` for a missing or mistyped field or a track coordinate out of
    ///   range.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let keys = try decoder.container(keyedBy: AnyKey.self)
        try Self.refuseUnknownKeys(keys, allowed: Self.scriptKeys, in: "the script")
        camera = try container.decode(Start.self, forKey: .camera)
        let start = try keys.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("camera"))
        try Self.refuseUnknownKeys(start, allowed: Self.cameraKeys, in: "the camera")
        if camera.insets != nil {
            try Self.refuseUnknownKeys(
                try start.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("insets")), allowed: Self.insetsKeys, in: "the camera's insets")
        }
        if camera.bounds != nil {
            try Self.refuseUnknownKeys(
                try start.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("bounds")), allowed: Self.boundsKeys, in: "the camera's bounds")
        }
        events = try container.decode([CameraEvent].self, forKey: .events)
        // The same array again for the key that belongs to the script rather than the event.
        var interruptions: [Int: Double] = [:]
        for (index, time) in try container.decode([EventTime].self, forKey: .events).enumerated() {
            if let at = time.at { interruptions[index] = at }
        }
        self.interruptions = interruptions
        track = try container.decodeIfPresent([Coordinate].self, forKey: .track) ?? []
        if !track.isEmpty {
            var places = try keys.nestedUnkeyedContainer(forKey: AnyKey("track"))
            while !places.isAtEnd {
                try Self.refuseUnknownKeys(try places.nestedContainer(keyedBy: AnyKey.self), allowed: Self.placeKeys, in: "a tracked place")
            }
        }
    }

    /// Decodes a script from JSON text, first checked for repeated keys and deep nesting
    /// (``JSONKeys``), which `JSONDecoder` alone lets through: the entry point of
    /// `geobench camera` and `render --script`.
    ///
    /// - Throws: ``CameraScriptDecodingError``: a repeated key ("duplicate key 'zoom' in
    ///   camera"), nesting deeper than ``JSONKeys/maximumDepth``, or what the decoder found.
    public static func decode(_ data: Data) throws(CameraScriptDecodingError) -> CameraScript {
        do {
            try JSONKeys.check(data)
        } catch {
            throw .structure(error)
        }
        do {
            return try JSONDecoder().decode(CameraScript.self, from: data)
        } catch let error as DecodingError {
            throw .invalid(CameraScriptDecodingError.describe(error))
        } catch {
            throw .invalid("\(error)")
        }
    }

    /// Plays the script: the initial state, then one state after each event. The tracked
    /// places are projected once through PROJ and re-placed affinely for every state.
    ///
    /// - Throws: ``CameraScriptError`` naming the starting camera or the event that failed.
    public func run() throws(CameraScriptError) -> [State] {
        var states: [State] = []
        states.reserveCapacity(events.count + 1)
        try run { state in
            states.append(state)
            return true
        }
        return states
    }

    /// Plays the script as ``run()`` does, handing each state to `body` as it comes instead of
    /// keeping them (memory stays that of one state however many events there are); `body`
    /// returns false to stop there.
    ///
    /// A motion event's state is its resting state (a transition's exact target, an inertia's
    /// limit) or, when the next event interrupts it (``interruptions``), its state at that
    /// time. With a `sampling`, the frames of each motion come before that state: the motion's
    /// `state(atSeconds: t)` at t = k / N for k = 1, 2, ... while t is below its duration and
    /// its interruption time, each with ``State/seconds`` = t (a motion of no duration has
    /// none).
    ///
    /// - Parameters:
    ///   - sampling: The frame rate at which to sample each motion, or nil for none.
    ///   - reducedMotion: Whether every transition (fly, ease, animated double-tap) takes no
    ///     time, as `CameraTransition`'s `reducedMotion`; a release's inertia is not affected.
    ///   - body: Takes each state; returns false to stop.
    /// - Throws: ``CameraScriptError`` naming the starting camera or the event that failed: a
    ///   bad value, an `"at"` that is not a finite number of seconds >= 0
    ///   (`GeometryError/invalidTransition(name:value:expected:)`, "interruption time"), or a
    ///   motion that would give more than ``Sampling/maximumFramesPerMotion`` frames ("frame
    ///   count"). The states before that event (and, for an `"at"`, the state of the motion it
    ///   would have interrupted, at rest) have been handed over, none after.
    public func run(sampling: Sampling? = nil, reducedMotion: Bool = false, _ body: (State) -> Bool) throws(CameraScriptError) {
        var camera: MercatorCamera
        do throws(GeometryError) {
            camera = try self.camera.make()
        } catch {
            throw CameraScriptError(eventIndex: nil, eventType: nil, error: error)
        }
        let pins = ProjectedPins(coordinates: track)
        var points: [ScreenPoint] = []
        func record(_ seconds: Double? = nil, motionSeconds: Double? = nil) -> Bool {
            camera.place(pins, into: &points)
            return body(State(camera: camera, center: camera.center, track: points, seconds: seconds, motionSeconds: motionSeconds))
        }
        guard record() else { return }
        for (index, event) in events.enumerated() {
            func failure(_ error: GeometryError) -> CameraScriptError {
                CameraScriptError(eventIndex: index, eventType: event.typeName, error: error)
            }
            // This event's own time was used (or ignored) when the event before it ran; here
            // it is only checked, so that a bad one names its event.
            if let at = interruptions[index], !Self.isValidTime(at) {
                throw failure(Self.invalidTime(at))
            }
            let motion: CameraMotion?
            do throws(GeometryError) {
                motion = try event.motion(from: camera, reducedMotion: reducedMotion)
                if motion == nil { try camera.apply(event) }
            } catch {
                throw failure(error)
            }
            guard let motion else {
                guard record() else { return }
                continue
            }
            // One event of lookahead: the next event's time, when valid, stops this motion
            // there (a bad one fails at its own event, this motion then having come to rest).
            let stop = interruptions[index + 1].flatMap { Self.isValidTime($0) ? $0 : nil }
            let end = min(motion.durationSeconds, stop ?? .infinity)
            if let sampling {
                let fps = sampling.framesPerSecond
                // At most floor(end * N) frames: refuse before the first one is handed over.
                guard end * fps <= Double(Sampling.maximumFramesPerMotion) else {
                    throw failure(.invalidTransition(
                        name: "frame count", value: (end * fps).rounded(.up),
                        expected: "at most \(Sampling.maximumFramesPerMotion) frames per motion (a lower frame rate)"))
                }
                var frame = 1
                while true {
                    let t = Double(frame) / fps
                    guard t < end else { break }
                    camera = motion.state(atSeconds: t)
                    guard record(t) else { return }
                    frame += 1
                }
            }
            camera = stop.map { motion.state(atSeconds: $0) } ?? motion.resting
            guard record(motionSeconds: end) else { return }
        }
    }

    /// Whether an `"at"` is a time: finite and >= 0 (-0 included).
    private static func isValidTime(_ seconds: Double) -> Bool { seconds.isFinite && seconds >= 0 }

    /// The error for an `"at"` that is not a time.
    private static func invalidTime(_ seconds: Double) -> GeometryError {
        .invalidTransition(name: "interruption time (at)", value: seconds, expected: "a finite number of seconds >= 0")
    }
}

extension CameraScript.Start {
    /// The camera these values describe: made at the center and zoom, then given its bounds
    /// and insets (the center staying the coordinate at the focal point), then jumped to the
    /// same center and zoom at the bearing, so that the center and zoom are what a resize
    /// derives the view from, as for a camera made directly.
    ///
    /// - Throws: The `GeometryError` of the first invalid value (limits, center, zoom, size,
    ///   bounds, insets, bearing).
    public func make() throws(GeometryError) -> MercatorCamera {
        let limits = try CameraZoomLimits(
            minimumZoom: minimumZoom ?? CameraZoomLimits.default.minimumZoom,
            maximumZoom: maximumZoom ?? CameraZoomLimits.default.maximumZoom)
        let center = try Coordinate(latitude: latitude, longitude: longitude)
        var camera = try MercatorCamera(
            center: center, zoom: zoom, widthPoints: width, heightPoints: height, limits: limits)
        if let bounds {
            camera.setBounds(CameraBounds(
                try CoordinateBounds(south: bounds.south, north: bounds.north, west: bounds.west, east: bounds.east),
                mode: bounds.mode ?? .viewport))
        }
        if let insets {
            try camera.setInsets(
                ScreenInsets(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right), keeping: .center)
        }
        if let bearing {
            try camera.jump(center: center, zoom: zoom, bearing: bearing)
        }
        return camera
    }
}

/// A camera script that could not be decoded, in one line.
public enum CameraScriptDecodingError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// A repeated key or too deep a nesting.
    case structure(JSONStructureError)
    /// What `JSONDecoder` found, described by ``describe(_:)``.
    case invalid(String)

    /// The reason: "duplicate key 'zoom' in camera", "missing key 'events' in the top level",
    /// "camera.zoom: expected a number".
    public var description: String {
        switch self {
        case .structure(let error): return error.description
        case .invalid(let reason): return reason
        }
    }

    /// The message, for `LocalizedError`: the same text as ``description``.
    public var errorDescription: String? { description }

    /// A decoding error in one line: where in the script, and what was wrong.
    public static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { key in
                key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)"
            }.joined()
            return text.isEmpty ? "the top level" : String(text.drop { $0 == "." })
        }
        let message: String
        switch error {
        case .keyNotFound(let key, let context):
            let parent = context.codingPath.isEmpty ? "the top level" : path(context.codingPath)
            message = "missing key '\(key.stringValue)' in \(parent)"
        case .typeMismatch(let type, let context):
            message = "\(path(context.codingPath)): expected \(Self.name(of: type))"
        case .valueNotFound(let type, let context):
            message = "\(path(context.codingPath)): expected \(Self.name(of: type)), found null"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                // Foundation's decoder gives no position; a number beyond the range of a
                // double (1e400) lands here too.
                let underlying = context.underlyingError.map { ": \($0)" } ?? ""
                message = "not valid JSON (or a number beyond the range of a double)\(underlying)"
            } else {
                message = "\(path(context.codingPath)): \(context.debugDescription)"
            }
        @unknown default:
            message = "\(error)"
        }
        // One line, whatever the decoder put in its descriptions, and no control character
        // of the script's own text (an unknown event type is quoted as written).
        return TerminalText.shown(message.split(whereSeparator: \.isNewline).joined(separator: " "))
    }

    private static func name(of type: Any.Type) -> String {
        if type == Double.self { return "a number" }
        if type == String.self { return "a string" }
        if type == Bool.self { return "true or false" }
        if type is [Any].Type { return "an array" }
        return "an object"
    }
}

/// A camera script that could not be played: which part failed, and why.
public struct CameraScriptError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The index of the failing event in `events` (from 0), or nil for the starting camera.
    public let eventIndex: Int?
    /// The failing event's type.
    public let eventType: String?
    /// The error.
    public let error: GeometryError

    /// The message, for `LocalizedError`: the same text as ``description``.
    public var errorDescription: String? { description }

    /// "event N (type): reason", or "camera: reason" for the starting camera.
    public var description: String {
        if let eventIndex, let eventType {
            return "event \(eventIndex) (\(eventType)): \(error.description)"
        }
        return "camera: \(error.description)"
    }
}
