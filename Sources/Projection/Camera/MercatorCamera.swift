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
/// wide, as in MapKit and Leaflet), a bearing b in degrees (``MapBearing``: the compass
/// direction at the top of the screen), the screen size in points, edge insets
/// (``ScreenInsets``), the zoom limits and optional camera bounds (``CameraBounds``). Screen
/// space has its origin at the top-left corner and y growing downward; the center is drawn at
/// the focal point, the middle of the unobstructed rectangle,
/// focal = ((left + width - right) / 2, (top + height - bottom) / 2). With s = 256 * 2^z / W
/// points per Mercator metre (W = 2 pi 6378137 m, the width of the world) and
/// R(b) = [[cos b, sin b], [-sin b, cos b]],
///
///     point(P) = focal + R(b) ( (X(P) - Xc) s,  -(Y(P) - Yc) s )
///
/// with X(P) taken on the world copy nearest the center (``transform`` is that map). Gestures
/// are affine on Mercator coordinates and never call PROJ, so a camera event costs tens of
/// nanoseconds; converting coordinates goes through PROJ on the calling thread's own context.
///
/// Constraints, applied after every change: the zoom stays within ``limits``, and is raised
/// until the world is as tall as the rotated viewport's north-south extent, so no pixel of the
/// viewport, at any bearing, shows beyond the Mercator world north or south
/// (85.0511287798066 degrees); the camera bounds, if any, keep the viewport (or the center)
/// inside them; the center's easting wraps around the antimeridian. Where the world (or the
/// bounds) is shorter than the viewport even at the maximum zoom, the view is centred on it (on
/// the bounds, as far as the center stays inside them).
///
/// Resizing (an orientation change, split view) and changing the insets or the bounds keep
/// the center and zoom that the last gesture chose, and derive the shown center and zoom from
/// them for the new layout. Turning the phone and turning it back therefore gives exactly the
/// same camera, even when the other orientation had to move the view to keep it inside the
/// world. Rotating by some degrees around an anchor and back by the same degrees gives exactly
/// the same camera too, unless a constraint moved the view in between (see
/// ``rotate(degrees:around:)``).
///
/// Errors: a camera is validated when it is made (``init(center:zoom:widthPoints:heightPoints:bearing:insets:limits:)-(Coordinate,_,_,_,_,_,_)``,
/// decoding a saved camera); from then on gestures and conversions of valid values do not
/// throw. A gesture given numbers that are not finite, a pinch scale that is not positive, or a
/// point beyond the screen's one-screen margin is ignored: the camera is unchanged and
/// nothing is NaN. ``apply(_:)`` plays the same gestures as ``CameraEvent``s and throws a
/// `GeometryError` naming such a value instead. Settings that can be invalid (insets, a fit's
/// padding, a jump's zoom) throw. Equality compares the whole state, including the center and
/// zoom that the last gesture chose, from which a resize derives the shown view.
///
/// A screen wider than the world at its zoom shows several copies of a place; a point is
/// placed on the copy nearest the center, so near the screen's edges a pan may move a place
/// to another copy, a whole world width away.
public struct MercatorCamera: Hashable, Sendable {
    // What the last gesture (or the initializer, a jump, a fit) chose. Resizing and changing
    // the insets or bounds derive the shown state from it; every gesture sets it to the shown
    // state it produced.
    @usableFromInline var requestedX: Double
    @usableFromInline var requestedY: Double
    @usableFromInline var requestedZoom: Double

    // The shown state: the requested one after the constraints for this layout.
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
    /// The bearing in degrees, in (-180, 180]: the compass direction at the top of the screen
    /// (0 north up, 90 east up). Constraints never change it.
    public internal(set) var bearing: Double
    /// The edge insets as set (``setInsets(_:keeping:)``); kept across resizes.
    public internal(set) var insets: ScreenInsets
    /// The insets this screen uses: ``insets``, or on a screen too small for them, the same
    /// scaled down to leave one point unobstructed each way (``ScreenInsets/effective(widthPoints:heightPoints:)``).
    public private(set) var effectiveInsets: ScreenInsets
    /// The zoom levels the camera may show.
    public private(set) var limits: CameraZoomLimits
    /// Where the camera may look, or nil for anywhere on the world.
    public internal(set) var bounds: CameraBounds?

    // Derived from the layout (size, insets, bearing, limits, bounds); kept so that a gesture
    // pays no trigonometry or logarithm for them.
    @usableFromInline var sinBearing: Double
    @usableFromInline var cosBearing: Double
    @usableFromInline var focalX: Double
    @usableFromInline var focalY: Double
    // The whole viewport's extents around the focal point, in points along the Mercator axes.
    var extents: ViewportExtents
    // The lowest zoom this layout may show: the minimum zoom, the zoom at which the world is
    // as tall as the rotated viewport, and in viewport-bounds mode the zoom at which the
    // bounds hold the viewport, whichever is highest.
    @usableFromInline var lowestShownZoom: Double
    // A rotation in progress around one anchor (see rotate(degrees:around:)).
    var rotationPivot: RotationPivot?

