import GeoMath

/// The announcements query of the landing page's preview: the user's position and the range in
/// kilometres, as URL query items `lat`, `lng`, `range` (range=10 for the 10 km preview).
public struct AnnouncementsQuery: Hashable, Sendable {
    /// The user's position.
    public let center: Coordinate
    /// The search range in whole kilometres.
    public let rangeKilometers: Int

    /// The query for the preview of `GeodesicCircle.userVicinity(around:)`:
    /// range = 10 km.
    public init(userLocation: Coordinate) {
        self.center = userLocation
        self.rangeKilometers = Int(GeodesicCircle.userVicinityRadiusMeters / 1_000)
    }

    /// The query items in order: `lat`, `lng` (degrees, the shortest digits that read back as
    /// the same double, written as a plain decimal: `0.00001`, never `1e-05`) and `range`
    /// (kilometres), e.g. `[("lat", "52.52"), ("lng", "13.405"), ("range", "10")]`.
    public var queryItems: [(name: String, value: String)] {
        [("lat", Self.plainDecimal(center.latitude)), ("lng", Self.plainDecimal(center.longitude)), ("range", "\(rangeKilometers)")]
    }

    /// Swift's shortest round-trip digits of a finite double, without an exponent. Swift's
    /// `description` writes magnitudes below 1e-4 with one ("1e-05", "-5e-05"): a user within
    /// 11 m of the equator or of the Greenwich meridian, whom a backend that reads plain
    /// decimals would refuse.
    static func plainDecimal(_ value: Double) -> String {
        let text = value.description
        guard let e = text.firstIndex(of: "e"), let exponent = Int(text[text.index(after: e)...]) else { return text }
        var mantissa = text[..<e]
        let sign = mantissa.hasPrefix("-") ? "-" : ""
        if !sign.isEmpty { mantissa = mantissa.dropFirst() }
        let whole = mantissa.prefix { $0 != "." }
        let fraction = mantissa.dropFirst(whole.count + 1)
        var digits = String(whole) + fraction
        // Where the decimal point goes among the digits.
        let point = whole.count + exponent
        if point >= digits.count { return sign + digits + String(repeating: "0", count: point - digits.count) }
        if point <= 0 { digits = String(repeating: "0", count: 1 - point) + digits }
        let split = digits.index(digits.startIndex, offsetBy: max(point, 1))
        return sign + digits[..<split] + "." + digits[split...]
    }
}

#if canImport(Foundation)
import Foundation

extension AnnouncementsQuery {
    /// The query items as Foundation `URLQueryItem`s, for `URLComponents.queryItems`.
    public var urlQueryItems: [URLQueryItem] {
        queryItems.map { URLQueryItem(name: $0.name, value: $0.value) }
    }
}
#endif
