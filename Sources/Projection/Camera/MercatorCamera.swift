import GeoMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The fullscreen map's camera: which part of the Web Mercator world the screen shows, and
/// the gestures that move it. (Named for what it looks at, so that it never clashes with
/// SwiftUI MapKit's `MapCamera` or MapKit's `MKMapCamera` in the files that use both.)
///
/// State: a center in Web Mercator metres, a zoom level z (the world is 256 * 2^z points
/// wide, as in MapKit and Leaflet), the screen size in points and the zoom limits. Screen
/// space has its origin at the top-left corner and y growing downward; the center sits at the
/// middle of the screen. With s = 256 * 2^z / W points per Mercator metre (W = 2 pi 6378137 m,
/// the width of the world),
///
///     point(P) = ( width/2 + (X(P) - Xc) s,  height/2 - (Y(P) - Yc) s )
///
/// with X(P) taken on the world copy nearest the center (``transform`` is that map). Gestures
/// are affine on Mercator coordinates and never call PROJ, so a camera event costs tens of
/// nanoseconds; converting coordinates goes through PROJ on the calling thread's own context.
///
/// Constraints, applied after every change: the zoom stays within ``limits``, and is raised
/// when the screen is taller than the whole world, so the view never shows beyond the
/// Mercator world north or south (85.0511287798066 degrees); the center's easting wraps
/// around the antimeridian. Where the world is shorter than the screen even at the maximum
/// zoom, the view is centred on the equator.
///
/// Resizing (an orientation change, split view) keeps the center and zoom that the last
/// gesture chose, and derives the shown center and zoom from them for the new size. Turning
/// the phone and turning it back therefore gives exactly the same camera, even when the other
/// orientation had to move the view to keep it inside the world.
///
/// Errors: a camera is validated when it is made (``init(center:zoom:widthPoints:heightPoints:limits:)-(Coordinate,_,_,_,_)``,
/// decoding a saved camera); from then on gestures and conversions of valid values do not
/// throw. A gesture given numbers that are not finite, a pinch scale that is not positive, or a
/// point beyond the screen's one-screen margin is ignored: the camera is unchanged and
/// nothing is NaN. ``apply(_:)`` plays the same gestures as ``CameraEvent``s and throws a
/// `GeometryError` naming such a value instead. Equality compares the whole state,
/// including the center and zoom that the last gesture chose, from which a resize derives the
/// shown view.
///
/// A screen wider than the world at its zoom shows several copies of a place; a point is
/// placed on the copy nearest the center, so near the screen's edges a pan may move a place
/// to another copy, a whole world width away.
public struct MercatorCamera: Hashable, Sendable {
    // What the last gesture (or the initializer) chose. Resizing derives the shown state from
    // it; every gesture sets it to the shown state it produced.
    @usableFromInline var requestedX: Double
    @usableFromInline var requestedY: Double
    @usableFromInline var requestedZoom: Double

    // The shown state: the requested one after the constraints for this screen.
    @usableFromInline var centerX: Double
    @usableFromInline var centerY: Double

    /// The shown zoom level, within ``limits``.
    public private(set) var zoom: Double
    /// Screen points per Web Mercator metre at ``zoom``: 256 * 2^zoom / W. (Per Mercator
    /// metre, not ground metre: a ground metre at latitude phi is 1 / cos(phi) Mercator
    /// metres.)
    public private(set) var pointsPerMercatorMeter: Double
    /// The screen width in points, in ``ScreenTransform/sizeRangePoints``.
    public private(set) var widthPoints: Double
    /// The screen height in points, in ``ScreenTransform/sizeRangePoints``.
    public private(set) var heightPoints: Double
    /// The zoom levels the camera may show.
    public private(set) var limits: CameraZoomLimits
    // The lowest zoom this screen may show: the minimum zoom, or the zoom at which the world
    // fills the screen's height if that is higher. Derived from the size and the limits; kept
    // so that a gesture pays no logarithm for it.
    @usableFromInline var lowestShownZoom: Double

    // MARK: - Creating a camera

