import GeoMath
import MapTooling
import Projection
import Testing

/// What `geobench render --motion-path` writes: the SVG text says what ``MotionPathDrawing``
/// computed (the track, the zoom chart, the labels), drawn over the preview's document.
@Suite("Motion path SVG")
struct MotionPathSVGTests {
    /// The attribute `name` of the first line holding `id="<id>"`.
    static func attribute(_ name: String, ofElement id: String, in svg: String) throws -> String {
        let line = try #require(svg.split(separator: "\n").first { $0.contains("id=\"\(id)\"") })
        let start = try #require(line.range(of: " \(name)=\""))
        let rest = line[start.upperBound...]
        return String(rest[..<(try #require(rest.firstIndex(of: "\"")))])
    }

    /// The drawing of an ease (0.5 s, zoom 12 to 14, bearing 30, 3 km away) sampled at 60
    /// frames per second, on a north-up view fitting the track, over the preview of Paris.
    static func easeDrawing() throws -> (drawing: MotionPathDrawing, view: MercatorCamera, transition: CameraTransition, preview: String) {
        let paris = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        let start = try MercatorCamera(center: paris, zoom: 12, widthPoints: 390, heightPoints: 844)
        let target = try Coordinate(latitude: 48.8766, longitude: 2.3822)
        let ease = try CameraTransition(from: start, center: target, zoom: 14, bearing: 30, kind: .ease(duration: 0.5))
        var samples: [MotionPathDrawing.Sample] = []
        for k in 0...30 {
            let t = Double(k) / 60
            let state = ease.state(atSeconds: t)
            samples.append(.init(seconds: t, center: state.centerMercator, zoom: state.zoom))
        }
        var view = ease.target
        try view.jump(bearing: 0)
        try view.fit(.coordinates(samples.map(\.center.coordinate)), padding: 40)
        let drawing = MotionPathDrawing(samples: samples, restingCenter: ease.target.centerMercator, transform: view.transform)
        let preview = PreviewDrawing(circle: .userVicinity(around: paris), pins: [], transform: view.transform).svg
        return (drawing, view, ease, preview)
    }

    @Test("the track's polyline and end marks in the SVG are the drawing's points, from the start's center to the target's")
    func trackInSVG() throws {
        let (drawing, view, ease, preview) = try Self.easeDrawing()
        let svg = drawing.drawn(over: preview)
        // Drawn over the preview: its document whole up to the closing tag, one <svg>, closed once.
        #expect(svg.hasPrefix(String(preview.dropLast("</svg>\n".count))))
        #expect(svg.hasSuffix("</g>\n</svg>\n"))
        #expect(svg.components(separatedBy: "<svg").count == 2 && svg.components(separatedBy: "</svg>").count == 2)
        let track = try PreviewDrawingTests.points(ofElement: "motion-track", in: svg)
        #expect(track.count == drawing.samples.count + 1)
        for (written, point) in zip(track, drawing.track) {
            #expect(abs(written.x - point.x) <= 5e-4 && abs(written.y - point.y) <= 5e-4)
        }
        // The first point is the start's center on the view, the last the target's (the
        // resting center, at t = 0.5 s also the last sample).
        let first = view.point(for: ease.start.centerMercator), last = view.point(for: ease.target.centerMercator)
        #expect(abs(track[0].x - first.x) <= 5e-4 && abs(track[0].y - first.y) <= 5e-4)
        #expect(abs(track[track.count - 1].x - last.x) <= 5e-4 && abs(track[track.count - 1].y - last.y) <= 5e-4)
        #expect(drawing.samples.last?.center == ease.target.centerMercator)
        func mark(_ id: String) throws -> (Double, Double) {
            (try #require(Double(Self.attribute("cx", ofElement: id, in: svg))), try #require(Double(Self.attribute("cy", ofElement: id, in: svg))))
        }
        let startMark = try mark("motion-start"), endMark = try mark("motion-end")
        #expect(abs(startMark.0 - first.x) <= 5e-4 && abs(startMark.1 - first.y) <= 5e-4)
        #expect(abs(endMark.0 - last.x) <= 5e-4 && abs(endMark.1 - last.y) <= 5e-4)
        // The target is 3 km north-east: the track goes right and up on the north-up view.
        #expect(last.x > first.x + 50 && last.y < first.y - 50)
    }

    @Test("the zoom chart of an ease rises from its lower-left corner to its upper-right one, time strictly increasing, labelled with the zooms and the duration")
    func zoomChartInSVG() throws {
        let (drawing, _, ease, preview) = try Self.easeDrawing()
        let svg = drawing.drawn(over: preview)
        let chart = try PreviewDrawingTests.points(ofElement: "motion-zoom-line", in: svg)
        #expect(chart.count == drawing.samples.count)
        let f = drawing.chartFrame
        #expect(drawing.zoomRange == ease.start.zoom...ease.target.zoom)
        // t = 0 at the frame's left edge and the lowest zoom at its bottom; the end top-right.
        #expect(abs(chart[0].x - f.x) <= 5e-4 && abs(chart[0].y - (f.y + f.height)) <= 5e-4)
        #expect(abs(chart[chart.count - 1].x - (f.x + f.width)) <= 5e-4 && abs(chart[chart.count - 1].y - f.y) <= 5e-4)
        for index in chart.indices.dropFirst() {
            #expect(chart[index].x > chart[index - 1].x)
            // The eased zoom never decreases (MapLibre's default curve is monotone): y never grows.
            #expect(chart[index].y <= chart[index - 1].y + 5e-4)
            // Back from y to zoom: the transition's zoom at that sample's time.
            let zoom = 12 + 2 * (1 - (chart[index].y - f.y) / f.height)
            #expect(abs(zoom - ease.state(atSeconds: drawing.samples[index].seconds).zoom) <= 1e-4)
        }
        // The chart sits inside the drawing, in its top-right corner.
        #expect(f.x > 0 && f.x + f.width < 390 && f.y > 0 && f.y + f.height < 844 / 2)
        #expect(svg.contains(">zoom 14.00</text>") && svg.contains(">zoom 12.00</text>") && svg.contains(">t = 0.50 s</text>"))
    }
    @Test("the legend of a motion path keeps clear of the zoom chart: with one pet near each other corner of the view, it takes the corner hiding the fewest among the three the chart leaves (before, the top trailing one, wholly under the chart drawn over it)")
    func legendClearOfTheChart() throws {
        let (drawing, view, _, _) = try Self.easeDrawing()
        let paris = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        // One pet 40 points in from each corner but the top trailing one (390 x 844 view).
        let pins = try [ScreenPoint(x: 40, y: 25), ScreenPoint(x: 40, y: 815), ScreenPoint(x: 340, y: 815)].enumerated().map { k, point in
            let mercator = try view.transform.mercatorPoint(at: point)
            return Pin(id: "p\(k)", category: .missing, coordinate: mercator.coordinate, distanceMeters: 0, mercator: mercator, point: point, inFrame: true)
        }
        let preview = PreviewDrawing(circle: .userVicinity(around: paris), pins: pins, transform: view.transform)
        #expect(preview.svg.contains("data-corner=\"topTrailing\""))
        let svg = drawing.drawn(over: preview.svg(legendAvoiding: [], preference: MotionPathDrawing.legendCorners))
        #expect(!svg.contains("data-corner=\"topTrailing\""))
        #expect(svg.contains("<g id=\"legend\" data-corner=\"bottomLeading\""))
        let legend = try #require(svg.split(separator: "\n").first { $0.hasPrefix("<rect x=") && $0.contains("width=\"86\"") })
        func number(_ name: String) throws -> Double {
            let start = try #require(legend.range(of: " \(name)=\""))
            let rest = legend[start.upperBound...]
            let end = try #require(rest.firstIndex(of: "\""))
            return try #require(Double(rest[..<end]))
        }
        let x = try number("x"), y = try number("y"), height = try number("height")
        let chart = drawing.chartFrame
        // The legend's box and the chart's (with its time label, 10 points below) do not meet.
        let apart = x + 86 < chart.x || chart.x + chart.width < x || y + height < chart.y || chart.y + chart.height + 12 < y
        #expect(apart, "legend at \(x), \(y); chart \(chart)")
        // No corner given is all four: the default order.
        #expect(preview.svg(legendAvoiding: [], preference: []) == preview.svg)
    }
}
