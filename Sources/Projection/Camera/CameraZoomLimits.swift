import GeoMath

/// The zoom levels a ``MercatorCamera`` may show: `minimumZoom <= zoom <= maximumZoom`.
///
/// Zoom z shows the world 256 * 2^z points wide (the MapKit and Leaflet convention).
public struct CameraZoomLimits: Hashable, Sendable, Codable {
    /// The lowest zoom level, in [0, 22].
    public let minimumZoom: Double
    /// The highest zoom level, in [`minimumZoom`, 22].
    public let maximumZoom: Double

    /// The zoom levels any camera supports: 0 (the world 256 points wide) to 22.
    ///
    /// The upper bound keeps the 1e-6-point guarantees: at zoom 22 a Web Mercator metre is
    /// 26.8 points, so one unit in the last place of a Mercator coordinate near the
    /// antimeridian (3.7 nm) is 1e-7 points. MapLibre's default maximum is also 22.
    public static let supportedZoomRange: ClosedRange<Double> = 0...22

    /// Zoom 0 to 22: the whole supported range.
    public static let `default` = CameraZoomLimits(uncheckedMinimum: 0, maximum: 22)

    /// Limits from `minimumZoom` to `maximumZoom`.
    ///
    /// - Throws: `GeometryError/invalidZoom(name:value:minimum:maximum:)` when a limit is
    ///   not finite or lies outside ``supportedZoomRange``;
    ///   `GeometryError/invalidZoomOrder(minimum:maximum:)` when the minimum exceeds the maximum.
    public init(minimumZoom: Double, maximumZoom: Double) throws(GeometryError) {
        let range = Self.supportedZoomRange
        guard minimumZoom.isFinite, range.contains(minimumZoom) else {
            throw .invalidZoom(name: "minimum zoom", value: minimumZoom, minimum: range.lowerBound, maximum: range.upperBound)
        }
        guard maximumZoom.isFinite, range.contains(maximumZoom) else {
            throw .invalidZoom(name: "maximum zoom", value: maximumZoom, minimum: range.lowerBound, maximum: range.upperBound)
        }
        guard minimumZoom <= maximumZoom else { throw .invalidZoomOrder(minimum: minimumZoom, maximum: maximumZoom) }
        self.init(uncheckedMinimum: minimumZoom, maximum: maximumZoom)
    }

    private init(uncheckedMinimum minimum: Double, maximum: Double) {
        minimumZoom = minimum
        maximumZoom = maximum
    }

    /// Decodes and validates the limits.
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming the value and its range.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let minimum = try container.decode(Double.self, forKey: .minimumZoom)
        let maximum = try container.decode(Double.self, forKey: .maximumZoom)
        do throws(GeometryError) {
            try self.init(minimumZoom: minimum, maximumZoom: maximum)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: container.codingPath, debugDescription: error.description, underlyingError: error))
        }
    }

    /// `zoom` clamped into the limits (for finite input).
    @inlinable
    func clamp(_ zoom: Double) -> Double {
        min(max(zoom, minimumZoom), maximumZoom)
    }
}
