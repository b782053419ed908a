import GeoMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The fullscreen map's camera: which part of the Web Mercator world the viewport shows, and
/// the gestures that move it.
///
/// State: a center in Web Mercator metres, a zoom level z (the world is 256 * 2^z points
/// wide, as in MapKit and Leaflet), the viewport size in points and the zoom limits. Screen
/// space has its origin at the viewport's top-left corner and y growing downward; the center
/// sits at the middle of the viewport. With s = 256 * 2^z / W points per Mercator metre
/// (W = 2 pi 6378137 m, the width of the world),
///
///     point(P) = ( width/2 + (X(P) - Xc) s,  height/2 - (Y(P) - Yc) s )
///
/// with X(P) taken on the world copy nearest the center. Gestures are affine on Mercator
/// coordinates and never call PROJ, so a camera event costs tens of nanoseconds; converting
/// between coordinates and Mercator metres goes through PROJ (``WebMercatorTransformer``).
///
/// Constraints, applied after every change: the zoom stays within ``limits``, and is raised
/// when the viewport is taller than the whole world, so the view never shows beyond the
/// Mercator world north or south (85.0511287798066 degrees); the center's easting wraps
/// around the antimeridian. Where the world is shorter than the viewport even at the maximum
/// zoom, the view is centred on the equator.
///
/// Resizing keeps the center and zoom that the last gesture chose, and derives the shown
/// center and zoom from them for the new viewport. Rotating the phone and rotating it back
/// therefore gives exactly the same camera, even when the other orientation had to move the
/// view to keep it inside the world.
///
/// Every mutating method validates its input first: on a thrown error the camera is
/// unchanged. Equality compares the whole state, including the center and zoom that the last
/// gesture chose, from which a resize derives the shown view.
///
/// A viewport wider than the world at its zoom shows several copies of a place; a point is
/// placed on the copy nearest the center, so near the viewport's edges a pan may move a place
/// to another copy, a whole world width away.
public struct MapCamera: Hashable, Sendable {
    /// The largest viewport dimension, in points (about a thousand phone screens). It keeps
    /// every intermediate value finite.
    public static let maximumViewportPoints: Double = 1_000_000

    // What the last gesture (or the initializer) chose. Resizing derives the shown state from
    // it; every gesture sets it to the shown state it produced.
    @usableFromInline var requestedX: Double
    @usableFromInline var requestedY: Double
    @usableFromInline var requestedZoom: Double

    // The shown state: the requested one after the constraints for this viewport.
    @usableFromInline var centerX: Double
    @usableFromInline var centerY: Double

    /// The shown zoom level, within ``limits``.
    public private(set) var zoom: Double
    /// Points per Web Mercator metre at ``zoom``: 256 * 2^zoom / W.
    public private(set) var pointsPerMeter: Double
    /// The viewport width in points, in (0, ``maximumViewportPoints``].
    public private(set) var viewportWidth: Double
    /// The viewport height in points, in (0, ``maximumViewportPoints``].
    public private(set) var viewportHeight: Double
    /// The zoom levels the camera may show.
    public private(set) var limits: CameraZoomLimits
    // The lowest zoom this viewport may show: the minimum zoom, or the zoom at which the world
    // fills the viewport's height if that is higher. Derived from the viewport and the limits;
    // kept so that a gesture pays no logarithm for it.
    @usableFromInline var lowestShownZoom: Double

    // MARK: - Creating a camera

    /// A camera centred on a Web Mercator point.
    ///
    /// - Parameters:
    ///   - centerMercator: The center in metres; its easting wraps into the world, its
    ///     northing is clamped to the world (+-W/2), then the constraints apply.
    ///   - zoom: A finite zoom level; clamped into `limits`.
    ///   - viewportWidth: Points, finite, in (0, ``maximumViewportPoints``].
    ///   - viewportHeight: Points, finite, in (0, ``maximumViewportPoints``].
    ///   - limits: The zoom limits (default 0 to 22).
    /// - Throws: ``ProjectionError/invalidMercator(x:y:)``,
    ///   ``ProjectionError/invalidZoom(name:value:minimum:maximum:)`` or
    ///   ``ProjectionError/invalidViewportSize(name:value:)``.
    public init(
        centerMercator: MercatorPoint, zoom: Double, viewportWidth: Double, viewportHeight: Double,
        limits: CameraZoomLimits = .default
    ) throws(ProjectionError) {
        guard centerMercator.x.isFinite, centerMercator.y.isFinite else {
            throw .invalidMercator(x: centerMercator.x, y: centerMercator.y)
        }
        guard zoom.isFinite else {
            throw .invalidZoom(name: "zoom", value: zoom, minimum: limits.minimumZoom, maximum: limits.maximumZoom)
        }
        try Self.validateViewport(width: viewportWidth, height: viewportHeight)
        let half = WebMercator.worldWidthMeters / 2
        self.init(
            requestedX: Self.wrapped(centerMercator.x), requestedY: min(max(centerMercator.y, -half), half),
            requestedZoom: limits.clamp(zoom), viewportWidth: viewportWidth, viewportHeight: viewportHeight,
            limits: limits)
    }