    /// The state before a run of rotations around one anchor, from which each rotation of the
    /// run is computed afresh, so that rotating back restores it exactly.
    struct RotationPivot: Hashable, Sendable {
        /// The center and bearing before the run.
        var x: Double
        var y: Double
        var bearing: Double
        /// The anchor's offset from the focal point, in points.
        var u: Double
        var v: Double
        /// The fingers' rotation since the run began, degrees clockwise.
        var degrees: Double
        /// The shown center and zoom the run's last rotation left. The run goes on only while
        /// the camera still shows exactly them (a resize that moved the view suspends it; the
        /// resize back resumes it).
        var shownX: Double
        var shownY: Double
        var shownZoom: Double

        /// The center (before any constraint) that puts the anchor's place, as the pivot shows
        /// it, under the anchor after the run's turn, at `scale` points per Mercator metre.
        func center(scale: Double) -> (x: Double, y: Double) {
            let newBearing = MapBearing.wrapped(bearing - MapBearing.reducedTurn(degrees))
            guard newBearing != bearing else { return (x, y) }
            let before = MapBearing.sinCos(degrees: bearing)
            let after = MapBearing.sinCos(degrees: newBearing)
            // The anchor's Mercator point, from the pivot, and the center that puts it under
            // the anchor at the new bearing: c' = (c + R(b)^T a / s) - R(b')^T a / s, with the
            // y axis flipped, written as in zoom(to:around:).
            let (east0, south0) = MapBearing.unrotated(u, v, sin: before.sin, cos: before.cos)
            let (east1, south1) = MapBearing.unrotated(u, v, sin: after.sin, cos: after.cos)
            return (
                (x + ScreenTransform.eastingOffset(east0, pointsPerMercatorMeter: scale))
                    - ScreenTransform.eastingOffset(east1, pointsPerMercatorMeter: scale),
                (y - south0 / scale) + south1 / scale
            )
        }
    }

    // MARK: - Creating a camera

    /// A camera centred on a Web Mercator point.
    ///
    /// The center is at the focal point, the middle of the screen inside the insets. The bearing
    /// and insets are the camera's from the start: the constraints (the world's edge) apply once,
    /// to the view with them. Where they move nothing, this is the camera made without them and
    /// then given them with ``jump(center:zoom:bearing:)-(MercatorPoint?,_,_)`` and
    /// ``setInsets(_:keeping:)`` (keeping the center), in either order; where they move the
    /// view, those calls start from the view the constraints left north up without insets.
    ///
    /// - Parameters:
    ///   - center: The center; the constraints apply.
    ///   - zoom: A finite zoom level; clamped into `limits`.
    ///   - widthPoints: Screen width, finite, in ``ScreenTransform/sizeRangePoints``.
    ///   - heightPoints: Screen height, finite, in ``ScreenTransform/sizeRangePoints``.
    ///   - bearing: The compass direction at the top of the screen, in degrees clockwise from
    ///     north (default 0, north up); wrapped into (-180, 180].
    ///   - insets: The edges the legend or a sheet covers (default none).
    ///   - limits: The zoom limits (default 0 to 22).
    /// - Throws: `GeometryError/invalidZoom(name:value:minimum:maximum:)`,
    ///   `GeometryError/invalidSize(name:value:range:)`,
    ///   `GeometryError/invalidBearing(name:value:)` for a bearing that is not finite, or
    ///   `GeometryError/invalidInsets(top:left:bottom:right:width:height:)` for insets that
    ///   leave less than one point of the screen unobstructed either way.
    public init(
        center: MercatorPoint, zoom: Double, widthPoints: Double, heightPoints: Double,
        bearing: Double = 0, insets: ScreenInsets = .zero, limits: CameraZoomLimits = .default
    ) throws(GeometryError) {
        guard zoom.isFinite else {
            throw .invalidZoom(name: "zoom", value: zoom, minimum: limits.minimumZoom, maximum: limits.maximumZoom)
        }
        try ScreenTransform.validateSize(width: widthPoints, height: heightPoints)
        guard bearing.isFinite else { throw .invalidBearing(name: "bearing", value: bearing) }
        try insets.validate(widthPoints: widthPoints, heightPoints: heightPoints)
        let requested = Self.onWorld(center)
        self.init(
            requestedX: requested.x, requestedY: requested.y,
            requestedZoom: limits.clamp(zoom), widthPoints: widthPoints, heightPoints: heightPoints,
            limits: limits, bearing: MapBearing.wrapped(bearing), insets: insets)
    }

    /// A camera centred on a coordinate (projected through PROJ; latitudes beyond
    /// +-85.0511287798066 are clamped, then the constraints apply).
    ///
    /// - Throws: As ``init(center:zoom:widthPoints:heightPoints:bearing:insets:limits:)-(MercatorPoint,_,_,_,_,_,_)``.
    public init(
        center: Coordinate, zoom: Double, widthPoints: Double, heightPoints: Double,
        bearing: Double = 0, insets: ScreenInsets = .zero, limits: CameraZoomLimits = .default
    ) throws(GeometryError) {
        try self.init(
            center: MercatorPoint(center), zoom: zoom, widthPoints: widthPoints, heightPoints: heightPoints,
            bearing: bearing, insets: insets, limits: limits)
    }

