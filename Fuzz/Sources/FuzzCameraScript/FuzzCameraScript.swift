#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GeoMath
import MapTooling
import Projection

/// libFuzzer entry: any bytes as a camera script (the input of `geobench camera`). Decoding
/// either fails with a `DecodingError` or gives a script; playing it either fails naming the
/// event or gives states whose every number is finite and whose cameras keep their invariants.
func fuzzCameraScript(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    // The same bytes as a saved camera (row 30): decoding either fails or gives a valid camera
    // that encodes and decodes to itself.
    if let saved = try? JSONDecoder().decode(MercatorCamera.self, from: bytes) {
        let center = saved.centerMercator
        precondition([center.x, center.y, saved.zoom, saved.pointsPerMercatorMeter].allSatisfy(\.isFinite), "non-finite saved camera")
        precondition(saved.zoom >= saved.limits.minimumZoom && saved.zoom <= saved.limits.maximumZoom)
        let again = try? JSONDecoder().decode(MercatorCamera.self, from: JSONEncoder().encode(saved))
        precondition(again == saved, "a decoded camera does not restore to itself")
    }
    // geobench's way in: the repeated-key and depth scan, then the decoder. Whatever the scan
    // refuses is refused with a one-line message; whatever it lets through decodes exactly as
    // JSONDecoder alone would.
    let script: CameraScript
    do {
        script = try CameraScript.decode(bytes)
    } catch {
        let message = error.description
        precondition(!message.isEmpty && !message.contains("\n"), "a script error is not one line: \(message)")
        return 0
    }
    if let plain = try? JSONDecoder().decode(CameraScript.self, from: bytes) {
        precondition(plain == script, "the scan changed what a script decodes to")
    }
    do {
        for state in try script.run() {
            let camera = state.camera
            let center = camera.centerMercator
            let numbers = [
                state.center.latitude, state.center.longitude, camera.zoom, camera.pointsPerMercatorMeter,
                camera.widthPoints, camera.heightPoints, center.x, center.y,
            ] + state.track.flatMap { [$0.x, $0.y] }
            precondition(numbers.allSatisfy(\.isFinite), "non-finite state \(state)")
            precondition(camera.zoom >= camera.limits.minimumZoom && camera.zoom <= camera.limits.maximumZoom)
            precondition(abs(center.x) <= WebMercator.worldWidthMeters / 2 && abs(center.y) <= WebMercator.worldWidthMeters / 2)
            let restored = try JSONDecoder().decode(MercatorCamera.self, from: JSONEncoder().encode(camera))
            precondition(restored == camera, "restore changed the camera")
        }
    } catch let error as CameraScriptError {
        precondition(!error.description.isEmpty)
    } catch {
        preconditionFailure("unexpected error \(error)")
    }
    return 0
}
