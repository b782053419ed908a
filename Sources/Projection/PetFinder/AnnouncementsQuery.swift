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

    /// The query items in order: `lat`, `lng` (degrees, shortest round-trip decimal) and `range`
    /// (kilometres), e.g. `[("lat", "52.52"), ("lng", "13.405"), ("range", "10")]`.
    public var queryItems: [(name: String, value: String)] {
        [("lat", "\(center.latitude)"), ("lng", "\(center.longitude)"), ("range", "\(rangeKilometers)")]
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