    /// A camera that shows a whole geodesic circle: the landing page preview's transform for
    /// this screen (``PreviewFrame``; centred on the circle's center, north up, polar users as
    /// it shows them), as a zoom, clamped into `limits` and constrained.
    ///
    /// Use `GeodesicCircle.userVicinity(around:)` for the 10 km around the user, and
    /// `GeodesicCircle.locationUnavailableDefault` when location permission is denied. To fit a
    /// circle at a bearing, with insets or padding, use ``fit(_:padding:bearing:zoomSnap:)``.
    ///
    /// - Throws: `GeometryError/invalidSize(name:value:range:)`.
    public init(
        fitting circle: GeodesicCircle, widthPoints: Double, heightPoints: Double,
        limits: CameraZoomLimits = .default
    ) throws(GeometryError) {
        try ScreenTransform.validateSize(width: widthPoints, height: heightPoints)
        self.init(requestedX: 0, requestedY: 0, requestedZoom: limits.minimumZoom, widthPoints: widthPoints, heightPoints: heightPoints, limits: limits)
        fit(circle)
    }

    /// The designated initializer: a requested state, valid by construction, and the shown
    /// state derived from it.
    init(
        requestedX: Double, requestedY: Double, requestedZoom: Double,
        widthPoints: Double, heightPoints: Double, limits: CameraZoomLimits,
        bearing: Double = 0, insets: ScreenInsets = .zero, bounds: CameraBounds? = nil
    ) {
        self.requestedX = requestedX
        self.requestedY = requestedY
        self.requestedZoom = requestedZoom
        self.widthPoints = widthPoints
        self.heightPoints = heightPoints
        self.limits = limits
        self.bearing = bearing
        self.insets = insets
        self.bounds = bounds
        effectiveInsets = insets
        (sinBearing, cosBearing) = MapBearing.sinCos(degrees: bearing)
        focalX = widthPoints / 2
        focalY = heightPoints / 2
        extents = ViewportExtents(sin: 0, cos: 1, focal: ScreenPoint(x: focalX, y: focalY), minX: 0, minY: 0, maxX: widthPoints, maxY: heightPoints)
        lowestShownZoom = limits.minimumZoom
        zoom = requestedZoom
        pointsPerMercatorMeter = Self.pointsPerMercatorMeter(zoom: requestedZoom)
        centerX = requestedX
        centerY = requestedY
        rotationPivot = nil
        deriveShown()
    }

    /// A Mercator point on the world exactly: the clamp latitude projects 4 nm beyond W/2 (see
    /// WebMercator.isOnWorld), and the easting wraps into [-W/2, W/2).
    static func onWorld(_ point: MercatorPoint) -> (x: Double, y: Double) {
        let half = WebMercator.worldWidthMeters / 2
        return (WebMercator.wrappedEasting(point.x), min(max(point.y, -half), half))
    }

    /// Recomputes the layout (effective insets, focal point, rotation, extents, lowest zoom)
    /// and the shown state from the requested one.
    mutating func deriveShown(layingOut: Bool = true) {
        if layingOut { layOut() }
        let shown = constrained(x: requestedX, y: requestedY, zoom: requestedZoom, scaleIfUnclamped: nil)
        (centerX, centerY, zoom, pointsPerMercatorMeter) = shown
    }

    /// Recomputes what the size, insets, bearing, limits and bounds determine.
    mutating func layOut() {
        effectiveInsets = insets.effective(widthPoints: widthPoints, heightPoints: heightPoints)
        focalX = (effectiveInsets.left + widthPoints - effectiveInsets.right) / 2
        focalY = (effectiveInsets.top + heightPoints - effectiveInsets.bottom) / 2
        (sinBearing, cosBearing) = MapBearing.sinCos(degrees: bearing)
        extents = ViewportExtents(
            sin: sinBearing, cos: cosBearing, focal: ScreenPoint(x: focalX, y: focalY),
            minX: 0, minY: 0, maxX: widthPoints, maxY: heightPoints)
        lowestShownZoom = Self.lowestZoom(extents: extents, limits: limits, bounds: bounds)
    }

    // MARK: - Reading the camera

    /// The shown center (the Mercator point at the focal point) in Web Mercator metres
    /// (easting in [-W/2, W/2)).
    public var centerMercator: MercatorPoint { MercatorPoint(uncheckedX: centerX, y: centerY) }

    /// The shown center, the coordinate at the focal point (inverse Web Mercator through PROJ;
    /// longitude in [-180, 180)).
    public var center: Coordinate { centerMercator.coordinate }

    /// Where the center is drawn: the middle of the unobstructed rectangle, in screen points.
    public var focalPoint: ScreenPoint { ScreenPoint(x: focalX, y: focalY) }

    /// The width of the whole world at ``zoom``, in points: 256 * 2^zoom.
    @inlinable
    public var worldWidthPoints: Double { pointsPerMercatorMeter * WebMercator.worldWidthMeters }

