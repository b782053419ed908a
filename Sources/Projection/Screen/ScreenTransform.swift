import GeoMath

/// The one map from the Web Mercator world to a screen: a center, a scale, a bearing, a focal
/// point and a size. The preview frame and the camera both place everything through it.
///
/// With (Xc, Yc) the center in Mercator metres, s the scale in points per Mercator metre,
/// b the bearing (``MapBearing``), (fx, fy) the focal point (where the center is drawn: the
/// middle of the screen, or of its unobstructed part, ``ScreenInsets``) and a screen of w x h
/// points (origin top-left, y down):
///
///     (u, v)   = ( (X(P) - Xc) s,  -(Y(P) - Yc) s )
///     point(P) = ( fx + cos(b) u + sin(b) v,  fy - sin(b) u + cos(b) v )
///
/// with X(P) taken on the world copy nearest the center (a shift by whole world widths,
/// computed by exact rounding arithmetic). At bearing 0 the rotation is the identity exactly
/// (``MapBearing/sinCos(degrees:)`` gives 0 and 1), so the unrotated formula's bits come out.
/// Affine; calls no PROJ except to project a `Coordinate` first and, the other way, to
/// unproject (``coordinate(at:)``, ``visibleBounds``).
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
    /// The bearing in degrees, in (-180, 180]: the compass direction at the top of the screen.
    public let bearing: Double
    /// Where the center is drawn, in screen points.
    public let focalPoint: ScreenPoint
    @usableFromInline let sinBearing: Double
    @usableFromInline let cosBearing: Double

    /// An unrotated transform centred on the screen, from values already valid (center on the
    /// world, finite positive scale, sizes in ``sizeRangePoints``).
    @inlinable
    init(centerX: Double, centerY: Double, pointsPerMercatorMeter: Double, widthPoints: Double, heightPoints: Double) {
        self.init(
            centerX: centerX, centerY: centerY, pointsPerMercatorMeter: pointsPerMercatorMeter,
            widthPoints: widthPoints, heightPoints: heightPoints, bearing: 0, sin: 0, cos: 1,
            focalPoint: ScreenPoint(x: widthPoints / 2, y: heightPoints / 2))
    }

    /// A transform from values already valid, with the bearing's sine and cosine
    /// (``MapBearing/sinCos(degrees:)``) and the focal point.
    @inlinable
    init(
        centerX: Double, centerY: Double, pointsPerMercatorMeter: Double, widthPoints: Double, heightPoints: Double,
        bearing: Double, sin: Double, cos: Double, focalPoint: ScreenPoint
    ) {
        self.centerX = centerX
        self.centerY = centerY
        self.pointsPerMercatorMeter = pointsPerMercatorMeter
        self.widthPoints = widthPoints
        self.heightPoints = heightPoints
        self.bearing = bearing
        self.sinBearing = sin
        self.cosBearing = cos
        self.focalPoint = focalPoint
    }

    /// The Mercator point at the focal point.
    public var centerMercator: MercatorPoint { MercatorPoint(uncheckedX: centerX, y: centerY) }

    // MARK: - World to screen

    /// The screen point of a Web Mercator point, on the world copy nearest the center.
    @inlinable
    public func point(for mercator: MercatorPoint) -> ScreenPoint {
        let dx = WebMercator.nearestCopyOffset(mercator.x - centerX)
        let dy = mercator.y - centerY
        let scale = pointsPerMercatorMeter
        if sinBearing == 0 && cosBearing == 1 {
            return ScreenPoint(x: focalPoint.x + dx * scale, y: focalPoint.y - dy * scale)
        }
        // The same arithmetic as the rotated loops of place(_:into:), so all give the same bits.
        let map = rotatedMap
        let easting = dx == mercator.x - centerX ? mercator.x : centerX + dx
        return ScreenPoint(
            x: (map.kx + map.xx * easting) + map.xy * mercator.y, y: (map.ky + map.yx * easting) + map.yy * mercator.y)
    }

    /// The rotated affine map folded onto absolute Mercator coordinates:
    /// point = (kx + xx X + xy Y, ky + yx X + yy Y), with (xx, xy; yx, yy) = s R(b) diag(1, -1)
    /// and k = focal - that matrix times the center. Folding the center into k saves two
    /// subtractions per pin (the rotated frame then costs about 1.1x the unrotated one, against
    /// 1.4x without folding); the price is rounding at the scale of s W / 2 points instead of
    /// the screen's: at most about 4e-7 points at zoom 22, 2.5e-11 at zoom 8 (the unrotated map
    /// subtracts first and stays near 1e-10 points at every zoom).
    @usableFromInline
    var rotatedMap: (xx: Double, xy: Double, yx: Double, yy: Double, kx: Double, ky: Double) {
        let scale = pointsPerMercatorMeter
        let xx = cosBearing * scale, xy = -sinBearing * scale
        let yx = -sinBearing * scale, yy = -cosBearing * scale
        return (xx, xy, yx, yy, focalPoint.x - (xx * centerX + xy * centerY), focalPoint.y - (yx * centerX + yy * centerY))
    }

    /// The screen point of a coordinate: projected through PROJ, its northing put on the
    /// world's edge (a latitude at or beyond +-85.0511287798066 projects 4 nm beyond it), then
    /// placed: the point ``PinLayout`` gives the same place's pin.
    public func point(for coordinate: Coordinate) -> ScreenPoint {
        point(for: MercatorPoint(onWorld: coordinate))
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
        let originX = focalPoint.x, originY = focalPoint.y
        // When every pin lies within a quarter world of the center (all of them near the
        // user, the usual case), no pin needs a shift. (Within a quarter world,
        // nearestCopyOffset returns its argument unchanged, so both loops give the same
        // bits; half a world would be the exact limit, a quarter keeps clear of its rounding.)
        let nearby = pins.eastingRange.upperBound - centerX < half / 2 && centerX - pins.eastingRange.lowerBound < half / 2
        if sinBearing == 0 && cosBearing == 1 {
            // Unrotated: two multiply-adds per pin, the same bits as the rotated formula gives
            // with sin 0 and cos 1.
            pins.eastings.withUnsafeBufferPointer { eastings in
                pins.northings.withUnsafeBufferPointer { northings in
                    if nearby {
                        for index in 0..<eastings.count {
                            output[index] = ScreenPoint(
                                x: originX + (eastings[index] - centerX) * scale,
                                y: originY - (northings[index] - centerY) * scale)
                        }
                    } else {
                        for index in 0..<eastings.count {
                            let dx = WebMercator.nearestCopyOffset(eastings[index] - centerX)
                            let dy = northings[index] - centerY
                            output[index] = ScreenPoint(x: originX + dx * scale, y: originY - dy * scale)
                        }
                    }
                }
            }
            return
        }
        // Rotated: the folded map (rotatedMap), four multiplies and four adds per pin; a pin
        // on another world copy is moved by whole worlds first (its easting relative to the
        // center, shifted, added back: the same bits as point(for:) gives).
        let map = rotatedMap
        // Both coordinates of a pin in one two-lane vector: (x, y) = (k + a E) + b N, lane by
        // lane the same operations as the scalar formula, so the same bits; one broadcast,
        // multiply and add per Mercator coordinate, and the pair stored as it is.
        let k = SIMD2(map.kx, map.ky), a = SIMD2(map.xx, map.yx), b = SIMD2(map.xy, map.yy)
        pins.eastings.withUnsafeBufferPointer { eastings in
            pins.northings.withUnsafeBufferPointer { northings in
                if nearby {
                    Self.placeRotated(eastings: eastings, northings: northings, into: output, k: k, a: a, b: b)
                } else {
                    for index in 0..<eastings.count {
                        let relative = eastings[index] - centerX
                        let dx = WebMercator.nearestCopyOffset(relative)
                        let easting = dx == relative ? eastings[index] : centerX + dx
                        let northing = northings[index]
                        output[index] = ScreenPoint(
                            x: (map.kx + map.xx * easting) + map.xy * northing, y: (map.ky + map.yx * easting) + map.yy * northing)
                    }
                }
            }
        }
    }

    /// The rotated loop for pins that need no world-copy shift, on its own so that the
    /// compiler keeps each pin's two coordinates in one vector (about 1.1x the unrotated loop;
    /// inlined into place(_:into:) it vectorised across pins with shuffles, 1.3x).
    @usableFromInline @inline(never)
    static func placeRotated(
        eastings: UnsafeBufferPointer<Double>, northings: UnsafeBufferPointer<Double>,
        into output: UnsafeMutableBufferPointer<ScreenPoint>, k: SIMD2<Double>, a: SIMD2<Double>, b: SIMD2<Double>
    ) {
        for index in 0..<eastings.count {
            let point = (k + a * eastings[index]) + b * northings[index]
            output[index] = ScreenPoint(x: point.x, y: point.y)
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
    /// placement's accuracy. A place exactly on the screen's edge where it is the world's (a
    /// polar user, whose frame ends there) comes out on it or inside: the frame's limit is
    /// rounded toward the world's edge.
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
        let (east, south) = unrotated(point)
        let x = WebMercator.wrappedEasting(
            centerX + Self.eastingOffset(east, pointsPerMercatorMeter: pointsPerMercatorMeter))
        let y = centerY - south / pointsPerMercatorMeter
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

    /// The latitude/longitude box the screen shows: the smallest box holding the whole
    /// (rotated) viewport. West > east when it crosses the antimeridian; all longitudes (-180
    /// to 180) when the viewport is at least as wide as the world; north and south never
    /// beyond +-85.0511287798066.
    public var visibleBounds: CoordinateBounds {
        bounds(of: ViewportExtents(
            sin: sinBearing, cos: cosBearing, focal: focalPoint, minX: 0, minY: 0, maxX: widthPoints, maxY: heightPoints))
    }

    /// The latitude/longitude box of a part of the screen given as its extents around the
    /// focal point. Web Mercator's easting is linear in longitude and its northing monotonic in
    /// latitude, so the box of the rotated rectangle's Mercator corners is exactly its
    /// latitude/longitude box.
    func bounds(of extents: ViewportExtents) -> CoordinateBounds {
        let world = WebMercator.worldWidthMeters
        let scale = pointsPerMercatorMeter
        let north = WebMercatorPROJ.inverse(x: 0, y: min(centerY + extents.north / scale, world / 2)).latitude
        let south = WebMercatorPROJ.inverse(x: 0, y: max(centerY - extents.south / scale, -world / 2)).latitude
        var west = -180.0, east = 180.0
        let width = (extents.west + extents.east) / scale
        if width < world {
            let edges = Longitude.boxEdges(
                west: WebMercatorPROJ.inverse(x: WebMercator.nearestCopyOffset(centerX - extents.west / scale), y: 0).longitude,
                east: WebMercatorPROJ.inverse(x: WebMercator.nearestCopyOffset(centerX + extents.east / scale), y: 0).longitude,
                widthDegrees: width / world * 360)
            west = edges.west
            east = edges.east
        }
        let clamp = WebMercator.maximumLatitude
        return CoordinateBounds(
            uncheckedSouth: min(max(south, -clamp), clamp), north: min(max(north, -clamp), clamp), west: west, east: east)
    }

    /// The screen offset of a point from the focal point turned back to the unrotated frame:
    /// (east, south) in points, R(b)^T (p - focal).
    @inlinable
    func unrotated(_ point: ScreenPoint) -> (east: Double, south: Double) {
        let u = point.x - focalPoint.x, v = point.y - focalPoint.y
        return MapBearing.unrotated(u, v, sin: sinBearing, cos: cosBearing)
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
