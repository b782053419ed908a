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
    func check(_ state: CameraScript.State) throws {
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
    var outcome: Result<[CameraScript.State], CameraScriptError>
    do {
        let states = try script.run()
        for state in states { try check(state) }
        outcome = .success(states)
    } catch let error as CameraScriptError {
        precondition(!error.description.isEmpty)
        outcome = .failure(error)
    } catch {
        preconditionFailure("unexpected error \(error)")
    }
    // The same script with the frames of its motions (fly, ease, animated double-tap, release)
    // at 30 per second, with or without reduced motion, cut after 2000 states so that an
    // execution stays fast: every frame is a valid camera at a time t = k / 30 > 0, and the
    // states after the events are the ones above (up to the cut, or the same error).
    guard let sampling = try? CameraScript.Sampling(framesPerSecond: 30) else { preconditionFailure("30 fps refused") }
    let reducedMotion = size & 1 == 0
    var eventStates: [CameraScript.State] = []
    var handed = 0
    do {
        try script.run(sampling: sampling, reducedMotion: reducedMotion) { state in
            handed += 1
            if let t = state.seconds {
                precondition(t > 0 && t.isFinite && (t * 30).rounded() / 30 == t, "frame time \(t)")
            } else {
                eventStates.append(state)
            }
            do { try check(state) } catch { preconditionFailure("restore failed: \(error)") }
            return handed < 2000
        }
        if handed < 2000, !reducedMotion, case .success(let states) = outcome {
            precondition(eventStates == states, "frames changed the states after the events")
        }
    } catch {
        // Frames add one error (too many frames for a motion); otherwise the same one.
        precondition(!error.description.isEmpty && !error.description.contains("\n"))
        if case .success = outcome {
            precondition(error.description.contains("frame count"), "frames added an error: \(error)")
        }
    }
    return 0
}