    /// The camera's map from the world to the screen (center, scale, bearing, focal point,
    /// size).
    @inlinable
    public var transform: ScreenTransform {
        ScreenTransform(
            centerX: centerX, centerY: centerY, pointsPerMercatorMeter: pointsPerMercatorMeter,
            widthPoints: widthPoints, heightPoints: heightPoints, bearing: bearing, sin: sinBearing, cos: cosBearing,
            focalPoint: ScreenPoint(x: focalX, y: focalY))
    }

    // MARK: - Gestures

    /// Zooms by `scale` around `anchor`: the coordinate under the anchor stays under it (to
    /// 1e-6 points), also when a zoom limit clamps the factor. Only the world-edge constraint
    /// and the camera bounds may move it.
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
    /// exactly (`dx`, `dy`) points, at any bearing, unless the world's north or south edge or
    /// the camera bounds stop it. The center's easting wraps around the antimeridian, so any
    /// finite pan is valid; a non-finite one is ignored.
    public mutating func pan(dx: Double, dy: Double) {
        guard dx.isFinite, dy.isFinite else { return }
        let (dx, dy) = Self.boundedTranslation(dx, dy)
        // The translation in the unrotated frame: R(b)^T (dx, dy).
        let (east, south) = MapBearing.unrotated(dx, dy, sin: sinBearing, cos: cosBearing)
        let worldPoints = worldWidthPoints
        // Whole worlds of eastward pan change nothing: drop them exactly (IEEE remainder is
        // exact) so that a pan of 1e12 points never loses the center to rounding or overflow.
        // Two world heights of northward pan reach either edge from anywhere.
        let eastward = abs(east) <= worldPoints / 2 ? east : east.remainder(dividingBy: worldPoints)
        let southward = min(max(south, -2 * worldPoints), 2 * worldPoints)
        // Where camera bounds stop the pan, its direction counts, not where it lands modulo the
        // world: the move it makes, cut at two world widths (which reach either edge of a box
        // from anywhere inside it).
        let move = boundsLimitLongitude ? -min(max(east, -2 * worldPoints), 2 * worldPoints) / pointsPerMercatorMeter : 0
        commit(
            x: centerX - eastward / pointsPerMercatorMeter, y: centerY + southward / pointsPerMercatorMeter,
            zoom: zoom, scale: pointsPerMercatorMeter, move: Move(from: centerX, to: centerX + move))
    }

    /// Zooms in one level (the scale doubles) around the tapped point, which stays under the
    /// finger. At the maximum zoom the camera stays where it is. An invalid point is ignored.
    public mutating func doubleTap(at point: ScreenPoint) {
        guard (try? transform.validate(point, name: "double-tap point")) != nil else { return }
        zoom(to: zoom + 1, around: point)
    }

    /// Turns the map as two fingers turning by `degrees` clockwise on screen (UIKit's
    /// `UIRotationGestureRecognizer` sense, in degrees) around `anchor`: the content turns with
    /// the fingers, so the bearing becomes `bearing - degrees` (wrapped), and the coordinate
    /// under the anchor stays under it (to 1e-6 points). The zoom is kept unless the turned
    /// viewport needs a higher one to stay inside the world or the bounds.
    ///
    /// Consecutive rotations around one anchor are each computed afresh from the state before
    /// the first (the pivot), with the fingers' total rotation: rounding never accumulates over
    /// a long rotation, and turning back by exactly the total restores the camera bit for bit.
    /// Any other change ends the run but a resize, which it outlasts while the camera shows
    /// the view its last rotation left (turned to the other orientation, which had to move the
    /// view, and back, the map still rotates back bit for bit). A constraint that moves the
    /// view ends it too (rotating back is then exact to rounding).
    ///
    /// Invalid input (a non-finite angle, an anchor beyond the one-screen margin) is ignored.
    public mutating func rotate(degrees: Double, around anchor: ScreenPoint) {
        guard degrees.isFinite, (try? transform.validate(anchor, name: "rotation anchor")) != nil else { return }
        let u = anchor.x - focalX, v = anchor.y - focalY
        var pivot = RotationPivot(
            x: centerX, y: centerY, bearing: bearing, u: u, v: v, degrees: 0, shownX: centerX, shownY: centerY, shownZoom: zoom)
        if let running = rotationPivot, running.u == u, running.v == v, running.shownX == centerX, running.shownY == centerY,
           running.shownZoom == zoom, MapBearing.wrapped(running.bearing - MapBearing.reducedTurn(running.degrees)) == bearing
        {
            pivot = running
        }
        // Reduced first (the same turn), so that a huge angle neither overflows the running
        // total nor swallows the small turns after it.
        pivot.degrees += MapBearing.reducedTurn(degrees)
        let newBearing = MapBearing.wrapped(pivot.bearing - MapBearing.reducedTurn(pivot.degrees))
        let (x, y) = pivot.center(scale: pointsPerMercatorMeter)
        // (The anchor lies within the one-screen margin, so the turn moves the center by less
        // than two screens: where bounds need the move's side, the center's copy nearest the
        // pivot's is it, unless the screen is wider than half a world.)
        let moved = commit(
            x: x, y: y, zoom: zoom, scale: pointsPerMercatorMeter, turn: turn(to: newBearing),
            move: Move(from: pivot.x, to: pivot.x + WebMercator.nearestCopyOffset(x - pivot.x)))
        (pivot.shownX, pivot.shownY, pivot.shownZoom) = (centerX, centerY, zoom)
        rotationPivot = moved ? nil : pivot
        if centerX == pivot.x && centerY == pivot.y && bearing == pivot.bearing { rotationPivot = nil }
    }

