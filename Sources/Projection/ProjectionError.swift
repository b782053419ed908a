import GeoMath

/// Errors of the Projection module. Input validation and PROJ failures are separate cases.
///
/// A function that throws one of these has changed nothing.
public enum ProjectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A viewport or frame dimension in points that is not a finite number greater than 0.
    case invalidSize(name: String, value: Double)
    /// A display scale (pixels per point) that is not a finite number greater than 0.
    case invalidDisplayScale(Double)
    /// An invalid coordinate or radius, from GeoMath.
    case invalidInput(GeoMathError)
    /// A Web Mercator coordinate that is not finite.
    case invalidMercator(x: Double, y: Double)
    /// Two buffers of a batch that differ in length.
    case bufferLengthMismatch(longitudes: Int, latitudes: Int)
    /// PROJ could not set up the transformation.
    case projSetup(definition: String, message: String)
    /// PROJ failed on a point (error number and PROJ's message), or returned a non-finite value.
    case projTransform(index: Int, code: Int32, message: String)

    public var description: String {
        switch self {
        case .invalidSize(let name, let value):
            return "\(name) \(value) is out of range: expected a finite number of points greater than 0"
        case .invalidDisplayScale(let value):
            return "display scale \(value) is out of range: expected a finite number of pixels per point greater than 0"
        case .invalidInput(let error):
            return error.description
        case .invalidMercator(let x, let y):
            return "Web Mercator point (\(x), \(y)) is out of range: expected finite metres"
        case .bufferLengthMismatch(let longitudes, let latitudes):
            return "batch buffers differ in length: \(longitudes) longitudes, \(latitudes) latitudes"
        case .projSetup(let definition, let message):
            return "PROJ could not create '\(definition)': \(message)"
        case .projTransform(let index, let code, let message):
            return "PROJ failed on point \(index) (error \(code)): \(message)"
        }
    }
}
