import GeoMath

/// The landing page's static map snapshot: a Web Mercator frame that keeps a whole geodesic
/// circle (the 10 km around the user) visible, and the placement of coordinates in it, in
/// points.
///
/// The frame is the transform of the shared fitting rule (see ``MercatorCamera/init(fitting:widthPoints:heightPoints:limits:)``): centred
/// on the circle's center at the largest scale at which the circle's bounds stay visible,
///
///     s = min( (w/2) / max(Xeast - Xc, Xc - Xwest), (h/2) / max(Ynorth - Yc, Yc - Ysouth) )
///     point(P) = ( w/2 + (X(P) - Xc) s,  h/2 - (Y(P) - Yc) s )
///
/// with X(P) on the world copy nearest the center. This is what
/// `MKMapSnapshotter.Snapshot.point(for:)` does for a snapshot of the frame's map rectangle,
/// exactly and testably: snapshot the ``MercatorCamera/mapKitVisibleMapRect`` of
/// `MercatorCamera(fitting: circle, widthPoints:heightPoints:)` at the frame's size, which
/// shows exactly this frame (not the circle's region, which MapKit fits by its own rule).
/// The frame never shows beyond the Web Mercator world: near the poles the center
/// moves so that the world's edge is the frame's edge, and a user beyond 85.0511287798066
/// degrees is shown at that edge, exactly as `MercatorCamera(fitting:...)` shows them.
public struct PreviewFrame: Hashable, Sendable {
    /// The circle the frame keeps visible; its center is the user.
    public let circle: GeodesicCircle
    /// Pixels per point of the display (> 0).
    public let displayScale: Double
    /// The frame's placement: center, scale and size.
    public let transform: ScreenTransform

    /// The largest display scale, in pixels per point (phones use 1 to 3). With frame sizes up
    /// to 1 000 000 points it keeps ``pixelsPerMercatorMeter`` finite.
    public static let maximumDisplayScale: Double = 100

    /// The default aspect of the landing page's preview: 16:9, so height = width * 9 / 16.
    public static let defaultAspectRatio = 16.0 / 9.0

    /// The narrowest frame without a given height, in points: 16/9, whose 16:9 height is 1.
    static let smallest16By9WidthPoints = defaultAspectRatio

    /// Builds the frame that keeps `circle` visible.
    ///
    /// - Parameters:
    ///   - circle: The circle to show, e.g. `GeodesicCircle.userVicinity(around:)`.
    ///   - widthPoints: Frame width in points, in [1, 1 000 000] (the full screen width); with
    ///     no height, in [16/9, 1 000 000], so that the height is at least 1 point.
    ///   - heightPoints: Frame height in points, in [1, 1 000 000]; nil for 16:9 (width * 9/16).
    ///   - displayScale: Pixels per point, in (0, 100] (1, 2 or 3 on phones).
    /// - Throws: `GeometryError/invalidSize(name:value:range:)` or
    ///   `GeometryError/invalidDisplayScale(_:maximum:)`.
    public init(
        circle: GeodesicCircle, widthPoints: Double, heightPoints: Double? = nil, displayScale: Double = 1
    ) throws(GeometryError) {
        // Width * 9 / 16, as documented: one rounding (the product; the division by 16 is
        // exact). Divided by the rounded 16/9 instead, the height was a last bit above it for a
        // third of fractional widths (1.8750000000000002 for 10/3 points, not 1.875).
        let height = heightPoints ?? widthPoints * 9 / 16
        // Without a height, the error is about the width the caller gave, not a height of
        // theirs: a 16:9 frame is at least 16/9 points wide, its height then 1 point exactly.
        if heightPoints == nil, widthPoints.isFinite, widthPoints < Self.defaultAspectRatio {
            throw .invalidSize(name: "width of a 16:9 frame", value: widthPoints, range: Self.smallest16By9WidthPoints...ScreenTransform.sizeRangePoints.upperBound)
        }
        try ScreenTransform.validateSize(width: widthPoints, height: height)
        guard displayScale.isFinite, displayScale > 0, displayScale <= Self.maximumDisplayScale else {
            throw .invalidDisplayScale(displayScale, maximum: Self.maximumDisplayScale)
        }
        self.circle = circle
        self.displayScale = displayScale
        self.transform = ScreenTransform.fitting(circle, widthPoints: widthPoints, heightPoints: height)
    }

    /// Frame width in points.
    public var widthPoints: Double { transform.widthPoints }
    /// Frame height in points.
    public var heightPoints: Double { transform.heightPoints }
    /// The frame's center in Web Mercator metres.
    public var centerMercator: MercatorPoint { transform.centerMercator }
    /// The frame's scale s: points per Web Mercator metre.
    public var pointsPerMercatorMeter: Double { transform.pointsPerMercatorMeter }
    /// Pixels per Web Mercator metre: ``pointsPerMercatorMeter`` times ``displayScale``.
    public var pixelsPerMercatorMeter: Double { pointsPerMercatorMeter * displayScale }

    /// The frame point of a Web Mercator point, in points (on the world copy nearest the
    /// center). Affine; calls no PROJ.
    public func point(for mercator: MercatorPoint) -> ScreenPoint { transform.point(for: mercator) }

    /// The frame point of a coordinate, in points (projected through PROJ, then placed).
    public func point(for coordinate: Coordinate) -> ScreenPoint { transform.point(for: coordinate) }

    /// The Web Mercator point under a frame point (see ``ScreenTransform/mercatorPoint(at:)``).
    ///
    /// - Throws: `GeometryError/invalidScreenPoint(name:x:y:xRange:yRange:)`.
    public func mercatorPoint(at point: ScreenPoint) throws(GeometryError) -> MercatorPoint {
        try transform.mercatorPoint(at: point)
    }

    /// The coordinate under a frame point (longitude in [-180, 180)).
    ///
    /// - Throws: `GeometryError/invalidScreenPoint(name:x:y:xRange:yRange:)`.
    public func coordinate(at point: ScreenPoint) throws(GeometryError) -> Coordinate {
        try transform.coordinate(at: point)
    }

    /// Whether a frame point lies inside the frame, edges included, to within
    /// ``ScreenTransform/edgeTolerancePoints`` (1e-6 points) beyond them: the placement's
    /// accuracy, so that a place on the edge is in the frame.
    public func contains(_ point: ScreenPoint) -> Bool { transform.contains(point) }
}