    /// One step of a simultaneous pinch, rotation and pan, as UIKit delivers its pinch and
    /// rotation recognizers' changes together: zooms by `scale` and turns by `degrees`
    /// (fingers clockwise, as ``rotate(degrees:around:)``) around `anchor`, then moves by the
    /// fingers' centroid translation (`dx`, `dy`). The coordinate that was under `anchor`
    /// ends under `anchor + (dx, dy)` (to 1e-6 points), also when a zoom limit clamps the
    /// factor; only the world edge and the camera bounds may move it. One constraint step
    /// follows the whole change.
    ///
    /// Invalid input (see ``apply(_:)``) is ignored.
    public mutating func pinchRotate(scale: Double, degrees: Double, anchor: ScreenPoint, dx: Double = 0, dy: Double = 0) {
        guard (try? checkPinchRotate(scale: scale, degrees: degrees, anchor: anchor, dx: dx, dy: dy)) != nil else { return }
        applyPinchRotate(scale: scale, degrees: degrees, anchor: anchor, dx: dx, dy: dy)
    }

    /// ``pinchRotate(scale:degrees:anchor:dx:dy:)`` once `checkPinchRotate` has accepted its
    /// values (a gesture session checks a sample before it applies it: checked here again, the
    /// step was checked twice a frame).
    mutating func applyPinchRotate(scale: Double, degrees: Double, anchor: ScreenPoint, dx: Double, dy: Double) {
        let newBearing = MapBearing.wrapped(bearing - MapBearing.reducedTurn(degrees))
        let turn = newBearing == bearing
            ? Turn(bearing: bearing, sin: sinBearing, cos: cosBearing, extents: extents, lowestZoom: lowestShownZoom)
            : turn(to: newBearing)
        let after = (sin: turn.sin, cos: turn.cos)
        let newZoom = min(max(zoom + log2(scale), turn.lowestZoom), limits.maximumZoom)
        let newScale = newZoom == zoom ? pointsPerMercatorMeter : Self.pointsPerMercatorMeter(zoom: newZoom)
        let u0 = anchor.x - focalX, v0 = anchor.y - focalY
        let (east0, south0) = MapBearing.unrotated(u0, v0, sin: sinBearing, cos: cosBearing)
        let (dx, dy) = Self.boundedTranslation(dx, dy)
        // The translation is taken in the new unrotated frame, whole worlds dropped exactly
        // and the northward part bounded, as pan(dx:dy:) does.
        let u1 = u0 + dx, v1 = v0 + dy
        var (east1, south1) = MapBearing.unrotated(u1, v1, sin: after.sin, cos: after.cos)
        let worldPoints = newScale * WebMercator.worldWidthMeters
        // Where camera bounds stop the move, its direction counts: the move unreduced, the
        // translation cut at two world widths (see pan(dx:dy:)).
        let move = boundsLimitLongitude
            ? east0 / pointsPerMercatorMeter - min(max(east1, -2 * worldPoints), 2 * worldPoints) / newScale : 0
        // Whole worlds dropped in points (exactly) before dividing by the scale, so that no
        // translation overflows at a low zoom.
        if abs(east1) > worldPoints / 2 { east1 = east1.remainder(dividingBy: worldPoints) }
        let southward = min(max(south1, -3 * worldPoints), 3 * worldPoints)
        let x = (centerX + ScreenTransform.eastingOffset(east0, pointsPerMercatorMeter: pointsPerMercatorMeter))
            - ScreenTransform.eastingOffset(east1, pointsPerMercatorMeter: newScale)
        let y = (centerY - south0 / pointsPerMercatorMeter) + southward / newScale
        commit(x: x, y: y, zoom: newZoom, scale: newScale, turn: turn, move: Move(from: centerX, to: centerX + move))
    }

    /// Changes the screen size (an orientation change, split view). The center and zoom that
    /// the last gesture chose are kept, and the shown state is derived from them for the new
    /// size, so resizing back gives exactly the camera before. Insets too large for the new
    /// size are scaled down for it (``effectiveInsets``) and restored on the way back. A size
    /// outside ``ScreenTransform/sizeRangePoints`` (a 0 x 0 layout pass) is ignored.
    public mutating func resize(widthPoints: Double, heightPoints: Double) {
        guard (try? ScreenTransform.validateSize(width: widthPoints, height: heightPoints)) != nil else { return }
        self.widthPoints = widthPoints
        self.heightPoints = heightPoints
        deriveShown()
    }

