import CMallocCounter
import Foundation
import GeoMath
import PropertyBased
import Testing
import TestSupport

@testable import Projection

/// The interactive camera: gestures as properties over random cameras (seeded), the camera
/// rows of BAD_INPUTS.md (23-30), placement against DESIGN.md's formula, restore.
@Suite("MercatorCamera")
struct MercatorCameraTests {
    static let world = 2 * Double.pi * 6_378_137
    /// The property tests' count: the issue asks for at least 10 000 random gestures each.
    static let gestures = 10_000

    /// A camera from uniforms in [0, 1]: center anywhere in the world, zoom in [0, 22],
    /// viewport 100 to 3 000 points each way. Many of them sit against the world's edge.
    static func camera(_ u: ArraySlice<Double>) throws -> MercatorCamera {
        let u = Array(u)
        return try MercatorCamera(
            center: MercatorPoint(x: (u[0] - 0.5) * world, y: (u[1] - 0.5) * world),
            zoom: u[2] * 22, widthPoints: 100 + u[3] * 2_900, heightPoints: 100 + u[4] * 2_900)
    }

    /// A point inside the viewport from two uniforms.
    static func point(in camera: MercatorCamera, _ u: Double, _ v: Double) -> ScreenPoint {
        ScreenPoint(x: u * camera.widthPoints, y: v * camera.heightPoints)
    }

    /// True when the view touches the world's north or south edge, or is centred on the
    /// equator because the world is shorter than the viewport: the only states where the
    /// world-edge constraint may have moved the content vertically.
    static func atWorldEdge(_ camera: MercatorCamera) -> Bool {
        let halfHeight = camera.heightPoints / 2 / camera.pointsPerMercatorMeter
        var northmost = world / 2 - halfHeight
        // Rounded toward the world's edge, as the camera rounds it (DESIGN.md, fitting step 3).
        if world / 2 - northmost > halfHeight { northmost = northmost.nextUp }
        let y = camera.centerMercator.y
        return northmost <= 0 ? y == 0 : (y == northmost || y == -northmost)
    }

    /// Whether two viewport x values show the same place: equal within `tolerance` points up
    /// to whole world widths. A viewport wider than half the world shows several copies of a
    /// place, and a point is placed on the copy nearest the center (DESIGN.md), so a place
    /// near the viewport's edge may come back one world copy over.
    static func sameX(_ a: Double, _ b: Double, _ camera: MercatorCamera, within tolerance: Double) -> Bool {
        a.isFinite && b.isFinite && abs((a - b).remainder(dividingBy: camera.worldWidthPoints)) <= tolerance
    }

    /// Every number of the camera is finite and every invariant holds.
    static func isValid(_ camera: MercatorCamera) -> Bool {
        let center = camera.centerMercator
        let halfHeight = camera.heightPoints / 2 / camera.pointsPerMercatorMeter
        return camera.zoom.isFinite && camera.pointsPerMercatorMeter.isFinite && camera.pointsPerMercatorMeter > 0
            && camera.zoom >= camera.limits.minimumZoom && camera.zoom <= camera.limits.maximumZoom
            && center.x.isFinite && center.y.isFinite && center.x >= -world / 2 && center.x < world / 2
            && (center.y == 0 || abs(center.y) + halfHeight <= world / 2 * (1 + 1e-15))
    }

    static let uniforms = Gen<Double>.double(in: 0...1).array(of: 12)

    // MARK: - Gestures as properties

    @Test("pinch: the coordinate under the anchor stays under it within 1e-6 points, also when the zoom is clamped (property, 10 000 pinches)")
    func pinchKeepsAnchor() throws {
        var clamped = 0, edge = 0
        try forAll(count: Self.gestures, seed: 23, Self.uniforms) { u in
            var camera = try Self.camera(u[0..<5])
            let anchor = Self.point(in: camera, u[5], u[6])
            // Factors from 1/64 to 64: many pinches hit zoom 0 or 22.
            let scale = exp2((u[7] - 0.5) * 12)
            let before = try camera.mercatorPoint(at: anchor)
            let target = camera.zoom + log2(scale)
            camera.pinch(scale: scale, anchor: anchor)
            if camera.zoom != target { clamped += 1 }
            let after = camera.point(for: before)
            let xHolds = Self.sameX(after.x, anchor.x, camera, within: 1e-6)
            let yHolds = isClose(after.y, anchor.y, within: 1e-6)
            if !yHolds { edge += 1 }
            return xHolds && (yHolds || Self.atWorldEdge(camera)) && Self.isValid(camera)
        }
        // The property covered clamped zooms, and mostly pinches the edge did not disturb.
        #expect(clamped > Self.gestures / 10)
        #expect(edge < Self.gestures / 2)
    }

