/// PROJ called directly the way an application would for EPSG:4326 -> EPSG:3857 with longitude
/// first: the two-step pipeline that `proj_create_crs_to_crs` followed by
/// `proj_normalize_for_visualization` yields (`unitconvert` degrees to radians, then
/// `webmerc`), one bare `proj_trans_generic` call per batch, no clamping, no error checks.
/// The baseline of the `pins` performance run; nothing else uses it.
///
/// - Important: Not thread-safe; owns its own PROJ context.
@_spi(Baseline)
public final class RawWebMercatorPipeline {
    /// The pipeline's PROJ definition (degrees in, metres out).
    public static let definition =
        "+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad +step +proj=webmerc +ellps=WGS84"

    private let proj: ProjTransformation

    /// Creates the PROJ context and pipeline.
    ///
    /// - Throws: ``ProjectionError/projSetup(definition:message:)``.
    public init() throws(ProjectionError) {
        proj = try ProjTransformation(definition: Self.definition)
    }

    /// One `proj_trans_generic` call on buffers of degrees; returns PROJ's count.
    public func projectInPlace(longitudes: UnsafeMutableBufferPointer<Double>, latitudes: UnsafeMutableBufferPointer<Double>) -> Int {
        proj.rawForward(x: longitudes, y: latitudes)
    }
}
