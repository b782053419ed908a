import ArgumentParser
import MapTooling

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `geobench`: inspection commands with JSON output, and performance runs.
///
/// Errors (bad input, malformed arguments, an output that cannot be written) print one line on
/// stderr, its control characters shown as `\u{X}`, and exit with status 1. All output goes through `DescriptorOutput`, which reports a
/// failed write; a broken pipe still ends the process through SIGPIPE, silently, as for any
/// Unix filter. SIGXFSZ is ignored, so a write beyond a file size limit fails with "File too
/// large" (EFBIG) instead of ending the process.
@main
struct GeoBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geobench",
        abstract: "Inspect and benchmark the pet-finder map geometry (WGS84 geodesics through PROJ).",
        subcommands: [RegionCommand.self, PreviewCommand.self, CameraCommand.self, ClustersCommand.self, TilesCommand.self, ScaleCommand.self, MapKitCommand.self, RenderCommand.self, RunCommand.self]
    )

    static func main() {
        // A file size limit (ulimit -f) makes a write beyond it fail with EFBIG, reported like
        // any failed write (the temporary file removed), instead of killing the process.
        signal(SIGXFSZ, SIG_IGN)
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .success {
                // --help and the like: what the user asked for, on stdout.
                do {
                    try writeOutput(fullMessage(for: error) + "\n")
                } catch {
                    writeError("geobench: \(error)")
                    terminate(1)
                }
                terminate(0)
            }
            let message = GeoBench.message(for: error)
                .split(whereSeparator: \.isNewline)
                .map { $0.trimmingPrefix("Error: ") }
                .joined(separator: " ")
            // Option values and script text can come back in the message as typed; no control
            // character of theirs reaches the terminal (BAD_INPUTS row 98).
            writeError("geobench: \(TerminalText.shown(String(message)))")
            terminate(1)
        }
    }
}

/// Writes `text` to standard output whole.
///
/// - Throws: ``FileIOError`` ("cannot write standard output: No space left on device").
func writeOutput(_ text: String) throws(FileIOError) {
    var output = DescriptorOutput.standardOutput()
    try output.write(text)
    try output.flush()
}

/// Writes one line to stderr.
func writeError(_ line: String) {
    var text = line
    text.append("\n")
    _ = text.utf8.withContiguousStorageIfAvailable { bytes in
        write(STDERR_FILENO, bytes.baseAddress, bytes.count)
    }
}

/// Flushes stdout and ends the process with `status`.
func terminate(_ status: Int32) -> Never {
    fflush(nil)
    exit(status)
}
