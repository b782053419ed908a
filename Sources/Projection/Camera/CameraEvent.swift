import GeoMath

/// One input event of the interactive map, as a renderer's gesture recognizers or the app
/// report it.
///
/// Encoded as the `events` of a camera script (docs/DESIGN.md, `geobench camera`):
/// `{"type":"pinch","scale":..,"x":..,"y":..}`, `{"type":"pan","dx":..,"dy":..}`,
/// `{"type":"doubleTap","x":..,"y":..}`, `{"type":"resize","width":..,"height":..}`,
/// `{"type":"rotate","degrees":..,"x":..,"y":..}`,
/// `{"type":"pinchRotate","scale":..,"degrees":..,"x":..,"y":..,"dx":..,"dy":..}` (dx, dy
/// optional), `{"type":"insets","top":..,"left":..,"bottom":..,"right":..,"keep":"center"|"content"}`
/// (each optional: 0 and center), `{"type":"jump","latitude":..,"longitude":..,"zoom":..,"bearing":..}`
/// (each optional), `{"type":"fit","region":{"latitude":..,"longitude":..,"radius":..}}` or
/// `"bounds":{"south":..,"north":..,"west":..,"east":..}` or
/// `"coordinates":[{"latitude":..,"longitude":..}]`, with optional `"padding"`, `"bearing"` and
/// `"zoomSnap"`, and `{"type":"bounds","south":..,"north":..,"west":..,"east":..,"mode":"viewport"|"center"}`
/// or `{"type":"bounds","clear":true}`. Screen values are points, angles degrees (rotations
/// positive clockwise on screen, as the fingers turn), radii metres, scale a factor.
///
/// Motion events (issue 13) start a ``CameraMotion`` (``motion(from:reducedMotion:)``):
/// `{"type":"fly","latitude":..,"longitude":..,"zoom":..,"bearing":..}` (each optional, with
/// optional `"curve"`, `"speed"` and `"maxDuration"`), `{"type":"ease", the same keys,
/// "duration":..,"easing":"default"|"linear"}` (duration default 0.5 s),
/// `{"type":"doubleTap","x":..,"y":..,"animated":true}` (without `animated`, or false, the
/// instant double-tap) and `{"type":"release","vx":..,"vy":..}` (points per second, with
/// optional `"scaleVelocity"` in zoom levels per second about `"x"`, `"y"`, optional
/// `"degreesPerSecond"` and `"preset":"normal"|"fast"|"maplibre"|"immediate"`). Times are
/// seconds. ``MercatorCamera/apply(_:)`` takes a motion event to its resting state at once.
public enum CameraEvent: Hashable, Sendable, Codable {
    /// ``MercatorCamera/pinch(scale:anchor:)``.
    case pinch(scale: Double, anchor: ScreenPoint)
    /// ``MercatorCamera/pan(dx:dy:)``.
    case pan(dx: Double, dy: Double)
    /// ``MercatorCamera/doubleTap(at:)``.
    case doubleTap(ScreenPoint)
    /// ``MercatorCamera/resize(widthPoints:heightPoints:)`` (an orientation change).
    case resize(width: Double, height: Double)
    /// ``MercatorCamera/rotate(degrees:around:)``.
    case rotate(degrees: Double, anchor: ScreenPoint)
    /// ``MercatorCamera/pinchRotate(scale:degrees:anchor:dx:dy:)``.
    case pinchRotate(scale: Double, degrees: Double, anchor: ScreenPoint, dx: Double, dy: Double)
    /// ``MercatorCamera/setInsets(_:keeping:)``, with the insets' values in points.
    case insets(top: Double, left: Double, bottom: Double, right: Double, keeping: MercatorCamera.InsetsChange)
    /// ``MercatorCamera/jump(center:zoom:bearing:)-(Coordinate?,_,_)``: a latitude or a
    /// longitude alone keeps the other from the current center.
    case jump(latitude: Double?, longitude: Double?, zoom: Double?, bearing: Double?)
    /// ``MercatorCamera/fit(_:padding:bearing:zoomSnap:)``.
    case fit(FitShape, padding: Double, bearing: Double?, zoomSnap: Double?)
    /// ``MercatorCamera/setBounds(_:)`` with a box in degrees and a mode (``clearBounds``
    /// clears them).
    case bounds(south: Double, north: Double, west: Double, east: Double, mode: CameraBounds.Mode)
    /// ``MercatorCamera/setBounds(_:)`` with nil.
    case clearBounds
    /// A flight (van Wijk and Nuij, as MapLibre's `flyTo`):
    /// ``CameraTransition/init(from:center:zoom:bearing:insets:kind:reducedMotion:)-(_,Coordinate?,_,_,_,_,_)``
    /// with ``CameraTransition/Kind/fly(curve:speed:maxDuration:easing:)`` and linear easing.
    /// The target is as for ``jump(latitude:longitude:zoom:bearing:)``: a latitude or a
    /// longitude alone keeps the other from the current center, a nil value keeps the
    /// camera's. `curve` is rho (1.42 in scripts by default), `speed` screenfuls per second
    /// (1.2), `maxDuration` seconds (nil: none).
    case fly(
        latitude: Double?, longitude: Double?, zoom: Double?, bearing: Double?, curve: Double, speed: Double,
        maxDuration: Double?)
    /// An ease to the same kind of target as ``fly(latitude:longitude:zoom:bearing:curve:speed:maxDuration:)``,
    /// with ``CameraTransition/Kind/ease(duration:easing:)``: `duration` in seconds (0.5 in
    /// scripts by default), `easing` the curve.
    case ease(latitude: Double?, longitude: Double?, zoom: Double?, bearing: Double?, duration: Double, easing: EaseCurve)
    /// ``CameraTransition/doubleTap(from:at:duration:reducedMotion:)`` with its default 0.3 s:
    /// one level in about the point, the tapped place held under the finger.
    case animatedDoubleTap(ScreenPoint)
    /// ``CameraInertia/init(from:velocity:decay:northSnap:)``: the motion after a gesture ends, with
    /// the release velocity (points per second, zoom levels per second about the anchor or
    /// the focal point, degrees per second with the fingers clockwise positive) and a decay.
    case release(GestureVelocity, preset: InertiaPreset)

