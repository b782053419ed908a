internal import CProj
import GeoMath

/// Geodetic WGS84 degrees to Web Mercator metres and back, through PROJ.
///
/// Uses PROJ's `+proj=webmerc +ellps=WGS84`, the projection step of the EPSG:4326 ->
/// EPSG:3857 operation (`+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad +step
/// +proj=webmerc ...`, longitude first). The degree-to-radian step of that pipeline is done
/// here instead, in the same pass that clamps latitudes (the same multiplication by pi/180 that
/// PROJ's `unitconvert` performs, and the same division on the way back), which saves PROJ a
/// pipeline step per point with bit-identical output (the README gives the measured
/// difference). It needs no `proj.db`, so it works when PROJ's data directory is missing.
/// Latitudes beyond +-85.0511287798066 are clamped before projecting.
///
/// - Important: Not thread-safe, and deliberately not `Sendable`. Each transformer owns its own
///   `PJ_CONTEXT` and `PJ`, which PROJ allows one thread at a time; create one transformer per
///   thread or task (creation takes microseconds). PROJ's log output for this context is
///   silenced: a library does not print to stderr.
public final class WebMercatorTransformer {
    /// The PROJ definition this transformer is built from.
    public static let definition = "+proj=webmerc +ellps=WGS84"

    /// Radians per degree, as PROJ's `unitconvert` uses it (M_PI / 180).
    @usableFromInline static let radiansPerDegree = Double.pi / 180

    private let proj: ProjTransformation

    /// Creates the PROJ context and transformation.
    ///
    /// - Throws: ``ProjectionError/projSetup(definition:message:)`` when PROJ cannot create them.
    public init() throws(ProjectionError) {
        proj = try ProjTransformation(definition: Self.definition)
    }

    /// Projects one coordinate to Web Mercator metres (latitude clamped to +-85.0511287798066).
    ///
    /// - Throws: ``ProjectionError/projTransform(index:code:message:)`` if PROJ fails.
    public func project(_ coordinate: Coordinate) throws(ProjectionError) -> MercatorPoint {
        var x = coordinate.longitude * Self.radiansPerDegree
        var y = WebMercator.clampedLatitude(coordinate.latitude) * Self.radiansPerDegree
        try transform(direction: PJ_FWD, x: &x, y: &y, count: 1, stride: 1)
        return MercatorPoint(x: x, y: y)
    }

    /// Converts Web Mercator metres back to a coordinate (longitude in [-180, 180)).
    ///
    /// - Throws: ``ProjectionError/invalidMercator(x:y:)`` for non-finite input, or a PROJ
    ///   error.
    public func coordinate(for point: MercatorPoint) throws(ProjectionError) -> Coordinate {
        guard point.x.isFinite, point.y.isFinite else { throw .invalidMercator(x: point.x, y: point.y) }
        var x = point.x, y = point.y
        try transform(direction: PJ_INV, x: &x, y: &y, count: 1, stride: 1)
        // Dividing by pi/180, as PROJ's unitconvert does on the way back (not multiplying by
        // 180/pi, which differs in the last bit for about a fifth of the points).
        let latitude = y / Self.radiansPerDegree, longitude = x / Self.radiansPerDegree
        do {
            return try Coordinate.normalized(latitude: min(max(latitude, -90), 90), longitude: longitude)
        } catch {
            throw .projTransform(index: 0, code: 0, message: error.description)
        }
    }

    /// Projects a batch in place with one `proj_trans_generic` call: on entry the buffers hold
    /// longitudes and latitudes in degrees (already valid), on return eastings and northings in
    /// metres. One pass first clamps the latitudes and converts both to radians. Allocates
    /// nothing.
    ///
    /// - Throws: ``ProjectionError/bufferLengthMismatch(longitudes:latitudes:)``, or
    ///   ``ProjectionError/projTransform(index:code:message:)`` naming the first point that
    ///   failed or came out non-finite. The buffers' contents are unspecified after a throw.
    public func projectInPlace(
        longitudes: UnsafeMutableBufferPointer<Double>, latitudes: UnsafeMutableBufferPointer<Double>
    ) throws(ProjectionError) {
        guard longitudes.count == latitudes.count else {
            throw .bufferLengthMismatch(longitudes: longitudes.count, latitudes: latitudes.count)
        }
        guard let x = longitudes.baseAddress, let y = latitudes.baseAddress else { return }
        // Branch-free (min/max), so the pass vectorizes.
        let scale = Self.radiansPerDegree
        for index in 0..<longitudes.count {
            x[index] *= scale
            y[index] = WebMercator.clampedLatitude(y[index]) * scale
        }
        try transform(direction: PJ_FWD, x: x, y: y, count: longitudes.count, stride: 1)
    }

    /// The same `proj_trans_generic` call on the same buffers (radians) with nothing around
    /// it: a baseline of the `pins` performance run.
    @_spi(Baseline)
    public func rawProjectInPlace(longitudes: UnsafeMutableBufferPointer<Double>, latitudes: UnsafeMutableBufferPointer<Double>) -> Int {
        proj.rawForward(x: longitudes, y: latitudes)
    }

    /// One `proj_trans_generic` call; resets PROJ's sticky error number first, reads it after,
    /// and checks every output for non-finite values (PROJ returns the count even when points
    /// failed, writing HUGE_VAL into them).
    private func transform(
        direction: PJ_DIRECTION, x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>,
        count: Int, stride: Int
    ) throws(ProjectionError) {
        let transformation = proj.transformation
        proj_errno_reset(transformation)
        let byteStride = stride * MemoryLayout<Double>.stride
        _ = proj_trans_generic(
            transformation, direction, x, byteStride, count, y, byteStride, count, nil, 0, 0, nil, 0, 0)
        let code = proj_errno(transformation)
        // A branch-free scan first (it vectorizes); the failing index is looked up only on error.
        var allFinite = true
        for index in 0..<count {
            allFinite = allFinite && x[index * stride].isFinite && y[index * stride].isFinite
        }
        if code != 0 || !allFinite {
            var firstBad = -1
            for index in 0..<count where !(x[index * stride].isFinite && y[index * stride].isFinite) {
                firstBad = index
                break
            }
            proj_errno_reset(transformation)
            let message = code != 0
                ? String(cString: proj_context_errno_string(proj.context, code)) : "non-finite result"
            throw .projTransform(index: max(firstBad, 0), code: code, message: message)
        }
    }
}
