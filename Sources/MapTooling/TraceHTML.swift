import GeoMath
import Projection

/// A recorded gesture trace played onto pins, frame by frame, for `geobench render --trace`:
/// each frame's time, camera and pins' screen points, and a self-contained HTML player of
/// them (one file, no network, no external script).
public struct TracePlayback: Sendable {
    /// One frame: its time in seconds, the camera's zoom and bearing, and every pin's screen
    /// point in the order of ``ids``.
    public struct Frame: Sendable {
        public let seconds: Double
        public let zoom: Double
        public let bearing: Double
        public let points: [ScreenPoint]
    }

    /// The pins' ids.
    public let ids: [String]
    /// Their categories.
    public let categories: [PinCategory]
    /// The frames, one per frame of the trace.
    public let frames: [Frame]
    /// The screen size in points.
    public let widthPoints: Double
    public let heightPoints: Double

    /// What playing `frames` frames onto `pins` pins needs, in bytes: every frame keeps every
    /// pin's point, and the HTML player writes each. Measured on geobench's debug build (the
    /// peak virtual size, VmPeak, as the address-space limit counts it): 879 MB for the
    /// example trace's 721 frames and 20 000 pins, about 61 bytes a pin a frame; 80 here, and
    /// 32 MiB more.
    public static func neededBytes(frames: Int, pins: Int) -> Int64 {
        let perPinFrame: Int64 = 80
        let (product, overflow) = Int64(frames).multipliedReportingOverflow(by: Int64(pins))
        guard !overflow, product <= Int64.max / 2 / perPinFrame else { return .max }
        return product * perPinFrame + (32 << 20)
    }

    /// Plays `trace` once, placing `pins` (projected once) on every frame.
    ///
    /// - Throws: The `GeometryError` of the trace's camera or a fly's target
    ///   (``GestureTracePlayer/init(_:)``).
    public init(trace: GestureTrace, pins: [Pin]) throws(GeometryError) {
        var player = try GestureTracePlayer(trace)
        var camera = player.startCamera
        let projected = ProjectedPins(mercatorPoints: pins.map(\.mercator))
        var points: [ScreenPoint] = []
        var frames: [Frame] = []
        frames.reserveCapacity(player.frameCount)
        for k in 0..<player.frameCount {
            player.step(&camera)
            camera.place(projected, into: &points)
            frames.append(Frame(seconds: trace.frames[k].t, zoom: camera.zoom, bearing: camera.bearing, points: points))
        }
        ids = pins.map(\.id)
        categories = pins.map(\.category)
        self.frames = frames
        widthPoints = camera.widthPoints
        heightPoints = camera.heightPoints
    }

    /// Frame `index`'s pins as JSON: `{"frame":..,"t":..,"zoom":..,"bearing":..,"pins":[{"id":..,"x":..,"y":..}]}`,
    /// points with 3 decimals (as the player draws them).
    public func frameJSON(_ index: Int) -> String {
        let frame = frames[index]
        func number(_ value: Double) -> String { PreviewDrawing.fixed(value, decimals: 3) }
        let pins = zip(ids, frame.points).map { id, point in
            "{\"id\":\"\(Self.jsonEscaped(id))\",\"x\":\(number(point.x)),\"y\":\(number(point.y))}"
        }
        return "{\"frame\":\(index),\"t\":\(number(frame.seconds)),\"zoom\":\(PreviewDrawing.fixed(frame.zoom, decimals: 6)),"
            + "\"bearing\":\(PreviewDrawing.fixed(frame.bearing, decimals: 6)),\"pins\":[\(pins.joined(separator: ","))]}"
    }

    static func jsonEscaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "<": out += "\\u003c"
            case "&": out += "\\u0026"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The player: one HTML file with the frames inline and a small script drawing frame k's pins
    /// as SVG circles (`data-id`, `cx`, `cy` with 3 decimals). It opens on frame k of
    /// `#frame=k` (default 0); Play runs the frames at their recorded times, Step moves one frame,
    /// and the slider picks any frame.
    public var html: String {
        func number(_ value: Double) -> String { PreviewDrawing.fixed(value, decimals: 3) }
        var data = "["
        for (k, frame) in frames.enumerated() {
            if k > 0 { data += ",\n" }
            data += "{\"t\":\(number(frame.seconds)),\"z\":\(number(frame.zoom)),\"b\":\(number(frame.bearing)),\"p\":["
            data += frame.points.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: ",")
            data += "]}"
        }
        data += "]"
        let pins = zip(ids, categories).map { id, category in
            "{\"id\":\"\(Self.jsonEscaped(id))\",\"color\":\"\(category.style.colorHex)\"}"
        }.joined(separator: ",")
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>Gesture trace: \(frames.count) frames</title>
            <style>
            body { font-family: Helvetica, Arial, sans-serif; margin: 16px; background: #FFFFFF; color: #202124; }
            svg { border: 1px solid #C9C3B6; background: #F4F1EA; display: block; }
            #controls { margin: 8px 0; display: flex; gap: 8px; align-items: center; }
            </style>
            </head>
            <body>
            <div id="controls">
            <button id="play" type="button">Play</button>
            <button id="step" type="button">Step</button>
            <input id="slider" type="range" min="0" max="\(frames.count - 1)" value="0">
            <span id="status"></span>
            </div>
            <svg id="screen" xmlns="http://www.w3.org/2000/svg" width="\(number(widthPoints))" height="\(number(heightPoints))" viewBox="0 0 \(number(widthPoints)) \(number(heightPoints))"><g id="pins" stroke="#FFFFFF" stroke-width="1.5"></g></svg>
            <script>
            "use strict";
            const PINS = [\(pins)];
            const FRAMES = \(data);
            const NS = "http://www.w3.org/2000/svg";
            const group = document.getElementById("pins");
            const circles = PINS.map(function (pin) {
              const circle = document.createElementNS(NS, "circle");
              circle.setAttribute("data-id", pin.id);
              circle.setAttribute("r", "6");
              circle.setAttribute("fill", pin.color);
              group.appendChild(circle);
              return circle;
            });
            let current = 0;
            function show(k) {
              current = Math.max(0, Math.min(FRAMES.length - 1, k));
              const frame = FRAMES[current];
              for (let i = 0; i < circles.length; i++) {
                circles[i].setAttribute("cx", frame.p[2 * i].toFixed(3));
                circles[i].setAttribute("cy", frame.p[2 * i + 1].toFixed(3));
              }
              document.getElementById("slider").value = String(current);
              document.getElementById("status").textContent =
                "frame " + current + ", t " + frame.t.toFixed(3) + " s, zoom " + frame.z.toFixed(3) + ", bearing " + frame.b.toFixed(3);
              document.body.setAttribute("data-frame", String(current));
            }
            let playing = null;
            function play() {
              if (playing !== null) { cancelAnimationFrame(playing); playing = null; return; }
              const start = performance.now() - FRAMES[current].t * 1000;
              function tick(now) {
                let k = current;
                while (k + 1 < FRAMES.length && FRAMES[k + 1].t * 1000 <= now - start) { k++; }
                show(k);
                playing = k + 1 < FRAMES.length ? requestAnimationFrame(tick) : null;
              }
              playing = requestAnimationFrame(tick);
            }
            document.getElementById("play").addEventListener("click", play);
            document.getElementById("step").addEventListener("click", function () { show(current + 1); });
            document.getElementById("slider").addEventListener("input", function (event) { show(Number(event.target.value)); });
            const match = /frame=(\\d+)/.exec(location.hash);
            show(match ? Number(match[1]) : 0);
            </script>
            </body>
            </html>

            """
    }
}
