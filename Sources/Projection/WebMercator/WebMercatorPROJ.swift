internal import CProj
import GeoMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Web Mercator through PROJ on the calling thread's own PROJ context: the engine behind every
/// conversion between coordinates and ``MercatorPoint``s.
///
/// PROJ's `+proj=webmerc +ellps=WGS84` is the projection step of the EPSG:4326 -> EPSG:3857
/// operation (`+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad +step
/// +proj=webmerc ...`, longitude first). The degree-to-radian step of that pipeline is done here,
/// in the pass that clamps latitudes (the same multiplication by pi/180 that PROJ's
/// `unitconvert` performs, and the same division on the way back), which saves PROJ a pipeline
/// step per point with bit-identical output. It needs no `proj.db`, and never opens it.
///
/// - Important: Thread safety by construction. PROJ lets one thread at a time use a
///   `PJ_CONTEXT` and its `PJ` objects, so every thread gets its own: created lazily by the
///   thread's first conversion (about 30 microseconds, once), kept in a POSIX thread-specific
///   slot, and destroyed by the slot's destructor when the thread exits. A conversion never
///   suspends, so a Swift task uses the context of the thread it runs on for the whole call and
///   never shares it. The shared default (nil) context is never used.
///
/// If PROJ cannot create a thread's context or transformation (out of memory), that thread
/// uses the closed-form spherical formulas of EPSG Guidance Note 7-2 (method 1024) instead;
/// they agree with PROJ within 1e-8 m (a test compares them), so no conversion of a valid value
/// ever fails.
enum WebMercatorPROJ {
    /// The PROJ definition of every thread's transformation.
    static let definition = "+proj=webmerc +ellps=WGS84"

    /// Radians per degree, as PROJ's `unitconvert` uses it (M_PI / 180).
    static let radiansPerDegree = Double.pi / 180