    /// A camera centred on a Web Mercator point.
    ///
    /// - Parameters:
    ///   - center: The center; the constraints apply.
    ///   - zoom: A finite zoom level; clamped into `limits`.
    ///   - widthPoints: Screen width, finite, in ``ScreenTransform/sizeRangePoints``.
    ///   - heightPoints: Screen height, finite, in ``ScreenTransform/sizeRangePoints``.
    ///   - limits: The zoom limits (default 0 to 22).
    /// - Throws: `GeometryError/invalidZoom(name:value:minimum:maximum:)` or
    ///   `GeometryError/invalidSize(name:value:range:)`.
    public init(
        center: MercatorPoint, zoom: Double, widthPoints: Double, heightPoints: Double,
        limits: CameraZoomLimits = .default
    ) throws(GeometryError) {
        guard zoom.isFinite else {
            throw .invalidZoom(name: "zoom", value: zoom, minimum: limits.minimumZoom, maximum: limits.maximumZoom)
        }
        try ScreenTransform.validateSize(width: widthPoints, height: heightPoints)
        // A point at the clamp latitude projects 4 nm beyond W/2 (see WebMercator.isOnWorld);
        // the camera keeps its center on the world exactly.
        let half = WebMercator.worldWidthMeters / 2
        self.init(
            requestedX: WebMercator.wrappedEasting(center.x), requestedY: min(max(center.y, -half), half),
            requestedZoom: limits.clamp(zoom), widthPoints: widthPoints, heightPoints: heightPoints,
            limits: limits)
    }

    /// A camera centred on a coordinate (projected through PROJ; latitudes beyond
    /// +-85.0511287798066 are clamped, then the constraints apply).
    ///
    /// - Throws: As ``init(center:zoom:widthPoints:heightPoints:limits:)-(MercatorPoint,_,_,_,_)``.
    public init(
        center: Coordinate, zoom: Double, widthPoints: Double, heightPoints: Double,
        limits: CameraZoomLimits = .default
    ) throws(GeometryError) {
        try self.init(
            center: MercatorPoint(center), zoom: zoom, widthPoints: widthPoints, heightPoints: heightPoints,
            limits: limits)
    }

    /// A camera that shows a whole geodesic circle: the landing page preview's transform for
    /// this screen (``PreviewFrame``; polar users as it shows them), as a zoom, clamped into
    /// `limits` and constrained.
    ///
    /// Use `GeodesicCircle.userVicinity(around:)` for the 10 km around the user, and
    /// `GeodesicCircle.locationUnavailableDefault` when location permission is denied.
    ///
    /// - Throws: `GeometryError/invalidSize(name:value:range:)`.
    public init(
        fitting circle: GeodesicCircle, widthPoints: Double, heightPoints: Double,
        limits: CameraZoomLimits = .default
    ) throws(GeometryError) {
        try ScreenTransform.validateSize(width: widthPoints, height: heightPoints)
        self = Self.fitting(circle, widthPoints: widthPoints, heightPoints: heightPoints, limits: limits)
    }

    /// The camera that shows `circle` on a valid screen: the shared fitting rule's center, and
    /// its scale as a zoom clamped into `limits`.
    private static func fitting(
        _ circle: GeodesicCircle, widthPoints: Double, heightPoints: Double, limits: CameraZoomLimits
    ) -> MercatorCamera {
        let fitted = ScreenTransform.fitting(circle, widthPoints: widthPoints, heightPoints: heightPoints)
        return MercatorCamera(
            requestedX: fitted.centerX, requestedY: fitted.centerY,
            requestedZoom: limits.clamp(zoom(pointsPerMercatorMeter: fitted.pointsPerMercatorMeter)),
            widthPoints: widthPoints, heightPoints: heightPoints, limits: limits)
    }

    /// The designated initializer: a requested state, valid by construction, and the shown
    /// state derived from it.
    init(
        requestedX: Double, requestedY: Double, requestedZoom: Double,
        widthPoints: Double, heightPoints: Double, limits: CameraZoomLimits
    ) {
        self.requestedX = requestedX
        self.requestedY = requestedY
        self.requestedZoom = requestedZoom
        self.widthPoints = widthPoints
        self.heightPoints = heightPoints
        self.limits = limits
        (lowestShownZoom, centerX, centerY, zoom, pointsPerMercatorMeter) = Self.shown(
            requestedX: requestedX, requestedY: requestedY, requestedZoom: requestedZoom,
            heightPoints: heightPoints, limits: limits)
    }

    /// The shown state for a requested one on a screen `heightPoints` tall: its lowest zoom,
    /// then the constraint step.
    private static func shown(
        requestedX: Double, requestedY: Double, requestedZoom: Double, heightPoints: Double, limits: CameraZoomLimits
    ) -> (lowestZoom: Double, x: Double, y: Double, zoom: Double, pointsPerMercatorMeter: Double) {
        let lowest = lowestShownZoom(heightPoints: heightPoints, limits: limits)
        let shown = constrained(
            x: requestedX, y: requestedY, zoom: requestedZoom, lowestZoom: lowest,
            heightPoints: heightPoints, limits: limits, scaleIfUnclamped: nil)
        return (lowest, shown.x, shown.y, shown.zoom, shown.pointsPerMercatorMeter)
    }