    /// A camera centred on a coordinate (projected through PROJ; latitudes beyond
    /// +-85.0511287798066 are clamped, then the constraints apply).
    ///
    /// - Throws: As ``init(centerMercator:zoom:viewportWidth:viewportHeight:limits:)``, or a
    ///   PROJ error.
    public init(
        center: Coordinate, zoom: Double, viewportWidth: Double, viewportHeight: Double,
        limits: CameraZoomLimits = .default, transformer: WebMercatorTransformer
    ) throws(ProjectionError) {
        try Self.validateViewport(width: viewportWidth, height: viewportHeight)
        try self.init(
            centerMercator: try transformer.project(center), zoom: zoom,
            viewportWidth: viewportWidth, viewportHeight: viewportHeight, limits: limits)
    }

    /// A camera that shows a whole region: centred on the region's center, at the largest
    /// zoom where the region's bounds fit the viewport (the scale of ``PreviewFrame``), then
    /// clamped into `limits` and constrained.
    ///
    /// Use `CoordinateRegion.userVicinity(around:)` for the 10 km around the user,
    /// and `CoordinateRegion.locationUnavailableDefault` when location permission is
    /// denied.
    ///
    /// - Throws: ``ProjectionError/invalidViewportSize(name:value:)`` or a PROJ error.
    public init(
        fitting region: CoordinateRegion, viewportWidth: Double, viewportHeight: Double,
        limits: CameraZoomLimits = .default, transformer: WebMercatorTransformer
    ) throws(ProjectionError) {
        try Self.validateViewport(width: viewportWidth, height: viewportHeight)
        let frame = try PreviewFrame(
            region: region, widthPoints: viewportWidth, heightPoints: viewportHeight, transformer: transformer)
        try self.init(
            centerMercator: frame.centerMercator, zoom: Self.zoom(pointsPerMeter: frame.pointsPerMeter),
            viewportWidth: viewportWidth, viewportHeight: viewportHeight, limits: limits)
    }

    /// The designated initializer: a requested state, valid by construction, and the shown
    /// state derived from it.
    init(
        requestedX: Double, requestedY: Double, requestedZoom: Double,
        viewportWidth: Double, viewportHeight: Double, limits: CameraZoomLimits
    ) {
        self.requestedX = requestedX
        self.requestedY = requestedY
        self.requestedZoom = requestedZoom
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.limits = limits
        lowestShownZoom = Self.lowestShownZoom(viewportHeight: viewportHeight, limits: limits)
        (centerX, centerY, zoom, pointsPerMeter) = Self.constrained(
            x: requestedX, y: requestedY, zoom: requestedZoom, lowestZoom: lowestShownZoom,
            viewportHeight: viewportHeight, limits: limits, scaleIfUnclamped: nil)
    }

    // MARK: - Reading the camera

    /// The shown center in Web Mercator metres (easting in [-W/2, W/2)).
    @inlinable
    public var centerMercator: MercatorPoint { MercatorPoint(x: centerX, y: centerY) }

    /// The width of the whole world at ``zoom``, in points: 256 * 2^zoom.
    @inlinable
    public var worldWidthPoints: Double { pointsPerMeter * WebMercator.worldWidthMeters }

    /// The shown center as a coordinate (inverse Web Mercator through PROJ; longitude in
    /// [-180, 180)).
    ///
    /// - Throws: A PROJ error (which a valid camera does not produce in practice).
    public func centerCoordinate(transformer: WebMercatorTransformer) throws(ProjectionError) -> Coordinate {
        try transformer.coordinate(for: centerMercator)
    }