    /// The thread-specific slot, or nil if the system had no slot left (then every thread uses
    /// the closed form). The destructor releases a thread's transformation when it exits.
    private static let key: pthread_key_t? = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
            let pointer: UnsafeMutableRawPointer? = pointer
            #endif
            guard let pointer, pointer != WebMercatorPROJ.unavailableMarker else { return }
            Unmanaged<ProjTransformation>.fromOpaque(pointer).release()
        }
        return status == 0 ? key : nil
    }()

    /// Stored in a thread's slot when PROJ could not be set up there, so that it is tried once.
    nonisolated(unsafe) private static let unavailableMarker = UnsafeMutableRawPointer(bitPattern: 1)!

    /// Runs `body` with this thread's transformation (created on first use), or with nil where
    /// PROJ is unavailable. No reference counting on the hot path.
    @inline(__always)
    static func withTransformation<Result>(_ body: (ProjTransformation?) -> Result) -> Result {
        guard let key else { return body(nil) }
        if let pointer = pthread_getspecific(key) {
            if pointer == unavailableMarker { return body(nil) }
            return Unmanaged<ProjTransformation>.fromOpaque(pointer)._withUnsafeGuaranteedRef { body($0) }
        }
        guard let transformation = ProjTransformation(definition: definition) else {
            _ = pthread_setspecific(key, unavailableMarker)
            return body(nil)
        }
        let retained = Unmanaged.passRetained(transformation)
        guard pthread_setspecific(key, retained.toOpaque()) == 0 else {
            // Not stored: used for this call only, then released.
            defer { retained.release() }
            return body(transformation)
        }
        return body(transformation)
    }

    /// Whether this thread converts through PROJ (true unless PROJ could not be set up).
    static var isUsingPROJ: Bool { withTransformation { $0 != nil } }

    // MARK: - Single points

    /// Degrees (already valid) to Web Mercator metres; the latitude is clamped to
    /// +-85.0511287798066 first.
    static func forward(longitude: Double, latitude: Double) -> (x: Double, y: Double) {
        var x = longitude * radiansPerDegree
        var y = WebMercator.clampedLatitude(latitude) * radiansPerDegree
        let projected = withTransformation { proj -> Bool in
            guard let proj else { return false }
            _ = proj_trans_generic(proj.transformation, PJ_FWD, &x, 8, 1, &y, 8, 1, nil, 0, 0, nil, 0, 0)
            return true
        }
        // PROJ cannot fail on a valid, clamped coordinate; the closed form covers a thread
        // without PROJ and, defensively, a non-finite answer.
        if projected && x.isFinite && y.isFinite { return (x, y) }
        return closedFormForward(longitude: longitude, latitude: WebMercator.clampedLatitude(latitude))
    }

    /// Web Mercator metres (finite) to degrees: (longitude, latitude), before wrapping.
    static func inverse(x: Double, y: Double) -> (longitude: Double, latitude: Double) {
        var u = x, v = y
        let projected = withTransformation { proj -> Bool in
            guard let proj else { return false }
            _ = proj_trans_generic(proj.transformation, PJ_INV, &u, 8, 1, &v, 8, 1, nil, 0, 0, nil, 0, 0)
            return true
        }
        // Dividing by pi/180, as PROJ's unitconvert does on the way back (not multiplying by
        // 180/pi, which differs in the last bit for about a fifth of the points).
        if projected && u.isFinite && v.isFinite { return (u / radiansPerDegree, v / radiansPerDegree) }
        return closedFormInverse(x: x, y: y)
    }

    // MARK: - Batches

    /// Projects a batch in place with one `proj_trans_generic` call: longitudes and latitudes
    /// in degrees in, eastings and northings in metres out. One pass first clamps the latitudes
    /// and converts both to radians. Resets PROJ's sticky error number before the call, reads it
    /// after, and checks every output for non-finite values (PROJ returns the count even when
    /// points failed, writing HUGE_VAL into them).
    ///
    /// - Throws: `GeometryError/projTransform(index:code:message:)` naming the first point
    ///   that failed or came out non-finite.
    static func forwardInPlace(x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int) throws(GeometryError) {
        // Branch-free (min/max), so the pass vectorizes. An infinite latitude is made NaN (its
        // v - v), not clamped, so that it fails as an infinite longitude does; a finite one is
        // multiplied by exactly 1 (its sign, -0 included, kept).
        let scale = radiansPerDegree
        for index in 0..<count {
            let v = y[index]
            x[index] *= scale
            y[index] = WebMercator.clampedLatitude(v) * scale * (v - v + 1)
        }
        let (code, message) = withTransformation { proj -> (Int32, String) in
            guard let proj else {
                for index in 0..<count {
                    (x[index], y[index]) = closedFormForward(longitude: x[index] / scale, latitude: y[index] / scale)
                }
                return (0, "")
            }
            let transformation = proj.transformation
            proj_errno_reset(transformation)
            let stride = MemoryLayout<Double>.stride
            _ = proj_trans_generic(transformation, PJ_FWD, x, stride, count, y, stride, count, nil, 0, 0, nil, 0, 0)
            let code = proj_errno(transformation)
            guard code != 0 else { return (0, "") }
            // The message from this thread's own context, never the shared default one.
            let message = String(cString: proj_context_errno_string(proj.context, code))
            proj_errno_reset(transformation)
            return (code, message)
        }
        // A branch-free scan first (it vectorizes); the failing index is looked up only on error.
        var allFinite = true
        for index in 0..<count {
            allFinite = allFinite && x[index].isFinite && y[index].isFinite
        }
        guard code != 0 || !allFinite else { return }
        var firstBad = 0
        for index in 0..<count where !(x[index].isFinite && y[index].isFinite) {
            firstBad = index
            break
        }
        throw .projTransform(index: firstBad, code: code, message: code != 0 ? message : "non-finite result")
    }

    // MARK: - Closed form

    /// EPSG Guidance Note 7-2, method 1024 (Popular Visualisation Pseudo-Mercator): the
    /// spherical Mercator formulas with R = a, x = R lambda, y = R asinh(tan phi) (the form of
    /// ln tan(pi/4 + phi/2) that PROJ evaluates). Latitude already clamped.
    static func closedFormForward(longitude: Double, latitude: Double) -> (x: Double, y: Double) {
        let a = WGS84.semiMajorAxisMeters
        return (a * (longitude * radiansPerDegree), a * asinh(tan(latitude * radiansPerDegree)))
    }

    /// The inverse: lambda = x / R, phi = atan(sinh(y / R)); degrees out.
    static func closedFormInverse(x: Double, y: Double) -> (longitude: Double, latitude: Double) {
        let a = WGS84.semiMajorAxisMeters
        return ((x / a) / radiansPerDegree, atan(sinh(y / a)) / radiansPerDegree)
    }
}
