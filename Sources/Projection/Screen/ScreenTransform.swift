import GeoMath

/// The one map from the Web Mercator world to a screen: a center, a scale and a size. The
/// preview frame and the camera both place everything through it.
///
/// With (Xc, Yc) the center in Mercator metres, s the scale in points per Mercator metre and
/// w x h the screen in points (origin top-left, y down):
///
///     point(P) = ( w/2 + (X(P) - Xc) s,  h/2 - (Y(P) - Yc) s )
///
/// with X(P) taken on the world copy nearest the center (a shift by whole world widths,
/// computed by exact rounding arithmetic). Affine; calls no PROJ except to project a
/// `Coordinate` first.
public struct ScreenTransform: Hashable, Sendable {
    /// The screen sizes accepted, in points: at least 1 point (a smaller screen shows nothing
    /// and its scale could underflow), at most 1 000 000 (about a thousand phone screens),
    /// which keeps every intermediate value finite.
    public static let sizeRangePoints: ClosedRange<Double> = 1...1_000_000

    @usableFromInline let centerX: Double
    @usableFromInline let centerY: Double
    /// The scale: screen points per Web Mercator metre.
    public let pointsPerMercatorMeter: Double
    /// The screen's width in points.
    public let widthPoints: Double
    /// The screen's height in points.
    public let heightPoints: Double

    /// A transform from values already valid (center on the world, finite positive scale,
    /// sizes in ``sizeRangePoints``).
    @inlinable
    init(centerX: Double, centerY: Double, pointsPerMercatorMeter: Double, widthPoints: Double, heightPoints: Double) {
        self.centerX = centerX
        self.centerY = centerY
        self.pointsPerMercatorMeter = pointsPerMercatorMeter
        self.widthPoints = widthPoints
        self.heightPoints = heightPoints
    }

    /// The Mercator point at the middle of the screen.
    public var centerMercator: MercatorPoint { MercatorPoint(uncheckedX: centerX, y: centerY) }

    // MARK: - World to screen

    /// The screen point of a Web Mercator point, on the world copy nearest the center.
    @inlinable
    public func point(for mercator: MercatorPoint) -> ScreenPoint {
        let dx = WebMercator.nearestCopyOffset(mercator.x - centerX)
        return ScreenPoint(
            x: widthPoints / 2 + dx * pointsPerMercatorMeter,
            y: heightPoints / 2 - (mercator.y - centerY) * pointsPerMercatorMeter)
    }

    /// The screen point of a coordinate: projected through PROJ, then placed.
    public func point(for coordinate: Coordinate) -> ScreenPoint {
        point(for: MercatorPoint(coordinate))
    }

    /// Writes the screen point of every pin into `output` (same order, same count), each on
    /// the world copy nearest the center. One affine pass over the cached Mercator
    /// coordinates: no PROJ call, no allocation.
    ///
    /// - Precondition: `output.count == pins.count`.
    @inlinable
    public func place(_ pins: ProjectedPins, into output: UnsafeMutableBufferPointer<ScreenPoint>) {
        precondition(output.count == pins.count, "place(_:into:) needs one output point per pin")
        let half = WebMercator.worldWidthMeters / 2
        let scale = pointsPerMercatorMeter
        let centerX = centerX, centerY = centerY
        let originX = widthPoints / 2, originY = heightPoints / 2
        // When every pin lies within a quarter world of the center (all of them near the
        // user, the usual case), no pin needs a shift and the loop is two multiply-adds per
        // pin. (Within a quarter world, nearestCopyOffset returns its argument unchanged, so
        // both loops give the same bits; half a world would be the exact limit, a quarter
        // keeps clear of its rounding.)
        if pins.eastingRange.upperBound - centerX < half / 2 && centerX - pins.eastingRange.lowerBound < half / 2 {
            pins.eastings.withUnsafeBufferPointer { eastings in
                pins.northings.withUnsafeBufferPointer { northings in
                    for index in 0..<eastings.count {
                        output[index] = ScreenPoint(
                            x: originX + (eastings[index] - centerX) * scale,
                            y: originY - (northings[index] - centerY) * scale)
                    }
                }
            }
            return
        }
        pins.eastings.withUnsafeBufferPointer { eastings in
            pins.northings.withUnsafeBufferPointer { northings in
                for index in 0..<eastings.count {
                    let dx = WebMercator.nearestCopyOffset(eastings[index] - centerX)
                    let dy = northings[index] - centerY
                    output[index] = ScreenPoint(x: originX + dx * scale, y: originY - dy * scale)
                }
            }
        }
    }

    /// Writes the screen point of every pin into `points`, resizing it only when its count
    /// differs from the pins'. A reused array that nothing else shares allocates nothing from
    /// the second frame on; if its storage is shared (a copy was kept elsewhere), writing
    /// copies it first. The buffer overload never allocates.
    @inlinable
    public func place(_ pins: ProjectedPins, into points: inout [ScreenPoint]) {
        if points.count != pins.count {
            points = Array(repeating: ScreenPoint(x: 0, y: 0), count: pins.count)
        }
        points.withUnsafeMutableBufferPointer { output in place(pins, into: output) }
    }

