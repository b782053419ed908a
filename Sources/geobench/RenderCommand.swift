import ArgumentParser
import GeoMath
import MapTooling
import Projection

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
        abstract: "Write an SVG of the preview frame (or of the camera after --script): graticule, the circle (10 km by default), bounds, pins, legend."
    )

    @OptionGroup var place: RegionOptions

    @Option(name: .long, parsing: .unconditional, help: "Frame width in points, in [1, 1000000] (with --script still checked, but the script's camera sets the size). (default: \(Double(390)))", transform: DecimalOption.value)
    var width: Double = 390

    @Option(name: .long, parsing: .unconditional, help: "Frame height in points, in [1, 1000000] (default: width * 9/16; with --script still checked, but the script's camera sets the size).", transform: DecimalOption.value)
    var height: Double?

    @Option(name: .long, help: "CSV of announcements: header id,status,latitude,longitude.")
    var pins: String?

    @Option(name: .long, help: "A camera script (see `geobench camera`): draw the camera's last state instead of the preview.")
    var script: String?

    @Option(name: .long, help: "Write the SVG (the HTML with --trace, the frame's JSON with --frame) to this file instead of stdout (replaced whole, or left as it was on error).")
    var output: String?

    @Flag(name: .long, help: "With --script: draw the script's last motion (fly, ease, animated doubleTap, release) instead: the center's track sampled at 60 frames per second on a north-up view fitting it, and the zoom over time.")
    var motionPath = false

    @Flag(name: .long, help: "Cluster the --pins at the drawn camera's level (clusters with their MISSING/FOUND split and count, single pins, and the spread layout of pets at one place) instead of drawing every pin.")
    var clusters = false

    @Option(name: .customLong("radius-points"), parsing: .unconditional, help: "With --clusters: the cluster radius in points of the 256-point world (default: 20).", transform: DecimalOption.value)
    var radiusPoints: Double?

    @Flag(name: .long, help: "Draw the drawn camera's tile grid (256-point tiles, the floor rule) with z/x/y labels, under the map.")
    var tiles = false

    @Flag(name: .customLong("scale-bar"), help: "Draw the drawn camera's scale bar (metric, at most 100 points) at the bottom right of the unobstructed rectangle.")
    var scaleBar = false

    @Option(name: .long, help: "A recorded gesture trace (as examples/gesture-trace.json): write one self-contained HTML file that plays it frame by frame with the --pins placed, instead of an SVG.")
    var trace: String?

    @Option(name: .long, parsing: .unconditional, help: "With --trace: print frame K's pins (id, x, y) as JSON instead of the HTML (to --output when given).")
    var frame: Int?

    func validate() throws {
        if trace != nil && (script != nil || motionPath || clusters || tiles || scaleBar) {
            throw ValidationError("--trace writes the HTML player: it cannot be combined with --script, --motion-path, --clusters, --tiles or --scale-bar")
        }
        if frame != nil && trace == nil { throw ValidationError("--frame needs --trace") }
        if (tiles || scaleBar) && motionPath { throw ValidationError("--tiles and --scale-bar draw a camera state: they cannot be combined with --motion-path") }
        if motionPath && script == nil { throw ValidationError("--motion-path needs --script") }
        if clusters && pins == nil { throw ValidationError("--clusters needs --pins") }
        if clusters && motionPath { throw ValidationError("--clusters draws a camera state: it cannot be combined with --motion-path") }
        if radiusPoints != nil && !clusters { throw ValidationError("--radius-points needs --clusters") }
    }

    func run() throws {
        let region = try place.region()
        let frame = try PreviewFrame(circle: region, widthPoints: width, heightPoints: height)
        // One route from CSV to screen: the preview's pin layout (one PROJ batch), placed on
        // the frame or on the camera's last state from the same Mercator points.
        let layout = try loadPins(pins, frame: frame, estimate: .renderedPins)
        if let trace {
            let recorded = try FrameSuite.loadTrace(trace)
            // (Every frame keeps every pin's point: checked against the memory limits before
            // the frames are made, as a file is before it is loaded.)
            try MemoryLimits.current().check(neededBytes: TracePlayback.neededBytes(frames: recorded.frames.count, pins: layout.pins.count), toLoad: trace)
            let playback = try TracePlayback(trace: recorded, pins: layout.pins)
            if let index = self.frame {
                guard playback.frames.indices.contains(index) else {
                    throw ValidationError("--frame \(index) is out of range: expected an integer in [0, \(playback.frames.count - 1)]")
                }
                // To --output when given, as the HTML would be (it was ignored, the JSON printed).
                if let output {
                    try OutputFile.write(playback.frameJSON(index) + "\n", to: output)
                } else {
                    try writeOutput(playback.frameJSON(index) + "\n")
                }
            } else if let output {
                try OutputFile.write(playback.html, to: output)
            } else {
                try writeOutput(playback.html)
            }
            return
        }
        var transform = frame.transform
        var path: MotionPathDrawing? = nil
        var camera: MercatorCamera? = nil
        if let script {
            var parsed = try loadScript(script)
            // Only the last camera is drawn: no tracked places, no states kept (with
            // --motion-path, the frames of the motion being played, until the next starts).
            parsed.track = []
            var last: MercatorCamera? = nil
            var recorder = MotionPathDrawing.Recorder()
            let sampling = motionPath ? try CameraScript.Sampling(framesPerSecond: 60) : nil
            try parsed.run(sampling: sampling) { state in
                if motionPath { recorder.take(state) }
                last = state.camera
                return true
            }
            guard let last else { return }
            transform = last.transform
            camera = last
            if motionPath {
                guard let lastMotion = recorder.lastMotion else {
                    throw ValidationError("--motion-path: the script has no motion with a duration to draw")
                }
                // A north-up view of the camera's size fitting the whole track.
                let centers = lastMotion.samples.map(\.center) + [lastMotion.restingCenter]
                transform = try MotionPathDrawing.view(fitting: centers, sizeOf: last).transform
                path = MotionPathDrawing(samples: lastMotion.samples, restingCenter: lastMotion.restingCenter, transform: transform)
            }
        }
        // The drawn camera, for the clusters, tiles and scale bar only: the script's last, or the
        // preview as a camera (its center and scale on its screen). A preview no camera shows
        // (a zoom beyond [0, 22], a screen taller than the world) is refused: the camera's
        // constraints would move it, and the clusters, tiles and scale bar would be drawn at
        // another scale than the map under them.
        func view() throws -> MercatorCamera {
            if let camera { return camera }
            do {
                return try PreviewCamera.camera(showing: frame)
            } catch {
                throw ValidationError("--clusters, --tiles and --scale-bar draw the preview as a camera, and \(error); use --script")
            }
        }
        var clustered: ClusterDrawing? = nil
        if clusters {
            let index = try PinClusterIndex(pins: layout.pins.map(ClusterPin.init), radiusPoints: radiusPoints ?? PinClusterIndex.defaultRadiusPoints)
            clustered = ClusterDrawing(index: index, camera: try view())
        }
        let bar = scaleBar ? try ScaleBarDrawing(camera: try view()) : nil
        let drawing = PreviewDrawing(circle: region, pins: clustered == nil ? layout.pins : [], transform: transform)
        // The legend keeps clear of the clusters' badges and pins and of the scale bar too. On a
        // motion path's view, which has no insets, it keeps to the whole screen and clear of the
        // zoom chart's corner (before, it kept to the camera's insets, 300 points above a sheet
        // the view does not have, and could stand wholly under the chart).
        let map = drawing.svg(
            legendAvoiding: (clustered?.legendObstacles ?? []) + (bar?.legendObstacles ?? []),
            insets: path == nil ? camera?.effectiveInsets ?? .zero : .zero,
            preference: path == nil ? LegendCorner.allCases : MotionPathDrawing.legendCorners)
        var svg = path.map { $0.drawn(over: map) } ?? map
        if let clustered { svg = clustered.drawn(over: svg) }
        if tiles { svg = try TileGridDrawing(camera: try view()).drawn(under: svg) }
        if let bar { svg = bar.drawn(over: svg) }
        if let output {
            try OutputFile.write(svg, to: output)
        } else {
            try writeOutput(svg)
        }
    }
}
