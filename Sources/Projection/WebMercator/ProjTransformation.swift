internal import CProj

/// A PROJ context and one transformation created in it from a definition, destroyed together:
/// the one owner of PROJ handles in the package (each thread's Web Mercator transformation, and
/// the benchmark baselines of the tooling).
///
/// The context's log is silenced (a library does not print to stderr), and unless asked for,
/// PROJ's resource files (`proj.db`, `proj.ini`, grids) are out of its reach.
///
/// - Important: Not thread-safe: PROJ lets one thread at a time use a context and its
///   objects. ``WebMercatorPROJ`` keeps one per thread; other owners keep theirs to one thread.
package final class ProjTransformation {
    /// The definition the transformation was created from.
    package let definition: String
    let context: OpaquePointer
    let transformation: OpaquePointer

    /// Creates the context and the transformation, or nil when PROJ cannot create either
    /// (``setupFailure(definition:)`` then says why).
    ///
    /// A PROJ string (`+proj=webmerc +ellps=WGS84`, a `+proj=pipeline`) needs no resource
    /// file, yet before PROJ 9.8 `proj_create` opens `proj.db` (SQLite) for every context when
    /// it wraps the result, about 11 of the 41 microseconds a context and transformation take
    /// with PROJ 9.1.1. Unless `resourceFiles` is true, the context's search path is therefore a
    /// directory that cannot hold files (``noResourceDirectory``): with search paths set, PROJ
    /// looks only there, so it finds no `proj.db` and never opens the installed one, and it
    /// reads neither `PROJ_DATA` nor `proj.ini` (whose network, grid and algorithm settings a
    /// bare `webmerc` step does not use). Definitions that do need them (a CRS code such as
    /// `EPSG:3857`, grids) must pass `resourceFiles: true`.
    package init?(definition: String, resourceFiles: Bool = false) {
        guard let context = Self.makeContext(resourceFiles: resourceFiles) else { return nil }
        guard let transformation = proj_create(context, definition) else {
            proj_context_destroy(context)
            return nil
        }
        self.definition = definition
        self.context = context
        self.transformation = transformation
    }

    /// PROJ's message for a definition it cannot create (for the tooling's error messages).
    package static func setupFailure(definition: String, resourceFiles: Bool = false) -> String {
        guard let context = makeContext(resourceFiles: resourceFiles) else { return "proj_context_create returned NULL" }
        defer { proj_context_destroy(context) }
        if let transformation = proj_create(context, definition) {
            proj_destroy(transformation)
            return "no error"
        }
        return String(cString: proj_context_errno_string(context, proj_context_errno(context)))
    }

    /// A search path where no file can exist: under procfs (Linux), which cannot hold
    /// user files; on Darwin a path below `/proc` on the read-only system volume. (Windows,
    /// not a target, would need another choice: there any user could create it.)
    static let noResourceDirectory = "/proc/self/no-proj-resources"

    /// A new context with its log silenced (a library does not print to stderr) and, unless
    /// `resourceFiles`, no resource files within reach.
    private static func makeContext(resourceFiles: Bool) -> OpaquePointer? {
        guard let context = proj_context_create() else { return nil }
        proj_log_level(context, PJ_LOG_NONE)
        proj_log_func(context, nil) { _, _, _ in }
        if !resourceFiles {
            noResourceDirectory.withCString { path in
                var paths: [UnsafePointer<CChar>?] = [path]
                proj_context_set_search_paths(context, 1, &paths)
            }
        }
        return context
    }

    /// One bare forward `proj_trans_generic` call over two buffers, in place; returns PROJ's
    /// count. No error number, no checks: for the benchmark baselines only.
    package func rawForward(x: UnsafeMutableBufferPointer<Double>, y: UnsafeMutableBufferPointer<Double>) -> Int {
        let stride = MemoryLayout<Double>.stride
        return proj_trans_generic(
            transformation, PJ_FWD, x.baseAddress, stride, x.count, y.baseAddress, stride, y.count, nil, 0, 0, nil, 0, 0)
    }

    deinit {
        proj_destroy(transformation)
        proj_context_destroy(context)
    }
}
