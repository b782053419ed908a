#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Invalid input to any computation of GeoMath and Projection: the one error type that both
/// throw (decoding aside, which throws `DecodingError`), so a `do` block mixing both catches a
/// ``GeometryError`` and not `any Error`. (The package's MapTooling library, which apps do not
/// link, has error types of its own for files and its input formats.)
///
/// Every case but `emptyFitTarget` carries the offending value; ``description`` (and
/// `errorDescription`, for `LocalizedError`) names it together with what was expected, so the
/// message can be shown to a developer as it is. Values that are not numbers say so ("latitude
/// nan is not a number"), infinities say they are infinite, finite values out of range say "out
/// of range". A function that throws one of these has changed nothing, with one exception: the
/// raw buffers of Projection's `WebMercator.projectInPlace(longitudes:latitudes:)`, whose
/// contents are unspecified after a throw (the points before the failed one are already
/// converted).
///
/// The cases are grouped by where they arise: coordinates and geodesics (GeoMath), Web
/// Mercator points, screens and cameras (Projection), and PROJ itself.
public enum GeometryError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    // MARK: Coordinates and geodesics

    /// A latitude that is not a finite number in [-90, 90] degrees.
    case invalidLatitude(Double)
    /// A longitude that is not a finite number in [-180, 180] degrees (the validating
    /// initializer), or not finite at all (the normalizing one).
    case invalidLongitude(Double)
    /// A box whose southern edge lies north of its northern edge (degrees).
    case invalidLatitudeOrder(south: Double, north: Double)
    /// A circle radius that is not a finite number greater than 0 metres.
    case invalidRadius(Double)
    /// A geodesic distance that is not a finite number of metres; or, decoding a
    /// ``GeodesicPath``, one outside [0, ``WGS84/halfMeridianMeters``].
    case invalidDistance(Double)
    /// An azimuth that is not a finite number of degrees; or, decoding a ``GeodesicPath`` or a
    /// ``GeodesicDestination``, one outside [-180, 180].
    case invalidAzimuth(Double)
    /// A span delta that is not a finite number of degrees in [0, `maximum`] (180 for
    /// latitude, 360 for longitude).
    case invalidSpan(name: String, value: Double, maximum: Double)

    // MARK: Web Mercator, screens and cameras

    /// A Web Mercator point that is not finite or lies outside the world: |x| and |y| at most
    /// W/2 = 20 037 508.342789244 m, give or take 1e-6 m (the tolerance of
    /// `WebMercator.isOnWorld(x:y:)`, so W/2 + 5e-7 m is accepted).
    case mercatorOutsideWorld(x: Double, y: Double)
    /// Two buffers of a batch that differ in length.
    case bufferLengthMismatch(longitudes: Int, latitudes: Int)
    /// A screen dimension (a preview frame's or a camera's width or height) that is not a
    /// finite number of points in `range`.
    case invalidSize(name: String, value: Double, range: ClosedRange<Double>)
    /// A display scale (pixels per point) that is not a finite number in (0, `maximum`].
    case invalidDisplayScale(Double, maximum: Double)
    /// A pinch scale factor that is not a finite number greater than 0.
    case invalidPinchScale(Double)
    /// A screen point (a pinch anchor, a tapped point, a point to unproject) that is not
    /// finite or lies more than one screen size beyond the screen: x must lie in `xRange` and
    /// y in `yRange`, in points.
    case invalidScreenPoint(name: String, x: Double, y: Double, xRange: ClosedRange<Double>, yRange: ClosedRange<Double>)
    /// A pan translation in points that is not finite.
    case invalidTranslation(dx: Double, dy: Double)
    /// A zoom level, or a zoom limit, that is not finite or lies outside [`minimum`, `maximum`].
    case invalidZoom(name: String, value: Double, minimum: Double, maximum: Double)
    /// Zoom limits whose minimum exceeds their maximum.
    case invalidZoomOrder(minimum: Double, maximum: Double)
    /// A time stamp, in seconds, that is not finite or runs backwards. Not thrown by anything
    /// in GeoMath or Projection: a gesture session and `VelocityEstimator.add` ignore such a
    /// sample and return false.
    case invalidTimestamp(Double, previous: Double?)
    /// A bearing or a rotation, in degrees, that is not finite.
    case invalidBearing(name: String, value: Double)
    /// Edge insets that are negative or not finite, or that leave less than one point of the
    /// screen unobstructed across (`left + right`) or down (`top + bottom`); all in points.
    case invalidInsets(top: Double, left: Double, bottom: Double, right: Double, width: Double, height: Double)
    /// A fit's padding, in points, that is not finite, negative, or leaves less than one point
    /// of the unobstructed rectangle across or down (`maximum` is the largest allowed).
    case invalidPadding(Double, maximum: Double)
    /// A fit given nothing to show (no coordinates, no pins).
    case emptyFitTarget
    /// A zoom snapping step, in zoom levels, that is not a finite number in (0, 22].
    case invalidZoomStep(Double)
    /// A rotation dead zone (arc length or angle) that is not a finite number >= 0, or a north
    /// snap threshold that is not a finite number of degrees in [0, 180].
    case invalidDeadZone(name: String, value: Double)
    /// A motion's parameter (a transition's duration in seconds, a fly's curve or speed, an
    /// easing's control point; an inertia's velocity, decay rate or speed cap; a velocity
    /// estimator's window) that is not finite or lies outside `expected`, which says the range.
    case invalidTransition(name: String, value: Double, expected: String)
    /// A clustering parameter (radius, maximum zoom) or a pin's point that is not finite or
    /// lies outside `expected`.
    case invalidClusterParameter(name: String, value: Double, expected: String)
    /// A pin id given twice to one cluster index.
    case duplicatePinID(String)
    /// A pin id to remove or change that the cluster index does not hold.
    case unknownPinID(String)
    /// A cluster item (its level and node) that the cluster index asked did not make as it is
    /// now: the item came from another index, or from this one before an update that changed
    /// the item, or built the index again or compacted it.
    case staleClusterItem(zoom: Int, index: Int)
    /// A renderer helper's parameter (a tile size, a tile budget, a scale bar's width, a
    /// MapKit rectangle's value) that is not finite or lies outside `expected`.
    case invalidRendererParameter(name: String, value: Double, expected: String)
    /// A tile cover that would hold more tiles than its budget (a huge screen at a high tile
    /// zoom): `count` tiles, at most `maximum` allowed.
    case tooManyTiles(count: Int, maximum: Int)
    /// A saved camera whose fields do not describe one camera (its Web Mercator center is
    /// outside the world, or does not match its latitude and longitude).
    case invalidCameraState(String)

    // MARK: PROJ

    /// PROJ failed on a point of a batch (error number and PROJ's message), or returned a
    /// non-finite value for it.
    case projTransform(index: Int, code: Int32, message: String)

    public var description: String {
        switch self {
        case .invalidLatitude(let value):
            return "latitude \(value) \(Self.problem(value)): expected a finite number of degrees in [-90, 90]"
        case .invalidLongitude(let value):
            return "longitude \(value) \(Self.problem(value)): expected a finite number of degrees in [-180, 180]"
        case .invalidLatitudeOrder(let south, let north):
            return "south \(south) lies north of north \(north): expected south <= north"
        case .invalidRadius(let value):
            return "radius \(value) m \(Self.problem(value)): expected a finite number of metres greater than 0"
        case .invalidDistance(let value):
            // Finite distances are refused only by decoding a GeodesicPath: name its range.
            let range = value.isFinite ? " in [0, \(WGS84.halfMeridianMeters)] (a geodesic path's length)" : ""
            return "distance \(value) m \(Self.problem(value)): expected a finite number of metres\(range)"
        case .invalidAzimuth(let value):
            // Finite azimuths are refused only by decoding a geodesic path or destination.
            let range = value.isFinite ? " in [-180, 180] (a geodesic's azimuth)" : ""
            return "azimuth \(value) \(Self.problem(value)): expected a finite number of degrees\(range)"
        case .invalidSpan(let name, let value, let maximum):
            return "\(name) \(value) \(Self.problem(value)): expected a finite number of degrees in [0, \(maximum)]"
        case .mercatorOutsideWorld(let x, let y):
            let half = 2 * Double.pi * WGS84.semiMajorAxisMeters / 2
            let problem = x.isNaN || y.isNaN ? "is not a number" : (x.isFinite && y.isFinite ? "is out of range" : "is infinite")
            return "Web Mercator point (\(x), \(y)) \(problem): expected finite metres with x and y in [-\(half), \(half)]"
        case .bufferLengthMismatch(let longitudes, let latitudes):
            return "batch buffers differ in length: \(longitudes) longitudes, \(latitudes) latitudes"
        case .invalidSize(let name, let value, let range):
            return "\(name) \(value) \(Self.problem(value)): expected a finite number of points in [\(range.lowerBound), \(range.upperBound)]"
        case .invalidDisplayScale(let value, let maximum):
            return "display scale \(value) \(Self.problem(value)): expected a finite number of pixels per point in (0, \(maximum)]"
        case .invalidPinchScale(let value):
            return "pinch scale \(value) \(Self.problem(value)): expected a finite factor greater than 0"
        case .invalidScreenPoint(let name, let x, let y, let xRange, let yRange):
            let problem = x.isNaN || y.isNaN ? "is not a number" : (x.isFinite && y.isFinite ? "is out of range" : "is infinite")
            return "\(name) (\(x), \(y)) \(problem): expected finite points with x in [\(xRange.lowerBound), \(xRange.upperBound)] and y in [\(yRange.lowerBound), \(yRange.upperBound)] (the screen and one screen size around it)"
        case .invalidTranslation(let dx, let dy):
            let problem = dx.isNaN || dy.isNaN ? "is not a number" : "is infinite"
            return "pan translation (\(dx), \(dy)) \(problem): expected a finite number of points"
        case .invalidZoom(let name, let value, let minimum, let maximum):
            return "\(name) \(value) \(Self.problem(value)): expected a finite zoom level in [\(minimum), \(maximum)]"
        case .invalidZoomOrder(let minimum, let maximum):
            return "minimum zoom \(minimum) exceeds maximum zoom \(maximum): expected minimum <= maximum"
        case .invalidTimestamp(let value, let previous):
            if let previous, value.isFinite {
                return "timestamp \(value) s runs backwards: expected at least the previous timestamp \(previous) s"
            }
            return "timestamp \(value) s \(Self.problem(value)): expected a finite number of seconds"
        case .invalidBearing(let name, let value):
            return "\(name) \(value) \(Self.problem(value)): expected a finite number of degrees"
        case .invalidInsets(let top, let left, let bottom, let right, let width, let height):
            let values = [top, left, bottom, right]
            let problem: String
            if values.contains(where: \.isNaN) {
                problem = "contain a value that is not a number"
            } else if values.contains(where: { !$0.isFinite }) {
                problem = "contain an infinite value"
            } else if values.contains(where: { $0 < 0 }) {
                problem = "contain a negative value"
            } else {
                problem = "leave less than one point of the \(width) x \(height) screen"
            }
            return "edge insets (top \(top), left \(left), bottom \(bottom), right \(right)) \(problem): expected finite points >= 0 with left + right <= width - 1 and top + bottom <= height - 1"
        case .invalidPadding(let value, let maximum):
            return "padding \(value) \(Self.problem(value)): expected a finite number of points in [0, \(maximum)] (leaving at least one point of the unobstructed rectangle)"
        case .emptyFitTarget:
            return "nothing to fit: expected at least one coordinate"
        case .invalidZoomStep(let value):
            return "zoom step \(value) \(Self.problem(value)): expected a finite number of zoom levels in (0, 22]"
        case .invalidDeadZone(let name, let value):
            // A north snap's threshold is bounded above too (NorthSnap(withinDegrees:)): 200 is
            // a finite number >= 0, and the message must say what it is not.
            let expected = name == "north snap" ? "a finite number of degrees in [0, 180]" : "a finite number >= 0"
            return "\(name) \(value) \(Self.problem(value)): expected \(expected)"
        case .invalidTransition(let name, let value, let expected):
            return "\(name) \(value) \(Self.problem(value)): expected \(expected)"
        case .invalidClusterParameter(let name, let value, let expected):
            return "\(name) \(value) \(Self.problem(value)): expected \(expected)"
        case .duplicatePinID(let id):
            return "pin id \(id.debugDescription) appears more than once: ids must be unique"
        case .unknownPinID(let id):
            return "pin id \(id.debugDescription) is not in the cluster index"
        case .staleClusterItem(let zoom, let index):
            return "cluster item \(index) of level \(zoom) was not made by this cluster index as it is now (another index, or one updated since): query the index again"
        case .invalidRendererParameter(let name, let value, let expected):
            return "\(name) \(value) \(Self.problem(value)): expected \(expected)"
        case .tooManyTiles(let count, let maximum):
            return "the tile cover needs \(count) tiles, more than its budget of \(maximum): raise the budget, or use larger tiles"
        case .invalidCameraState(let reason):
            return "saved camera is invalid: \(reason)"
        case .projTransform(let index, let code, let message):
            return "PROJ failed on point \(index) (error \(code)): \(message)"
        }
    }

    /// The message, for `LocalizedError` (and so `localizedDescription` where Foundation is
    /// imported): the same text as ``description``.
    public var errorDescription: String? { description }

    /// "is not a number", "is infinite" or "is out of range", for a value that failed a check.
    static func problem(_ value: Double) -> String {
        if value.isNaN { return "is not a number" }
        if !value.isFinite { return "is infinite" }
        return "is out of range"
    }
}