    // MARK: - Gestures

    /// Zooms by `scale` around `anchor`: the coordinate under the anchor stays under it (to
    /// 1e-6 points), also when a zoom limit clamps the factor. Only the world-edge constraint
    /// may move it, when the zoomed view would show beyond the world north or south.
    ///
    /// - Parameters:
    ///   - scale: The pinch factor, finite and > 0 (2 doubles the scale; zoom += log2(scale)).
    ///   - anchor: The point between the fingers, in viewport points.
    /// - Throws: ``ProjectionError/invalidPinchScale(_:)`` or
    ///   ``ProjectionError/invalidScreenPoint(name:x:y:xRange:yRange:)``; the camera is then unchanged.
    public mutating func pinch(scale: Double, anchor: ScreenPoint) throws(ProjectionError) {
        guard scale.isFinite, scale > 0 else { throw .invalidPinchScale(scale) }
        try validate(anchor, name: "pinch anchor")
        zoom(to: zoom + log2(scale), around: anchor)
    }

    /// Moves the content by a finger's translation: every coordinate on screen moves by
    /// exactly (`dx`, `dy`) points, unless the world's north or south edge stops it. The
    /// center's easting wraps around the antimeridian, so any finite pan is valid.
    ///
    /// - Throws: ``ProjectionError/invalidTranslation(dx:dy:)`` for a non-finite translation;
    ///   the camera is then unchanged.
    public mutating func pan(dx: Double, dy: Double) throws(ProjectionError) {
        guard dx.isFinite, dy.isFinite else { throw .invalidTranslation(dx: dx, dy: dy) }
        let worldPoints = worldWidthPoints
        // Whole worlds of eastward pan change nothing: drop them exactly (IEEE remainder is
        // exact) so that a pan of 1e12 points never loses the center to rounding or overflow.
        // Two world heights of northward pan reach either edge from anywhere.
        let eastward = abs(dx) <= worldPoints / 2 ? dx : dx.remainder(dividingBy: worldPoints)
        let southward = min(max(dy, -2 * worldPoints), 2 * worldPoints)
        commit(x: centerX - eastward / pointsPerMeter, y: centerY + southward / pointsPerMeter, zoom: zoom, scale: pointsPerMeter)
    }

    /// Zooms in one level (the scale doubles) around the tapped point, which stays under the
    /// finger. At the maximum zoom the camera stays where it is.
    ///
    /// - Throws: ``ProjectionError/invalidScreenPoint(name:x:y:xRange:yRange:)``; the camera is then
    ///   unchanged.
    public mutating func doubleTap(at point: ScreenPoint) throws(ProjectionError) {
        try validate(point, name: "double-tap point")
        zoom(to: zoom + 1, around: point)
    }

    /// Changes the viewport size (rotation, split view). The center and zoom that the last
    /// gesture chose are kept, and the shown state is derived from them for the new size, so
    /// resizing back gives exactly the camera before.
    ///
    /// - Throws: ``ProjectionError/invalidViewportSize(name:value:)``; the camera is then
    ///   unchanged.
    public mutating func resize(width: Double, height: Double) throws(ProjectionError) {
        try Self.validateViewport(width: width, height: height)
        viewportWidth = width
        viewportHeight = height
        lowestShownZoom = Self.lowestShownZoom(viewportHeight: height, limits: limits)
        (centerX, centerY, zoom, pointsPerMeter) = Self.constrained(
            x: requestedX, y: requestedY, zoom: requestedZoom, lowestZoom: lowestShownZoom,
            viewportHeight: height, limits: limits, scaleIfUnclamped: nil)
    }

    /// Shows a whole region in the current viewport: see
    /// ``init(fitting:viewportWidth:viewportHeight:limits:transformer:)``.
    ///
    /// - Throws: A PROJ error; the camera is then unchanged.
    public mutating func fit(_ region: CoordinateRegion, transformer: WebMercatorTransformer) throws(ProjectionError) {
        self = try MapCamera(
            fitting: region, viewportWidth: viewportWidth, viewportHeight: viewportHeight,
            limits: limits, transformer: transformer)
    }

    /// Replaces the zoom limits; the zoom that the last gesture chose is clamped into them.
    public mutating func setLimits(_ limits: CameraZoomLimits) {
        self = MapCamera(
            requestedX: requestedX, requestedY: requestedY, requestedZoom: limits.clamp(requestedZoom),
            viewportWidth: viewportWidth, viewportHeight: viewportHeight, limits: limits)
    }

