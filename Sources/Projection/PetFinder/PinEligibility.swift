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
