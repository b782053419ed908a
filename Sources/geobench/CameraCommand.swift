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
        let text = try readFile(script)
        let parsed: CameraScript
        do {
            parsed = try JSONDecoder().decode(CameraScript.self, from: Data(text.utf8))
        } catch let error as DecodingError {
            throw ScriptError(path: script, reason: Self.describe(error))
        }
        let states = try parsed.run()
        print(Self.json(states).text)
    }

    static func json(_ states: [CameraScript.State]) -> JSONValue {
        .object([
            ("states", .array(states.map { state in
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
            })),
        ])
    }

    /// A decoding error in one line: where in the script, and what was wrong.
    static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { key in
                key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)"
            }.joined()
            return text.isEmpty ? "the top level" : String(text.drop { $0 == "." })
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = context.codingPath.isEmpty ? "the top level" : path(context.codingPath)
            return "missing key '\(key.stringValue)' in \(parent)"
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): expected \(Self.name(of: type))"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): expected \(Self.name(of: type)), found null"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                // Foundation's decoder gives no position; a number beyond the range of a
                // double (1e400) lands here too.
                let underlying = context.underlyingError.map { ": \($0)" } ?? ""
                return "not valid JSON (or a number beyond the range of a double)\(underlying)"
            }
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func name(of type: Any.Type) -> String {
        if type == Double.self { return "a number" }
        if type == String.self { return "a string" }
        if type is [Any].Type { return "an array" }
        return "an object"
    }
}

/// A camera script that could not be read.
struct ScriptError: Error, CustomStringConvertible {
    let path: String
    let reason: String
    var description: String { "camera script '\(path)': \(reason)" }
}