    // MARK: - Screen space

    /// The viewport point of a Web Mercator point, on the world copy nearest the center.
    /// Affine; calls no PROJ. For many points per frame, use ``ProjectedPins`` and
    /// `place(_:into:)`, which validate once.
    ///
    /// - Throws: ``ProjectionError/mercatorOutsideWorld(x:y:)`` for a point that is not finite
    ///   or lies outside the world (|x| or |y| beyond W/2, see ``WebMercator/isOnWorld(_:)``).
    @inlinable
    public func point(forMercator mercator: MercatorPoint) throws(ProjectionError) -> ScreenPoint {
        guard WebMercator.isOnWorld(mercator) else {
            throw .mercatorOutsideWorld(x: mercator.x, y: mercator.y)
        }
        let dx = Self.nearestCopyOffset(mercator.x - centerX)
        let dy = mercator.y - centerY
        return ScreenPoint(x: viewportWidth / 2 + dx * pointsPerMeter, y: viewportHeight / 2 - dy * pointsPerMeter)
    }

    /// The Web Mercator point under a viewport point (easting wrapped into [-W/2, W/2]).
    /// Affine; the inverse of ``point(forMercator:)``.
    ///
    /// - Throws: ``ProjectionError/invalidScreenPoint(name:x:y:xRange:yRange:)`` for a point
    ///   that is not finite or lies more than one viewport size beyond the viewport.
    public func mercator(at point: ScreenPoint) throws(ProjectionError) -> MercatorPoint {
        try validate(point, name: "screen point")
        return MercatorPoint(
            x: Self.wrapped(centerX + Self.eastingOffset(point.x - viewportWidth / 2, pointsPerMeter: pointsPerMeter)),
            y: centerY - (point.y - viewportHeight / 2) / pointsPerMeter)
    }

    /// The viewport point of a coordinate (project: through PROJ, then affine).
    ///
    /// - Throws: A PROJ error (which a valid coordinate does not produce in practice).
    public func point(for coordinate: Coordinate, transformer: WebMercatorTransformer) throws(ProjectionError) -> ScreenPoint {
        try point(forMercator: try transformer.project(coordinate))
    }

    /// The coordinate under a viewport point (unproject: affine, then inverse Web Mercator
    /// through PROJ; longitude in [-180, 180)). A point beyond the world's north or south edge
    /// gets a latitude beyond +-85.0511287798066, never beyond +-90.
    ///
    /// - Throws: ``ProjectionError/invalidScreenPoint(name:x:y:xRange:yRange:)`` or a PROJ
    ///   error.
    public func coordinate(at point: ScreenPoint, transformer: WebMercatorTransformer) throws(ProjectionError) -> Coordinate {
        try transformer.coordinate(for: try mercator(at: point))
    }

    /// Whether a viewport point lies inside the viewport, edges included.
    @inlinable
    public func contains(_ point: ScreenPoint) -> Bool {
        point.x >= 0 && point.x <= viewportWidth && point.y >= 0 && point.y <= viewportHeight
    }

    /// The latitude/longitude box the viewport shows. West > east when it crosses the
    /// antimeridian; all longitudes (-180 to 180) when the viewport is at least as wide as
    /// the world; north and south never beyond +-85.0511287798066.
    ///
    /// - Throws: A PROJ error (which a valid camera does not produce in practice).
    public func visibleBounds(transformer: WebMercatorTransformer) throws(ProjectionError) -> CoordinateBounds {
        let world = WebMercator.worldWidthMeters
        let halfWidth = viewportWidth / 2 / pointsPerMeter
        let halfHeight = viewportHeight / 2 / pointsPerMeter
        let northY = min(centerY + halfHeight, world / 2)
        let southY = max(centerY - halfHeight, -world / 2)
        let north = try transformer.coordinate(for: MercatorPoint(x: 0, y: northY)).latitude
        let south = try transformer.coordinate(for: MercatorPoint(x: 0, y: southY)).latitude
        var west = -180.0, east = 180.0
        if 2 * halfWidth < world {
            let westX = WebMercator.nearestCopyOffset(centerX - halfWidth)
            let eastX = WebMercator.nearestCopyOffset(centerX + halfWidth)
            west = try transformer.coordinate(for: MercatorPoint(x: westX, y: 0)).longitude
            east = try transformer.coordinate(for: MercatorPoint(x: eastX, y: 0)).longitude
            // An eastern edge on the antimeridian is 180, not -180.
            if east == -180 { east = 180 }
        }
        do {
            return try CoordinateBounds(south: south, north: north, west: west, east: east)
        } catch {
            throw .invalidInput(error)
        }
    }

