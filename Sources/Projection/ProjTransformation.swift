internal import CProj

/// A PROJ context and one transformation created in it from a definition, destroyed together:
/// the owner of the PROJ handles behind ``WebMercatorTransformer`` and the benchmark baseline.
///
/// The context's log is silenced (a library does not print to stderr).
///
/// - Important: Not thread-safe: PROJ lets one thread at a time use a context and its
///   objects. Each owner keeps its own.
final class ProjTransformation {
    /// The definition the transformation was created from.
    let definition: String
    let context: OpaquePointer
    let transformation: OpaquePointer

    /// Creates the context and the transformation.
    ///
    /// - Throws: ``ProjectionError/projSetup(definition:message:)`` with PROJ's message when
    ///   either cannot be created.
    init(definition: String) throws(ProjectionError) {
        guard let context = proj_context_create() else {
            throw .projSetup(definition: definition, message: "proj_context_create returned NULL")
        }
        proj_log_level(context, PJ_LOG_NONE)
        proj_log_func(context, nil) { _, _, _ in }
        guard let transformation = proj_create(context, definition) else {
            let message = String(cString: proj_context_errno_string(context, proj_context_errno(context)))
            proj_context_destroy(context)
            throw .projSetup(definition: definition, message: message)
        }
        self.definition = definition
        self.context = context
        self.transformation = transformation
    }

    /// One bare forward `proj_trans_generic` call over two buffers, in place; returns PROJ's
    /// count. No error number, no checks: for the benchmark baselines only.
    func rawForward(x: UnsafeMutableBufferPointer<Double>, y: UnsafeMutableBufferPointer<Double>) -> Int {
        let stride = MemoryLayout<Double>.stride
        return proj_trans_generic(
            transformation, PJ_FWD, x.baseAddress, stride, x.count, y.baseAddress, stride, y.count, nil, 0, 0, nil, 0, 0)
    }

    deinit {
        proj_destroy(transformation)
        proj_context_destroy(context)
    }
}