    /// The easing of an ``ease(latitude:longitude:zoom:bearing:duration:easing:)`` event, by
    /// its script name.
    public enum EaseCurve: String, Hashable, Sendable, CaseIterable, Codable {
        /// ``CameraTransition/Easing/default``: MapLibre's cubic-bezier(0.25, 0.1, 0.25, 1).
        case `default`
        /// ``CameraTransition/Easing/linear``: constant speed.
        case linear

        /// The easing curve this name selects.
        public var easing: CameraTransition.Easing {
            switch self {
            case .default: return .default
            case .linear: return .linear
            }
        }
    }

    /// The decay of a ``release(_:preset:)`` event, by its script name.
    public enum InertiaPreset: String, Hashable, Sendable, CaseIterable, Codable {
        /// ``CameraInertia/Decay/normal``: UIKit's 0.998 per millisecond.
        case normal
        /// ``CameraInertia/Decay/fast``: UIKit's 0.99 per millisecond.
        case fast
        /// ``CameraInertia/Decay/maplibre``: like MapLibre GL JS's pan inertia.
        case maplibre
        /// ``CameraInertia/Decay/immediate``: no inertia.
        case immediate

        /// The decay this name selects.
        public var decay: CameraInertia.Decay {
            switch self {
            case .normal: return .normal
            case .fast: return .fast
            case .maplibre: return .maplibre
            case .immediate: return .immediate
            }
        }
    }

    /// A fit's shape as a script gives it, in degrees and metres; checked when applied.
    public enum FitShape: Hashable, Sendable {
        /// A geodesic circle: center in degrees, radius in metres.
        case region(latitude: Double, longitude: Double, radiusMeters: Double)
        /// A box in degrees.
        case bounds(south: Double, north: Double, west: Double, east: Double)
        /// Places, as (latitude, longitude) in degrees.
        case coordinates([Place])
    }

    /// A place of a fit, in degrees, checked when applied.
    public struct Place: Hashable, Sendable, Codable {
        /// Latitude in degrees.
        public var latitude: Double
        /// Longitude in degrees.
        public var longitude: Double