    // MARK: - Constraints

    /// Points per Web Mercator metre at zoom `zoom`: 256 * 2^zoom / W.
    @inlinable
    static func pointsPerMeter(zoom: Double) -> Double {
        256 * exp2(zoom) / WebMercator.worldWidthMeters
    }

    /// The zoom level at which the world has `pointsPerMeter` points per Mercator metre.
    static func zoom(pointsPerMeter: Double) -> Double {
        log2(pointsPerMeter * WebMercator.worldWidthMeters / 256)
    }

    /// The constraint step: the zoom within the limits and at least high enough that the
    /// world is as tall as the viewport; the northing kept so the view stays inside the world
    /// (or 0 when the world is shorter than the viewport even at the maximum zoom); the
    /// easting wrapped into [-W/2, W/2). Idempotent: its result is its own fixed point.
    static func constrained(
        x: Double, y: Double, zoom: Double, viewportHeight: Double, limits: CameraZoomLimits
    ) -> (x: Double, y: Double, zoom: Double, pointsPerMeter: Double) {
        constrained(
            x: x, y: y, zoom: zoom, lowestZoom: lowestShownZoom(viewportHeight: viewportHeight, limits: limits),
            viewportHeight: viewportHeight, limits: limits, scaleIfUnclamped: nil)
    }

    /// The lowest zoom a viewport may show: the world is 256 * 2^z points tall, so at least the
    /// viewport's height from log2(height / 256) on; never below the minimum zoom.
    static func lowestShownZoom(viewportHeight: Double, limits: CameraZoomLimits) -> Double {
        max(limits.minimumZoom, log2(viewportHeight / 256))
    }

    /// The constraint step with its lowest zoom already known, and the scale at `zoom` when
    /// the caller has it (used only if the clamp leaves `zoom` unchanged; it must be
    /// `pointsPerMeter(zoom:)` of it). Same result, bit for bit, as computing both here.
    static func constrained(
        x: Double, y: Double, zoom: Double, lowestZoom: Double, viewportHeight: Double, limits: CameraZoomLimits,
        scaleIfUnclamped: Double?
    ) -> (x: Double, y: Double, zoom: Double, pointsPerMeter: Double) {
        let world = WebMercator.worldWidthMeters
        let clamped = min(max(zoom, lowestZoom), limits.maximumZoom)
        let scale = clamped == zoom ? scaleIfUnclamped ?? pointsPerMeter(zoom: clamped) : pointsPerMeter(zoom: clamped)
        let zoom = clamped
        let northmost = world / 2 - viewportHeight / 2 / scale
        let y = northmost > 0 ? min(max(y, -northmost), northmost) : 0
        return (wrapped(x), y, zoom, scale)
    }

    /// Zooms to `target` (clamped as the constraints require) keeping the Mercator point
    /// under `anchor` fixed, then applies the constraints.
    private mutating func zoom(to target: Double, around anchor: ScreenPoint) {
        let newZoom = min(max(target, lowestShownZoom), limits.maximumZoom)
        // A pinch that cannot change the zoom (a factor of 1, or clamped at a limit) leaves
        // the camera exactly as it is, including what a resize would restore.
        guard newZoom != zoom else { return }
        let newScale = Self.pointsPerMeter(zoom: newZoom)
        let dx = anchor.x - viewportWidth / 2
        let dy = anchor.y - viewportHeight / 2
        // The anchor's Mercator point is c + (dx, -dy)/s; the new center puts it at the same
        // offset at the new scale: c' = (c + (dx, -dy)/s) - (dx, -dy)/s'. Written as these two
        // steps, consecutive pinches around one anchor add back exactly the value the previous
        // pinch subtracted, so their roundings cancel instead of accumulating: a million
        // alternating pinches leave the anchored coordinate within 1e-8 points (BAD_INPUTS
        // row 28 test). Forming the anchor's Mercator point first and rounding it would not.
        // Eastward offsets are first reduced to within half a world (exactly: IEEE remainder),
        // so that an anchor far out in a wide viewport at a low zoom does not push the sum to
        // many world widths, where its rounding would be visible at a high zoom. Northward
        // offsets stay within a world height or so: the world fills the viewport's height
        // and the anchor lies within one viewport size of it.
        let x = (centerX + Self.eastingOffset(dx, pointsPerMeter: pointsPerMeter))
            - Self.eastingOffset(dx, pointsPerMeter: newScale)
        let y = (centerY - dy / pointsPerMeter) + dy / newScale
        commit(x: x, y: y, zoom: newZoom, scale: newScale)
    }