    // MARK: - Reading the camera

    /// The shown center in Web Mercator metres (easting in [-W/2, W/2)).
    public var centerMercator: MercatorPoint { MercatorPoint(uncheckedX: centerX, y: centerY) }

    /// The shown center as a coordinate (inverse Web Mercator through PROJ; longitude in
    /// [-180, 180)).
    public var center: Coordinate { centerMercator.coordinate }

    /// The width of the whole world at ``zoom``, in points: 256 * 2^zoom.
    @inlinable
    public var worldWidthPoints: Double { pointsPerMercatorMeter * WebMercator.worldWidthMeters }

    /// The camera's map from the world to the screen (center, scale, size).
    @inlinable
    public var transform: ScreenTransform {
        ScreenTransform(
            centerX: centerX, centerY: centerY, pointsPerMercatorMeter: pointsPerMercatorMeter,
            widthPoints: widthPoints, heightPoints: heightPoints)
    }

    // MARK: - Gestures

    /// Zooms by `scale` around `anchor`: the coordinate under the anchor stays under it (to
    /// 1e-6 points), also when a zoom limit clamps the factor. Only the world-edge constraint
    /// may move it, when the zoomed view would show beyond the world north or south.
    ///
    /// - Parameters:
    ///   - scale: The pinch factor, finite and > 0 (2 doubles the scale; zoom += log2(scale)).
    ///   - anchor: The point between the fingers, in screen points.
    ///
    /// Invalid input (see ``apply(_:)``, which names it) is ignored.
    public mutating func pinch(scale: Double, anchor: ScreenPoint) {
        guard (try? checkPinch(scale: scale, anchor: anchor)) != nil else { return }
        zoom(to: zoom + log2(scale), around: anchor)
    }

    /// Moves the content by a finger's translation: every coordinate on screen moves by
    /// exactly (`dx`, `dy`) points, unless the world's north or south edge stops it. The
    /// center's easting wraps around the antimeridian, so any finite pan is valid; a
    /// non-finite one is ignored.
    public mutating func pan(dx: Double, dy: Double) {
        guard dx.isFinite, dy.isFinite else { return }
        let worldPoints = worldWidthPoints
        // Whole worlds of eastward pan change nothing: drop them exactly (IEEE remainder is
        // exact) so that a pan of 1e12 points never loses the center to rounding or overflow.
        // Two world heights of northward pan reach either edge from anywhere.
        let eastward = abs(dx) <= worldPoints / 2 ? dx : dx.remainder(dividingBy: worldPoints)
        let southward = min(max(dy, -2 * worldPoints), 2 * worldPoints)
        commit(
            x: centerX - eastward / pointsPerMercatorMeter, y: centerY + southward / pointsPerMercatorMeter,
            zoom: zoom, scale: pointsPerMercatorMeter)
    }

    /// Zooms in one level (the scale doubles) around the tapped point, which stays under the
    /// finger. At the maximum zoom the camera stays where it is. An invalid point is ignored.
    public mutating func doubleTap(at point: ScreenPoint) {
        guard (try? transform.validate(point, name: "double-tap point")) != nil else { return }
        zoom(to: zoom + 1, around: point)
    }

    /// Changes the screen size (an orientation change, split view). The center and zoom that
    /// the last gesture chose are kept, and the shown state is derived from them for the new
    /// size, so resizing back gives exactly the camera before. A size outside
    /// ``ScreenTransform/sizeRangePoints`` (a 0 x 0 layout pass) is ignored.
    public mutating func resize(widthPoints: Double, heightPoints: Double) {
        guard (try? ScreenTransform.validateSize(width: widthPoints, height: heightPoints)) != nil else { return }
        self.widthPoints = widthPoints
        self.heightPoints = heightPoints
        (lowestShownZoom, centerX, centerY, zoom, pointsPerMercatorMeter) = Self.shown(
            requestedX: requestedX, requestedY: requestedY, requestedZoom: requestedZoom,
            heightPoints: heightPoints, limits: limits)
    }

