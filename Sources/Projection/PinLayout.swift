import GeoMath

/// The pins of a preview frame: announcements turned into placed pins, and the ones skipped.
///
/// Only MISSING and FOUND announcements with a valid coordinate become pins; CLOSED, unknown
/// statuses, and missing or invalid coordinates are skipped, each with its reason, in input
/// order. All pins are projected in one `proj_trans_generic` call; their placement in the frame
/// is affine. Memory is the output plus two buffers of doubles; nothing is allocated per pin.
public struct PinLayout: Sendable {
    /// The pins, in input order.
    public let pins: [Pin]
    /// The announcements that did not become pins, in input order.
    public let skipped: [SkippedAnnouncement]

    /// Places `announcements` in `frame`; distances are measured from the frame's center (the
    /// user).
    ///
    /// - Throws: A PROJ error (which a valid coordinate does not produce in practice).
    public init(
        announcements: [Announcement], frame: PreviewFrame, transformer: WebMercatorTransformer
    ) throws(ProjectionError) {
        var categories: [PinCategory?] = []
        categories.reserveCapacity(announcements.count)
        var coordinates: [Coordinate] = []
        coordinates.reserveCapacity(announcements.count)
        var skipped: [SkippedAnnouncement] = []
        for announcement in announcements {
            switch PinEligibility(announcement) {
            case .pin(let category, let coordinate):
                categories.append(category)
                coordinates.append(coordinate)
            case .skip(let reason):
                categories.append(nil)
                skipped.append(SkippedAnnouncement(id: announcement.id, reason: reason))
            }
        }

        var eastings = coordinates.map(\.longitude)
        var northings = coordinates.map(\.latitude)
        try eastings.withUnsafeMutableBufferPointer { (x) throws(ProjectionError) in
            try northings.withUnsafeMutableBufferPointer { (y) throws(ProjectionError) in
                try transformer.projectInPlace(longitudes: x, latitudes: y)
            }
        }

        let user = frame.region.center
        var pins: [Pin] = []
        pins.reserveCapacity(coordinates.count)
        var next = 0
        for (announcement, category) in zip(announcements, categories) {
            guard let category else { continue }
            let mercator = MercatorPoint(x: eastings[next], y: northings[next])
            let point = try frame.point(forMercator: mercator)
            pins.append(Pin(
                id: announcement.id, category: category, coordinate: coordinates[next],
                distanceMeters: user.distance(to: coordinates[next]), mercator: mercator, point: point,
                inFrame: frame.contains(point)))
            next += 1
        }
        self.pins = pins
        self.skipped = skipped
    }
}

/// Whether an announcement becomes a pin (its category and coordinate) or why it does not.
public enum PinEligibility: Hashable, Sendable {
    case pin(PinCategory, Coordinate)
    case skip(SkipReason)

    /// Classifies an announcement: MISSING or FOUND (any case, surrounding spaces ignored) with a
    /// valid coordinate becomes a pin; everything else is skipped with its reason.
    public init(_ announcement: Announcement) {
        let category: PinCategory
        switch AnnouncementStatus(backendValue: announcement.status) {
        case .missing: category = .missing
        case .found: category = .found
        case .closed: self = .skip(.closed); return
        case nil: self = .skip(.unknownStatus(announcement.status)); return
        }
        guard let latitude = announcement.latitude, let longitude = announcement.longitude else {
            self = .skip(.missingCoordinate)
            return
        }
        do {
            self = .pin(category, try Coordinate(latitude: latitude, longitude: longitude))
        } catch {
            self = .skip(.invalidCoordinate(error))
        }
    }
}