    /// Makes a gesture's result the requested state and shows it constrained; the requested
    /// state becomes what is shown. A gesture that changes nothing shown (a pan of zero, a pan
    /// against the world's edge) changes nothing at all, so touching the map between two
    /// rotations does not lose what the rotation back restores.
    private mutating func commit(x: Double, y: Double, zoom newZoom: Double, scale: Double) {
        let shown = Self.constrained(
            x: x, y: y, zoom: newZoom, lowestZoom: lowestShownZoom, viewportHeight: viewportHeight, limits: limits,
            scaleIfUnclamped: scale)
        guard shown.x != centerX || shown.y != centerY || shown.zoom != zoom else { return }
        (centerX, centerY, zoom, pointsPerMeter) = shown
        requestedX = centerX
        requestedY = centerY
        requestedZoom = zoom
    }

    /// An easting difference between two points on the world (so within [-W, W], give or take
    /// a micrometre) moved to the world copy nearest 0: dx - W round(dx / W), with the
    /// rounding done by adding and subtracting 1.5 * 2^52 (round to nearest, ties to even:
    /// exact for |dx / W| below 2^51). Pure arithmetic without a branch or a libm call, so the
    /// per-pin loop of `place(_:into:)` vectorizes; `point(forMercator:)` uses the same
    /// formula, so both give the same bits.
    @inlinable
    static func nearestCopyOffset(_ dx: Double) -> Double {
        let world = WebMercator.worldWidthMeters
        let roundingShift = 6_755_399_441_055_744.0  // 1.5 * 2^52
        let copies = (dx * (1 / world) + roundingShift) - roundingShift
        return dx - copies * world
    }

    /// An easting wrapped into [-W/2, W/2). Exact: IEEE `remainder` is exact, and so is
    /// adding or subtracting one world to a value between half a world and a world.
    @usableFromInline
    static func wrapped(_ x: Double) -> Double {
        let world = WebMercator.worldWidthMeters
        var x = x
        if !(x >= -world / 2 && x < world / 2) { x = x.remainder(dividingBy: world) }
        return x >= world / 2 ? x - world : x
    }

    // MARK: - Validation

    static func validateViewport(width: Double, height: Double) throws(ProjectionError) {
        guard width.isFinite, width > 0, width <= maximumViewportPoints else {
            throw .invalidViewportSize(name: "width", value: width)
        }
        guard height.isFinite, height > 0, height <= maximumViewportPoints else {
            throw .invalidViewportSize(name: "height", value: height)
        }
    }

    /// A gesture or screen point must be finite and lie within the viewport or at most one
    /// viewport size beyond each edge (fingers are on the screen; the margin serves
    /// programmatic zooms about nearby points). It bounds every offset the camera computes.
    func validate(_ point: ScreenPoint, name: String) throws(ProjectionError) {
        let xRange = -viewportWidth...(2 * viewportWidth)
        let yRange = -viewportHeight...(2 * viewportHeight)
        guard xRange.contains(point.x), yRange.contains(point.y) else {
            throw .invalidScreenPoint(name: name, x: point.x, y: point.y, xRange: xRange, yRange: yRange)
        }
    }

    /// The Mercator easting offset of `points` screen points at `pointsPerMeter`, reduced
    /// exactly to within half a world (the same place on the nearest world copy).
    static func eastingOffset(_ points: Double, pointsPerMeter: Double) -> Double {
        let meters = points / pointsPerMeter
        let world = WebMercator.worldWidthMeters
        // The remainder of a value already within half a world is the value itself; skipping
        // the libm call there keeps a pinch at phone sizes cheap.
        return abs(meters) <= world / 2 ? meters : meters.remainder(dividingBy: world)
    }
}
