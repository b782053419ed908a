import GeoMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The map's bearing: the compass direction at the top of the screen, in degrees (MapLibre's
/// `bearing`, MapKit's `MKMapCamera.heading`). Bearing 0 puts north at the top, 90 puts east
/// at the top (the content has turned 90 degrees counter-clockwise on screen).
///
/// With y down, the screen offset of a Mercator offset (dX, dY) metres at s points per metre is
///
///     R(b) (dX s, -dY s),   R(b) = [[cos b, sin b], [-sin b, cos b]]
///
/// and the inverse is R(b)^T. Bearings are kept in (-180, 180].
public enum MapBearing {
    /// A bearing in degrees wrapped into (-180, 180] (-180 becomes 180, -0 becomes 0). Exact:
    /// IEEE `remainder` is exact.
    ///
    /// - Precondition: `degrees` is finite (callers check and throw first).
    @inlinable
    public static func wrapped(_ degrees: Double) -> Double {
        var wrapped = degrees
        if wrapped > 180 && wrapped <= 540 {
            // Exact (Sterbenz: 360 lies within a factor of 2 of the value): the common case of
            // a bearing turned by less than a full turn, without a libm call.
            wrapped -= 360
        } else if wrapped <= -180 && wrapped > -540 {
            wrapped += 360
        } else if !(wrapped > -180 && wrapped <= 180) {
            wrapped = wrapped.remainder(dividingBy: 360)
            if wrapped <= -180 { wrapped += 360 }
        }
        return wrapped + 0
    }

    /// A screen offset (u, v) in points turned back into the unrotated frame: R(b)^T (u, v) =
    /// (cos u - sin v, sin u + cos v), the (east, south) offset in points. The one place the
    /// camera and the screen transform turn an offset back (at bearing 0, (u, v) itself, bit
    /// for bit).
    @inlinable @inline(__always)
    static func unrotated(_ u: Double, _ v: Double, sin: Double, cos: Double) -> (east: Double, south: Double) {
        (cos * u - sin * v, sin * u + cos * v)
    }

    /// A turn in degrees reduced exactly to [-360, 360] (the same turn), without a libm call
    /// for the turns a gesture gives.
    @inlinable
    static func reducedTurn(_ degrees: Double) -> Double {
        abs(degrees) <= 360 ? degrees : degrees.remainder(dividingBy: 360)
    }

    /// The sine and cosine of an angle in degrees, exact (0 and +-1) at every multiple of 90
    /// degrees, so that bearing 0 gives the identity and placement at bearing 0 gives the same
    /// bits as the unrotated formula. The angle is reduced to [-45, 45] degrees around the
    /// nearest multiple of 90 first (exactly, for the bearings in (-180, 180] used here), then
    /// one `sin` and one `cos` of the remainder in radians, swapped and negated by quadrant.
    /// A value that is not finite gives (0, 1), never NaN.
    @inlinable
    public static func sinCos(degrees: Double) -> (sin: Double, cos: Double) {
        guard degrees.isFinite else { return (0, 1) }
        let degrees = abs(degrees) <= 360 ? degrees : degrees.remainder(dividingBy: 360)
        let quadrant = (degrees / 90).rounded()
        let remainder = degrees - 90 * quadrant
        let radians = remainder * (Double.pi / 180)
        let s = remainder == 0 ? 0 : sin(radians)
        let c = remainder == 0 ? 1 : cos(radians)
        switch Int(quadrant) & 3 {
        case 0: return (s, c)
        case 1: return (c, -s + 0)
        case 2: return (-s + 0, -c)
        default: return (-c, s)
        }
    }
}

/// How far two fingers must turn before a map starts rotating: a dead zone that keeps a pinch
/// from turning the map by accident. A pure helper: feed it the rotation since the gesture
/// began and the fingers' distance, and start rotating once ``isPassed(rotationRadians:fingerDistancePoints:)``
/// says so, from where the map is: turn it by the rotation since the sample before the one
/// that passed (that sample's own change included), not by the whole rotation since the
/// gesture began (which would turn it by the dead zone's angle in one frame). MapLibre and
/// OpenLayers apply the change of the sample that passes the threshold and of every sample
/// after it.
///
/// The two anchors measure it differently, and both are offered: MapLibre starts rotating once
/// the fingers have travelled 25 pixels along the circle they turn on (`ROTATION_THRESHOLD`
/// in its two-finger rotate handler: an angle of 25 / (d / 2) radians for fingers d apart), so
/// the dead zone narrows as the fingers spread; OpenLayers uses a fixed angle of 0.3 radians
/// (its `PinchRotate` interaction's `threshold`).
///
/// The gesture sessions apply it themselves: ``PinchGestureSession/init(velocityEstimator:touchRotation:)``
/// for two web pointers and ``PinchRotationGestureSession/init(velocityEstimator:rotationDeadZone:)``
/// for UIKit's pinch and rotation recognizers.
public struct RotationDeadZone: Hashable, Sendable {
    /// Arc length along the fingers' circle (radius half their distance), in points; 0 for
    /// none.
    public let arcLengthPoints: Double
    /// Angle, in radians; 0 for none.
    public let angleRadians: Double

