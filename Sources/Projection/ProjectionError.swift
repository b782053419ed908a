import GeoMath

/// Errors of the Projection module. Input validation and PROJ failures are separate cases.
///
/// A function that throws one of these has changed nothing.
public enum ProjectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A frame dimension in points that is not a finite number in [1, 1 000 000].
    case invalidSize(name: String, value: Double)
    /// A display scale (pixels per point) that is not a finite number in (0, 100].
    case invalidDisplayScale(Double)
    /// An invalid coordinate or radius, from GeoMath.
    case invalidInput(GeoMathError)
    /// A Web Mercator coordinate that is not finite.
    case invalidMercator(x: Double, y: Double)
    /// Two buffers of a batch that differ in length.
    case bufferLengthMismatch(longitudes: Int, latitudes: Int)
    /// A camera viewport dimension that is not a finite number of points in
    /// (0, ``MapCamera/maximumViewportPoints``].
    case invalidViewportSize(name: String, value: Double)
    /// A pinch scale factor that is not a finite number greater than 0.
    case invalidPinchScale(Double)
    /// A screen point given to the camera (a pinch anchor, a tapped point, a point to
    /// unproject) that is not finite or lies more than one viewport size beyond the viewport:
    /// x must lie in `xRange` and y in `yRange`, in points.
    case invalidScreenPoint(name: String, x: Double, y: Double, xRange: ClosedRange<Double>, yRange: ClosedRange<Double>)
    /// A Web Mercator point that is not finite or lies outside the world: |x| and |y| at most
    /// W/2 = 20 037 508.342789244 m.
    case mercatorOutsideWorld(x: Double, y: Double)
    /// A pan translation in points that is not finite.
    case invalidTranslation(dx: Double, dy: Double)
    /// A zoom level, or a zoom limit, that is not finite or lies outside its valid range.
    case invalidZoom(name: String, value: Double, minimum: Double, maximum: Double)
    /// A saved camera whose fields do not describe one camera (its Web Mercator center is
    /// outside the world, or does not match its latitude and longitude).
    case invalidCameraState(String)
    /// PROJ could not set up the transformation.
    case projSetup(definition: String, message: String)
    /// PROJ failed on a point (error number and PROJ's message), or returned a non-finite value.
    case projTransform(index: Int, code: Int32, message: String)

    public var description: String {
        switch self {
        case .invalidSize(let name, let value):
            return "\(name) \(value) is out of range: expected a finite number of points in [\(PreviewFrame.sizeRangePoints.lowerBound), \(PreviewFrame.sizeRangePoints.upperBound)]"
        case .invalidDisplayScale(let value):
            return "display scale \(value) is out of range: expected a finite number of pixels per point in (0, \(PreviewFrame.maximumDisplayScale)]"
        case .invalidInput(let error):
            return error.description
        case .invalidMercator(let x, let y):
            return "Web Mercator point (\(x), \(y)) is out of range: expected finite metres"
        case .bufferLengthMismatch(let longitudes, let latitudes):
            return "batch buffers differ in length: \(longitudes) longitudes, \(latitudes) latitudes"
        case .invalidViewportSize(let name, let value):
            return "viewport \(name) \(value) is out of range: expected a finite number of points in (0, \(MapCamera.maximumViewportPoints)]"
        case .invalidPinchScale(let value):
            return "pinch scale \(value) is out of range: expected a finite factor greater than 0"
        case .invalidScreenPoint(let name, let x, let y, let xRange, let yRange):
            return "\(name) (\(x), \(y)) is out of range: expected finite points with x in [\(xRange.lowerBound), \(xRange.upperBound)] and y in [\(yRange.lowerBound), \(yRange.upperBound)] (the viewport and one viewport size around it)"
        case .mercatorOutsideWorld(let x, let y):
            let half = WebMercator.worldWidthMeters / 2
            return "Web Mercator point (\(x), \(y)) is out of range: expected finite metres with x and y in [-\(half), \(half)]"
        case .invalidTranslation(let dx, let dy):
            return "pan translation (\(dx), \(dy)) is out of range: expected a finite number of points"
        case .invalidZoom(let name, let value, let minimum, let maximum):
            return "\(name) \(value) is out of range: expected a finite zoom level in [\(minimum), \(maximum)]"
        case .invalidCameraState(let reason):
            return "saved camera is invalid: \(reason)"
        case .projSetup(let definition, let message):
            return "PROJ could not create '\(definition)': \(message)"
        case .projTransform(let index, let code, let message):
            return "PROJ failed on point \(index) (error \(code)): \(message)"
        }
    }
}
