import GeoMath
import Projection
import Testing
import TestSupport

@testable import MapTooling

/// The camera of `geobench clusters` and `geobench tiles`, against the camera of a script with
/// the same values (`geobench camera`, `mapkit`, `render --script`).
@Suite("CameraView")
struct CameraViewTests {
    @Test("a view's camera is the starting camera of a script with the same values, constrained at its bearing")
    func sameAsScript() throws {
        // A 50 x 300 screen at zoom 0.05 turned 80 degrees: unrotated, the screen is taller
        // than the world (zoom raised, center moved to the equator); turned, it is not.
        let turned = CameraView(latitude: 48.8433, longitude: 2.4025, zoom: 0.0463, width: 50, height: 300, bearing: 79.75)
        let camera = try turned.camera()
        #expect(camera.zoom == 0.0463)
        #expect(isClose(camera.center.latitude, 48.8433, within: 1e-9))
        var views = [turned]
        var random = SeededRandom(seed: 11)
        func uniform(_ low: Double, _ high: Double) -> Double { low + (high - low) * random.uniform() }
        for _ in 0..<200 {
            views.append(CameraView(
                latitude: uniform(-90, 90), longitude: uniform(-180, 180), zoom: uniform(-1, 23),
                width: uniform(1, 2_000), height: uniform(1, 2_000), bearing: uniform(-360, 360)))
        }
        for view in views {
            let script = CameraScript(camera: CameraScript.Start(
                latitude: view.latitude, longitude: view.longitude, zoom: view.zoom, width: view.width, height: view.height,
                bearing: view.bearing), events: [])
            #expect(try view.camera() == script.run()[0].camera, "\(view)")
        }
    }
}