    /// MapLibre's: 25 points along the fingers' circle. Not a default: the gesture sessions
    /// take no dead zone unless given one (their `touchRotation` and `rotationDeadZone` are nil
    /// by default, and the map then turns with the fingers from the start).
    public static let maplibre = RotationDeadZone(uncheckedArc: 25, angle: 0)
    /// OpenLayers': 0.3 radians (17.2 degrees).
    public static let openLayers = RotationDeadZone(uncheckedArc: 0, angle: 0.3)
    /// No dead zone: every rotation turns the map.
    public static let none = RotationDeadZone(uncheckedArc: 0, angle: 0)

    /// A dead zone of an arc length and an angle (either may be 0); rotation starts once both
    /// are passed.
    ///
    /// - Throws: `GeometryError/invalidDeadZone(name:value:)` for a value that is not a finite
    ///   number >= 0.
    public init(arcLengthPoints: Double = 0, angleRadians: Double = 0) throws(GeometryError) {
        guard arcLengthPoints.isFinite, arcLengthPoints >= 0 else {
            throw .invalidDeadZone(name: "arc length", value: arcLengthPoints)
        }
        guard angleRadians.isFinite, angleRadians >= 0 else {
            throw .invalidDeadZone(name: "angle", value: angleRadians)
        }
        self.init(uncheckedArc: arcLengthPoints, angle: angleRadians)
    }

    private init(uncheckedArc arc: Double, angle: Double) {
        arcLengthPoints = arc
        angleRadians = angle
    }

    /// Whether a rotation of `rotationRadians` (since the gesture began, either sign) by
    /// fingers `fingerDistancePoints` apart has left the dead zone. MapLibre measures the arc
    /// on the smallest distance the fingers had during the gesture; pass that for the same
    /// behaviour. Non-finite input never passes.
    public func isPassed(rotationRadians: Double, fingerDistancePoints: Double) -> Bool {
        guard rotationRadians.isFinite, fingerDistancePoints.isFinite else { return false }
        let angle = abs(rotationRadians)
        // The arc compared as an angle, arc / radius, so that exactly the threshold passes
        // (the product angle * radius can round just below it).
        let arcPassed = arcLengthPoints == 0 || angle >= arcLengthPoints / (abs(fingerDistancePoints) / 2)
        return arcPassed && angle >= angleRadians && angle > 0
    }
}

/// Snap-to-north: a bearing within a few degrees of north becomes exactly 0 where the map comes
/// to rest, so a map turned back by hand is not left at 2 degrees (MapLibre's `bearingSnap`,
/// 7 degrees by default; Google Maps and MapKit snap similarly). Pass it to the inertia after a
/// gesture (``PinchGestureSession/inertia(from:decay:northSnap:)``,
/// ``CameraInertia/init(from:velocity:decay:northSnap:)``), which snaps the bearing the throw
/// rests at. Only when no inertia follows, snap when the gesture ends, with
/// `try camera.jump(bearing: NorthSnap.default.snapped(camera.bearing))`: the map turns about
/// its focal point to exactly that bearing (snapped there before a throw, the throw turns the
/// map away again).
public struct NorthSnap: Hashable, Sendable {
    /// The largest |bearing|, in degrees, that snaps to 0.
    public let withinDegrees: Double

    /// MapLibre's default: 7 degrees.
    public static let `default` = NorthSnap(uncheckedWithin: 7)

    /// Snaps bearings within `withinDegrees` of north.
    ///
    /// - Throws: `GeometryError/invalidDeadZone(name:value:)` for a value that is not a finite
    ///   number in [0, 180].
    public init(withinDegrees: Double) throws(GeometryError) {
        guard withinDegrees.isFinite, withinDegrees >= 0, withinDegrees <= 180 else {
            throw .invalidDeadZone(name: "north snap", value: withinDegrees)
        }
        self.init(uncheckedWithin: withinDegrees)
    }

    private init(uncheckedWithin within: Double) { withinDegrees = within }

    /// The bearing after snapping: 0 when |bearing| <= ``withinDegrees`` (after wrapping into
    /// (-180, 180]), otherwise the wrapped bearing. A non-finite bearing is returned as 0.
    public func snapped(_ bearingDegrees: Double) -> Double {
        guard bearingDegrees.isFinite else { return 0 }
        let wrapped = MapBearing.wrapped(bearingDegrees)
        return abs(wrapped) <= withinDegrees ? 0 : wrapped
    }
}
