import GeoMath
import Projection

/// The path of a camera motion, for a reference drawing: the center's track on a screen and
/// the zoom over time, from the motion's sampled states.
public struct MotionPathDrawing: Hashable, Sendable {
    /// One sampled state: seconds since the motion began, the center and the zoom.
    public struct Sample: Hashable, Sendable {
        /// Seconds since the motion began.
        public let seconds: Double
        /// The camera's center.
        public let center: MercatorPoint
        /// The camera's zoom.
        public let zoom: Double

        /// A sample.
        ///
        /// - Parameters:
        ///   - seconds: Seconds since the motion began.
        ///   - center: The camera's center.
        ///   - zoom: The camera's zoom.
        public init(seconds: Double, center: MercatorPoint, zoom: Double) {
            self.seconds = seconds
            self.center = center
            self.zoom = zoom
        }
    }

    /// The corners a legend may take on the drawing, for
    /// ``PreviewDrawing/svg(legendAvoiding:insets:preference:)``: all but the top trailing one,
    /// where the zoom chart is drawn over whatever lies there (before, a legend placed there,
    /// as one pet near each other corner made it, stood wholly under the chart).
    public static let legendCorners: [LegendCorner] = [.bottomLeading, .bottomTrailing, .topLeading]

    /// The samples, in time order (the start first).
    public let samples: [Sample]
    /// The center's track on the drawing's screen, one point per sample, then the resting
    /// center if one was given.
    public let track: [ScreenPoint]
    /// The zoom chart's points (time to the right, zoom up), in the drawing's screen points,
    /// one per sample, inside ``chartFrame``.
    public let chart: [ScreenPoint]
    /// The chart's rectangle: x, y, width, height in points.
    public let chartFrame: (x: Double, y: Double, width: Double, height: Double)
    /// The lowest and highest zoom on the chart.
    public let zoomRange: ClosedRange<Double>

    /// The drawing of `samples` on a screen.
    ///
    /// - Parameters:
    ///   - samples: The motion's states, at least one, in time order.
    ///   - restingCenter: Where the motion came to rest (or was stopped), drawn as the track's
    ///     end; its time is not known to a sampled run, so it is not on the chart.
    ///   - transform: The screen the track is drawn on (one showing the whole track).
    public init(samples: [Sample], restingCenter: MercatorPoint? = nil, transform: ScreenTransform) {
        self.samples = samples
        track = (samples.map(\.center) + (restingCenter.map { [$0] } ?? [])).map { transform.point(for: $0) }
        let width = min(160, transform.widthPoints * 0.4), height = width * 0.5
        let frame = (x: transform.widthPoints - width - 8, y: 8.0, width: width, height: height)
        chartFrame = frame
        let zooms = samples.map(\.zoom)
        let low = zooms.min() ?? 0, high = zooms.max() ?? 0
        zoomRange = low...high
        let span = high - low, last = samples.last?.seconds ?? 0
        chart = samples.map { sample in
            let fx = last > 0 ? sample.seconds / last : 0
            let fy = span > 0 ? (sample.zoom - low) / span : 0.5
            return ScreenPoint(x: frame.x + fx * frame.width, y: frame.y + (1 - fy) * frame.height)
        }
    }

    public static func == (a: MotionPathDrawing, b: MotionPathDrawing) -> Bool {
        a.samples == b.samples && a.track == b.track && a.chart == b.chart && a.chartFrame == b.chartFrame
            && a.zoomRange == b.zoomRange
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(samples)
        hasher.combine(track)
    }