    @Test("pinch with anchors anywhere in and around viewports of 100 to 1 000 000 points, factors up to 2^30: the anchor holds within 1e-6 points (property, 10 000 pinches)")
    func pinchKeepsFarAnchor() throws {
        var offWorld = 0
        defer { #expect(offWorld < Self.gestures / 2, "\(offWorld) anchors off the world") }
        try forAll(count: Self.gestures, seed: 123, Self.uniforms) { u in
            let width = 100 * pow(10, 4 * u[3]), height = 100 * pow(10, 4 * u[4])
            var camera = try MercatorCamera(
                center: MercatorPoint(x: (u[0] - 0.5) * Self.world, y: (u[1] - 0.5) * Self.world),
                zoom: u[2] * 22, widthPoints: width, heightPoints: height)
            // The allowed range: the viewport and one viewport size beyond each edge.
            let anchor = ScreenPoint(x: (u[5] * 3 - 1) * width, y: (u[6] * 3 - 1) * height)
            let scale = exp2((u[7] - 0.5) * 60)
            let before = try camera.mercatorPoint(at: anchor)
            // An anchor beyond the world's north or south edge has no place under it to keep.
            // (mercatorPoint(at:) now clamps such a point to the edge, so its northing is
            // computed here from the camera's formula.)
            let anchorNorthing = camera.centerMercator.y - (anchor.y - height / 2) / camera.pointsPerMercatorMeter
            guard abs(anchorNorthing) <= Self.world / 2 else {
                offWorld += 1
                return true
            }
            camera.pinch(scale: scale, anchor: anchor)
            let after = camera.point(for: before)
            return Self.sameX(after.x, anchor.x, camera, within: 1e-6)
                && (isClose(after.y, anchor.y, within: 1e-6) || Self.atWorldEdge(camera))
                && Self.isValid(camera)
        }
    }

    @Test("a gesture that changes nothing (pan by zero, pinch by 1, pan against the edge) keeps what turning the phone back restores")
    func noOpGesturesKeepOrientationRestore() throws {
        // Landscape at zoom 0: turning to portrait raises the zoom so the world fills the height.
        var camera = try MercatorCamera(
            center: MercatorPoint(x: 1e6, y: 3e6), zoom: 0, widthPoints: 1_000, heightPoints: 200)
        let original = camera
        camera.resize(widthPoints: 200, heightPoints: 1_000)
        #expect(camera.zoom > original.zoom)
        camera.pan(dx: 0, dy: 0)
        camera.pinch(scale: 1, anchor: ScreenPoint(x: 10, y: 10))
        camera.pan(dx: 0, dy: 500)
        camera.resize(widthPoints: 1_000, heightPoints: 200)
        #expect(camera == original)
        // A real gesture in between is a new choice: turning back keeps it.
        camera.resize(widthPoints: 200, heightPoints: 1_000)
        let zoomed = camera.zoom
        camera.pan(dx: 40, dy: 0)
        camera.resize(widthPoints: 1_000, heightPoints: 200)
        #expect(camera.zoom == zoomed)
    }

    @Test("pan: every tracked coordinate moves by exactly the translation (1e-6 points) unless the world's edge stops it (property, 10 000 pans)")
    func panMovesContent() throws {
        var stopped = 0
        try forAll(count: Self.gestures, seed: 24, Self.uniforms) { u in
            var camera = try Self.camera(u[0..<5])
            let dx = (u[5] - 0.5) * 4_000, dy = (u[6] - 0.5) * 4_000
            // Three tracked places in and around the viewport, on the world.
            let tracked = try [(u[7], u[8]), (u[9], u[10]), (u[11], u[7])].map { a, b in
                let place = try camera.mercatorPoint(at: Self.point(in: camera, a * 1.4 - 0.2, b))
                return try MercatorPoint(x: place.x, y: min(max(place.y, -Self.world / 2), Self.world / 2))
            }
            let before = tracked.map { camera.point(for: $0) }
            camera.pan(dx: dx, dy: dy)
            let after = tracked.map { camera.point(for: $0) }
            var holds = Self.isValid(camera)
            var edge = false
            for (b, a) in zip(before, after) {
                holds = holds && Self.sameX(a.x - b.x, dx, camera, within: 1e-6)
                if !isClose(a.y - b.y, dy, within: 1e-6) {
                    edge = true
                    holds = holds && Self.atWorldEdge(camera)
                }
            }
            if edge { stopped += 1 }
            return holds
        }
        // Most pans followed the finger in both directions; the edge stopped the rest.
        #expect(stopped > 0 && stopped < Self.gestures / 2, "\(stopped) pans stopped by the edge")
    }

    @Test("double-tap doubles the scale about the tapped point (property, 10 000 taps)")
    func doubleTapDoublesScale() throws {
        try forAll(count: Self.gestures, seed: 25, Self.uniforms) { u in
            var camera = try Self.camera(u[0..<5])
            let tap = Self.point(in: camera, u[5], u[6])
            let scale = camera.pointsPerMercatorMeter, zoom = camera.zoom
            let before = try camera.mercatorPoint(at: tap)
            camera.doubleTap(at: tap)
            let after = camera.point(for: before)
            let doubled = zoom + 1 <= camera.limits.maximumZoom
                ? isClose(camera.pointsPerMercatorMeter / scale, 2, within: 1e-12) && isClose(camera.zoom, zoom + 1, within: 1e-12)
                : camera.zoom == camera.limits.maximumZoom
            return doubled && Self.sameX(after.x, tap.x, camera, within: 1e-6)
                && (isClose(after.y, tap.y, within: 1e-6) || Self.atWorldEdge(camera))
        }
    }

    @Test("an orientation change and back returns exactly the same camera, also when a constraint moved the view in between (property, 10 000 orientation changes)")
    func resizeRoundTrips() throws {
        var moved = 0
        try forAll(count: Self.gestures, seed: 26, Self.uniforms) { u in
            var camera = try Self.camera(u[0..<5])
            // A gesture first, so that the state is one a user reached.
            camera.pan(dx: (u[5] - 0.5) * 600, dy: (u[6] - 0.5) * 600)
            let original = camera
            let width = camera.widthPoints, height = camera.heightPoints
            camera.resize(widthPoints: height, heightPoints: width)
            if camera.centerMercator != original.centerMercator || camera.zoom != original.zoom { moved += 1 }
            // Split view, then back through the other orientation's size.
            camera.resize(widthPoints: 100 + u[7] * 2_900, heightPoints: 100 + u[8] * 2_900)
            camera.resize(widthPoints: height, heightPoints: width)
            camera.resize(widthPoints: width, heightPoints: height)
            return camera == original && Self.isValid(camera)
        }
        #expect(moved > Self.gestures / 20, "the constraint moved the view in too few orientation changes (\(moved))")
    }

    @Test("the constraint step is idempotent and its result is valid, for wild states (property, 10 000 states)")
    func constraintsIdempotent() throws {
        try forAll(count: Self.gestures, seed: 27, Self.uniforms) { u in
            let limits = try CameraZoomLimits(minimumZoom: u[0] * 10, maximumZoom: u[0] * 10 + u[1] * 12)
            let x = (u[2] - 0.5) * 1e10 * exp2(-40 * u[3])
            let y = (u[4] - 0.5) * 2 * Self.world
            let zoom = (u[5] - 0.3) * 40
            let height = exp2(u[6] * 20)
            let once = MercatorCamera.constrained(x: x, y: y, zoom: zoom, heightPoints: height, limits: limits)
            let twice = MercatorCamera.constrained(
                x: once.x, y: once.y, zoom: once.zoom, heightPoints: height, limits: limits)
            let halfHeight = height / 2 / once.pointsPerMercatorMeter
            return once.x == twice.x && once.y == twice.y && once.zoom == twice.zoom
                && once.pointsPerMercatorMeter == twice.pointsPerMercatorMeter
                && once.zoom >= limits.minimumZoom && once.zoom <= limits.maximumZoom
                && once.x >= -Self.world / 2 && once.x < Self.world / 2
                && (once.y == 0 || abs(once.y) + halfHeight <= Self.world / 2 * (1 + 1e-15))
        }
    }

    @Test("no state is ever NaN: 10 000 random gestures, hostile ones included, keep every invariant and valid visible bounds")
    func noStateIsNaN() throws {
        var camera = try MercatorCamera(
            center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 12,
            widthPoints: 390, heightPoints: 844)
        let hostile = [0, -1, .nan, .infinity, -.infinity, 1e300, -1e300, 1e-300, .leastNonzeroMagnitude, 1e12]
        var errors = 0
        forAll(count: Self.gestures, seed: 28, Self.uniforms) { u in
            let pick = { (v: Double) in u[11] < 0.2 ? hostile[Int(u[10] * Double(hostile.count - 1))] : v }
            let before = camera
            let event: CameraEvent
            switch Int(u[0] * 4) {
            case 0: event = .pinch(scale: pick(exp2((u[1] - 0.5) * 8)), anchor: ScreenPoint(x: pick(u[2] * 400), y: pick(u[3] * 900)))
            case 1: event = .pan(dx: pick((u[1] - 0.5) * 2_000), dy: pick((u[2] - 0.5) * 2_000))
            case 2: event = .doubleTap(ScreenPoint(x: pick(u[1] * 400), y: u[2] * 900))
            default: event = .resize(width: pick(1 + u[1] * 3_000), height: pick(1 + u[2] * 3_000))
            }
            // The same gesture through the direct (non-throwing) method, from the same state.
            var direct = before
            switch event {
            case .pinch(let scale, let anchor): direct.pinch(scale: scale, anchor: anchor)
            case .pan(let dx, let dy): direct.pan(dx: dx, dy: dy)
            case .doubleTap(let point): direct.doubleTap(at: point)
            case .resize(let width, let height): direct.resize(widthPoints: width, heightPoints: height)
            case .rotate(let degrees, let anchor): direct.rotate(degrees: degrees, around: anchor)
            case .pinchRotate(let scale, let degrees, let anchor, let dx, let dy):
                direct.pinchRotate(scale: scale, degrees: degrees, anchor: anchor, dx: dx, dy: dy)
            // Settings have no non-throwing form: the same call, its error ignored.
            case .insets, .jump, .fit, .bounds, .clearBounds, .fly, .ease, .animatedDoubleTap, .release: try? direct.apply(event)
            }
            do throws(GeometryError) {
                try camera.apply(event)
            } catch {
                errors += 1
                // A rejected event changes nothing, and the direct method ignores it.
                if camera != before || direct != before { return false }
            }
            // apply and the direct method agree on every event.
            if direct != camera { return false }
            // Queries with hostile points either throw or give finite values.
            let probe = ScreenPoint(x: pick(u[3] * 400), y: pick(u[4] * 900))
            if let mercator = try? camera.mercatorPoint(at: probe) {
                if !(mercator.x.isFinite && mercator.y.isFinite) { return false }
                let back = camera.point(for: mercator)
                if !(back.x.isFinite && back.y.isFinite) { return false }
            }
            if let coordinate = try? camera.coordinate(at: probe),
               !(coordinate.latitude.isFinite && coordinate.longitude.isFinite) { return false }
            if let mercator = try? MercatorPoint(x: pick(u[5] * 4e7 - 2e7), y: pick(u[6] * 4e7 - 2e7)) {
                let point = camera.point(for: mercator)
                if !(point.x.isFinite && point.y.isFinite) { return false }
            }
            let bounds = camera.visibleBounds
            let center = camera.center
            return Self.isValid(camera) && bounds.south.isFinite && bounds.north.isFinite
                && bounds.south <= center.latitude && center.latitude <= bounds.north
                && abs(bounds.north) <= WebMercator.maximumLatitude + 1e-9
        }
        #expect(errors > 0)
    }

    // MARK: - BAD_INPUTS rows 23-30

    static func paris() throws -> MercatorCamera {
        try MercatorCamera(
            center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 14,
            widthPoints: 390, heightPoints: 844)
    }

    /// Whether `error` is `.invalidScreenPoint` named `name` for (x, y) (NaN matching NaN).
    static func isInvalidScreenPoint(_ error: GeometryError?, _ name: String, _ x: Double, _ y: Double) -> Bool {
        guard case .invalidScreenPoint(let errorName, let ex, let ey, _, _)? = error else { return false }
        func same(_ a: Double, _ b: Double) -> Bool { a == b || (a.isNaN && b.isNaN) }
        return errorName == name && same(ex, x) && same(ey, y)
    }

    @Test("BAD_INPUTS row 23: pinch scale 0, negative, NaN, inf is an error and leaves the camera unchanged")
    func row23() throws {
        var camera = try Self.paris()
        let original = camera
        for scale in [0, -0.0, -2, .nan, .infinity, -.infinity] {
            // The validating path names the scale...
            let error = #expect(throws: GeometryError.self, "scale \(scale)") {
                try camera.apply(.pinch(scale: scale, anchor: ScreenPoint(x: 100, y: 100)))
            }
            guard case .invalidPinchScale(let value)? = error, value == scale || (value.isNaN && scale.isNaN) else {
                Issue.record("scale \(scale): expected invalidPinchScale, got \(String(describing: error))")
                continue
            }
            #expect(camera == original)
            // ... and the gesture ignores it.
            camera.pinch(scale: scale, anchor: ScreenPoint(x: 100, y: 100))
            #expect(camera == original)
        }
        do {
            try camera.apply(.pinch(scale: 0, anchor: ScreenPoint(x: 1, y: 2)))
            Issue.record("pinch scale 0 was accepted")
        } catch {
            #expect(error.description.contains("pinch scale 0.0") && error.description.contains("greater than 0"))
            #expect(error.description.contains("is out of range"))
        }
        #expect(GeometryError.invalidPinchScale(.nan).description.contains("is not a number"))
        #expect(GeometryError.invalidPinchScale(-.infinity).description.contains("is infinite"))
        #expect(camera == original)
    }

