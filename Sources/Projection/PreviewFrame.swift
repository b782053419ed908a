import GeoMath

/// The landing page's static map snapshot: a Web Mercator frame centered on the user that
/// keeps a whole region visible, and the placement of coordinates in it, in points.
///
/// With Xc, Yc the Mercator coordinates of the center, and the region's bounds clamped and
/// projected (longitudes unwrapped around the center; all longitudes count as W/2 either way),
///
///     s = min( (w/2) / max(Xeast - Xc, Xc - Xwest), (h/2) / max(Ynorth - Yc, Yc - Ysouth) )
///     point(P) = ( w/2 + (X(P) - Xc) s,  h/2 - (Y(P) - Yc) s )
///
/// with X(P) taken on the world copy nearest the center. A zero extent never divides: the other
/// dimension decides. This is what `MKMapSnapshotter.Snapshot.point(for:)` does for a snapshot
/// of that region, exactly and testably.
public struct PreviewFrame: Hashable, Sendable {
    /// The region the frame keeps visible; its center is the frame's center.
    public let region: CoordinateRegion
    /// Frame width in points (> 0).
    public let widthPoints: Double
    /// Frame height in points (> 0).
    public let heightPoints: Double
    /// Pixels per point of the display (> 0).
    public let displayScale: Double
    /// The center in Web Mercator metres.
    public let centerMercator: MercatorPoint
    /// The frame's scale s: points per Web Mercator metre.
    public let pointsPerMeter: Double

    /// Pixels per Web Mercator metre: ``pointsPerMeter`` times ``displayScale``.
    public var pixelsPerMeter: Double { pointsPerMeter * displayScale }

    /// The frame sizes accepted, in points: at least 1 point (a smaller frame shows nothing and
    /// its scale could underflow to 0), at most ``MapCamera/maximumViewportPoints``.
    public static let sizeRangePoints: ClosedRange<Double> = 1...MapCamera.maximumViewportPoints

    /// The largest frame scale, in points per Web Mercator metre (a millimetre is a billion
    /// points). A region of radius 1e-6 m in the largest frame needs about 5e11. The cap keeps
    /// every point, pixel and inverse finite; with the smallest frame (1 point) and the whole
    /// world, the scale is at least 2.5e-8.
    public static let maximumPointsPerMeter: Double = 1e12

    /// The largest display scale, in pixels per point (phones use 1 to 3). With frame sizes up
    /// to ``MapCamera/maximumViewportPoints`` it keeps ``pixelsPerMeter`` finite.
    public static let maximumDisplayScale: Double = 100

    /// The default aspect of the landing page's preview: 16:9, so height = width * 9 / 16.
    public static let defaultAspectRatio = 16.0 / 9.0

    /// Builds the frame that keeps `region` visible, centered on its center.
    ///
    /// - Parameters:
    ///   - region: The region to show, e.g. `CoordinateRegion.userVicinity(around:)`.
    ///   - widthPoints: Frame width in points, in [1, 1 000 000] (the full screen width).
    ///   - heightPoints: Frame height in points, in [1, 1 000 000]; nil for 16:9 (width * 9/16).
    ///   - displayScale: Pixels per point, in (0, 100] (1, 2 or 3 on phones).
    ///   - transformer: Projects the center and the bounds through PROJ.
    /// - Throws: ``ProjectionError/invalidSize(name:value:)``,
    ///   ``ProjectionError/invalidDisplayScale(_:)``, or a PROJ error.
    public init(
        region: CoordinateRegion, widthPoints: Double, heightPoints: Double? = nil, displayScale: Double = 1,
        transformer: WebMercatorTransformer
    ) throws(ProjectionError) {
        let sizes = Self.sizeRangePoints
        guard sizes.contains(widthPoints) else { throw .invalidSize(name: "width", value: widthPoints) }
        let height = heightPoints ?? widthPoints / Self.defaultAspectRatio
        guard sizes.contains(height) else { throw .invalidSize(name: "height", value: height) }
        guard displayScale.isFinite, displayScale > 0, displayScale <= Self.maximumDisplayScale else {
            throw .invalidDisplayScale(displayScale)
        }

        let bounds = region.bounds
        let center = try transformer.project(region.center)
        // Latitudes of the bounds, clamped by project(); longitudes don't matter for y.
        let north = try transformer.project(try validCoordinate(bounds.north, region.center.longitude))
        let south = try transformer.project(try validCoordinate(bounds.south, region.center.longitude))
        let halfWidthMeters: Double
        if bounds.spansAllLongitudes {
            halfWidthMeters = WebMercator.worldWidthMeters / 2
        } else {
            let east = try transformer.project(try validCoordinate(region.center.latitude, bounds.east))
            let west = try transformer.project(try validCoordinate(region.center.latitude, bounds.west))
            // Unwrapped around the center: east lies east of it, west west of it, each less than
            // half a world away (a region's half-width is below 180 degrees).
            let eastward = Self.positiveOffset(east.x - center.x)
            let westward = Self.positiveOffset(center.x - west.x)
            halfWidthMeters = max(eastward, westward)
        }
        let halfHeightMeters = max(north.y - center.y, center.y - south.y)

        var scale = Double.infinity
        if halfWidthMeters > 0 { scale = min(scale, (widthPoints / 2) / halfWidthMeters) }
        if halfHeightMeters > 0 { scale = min(scale, height / 2 / halfHeightMeters) }
        if !scale.isFinite || scale <= 0 {
            // Both extents zero cannot come from a valid region (radius > 0); fall back to the
            // whole world's width rather than divide by zero.
            scale = widthPoints / WebMercator.worldWidthMeters
        }
        // A region far smaller than a point (radius 1e-300 m) would ask for a scale whose
        // products overflow; the frame then shows more than the region, at the largest scale.
        scale = min(scale, Self.maximumPointsPerMeter)

        self.region = region
        self.widthPoints = widthPoints
        self.heightPoints = height
        self.displayScale = displayScale
        self.centerMercator = center
        self.pointsPerMeter = scale
    }

