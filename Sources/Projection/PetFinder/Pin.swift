import GeoMath

/// A pin of the preview: where a missing or found pet was last seen.
public struct Pin: Hashable, Sendable, Identifiable {
    /// The announcement's id.
    public let id: String
    /// The legend category.
    public let category: PinCategory
    /// The last-seen place.
    public let coordinate: Coordinate
    /// Geodesic distance from the user on WGS84, in metres.
    public let distanceMeters: Double
    /// The last-seen place in Web Mercator metres, projected once through PROJ: a camera
    /// re-places the pin from it every frame without PROJ (``ProjectedPins``).
    public let mercator: MercatorPoint
    /// The pin's point in the preview frame, in points (origin top-left).
    public let point: ScreenPoint
    /// Whether ``point`` lies inside the frame (edges included, to within 1e-6 points beyond
    /// them: ``PreviewFrame/contains(_:)``).
    public let inFrame: Bool

    /// A pin from its parts (for tests, previews and mocks; ``PinLayout`` makes the real
    /// ones). Nothing is checked: `point` and `inFrame` are taken as given.
    public init(
        id: String, category: PinCategory, coordinate: Coordinate, distanceMeters: Double,
        mercator: MercatorPoint, point: ScreenPoint, inFrame: Bool
    ) {
        self.id = id
        self.category = category
        self.coordinate = coordinate
        self.distanceMeters = distanceMeters
        self.mercator = mercator
        self.point = point
        self.inFrame = inFrame
    }
}

/// The legend categories of pins.
public enum PinCategory: String, Hashable, Sendable, Codable, CaseIterable {
    /// A pet reported missing.
    case missing
    /// A pet reported found.
    case found
}


extension ProjectedPins {
    /// The pins of a preview, from the Mercator points their layout already projected (no
    /// PROJ call), with their ids: ready for the fullscreen camera.
    public init(pins: [Pin]) {
        self.init(ids: pins.map(\.id), eastings: pins.map(\.mercator.x), northings: pins.map(\.mercator.y))
    }
}
