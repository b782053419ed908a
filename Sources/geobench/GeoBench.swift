import ArgumentParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `geobench`: inspection commands with JSON output, and performance runs.
///
/// Errors (bad input, malformed arguments) print one line on stderr and exit with status 1.
@main
struct GeoBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geobench",
        abstract: "Inspect and benchmark the pet-finder map geometry (WGS84 geodesics through PROJ).",
        subcommands: [RegionCommand.self, PreviewCommand.self, CameraCommand.self, RenderCommand.self, RunCommand.self]
    )

    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .success {
                // --help and the like: what the user asked for, on stdout.
                print(fullMessage(for: error))
                terminate(0)
            }
            let message = GeoBench.message(for: error)
                .split(whereSeparator: \.isNewline)
                .map { $0.trimmingPrefix("Error: ") }
                .joined(separator: " ")
            writeError("geobench: \(message)")
            terminate(1)
        }
    }
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
