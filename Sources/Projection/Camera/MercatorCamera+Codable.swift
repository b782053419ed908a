import GeoMath

/// Saving and restoring a camera (the app went to the background and comes back, or a deep
/// link opens the map at a place).
///
/// The encoded form holds what the last gesture chose (the state a resize derives the shown
/// camera from), the screen size and the limits. Its center and zoom are what the screen
/// shows unless the current size forced the view (for example, a portrait screen at zoom 0
/// shows the zoom at which the world fills its height); ``MercatorCamera/zoom`` and
/// ``MercatorCamera/center`` are the shown values.
///
///     {"latitude":..,"longitude":..,"zoom":..,"width":..,"height":..,
///      "minimumZoom":..,"maximumZoom":..,
///      "mercatorX":..,"mercatorY":..}
///
/// Only `latitude`, `longitude`, `zoom`, `width` and `height` are required: a camera written by
/// hand or by a deep link in degrees decodes (limits default to 0 and 22). The Mercator fields
/// are the center exactly as the camera holds it (metres), so a camera this encoder wrote
/// decodes identical to the encoded one, bit for bit; a round trip through degrees alone would
/// differ in the last bits. When they are present, latitude and longitude must agree with them
/// within 1 mm (an edited save is caught).
///
/// Decoding validates everything, so a damaged save never becomes a broken camera: a missing
/// required field, a NaN or infinite number, latitude 95, a zoom outside its limits, a size
/// outside [1, 1 000 000] points, one Mercator field without the other, or a center that
/// disagrees with its latitude and longitude is a `DecodingError.dataCorrupted` (or
/// `.keyNotFound`) whose description names the value and its range. Latitudes beyond
/// 85.0511287798066 are valid degrees and are clamped as the initializer clamps them.
extension MercatorCamera: Codable {
    private enum CodingKeys: String, CodingKey {
        case latitude, longitude, zoom, width, height, minimumZoom, maximumZoom
        case mercatorX, mercatorY
    }

    /// How far the saved latitude and longitude may lie from the saved Mercator center, in
    /// metres. PROJ's forward and inverse Web Mercator agree to about 1e-8 m; 1 mm still
    /// catches any edit of the degrees.
    static let savedCenterToleranceMeters = 1e-3

    /// Encodes the saved form described above.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let center = MercatorPoint(uncheckedX: requestedX, y: requestedY).coordinate
        try container.encode(center.latitude, forKey: .latitude)
        try container.encode(center.longitude, forKey: .longitude)
        try container.encode(requestedZoom, forKey: .zoom)
        try container.encode(widthPoints, forKey: .width)
        try container.encode(heightPoints, forKey: .height)
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
        func optional(_ key: CodingKeys) throws -> Double? { try container.decodeIfPresent(Double.self, forKey: key) }
        let latitude = try number(.latitude), longitude = try number(.longitude)
        let zoom = try number(.zoom), width = try number(.width), height = try number(.height)
        let minimumZoom = try optional(.minimumZoom) ?? CameraZoomLimits.default.minimumZoom
        let maximumZoom = try optional(.maximumZoom) ?? CameraZoomLimits.default.maximumZoom
        let savedX = try optional(.mercatorX), savedY = try optional(.mercatorY)
        do throws(GeometryError) {
            let center = try Coordinate(latitude: latitude, longitude: longitude)
            let limits = try CameraZoomLimits(minimumZoom: minimumZoom, maximumZoom: maximumZoom)
            guard zoom.isFinite, zoom >= limits.minimumZoom, zoom <= limits.maximumZoom else {
                throw .invalidZoom(name: "zoom", value: zoom, minimum: limits.minimumZoom, maximum: limits.maximumZoom)
            }
            try ScreenTransform.validateSize(width: width, height: height)
            let projected = MercatorPoint(center)
            // As the initializer from degrees places it (the clamp latitude projects 4 nm
            // beyond W/2; the center stays on the world).
            let half = WebMercator.worldWidthMeters / 2
            var x = WebMercator.wrappedEasting(projected.x), y = min(max(projected.y, -half), half)
            switch (savedX, savedY) {
            case (nil, nil):
                break
            case (let savedX?, let savedY?):
                guard savedX.isFinite, savedY.isFinite, savedX >= -half, savedX < half, abs(savedY) <= half else {
                    throw .invalidCameraState(
                        "Mercator center (\(savedX), \(savedY)) m is outside the world: expected x in [-\(half), \(half)) and y in [-\(half), \(half)]")
                }
                let tolerance = Self.savedCenterToleranceMeters
                guard abs(WebMercator.nearestCopyOffset(projected.x - savedX)) <= tolerance,
                      abs(projected.y - savedY) <= tolerance
                else {
                    throw .invalidCameraState(
                        "latitude \(latitude), longitude \(longitude) is not the Mercator center (\(savedX), \(savedY)) m: expected them to agree within \(tolerance) m")
                }
                (x, y) = (savedX, savedY)
            default:
                throw .invalidCameraState("mercatorX and mercatorY come together: expected both or neither")
            }
            self.init(
                requestedX: x, requestedY: y,
                requestedZoom: zoom, widthPoints: width, heightPoints: height, limits: limits)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: container.codingPath, debugDescription: error.description, underlyingError: error))
        }
    }
}