    /// Shows a whole geodesic circle on the current screen: see
    /// ``init(fitting:widthPoints:heightPoints:limits:)``.
    public mutating func fit(_ circle: GeodesicCircle) {
        self = Self.fitting(circle, widthPoints: widthPoints, heightPoints: heightPoints, limits: limits)
    }

    /// Replaces the zoom limits; the zoom that the last gesture chose is clamped into them.
    public mutating func setLimits(_ limits: CameraZoomLimits) {
        self = MercatorCamera(
            requestedX: requestedX, requestedY: requestedY, requestedZoom: limits.clamp(requestedZoom),
            widthPoints: widthPoints, heightPoints: heightPoints, limits: limits)
    }

    /// Checks a pinch's input as ``pinch(scale:anchor:)`` needs it.
    func checkPinch(scale: Double, anchor: ScreenPoint) throws(GeometryError) {
        guard scale.isFinite, scale > 0 else { throw .invalidPinchScale(scale) }
        try transform.validate(anchor, name: "pinch anchor")
    }

    // MARK: - Screen space

    /// The screen point of a Web Mercator point, on the world copy nearest the center.
    /// Affine; calls no PROJ. For many points per frame, use ``ProjectedPins`` and
    /// ``place(_:into:)-(_,UnsafeMutableBufferPointer<ScreenPoint>)``.
    @inlinable
    public func point(for mercator: MercatorPoint) -> ScreenPoint { transform.point(for: mercator) }

    /// The screen point of a coordinate (project: through PROJ, then affine).
    public func point(for coordinate: Coordinate) -> ScreenPoint { transform.point(for: coordinate) }

    /// The Web Mercator point under a screen point (easting wrapped into the world; a point
    /// beyond the world's north or south edge gives the edge).
    ///
    /// - Throws: `GeometryError/invalidScreenPoint(name:x:y:xRange:yRange:)` for a point
    ///   that is not finite or lies more than one screen size beyond the screen.
    public func mercatorPoint(at point: ScreenPoint) throws(GeometryError) -> MercatorPoint {
        try transform.mercatorPoint(at: point)
    }

    /// The coordinate under a screen point (unproject: affine, then inverse Web Mercator
    /// through PROJ; longitude in [-180, 180)).
    ///
    /// - Throws: `GeometryError/invalidScreenPoint(name:x:y:xRange:yRange:)`.
    public func coordinate(at point: ScreenPoint) throws(GeometryError) -> Coordinate {
        try transform.coordinate(at: point)
    }

    /// Whether a screen point lies inside the screen, edges included.
    @inlinable
    public func contains(_ point: ScreenPoint) -> Bool { transform.contains(point) }

    /// The latitude/longitude box the screen shows. West > east when it crosses the
    /// antimeridian; all longitudes (-180 to 180) when the screen is at least as wide as the
    /// world; north and south never beyond +-85.0511287798066.
    public var visibleBounds: CoordinateBounds { transform.visibleBounds }

    /// Writes the screen point of every pin into `output` (same order, same count), each on
    /// the world copy nearest the center: no PROJ call, no allocation.
    ///
    /// - Precondition: `output.count == pins.count`.
    @inlinable
    public func place(_ pins: ProjectedPins, into output: UnsafeMutableBufferPointer<ScreenPoint>) {
        transform.place(pins, into: output)
    }

    /// Writes the screen point of every pin into `points`, resizing it only when its count
    /// differs (see ``ScreenTransform/place(_:into:)-(_,[ScreenPoint])``).
    @inlinable
    public func place(_ pins: ProjectedPins, into points: inout [ScreenPoint]) {
        transform.place(pins, into: &points)
    }

    // MARK: - Constraints

    /// Points per Web Mercator metre at zoom `zoom`: 256 * 2^zoom / W.
    @inlinable
    static func pointsPerMercatorMeter(zoom: Double) -> Double {
        256 * exp2(zoom) / WebMercator.worldWidthMeters
    }

    /// The zoom level at which the world has `pointsPerMercatorMeter` points per Mercator metre.
    static func zoom(pointsPerMercatorMeter: Double) -> Double {
        log2(pointsPerMercatorMeter * WebMercator.worldWidthMeters / 256)
    }

    /// The constraint step: the zoom within the limits and at least high enough that the
    /// world is as tall as the screen; the northing kept so the view stays inside the world
    /// (or 0 when the world is shorter than the screen even at the maximum zoom); the
    /// easting wrapped into [-W/2, W/2). Idempotent: its result is its own fixed point.
    static func constrained(
        x: Double, y: Double, zoom: Double, heightPoints: Double, limits: CameraZoomLimits
    ) -> (x: Double, y: Double, zoom: Double, pointsPerMercatorMeter: Double) {
        constrained(
            x: x, y: y, zoom: zoom, lowestZoom: lowestShownZoom(heightPoints: heightPoints, limits: limits),
            heightPoints: heightPoints, limits: limits, scaleIfUnclamped: nil)
    }