    /// Shows a whole geodesic circle as the landing page preview does (centred on the circle's
    /// center, north up), in the unobstructed rectangle: see
    /// ``init(fitting:widthPoints:heightPoints:limits:)``. The bearing becomes 0. To fit at a
    /// bearing, centred on the circle's extent, with padding, use
    /// ``fit(_:padding:bearing:zoomSnap:)``.
    public mutating func fit(_ circle: GeodesicCircle) {
        let width = widthPoints - effectiveInsets.left - effectiveInsets.right
        let height = heightPoints - effectiveInsets.top - effectiveInsets.bottom
        let fitted = ScreenTransform.fitting(circle, widthPoints: width, heightPoints: height)
        requestedX = fitted.centerX
        requestedY = fitted.centerY
        requestedZoom = limits.clamp(Self.zoom(pointsPerMercatorMeter: fitted.pointsPerMercatorMeter))
        bearing = 0
        rotationPivot = nil
        deriveShown()
    }

    /// Replaces the zoom limits; the zoom that the last gesture chose is clamped into them.
    public mutating func setLimits(_ limits: CameraZoomLimits) {
        self.limits = limits
        requestedZoom = limits.clamp(requestedZoom)
        rotationPivot = nil
        deriveShown()
    }

    /// Whether camera bounds limit the longitudes the camera may show (a box narrower than the
    /// world).
    var boundsLimitLongitude: Bool { bounds.map { !$0.spansAllLongitudes } ?? false }

    /// The largest translation a gesture uses, in points each way: 1e300 (a pan of more
    /// than that counts as that much). Rotating a larger one could overflow, and any pan beyond
    /// a few world widths only wraps the longitude and reaches the world's edge.
    static let largestTranslationPoints = 1e300

    /// A finite translation with each component bounded by ``largestTranslationPoints``.
    @inline(__always)
    static func boundedTranslation(_ dx: Double, _ dy: Double) -> (Double, Double) {
        let limit = largestTranslationPoints
        return (min(max(dx, -limit), limit), min(max(dy, -limit), limit))
    }

    /// Checks a pinch's input as ``pinch(scale:anchor:)`` needs it.
    func checkPinch(scale: Double, anchor: ScreenPoint) throws(GeometryError) {
        guard scale.isFinite, scale > 0 else { throw .invalidPinchScale(scale) }
        try transform.validate(anchor, name: "pinch anchor")
    }