    @Test("BAD_INPUTS row 24: an anchor, tapped point or translation that is NaN or inf is an error and leaves the camera unchanged")
    func row24() throws {
        var camera = try Self.paris()
        let original = camera
        for bad in [Double.nan, .infinity, -.infinity, 1e300] {
            // The validating path throws, naming the value...
            var error = #expect(throws: GeometryError.self) { try camera.apply(.pinch(scale: 2, anchor: ScreenPoint(x: bad, y: 10))) }
            #expect(Self.isInvalidScreenPoint(error, "pinch anchor", bad, 10), "\(String(describing: error))")
            error = #expect(throws: GeometryError.self) { try camera.apply(.pinch(scale: 2, anchor: ScreenPoint(x: 10, y: bad))) }
            #expect(Self.isInvalidScreenPoint(error, "pinch anchor", 10, bad), "\(String(describing: error))")
            error = #expect(throws: GeometryError.self) { try camera.apply(.doubleTap(ScreenPoint(x: bad, y: 10))) }
            #expect(Self.isInvalidScreenPoint(error, "double-tap point", bad, 10), "\(String(describing: error))")
            error = #expect(throws: GeometryError.self) { try camera.mercatorPoint(at: ScreenPoint(x: 10, y: bad)) }
            #expect(Self.isInvalidScreenPoint(error, "screen point", 10, bad), "\(String(describing: error))")
            #expect(throws: GeometryError.self) { try camera.coordinate(at: ScreenPoint(x: bad, y: 10)) }
            if !bad.isFinite {
                for (dx, dy) in [(bad, 0.0), (0, bad)] {
                    error = #expect(throws: GeometryError.self) { try camera.apply(.pan(dx: dx, dy: dy)) }
                    guard case .invalidTranslation(let ex, let ey)? = error,
                          ex.bitPattern == dx.bitPattern || (ex.isNaN && dx.isNaN), ey.bitPattern == dy.bitPattern || (ey.isNaN && dy.isNaN)
                    else {
                        Issue.record("pan (\(dx), \(dy)): expected invalidTranslation, got \(String(describing: error))")
                        continue
                    }
                }
            }
            #expect(camera == original)
            // ... and the gestures ignore it.
            camera.pinch(scale: 2, anchor: ScreenPoint(x: bad, y: 10))
            camera.pinch(scale: 2, anchor: ScreenPoint(x: 10, y: bad))
            camera.doubleTap(at: ScreenPoint(x: bad, y: 10))
            camera.doubleTap(at: ScreenPoint(x: 10, y: bad))
            if !bad.isFinite {
                camera.pan(dx: bad, dy: 0)
                camera.pan(dx: 0, dy: bad)
                camera.pan(dx: bad, dy: bad)
            }
            #expect(camera == original)
        }
        // Beyond one viewport size around the viewport: an error naming the range.
        do {
            try camera.apply(.pinch(scale: 2, anchor: ScreenPoint(x: 2 * 390 + 1, y: 10)))
            Issue.record("an anchor beyond the allowed range was accepted")
        } catch {
            #expect(error.description.contains("x in [-390.0, 780.0]") && error.description.contains("y in [-844.0, 1688.0]"))
            #expect(error.description.contains("is out of range"))
        }
        #expect(camera == original)
        camera.pinch(scale: 2, anchor: ScreenPoint(x: 2 * 390 + 1, y: 10))
        camera.doubleTap(at: ScreenPoint(x: 10, y: -844 - 1))
        #expect(camera == original)
        #expect(GeometryError.invalidScreenPoint(
            name: "pinch anchor", x: .nan, y: 1, xRange: -1...2, yRange: -1...2).description.contains("is not a number"))
        #expect(GeometryError.invalidTranslation(dx: .infinity, dy: 0).description.contains("is infinite"))
        // By design an invalid Mercator point cannot be made at all (point(for:) used to reject it).
        for (x, y) in [(Double.nan, 0.0), (0, .infinity), (0, 1e308), (3e7, 0)] {
            #expect(throws: GeometryError.self, "\(x), \(y)") { try MercatorPoint(x: x, y: y) }
        }
    }

    @Test("BAD_INPUTS row 25: zooming past the maximum or minimum is clamped, and the anchor stays fixed at the clamped zoom")
    func row25() throws {
        // Past the maximum.
        var camera = try MercatorCamera(
            center: Coordinate(latitude: -33.8688, longitude: 151.2093), zoom: 21.5,
            widthPoints: 390, heightPoints: 844)
        let anchor = ScreenPoint(x: 37.5, y: 711.25)
        var under = try camera.mercatorPoint(at: anchor)
        camera.pinch(scale: 8, anchor: anchor)
        #expect(camera.zoom == 22)
        var point = camera.point(for: under)
        #expect(isClose(point.x, anchor.x, within: 1e-6) && isClose(point.y, anchor.y, within: 1e-6))
        camera.doubleTap(at: anchor)
        #expect(camera.zoom == 22)
        point = camera.point(for: under)
        #expect(isClose(point.x, anchor.x, within: 1e-6) && isClose(point.y, anchor.y, within: 1e-6))

        // Past the minimum, with custom limits: on the equator, so the world's edge is far.
        let limits = try CameraZoomLimits(minimumZoom: 3, maximumZoom: 18)
        camera = try MercatorCamera(
            center: Coordinate(latitude: 0, longitude: 0), zoom: 3.5,
            widthPoints: 390, heightPoints: 844, limits: limits)
        let side = ScreenPoint(x: 20, y: 422)
        under = try camera.mercatorPoint(at: side)
        camera.pinch(scale: 1e-6, anchor: side)
        #expect(camera.zoom == 3)
        point = camera.point(for: under)
        #expect(isClose(point.x, side.x, within: 1e-6) && isClose(point.y, side.y, within: 1e-6))

        // A zoom asked of the initializer is clamped too.
        #expect(try MercatorCamera(center: MercatorPoint(x: 0, y: 0), zoom: 40, widthPoints: 100, heightPoints: 100).zoom == 22)
        #expect(throws: GeometryError.self) {
            try MercatorCamera(center: MercatorPoint(x: 0, y: 0), zoom: .nan, widthPoints: 100, heightPoints: 100)
        }
        #expect(throws: GeometryError.self) { try CameraZoomLimits(minimumZoom: 5, maximumZoom: 4) }
        #expect(throws: GeometryError.self) { try CameraZoomLimits(minimumZoom: -1, maximumZoom: 4) }
        #expect(throws: GeometryError.self) { try CameraZoomLimits(minimumZoom: 0, maximumZoom: 23) }
        #expect(throws: GeometryError.self) { try CameraZoomLimits(minimumZoom: .nan, maximumZoom: 4) }
        // Which error: the order of the limits has its own case; a limit out of range names itself.
        #expect(throws: GeometryError.invalidZoomOrder(minimum: 5, maximum: 4)) { try CameraZoomLimits(minimumZoom: 5, maximumZoom: 4) }
        #expect(throws: GeometryError.invalidZoomOrder(minimum: 5, maximum: 3)) { try CameraZoomLimits(minimumZoom: 5, maximumZoom: 3) }
        #expect(throws: GeometryError.invalidZoom(name: "minimum zoom", value: -1, minimum: 0, maximum: 22)) {
            try CameraZoomLimits(minimumZoom: -1, maximumZoom: 4)
        }
        #expect(throws: GeometryError.invalidZoom(name: "maximum zoom", value: 23, minimum: 0, maximum: 22)) {
            try CameraZoomLimits(minimumZoom: 0, maximumZoom: 23)
        }
        #expect(GeometryError.invalidZoomOrder(minimum: 5, maximum: 3).description.contains("exceeds"))
    }

    @Test("BAD_INPUTS row 26: a pan by 1e12 points wraps the longitude, constrains the latitude, never NaN")
    func row26() throws {
        for (dx, dy) in [(1e12, 1e12), (-1e12, -1e12), (1e12, 0), (0, -1e12), (1e300, 1e300), (-Double.greatestFiniteMagnitude, 3)] {
            var camera = try Self.paris()
            camera.pan(dx: dx, dy: dy)
            #expect(Self.isValid(camera), "\(dx), \(dy)")
            let center = camera.center
            #expect(abs(center.latitude) < WebMercator.maximumLatitude && abs(center.longitude) <= 180)
            if dy != 0 && abs(dy) > 1e6 { #expect(Self.atWorldEdge(camera), "\(dx), \(dy)") }
            let bounds = camera.visibleBounds
            #expect(isClose(abs(dy > 0 ? bounds.north : bounds.south), WebMercator.maximumLatitude, within: 1e-9) || dy == 0 || abs(dy) < 1e6)
        }
        // A pan of exactly whole worlds eastward comes back to the same place.
        var camera = try Self.paris()
        let before = camera.centerMercator
        camera.pan(dx: 3 * camera.worldWidthPoints, dy: 0)
        #expect(isClose(camera.centerMercator.x, before.x, within: 1e-6))
    }

    @Test("BAD_INPUTS row 27: resizing to 0x0, a negative, NaN or too large a size is an error and leaves the camera unchanged")
    func row27() throws {
        var camera = try Self.paris()
        let original = camera
        let range = ScreenTransform.sizeRangePoints
        #expect(range == 1...1_000_000)
        // Below 1 point is now outside the range too (by design: a camera rejects sizes below 1 point).
        for (width, height) in [(0.0, 0.0), (-390, 844), (390, -1), (.nan, 844), (390, .nan), (.infinity, 844), (390, 2e6), (0.5, 844), (390, 0.999)] {
            // The validating path names the size...
            let error = #expect(throws: GeometryError.self, "\(width) x \(height)") {
                try camera.apply(.resize(width: width, height: height))
            }
            let badWidth = !range.contains(width)
            let (name, value) = badWidth ? ("width", width) : ("height", height)
            guard case .invalidSize(name, let errorValue, range)? = error, errorValue == value || (errorValue.isNaN && value.isNaN) else {
                Issue.record("\(width) x \(height): expected invalidSize(\(name)), got \(String(describing: error))")
                continue
            }
            #expect(camera == original)
            // ... and the gesture ignores it.
            camera.resize(widthPoints: width, heightPoints: height)
            #expect(camera == original)
            // A camera cannot be made with it either.
            #expect(throws: GeometryError.self) {
                try MercatorCamera(center: MercatorPoint(x: 0, y: 0), zoom: 3, widthPoints: width, heightPoints: height)
            }
            #expect(throws: GeometryError.self) {
                try MercatorCamera(fitting: .world, widthPoints: width, heightPoints: height)
            }
        }
        #expect(throws: GeometryError.invalidSize(name: "width", value: 0, range: 1...1_000_000)) {
            try camera.apply(.resize(width: 0, height: 0))
        }
        #expect(GeometryError.invalidSize(name: "width", value: .nan, range: range).description.contains("is not a number"))
        #expect(GeometryError.invalidSize(name: "width", value: .infinity, range: range).description.contains("is infinite"))
        #expect(GeometryError.invalidSize(name: "width", value: 0, range: range).description.contains("is out of range"))
        // The extremes of the range are valid sizes.
        try camera.apply(.resize(width: 1, height: 1_000_000))
        #expect(camera.widthPoints == 1 && camera.heightPoints == 1_000_000 && Self.isValid(camera))
    }

    @Test("BAD_INPUTS row 28: 1 000 000 alternating pinches in and out around one anchor drift below 1e-6 points")
    func row28() throws {
        // Near the antimeridian and zoomed in, where a Mercator unit in the last place is
        // largest on screen.
        var camera = try MercatorCamera(
            center: Coordinate(latitude: 60.1, longitude: 179.9), zoom: 18,
            widthPoints: 390, heightPoints: 844)
        let anchor = ScreenPoint(x: 37.5, y: 711.25)
        let under = try camera.mercatorPoint(at: anchor)
        // Fingers never repeat a factor exactly: each pinch in is by a different factor in
        // [1.05, 1.95], and each pinch out by the reciprocal of the previous one, so the steps
        // never cancel pairwise (an exact reversal would hide the rounding of a plain double
        // center) while the zoom stays within one level of 18.
        var phase = 0.0
        var previous = 1.5
        for _ in 0..<500_000 {
            phase = (phase + 0.618_033_988_749_895).truncatingRemainder(dividingBy: 1)
            let factor = 1.05 + 0.9 * phase
            camera.pinch(scale: factor, anchor: anchor)
            camera.pinch(scale: 1 / previous, anchor: anchor)
            previous = factor
        }
        let point = camera.point(for: under)
        let drift = ((point.x - anchor.x) * (point.x - anchor.x) + (point.y - anchor.y) * (point.y - anchor.y)).squareRoot()
        #expect(drift < 1e-6, "drift \(drift) points")
        #expect(abs(camera.zoom - 18) < 1)
    }

    @Test("BAD_INPUTS row 29: a viewport wider or taller than the whole world at the minimum zoom gives a valid, constrained view")
    func row29() throws {
        let pins = try ProjectedPins(
            coordinates: [Coordinate(latitude: 85, longitude: 180), Coordinate(latitude: -85, longitude: -180), Coordinate(latitude: 0, longitude: 0)])
        #expect(pins.ids == nil)
        var points: [ScreenPoint] = []
        // Taller than the world at zoom 0 (256 points): the zoom rises until the world fills the height.
        var camera = try MercatorCamera(
            center: Coordinate(latitude: 70, longitude: 10), zoom: 0, widthPoints: 1_000, heightPoints: 1_000)
        #expect(isClose(camera.worldWidthPoints, 1_000, within: 1e-9))
        #expect(Self.isValid(camera) && isClose(camera.centerMercator.y, 0, within: 1e-6))
        var bounds = camera.visibleBounds
        #expect(bounds.spansAllLongitudes)
        #expect(isClose(bounds.north, WebMercator.maximumLatitude, within: 1e-9) && isClose(bounds.south, -WebMercator.maximumLatitude, within: 1e-9))
        // Wider only: zoom 0 stays, all longitudes, inside the world vertically.
        camera.resize(widthPoints: 3_000, heightPoints: 200)
        #expect(camera.zoom == 0 && Self.isValid(camera))
        bounds = camera.visibleBounds
        #expect(bounds.spansAllLongitudes && bounds.north <= WebMercator.maximumLatitude)
        camera.place(pins, into: &points)
        #expect(points.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        // The world shorter than the viewport even at the maximum zoom: centred on the equator.
        camera = try MercatorCamera(
            center: Coordinate(latitude: 40, longitude: -70), zoom: 0, widthPoints: 1e6, heightPoints: 1e6,
            limits: CameraZoomLimits(minimumZoom: 0, maximumZoom: 10))
        #expect(camera.zoom == 10 && camera.centerMercator.y == 0 && Self.isValid(camera))
        bounds = camera.visibleBounds
        #expect(bounds.spansAllLongitudes && isClose(bounds.north, WebMercator.maximumLatitude, within: 1e-9))
        camera.pinch(scale: 0.5, anchor: ScreenPoint(x: 0, y: 0))
        camera.pan(dx: 1e5, dy: -1e5)
        #expect(camera.zoom == 10 && camera.centerMercator.y == 0 && Self.isValid(camera))
        camera.place(pins, into: &points)
        #expect(points.allSatisfy { $0.x.isFinite && $0.y.isFinite })
    }

    @Test("BAD_INPUTS row 30: decoding a saved camera with NaN zoom, latitude 95, a missing field or any other broken value is an error")
    func row30() throws {
        var camera = try Self.paris()
        camera.pinch(scale: 1.7, anchor: ScreenPoint(x: 30, y: 40))
        let saved = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(camera)) as? [String: Any])
        func decode(_ fields: [String: Any]) throws -> MercatorCamera {
            let decoder = JSONDecoder()
            decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
            return try decoder.decode(MercatorCamera.self, from: JSONSerialization.data(withJSONObject: fields))
        }
        #expect(try decode(saved) == camera)
        func broken(_ key: String, _ value: Any?) -> [String: Any] {
            var fields = saved
            fields[key] = value
            return fields
        }
        // The numbers as JSONDecoder reads them (JSONSerialization's NSNumber-to-Double bridging
        // on Linux can differ in the last bit).
        struct SavedNumbers: Decodable { let latitude, longitude, zoom: Double }
        let numbers = try JSONDecoder().decode(SavedNumbers.self, from: JSONEncoder().encode(camera))
        let latitude = numbers.latitude
        // Required: the degrees, the zoom and the size; the Mercator center comes as a pair.
        // (By design the zoom limits are optional now, defaulting to 0 and 22: see below.)
        let required = ["height", "latitude", "longitude", "mercatorX", "mercatorY", "width", "zoom"]
        #expect(Set(saved.keys) == Set(required + ["minimumZoom", "maximumZoom", "bearing", "insets"]))
        let cases: [(String, [String: Any])] = [
            ("NaN zoom", broken("zoom", "nan")),
            ("infinite zoom", broken("zoom", "inf")),
            ("zoom past the limits", broken("zoom", 23)),
            ("latitude 95", broken("latitude", 95)),
            ("longitude 540", broken("longitude", 540)),
            ("latitude that is not the Mercator center", broken("latitude", latitude + 0.01)),
            ("width 0", broken("width", 0)),
            ("width 0.5", broken("width", 0.5)),
            ("height NaN", broken("height", "nan")),
            ("minimum above maximum", broken("minimumZoom", 23)),
            ("Mercator center outside the world", broken("mercatorY", Self.world)),
            ("Mercator easting outside the world", broken("mercatorX", Self.world / 2)),
            ("NaN Mercator northing", broken("mercatorY", "nan")),
            ("zoom as text", broken("zoom", "twelve")),
        ] + required.map { key in ("missing \(key)", broken(key, nil)) }
        for (name, fields) in cases {
            #expect(throws: DecodingError.self, "\(name)") { try decode(fields) }
        }
        // The message names the value and its range.
        do {
            _ = try decode(broken("latitude", 95))
            Issue.record("latitude 95 was accepted")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains("latitude 95.0") && context.debugDescription.contains("[-90, 90]"))
        } catch {
            Issue.record("latitude 95 gave \(error), expected DecodingError.dataCorrupted")
        }
        // One Mercator field without the other is an error that says so.
        for key in ["mercatorX", "mercatorY"] {
            do {
                _ = try decode(broken(key, nil))
                Issue.record("a saved camera without \(key) but with the other Mercator field was accepted")
            } catch let DecodingError.dataCorrupted(context) {
                #expect(context.debugDescription.contains("mercatorX and mercatorY come together"), "\(context.debugDescription)")
            } catch {
                Issue.record("missing \(key) gave \(error), expected DecodingError.dataCorrupted")
            }
        }
        // Changed by design: missing zoom limits default to 0 and 22 (this camera's limits).
        #expect(try decode(broken("minimumZoom", nil)) == camera)
        #expect(try decode(broken("maximumZoom", nil)) == camera)
        // Without both Mercator fields: the camera that the same degrees give.
        var degreesOnly = saved
        degreesOnly["mercatorX"] = nil
        degreesOnly["mercatorY"] = nil
        let zoom = numbers.zoom, longitude = numbers.longitude
        #expect(try decode(degreesOnly) == MercatorCamera(
            center: Coordinate(latitude: latitude, longitude: longitude), zoom: zoom, widthPoints: 390, heightPoints: 844))
    }

    @Test("BAD_INPUTS row 36: a camera saved in degrees only (a deep link) decodes to the camera MercatorCamera(center:zoom:widthPoints:heightPoints:) gives; minimum above maximum or one Mercator field alone is an error")
    func degreesOnlyDecodes() throws {
        for (latitude, longitude, zoom, width, height) in [
            (48.8566, 2.3522, 14.0, 390.0, 844.0), (-17.7, 180, 10, 844, 390), (89.5, -180, 3, 1_000, 1_000),
            (0, 0, 0, 390, 844), (-85.06, 179.999, 22, 1, 1),
        ] {
            let json = #"{"latitude":\#(latitude),"longitude":\#(longitude),"zoom":\#(zoom),"width":\#(width),"height":\#(height)}"#
            let decoded = try JSONDecoder().decode(MercatorCamera.self, from: Data(json.utf8))
            let made = try MercatorCamera(
                center: Coordinate(latitude: latitude, longitude: longitude), zoom: zoom, widthPoints: width, heightPoints: height)
            #expect(decoded == made, "\(json)")
            #expect(decoded.limits == .default)
        }
        // With limits given, they are used and validated.
        let limited = #"{"latitude":10,"longitude":20,"zoom":5,"width":390,"height":844,"minimumZoom":3,"maximumZoom":18}"#
        let decoded = try JSONDecoder().decode(MercatorCamera.self, from: Data(limited.utf8))
        #expect(decoded == (try MercatorCamera(
            center: Coordinate(latitude: 10, longitude: 20), zoom: 5, widthPoints: 390, heightPoints: 844,
            limits: CameraZoomLimits(minimumZoom: 3, maximumZoom: 18))))
        let reversed = #"{"latitude":10,"longitude":20,"zoom":5,"width":390,"height":844,"minimumZoom":5,"maximumZoom":3}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(MercatorCamera.self, from: Data(reversed.utf8)) }
        // Only one of the Mercator fields: an error.
        let half = #"{"latitude":10,"longitude":20,"zoom":5,"width":390,"height":844,"mercatorX":2226389.8158654715}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(MercatorCamera.self, from: Data(half.utf8)) }
    }

    @Test("a camera made with a bearing and insets: where no constraint moves its view, the camera made without them and then given them by jump and setInsets (keeping the center), in either order; its center at the focal point, the bearing wrapped (property, 2 000 cameras)")
    func initWithBearingAndInsets() throws {
        var random = SeededRandom(seed: 0xBEA2)
        var compared = 0
        for _ in 0..<2_000 {
            let center = try Coordinate(latitude: random.uniform() * 140 - 70, longitude: random.uniform() * 360 - 180)
            let zoom = random.chance(10) ? random.uniform() * 24 - 1 : 4 + random.uniform() * 18
            let width = random.chance(10) ? 1 : 1 + random.uniform() * 1_500, height = random.chance(10) ? 1 : 1 + random.uniform() * 1_500
            let bearing = random.pick([0, -180, 180, 1e300, -1e17]) + (random.chance(50) ? 0 : random.uniform() * 1_440 - 720)
            let left = random.uniform() * (width - 1) * 0.6, right = random.uniform() * (width - 1 - left)
            let top = random.uniform() * (height - 1) * 0.6, bottom = random.uniform() * (height - 1 - top)
            let insets = random.chance(15) ? ScreenInsets.zero : try ScreenInsets(top: top, left: left, bottom: bottom, right: right)
            let made = try MercatorCamera(center: center, zoom: zoom, widthPoints: width, heightPoints: height, bearing: bearing, insets: insets)
            #expect(made.bearing == MapBearing.wrapped(bearing) && made.insets == insets)
            // With the Mercator center: the same camera.
            #expect(made == (try MercatorCamera(
                center: MercatorPoint(center), zoom: zoom, widthPoints: width, heightPoints: height, bearing: bearing, insets: insets)))
            // The shown center is at the focal point, the middle of the unobstructed rectangle.
            let focal = made.point(for: made.center)
            #expect(abs(focal.x - (insets.left + (width - insets.left - insets.right) / 2)) <= 1e-6 * max(1, width))
            #expect(abs(focal.y - (insets.top + (height - insets.top - insets.bottom) / 2)) <= 1e-6 * max(1, height))
            // Where no constraint (the world's edge) moved this camera, the camera made north up
            // without insets, or that camera given only the bearing or only the insets, giving
            // them afterwards is the same camera.
            let plain = try MercatorCamera(center: center, zoom: zoom, widthPoints: width, heightPoints: height)
            var bearingFirst = plain
            try bearingFirst.jump(bearing: bearing)
            var insetsFirst = plain
            try insetsFirst.setInsets(insets)
            let asked = MercatorPoint(center)
            guard [plain, made, bearingFirst, insetsFirst].allSatisfy({ $0.centerMercator == asked && $0.zoom == made.zoom }) else { continue }
            compared += 1
            try bearingFirst.setInsets(insets)
            try insetsFirst.jump(bearing: bearing)
            #expect(made == bearingFirst && made == insetsFirst, "\(center) zoom \(zoom) \(width) x \(height) bearing \(bearing) \(insets)")
        }
        #expect(compared >= 1_000, "only \(compared) cameras left unconstrained")
    }

    @Test("BAD_INPUTS row 58: a camera made with a bearing that is NaN or +-inf is refused (invalidBearing named \"bearing\"); bearings 1e300 and -180 are wrapped")
    func initBearingRefused() throws {
        let paris = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect {
                _ = try MercatorCamera(center: paris, zoom: 12, widthPoints: 390, heightPoints: 844, bearing: bad)
            } throws: { error in
                guard case .invalidBearing(let name, let value)? = error as? GeometryError else { return false }
                return name == "bearing" && (value == bad || (value.isNaN && bad.isNaN))
            }
        }
        #expect(try MercatorCamera(center: paris, zoom: 12, widthPoints: 390, heightPoints: 844, bearing: -180).bearing == 180)
        #expect(try MercatorCamera(center: paris, zoom: 12, widthPoints: 390, heightPoints: 844, bearing: 1e300).bearing == MapBearing.wrapped(1e300))
    }

    @Test("BAD_INPUTS row 56: a camera made with insets that leave less than one point of its screen is refused (invalidInsets naming them and the screen); exactly one point left is valid")
    func initInsetsRefused() throws {
        let paris = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        for (insets, width, height) in [
            (try ScreenInsets(left: 200, right: 190.5), 390.0, 844.0), (try ScreenInsets(top: 844), 390, 844),
            (try ScreenInsets(top: 1e308, bottom: 1e308), 390, 844), (try ScreenInsets(left: 0.5), 1, 1),
        ] {
            #expect {
                _ = try MercatorCamera(center: paris, zoom: 12, widthPoints: width, heightPoints: height, insets: insets)
            } throws: { error in
                guard case .invalidInsets(let t, let l, let b, let r, let w, let h)? = error as? GeometryError else { return false }
                return t == insets.top && l == insets.left && b == insets.bottom && r == insets.right && w == width && h == height
            }
        }
        let edge = try MercatorCamera(center: paris, zoom: 12, widthPoints: 390, heightPoints: 844, insets: ScreenInsets(top: 843, left: 389))
        #expect(edge.insets == (try ScreenInsets(top: 843, left: 389)))
        // A bad size is still reported as the size, before the insets are read.
        #expect(throws: GeometryError.self) {
            _ = try MercatorCamera(center: paris, zoom: 12, widthPoints: 0, heightPoints: 844, insets: ScreenInsets(top: 843))
        }
    }

    @Test("BAD_INPUTS row 63: a save whose optional fields are null (a writer that writes its nulls) decodes as with them left out; a null rotation included, which was refused where a null bounds decoded")
    func nullOptionalFieldsDecode() throws {
        let required = #""latitude":48.8566,"longitude":2.3522,"zoom":14,"width":390,"height":844"#
        let plain = try JSONDecoder().decode(MercatorCamera.self, from: Data("{\(required)}".utf8))
        for nulls in [
            #""rotation":null"#, #""bounds":null"#, #""insets":null"#, #""bearing":null"#,
            #""minimumZoom":null,"maximumZoom":null"#, #""mercatorX":null,"mercatorY":null"#,
            #""minimumZoom":null,"maximumZoom":null,"mercatorX":null,"mercatorY":null,"bearing":null,"insets":null,"bounds":null,"rotation":null"#,
        ] {
            let json = "{\(required),\(nulls)}"
            let decoded = try JSONDecoder().decode(MercatorCamera.self, from: Data(json.utf8))
            #expect(decoded == plain, "\(json)")
        }
        // A rotation that is there is still read and checked: one with a field missing is refused.
        let partial = "{\(required),\"rotation\":{\"mercatorX\":0}}"
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(MercatorCamera.self, from: Data(partial.utf8)) }
    }

    // MARK: - Restore, placement, projection

    @Test("a camera made at or beyond the clamp latitude (a pole, 85.06) saves and restores identically (fuzz finding: its center was 4 nm off the world)")
    func restoreAtTheWorldsEdge() throws {
        for latitude in [90.0, -90, 89, 85.06, -85.0511287798066] {
            for (width, height, maximumZoom) in [(390.0, 844.0, 22.0), (1_000_000, 1_000_000, 10)] {
                let camera = try MercatorCamera(
                    center: Coordinate(latitude: latitude, longitude: 180), zoom: 0, widthPoints: width, heightPoints: height,
                    limits: CameraZoomLimits(minimumZoom: 0, maximumZoom: maximumZoom))
                #expect(abs(camera.centerMercator.y) <= WebMercator.worldWidthMeters / 2)
                let restored = try JSONDecoder().decode(MercatorCamera.self, from: JSONEncoder().encode(camera))
                #expect(restored == camera, "latitude \(latitude), \(width) x \(height)")
            }
        }
    }

    @Test("encode then decode gives an identical camera, also after a resize moved the shown view (property, 2 000 cameras)")
    func codableRoundTrip() throws {
        try forAll(count: 2_000, seed: 30, Self.uniforms) { u in
            var camera = try Self.camera(u[0..<5])
            camera.pinch(scale: exp2((u[5] - 0.5) * 4), anchor: Self.point(in: camera, u[6], u[7]))
            camera.resize(widthPoints: 100 + u[8] * 2_900, heightPoints: 100 + u[9] * 2_900)
            let restored = try JSONDecoder().decode(MercatorCamera.self, from: JSONEncoder().encode(camera))
            // Resizing both back must also agree: the hidden requested state came back too.
            var a = camera, b = restored
            a.resize(widthPoints: 390, heightPoints: 844)
            b.resize(widthPoints: 390, heightPoints: 844)
            return restored == camera && a == b
        }
    }

    @Test("project and unproject follow DESIGN.md: x = w/2 + (X - Xc) s, y = h/2 - (Y - Yc) s with s = 256 * 2^z / W (closed-form Mercator, 1e-6 points; unprojected within 1e-9 degrees)")
    func projectMatchesFormula() throws {
        try forAll(count: 2_000, seed: 31, Self.uniforms) { u in
            let camera = try Self.camera(u[0..<5])
            let center = camera.centerMercator
            let s = 256 * pow(2, camera.zoom) / Self.world
            // A coordinate inside the viewport, then its point by the formula.
            let screen = Self.point(in: camera, u[5], u[6])
            let target = try camera.coordinate(at: screen)
            // The unprojection against the formula inverted, with closed-form inverse Mercator
            // (lambda = X / a, phi = 2 atan(exp(Y / a)) - pi/2), not against the camera itself.
            let northing = center.y - (screen.y - camera.heightPoints / 2) / s
            let easting = center.x + (screen.x - camera.widthPoints / 2) / s
            let expectedLatitude = RotatedCameraKit.formulaLatitude(northing)
            let expectedLongitude = RotatedCameraKit.formulaLongitude(easting)
            let unprojected = isClose(target.latitude, expectedLatitude, within: 1e-9)
                && abs(longitudeDifference(target.longitude, expectedLongitude)) <= 1e-9
            let m = WebMercatorTests.closedForm(latitude: target.latitude, longitude: target.longitude)
            let dx = (m.x - center.x).remainder(dividingBy: Self.world)
            let expected = ScreenPoint(x: camera.widthPoints / 2 + dx * s, y: camera.heightPoints / 2 - (m.y - center.y) * s)
            let point = camera.point(for: target)
            let back = try camera.coordinate(at: point)
            // Measured at most 4.8e-7 points over these 2 000 cameras: eastings near 2e7 m round
            // to 3.7e-9 m, 1e-7 points at zoom 22, and the degrees in between add a few such ulps.
            return unprojected
                && isClose(point.x, expected.x, within: 1e-6) && isClose(point.y, expected.y, within: 1e-6)
                && isClose(back.latitude, target.latitude, within: 1e-9)
                && abs(longitudeDifference(back.longitude, target.longitude)) <= 1e-9
                && isClose(s, camera.pointsPerMercatorMeter, within: s * 1e-14)
        }
    }

    @Test("visible bounds: the viewport's corners unproject onto the bounds' edges; west > east across the antimeridian")
    func visibleBounds() throws {
        try forAll(count: 2_000, seed: 32, Self.uniforms) { u in
            let camera = try Self.camera(u[0..<5])
            let bounds = camera.visibleBounds
            let topLeft = try camera.coordinate(at: ScreenPoint(x: 0, y: 0))
            let bottomRight = try camera.coordinate(
                at: ScreenPoint(x: camera.widthPoints, y: camera.heightPoints))
            let center = camera.center
            var holds = isClose(bounds.north, topLeft.latitude, within: 1e-9)
                && isClose(bounds.south, bottomRight.latitude, within: 1e-9)
                && bounds.contains(center)
            if camera.widthPoints < camera.worldWidthPoints {
                holds = holds && abs(longitudeDifference(bounds.west, topLeft.longitude)) <= 1e-9
                    && abs(longitudeDifference(bounds.east, bottomRight.longitude)) <= 1e-9
            } else {
                holds = holds && bounds.spansAllLongitudes
            }
            return holds
        }
        let camera = try MercatorCamera(
            center: Coordinate(latitude: -17.7, longitude: 179.99), zoom: 10,
            widthPoints: 390, heightPoints: 844)
        let bounds = camera.visibleBounds
        #expect(bounds.crossesAntimeridian && bounds.west > 179 && bounds.east < -179)
    }

    @Test("fitting the user's 10 km region matches the preview frame's scale; the denied-permission default shows the whole world")
    func fitRegion() throws {
        let user = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        let region = GeodesicCircle.userVicinity(around: user)
        let camera = try MercatorCamera(fitting: region, widthPoints: 390, heightPoints: 844)
        let frame = try PreviewFrame(circle: region, widthPoints: 390, heightPoints: 844)
        #expect(isClose(camera.pointsPerMercatorMeter, frame.pointsPerMercatorMeter, within: frame.pointsPerMercatorMeter * 1e-12))
        #expect(isClose(camera.centerMercator.x, frame.centerMercator.x, within: 1e-9))
        for corner in [(region.bounds.north, region.bounds.west), (region.bounds.south, region.bounds.east)] {
            let point = camera.point(for: try Coordinate(latitude: corner.0, longitude: corner.1))
            #expect(point.x >= -1e-6 && point.x <= 390 + 1e-6 && point.y >= -1e-6 && point.y <= 844 + 1e-6)
        }
        let denied = try MercatorCamera(
            fitting: GeodesicCircle.locationUnavailableDefault, widthPoints: 390, heightPoints: 844)
        #expect(Self.isValid(denied))
        // A portrait viewport cannot show every longitude while the world fills its height:
        // the whole height of the world is shown, centred on the equator.
        let bounds = denied.visibleBounds
        #expect(isClose(bounds.north, WebMercator.maximumLatitude, within: 1e-9) && isClose(bounds.south, -WebMercator.maximumLatitude, within: 1e-9))
        #expect(isClose(denied.worldWidthPoints, 844, within: 1e-9) && denied.centerMercator.y == 0)
        var fitted = try Self.paris()
        fitted.fit(region)
        #expect(fitted == camera)
    }

    @Test("a gesture frame re-places pins exactly as point(for:) does, across the antimeridian too, with and without world-copy shifts (property, 500 cameras)")
    func placeMatchesPoint() throws {
        try forAll(count: 500, seed: 33, Self.uniforms) { u in
            let camera = try Self.camera(u[0..<5])
            let coordinates = try (0..<50).map { index in
                try Coordinate(latitude: -85 + Double(index) * 3.4, longitude: -180 + Double(index * 37 % 50) * 7.2)
            }
            // Pins all over the world (the loop with world-copy shifts), and pins around the
            // viewport (the loop without, when all lie within half a world of the center).
            let nearby = try (0..<50).map { index in
                try camera.coordinate(
                    at: ScreenPoint(x: (Double(index % 7) / 3 - 0.5) * camera.widthPoints, y: Double(index % 11) / 10 * camera.heightPoints))
            }
            var holds = true
            for set in [coordinates, nearby] {
                let pins = ProjectedPins(coordinates: set)
                var points: [ScreenPoint] = []
                camera.place(pins, into: &points)
                holds = holds && points.count == set.count
                for (index, point) in points.enumerated() {
                    // The same bits: both use the same nearest-copy formula.
                    let expected = camera.point(for: pins[index])
                    holds = holds && point == expected
                }
            }
            return holds
        }
    }

    @Test("placement at the world's edges: pins at +-W/2 (and 1e-6 m beyond), centers at +-W/2 and half a world away, -0")
    func placeAtWorldEdges() throws {
        let half = Self.world / 2
        let edges = [-half - 1e-6, -half, -half + 1e-9, -0.0, 0, half - 1e-9, half, half + 1e-6]
        let pins = ProjectedPins(mercatorPoints: try edges.flatMap { x in [try MercatorPoint(x: x, y: 0), try MercatorPoint(x: x, y: half + 1e-6)] })
        for centerX in [-half, -half + 1, -1e-9, 0, 1e-9, half - 1e-9, half - 1, half / 2, -half / 2] {
            let camera = try MercatorCamera(
                center: MercatorPoint(x: centerX, y: 0), zoom: 5, widthPoints: 390, heightPoints: 844)
            var points: [ScreenPoint] = []
            camera.place(pins, into: &points)
            for (index, point) in points.enumerated() {
                let expected = camera.point(for: pins[index])
                #expect(point == expected, "center \(centerX), pin \(pins[index])")
                // The nearest copy: never more than half a world (plus the tolerance) from the center.
                #expect(abs(point.x - camera.widthPoints / 2) <= camera.worldWidthPoints / 2 + 1e-6, "center \(centerX), pin \(pins[index])")
            }
        }
        // A group of pins near the center takes the loop without shifts; the same bits.
        let near = ProjectedPins(mercatorPoints: try (0..<100).map { try MercatorPoint(x: half - 15_000 + Double($0) * 97, y: Double($0) * 1e3) })
        let camera = try MercatorCamera(center: MercatorPoint(x: half - 2_000, y: 0), zoom: 12, widthPoints: 390, heightPoints: 844)
        var points: [ScreenPoint] = []
        camera.place(near, into: &points)
        for (index, point) in points.enumerated() {
            let expected = camera.point(for: near[index])
            #expect(point == expected)
        }
    }

    @Test("allocation counting is on in every Linux build without a sanitizer, so the zero-allocation test cannot skip unnoticed")
    func allocationCounterIsOn() {
        #if os(Linux)
        #expect(malloc_counter_is_available() == 1 - malloc_counter_under_sanitizer())
        #endif
    }

    @Test("gesture frames allocate nothing: 1 000 events each re-placing 10 000 pins", .enabled(if: malloc_counter_is_available() == 1, "allocations are counted only with glibc and no sanitizer"))
    func framesDoNotAllocate() throws {
        let coordinates = try (0..<10_000).map { index in
            try Coordinate(latitude: 48.76 + Double(index % 991) * 2e-4, longitude: 2.2 + Double(index % 997) * 3e-4)
        }
        let pins = ProjectedPins(coordinates: coordinates)
        var camera = try Self.paris()
        var points: [ScreenPoint] = []
        camera.place(pins, into: &points)
        let anchor = ScreenPoint(x: 100, y: 300)
        let before = malloc_counter_thread_allocations()
        for frame in 0..<1_000 {
            switch frame % 4 {
            case 0: camera.pinch(scale: 1.1, anchor: anchor)
            case 1: camera.pan(dx: 3, dy: -2)
            case 2: camera.pinch(scale: 1 / 1.1, anchor: anchor)
            default: camera.resize(widthPoints: frame % 8 == 3 ? 844 : 390, heightPoints: frame % 8 == 3 ? 390 : 844)
            }
            camera.place(pins, into: &points)
        }
        let allocations = malloc_counter_thread_allocations() - before
        #expect(allocations == 0)
        // The counter does count: one array allocates.
        let check = malloc_counter_thread_allocations()
        let array = [Double](repeating: 1, count: Int(camera.zoom) + 100)
        #expect(malloc_counter_thread_allocations() - check >= 1 && array.count > 0)
    }

    @Test("projected pins from a preview layout reuse its Mercator points and ids; places without ids are known by index (ids nil); Mercator points outside the world cannot be made")
    func projectedPins() throws {
        let region = try GeodesicCircle.userVicinity(around: Coordinate(latitude: 48.8566, longitude: 2.3522))
        let frame = try PreviewFrame(circle: region, widthPoints: 390)
        let layout = PinLayout(
            announcements: [
                Announcement(id: "a", status: "MISSING", latitude: 48.86, longitude: 2.29),
                Announcement(id: "b", status: "found", latitude: 48.85, longitude: 2.40),
                Announcement(id: "c", status: "CLOSED", latitude: 48.85, longitude: 2.40),
            ],
            frame: frame)
        let pins = ProjectedPins(pins: layout.pins)
        // Equality now includes the ids, so the direct projection is given the same ones.
        let direct = ProjectedPins(coordinates: layout.pins.map(\.coordinate), ids: layout.pins.map(\.id))
        #expect(pins == direct && pins.count == 2)
        #expect(pins.ids == ["a", "b"])
        let numbered = ProjectedPins(coordinates: layout.pins.map(\.coordinate))
        #expect(numbered.ids == nil && numbered[0] == pins[0] && numbered[1] == pins[1])
        #expect(numbered != pins)
        for index in 0..<pins.count { #expect(pins[index] == layout.pins[index].mercator) }
        // Changed by design: an off-world Mercator point is rejected when it is made, so
        // ProjectedPins(mercatorPoints:) no longer throws.
        #expect(throws: GeometryError.self) { try MercatorPoint(x: .nan, y: 0) }
        #expect(throws: GeometryError.self) { try MercatorPoint(x: 0, y: Self.world) }
        let given = ProjectedPins(mercatorPoints: [try MercatorPoint(x: 1, y: 2)], ids: ["x"])
        #expect(given[0] == (try MercatorPoint(x: 1, y: 2)) && given.ids == ["x"])
        #expect(ProjectedPins(mercatorPoints: []).count == 0 && ProjectedPins(coordinates: []).ids == nil)
    }

    @Test("BAD_INPUTS row 35: gesture methods called directly with NaN, infinities, non-positive scales or a 0 x 0 size ignore the input: the camera is unchanged, never NaN")
    func row35DirectGesturesIgnoreBadInput() throws {
        let start = try MercatorCamera(
            center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 12, widthPoints: 390, heightPoints: 844)
        var camera = start
        for scale in [0.0, -2, .nan, .infinity, -.infinity] {
            camera.pinch(scale: scale, anchor: ScreenPoint(x: 100, y: 100))
        }
        for bad in [Double.nan, .infinity, -.infinity, 1e9] {
            camera.pinch(scale: 2, anchor: ScreenPoint(x: bad, y: 100))
            camera.doubleTap(at: ScreenPoint(x: 100, y: bad))
            if !bad.isFinite { camera.pan(dx: bad, dy: 0) }
            if !bad.isFinite { camera.pan(dx: 0, dy: bad) }
        }
        for (width, height) in [(0.0, 0.0), (-390, 844), (.nan, 844), (390, .infinity), (0.5, 844), (2e6, 844)] {
            camera.resize(widthPoints: width, heightPoints: height)
        }
        #expect(camera == start)
        let numbers = [camera.centerMercator.x, camera.centerMercator.y, camera.zoom, camera.pointsPerMercatorMeter]
        #expect(!numbers.contains { !$0.isFinite })
        // A valid gesture afterwards still works.
        camera.pinch(scale: 2, anchor: ScreenPoint(x: 100, y: 100))
        #expect(isClose(camera.zoom, 13, within: 1e-12))
    }

    @Test("apply(_:) plays a valid event exactly as the gesture method does")
    func applyMatchesGestures() throws {
        let events: [CameraEvent] = [
            .pinch(scale: 1.7, anchor: ScreenPoint(x: 30, y: 40)), .pan(dx: -120, dy: 35), .doubleTap(ScreenPoint(x: 300, y: 700)),
            .resize(width: 844, height: 390), .pinch(scale: 0.25, anchor: ScreenPoint(x: -300, y: 700)), .resize(width: 390, height: 844),
        ]
        var applied = try Self.paris(), direct = applied
        for event in events {
            try applied.apply(event)
            switch event {
            case .pinch(let scale, let anchor): direct.pinch(scale: scale, anchor: anchor)
            case .pan(let dx, let dy): direct.pan(dx: dx, dy: dy)
            case .doubleTap(let point): direct.doubleTap(at: point)
            case .resize(let width, let height): direct.resize(widthPoints: width, heightPoints: height)
            case .rotate(let degrees, let anchor): direct.rotate(degrees: degrees, around: anchor)
            case .pinchRotate(let scale, let degrees, let anchor, let dx, let dy):
                direct.pinchRotate(scale: scale, degrees: degrees, anchor: anchor, dx: dx, dy: dy)
            // Settings have no non-throwing form: the same call, its error ignored.
            case .insets, .jump, .fit, .bounds, .clearBounds, .fly, .ease, .animatedDoubleTap, .release: try? direct.apply(event)
            }
            #expect(applied == direct, "\(event)")
        }
        #expect(applied != (try Self.paris()))
    }
}
