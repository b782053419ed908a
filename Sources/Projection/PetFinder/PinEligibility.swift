import GeoMath

/// Whether an announcement becomes a pin (its category and coordinate) or why it does not.
///
/// MISSING or FOUND (any letter case, surrounding spaces and tabs ignored) with a valid
/// coordinate becomes a pin. A longitude just past the antimeridian, within one turn of the
/// valid range ([-540, 540] degrees: 181 is -179), is wrapped with
/// `Coordinate.normalized(latitude:longitude:)`, because backends that unwrap tracks across the
/// antimeridian send such values for real places; latitudes are never wrapped, and NaN,
/// infinities and latitudes beyond +-90 are skipped as invalid coordinates, and longitudes
/// beyond one turn as ``SkipReason/longitudeBeyondOneTurn(_:)``.
public enum PinEligibility: Hashable, Sendable {
    case pin(PinCategory, Coordinate)
    case skip(SkipReason)

    /// The longitudes, in degrees, that are wrapped into [-180, 180) rather than skipped.
    public static let wrappedLongitudeRange: ClosedRange<Double> = -540...540

    /// Classifies an announcement.
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
        if longitude.isFinite, !Self.wrappedLongitudeRange.contains(longitude) {
            self = .skip(.longitudeBeyondOneTurn(longitude))
            return
        }
        do throws(GeometryError) {
            self = .pin(category, try Coordinate.normalized(latitude: latitude, longitude: longitude))
        } catch {
            self = .skip(.invalidCoordinate(error))
        }
    }
}

extension PinEligibility {
    /// The announcements classified, and the pins' places projected in one
    /// `proj_trans_generic` call: each announcement's category (nil when it is skipped), the
    /// pins' coordinates and their eastings and northings in input order, and the skipped ones
    /// with their reasons. A northing beyond the world's edge (a latitude beyond
    /// +-85.0511287798066, which projects 4 nm beyond W/2) is put on the edge: at a preview's
    /// largest scale, a polar user's own pin 4 nm beyond it was 30 points above the frame.
    /// Four buffers, 33 bytes an announcement, besides the skipped ones (the preview's and the
    /// fullscreen map's pins are made from them).
    static func classified(_ announcements: [Announcement]) -> (
        categories: [PinCategory?], coordinates: [Coordinate], eastings: [Double], northings: [Double], skipped: [SkippedAnnouncement]
    ) {
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
        var (eastings, northings) = WebMercator.projectValid(coordinates)
        let edge = WebMercator.worldWidthMeters / 2
        for k in northings.indices { northings[k] = min(max(northings[k], -edge), edge) }
        return (categories, coordinates, eastings, northings, skipped)
    }
}
