import GeoMath

/// The pins of a preview frame: announcements turned into placed pins, and the ones skipped.
///
/// Only MISSING and FOUND announcements with a valid coordinate become pins (see
/// ``PinEligibility``); CLOSED, unknown statuses, and missing or invalid coordinates are
/// skipped, each with its reason, in input order. All pins are projected in one
/// `proj_trans_generic` call; their placement in the frame is affine. Memory is the output plus
/// four scratch buffers, 33 bytes an announcement (its category, coordinate, easting and
/// northing); in an optimized build nothing is allocated per pin. A pin beyond the Web Mercator world
/// north or south (latitudes beyond +-85.0511287798066, which project 4 nm beyond the world's
/// edge, W/2) is placed on the edge, where the frame's top or bottom is for a polar user.
public struct PinLayout: Hashable, Sendable {
    /// The pins, in input order.
    public let pins: [Pin]
    /// The announcements that did not become pins, in input order.
    public let skipped: [SkippedAnnouncement]

    /// Places `announcements` in `frame`; distances are measured from the frame's circle's
    /// center (the user).
    public init(announcements: [Announcement], frame: PreviewFrame) {
        let (categories, coordinates, eastings, northings, skipped) = PinEligibility.classified(announcements)
        let user = frame.circle.center
        var pins: [Pin] = []
        pins.reserveCapacity(coordinates.count)
        var next = 0
        for (announcement, category) in zip(announcements, categories) {
            guard let category else { continue }
            let mercator = MercatorPoint(uncheckedX: eastings[next], y: northings[next])
            let point = frame.point(for: mercator)
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
