import ArgumentParser
import GeoMath
import MapTooling
import Projection

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

    @Option(name: .long, help: "Write the SVG to this file instead of stdout (replaced whole, or left as it was on error).")
    var output: String?

    func run() throws {
        let region = try place.region()
        let frame = try PreviewFrame(circle: region, widthPoints: width, heightPoints: height)
        // One route from CSV to screen: the preview's pin layout (one PROJ batch), placed on
        // the frame or on the camera's last state from the same Mercator points.
        let layout = try loadPins(pins, frame: frame, estimate: .renderedPins)
        var transform = frame.transform
        if let script {
            var parsed = try loadScript(script)
            // Only the last camera is drawn: no tracked places, no states kept.
            parsed.track = []
            var last: MercatorCamera? = nil
            try parsed.run { state in
                last = state.camera
                return true
            }
            guard let last else { return }
            transform = last.transform
        }
        let drawing = PreviewDrawing(circle: region, pins: layout.pins, transform: transform)
        if let output {
            try OutputFile.write(drawing.svg, to: output)
        } else {
            try writeOutput(drawing.svg)
        }
    }
}
