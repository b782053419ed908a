import GeoMath

/// Saving and restoring a camera (the app went to the background and comes back).
///
/// The encoded form holds what the last gesture chose (the state a resize derives the shown
/// camera from), the viewport and the limits. Its center and zoom are what the screen shows
/// unless the current viewport forced the view (for example, a portrait viewport at zoom 0
/// shows the zoom at which the world fills its height); ``MapCamera/zoom`` and
/// ``MapCamera/centerCoordinate(transformer:)`` are the shown values.
///
///     {"latitude":..,"longitude":..,"zoom":..,"width":..,"height":..,
///      "minimumZoom":..,"maximumZoom":..,
///      "mercatorX":..,"mercatorY":..}
///
/// The Mercator fields are the center exactly as the camera holds it (metres), so decoding
/// gives a camera identical to the encoded one, bit for bit; a round trip through degrees
/// alone would differ in the last bits.
/// Latitude and longitude say the same center in degrees for a reader, and are checked: they
/// must be valid and agree with the Mercator center within 1 mm.
///
/// Decoding validates everything, so a damaged save never becomes a broken camera: a missing
/// field, a NaN or infinite number, latitude 95, a zoom outside its limits, a viewport of 0
/// points, or a center that disagrees with its latitude and longitude is a
/// `DecodingError.dataCorrupted` (or `.keyNotFound`) whose description names the value and
/// its range.
extension MapCamera: Codable {
    private enum CodingKeys: String, CodingKey {
        case latitude, longitude, zoom, width, height, minimumZoom, maximumZoom
        case mercatorX, mercatorY
    }

    /// How far the saved latitude and longitude may lie from the saved Mercator center, in
    /// metres. PROJ's forward and inverse Web Mercator agree to about 1e-8 m; 1 mm still
    /// catches any edit of the degrees.
    static let savedCenterToleranceMeters = 1e-3

    /// Encodes the saved form described above.
    ///
    /// - Throws: `EncodingError.invalidValue` if PROJ cannot be set up to convert the center to
    ///   degrees.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let center: Coordinate
        do {
            center = try WebMercatorTransformer().coordinate(for: MercatorPoint(x: requestedX, y: requestedY))
        } catch {
            throw EncodingError.invalidValue(self, .init(codingPath: encoder.codingPath, debugDescription: error.description))
        }
        try container.encode(center.latitude, forKey: .latitude)
        try container.encode(center.longitude, forKey: .longitude)
        try container.encode(requestedZoom, forKey: .zoom)
        try container.encode(viewportWidth, forKey: .width)
        try container.encode(viewportHeight, forKey: .height)
        try container.encode(limits.minimumZoom, forKey: .minimumZoom)
        try container.encode(limits.maximumZoom, forKey: .maximumZoom)
        try container.encode(requestedX, forKey: .mercatorX)
        try container.encode(requestedY, forKey: .mercatorY)
    }

    /// Restores a saved camera, validating every field.
    ///
    /// - Throws: `DecodingError` for a missing or mistyped field, or a value out of range.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func number(_ key: CodingKeys) throws -> Double { try container.decode(Double.self, forKey: key) }
        let latitude = try number(.latitude), longitude = try number(.longitude)
        let zoom = try number(.zoom), width = try number(.width), height = try number(.height)
        let minimumZoom = try number(.minimumZoom), maximumZoom = try number(.maximumZoom)
        let x = try number(.mercatorX), y = try number(.mercatorY)
        do throws(ProjectionError) {
            let center: Coordinate
            do {
                center = try Coordinate(latitude: latitude, longitude: longitude)
            } catch {
                throw ProjectionError.invalidInput(error)
            }
            let limits = try CameraZoomLimits(minimumZoom: minimumZoom, maximumZoom: maximumZoom)
            guard zoom.isFinite, zoom >= limits.minimumZoom, zoom <= limits.maximumZoom else {
                throw ProjectionError.invalidZoom(
                    name: "zoom", value: zoom, minimum: limits.minimumZoom, maximum: limits.maximumZoom)
            }
            try Self.validateViewport(width: width, height: height)
            let half = WebMercator.worldWidthMeters / 2
            guard x.isFinite, y.isFinite, x >= -half, x < half, abs(y) <= half else {
                throw ProjectionError.invalidCameraState(
                    "Mercator center (\(x), \(y)) m is outside the world: expected x in [-\(half), \(half)) and y in [-\(half), \(half)]")
            }
            let projected = try WebMercatorTransformer().project(center)
            let tolerance = Self.savedCenterToleranceMeters
            guard abs(WebMercator.nearestCopyOffset(projected.x - x)) <= tolerance, abs(projected.y - y) <= tolerance else {
                throw ProjectionError.invalidCameraState(
                    "latitude \(latitude), longitude \(longitude) is not the Mercator center (\(x), \(y)) m: expected them to agree within \(tolerance) m")
            }
            self.init(
                requestedX: x, requestedY: y,
                requestedZoom: zoom, viewportWidth: width, viewportHeight: height, limits: limits)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath, debugDescription: error.description))
        }
    }
}
