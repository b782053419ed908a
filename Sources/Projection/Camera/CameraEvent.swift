import GeoMath

/// One input event of the interactive map, as a renderer's gesture recognizers report it.
///
/// Encoded as the `events` of a camera script (docs/DESIGN.md, `geobench camera`):
/// `{"type":"pinch","scale":..,"x":..,"y":..}`, `{"type":"pan","dx":..,"dy":..}`,
/// `{"type":"doubleTap","x":..,"y":..}`, `{"type":"resize","width":..,"height":..}`.
/// All values are points (scale is a factor).
public enum CameraEvent: Hashable, Sendable, Codable {
    /// ``MercatorCamera/pinch(scale:anchor:)``.
    case pinch(scale: Double, anchor: ScreenPoint)
    /// ``MercatorCamera/pan(dx:dy:)``.
    case pan(dx: Double, dy: Double)
    /// ``MercatorCamera/doubleTap(at:)``.
    case doubleTap(ScreenPoint)
    /// ``MercatorCamera/resize(widthPoints:heightPoints:)`` (an orientation change).
    case resize(width: Double, height: Double)

    /// The event's `type` in the encoded form.
    public var typeName: String {
        switch self {
        case .pinch: return "pinch"
        case .pan: return "pan"
        case .doubleTap: return "doubleTap"
        case .resize: return "resize"
        }
    }

    private enum CodingKeys: String, CodingKey {
        case type, scale, x, y, dx, dy, width, height
    }

    /// Decodes an event; an unknown `type` or a missing value is an error. The values are
    /// checked when the event is applied, where the camera gives them meaning.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func number(_ key: CodingKeys) throws -> Double { try container.decode(Double.self, forKey: key) }
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "pinch":
            self = .pinch(scale: try number(.scale), anchor: ScreenPoint(x: try number(.x), y: try number(.y)))
        case "pan":
            self = .pan(dx: try number(.dx), dy: try number(.dy))
        case "doubleTap":
            self = .doubleTap(ScreenPoint(x: try number(.x), y: try number(.y)))
        case "resize":
            self = .resize(width: try number(.width), height: try number(.height))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container,
                debugDescription: "unknown event type '\(type)': expected pinch, pan, doubleTap or resize")
        }
    }

    /// Encodes the event with its `type` and values.
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
        }
    }
}

extension MercatorCamera {
    /// Applies one event, checking its values first: the boundary where recorded or
    /// scripted gestures enter the camera.
    ///
    /// - Throws: `GeometryError/invalidPinchScale(_:)`,
    ///   `GeometryError/invalidScreenPoint(name:x:y:xRange:yRange:)`,
    ///   `GeometryError/invalidTranslation(dx:dy:)` or
    ///   `GeometryError/invalidSize(name:value:range:)`; the camera is then unchanged.
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
        }
    }
}
