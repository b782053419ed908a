/// The size of a region in degrees, symmetric about its center: MapKit's
/// `MKCoordinateSpan` meaning.
///
/// `latitudeDelta` is in [0, 180] and `longitudeDelta` in [0, 360], never NaN, so
/// `MKCoordinateRegion(center:span:)` built from it is never an "Invalid Region".
public struct CoordinateSpan: Hashable, Sendable, Codable {
    /// North-south extent in degrees, in [0, 180].
    public let latitudeDelta: Double
    /// East-west extent in degrees, in [0, 360].
    public let longitudeDelta: Double

    /// A span from its deltas, in degrees.
    ///
    /// - Parameters:
    ///   - latitudeDelta: North-south extent, a finite number of degrees in [0, 180].
    ///   - longitudeDelta: East-west extent, a finite number of degrees in [0, 360].
    /// - Throws: ``GeometryError/invalidSpan(name:value:maximum:)`` naming the delta.
    public init(latitudeDelta: Double, longitudeDelta: Double) throws(GeometryError) {
        guard latitudeDelta.isFinite, latitudeDelta >= 0, latitudeDelta <= 180 else {
            throw .invalidSpan(name: "latitudeDelta", value: latitudeDelta, maximum: 180)
        }
        guard longitudeDelta.isFinite, longitudeDelta >= 0, longitudeDelta <= 360 else {
            throw .invalidSpan(name: "longitudeDelta", value: longitudeDelta, maximum: 360)
        }
        self.init(uncheckedLatitudeDelta: latitudeDelta + 0, longitudeDelta: longitudeDelta + 0)
    }

    package init(uncheckedLatitudeDelta latitudeDelta: Double, longitudeDelta: Double) {
        self.latitudeDelta = latitudeDelta
        self.longitudeDelta = longitudeDelta
    }

    private enum CodingKeys: String, CodingKey {
        case latitudeDelta, longitudeDelta
    }

    /// Decodes a span and validates it as ``init(latitudeDelta:longitudeDelta:)`` does.
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming the invalid delta and its range.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let latitudeDelta = try container.decode(Double.self, forKey: .latitudeDelta)
        let longitudeDelta = try container.decode(Double.self, forKey: .longitudeDelta)
        do {
            try self.init(latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: container.codingPath, debugDescription: error.description, underlyingError: error))
        }
    }
}
