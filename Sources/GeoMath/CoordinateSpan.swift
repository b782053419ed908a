/// The size of a region in degrees, symmetric about its center: MapKit's
/// `MKCoordinateSpan` meaning.
///
/// A span produced by GeoMath is never negative, never NaN, has `latitudeDelta` <= 180 and
/// `longitudeDelta` <= 360, so `MKCoordinateRegion(center:span:)` built from it is never an
/// "Invalid Region".
public struct CoordinateSpan: Hashable, Sendable, Encodable {
    /// North-south extent in degrees, in [0, 180].
    public let latitudeDelta: Double
    /// East-west extent in degrees, in [0, 360].
    public let longitudeDelta: Double

    @usableFromInline
    init(uncheckedLatitudeDelta latitudeDelta: Double, longitudeDelta: Double) {
        self.latitudeDelta = latitudeDelta
        self.longitudeDelta = longitudeDelta
    }
}
