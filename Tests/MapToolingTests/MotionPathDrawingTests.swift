import GeoMath
import MapTooling
import Projection
import Testing

@Suite("Motion path drawing")
struct MotionPathDrawingTests {
    @Test("the track starts at the start's center and ends at the target's; the chart is the zoom over time, inside its frame")
    func flyPath() throws {
        let start = try MercatorCamera(center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 12, widthPoints: 390, heightPoints: 844)
        let fly = try CameraTransition(from: start, center: Coordinate(latitude: 52.52, longitude: 13.405), zoom: 11, kind: .fly())
        let frames = Int(fly.durationSeconds * 60)
        var samples: [MotionPathDrawing.Sample] = []
        for k in 0...frames {
            let t = Double(k) / 60
            let state = fly.state(atSeconds: t)
            samples.append(.init(seconds: t, center: state.centerMercator, zoom: state.zoom))
        }
        var view = fly.target
        try view.fit(.coordinates(samples.map(\.center.coordinate) + [fly.target.center]), padding: 40)
        let drawing = MotionPathDrawing(samples: samples, restingCenter: fly.target.centerMercator, transform: view.transform)
        #expect(drawing.track.count == samples.count + 1)
        #expect(drawing.track.first == view.point(for: start.centerMercator))
        #expect(drawing.track.last == view.point(for: fly.target.centerMercator))
        // Every track point is on the view (the fit holds them all, 40 points in).
        for point in drawing.track { #expect(view.contains(point)) }
        let f = drawing.chartFrame
        #expect(drawing.zoomRange.lowerBound < 11 && drawing.zoomRange.upperBound == 12)
        for (index, point) in drawing.chart.enumerated() {
            #expect(point.x >= f.x && point.x <= f.x + f.width && point.y >= f.y && point.y <= f.y + f.height)
            if index > 0 { #expect(point.x > drawing.chart[index - 1].x) }
            // The chart's height maps the zoom linearly: back from y to the sample's zoom.
            let zoom = drawing.zoomRange.lowerBound + (1 - (point.y - f.y) / f.height) * (drawing.zoomRange.upperBound - drawing.zoomRange.lowerBound)
            #expect(abs(zoom - samples[index].zoom) <= 1e-9)
        }
        // A fly out and back in: the chart's lowest point is inside the flight, not at an end.
        let lowest = drawing.chart.indices.max { drawing.chart[$0].y < drawing.chart[$1].y }!
        #expect(lowest > 0 && lowest < drawing.chart.count - 1)
        let svg = drawing.drawn(over: "<svg>\n</svg>\n")
        #expect(svg.hasSuffix("</g>\n</svg>\n") && svg.contains("id=\"motion-track\"") && svg.contains("id=\"motion-zoom-line\""))
    }
}
