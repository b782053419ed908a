import Foundation
import GeoMath
import Testing

@testable import Projection

/// The DocC walk-throughs' code, run as written (Sources/Projection/Projection.docc), with the
/// results the articles state.
@Suite("Documentation")
struct DocumentationTests {
    @Test("Computing a map preview: the article's code runs and gives what it says")
    func computingAMapPreview() throws {
        let user = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        let query = AnnouncementsQuery(userLocation: user)
        #expect(query.queryItems.map(\.name) == ["lat", "lng", "range"] && query.queryItems.last?.value == "10")

        let region = CoordinateRegion.userVicinity(around: user)
        let transformer = try WebMercatorTransformer()
        let frame = try PreviewFrame(region: region, widthPoints: 390, displayScale: 3, transformer: transformer)
        #expect(abs(frame.heightPoints - 219.375) < 1e-12 && abs(frame.pointsPerMeter - 0.0072) < 0.0001)

        let announcements = [
            Announcement(id: "a1", status: "MISSING", latitude: 48.86, longitude: 2.35),
            Announcement(id: "a2", status: " found ", latitude: 48.9, longitude: 2.4),
            Announcement(id: "a3", status: "CLOSED", latitude: 48.8, longitude: 2.3),
        ]
        let layout = try PinLayout(announcements: announcements, frame: frame, transformer: transformer)
        #expect(layout.pins.map(\.id) == ["a1", "a2"] && layout.pins.map(\.style.symbol) == ["pin.missing", "pin.found"])
        #expect(layout.skipped.map(\.id) == ["a3"] && layout.skipped.first?.reason == .closed)
        #expect(Legend.entries.map(\.category) == [.missing, .found])

        var (state, effects) = PreviewState.start(permission: .granted)
        #expect(effects == [.requestLocation, .startLoadTimer(seconds: 10, attempt: 1)])
        (state, effects) = state.next(on: .locationArrived(user))
        #expect(effects == [.requestSnapshot(region: region, attempt: 1)])
        (state, effects) = state.next(on: .snapshotSucceeded(frame, attempt: 1))
        #expect(state == .map(region: region, frame: frame, attempt: 1))
    }

    @Test("Driving the camera from gestures: the article's code runs and gives what it says")
    func drivingTheCamera() throws {
        let transformer = try WebMercatorTransformer()
        let user = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        var camera = try MapCamera(
            fitting: .userVicinity(around: user), viewportWidth: 390, viewportHeight: 844, transformer: transformer)
        let pins = try ProjectedPins(coordinates: [
            try Coordinate(latitude: 48.86, longitude: 2.35),
            try Coordinate(latitude: 48.84, longitude: 2.30),
        ], transformer: transformer)
        var points: [ScreenPoint] = []
        camera.place(pins, into: &points)
        #expect(points.count == 2)

        let under = try camera.mercator(at: ScreenPoint(x: 120, y: 400))
        try camera.pinch(scale: 1.5, anchor: ScreenPoint(x: 120, y: 400))
        let stays = try camera.point(forMercator: under)
        #expect(abs(stays.x - 120) < 1e-6 && abs(stays.y - 400) < 1e-6)
        try camera.pan(dx: 40, dy: -25)
        try camera.doubleTap(at: ScreenPoint(x: 195, y: 422))
        camera.place(pins, into: &points)
        #expect(points.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        #expect(throws: ProjectionError.self) { try camera.pinch(scale: 0, anchor: ScreenPoint(x: 1, y: 1)) }

        let portrait = camera
        try camera.resize(width: 844, height: 390)
        try camera.resize(width: 390, height: 844)
        #expect(camera == portrait)

        let saved = try JSONEncoder().encode(camera)
        let restored = try JSONDecoder().decode(MapCamera.self, from: saved)
        #expect(restored == camera)
    }
}
