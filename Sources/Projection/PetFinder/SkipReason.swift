import GeoMath

/// Why an announcement did not become a pin.
public enum SkipReason: Hashable, Sendable, CustomStringConvertible {
    /// The announcement is closed.
    case closed
    /// The status is none of MISSING, FOUND, CLOSED (the value as sent; ``description`` shows
    /// it with its invisible characters escaped, see ``statusQuoteLimit``).
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
        case .unknownStatus(let status): return "unknown status \(Self.quoted(status))"
        case .missingCoordinate: return "missing coordinate"
        case .invalidCoordinate(let error): return "invalid coordinate: \(error.description)"
        case .longitudeBeyondOneTurn(let longitude):
            let range = PinEligibility.wrappedLongitudeRange
            return "invalid coordinate: longitude \(longitude) is more than one turn past the antimeridian: expected degrees in [\(range.lowerBound), \(range.upperBound)], which are wrapped into [-180, 180)"
        }
    }

    /// The most characters of an unknown status that ``description`` shows between its quotes,
    /// counted after escaping; a longer one is cut to its start and `…`, its length in UTF-8
    /// bytes after the closing quote: `'AAAA…' (10000000 bytes)`.
    public static let statusQuoteLimit = 64

    /// `status` between single quotes, every scalar a reader could not see or tell from another
    /// escaped as `\u{X}` (X its hexadecimal code): controls (Cc), format characters (Cf: the
    /// zero-width space, bidirectional marks and overrides, the byte order mark), line and
    /// paragraph separators, and every space but U+0020 (no-break, ideographic, en spaces); a
    /// backslash as `\\`. So `"MISSING\u{200B}"` reads `unknown status 'MISSING\u{200B}'`,
    /// not a MISSING that looks accepted, and an escape sequence never reaches a terminal.
    static func quoted(_ status: String) -> String {
        QuotedText.quoted(status, limit: statusQuoteLimit) { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: true
            case .spaceSeparator: scalar != " "
            default: false
            }
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