        /// A place from its degrees.
        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// The event's `type` in the encoded form.
    public var typeName: String {
        switch self {
        case .pinch: return "pinch"
        case .pan: return "pan"
        case .doubleTap: return "doubleTap"
        case .resize: return "resize"
        case .rotate: return "rotate"
        case .pinchRotate: return "pinchRotate"
        case .insets: return "insets"
        case .jump: return "jump"
        case .fit: return "fit"
        case .bounds, .clearBounds: return "bounds"
        case .fly: return "fly"
        case .ease: return "ease"
        case .animatedDoubleTap: return "doubleTap"
        case .release: return "release"
        }
    }

    private enum CodingKeys: String, CodingKey {
        case type, scale, x, y, dx, dy, width, height, degrees
        case top, left, bottom, right, keep
        case latitude, longitude, zoom, bearing
        case region, bounds, coordinates, padding, zoomSnap, radius
        case south, north, west, east, mode, clear
        case curve, speed, maxDuration, duration, easing, animated
        case vx, vy, scaleVelocity, degreesPerSecond, preset
    }

    /// The event types a script may use.
    public static let typeNames = [
        "pinch", "pan", "doubleTap", "resize", "rotate", "pinchRotate", "insets", "jump", "fit", "bounds", "fly", "ease",
        "release",
    ]

    /// The keys an event of `type` may carry in the encoded form, `type` first (nil for an
    /// unknown type): for a reader that refuses keys it does not know, so that a misspelt key
    /// (`"lat"` for `"latitude"`) is an error rather than a value silently left at its default.
    package static func keys(ofType type: String) -> [String]? {
        let position = ["latitude", "longitude", "zoom", "bearing"]
        let keys: [String]
        switch type {
        case "pinch": keys = ["scale", "x", "y"]
        case "pan": keys = ["dx", "dy"]
        case "doubleTap": keys = ["x", "y", "animated"]
        case "fly": keys = position + ["curve", "speed", "maxDuration"]
        case "ease": keys = position + ["duration", "easing"]
        case "release": keys = ["vx", "vy", "scaleVelocity", "degreesPerSecond", "x", "y", "preset"]
        case "resize": keys = ["width", "height"]
        case "rotate": keys = ["degrees", "x", "y"]
        case "pinchRotate": keys = ["scale", "degrees", "x", "y", "dx", "dy"]
        case "insets": keys = ["top", "left", "bottom", "right", "keep"]
        case "jump": keys = position
        case "fit": keys = ["region", "bounds", "coordinates", "padding", "bearing", "zoomSnap"]
        case "bounds": keys = ["south", "north", "west", "east", "mode", "clear"]
        default: return nil
        }
        return ["type"] + keys
    }

    /// The keys of a fit's `region`, its `bounds`, and each of its `coordinates`.
    package static let fitRegionKeys = ["latitude", "longitude", "radius"]
    package static let fitBoundsKeys = ["south", "north", "west", "east"]
    package static let placeKeys = ["latitude", "longitude"]

    /// The defaults of a script's motion events: MapLibre's rho, speed, ease duration.
    private static let defaultCurve = 1.42, defaultSpeed = 1.2, defaultEaseSeconds = 0.5

