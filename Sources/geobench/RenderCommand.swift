import ArgumentParser
import GeoMath
import MapTooling
import Projection

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `geobench render`: the reference SVG renderer of the preview (or of a camera state after a
/// gesture script): graticule, the region's geodesic circle and bounds, pins, legend.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Write an SVG of the preview frame (or of the camera after --script): graticule, 10 km circle, bounds, pins, legend."
    )

    @OptionGroup var place: RegionOptions

    @Option(name: .long, parsing: .unconditional, help: "Frame width in points (ignored with --script).")
    var width: Double = 390

    @Option(name: .long, parsing: .unconditional, help: "Frame height in points (default: width * 9/16; ignored with --script).")
    var height: Double?

    @Option(name: .long, help: "CSV of announcements: header id,status,latitude,longitude.")
    var pins: String?

    @Option(name: .long, help: "A camera script (see `geobench camera`): draw the camera's last state instead of the preview.")
    var script: String?

    @Option(name: .long, help: "Write the SVG to this file instead of stdout.")
    var output: String?

    func run() throws {
        let region = try place.region()
        let announcements = try pins.map { path in try AnnouncementCSV.parse(try readFile(path)) } ?? []
        let frame = try PreviewFrame(circle: region, widthPoints: width, heightPoints: height)
        // One route from CSV to screen: the preview's pin layout (one PROJ batch), placed on
        // the frame or on the camera's last state from the same Mercator points.
        let layout = PinLayout(announcements: announcements, frame: frame)
        var transform = frame.transform
        if let script {
            let parsed: CameraScript
            do {
                parsed = try JSONDecoder().decode(CameraScript.self, from: Data(try readFile(script).utf8))
            } catch let error as DecodingError {
                throw ScriptError(path: script, reason: CameraCommand.describe(error))
            }
            guard let last = try parsed.run().last else { return }
            transform = last.camera.transform
        }
        let drawing = PreviewDrawing(circle: region, pins: layout.pins, transform: transform)
        if let output {
            try writeFile(output, drawing.svg)
        } else {
            print(drawing.svg, terminator: "")
        }
    }
}

/// Writes `text` to `path` as UTF-8.
func writeFile(_ path: String, _ text: String) throws {
    guard let file = fopen(path, "wb") else {
        throw FileError(path: path, reason: String(cString: strerror(errno)))
    }
    defer { fclose(file) }
    let bytes = Array(text.utf8)
    guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { throw FileError(path: path, reason: "write error") }
}
