import ArgumentParser
import GeoMath
import MapTooling
import Projection

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `geobench camera`: plays a gesture script and prints every camera state as JSON.
struct CameraCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "camera",
        abstract: "Play a camera script (pinch, pan, doubleTap, resize) and print each state and the tracked points as JSON."
    )

    @Option(name: .long, help: "JSON script: {\"camera\":{...},\"events\":[...],\"track\":[...]} (see docs/DESIGN.md).")
    var script: String

    func run() throws {
        let parsed = try loadScript(script)
        // A bad event fails before anything is printed: the camera alone first (cheap), then
        // the states with their tracked places one at a time, so that the output of a long
        // script with many places is never held whole.
        var camerasOnly = parsed
        camerasOnly.track = []
        try camerasOnly.run { _ in true }
        var output = DescriptorOutput.standardOutput()
        try output.write("{\"states\":[")
        var first = true
        var failure: FileIOError? = nil
        try parsed.run { state in
            do throws(FileIOError) {
                try output.write((first ? "" : ",") + Self.json(state).text)
                first = false
                return true
            } catch {
                failure = error
                return false
            }
        }
        if let failure { throw failure }
        try output.write("]}\n")
        try output.flush()
    }

    /// One state in the JSON shape of DESIGN.md.
    static func json(_ state: CameraScript.State) -> JSONValue {
        .object([
            ("camera", .object([
                ("latitude", .number(state.center.latitude)),
                ("longitude", .number(state.center.longitude)),
                ("zoom", .number(state.camera.zoom)),
                ("width", .number(state.camera.widthPoints)),
                ("height", .number(state.camera.heightPoints)),
            ])),
            ("track", .array(state.track.map { point in
                .object([("x", .number(point.x)), ("y", .number(point.y))])
            })),
        ])
    }
}

/// The camera script at `path`, read through `InputFile` (a regular file of at most 256 MiB,
/// with the memory check) and decoded by `CameraScript.decode` (repeated keys refused).
///
/// - Throws: `FileIOError`, or `ScriptError` naming the path and what is wrong in the script.
func loadScript(_ path: String) throws -> CameraScript {
    let bytes = try InputFile.readBytes(path, estimate: .cameraScript)
    do {
        return try CameraScript.decode(Data(bytes))
    } catch {
        throw ScriptError(path: path, reason: error.description)
    }
}

/// A camera script that could not be decoded.
struct ScriptError: Error, CustomStringConvertible {
    let path: String
    let reason: String
    var description: String { "camera script '\(FileIOError.displayPath(path))': \(reason)" }
}