    /// Decodes an event; an unknown `type` or a missing value is an error. The values are
    /// checked when the event is applied, where the camera gives them meaning.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func number(_ key: CodingKeys) throws -> Double { try container.decode(Double.self, forKey: key) }
        func optional(_ key: CodingKeys) throws -> Double? { try container.decodeIfPresent(Double.self, forKey: key) }
        func anchor() throws -> ScreenPoint { ScreenPoint(x: try number(.x), y: try number(.y)) }
        // A choice among named values, with an error that lists them.
        func choice<Choice: RawRepresentable & CaseIterable>(_ key: CodingKeys, default value: Choice) throws -> Choice
        where Choice.RawValue == String {
            guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return value }
            guard let chosen = Choice(rawValue: text) else {
                let names = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "unknown \(key.stringValue) '\(text)': expected \(names)")
            }
            return chosen
        }
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "pinch":
            self = .pinch(scale: try number(.scale), anchor: try anchor())
        case "pan":
            self = .pan(dx: try number(.dx), dy: try number(.dy))
        case "doubleTap":
            let animated = try container.decodeIfPresent(Bool.self, forKey: .animated) ?? false
            self = animated ? .animatedDoubleTap(try anchor()) : .doubleTap(try anchor())
        case "fly":
            self = .fly(
                latitude: try optional(.latitude), longitude: try optional(.longitude), zoom: try optional(.zoom),
                bearing: try optional(.bearing), curve: try optional(.curve) ?? Self.defaultCurve,
                speed: try optional(.speed) ?? Self.defaultSpeed, maxDuration: try optional(.maxDuration))
        case "ease":
            self = .ease(
                latitude: try optional(.latitude), longitude: try optional(.longitude), zoom: try optional(.zoom),
                bearing: try optional(.bearing), duration: try optional(.duration) ?? Self.defaultEaseSeconds,
                easing: try choice(.easing, default: EaseCurve.default))
        case "release":
            // The pinch center: both coordinates or neither (the focal point).
            let x = try optional(.x), y = try optional(.y)
            let center: ScreenPoint?
            switch (x, y) {
            case let (x?, y?): center = ScreenPoint(x: x, y: y)
            case (nil, nil): center = nil
            default:
                throw DecodingError.dataCorruptedError(
                    forKey: x == nil ? .x : .y, in: container,
                    debugDescription: "a release's pinch center needs both x and y (or neither, for the focal point)")
            }
            self = .release(
                GestureVelocity(
                    x: try number(.vx), y: try number(.vy), zoomLevelsPerSecond: try optional(.scaleVelocity) ?? 0,
                    degreesPerSecond: try optional(.degreesPerSecond) ?? 0, anchor: center),
                preset: try choice(.preset, default: InertiaPreset.normal))
        case "resize":
            self = .resize(width: try number(.width), height: try number(.height))
        case "rotate":
            self = .rotate(degrees: try number(.degrees), anchor: try anchor())
        case "pinchRotate":
            self = .pinchRotate(
                scale: try number(.scale), degrees: try number(.degrees), anchor: try anchor(),
                dx: try optional(.dx) ?? 0, dy: try optional(.dy) ?? 0)
        case "insets":
            self = .insets(
                top: try optional(.top) ?? 0, left: try optional(.left) ?? 0, bottom: try optional(.bottom) ?? 0,
                right: try optional(.right) ?? 0,
                keeping: try choice(.keep, default: MercatorCamera.InsetsChange.center))
        case "jump":
            self = .jump(
                latitude: try optional(.latitude), longitude: try optional(.longitude), zoom: try optional(.zoom),
                bearing: try optional(.bearing))
        case "fit":
            let shapes = [CodingKeys.region, .bounds, .coordinates].filter { container.contains($0) }
            guard shapes.count == 1 else {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: container.codingPath,
                    debugDescription: "a fit needs exactly one of region, bounds or coordinates (found \(shapes.count))"))
            }
            let shape: FitShape
            switch shapes[0] {
            case .region:
                let region = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .region)
                shape = .region(
                    latitude: try region.decode(Double.self, forKey: .latitude),
                    longitude: try region.decode(Double.self, forKey: .longitude),
                    radiusMeters: try region.decode(Double.self, forKey: .radius))
            case .bounds:
                let box = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .bounds)
                shape = .bounds(
                    south: try box.decode(Double.self, forKey: .south), north: try box.decode(Double.self, forKey: .north),
                    west: try box.decode(Double.self, forKey: .west), east: try box.decode(Double.self, forKey: .east))
            default:
                shape = .coordinates(try container.decode([Place].self, forKey: .coordinates))
            }
            self = .fit(
                shape, padding: try optional(.padding) ?? 0, bearing: try optional(.bearing),
                zoomSnap: try optional(.zoomSnap))
        case "bounds":
            if try container.decodeIfPresent(Bool.self, forKey: .clear) == true {
                self = .clearBounds
            } else {
                self = .bounds(
                    south: try number(.south), north: try number(.north), west: try number(.west), east: try number(.east),
                    mode: try choice(.mode, default: CameraBounds.Mode.viewport))
            }
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container,
                debugDescription: "unknown event type '\(type)': expected one of \(Self.typeNames.joined(separator: ", "))")
        }
    }

    /// Encodes the event with its `type` and values (optional values only when present).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(typeName, forKey: .type)
        switch self {
        case .pinch(let scale, let anchor):
            try container.encode(scale, forKey: .scale)
            try container.encode(anchor.x, forKey: .x)
            try container.encode(anchor.y, forKey: .y)
        case .pan(let dx, let dy):
            try container.encode(dx, forKey: .dx)
            try container.encode(dy, forKey: .dy)
        case .doubleTap(let point):
            try container.encode(point.x, forKey: .x)
            try container.encode(point.y, forKey: .y)
        case .resize(let width, let height):
            try container.encode(width, forKey: .width)
            try container.encode(height, forKey: .height)
        case .rotate(let degrees, let anchor):
            try container.encode(degrees, forKey: .degrees)
            try container.encode(anchor.x, forKey: .x)
            try container.encode(anchor.y, forKey: .y)
        case .pinchRotate(let scale, let degrees, let anchor, let dx, let dy):
            try container.encode(scale, forKey: .scale)
            try container.encode(degrees, forKey: .degrees)
            try container.encode(anchor.x, forKey: .x)
            try container.encode(anchor.y, forKey: .y)
            try container.encode(dx, forKey: .dx)
            try container.encode(dy, forKey: .dy)
        case .insets(let top, let left, let bottom, let right, let keeping):
            try container.encode(top, forKey: .top)
            try container.encode(left, forKey: .left)
            try container.encode(bottom, forKey: .bottom)
            try container.encode(right, forKey: .right)
            try container.encode(keeping, forKey: .keep)
        case .jump(let latitude, let longitude, let zoom, let bearing):
            try container.encodeIfPresent(latitude, forKey: .latitude)
            try container.encodeIfPresent(longitude, forKey: .longitude)
            try container.encodeIfPresent(zoom, forKey: .zoom)
            try container.encodeIfPresent(bearing, forKey: .bearing)
        case .fit(let shape, let padding, let bearing, let zoomSnap):
            switch shape {
            case .region(let latitude, let longitude, let radius):
                var region = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .region)
                try region.encode(latitude, forKey: .latitude)
                try region.encode(longitude, forKey: .longitude)
                try region.encode(radius, forKey: .radius)
            case .bounds(let south, let north, let west, let east):
                var box = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .bounds)
                try box.encode(south, forKey: .south)
                try box.encode(north, forKey: .north)
                try box.encode(west, forKey: .west)
                try box.encode(east, forKey: .east)
            case .coordinates(let places):
                try container.encode(places, forKey: .coordinates)
            }
            try container.encode(padding, forKey: .padding)
            try container.encodeIfPresent(bearing, forKey: .bearing)
            try container.encodeIfPresent(zoomSnap, forKey: .zoomSnap)
        case .bounds(let south, let north, let west, let east, let mode):
            try container.encode(south, forKey: .south)
            try container.encode(north, forKey: .north)
            try container.encode(west, forKey: .west)
            try container.encode(east, forKey: .east)
            try container.encode(mode, forKey: .mode)
        case .clearBounds:
            try container.encode(true, forKey: .clear)
        case .fly(let latitude, let longitude, let zoom, let bearing, let curve, let speed, let maxDuration):
            try container.encodeIfPresent(latitude, forKey: .latitude)
            try container.encodeIfPresent(longitude, forKey: .longitude)
            try container.encodeIfPresent(zoom, forKey: .zoom)
            try container.encodeIfPresent(bearing, forKey: .bearing)
            try container.encode(curve, forKey: .curve)
            try container.encode(speed, forKey: .speed)
            try container.encodeIfPresent(maxDuration, forKey: .maxDuration)
        case .ease(let latitude, let longitude, let zoom, let bearing, let duration, let easing):
            try container.encodeIfPresent(latitude, forKey: .latitude)
            try container.encodeIfPresent(longitude, forKey: .longitude)
            try container.encodeIfPresent(zoom, forKey: .zoom)
            try container.encodeIfPresent(bearing, forKey: .bearing)
            try container.encode(duration, forKey: .duration)
            try container.encode(easing, forKey: .easing)
        case .animatedDoubleTap(let point):
            try container.encode(point.x, forKey: .x)
            try container.encode(point.y, forKey: .y)
            try container.encode(true, forKey: .animated)
        case .release(let velocity, let preset):
            try container.encode(velocity.x, forKey: .vx)
            try container.encode(velocity.y, forKey: .vy)
            try container.encode(velocity.zoomLevelsPerSecond, forKey: .scaleVelocity)
            try container.encode(velocity.degreesPerSecond, forKey: .degreesPerSecond)
            try container.encodeIfPresent(velocity.anchor?.x, forKey: .x)
            try container.encodeIfPresent(velocity.anchor?.y, forKey: .y)
            try container.encode(preset, forKey: .preset)
        }
    }

    /// The motion this event starts from `camera`, or nil for an instant event (apply those
    /// with ``MercatorCamera/apply(_:)``). The values are checked here, as `apply(_:)` checks
    /// an instant event's.
    ///
    /// - Parameters:
    ///   - camera: The camera when the event arrives (a motion in progress already adopted,
    ///     as ``CameraMotion`` describes).
    ///   - reducedMotion: Whether transitions (fly, ease, animated double-tap) take no time
    ///     (`reducedMotion` of ``CameraTransition``); a release's inertia is not affected.
    /// - Returns: A ``CameraMotion/transition(_:)`` for a fly, an ease or an animated
    ///   double-tap, a ``CameraMotion/inertia(_:)`` for a release, nil otherwise.
    /// - Throws: A coordinate's `GeometryError/invalidLatitude(_:)` or
    ///   `GeometryError/invalidLongitude(_:)`, `GeometryError/invalidZoom(name:value:minimum:maximum:)`,
    ///   `GeometryError/invalidBearing(name:value:)`,
    ///   `GeometryError/invalidScreenPoint(name:x:y:xRange:yRange:)` or
    ///   `GeometryError/invalidTransition(name:value:expected:)` (a duration, maximum duration,
    ///   curve, speed or velocity out of range), as ``CameraTransition`` and ``CameraInertia``
    ///   throw them.
    public func motion(from camera: MercatorCamera, reducedMotion: Bool = false) throws(GeometryError) -> CameraMotion? {
        switch self {
        case .fly(let latitude, let longitude, let zoom, let bearing, let curve, let speed, let maxDuration):
            return .transition(try CameraTransition(
                from: camera, center: try Self.center(latitude, longitude, of: camera), zoom: zoom, bearing: bearing,
                kind: .fly(curve: curve, speed: speed, maxDuration: maxDuration), reducedMotion: reducedMotion))
        case .ease(let latitude, let longitude, let zoom, let bearing, let duration, let easing):
            return .transition(try CameraTransition(
                from: camera, center: try Self.center(latitude, longitude, of: camera), zoom: zoom, bearing: bearing,
                kind: .ease(duration: duration, easing: easing.easing), reducedMotion: reducedMotion))
        case .animatedDoubleTap(let point):
            return .transition(try CameraTransition.doubleTap(from: camera, at: point, reducedMotion: reducedMotion))
        case .release(let velocity, let preset):
            return .inertia(try CameraInertia(from: camera, velocity: velocity, decay: preset.decay))
        case .pinch, .pan, .doubleTap, .resize, .rotate, .pinchRotate, .insets, .jump, .fit, .bounds, .clearBounds:
            return nil
        }
    }

    /// A jump's center: nil when neither value is given, else the coordinate with the missing
    /// one taken from the camera's center.
    private static func center(_ latitude: Double?, _ longitude: Double?, of camera: MercatorCamera) throws(GeometryError) -> Coordinate? {
        guard latitude != nil || longitude != nil else { return nil }
        let current = camera.center
        return try Coordinate(latitude: latitude ?? current.latitude, longitude: longitude ?? current.longitude)
    }
}

