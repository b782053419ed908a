/// A center and a span in degrees: MapKit's `MKCoordinateRegion` meaning of a region.
///
/// The region covers `center.latitude +- latitudeDelta / 2` (clipped to the poles) and
/// `center.longitude +- longitudeDelta / 2` (wrapped across the antimeridian). For the set of
/// points within a distance of a center, see ``GeodesicCircle``, whose
/// ``GeodesicCircle/region`` is the smallest such region containing it (where one exists).
public struct CoordinateRegion: Hashable, Sendable, Codable {
    /// The center.
    public let center: Coordinate
    /// The extent, symmetric about ``center``.
    public let span: CoordinateSpan

    /// A region from its center and span (both already valid).
    public init(center: Coordinate, span: CoordinateSpan) {
        self.init(uncheckedCenter: center, span: span)
    }

    init(uncheckedCenter center: Coordinate, span: CoordinateSpan) {
        self.center = center
        self.span = span
    }

    /// The region that a box covers: centred on the box's middle (the middle of its
    /// longitudes counted eastward from `west`, so across the antimeridian too), with the box's
    /// extents as its span. Its ``bounds`` give the box back to rounding: an edge can come back
    /// an ulp inside it.
    public init(bounds: CoordinateBounds) {
        let width = bounds.longitudeWidthDegrees
        let latitude = (bounds.south + bounds.north) / 2
        let longitude = bounds.spansAllLongitudes ? 0 : Longitude.wrapped(bounds.west + width / 2)
        self.init(
            uncheckedCenter: Coordinate(uncheckedLatitude: latitude, longitude: longitude),
            span: CoordinateSpan(uncheckedLatitudeDelta: bounds.north - bounds.south, longitudeDelta: width))
    }

    /// The latitude/longitude box the region covers: latitudes clipped to [-90, 90]; west >
    /// east across the antimeridian; every longitude when the span is 360 degrees.
    public var bounds: CoordinateBounds {
        let south = max(center.latitude - span.latitudeDelta / 2, -90)
        let north = min(center.latitude + span.latitudeDelta / 2, 90)
        guard span.longitudeDelta < 360 else {
            return CoordinateBounds(uncheckedSouth: south, north: north, west: -180, east: 180)
        }
        let edges = Longitude.boxEdges(
            west: center.longitude - span.longitudeDelta / 2, east: center.longitude + span.longitudeDelta / 2,
            widthDegrees: span.longitudeDelta)
        return CoordinateBounds(uncheckedSouth: south, north: north, west: edges.west, east: edges.east)
    }
}
