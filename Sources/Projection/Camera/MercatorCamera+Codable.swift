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
///      "mercatorX":..,"mercatorY":..,
///      "bearing":..,"insets":{"top":..,"left":..,"bottom":..,"right":..},
///      "bounds":{"south":..,"north":..,"west":..,"east":..,"mode":"viewport"|"center"},
///      "rotation":{"mercatorX":..,"mercatorY":..,"bearing":..,"x":..,"y":..,"degrees":..,
///                  "shownMercatorX":..,"shownMercatorY":..,"shownZoom":..}}
///
/// Only `latitude`, `longitude`, `zoom`, `width` and `height` are required: a camera written by
/// hand or by a deep link in degrees decodes (limits default to 0 and 22, bearing to 0, no
/// insets, no bounds). The insets are the requested ones (``MercatorCamera/insets``), each
/// finite and >= 0; on a saved screen too small for them (a camera resized below its insets)
/// they shrink as a resize shrinks them (``MercatorCamera/effectiveInsets``), and a resize to a
/// screen that holds them restores them. `rotation` is a rotation in progress
/// around one anchor (the pivot of ``MercatorCamera/rotate(degrees:around:)``: the center and
/// bearing before it, the anchor's offset from the focal point in points, the fingers'
/// rotation so far, and the view its last step left, which the run needs to go on), written
/// only while one is, so that a restored camera rotates back
/// exactly as the saved one would. The Mercator fields
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
        case bearing, insets, bounds, rotation
    }

    private enum PivotKeys: String, CodingKey {
        case mercatorX, mercatorY, bearing, x, y, degrees, shownMercatorX, shownMercatorY, shownZoom
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
        try container.encode(bearing, forKey: .bearing)
        try container.encode(insets, forKey: .insets)
        try container.encodeIfPresent(bounds, forKey: .bounds)
        if let pivot = rotationPivot {
            var nested = container.nestedContainer(keyedBy: PivotKeys.self, forKey: .rotation)
            try nested.encode(pivot.x, forKey: .mercatorX)
            try nested.encode(pivot.y, forKey: .mercatorY)
            try nested.encode(pivot.bearing, forKey: .bearing)
            try nested.encode(pivot.u, forKey: .x)
            try nested.encode(pivot.v, forKey: .y)
            try nested.encode(pivot.degrees, forKey: .degrees)
            try nested.encode(pivot.shownX, forKey: .shownMercatorX)
            try nested.encode(pivot.shownY, forKey: .shownMercatorY)
            try nested.encode(pivot.shownZoom, forKey: .shownZoom)
        }
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
        let bearing = try optional(.bearing) ?? 0
        let insets = try container.decodeIfPresent(ScreenInsets.self, forKey: .insets) ?? .zero
        let bounds = try container.decodeIfPresent(CameraBounds.self, forKey: .bounds)
        var pivot: RotationPivot? = nil
        // (A null rotation is none, as a null for any other optional field is its default:
        // read as a rotation, `"rotation": null` from a writer that writes its nulls made the
        // save undecodable where `"bounds": null` decoded.)
        if container.contains(.rotation), try !container.decodeNil(forKey: .rotation) {
            let nested = try container.nestedContainer(keyedBy: PivotKeys.self, forKey: .rotation)
            pivot = RotationPivot(
                x: try nested.decode(Double.self, forKey: .mercatorX), y: try nested.decode(Double.self, forKey: .mercatorY),
                bearing: try nested.decode(Double.self, forKey: .bearing), u: try nested.decode(Double.self, forKey: .x),
                v: try nested.decode(Double.self, forKey: .y), degrees: try nested.decode(Double.self, forKey: .degrees),
                shownX: try nested.decode(Double.self, forKey: .shownMercatorX),
                shownY: try nested.decode(Double.self, forKey: .shownMercatorY),
                shownZoom: try nested.decode(Double.self, forKey: .shownZoom))
        }
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
            guard bearing.isFinite else { throw .invalidBearing(name: "bearing", value: bearing) }
            // (Insets too large for the saved screen are not checked against it: a camera
            // resized below its insets keeps them for the next resize and saves them as they
            // are, and its effective insets leave a point each way, as the resize gave them.
            // Checking them made such a save undecodable. Each inset is finite and >= 0:
            // ScreenInsets decoding checked that.)
            if let pivot {
                let values = [pivot.x, pivot.y, pivot.bearing, pivot.u, pivot.v, pivot.degrees, pivot.shownX, pivot.shownY, pivot.shownZoom]
                // The anchor lies within a screen size of the screen (at most 1 000 000 points)
                // and the zoom it showed within the limits (changing them ends a rotation):
                // a shown zoom of 1e300 made the check below vacuous (a center turned at an
                // infinite scale is the pivot's own), and an anchor 1e300 points away decoded.
                let anchorLimit = 2 * ScreenTransform.sizeRangePoints.upperBound
                guard values.allSatisfy(\.isFinite), pivot.x >= -half, pivot.x < half, abs(pivot.y) <= half,
                      MapBearing.wrapped(pivot.bearing) == pivot.bearing,
                      abs(pivot.u) <= anchorLimit, abs(pivot.v) <= anchorLimit,
                      pivot.shownZoom >= limits.minimumZoom, pivot.shownZoom <= limits.maximumZoom
                else {
                    throw .invalidCameraState(
                        "rotation \(values) is not a rotation in progress: expected finite values, a Mercator center on the world, a bearing in (-180, 180], an anchor within \(anchorLimit) points of the focal point and a shown zoom in [\(limits.minimumZoom), \(limits.maximumZoom)]")
                }
                // (The run's turn from the pivot gives the center it shows, as a rotation left
                // it: an edited pivot would make the next rotation jump, its anchor's place
                // no longer under the anchor.)
                let (cx, cy) = pivot.center(scale: Self.pointsPerMercatorMeter(zoom: pivot.shownZoom))
                let tolerance = Self.savedCenterToleranceMeters
                guard abs(WebMercator.nearestCopyOffset(cx - pivot.shownX)) <= tolerance, abs(cy - pivot.shownY) <= tolerance else {
                    throw .invalidCameraState(
                        "rotation from (\(pivot.x), \(pivot.y)) m turned by \(pivot.degrees) degrees gives the center (\(cx), \(cy)) m, not the saved (\(pivot.shownX), \(pivot.shownY)) m: expected them to agree within \(tolerance) m")
                }
            }
            self.init(
                requestedX: x, requestedY: y,
                requestedZoom: zoom, widthPoints: width, heightPoints: height, limits: limits,
                bearing: MapBearing.wrapped(bearing), insets: insets, bounds: bounds)
            rotationPivot = pivot
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: container.codingPath, debugDescription: error.description, underlyingError: error))
        }
    }
}