extension MercatorCamera {
    /// Applies one event, checking its values first: the boundary where recorded or
    /// scripted gestures enter the camera.
    ///
    /// A motion event (fly, ease, animated double-tap, release) jumps to its resting state:
    /// the transition's exact target or the inertia's limit (``CameraMotion/resting``). To
    /// animate it, take ``CameraEvent/motion(from:reducedMotion:)`` instead.
    ///
    /// - Throws: `GeometryError/invalidPinchScale(_:)`,
    ///   `GeometryError/invalidScreenPoint(name:x:y:xRange:yRange:)`,
    ///   `GeometryError/invalidTranslation(dx:dy:)`, `GeometryError/invalidSize(name:value:range:)`,
    ///   `GeometryError/invalidZoom(name:value:minimum:maximum:)` (a jump's zoom that is not
    ///   finite), `GeometryError/invalidBearing(name:value:)`,
    ///   `GeometryError/invalidInsets(top:left:bottom:right:width:height:)`, a coordinate's,
    ///   radius's or box's error, `GeometryError/invalidPadding(_:maximum:)`,
    ///   `GeometryError/invalidZoomStep(_:)`, `GeometryError/emptyFitTarget` or, for a motion
    ///   event, `GeometryError/invalidTransition(name:value:expected:)` (see
    ///   ``CameraEvent/motion(from:reducedMotion:)``); the camera is then unchanged.
    public mutating func apply(_ event: CameraEvent) throws(GeometryError) {
        switch event {
        case .pinch(let scale, let anchor):
            try checkPinch(scale: scale, anchor: anchor)
            pinch(scale: scale, anchor: anchor)
        case .pan(let dx, let dy):
            guard dx.isFinite, dy.isFinite else { throw .invalidTranslation(dx: dx, dy: dy) }
            pan(dx: dx, dy: dy)
        case .doubleTap(let point):
            try transform.validate(point, name: "double-tap point")
            doubleTap(at: point)
        case .resize(let width, let height):
            try ScreenTransform.validateSize(width: width, height: height)
            resize(widthPoints: width, heightPoints: height)
        case .rotate(let degrees, let anchor):
            guard degrees.isFinite else { throw .invalidBearing(name: "rotation", value: degrees) }
            try transform.validate(anchor, name: "rotation anchor")
            rotate(degrees: degrees, around: anchor)
        case .pinchRotate(let scale, let degrees, let anchor, let dx, let dy):
            try checkPinchRotate(scale: scale, degrees: degrees, anchor: anchor, dx: dx, dy: dy)
            applyPinchRotate(scale: scale, degrees: degrees, anchor: anchor, dx: dx, dy: dy)
        case .insets(let top, let left, let bottom, let right, let keeping):
            try setInsets(ScreenInsets(top: top, left: left, bottom: bottom, right: right), keeping: keeping)
        case .jump(let latitude, let longitude, let zoom, let bearing):
            var target: Coordinate? = nil
            if latitude != nil || longitude != nil {
                let current = center
                target = try Coordinate(latitude: latitude ?? current.latitude, longitude: longitude ?? current.longitude)
            }
            try jump(center: target, zoom: zoom, bearing: bearing)
        case .fit(let shape, let padding, let bearing, let zoomSnap):
            let target: CameraFitTarget
            switch shape {
            case .region(let latitude, let longitude, let radius):
                target = .region(try GeodesicCircle(
                    center: try Coordinate(latitude: latitude, longitude: longitude), radiusMeters: radius))
            case .bounds(let south, let north, let west, let east):
                target = .bounds(try CoordinateBounds(south: south, north: north, west: west, east: east))
            case .coordinates(let places):
                var coordinates: [Coordinate] = []
                coordinates.reserveCapacity(places.count)
                for place in places {
                    coordinates.append(try Coordinate(latitude: place.latitude, longitude: place.longitude))
                }
                target = .coordinates(coordinates)
            }
            let snap = try zoomSnap.map { step throws(GeometryError) in try ZoomSnap(step: step) }
            try fit(target, padding: padding, bearing: bearing, zoomSnap: snap)
        case .bounds(let south, let north, let west, let east, let mode):
            setBounds(CameraBounds(try CoordinateBounds(south: south, north: north, west: west, east: east), mode: mode))
        case .clearBounds:
            setBounds(nil)
        case .fly, .ease, .animatedDoubleTap, .release:
            guard let motion = try event.motion(from: self) else { return }
            self = motion.resting
        }
    }
}