    /// An easting difference taken modulo the world width into [0, W).
    private static func positiveOffset(_ dx: Double) -> Double {
        let r = dx.truncatingRemainder(dividingBy: WebMercator.worldWidthMeters)
        return r < 0 ? r + WebMercator.worldWidthMeters : r
    }

    /// The frame point, in points, of a Web Mercator point (on the world copy nearest the
    /// center). Affine; calls no PROJ.
    ///
    /// - Throws: ``ProjectionError/mercatorOutsideWorld(x:y:)`` for a point that is not finite
    ///   or lies outside the world (see ``WebMercator/isOnWorld(_:)``).
    @inlinable
    public func point(forMercator mercator: MercatorPoint) throws(ProjectionError) -> ScreenPoint {
        guard WebMercator.isOnWorld(mercator) else { throw .mercatorOutsideWorld(x: mercator.x, y: mercator.y) }
        let dx = WebMercator.nearestCopyOffset(mercator.x - centerMercator.x)
        return ScreenPoint(
            x: widthPoints / 2 + dx * pointsPerMeter,
            y: heightPoints / 2 - (mercator.y - centerMercator.y) * pointsPerMeter)
    }

    /// The frame point of a coordinate, in points (projected through PROJ, then placed).
    ///
    /// - Throws: A PROJ error (never for a valid coordinate in practice).
    public func point(for coordinate: Coordinate, transformer: WebMercatorTransformer) throws(ProjectionError) -> ScreenPoint {
        try point(forMercator: try transformer.project(coordinate))
    }

    /// The Web Mercator point under a frame point: the inverse of ``point(forMercator:)``.
    ///
    /// - Throws: ``ProjectionError/invalidScreenPoint(name:x:y:xRange:yRange:)`` for a point
    ///   that is not finite or lies more than one frame size beyond the frame.
    public func mercator(for point: ScreenPoint) throws(ProjectionError) -> MercatorPoint {
        let xRange = -widthPoints...(2 * widthPoints), yRange = -heightPoints...(2 * heightPoints)
        guard xRange.contains(point.x), yRange.contains(point.y) else {
            throw .invalidScreenPoint(name: "frame point", x: point.x, y: point.y, xRange: xRange, yRange: yRange)
        }
        return MercatorPoint(
            x: centerMercator.x + (point.x - widthPoints / 2) / pointsPerMeter,
            y: centerMercator.y - (point.y - heightPoints / 2) / pointsPerMeter)
    }

    /// The coordinate under a frame point (longitude wrapped into [-180, 180)).
    ///
    /// - Throws: ``ProjectionError/invalidScreenPoint(name:x:y:xRange:yRange:)`` or a PROJ
    ///   error.
    public func coordinate(for point: ScreenPoint, transformer: WebMercatorTransformer) throws(ProjectionError) -> Coordinate {
        try transformer.coordinate(for: try mercator(for: point))
    }

    /// Whether a frame point lies inside the frame, edges included.
    @inlinable
    public func contains(_ point: ScreenPoint) -> Bool {
        point.x >= 0 && point.x <= widthPoints && point.y >= 0 && point.y <= heightPoints
    }
}

/// A coordinate from a region's own values (valid by construction), in the module's error type.
func validCoordinate(_ latitude: Double, _ longitude: Double) throws(ProjectionError) -> Coordinate {
    do {
        return try Coordinate(latitude: latitude, longitude: longitude)
    } catch {
        throw .invalidInput(error)
    }
}