    // MARK: - Screen to world

    /// How far outside the screen a point may lie and still count as on it, in points: the
    /// placement's accuracy. A place exactly on the screen's edge (a polar user, whose frame
    /// ends at the world's edge) comes out within rounding of it, a few 1e-12 points either way.
    public static let edgeTolerancePoints: Double = 1e-6

    /// Whether a screen point lies on the screen, edges included (within
    /// ``edgeTolerancePoints``).
    @inlinable
    public func contains(_ point: ScreenPoint) -> Bool {
        let tolerance = Self.edgeTolerancePoints
        return point.x >= -tolerance && point.x <= widthPoints + tolerance
            && point.y >= -tolerance && point.y <= heightPoints + tolerance
    }

    /// The Web Mercator point under a screen point: the inverse of ``point(for:)-(MercatorPoint)``,
    /// with the easting wrapped into the world and the northing clamped to it (a point
    /// beyond the world's north or south edge gives the edge).
    ///
    /// - Throws: `GeometryError/invalidScreenPoint(name:x:y:xRange:yRange:)` for a point
    ///   that is not finite or lies more than one screen size beyond the screen.
    public func mercatorPoint(at point: ScreenPoint) throws(GeometryError) -> MercatorPoint {
        try validate(point, name: "screen point")
        let edge = WebMercator.worldWidthMeters / 2
        let x = WebMercator.wrappedEasting(
            centerX + Self.eastingOffset(point.x - widthPoints / 2, pointsPerMercatorMeter: pointsPerMercatorMeter))
        let y = centerY - (point.y - heightPoints / 2) / pointsPerMercatorMeter
        return MercatorPoint(uncheckedX: x, y: min(max(y, -edge), edge))
    }

    /// The coordinate under a screen point (through PROJ's inverse; longitude in
    /// [-180, 180), latitude within +-85.0511287798066).
    ///
    /// - Throws: `GeometryError/invalidScreenPoint(name:x:y:xRange:yRange:)` as
    ///   ``mercatorPoint(at:)``.
    public func coordinate(at point: ScreenPoint) throws(GeometryError) -> Coordinate {
        try mercatorPoint(at: point).coordinate
    }

    /// The latitude/longitude box the screen shows. West > east when it crosses the
    /// antimeridian; all longitudes (-180 to 180) when the screen is at least as wide as the
    /// world; north and south never beyond +-85.0511287798066.
    public var visibleBounds: CoordinateBounds {
        let world = WebMercator.worldWidthMeters
        let halfWidth = widthPoints / 2 / pointsPerMercatorMeter
        let halfHeight = heightPoints / 2 / pointsPerMercatorMeter
        let north = WebMercatorPROJ.inverse(x: 0, y: min(centerY + halfHeight, world / 2)).latitude
        let south = WebMercatorPROJ.inverse(x: 0, y: max(centerY - halfHeight, -world / 2)).latitude
        var west = -180.0, east = 180.0
        if 2 * halfWidth < world {
            west = Longitude.wrapped(WebMercatorPROJ.inverse(x: WebMercator.nearestCopyOffset(centerX - halfWidth), y: 0).longitude)
            east = Longitude.wrappedEast(WebMercatorPROJ.inverse(x: WebMercator.nearestCopyOffset(centerX + halfWidth), y: 0).longitude)
        }
        let clamp = WebMercator.maximumLatitude
        return CoordinateBounds(
            uncheckedSouth: min(max(south, -clamp), clamp), north: min(max(north, -clamp), clamp), west: west, east: east)
    }

    // MARK: - Shared arithmetic

    /// A screen point must be finite and lie within the screen or at most one screen size
    /// beyond each edge (fingers are on the screen; the margin serves programmatic zooms about
    /// nearby points). It bounds every offset computed from it.
    public func validate(_ point: ScreenPoint, name: String) throws(GeometryError) {
        let xRange = -widthPoints...(2 * widthPoints)
        let yRange = -heightPoints...(2 * heightPoints)
        guard xRange.contains(point.x), yRange.contains(point.y) else {
            throw .invalidScreenPoint(name: name, x: point.x, y: point.y, xRange: xRange, yRange: yRange)
        }
    }

    /// The Mercator easting offset of `points` screen points at `pointsPerMercatorMeter`,
    /// reduced exactly to within half a world (the same place on the nearest world copy).
    static func eastingOffset(_ points: Double, pointsPerMercatorMeter: Double) -> Double {
        let meters = points / pointsPerMercatorMeter
        let world = WebMercator.worldWidthMeters
        // The remainder of a value already within half a world is the value itself; skipping
        // the libm call there keeps a pinch at phone sizes cheap.
        return abs(meters) <= world / 2 ? meters : meters.remainder(dividingBy: world)
    }

    /// Checks a screen size: finite, in ``sizeRangePoints``.
    static func validateSize(width: Double, height: Double) throws(GeometryError) {
        guard sizeRangePoints.contains(width) else { throw .invalidSize(name: "width", value: width, range: sizeRangePoints) }
        guard sizeRangePoints.contains(height) else { throw .invalidSize(name: "height", value: height, range: sizeRangePoints) }
    }
}
