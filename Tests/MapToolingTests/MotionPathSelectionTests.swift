import Foundation
import GeoMath
import MapTooling
import Projection
import Testing

/// What `geobench render --motion-path` draws: the last motion with a duration, however short,
/// on a view any screen can hold.
@Suite("Motion path selection and view")
struct MotionPathSelectionTests {
    static func script(camera: String = #"{"latitude":48.8566,"longitude":2.3522,"zoom":12,"width":390,"height":844}"#, events: String) throws -> CameraScript {
        try CameraScript.decode(Data(#"{"camera":\#(camera),"events":[\#(events)]}"#.utf8))
    }

    /// The last motion the recorder keeps from a run at 60 frames per second.
    static func lastMotion(_ script: CameraScript) throws -> (motion: MotionPathDrawing.Motion?, last: MercatorCamera?) {
        var recorder = MotionPathDrawing.Recorder()
        var last: MercatorCamera?
        try script.run(sampling: try CameraScript.Sampling(framesPerSecond: 60)) { state in
            recorder.take(state)
            last = state.camera
            return true
        }
        return (recorder.lastMotion, last)
    }

    static let fly = #"{"type":"fly","latitude":52.52,"longitude":13.405,"zoom":11}"#

    @Test("BAD_INPUTS row 94: a last motion shorter than one frame is the one drawn, from its start to its end")
    func shortLastMotion() throws {
        let berlin = MercatorPoint(try Coordinate(latitude: 52.52, longitude: 13.405))
        let script = try Self.script(events: Self.fly + #",{"type":"ease","latitude":48.8566,"longitude":2.3522,"zoom":14,"duration":0.01}"#)
        let (motion, last) = try Self.lastMotion(script)
        let ease = try #require(motion)
        let camera = try #require(last)
        #expect(ease.samples.count == 2)
        #expect(ease.samples.map(\.seconds) == [0, 0.01])
        // From where the fly rested (Berlin) to the ease's target (Paris, zoom 14).
        #expect(abs(ease.samples[0].center.x - berlin.x) < 1e-6 && abs(ease.samples[0].center.y - berlin.y) < 1e-6)
        #expect(ease.samples[0].zoom == 11)
        #expect(ease.samples[1].center == camera.centerMercator && ease.samples[1].zoom == 14)
        #expect(ease.restingCenter == camera.centerMercator)

        // Alone, and shorter still.
        let alone = try Self.lastMotion(try Self.script(events: #"{"type":"ease","latitude":48.86,"longitude":2.36,"zoom":13,"duration":0.001}"#))
        let short = try #require(alone.motion)
        #expect(short.samples.map(\.seconds) == [0, 0.001])
        #expect(short.samples[0].zoom == 12 && short.samples[1].zoom == 13)
        let drawing = MotionPathDrawing(samples: short.samples, restingCenter: short.restingCenter, transform: try #require(alone.last).transform)
        #expect(drawing.chart.count == 2 && drawing.chart[0].x < drawing.chart[1].x)
    }

    @Test("a sampled motion keeps its frames; motions of no duration and other events are not motions to draw")
    func sampledAndEmpty() throws {
        let (motion, _) = try Self.lastMotion(try Self.script(events: Self.fly + #",{"type":"pan","dx":10,"dy":5}"#))
        let fly = try #require(motion)
        #expect(fly.samples.count > 60 && fly.samples.first?.seconds == 0 && fly.samples.first?.zoom == 12)
        // An ease of no duration after the fly: still the fly.
        let (after, _) = try Self.lastMotion(try Self.script(events: Self.fly + #",{"type":"ease","latitude":48.86,"longitude":2.36,"zoom":13,"duration":0}"#))
        #expect(after == fly)
        let (none, _) = try Self.lastMotion(try Self.script(events: #"{"type":"pan","dx":10,"dy":5},{"type":"ease","latitude":48.86,"longitude":2.36,"zoom":13,"duration":0}"#))
        #expect(none == nil)
    }

    @Test("BAD_INPUTS row 94: the view holds the track on small screens and behind large insets: 40 points of padding at most, less where the screen is small")
    func smallViews() throws {
        let cases: [(camera: String, padding: Double)] = [
            (#"{"latitude":48.8566,"longitude":2.3522,"zoom":12,"width":60,"height":60}"#, 14.75),
            (#"{"latitude":48.8566,"longitude":2.3522,"zoom":12,"width":390,"height":844,"insets":{"top":400,"bottom":400}}"#, 40),
            (#"{"latitude":48.8566,"longitude":2.3522,"zoom":12,"width":390,"height":844}"#, 40),
        ]
        for (camera, padding) in cases {
            let (motion, last) = try Self.lastMotion(try Self.script(camera: camera, events: Self.fly))
            let fly = try #require(motion)
            let centers = fly.samples.map(\.center) + [fly.restingCenter]
            let view = try MotionPathDrawing.view(fitting: centers, sizeOf: try #require(last))
            #expect(view.bearing == 0 && view.effectiveInsets == .zero)
            #expect(view.widthPoints == last?.widthPoints && view.heightPoints == last?.heightPoints)
            // Every center at least `padding` points inside the screen (to the fit's 1e-6), and
            // the limiting axis filled exactly.
            let points = centers.map { view.point(for: $0) }
            let xs = points.map(\.x), ys = points.map(\.y)
            #expect(xs.min()! >= padding - 1e-6 && xs.max()! <= view.widthPoints - padding + 1e-6, "\(camera)")
            #expect(ys.min()! >= padding - 1e-6 && ys.max()! <= view.heightPoints - padding + 1e-6, "\(camera)")
            let filled = abs(xs.min()! - padding) < 1e-6 || abs(ys.min()! - padding) < 1e-6
            #expect(filled, "\(camera)")
        }
    }
}
