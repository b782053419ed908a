import GeoMath

/// A pet announcement as the backend sends it: an id, a status and maybe the last-seen place.
///
/// Nothing is validated here: ``PinLayout`` decides which announcements become pins and says
/// why the others are skipped.
public struct Announcement: Hashable, Sendable, Codable, Identifiable {
    /// The backend's identifier.
    public var id: String
    /// The backend status as sent: MISSING, FOUND or CLOSED, in any letter case, possibly with
    /// surrounding spaces; anything else is an unknown status.
    public var status: String
    /// Last-seen latitude in degrees, if any.
    public var latitude: Double?
    /// Last-seen longitude in degrees, if any.
    public var longitude: Double?

    public init(id: String, status: String, latitude: Double?, longitude: Double?) {
        self.id = id
        self.status = status
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// The backend statuses of an announcement.
public enum AnnouncementStatus: String, Hashable, Sendable, CaseIterable {
    case missing = "MISSING"
    case found = "FOUND"
    case closed = "CLOSED"

    /// Parses a backend status case-insensitively, ignoring surrounding spaces and tabs.
    /// Allocates nothing in an optimized build (an unoptimized one allocates 3 to 5
    /// temporaries a call: the statuses' array and the generic UTF-8 iteration).
    public init?(backendValue: String) {
        var utf8 = Substring(backendValue).utf8[...]
        while let first = utf8.first, first == 0x20 || first == 0x09 { utf8 = utf8.dropFirst() }
        while let last = utf8.last, last == 0x20 || last == 0x09 { utf8 = utf8.dropLast() }
        for status in Self.allCases where Self.equalsIgnoringCase(utf8, status.rawValue.utf8) {
            self = status
            return
        }
        return nil
    }

    private static func equalsIgnoringCase(_ text: Substring.UTF8View.SubSequence, _ upper: String.UTF8View) -> Bool {
        guard text.count == upper.count else { return false }
        for (a, b) in zip(text, upper) {
            // ASCII lower case to upper case; the statuses are ASCII letters.
            let folded = (a >= 0x61 && a <= 0x7A) ? a - 0x20 : a
            if folded != b { return false }
        }
        return true
    }
}