    /// The lowest zoom a screen may show: the world is 256 * 2^z points tall, so at least the
    /// screen's height from log2(height / 256) on; never below the minimum zoom.
    static func lowestShownZoom(heightPoints: Double, limits: CameraZoomLimits) -> Double {
        max(limits.minimumZoom, log2(heightPoints / 256))
    }

    /// The constraint step with its lowest zoom already known, and the scale at `zoom` when
    /// the caller has it (used only if the clamp leaves `zoom` unchanged; it must be
    /// `pointsPerMercatorMeter(zoom:)` of it). Same result, bit for bit, as computing both here.
    static func constrained(
        x: Double, y: Double, zoom: Double, lowestZoom: Double, heightPoints: Double, limits: CameraZoomLimits,
        scaleIfUnclamped: Double?
    ) -> (x: Double, y: Double, zoom: Double, pointsPerMercatorMeter: Double) {
        let clamped = min(max(zoom, lowestZoom), limits.maximumZoom)
        let scale = clamped == zoom ? scaleIfUnclamped ?? pointsPerMercatorMeter(zoom: clamped) : pointsPerMercatorMeter(zoom: clamped)
        let zoom = clamped
        return (WebMercator.wrappedEasting(x), ScreenTransform.insideWorld(y, heightPoints: heightPoints, scale: scale), zoom, scale)
    }

    /// Zooms to `target` (clamped as the constraints require) keeping the Mercator point
    /// under `anchor` fixed, then applies the constraints.
    private mutating func zoom(to target: Double, around anchor: ScreenPoint) {
        let newZoom = min(max(target, lowestShownZoom), limits.maximumZoom)
        // A pinch that cannot change the zoom (a factor of 1, or clamped at a limit) leaves
        // the camera exactly as it is, including what a resize would restore.
        guard newZoom != zoom else { return }
        let newScale = Self.pointsPerMercatorMeter(zoom: newZoom)
        let dx = anchor.x - widthPoints / 2
        let dy = anchor.y - heightPoints / 2
        // The anchor's Mercator point is c + (dx, -dy)/s; the new center puts it at the same
        // offset at the new scale: c' = (c + (dx, -dy)/s) - (dx, -dy)/s'. Written as these two
        // steps, consecutive pinches around one anchor add back exactly the value the previous
        // pinch subtracted, so their roundings cancel instead of accumulating: a million
        // alternating pinches leave the anchored coordinate within 1e-8 points (BAD_INPUTS
        // row 28 test). Forming the anchor's Mercator point first and rounding it would not.
        // Eastward offsets are first reduced to within half a world (exactly: IEEE remainder),
        // so that an anchor far out in a wide screen at a low zoom does not push the sum to
        // many world widths, where its rounding would be visible at a high zoom. Northward
        // offsets stay within a world height or so: the world fills the screen's height
        // and the anchor lies within one screen size of it.
        let x = (centerX + ScreenTransform.eastingOffset(dx, pointsPerMercatorMeter: pointsPerMercatorMeter))
            - ScreenTransform.eastingOffset(dx, pointsPerMercatorMeter: newScale)
        let y = (centerY - dy / pointsPerMercatorMeter) + dy / newScale
        commit(x: x, y: y, zoom: newZoom, scale: newScale)
    }

    /// Makes a gesture's result the requested state and shows it constrained; the requested
    /// state becomes what is shown. A gesture that changes nothing shown (a pan of zero, a pan
    /// against the world's edge) changes nothing at all, so touching the map between two
    /// orientation changes does not lose what turning back restores.
    private mutating func commit(x: Double, y: Double, zoom newZoom: Double, scale: Double) {
        let shown = Self.constrained(
            x: x, y: y, zoom: newZoom, lowestZoom: lowestShownZoom, heightPoints: heightPoints, limits: limits,
            scaleIfUnclamped: scale)
        guard shown.x != centerX || shown.y != centerY || shown.zoom != zoom else { return }
        (centerX, centerY, zoom, pointsPerMercatorMeter) = shown
        requestedX = centerX
        requestedY = centerY
        requestedZoom = zoom
    }
}