    /// The SVG elements: the track (`id="motion-track"`, start and end marked), and the zoom
    /// chart (`id="motion-zoom"`) with its time and zoom labels.
    public var svgElements: String {
        func number(_ value: Double) -> String { PreviewDrawing.fixed(value, decimals: 3) }
        func pointList(_ points: [ScreenPoint]) -> String { points.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ") }
        var out = "<g id=\"motion-path\">\n"
        out += "<polyline id=\"motion-track\" points=\"\(pointList(track))\" fill=\"none\" stroke=\"#D93025\" stroke-width=\"2\"/>\n"
        if let first = track.first, let last = track.last {
            out += "<circle id=\"motion-start\" cx=\"\(number(first.x))\" cy=\"\(number(first.y))\" r=\"4\" fill=\"#FFFFFF\" stroke=\"#D93025\" stroke-width=\"2\"/>\n"
            out += "<circle id=\"motion-end\" cx=\"\(number(last.x))\" cy=\"\(number(last.y))\" r=\"4\" fill=\"#D93025\"/>\n"
        }
        let f = chartFrame
        out += "<g id=\"motion-zoom\" font-size=\"9\" fill=\"#202124\">\n"
        out += "<rect x=\"\(number(f.x))\" y=\"\(number(f.y))\" width=\"\(number(f.width))\" height=\"\(number(f.height))\" fill=\"#FFFFFF\" fill-opacity=\"0.9\" stroke=\"#5F6368\" stroke-width=\"0.5\"/>\n"
        out += "<polyline id=\"motion-zoom-line\" points=\"\(pointList(chart))\" fill=\"none\" stroke=\"#1A73E8\" stroke-width=\"1.5\"/>\n"
        out += "<text x=\"\(number(f.x + 2))\" y=\"\(number(f.y + 9))\">zoom \(PreviewDrawing.fixed(zoomRange.upperBound, decimals: 2))</text>\n"
        out += "<text x=\"\(number(f.x + 2))\" y=\"\(number(f.y + f.height - 2))\">zoom \(PreviewDrawing.fixed(zoomRange.lowerBound, decimals: 2))</text>\n"
        let seconds = samples.last?.seconds ?? 0
        out += "<text x=\"\(number(f.x + f.width - 2))\" y=\"\(number(f.y + f.height + 10))\" text-anchor=\"end\">t = \(PreviewDrawing.fixed(seconds, decimals: 2)) s</text>\n"
        out += "</g>\n</g>\n"
        return out
    }

    /// An SVG document with these elements added at its end (before `</svg>`).
    ///
    /// - Parameter document: An SVG document ending with `</svg>` and a line break.
    /// - Returns: The document with the path drawn over it.
    public func drawn(over document: String) -> String {
        let closing = "</svg>\n"
        guard document.hasSuffix(closing) else { return document + svgElements }
        return String(document.dropLast(closing.count)) + svgElements + closing
    }
}

extension MotionPathDrawing {
    /// One motion of a sampled camera script: its samples and where it rested or was stopped.
    public struct Motion: Hashable, Sendable {
        /// The start (0 seconds), then the frames; for a motion shorter than one frame, its
        /// start and its end (at the seconds it ran).
        public let samples: [Sample]
        /// Where the motion came to rest or was stopped.
        public let restingCenter: MercatorPoint
    }

    /// Takes the states of a camera script run with a sampling (``CameraScript/run(sampling:reducedMotion:_:)``)
    /// one by one and keeps the last motion that ran for a time > 0, sampled or not.
    public struct Recorder: Sendable {
        /// The last motion with a duration so far (nil: none yet).
        public private(set) var lastMotion: Motion?
        private var frames: [Sample] = []
        private var before: MercatorCamera?

        /// A recorder that has seen no state.
        public init() {}

        /// Takes the next state of the run.
        public mutating func take(_ state: CameraScript.State) {
            if let seconds = state.seconds {
                if frames.isEmpty, let before {
                    frames.append(Sample(seconds: 0, center: before.centerMercator, zoom: before.zoom))
                }
                frames.append(Sample(seconds: seconds, center: state.camera.centerMercator, zoom: state.camera.zoom))
            } else {
                let ran = state.motionSeconds ?? 0
                if frames.isEmpty, ran > 0, let before {
                    // Shorter than one frame: no frame was sampled; its start and its end.
                    frames = [
                        Sample(seconds: 0, center: before.centerMercator, zoom: before.zoom),
                        Sample(seconds: ran, center: state.camera.centerMercator, zoom: state.camera.zoom),
                    ]
                }
                if !frames.isEmpty {
                    lastMotion = Motion(samples: frames, restingCenter: state.camera.centerMercator)
                    frames = []
                }
            }
            before = state.camera
        }
    }

    /// The most space left around the track on ``view(fitting:sizeOf:)``, in points.
    public static let maximumViewPadding = 40.0

    /// The view a motion's track is drawn on: `camera`'s size, north-up, without insets,
    /// fitted to `centers` with a padding of 40 points, or a quarter of the screen's shorter
    /// side less one point where that is less (so that at least half of the screen is left to
    /// the track, on a screen of any size).
    ///
    /// - Parameters:
    ///   - centers: The places to show (at least one).
    ///   - camera: The camera whose size (and limits and bounds) the view keeps.
    /// - Throws: `GeometryError/emptyFitTarget` for no centers.
    public static func view(fitting centers: [MercatorPoint], sizeOf camera: MercatorCamera) throws(GeometryError) -> MercatorCamera {
        var view = camera
        try view.setInsets(.zero)
        try view.jump(bearing: 0)
        let shorter = min(view.widthPoints, view.heightPoints)
        let padding = max(0, min(maximumViewPadding, (shorter - 1) / 4))
        try view.fit(.coordinates(centers.map(\.coordinate)), padding: padding)
        return view
    }
}
