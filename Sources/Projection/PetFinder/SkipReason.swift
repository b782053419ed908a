import GeoMath

/// Why an announcement did not become a pin.
public enum SkipReason: Hashable, Sendable, CustomStringConvertible {
    /// The announcement is closed.
    case closed
    /// The status is none of MISSING, FOUND, CLOSED (the value as sent).
    case unknownStatus(String)
    /// The announcement has no last-seen latitude or longitude.
    case missingCoordinate
    /// The last-seen coordinate is invalid (NaN, infinite, or out of range).
    case invalidCoordinate(GeometryError)
    /// The last-seen longitude is finite but more than one turn past the antimeridian (beyond
    /// ``PinEligibility/wrappedLongitudeRange``), which no backend sends for a real place.
    case longitudeBeyondOneTurn(Double)

    public var description: String {
        switch self {
        case .closed: return "status CLOSED"
        case .unknownStatus(let status): return "unknown status '\(status)'"
        case .missingCoordinate: return "missing coordinate"
        case .invalidCoordinate(let error): return "invalid coordinate: \(error.description)"
        case .longitudeBeyondOneTurn(let longitude):
            let range = PinEligibility.wrappedLongitudeRange
            return "invalid coordinate: longitude \(longitude) is more than one turn past the antimeridian: expected degrees in [\(range.lowerBound), \(range.upperBound)], which are wrapped into [-180, 180)"
        }
    }
}

/// An announcement that did not become a pin, with the reason.
public struct SkippedAnnouncement: Hashable, Sendable, Identifiable {
    /// The announcement's id.
    public let id: String
    /// Why it was skipped.
    public let reason: SkipReason

    /// A skipped announcement from its id and reason.
    public init(id: String, reason: SkipReason) {
        self.id = id
        self.reason = reason
    }
}

