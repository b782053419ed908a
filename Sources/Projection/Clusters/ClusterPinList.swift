import GeoMath

/// The fullscreen map's pins: fetched announcements turned into cluster pins, and the ones
/// skipped.
///
/// The rule is the preview's (``PinEligibility``): MISSING and FOUND announcements with a valid
/// coordinate become pins; CLOSED, unknown statuses, and missing or invalid coordinates are
/// skipped, each with its reason. Both lists keep the input order. All pins are projected in one
/// `proj_trans_generic` call, so a city's announcements cost one batch rather than a PROJ call
/// each; a pin beyond +-85.0511287798066 degrees of latitude is put on the world's north or
/// south edge, as ``PinLayout`` puts it, so that each pin's point is the one a preview's pin of
/// the same announcement gives ``ClusterPin/init(_:)``. Ids are not checked here: an index built
/// or updated from the pins throws `GeometryError/duplicatePinID(_:)` for an id given twice.
///
/// ```swift
/// let list = ClusterPinList(announcements: fetched)
/// try index.update(to: list.pins)
/// ```
public struct ClusterPinList: Hashable, Sendable {
    /// The pins, in input order.
    public let pins: [ClusterPin]
    /// The announcements that did not become pins, in input order.
    public let skipped: [SkippedAnnouncement]

    /// Turns `announcements` into cluster pins.
    ///
    /// - Parameter announcements: The announcements as fetched.
    public init(announcements: [Announcement]) {
        let (categories, _, eastings, northings, skipped) = PinEligibility.classified(announcements)
        var pins: [ClusterPin] = []
        pins.reserveCapacity(eastings.count)
        var next = 0
        for (announcement, category) in zip(announcements, categories) {
            guard let category else { continue }
            pins.append(ClusterPin(
                id: announcement.id, point: MercatorPoint(uncheckedX: eastings[next], y: northings[next]), category: category))
            next += 1
        }
        self.pins = pins
        self.skipped = skipped
    }
}