    /// Checks a combined step's input as ``pinchRotate(scale:degrees:anchor:dx:dy:)`` needs it.
    func checkPinchRotate(scale: Double, degrees: Double, anchor: ScreenPoint, dx: Double, dy: Double) throws(GeometryError) {
        try checkPinch(scale: scale, anchor: anchor)
        guard degrees.isFinite else { throw .invalidBearing(name: "rotation", value: degrees) }
        guard dx.isFinite, dy.isFinite else { throw .invalidTranslation(dx: dx, dy: dy) }
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

    /// The latitude/longitude box the whole screen shows: the smallest box holding the rotated
    /// viewport. West > east when it crosses the antimeridian; all longitudes (-180 to 180)
    /// when the viewport is at least as wide as the world; north and south never beyond
    /// +-85.0511287798066.
    public var visibleBounds: CoordinateBounds { transform.visibleBounds }

    /// The latitude/longitude box the unobstructed rectangle shows (inside the effective
    /// insets), as ``visibleBounds``. At bearing 0, fitting it
    /// (``fit(_:padding:bearing:zoomSnap:)`` with `.bounds`) gives this camera's zoom back.
    public var unobstructedVisibleBounds: CoordinateBounds {
        transform.bounds(of: ViewportExtents(
            sin: sinBearing, cos: cosBearing, focal: focalPoint,
            minX: effectiveInsets.left, minY: effectiveInsets.top,
            maxX: widthPoints - effectiveInsets.right, maxY: heightPoints - effectiveInsets.bottom))
    }

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

    /// The constraint step for an unrotated screen without insets or bounds (the state a
    /// camera of that size derives), for tests of its idempotence.
    static func constrained(
        x: Double, y: Double, zoom: Double, heightPoints: Double, limits: CameraZoomLimits
    ) -> (x: Double, y: Double, zoom: Double, pointsPerMercatorMeter: Double) {
        var camera = MercatorCamera(
            requestedX: 0, requestedY: 0, requestedZoom: limits.minimumZoom, widthPoints: 1, heightPoints: heightPoints,
            limits: limits)
        camera.layOut()
        return camera.constrained(x: x, y: y, zoom: zoom, scaleIfUnclamped: nil)
    }

    /// The lowest zoom a layout may show: the world is 256 * 2^z points tall, so at least the
    /// rotated viewport's north-south extent from log2((north + south) / 256) on; in
    /// viewport-bounds mode, at least the zoom at which the bounds hold the viewport's extents
    /// both ways; never below the minimum zoom. (It may exceed the maximum zoom, which then
    /// wins.)
    @inline(__always)
    static func lowestZoom(extents: ViewportExtents, limits: CameraZoomLimits, bounds: CameraBounds?) -> Double {
        var lowest = max(limits.minimumZoom, log2((extents.north + extents.south) / 256))
        if let bounds, bounds.mode == .viewport {
            // Points per metre that make the viewport's extent fit the box's: a box of zero
            // height or width needs an infinite scale, and so the maximum zoom.
            var scale = (extents.north + extents.south) / (bounds.northY - bounds.southY)
            if !bounds.spansAllLongitudes {
                scale = max(scale, (extents.east + extents.west) / (bounds.eastX - bounds.westX))
            }
            lowest = max(lowest, zoom(pointsPerMercatorMeter: scale))
        } else if let bounds {
            // Center mode: high enough that the world's edge lets the center reach the box
            // (a box near a pole is otherwise out of reach at the lowest zooms, where the
            // world fills the viewport's height and the center must stay near the equator):
            // W/2 - north / s >= south edge of the box, and -W/2 + south / s <= its north edge.
            // Both hold at once (with uneven insets the focal point sits off the middle, so either
            // can bind wherever the box is); a denominator of 0 asks for the maximum zoom.
            let half = WebMercator.worldWidthMeters / 2
            lowest = max(
                lowest, zoom(pointsPerMercatorMeter: extents.north / (half - bounds.southY)),
                zoom(pointsPerMercatorMeter: extents.south / (half + bounds.northY)))
        }
        return lowest
    }

    /// The constraint step with this layout: the zoom within the limits and at least the lowest
    /// shown zoom; the center moved so the viewport (or the center) stays inside the camera
    /// bounds, then so the viewport stays inside the world north and south (or centred on the
    /// world where it is shorter than the viewport even at the maximum zoom); the easting
    /// wrapped into [-W/2, W/2). `scaleIfUnclamped` is the scale at `zoom` when the caller has
    /// it (used only if the clamp leaves `zoom` unchanged; it must be
    /// `pointsPerMercatorMeter(zoom:)` of it). Idempotent: its result is its own fixed point.
    @inline(__always)
    func constrained(
        x: Double, y: Double, zoom: Double, scaleIfUnclamped: Double?, move: Move? = nil
    ) -> (x: Double, y: Double, zoom: Double, pointsPerMercatorMeter: Double) {
        let clamped = min(max(zoom, lowestShownZoom), limits.maximumZoom)
        let scale = clamped == zoom ? scaleIfUnclamped ?? Self.pointsPerMercatorMeter(zoom: clamped) : Self.pointsPerMercatorMeter(zoom: clamped)
        var x = x, y = y
        if let bounds {
            (x, y) = Self.inside(bounds, x: x, y: y, extents: extents, scale: scale, move: move)
        }
        y = ScreenTransform.insideWorld(y, north: extents.north, south: extents.south, scale: scale)
        return (WebMercator.wrappedEasting(x), y, clamped, scale)
    }

    /// A gesture's move along the easting, in Mercator metres, not wrapped: from the shown
    /// center it started at (inside the camera bounds) to where it goes, as far as it goes.
    /// Its proposed center, computed with whole worlds dropped, lies a whole number of worlds
    /// from `to`; camera bounds take the copy at `to`, so that the move stops at the edge it
    /// meets, and clamp it into the box's copy that holds `from`.
    struct Move {
        var from: Double
        var to: Double
    }

    /// A center moved into camera bounds: in viewport mode, so that the viewport's extents
    /// stay inside the box (or centred on it where it is smaller); in center mode, into the box.
    /// The easting is first taken on the world copy nearest the box's middle, so a box across
    /// the antimeridian works as any other; for a gesture's `move`, on the copy the move
    /// reaches, against the box's copy that holds its start (a throw east of more than half a
    /// world beyond the box landed on its west edge, the copy of the box there being nearer).
    static func inside(
        _ bounds: CameraBounds, x: Double, y: Double, extents: ViewportExtents, scale: Double, move: Move? = nil
    ) -> (x: Double, y: Double) {
        let viewport = bounds.mode == .viewport
        var x = x
        if !bounds.spansAllLongitudes {
            // The copy of x nearest the box's middle; x itself (same bits) when it is already.
            // For a move: the copy of x the move reaches, measured from the box's copy that
            // holds the move's start.
            let world = WebMercator.worldWidthMeters
            let middle = (bounds.westX + bounds.eastX) / 2
            let copies: Double
            if let move {
                let box = ((move.from - middle) / world).rounded()
                copies = box - ((move.to - x) / world).rounded()
            } else {
                copies = ((x - middle) / world).rounded()
            }
            let unwrapped = copies == 0 ? x : x - copies * world
            let low = bounds.westX + (viewport ? extents.west / scale : 0)
            let high = bounds.eastX - (viewport ? extents.east / scale : 0)
            // Where the box is narrower than the viewport even at the maximum zoom, the
            // viewport is centred on it, with the focal point kept inside the box.
            x = low <= high ? min(max(unwrapped, low), high) : min(max((low + high) / 2, bounds.westX), bounds.eastX)
        }
        let low = bounds.southY + (viewport ? extents.south / scale : 0)
        let high = bounds.northY - (viewport ? extents.north / scale : 0)
        let y = low <= high ? min(max(y, low), high) : min(max((low + high) / 2, bounds.southY), bounds.northY)
        return (x, y)
    }

    /// Zooms to `target` (clamped as the constraints require) keeping the Mercator point
    /// under `anchor` fixed, then applies the constraints.
    mutating func zoom(to target: Double, around anchor: ScreenPoint) {
        let newZoom = min(max(target, lowestShownZoom), limits.maximumZoom)
        // A pinch that cannot change the zoom (a factor of 1, or clamped at a limit) leaves
        // the camera exactly as it is, including what a resize would restore.
        guard newZoom != zoom else { return }
        let newScale = Self.pointsPerMercatorMeter(zoom: newZoom)
        // The anchor's offset from the focal point in the unrotated frame (east, south), in
        // points: R(b)^T (anchor - focal). At bearing 0 it is the plain offset, bit for bit.
        let u = anchor.x - focalX, v = anchor.y - focalY
        let (dx, dy) = MapBearing.unrotated(u, v, sin: sinBearing, cos: cosBearing)
        // The anchor's Mercator point is c + (dx, -dy)/s; the new center puts it at the same
        // offset at the new scale: c' = (c + (dx, -dy)/s) - (dx, -dy)/s'. Written as these two
        // steps, consecutive pinches around one anchor add back exactly the value the previous
        // pinch subtracted, so their roundings cancel instead of accumulating: a million
        // alternating pinches leave the anchored coordinate within 1e-8 points (BAD_INPUTS
        // row 28 test). Forming the anchor's Mercator point first and rounding it would not.
        // Eastward offsets are first reduced to within half a world (exactly: IEEE remainder),
        // so that an anchor far out in a wide screen at a low zoom does not push the sum to
        // many world widths, where its rounding would be visible at a high zoom. Northward
        // offsets stay within a world height or so: the world fills the viewport's height
        // and the anchor lies within one screen size of it.
        let x = (centerX + ScreenTransform.eastingOffset(dx, pointsPerMercatorMeter: pointsPerMercatorMeter))
            - ScreenTransform.eastingOffset(dx, pointsPerMercatorMeter: newScale)
        let y = (centerY - dy / pointsPerMercatorMeter) + dy / newScale
        let move = boundsLimitLongitude ? dx / pointsPerMercatorMeter - dx / newScale : 0
        commit(x: x, y: y, zoom: newZoom, scale: newScale, move: Move(from: centerX, to: centerX + move))
    }

    /// Makes a gesture's result the requested state and shows it constrained; the requested
    /// state becomes what is shown. A gesture that changes nothing shown (a pan of zero, a pan
    /// against the world's edge) changes nothing at all, so touching the map between two
    /// orientation changes does not lose what turning back restores. Returns whether the
    /// constraints moved the proposed state.
    ///
    /// `move` is the gesture's move along the easting (see ``Move``), which camera bounds need.
    @discardableResult
    private mutating func commit(x: Double, y: Double, zoom newZoom: Double, scale: Double, move: Move) -> Bool {
        let shown = constrained(x: x, y: y, zoom: newZoom, scaleIfUnclamped: scale, move: move)
        // Wrapping across +-180 moves nothing on screen: only the constraints count.
        let moved = shown.x != WebMercator.wrappedEasting(x) || shown.y != y || shown.zoom != newZoom
        guard shown.x != centerX || shown.y != centerY || shown.zoom != zoom else { return moved }
        (centerX, centerY, zoom, pointsPerMercatorMeter) = shown
        requestedX = centerX
        requestedY = centerY
        requestedZoom = zoom
        rotationPivot = nil
        return moved
    }

    /// A new bearing with what it determines, computed by the caller: its sine and cosine,
    /// the viewport's extents and the lowest zoom at it.
    struct Turn {
        var bearing: Double
        var sin: Double
        var cos: Double
        var extents: ViewportExtents
        var lowestZoom: Double
    }

    /// The layout at a new bearing (the size, insets, limits and bounds unchanged).
    @inline(__always)
    func turn(to bearing: Double) -> Turn {
        let (sin, cos) = MapBearing.sinCos(degrees: bearing)
        let extents = ViewportExtents(
            sin: sin, cos: cos, focal: ScreenPoint(x: focalX, y: focalY), minX: 0, minY: 0, maxX: widthPoints, maxY: heightPoints)
        return Turn(
            bearing: bearing, sin: sin, cos: cos, extents: extents,
            lowestZoom: Self.lowestZoom(extents: extents, limits: limits, bounds: bounds))
    }

    /// ``commit(x:y:zoom:scale:move:)`` at a new bearing: the layout turns first, then the
    /// constraints for it apply.
    @discardableResult @inline(__always)
    private mutating func commit(x: Double, y: Double, zoom newZoom: Double, scale: Double, turn: Turn, move: Move) -> Bool {
        guard turn.bearing != bearing else { return commit(x: x, y: y, zoom: newZoom, scale: scale, move: move) }
        bearing = turn.bearing
        sinBearing = turn.sin
        cosBearing = turn.cos
        extents = turn.extents
        lowestShownZoom = turn.lowestZoom
        let shown = constrained(x: x, y: y, zoom: newZoom, scaleIfUnclamped: scale, move: move)
        (centerX, centerY, zoom, pointsPerMercatorMeter) = shown
        requestedX = centerX
        requestedY = centerY
        requestedZoom = zoom
        rotationPivot = nil
        return shown.x != WebMercator.wrappedEasting(x) || shown.y != y || shown.zoom != newZoom
    }
}
