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
        abstract: "Play a camera script (pinch, pan, doubleTap, resize, rotate, pinchRotate, insets, jump, fit, bounds, fly, ease, release) and print each state and the tracked points as JSON.",
        discussion: """
            The script's camera takes latitude, longitude, zoom, width, height and optionally minimumZoom, \
            maximumZoom, bearing (degrees, the compass direction at the top), insets {top,left,bottom,right} \
            (points) and bounds {south,north,west,east,mode}. Rotations are in degrees, positive as the \
            fingers turn clockwise (the bearing becomes bearing - degrees). Each printed camera has latitude, \
            longitude (the coordinate at the focal point), zoom, width, height, bearing, the requested insets \
            and the bounds (or null). Motion events (fly, ease, doubleTap with "animated":true, release) print \
            their resting state, or the state where the next event's "at" (seconds) interrupts them; with \
            --fps N, each motion's frames at t = k/N seconds come first, each with "t". See docs/DESIGN.md.
            """
    )

    @Option(name: .long, help: "JSON script: {\"camera\":{...},\"events\":[...],\"track\":[...]} (see docs/DESIGN.md).")
    var script: String

    @Option(
        name: .long, parsing: .unconditional,
        help: "Print each motion's frames at N frames per second (finite, > 0; at most 1000000 frames per motion).", transform: DecimalOption.value)
    var fps: Double?

    @Flag(
        name: .long,
        help: "Reduced motion: every transition (fly, ease, animated doubleTap) takes no time. A release's inertia is unchanged.")
    var reducedMotion = false

    func validate() throws {
        _ = try sampling()
    }

    /// The checked `--fps`, or nil without it.
    private func sampling() throws -> CameraScript.Sampling? {
        guard let fps else { return nil }
        do {
            return try CameraScript.Sampling(framesPerSecond: fps)
        } catch {
            throw ValidationError("--fps: \(error.description)")
        }
    }

    func run() throws {
        let parsed = try loadScript(script)
        let sampling = try sampling()
        // A bad event fails before anything is printed: the camera alone first (cheap), then
        // the states with their tracked places one at a time, so that the output of a long
        // script with many places is never held whole.
        var camerasOnly = parsed
        camerasOnly.track = []
        try camerasOnly.run(sampling: sampling, reducedMotion: reducedMotion) { _ in true }
        var output = DescriptorOutput.standardOutput()
        try output.write("{\"states\":[")
        var first = true
        var failure: FileIOError? = nil
        try parsed.run(sampling: sampling, reducedMotion: reducedMotion) { state in
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

    /// One state in the JSON shape of DESIGN.md: the insets are the requested ones (a screen
    /// too small for them uses them scaled down, and a resize back restores them); a frame
    /// sampled during a motion has `"t"` (seconds since the motion began) first.
    static func json(_ state: CameraScript.State) -> JSONValue {
        let camera = state.camera
        let insets = camera.insets
        let bounds: JSONValue = camera.bounds.map { bounds in
            .object([
                ("south", .number(bounds.bounds.south)),
                ("north", .number(bounds.bounds.north)),
                ("west", .number(bounds.bounds.west)),
                ("east", .number(bounds.bounds.east)),
                ("mode", .string(bounds.mode.rawValue)),
            ])
        } ?? .null
        let time: [(String, JSONValue)] = state.seconds.map { [("t", .number($0))] } ?? []
        return .object(time + [
            ("camera", .object([
                ("latitude", .number(state.center.latitude)),
                ("longitude", .number(state.center.longitude)),
                ("zoom", .number(camera.zoom)),
                ("width", .number(camera.widthPoints)),
                ("height", .number(camera.heightPoints)),
                ("bearing", .number(camera.bearing)),
                ("insets", .object([
                    ("top", .number(insets.top)),
                    ("left", .number(insets.left)),
                    ("bottom", .number(insets.bottom)),
                    ("right", .number(insets.right)),
                ])),
                ("bounds", bounds),
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

/// A camera script (or a gesture trace) that could not be decoded.
struct ScriptError: Error, CustomStringConvertible {
    let path: String
    let reason: String
    /// What the file is: "camera script", or "gesture trace" (the frame suite's).
    var kind = "camera script"
    var description: String { "\(kind) '\(FileIOError.displayPath(path))': \(reason)" }
}
