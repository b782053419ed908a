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

    @Flag(name: .long, help: "With --script: draw the script's last motion (fly, ease, animated doubleTap, release) instead: the center's track sampled at 60 frames per second on a north-up view fitting it, and the zoom over time.")
    var motionPath = false

    func validate() throws {
        if motionPath && script == nil { throw ValidationError("--motion-path needs --script") }
    }

    func run() throws {
        let region = try place.region()
        let frame = try PreviewFrame(circle: region, widthPoints: width, heightPoints: height)
        // One route from CSV to screen: the preview's pin layout (one PROJ batch), placed on
        // the frame or on the camera's last state from the same Mercator points.
        let layout = try loadPins(pins, frame: frame, estimate: .renderedPins)
        var transform = frame.transform
        var path: MotionPathDrawing? = nil
        if let script {
            var parsed = try loadScript(script)
            // Only the last camera is drawn: no tracked places, no states kept (with
            // --motion-path, the frames of the motion being played, until the next starts).
            parsed.track = []
            var last: MercatorCamera? = nil
            var before: MercatorCamera? = nil
            var frames: [MotionPathDrawing.Sample] = []
            var lastMotion: (samples: [MotionPathDrawing.Sample], rest: MercatorPoint)? = nil
            let sampling = motionPath ? try CameraScript.Sampling(framesPerSecond: 60) : nil
            try parsed.run(sampling: sampling) { state in
                if let seconds = state.seconds {
                    if frames.isEmpty, let before {
                        frames.append(.init(seconds: 0, center: before.centerMercator, zoom: before.zoom))
                    }
                    frames.append(.init(seconds: seconds, center: state.camera.centerMercator, zoom: state.camera.zoom))
                } else if !frames.isEmpty {
                    lastMotion = (frames, state.camera.centerMercator)
                    frames = []
                }
                before = state.camera
                last = state.camera
                return true
            }
            guard let last else { return }
            transform = last.transform
            if motionPath {
                guard let lastMotion else { throw ValidationError("--motion-path: the script has no motion with a duration to draw") }
                // A north-up view of the camera's size fitting the whole track.
                var view = last
                let places = (lastMotion.samples.map(\.center) + [lastMotion.rest]).map(\.coordinate)
                try view.jump(bearing: 0)
                try view.fit(.coordinates(places), padding: 40)
                transform = view.transform
                path = MotionPathDrawing(samples: lastMotion.samples, restingCenter: lastMotion.rest, transform: transform)
            }
        }
        let drawing = PreviewDrawing(circle: region, pins: layout.pins, transform: transform)
        let svg = path.map { $0.drawn(over: drawing.svg) } ?? drawing.svg
        if let output {
            try OutputFile.write(svg, to: output)
        } else {
            try writeOutput(svg)
        }
    }
}
