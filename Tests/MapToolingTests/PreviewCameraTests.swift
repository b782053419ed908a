import GeoMath
import MapTooling
import Projection
import Testing
import TestSupport

@Suite("PreviewCamera")
struct PreviewCameraTests {
    static var paris: Coordinate { get throws { try Coordinate(latitude: 48.8566, longitude: 2.3522) } }

    @Test("the 10 km preview as a camera shows what the preview shows: its center at the focal point, its scale, its screen")
    func previewAsCamera() throws {
        for width in [390.0, 1_024] {
            let frame = try PreviewFrame(circle: GeodesicCircle.userVicinity(around: try Self.paris), widthPoints: width)
            let camera = try PreviewCamera.camera(showing: frame)
            #expect(camera.widthPoints == frame.widthPoints && camera.heightPoints == frame.heightPoints)
            #expect(isClose(camera.pointsPerMercatorMeter, frame.pointsPerMercatorMeter, within: frame.pointsPerMercatorMeter * 1e-12))
            let pin = MercatorPoint(try Coordinate(latitude: 48.86, longitude: 2.34))
            let inFrame = frame.point(for: pin), inCamera = camera.point(for: pin)
            #expect(isClose(inCamera.x, inFrame.x, within: 1e-6) && isClose(inCamera.y, inFrame.y, within: 1e-6))
        }
    }

    @Test("BAD_INPUTS row 101: a preview no camera shows as it is (a 1 m circle on a phone, zoom 23.4; the whole world on a phone, below zoom 0; a screen taller than the world) is refused with its zoom, never drawn at another scale")
    func refused() throws {
        let cases: [(radius: Double, width: Double, height: Double?, wanted: String)] = [
            (1, 390, nil, "no camera shows this one: its scale is zoom 23.4"),
            (3e7, 390, nil, "no camera shows this one: its scale is zoom -"),
            (3e7, 1_000, 2_000, "no camera shows this one"),
        ]
        for (radius, width, height, wanted) in cases {
            let frame = try PreviewFrame(
                circle: GeodesicCircle(center: try Self.paris, radiusMeters: radius), widthPoints: width, heightPoints: height)
            let error = #expect(throws: PreviewCameraError.self) { try PreviewCamera.camera(showing: frame) }
            #expect(error?.description.contains(wanted) == true, "radius \(radius): \(String(describing: error))")
            #expect(error?.zoom.isFinite == true)
        }
    }
}
