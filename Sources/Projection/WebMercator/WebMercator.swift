import GeoMath

/// Web Mercator (EPSG:3857, "Popular Visualisation Pseudo-Mercator"; EPSG Guidance Note 7-2,
/// method 1024): spherical Mercator formulas applied to WGS84 coordinates with the sphere's
/// radius equal to the WGS84 semi-major axis. Its constants, and batch projection.
///
/// Conversions go through PROJ (`+proj=webmerc +ellps=WGS84`) on a PROJ context of the calling
/// thread's own, created on the thread's first conversion and destroyed when the thread exits:
/// nothing to create, pass or share, and safe from any thread, actor or task. One point at a
/// time: ``MercatorPoint/init(_:)`` and ``MercatorPoint/coordinate``; many at once:
/// ``project(_:)`` and ``projectInPlace(longitudes:latitudes:)``.
public enum WebMercator {
    /// The latitude where Web Mercator is square (y = x = W/2), in degrees:
    /// atan(sinh(pi)). Latitudes beyond it are clamped before projecting.
    public static let maximumLatitude = 85.0511287798066

    /// The sphere radius of EPSG:3857, in metres (the WGS84 semi-major axis).
    public static let radiusMeters: Double = WGS84.semiMajorAxisMeters

    /// The width of the world, W = 2 pi a = 40 075 016.685578488 m.
    public static let worldWidthMeters: Double = 2 * Double.pi * WGS84.semiMajorAxisMeters

    /// Whether metres lie on the world: finite, |x| and |y| at most W/2, give or take 1e-6 m.
    /// The tolerance admits what PROJ returns for the clamp latitude: the decimal
    /// 85.0511287798066 lies a hair north of atan(sinh(pi)), and projects 4 nm beyond W/2.
    @inlinable
    public static func isOnWorld(x: Double, y: Double) -> Bool {
        let limit = worldWidthMeters / 2 + 1e-6
        return abs(x) <= limit && abs(y) <= limit
    }

    /// Projects coordinates with one `proj_trans_generic` call (latitudes beyond
    /// +-85.0511287798066 clamped). Never fails for valid coordinates.
    public static func project(_ coordinates: [Coordinate]) -> [MercatorPoint] {
        let (eastings, northings) = projectValid(coordinates)
        return (0..<coordinates.count).map { MercatorPoint(uncheckedX: eastings[$0], y: northings[$0]) }
    }

    /// Eastings and northings of valid coordinates: one PROJ call, and the per-point path
    /// should PROJ ever refuse a valid coordinate.
    static func projectValid(_ coordinates: [Coordinate]) -> (eastings: [Double], northings: [Double]) {
        var eastings = coordinates.map(\.longitude)
        var northings = coordinates.map(\.latitude)
        let failed = eastings.withUnsafeMutableBufferPointer { x in
            northings.withUnsafeMutableBufferPointer { y in
                guard let xs = x.baseAddress, let ys = y.baseAddress else { return false }
                do throws(GeometryError) {
                    try WebMercatorPROJ.forwardInPlace(x: xs, y: ys, count: x.count)
                    return false
                } catch {
                    return true
                }
            }
        }
        if failed {
            for (index, coordinate) in coordinates.enumerated() {
                (eastings[index], northings[index]) = WebMercatorPROJ.forward(
                    longitude: coordinate.longitude, latitude: coordinate.latitude)
            }
        }
        return (eastings, northings)
    }

    /// Projects a batch in place with one `proj_trans_generic` call: on entry the buffers hold
    /// longitudes and latitudes in degrees, on return eastings and northings in metres. One
    /// pass first clamps the latitudes and converts both to radians. Allocates nothing; within
    /// 5% of a bare `proj_trans_generic` call (measured by `geobench run --suite pins`).
    ///
    /// The raw buffers are the boundary here: nothing has validated them. A finite longitude
    /// beyond +-180 is wrapped by PROJ (190 gives the easting of -170) up to 10 radians
    /// (572.96 degrees); beyond that PROJ refuses the point.
    ///
    /// - Throws: `GeometryError/bufferLengthMismatch(longitudes:latitudes:)`, or
    ///   `GeometryError/projTransform(index:code:message:)` naming the first point that
    ///   failed or came out non-finite (a NaN or infinite input). The buffers' contents are
    ///   unspecified after a throw.
    public static func projectInPlace(
        longitudes: UnsafeMutableBufferPointer<Double>, latitudes: UnsafeMutableBufferPointer<Double>
    ) throws(GeometryError) {
        guard longitudes.count == latitudes.count else {
            throw .bufferLengthMismatch(longitudes: longitudes.count, latitudes: latitudes.count)
        }
        guard let x = longitudes.baseAddress, let y = latitudes.baseAddress else { return }
        try WebMercatorPROJ.forwardInPlace(x: x, y: y, count: longitudes.count)
    }

    /// A latitude clamped to [-maximumLatitude, maximumLatitude] (for finite input).
    @inlinable
    static func clampedLatitude(_ latitude: Double) -> Double {
        min(max(latitude, -maximumLatitude), maximumLatitude)
    }

    /// An easting difference between two points on the world (so within [-W, W], give or take
    /// a micrometre) moved to the world copy nearest 0: dx - W round(dx / W), with the
    /// rounding done by adding and subtracting 1.5 * 2^52 (round to nearest, ties to even:
    /// exact for |dx / W| below 2^51). Pure arithmetic without a branch or a libm call, so the
    /// per-pin loop of placement vectorizes; every single-point placement uses the same
    /// formula, so both give the same bits. Within half a world it returns `dx` unchanged.
    @inlinable
    static func nearestCopyOffset(_ dx: Double) -> Double {
        let world = worldWidthMeters
        let roundingShift = 6_755_399_441_055_744.0  // 1.5 * 2^52
        let copies = (dx * (1 / world) + roundingShift) - roundingShift
        return dx - copies * world
    }

    /// An easting wrapped into [-W/2, W/2). Exact: IEEE `remainder` is exact, and so is
    /// adding or subtracting one world to a value between half a world and a world.
    @usableFromInline
    static func wrappedEasting(_ x: Double) -> Double {
        let world = worldWidthMeters
        var x = x
        if !(x >= -world / 2 && x < world / 2) { x = x.remainder(dividingBy: world) }
        return x >= world / 2 ? x - world : x
    }
}
