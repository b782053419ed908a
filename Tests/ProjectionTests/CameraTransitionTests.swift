import Foundation
import GeoMath
import Testing
import TestSupport

@testable import Projection

/// Random cameras and transitions for the transition suite, from a seeded generator.
enum TransitionKit {
    /// The width of the Web Mercator world in metres, 2 pi a (a = 6 378 137 m, WGS84).
    static let world = 2 * Double.pi * 6_378_137

    /// A zoom: one case in five an extreme (0 or 22), otherwise uniform in [0, 22].
    static func zoom(_ random: inout SeededRandom) -> Double {
        random.chance(20) ? random.pick([0.0, 22]) : random.uniform() * 22
    }

    /// A Mercator point: often near the antimeridian or the world's north or south edge.
    static func point(_ random: inout SeededRandom) -> MercatorPoint {
        let half = world / 2
        var x = (random.uniform() - 0.5) * world
        var y = (random.uniform() - 0.5) * world
        if random.chance(20) { x = random.pick([-half, half * (1 - 1e-15), half - 1e-9, -half + 1e-9]) }
        if random.chance(10) { y = random.pick([-half, half, 0]) }
        return MercatorPoint(uncheckedX: x, y: y)
    }

    /// A random camera: sizes from 1 point to a large tablet, insets, bearing.
    static func camera(_ random: inout SeededRandom) throws -> MercatorCamera {
        let width = random.chance(5) ? 1 : 1 + random.uniform() * 2000
        let height = random.chance(5) ? 1 : 1 + random.uniform() * 2000
        var camera = try MercatorCamera(center: point(&random), zoom: zoom(&random), widthPoints: width, heightPoints: height)
        if random.chance(40) {
            let across = max(width - 1, 0) * 0.45, down = max(height - 1, 0) * 0.45
            try camera.setInsets(ScreenInsets(
                top: random.uniform() * down, left: random.uniform() * across,
                bottom: random.uniform() * down, right: random.uniform() * across))
        }
        if random.chance(60) { try camera.jump(bearing: random.uniform() * 360 - 180) }
        return camera
    }

    /// A target center for a start: anywhere, the same point, a tiny move (1e-9 m), the
    /// antipode in easting, or across the antimeridian.
    static func target(from start: MercatorCamera, _ random: inout SeededRandom) -> MercatorPoint {
        let c = start.centerMercator
        switch random.int(0...5) {
        case 0: return c
        case 1: return MercatorPoint(uncheckedX: c.x + 1e-9, y: c.y - 1e-9)
        case 2: return MercatorPoint(uncheckedX: c.x + world / 2, y: -c.y)
        case 3: return MercatorPoint(uncheckedX: -c.x, y: c.y)
        default: return point(&random)
        }
    }

    /// A kind: ease (default, linear, zero duration) or fly (default, with a maximum, a
    /// different curve and speed, eased).
    static func kind(_ random: inout SeededRandom) -> CameraTransition.Kind {
        switch random.int(0...5) {
        case 0: return .ease()
        case 1: return .ease(duration: random.uniform() * 3, easing: .linear)
        case 2: return .ease(duration: 0)
        case 3: return .fly()
        case 4: return .fly(curve: 0.5 + random.uniform() * 2, speed: 0.2 + random.uniform() * 3, maxDuration: 2)
        default: return .fly(easing: .default)
        }
    }

    /// A random transition.
    static func transition(_ random: inout SeededRandom) throws -> CameraTransition {
        let start = try camera(&random)
        let center = random.chance(90) ? target(from: start, &random) : nil
        let zoom = random.chance(85) ? zoom(&random) : nil
        let bearing = random.chance(50) ? random.uniform() * 720 - 360 : nil
        return try CameraTransition(
            from: start, center: center, zoom: zoom, bearing: bearing, kind: kind(&random),
            reducedMotion: random.chance(3))
    }

    /// Whether every number of a camera is finite and its zoom within its limits.
    static func isSound(_ camera: MercatorCamera) -> Bool {
        let c = camera.centerMercator
        return c.x.isFinite && c.y.isFinite && camera.zoom.isFinite && camera.bearing.isFinite
            && camera.pointsPerMercatorMeter.isFinite && camera.pointsPerMercatorMeter > 0
            && camera.zoom >= camera.limits.minimumZoom && camera.zoom <= camera.limits.maximumZoom
            && abs(c.x) <= world / 2 && abs(c.y) <= world / 2 + 1e-6
            && camera.bearing > -180 && camera.bearing <= 180
    }

    /// The easting change from a to b the short way, metres in [-W/2, W/2].
    static func eastingChange(_ a: Double, _ b: Double) -> Double { (b - a).remainder(dividingBy: world) }
}

@Suite("Camera transitions")
struct CameraTransitionTests {
    @Test("a fly's center move under MapLibre's 2e-6 points is no move (a bearing change then eases in 0.5 s); a move of 1e-5 points, above it, flies (van Wijk's S / V: about rho u1 / (w V), 3e-8 s)")
    func flyInvisibleMoveThreshold() throws {
        let start = try MercatorCamera(center: MercatorPoint(x: 261_845, y: 6_250_564), zoom: 12, widthPoints: 390, heightPoints: 844)
        for (points, invisible) in [(1e-6, true), (1e-5, false)] {
            let center = try MercatorPoint(x: 261_845 + points / start.pointsPerMercatorMeter, y: 6_250_564)
            let transition = try CameraTransition(from: start, center: center, bearing: 10, kind: .fly())
            if invisible {
                #expect(isClose(transition.durationSeconds, 0.5, within: 1e-12), "a move of \(points) points")
            } else {
                #expect(transition.durationSeconds < 1e-6, "a move of \(points) points: \(transition.durationSeconds) s")
            }
        }
    }

    // MARK: - Exactness

    @Test("state at 0 is the start and at the end the target, bit for bit; the target is the jump")
    func endpointsAreExact() throws {
        var random = SeededRandom(seed: 0x7A11)
        for _ in 0..<300 {
            let start = try TransitionKit.camera(&random)
            let center = TransitionKit.target(from: start, &random)
            let zoom = TransitionKit.zoom(&random)
            let bearing = random.uniform() * 360 - 180
            let transition = try CameraTransition(
                from: start, center: center, zoom: zoom, bearing: bearing, kind: TransitionKit.kind(&random))
            var jumped = start
            try jumped.jump(center: center, zoom: zoom, bearing: bearing)
            let d = transition.durationSeconds
            #expect(transition.target == jumped)
            #expect(transition.start == start)
            #expect(transition.state(atSeconds: 0) == start)
            #expect(transition.state(atSeconds: -1) == start)
            #expect(transition.state(atSeconds: .nan) == start)
            #expect(transition.state(atFraction: 0) == start)
            // (A zero duration gives the start at t = 0: t <= 0 is the start.)
            #expect(d == 0 || transition.state(atSeconds: d) == jumped)
            #expect(transition.state(atSeconds: d + 1) == jumped)
            #expect(transition.state(atSeconds: .infinity) == jumped)
            #expect(transition.state(atFraction: 1) == jumped)
            #expect(d.isFinite && d >= 0)
        }
    }

    @Test("reduced motion and zero duration give the target at every t > 0")
    func reducedMotion() throws {
        let start = try MercatorCamera(center: Coordinate(latitude: 48.2, longitude: 16.37), zoom: 12, widthPoints: 390, heightPoints: 844)
        let target = try Coordinate(latitude: 40.7, longitude: -74)
        for transition in [
            try CameraTransition(from: start, center: target, zoom: 3, kind: .fly(), reducedMotion: true),
            try CameraTransition(from: start, center: target, zoom: 3, kind: .ease(), reducedMotion: true),
            try CameraTransition(from: start, center: target, zoom: 3, kind: .ease(duration: 0)),
        ] {
            #expect(transition.durationSeconds == 0)
            #expect(transition.state(atSeconds: 0) == start)
            #expect(transition.state(atSeconds: 1e-300) == transition.target)
            #expect(transition.state(atFraction: 0.5) == transition.target)
            #expect(transition.state(atFraction: 1e-300) == transition.target)
        }
    }

    @Test("the default ease lasts MapLibre's easeTo default, 0.5 s (DESIGN.md): .ease() is .ease(duration: 0.5, easing: .default), and a transition of the default kind reaches its target at 0.5 s, not at 0.49 s")
    func defaultEaseDuration() throws {
        #expect(CameraTransition.Kind.ease() == .ease(duration: 0.5, easing: .default))
        let start = try MercatorCamera(center: Coordinate(latitude: 48.2, longitude: 16.37), zoom: 12, widthPoints: 390, heightPoints: 844)
        let target = try Coordinate(latitude: 48.3, longitude: 16.5)
        for transition in [
            try CameraTransition(from: start, center: target, zoom: 13),
            try CameraTransition(from: start, center: target, zoom: 13, kind: .ease()),
        ] {
            #expect(isClose(transition.durationSeconds, 0.5, within: 1e-12))
            #expect(transition.state(atSeconds: 0.5) == transition.target)
            #expect(transition.state(atSeconds: 0.49) != transition.target)
        }
    }

    // MARK: - Ease

    @Test("the default easing is cubic-bezier(0.25, 0.1, 0.25, 1), solved to 1e-12, monotone")
    func defaultEasing() throws {
        let easing = CameraTransition.Easing.default
        // An independent solve: bisection on the Bernstein form to 1e-15 in the curve parameter.
        func reference(_ f: Double) -> Double {
            func bernstein(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
                3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
            }
            var low = 0.0, high = 1.0
            for _ in 0..<60 {
                let mid = (low + high) / 2
                if bernstein(mid, 0.25, 0.25) < f { low = mid } else { high = mid }
            }
            return bernstein((low + high) / 2, 0.1, 1)
        }
        var previous = 0.0
        for k in 0...10_000 {
            let f = Double(k) / 10_000
            let y = easing(f)
            // dy/dx <= 1.6 on this curve: 1e-12 in x is at most 2e-12 in y.
            #expect(isClose(y, reference(f), within: 1e-11), "f = \(f)")
            #expect(y >= previous, "f = \(f)")
            previous = y
        }
        #expect(easing(0) == 0 && easing(1) == 1 && easing(-3) == 0 && easing(7) == 1 && easing(.nan) == 0)
        #expect(CameraTransition.Easing.linear(0.375) == 0.375)
        // Steep curves fall back to bisection and still converge.
        let steep = CameraTransition.Easing.cubicBezier(x1: 1, y1: 0, x2: 1, y2: 0)
        for k in 1..<100 { #expect((0...1).contains(steep(Double(k) / 100))) }
    }

    @Test("ease: the zoom is monotone between the start's and the target's, within the limits")
    func easeZoomMonotone() throws {
        var random = SeededRandom(seed: 0xEA5E)
        for _ in 0..<300 {
            let start = try TransitionKit.camera(&random)
            let easing: CameraTransition.Easing = random.chance(50) ? .default : .linear
            // The bearing stays (a turn changes the lowest zoom the rotated viewport allows).
            let transition = try CameraTransition(
                from: start, center: TransitionKit.target(from: start, &random), zoom: TransitionKit.zoom(&random),
                kind: .ease(duration: 1, easing: easing))
            let z0 = start.zoom, z1 = transition.target.zoom
            var previous = z0
            for k in 0...64 {
                let z = transition.state(atFraction: Double(k) / 64).zoom
                #expect(z >= min(z0, z1) && z <= max(z0, z1))
                #expect(z1 >= z0 ? z >= previous : z <= previous)
                previous = z
            }
        }
    }

    @Test("ease: the center moves linearly in Mercator metres in the eased fraction")
    func easeCenterLinear() throws {
        let start = try MercatorCamera(center: MercatorPoint(x: 1_000_000, y: 2_000_000), zoom: 10, widthPoints: 390, heightPoints: 844)
        let transition = try CameraTransition(
            from: start, center: MercatorPoint(x: 1_100_000, y: 1_900_000), zoom: 11, kind: .ease(duration: 2))
        for k in 1..<20 {
            let f = Double(k) / 20
            let e = CameraTransition.Easing.default(f)
            let state = transition.state(atSeconds: 2 * f)
            #expect(isClose(state.centerMercator.x, 1_000_000 + 100_000 * e, within: 1e-6))  // metres
            #expect(isClose(state.centerMercator.y, 2_000_000 - 100_000 * e, within: 1e-6))  // metres
            #expect(isClose(state.zoom, 10 + e, within: 1e-12))  // levels
        }
    }

    // MARK: - Short ways

    @Test("the bearing turns the short way, monotonically, never more than 180 degrees")
    func bearingShortWay() throws {
        var random = SeededRandom(seed: 0xBEA7)
        for _ in 0..<500 {
            let start = try TransitionKit.camera(&random)
            let bearing = random.pick([start.bearing + 180, start.bearing - 179.9, start.bearing + 179.9, random.uniform() * 720 - 360])
            let kind: CameraTransition.Kind = random.chance(50) ? .ease() : .fly()
            let transition = try CameraTransition(from: start, bearing: bearing, kind: kind)
            let turn = MapBearing.wrapped(transition.target.bearing - start.bearing)
            var previous = 0.0
            for k in 0...32 {
                let b = transition.state(atFraction: Double(k) / 32).bearing
                var change = (b - start.bearing).remainder(dividingBy: 360)
                if turn == 180, change == -180 { change = 180 }
                // Between 0 and the short turn, in its direction (1e-9 degrees of rounding).
                #expect(abs(change) <= abs(turn) + 1e-9)
                #expect(change * turn >= -1e-9)
                #expect(abs(change) >= abs(previous) - 1e-9)
                previous = change
            }
        }
        // 170 to -170 crosses 180, not 0.
        let start = try MercatorCamera(center: MercatorPoint(x: 0, y: 0), zoom: 5, widthPoints: 400, heightPoints: 400)
        var turned = start
        try turned.jump(bearing: 170)
        let transition = try CameraTransition(from: turned, bearing: -170, kind: .ease(easing: .linear))
        #expect(transition.state(atFraction: 0.5).bearing == 180)
    }

    @Test("the center crosses the antimeridian the short way, for ease and fly")
    func antimeridianShortWay() throws {
        var random = SeededRandom(seed: 0xA171)
        let half = TransitionKit.world / 2
        for _ in 0..<300 {
            let x0 = half - random.uniform() * 1e6, x1 = -half + random.uniform() * 1e6
            let start = try MercatorCamera(
                center: MercatorPoint(x: x0, y: (random.uniform() - 0.5) * 1e7), zoom: 4 + random.uniform() * 14,
                widthPoints: 390, heightPoints: 844)
            let kind: CameraTransition.Kind = random.chance(50) ? .ease() : .fly()
            let transition = try CameraTransition(
                from: start, center: MercatorPoint(x: x1, y: (random.uniform() - 0.5) * 1e7), zoom: 4 + random.uniform() * 14,
                kind: kind)
            let total = TransitionKit.eastingChange(start.centerMercator.x, transition.target.centerMercator.x)
            #expect(total > 0 && total < 2e6)
            for k in 0...32 {
                let x = transition.state(atFraction: Double(k) / 32).centerMercator.x
                let change = TransitionKit.eastingChange(start.centerMercator.x, x)
                #expect(change >= -1e-6 && change <= total + 1e-6)  // metres
            }
        }
    }


    @Test("within camera bounds wider than half the world that do not hold the short way, ease and fly go the way inside the box, one frame moving the view a few degrees, never from one edge to the other; boxes that hold it keep the short way")
    func wideBoundsWayInside() throws {
        // A center-mode box from 10 W to 180 (190 degrees): from 8 W to 178 E the short way
        // (174 degrees west, across 180) leaves it. Held at 10 W, the path jumped to 180 at
        // 30% of an ease: 170 degrees in one frame, 484 points at zoom 2.
        let box = try CoordinateBounds(south: -60, north: 60, west: -10, east: 180)
        for mode in [CameraBounds.Mode.center, .viewport] {
            var start = try MercatorCamera(center: Coordinate(latitude: 10, longitude: -8), zoom: 2, widthPoints: 390, heightPoints: 844)
            start.setBounds(CameraBounds(box, mode: mode))
            let target = try Coordinate(latitude: 10, longitude: 178)
            for kind in [CameraTransition.Kind.ease(), .fly()] {
                let transition = try CameraTransition(from: start, center: target, kind: kind)
                var previous = start.center.longitude
                for k in 1...200 {
                    let longitude = transition.state(atFraction: Double(k) / 200).center.longitude
                    // Eastward only, never across 10 W to 180 at once.
                    let step = longitude - previous
                    #expect(step >= -1e-9 && step < 10, "\(mode) \(kind) at \(k)/200: \(previous) to \(longitude)")
                    previous = longitude
                }
            }
        }
        // A box across the antimeridian that holds the short way keeps it, bit for bit.
        var pacific = try MercatorCamera(center: Coordinate(latitude: 0, longitude: 175), zoom: 5, widthPoints: 390, heightPoints: 844)
        let unbounded = try CameraTransition(from: pacific, center: Coordinate(latitude: 0, longitude: -175))
        pacific.setBounds(CameraBounds(try CoordinateBounds(south: -20, north: 20, west: 170, east: -170), mode: .center))
        let bounded = try CameraTransition(from: pacific, center: Coordinate(latitude: 0, longitude: -175))
        #expect(bounded.dx == unbounded.dx && bounded.dx > 0)
    }
    // MARK: - Fly

    @Test("fly agrees with the published formulas (mpmath reference) to 1e-9, finite where floats are not")
    func flyAgreesWithReference() throws {
        let fixture = try Fixture("fly.csv")
        var naiveFailures = 0
        for row in fixture.rows {
            let x0 = fixture[row, "x0"], y0 = fixture[row, "y0"], z0 = fixture[row, "z0"]
            let x1 = fixture[row, "x1"], y1 = fixture[row, "y1"], z1 = fixture[row, "z1"]
            let start = try MercatorCamera(
                center: MercatorPoint(x: x0, y: y0), zoom: z0, widthPoints: fixture[row, "width"], heightPoints: fixture[row, "height"])
            let transition = try CameraTransition(from: start, center: MercatorPoint(x: x1, y: y1), zoom: z1, kind: .fly())
            // The rows are chosen so that no constraint moves either end.
            #expect(start.centerMercator.x == x0 && start.centerMercator.y == y0 && start.zoom == z0)
            #expect(transition.target.centerMercator.y == y1 && transition.target.zoom == z1)
            let duration = fixture[row, "duration"]
            let u1 = (transition.dx * transition.dx + transition.dy * transition.dy).squareRoot() * start.pointsPerMercatorMeter
            if u1 < 2e-6 && z1 == z0 {
                // A move too small to show (a 1-ulp easting here) takes no time in a transition;
                // the path's closed-form duration still agrees.
                let w0 = max(start.widthPoints, start.heightPoints)
                #expect(isClose(
                    CameraTransition.flyDurationSeconds(distancePoints: u1, widthPoints: w0, zoomChange: 0), duration,
                    within: 1e-9 * max(duration, 1e-12)), "row \(row)")
                #expect(transition.durationSeconds == 0 && transition.state(atSeconds: 1e-300) == transition.target, "row \(row)")
                continue
            }
            #expect(isClose(transition.durationSeconds, duration, within: 1e-9 * max(duration, 1e-12)), "row \(row)")  // seconds, relative
            let t = fixture[row, "t"]
            let sample = transition.pathSample(atFraction: t / transition.durationSeconds)
            let dx = TransitionKit.eastingChange(x0, x1)
            #expect(isClose(sample.zoom, fixture[row, "zoom"], within: 1e-9), "row \(row)")  // zoom levels
            #expect(isClose(sample.centerFraction, fixture[row, "fraction"], within: 1e-9), "row \(row)")
            // Metres: 1e-9 of the move, plus the rounding of eastings near 2e7 m (3.7e-9 m ulp).
            #expect(isClose(sample.x, fixture[row, "x"], within: 1e-9 * abs(dx) + 1e-8), "row \(row)")
            #expect(isClose(sample.y, fixture[row, "y"], within: 1e-9 * abs(y1 - y0) + 1e-8), "row \(row)")
            let state = transition.state(atSeconds: t)
            #expect(TransitionKit.isSound(state), "row \(row)")
            if fixture[row, "naive_finite"] == 0 { naiveFailures += 1 }
        }
        // The fixture holds rows where the float evaluation of ln(sqrt(b^2 + 1) - b) is -inf.
        #expect(naiveFailures >= 12)
    }

    @Test("fly: b = 1e8 and beyond stays finite; the duration is closed-form and stable")
    func flyStableForLargeB() throws {
        // Same center, 22 levels either way: the zoom-only path, S = 22 ln 2 / rho.
        let expected = 22 * M_LN2 / 1.42 / 1.2
        #expect(isClose(CameraTransition.flyDurationSeconds(distancePoints: 0, widthPoints: 844, zoomChange: 22), expected, within: 1e-12))
        #expect(isClose(CameraTransition.flyDurationSeconds(distancePoints: 0, widthPoints: 844, zoomChange: -22), expected, within: 1e-12))
        // Tiny moves: the path's limit is the zoom-only path (1e-6 s at 1e-9 points).
        for u1 in [1e-300, 1e-20, 1e-12, 1e-9] {
            for change in [-22.0, 22, 10, -10] {
                let d = CameraTransition.flyDurationSeconds(distancePoints: u1, widthPoints: 844, zoomChange: change)
                #expect(isClose(d, abs(change) * M_LN2 / 1.42 / 1.2, within: 1e-6), "u1 \(u1) change \(change)")
            }
        }
        #expect(CameraTransition.flyDurationSeconds(distancePoints: 0, widthPoints: 844, zoomChange: 0) == 0)
        #expect(CameraTransition.flyDurationSeconds(distancePoints: .nan, widthPoints: 844, zoomChange: 0) == 0)
        // A camera: 1e-9 m with 22 levels out and in, every sample finite, the zoom monotone,
        // the center within the move.
        let start = try MercatorCamera(center: MercatorPoint(x: 1234.5, y: 0), zoom: 0, widthPoints: 256, heightPoints: 256)
        for (from, to) in [(0.0, 22.0), (22.0, 0.0)] {
            var first = start
            try first.jump(zoom: from)
            let transition = try CameraTransition(
                from: first, center: MercatorPoint(x: 1234.5 + 1e-9, y: 0), zoom: to, kind: .fly())
            #expect(isClose(transition.durationSeconds, 22 * M_LN2 / 1.42 / 1.2, within: 1e-9))
            var previous = from
            for k in 0...100 {
                let state = transition.state(atFraction: Double(k) / 100)
                #expect(TransitionKit.isSound(state))
                #expect(to > from ? state.zoom >= previous : state.zoom <= previous)
                #expect(state.centerMercator.x >= 1234.5 && state.centerMercator.x <= 1234.5 + 1e-9 + 1e-12)
                previous = state.zoom
            }
        }
    }

    @Test("fly: the zoom never exceeds the higher end, and the same center only zooms")
    func flyZoomBounded() throws {
        var random = SeededRandom(seed: 0xF17)
        for _ in 0..<300 {
            let start = try TransitionKit.camera(&random)
            let transition = try CameraTransition(
                from: start, center: TransitionKit.target(from: start, &random), zoom: TransitionKit.zoom(&random), kind: .fly())
            let top = max(start.zoom, transition.target.zoom)
            for k in 1..<32 {
                let f = Double(k) / 32
                #expect(transition.pathSample(atFraction: f).zoom <= top + 1e-9)
            }
        }
        let start = try MercatorCamera(center: MercatorPoint(x: 5e6, y: -3e6), zoom: 3, widthPoints: 390, heightPoints: 844)
        let transition = try CameraTransition(from: start, zoom: 19, kind: .fly())
        for k in 0...50 {
            let state = transition.state(atFraction: Double(k) / 50)
            #expect(state.centerMercator == start.centerMercator)
        }
    }

    @Test("fly: a flight longer than maxDuration becomes an ease of that duration")
    func flyMaxDuration() throws {
        let start = try MercatorCamera(center: Coordinate(latitude: 48.2, longitude: 16.37), zoom: 14, widthPoints: 390, heightPoints: 844)
        let target = try Coordinate(latitude: -33.9, longitude: 151.2)
        let free = try CameraTransition(from: start, center: target, zoom: 14, kind: .fly())
        #expect(free.durationSeconds > 2)
        let capped = try CameraTransition(from: start, center: target, zoom: 14, kind: .fly(maxDuration: 2))
        #expect(capped.durationSeconds == 2)
        let ease = try CameraTransition(from: start, center: target, zoom: 14, kind: .ease(duration: 2))
        for k in 0...10 { #expect(capped.state(atFraction: Double(k) / 10) == ease.state(atFraction: Double(k) / 10)) }
        let shortFlight = try CameraTransition(from: start, zoom: 14.5, kind: .fly(maxDuration: 100))
        #expect(isClose(
            shortFlight.durationSeconds,
            CameraTransition.flyDurationSeconds(distancePoints: 0, widthPoints: 844, zoomChange: 0.5), within: 1e-15))
    }

    @Test("BAD_INPUTS row 74: a fly to where the camera already is takes no time also when its size forced its view (a portrait phone at zoom 0) or a rotation is in progress; its target shows what the start shows")
    func flyInPlace() throws {
        // A portrait phone at zoom 0 shows zoom 1.72 (the world as tall as the screen).
        let portrait = try MercatorCamera(center: Coordinate(latitude: 0, longitude: 0), zoom: 0, widthPoints: 390, heightPoints: 844)
        var rotated = try MercatorCamera(center: Coordinate(latitude: 40, longitude: 10), zoom: 8, widthPoints: 390, heightPoints: 844)
        rotated.rotate(degrees: 30, around: ScreenPoint(x: 100, y: 100))
        for (name, start) in [("portrait at zoom 0", portrait), ("rotated", rotated)] {
            for transition in [
                try CameraTransition(from: start, center: start.centerMercator, kind: .fly()),
                try CameraTransition(from: start, kind: .fly()),
                try CameraTransition(from: start, center: start.centerMercator, zoom: start.zoom, bearing: start.bearing, kind: .fly()),
            ] {
                // (Before the fix: 0.5 s of an ease that moved nothing.)
                #expect(transition.durationSeconds == 0, "\(name): \(transition.durationSeconds) s")
                let target = transition.state(atSeconds: 1e-9)
                #expect(target.centerMercator == start.centerMercator && target.zoom == start.zoom && target.bearing == start.bearing, "\(name)")
            }
        }
        // A fly that only turns still eases for easeTo's 0.5 s.
        #expect(try CameraTransition(from: rotated, bearing: 0, kind: .fly()).durationSeconds == 0.5)
    }

    @Test("BAD_INPUTS row 104: fly: the arc stays above the lowest zoom the camera may show (MapLibre's reduced curve), so the center never sweeps a low zoom's distance at a higher one (1 432 points a frame)")
    func flyAboveTheLowestZoom() throws {
        // The largest move, in points at the higher of the two zooms, of the place at the
        // focal point between consecutive frames at 60 Hz.
        func largestFrameMove(_ transition: CameraTransition) -> Double {
            var largest = 0.0
            var previous = transition.start
            for k in 1...Int((transition.durationSeconds * 60).rounded(.up)) {
                let state = transition.state(atSeconds: Double(k) / 60)
                let dx = WebMercator.wrappedEasting(state.centerMercator.x - previous.centerMercator.x)
                let dy = state.centerMercator.y - previous.centerMercator.y
                let scale = max(state.pointsPerMercatorMeter, previous.pointsPerMercatorMeter)
                largest = max(largest, (dx * dx + dy * dy).squareRoot() * scale)
                previous = state
            }
            return largest
        }
        // Paris to Tokyo at zoom 12 with a minimum zoom of 10: held at 10 while the path
        // asked for 3, the center swept 1 432 points a frame; now about 131 (10 screenfuls a
        // second at zoom 10, MapLibre's figure for this flight).
        let limited = try MercatorCamera(
            center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 12, widthPoints: 400, heightPoints: 800,
            limits: CameraZoomLimits(minimumZoom: 10, maximumZoom: 22))
        let tokyo = try Coordinate(latitude: 35.68, longitude: 139.69)
        let flight = try CameraTransition(from: limited, center: tokyo, zoom: 12, kind: .fly())
        let move = largestFrameMove(flight)
        #expect(move < 150, "\(move) points in one frame")
        // The path's own lowest zoom: at most half a level below the minimum (both ends at
        // zoom 12, two levels above it: a twentieth of a level).
        let lowest = (1..<400).map { flight.pathSample(atFraction: Double($0) / 400).zoom }.min() ?? 0
        #expect(lowest > 9.9 && lowest < 10, "lowest \(lowest)")
        #expect(flight.state(atSeconds: flight.durationSeconds) == flight.target)
        // Without the limit the arc is the published one (rho 1.42): the same flight on a
        // camera with the default limits keeps its duration.
        let free = try CameraTransition(
            from: MercatorCamera(center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 12, widthPoints: 400, heightPoints: 800),
            center: tokyo, zoom: 12, kind: .fly())
        #expect(isClose(
            free.durationSeconds,
            CameraTransition.flyDurationSeconds(
                distancePoints: (free.dx * free.dx + free.dy * free.dy).squareRoot() * free.start.pointsPerMercatorMeter,
                widthPoints: 800, zoomChange: 0), relative: 1e-12))
        #expect(largestFrameMove(free) < 12)
    }

    @Test("BAD_INPUTS row 74: fly: a move too small to show (a coordinate read back through PROJ, a zoom 1e-9 levels away) with a turn eases the turn in 0.5 s as the same center does, not in one frame")
    func flyInvisibleMoveTurns() throws {
        let start = try MercatorCamera(center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 12, widthPoints: 400, heightPoints: 800)
        let center = start.center
        for transition in [
            try CameraTransition(from: start, center: Coordinate(latitude: center.latitude, longitude: center.longitude), bearing: 90, kind: .fly()),
            try CameraTransition(from: start, zoom: 12 + 1e-9, bearing: 90, kind: .fly()),
            try CameraTransition(from: start, center: start.centerMercator, bearing: 90, kind: .fly()),
        ] {
            // (Before: 1e-12 s, the 90 degrees in one frame.)
            #expect(transition.durationSeconds == 0.5)
            let first = transition.state(atSeconds: 1.0 / 60).bearing
            #expect(first > 0 && first < 5, "first frame's bearing \(first)")
            #expect(transition.state(atSeconds: 0.5) == transition.target)
        }
        // Without a turn such a move takes no time.
        #expect(try CameraTransition(from: start, zoom: 12 + 1e-9, kind: .fly()).durationSeconds == 0)
    }

    // MARK: - Insets

    @Test("insets are interpolated; the ends are exact")
    func insetsInterpolated() throws {
        let start = try MercatorCamera(center: MercatorPoint(x: 0, y: 0), zoom: 6, widthPoints: 390, heightPoints: 844)
        let insets = try ScreenInsets(top: 100, left: 0, bottom: 300, right: 40)
        let transition = try CameraTransition(from: start, insets: insets, kind: .ease(easing: .linear))
        let half = transition.state(atFraction: 0.5)
        #expect(half.insets == (try ScreenInsets(top: 50, left: 0, bottom: 150, right: 20)))
        #expect(transition.state(atFraction: 1).insets == insets)
        #expect(transition.state(atFraction: 0).insets == .zero)
    }

    @Test("a sheet eased up and back down (insets alone) gives the start camera back, so turning the phone afterwards shows what it would have: a portrait phone at zoom 0 (showing 1.72) turned to landscape shows 0.61, not 1.72")
    func insetsAloneKeepWhatTheGestureChose() throws {
        let start = try MercatorCamera(center: Coordinate(latitude: 10, longitude: 20), zoom: 0, widthPoints: 390, heightPoints: 844)
        let sheet = try ScreenInsets(top: 47, bottom: 400)
        for kind in [CameraTransition.Kind.ease(), .ease(duration: 0), .fly()] {
            let up = try CameraTransition(from: start, insets: sheet, kind: kind)
            var direct = start
            try direct.setInsets(sheet)
            #expect(up.target == direct)
            let down = try CameraTransition(from: up.target, insets: .zero, kind: kind)
            #expect(down.target == start)
            var turned = down.state(atFraction: 1), expected = start
            turned.resize(widthPoints: 844, heightPoints: 390)
            expected.resize(widthPoints: 844, heightPoints: 390)
            #expect(turned == expected)
            #expect(isClose(turned.zoom, log2(390.0 / 256), within: 1e-12), "landscape zoom \(turned.zoom)")
        }
        // The same at random cameras, insets and bearings, a forced view or not: there and back is `==`.
        var random = SeededRandom(seed: 0x5_4EE7)
        for _ in 0..<500 {
            let camera = try TransitionKit.camera(&random)
            let across = max(camera.widthPoints - 1, 0) * 0.45, down = max(camera.heightPoints - 1, 0) * 0.45
            let insets = try ScreenInsets(
                top: random.uniform() * down, left: random.uniform() * across,
                bottom: random.uniform() * down, right: random.uniform() * across)
            let there = try CameraTransition(from: camera, insets: insets, kind: TransitionKit.kind(&random))
            let back = try CameraTransition(from: there.target, insets: camera.insets, kind: TransitionKit.kind(&random))
            #expect(back.state(atFraction: 1) == camera)
        }
    }

    // MARK: - Soundness and errors

    @Test("BAD_INPUTS row 67: 10 000 random transitions with extremes: every sampled state finite and within the limits")
    func finiteEverywhere() throws {
        var random = SeededRandom(seed: 0x10_000)
        for index in 0..<10_000 {
            let transition = try TransitionKit.transition(&random)
            for f in [1e-12, 0.25, 0.5, 0.75, 1 - 1e-12] {
                let state = transition.state(atFraction: f)
                #expect(TransitionKit.isSound(state), "case \(index) f \(f)")
            }
            #expect(transition.durationSeconds.isFinite && transition.durationSeconds >= 0)
            for t in [Double.nan, -1, 0] {
                #expect(transition.state(atSeconds: t) == transition.start, "case \(index) t \(t)")
            }
            let end = transition.durationSeconds
            for t in [end, end + 1, .infinity] where end > 0 {
                #expect(transition.state(atSeconds: t) == transition.target, "case \(index) t \(t)")
            }
        }
    }

    @Test("BAD_INPUTS row 66: non-finite targets, bad durations, curves, speeds and easings are typed errors")
    func errors() throws {
        let start = try MercatorCamera(center: MercatorPoint(x: 0, y: 0), zoom: 6, widthPoints: 390, heightPoints: 844)
        #expect(throws: GeometryError.invalidZoom(name: "zoom", value: .infinity, minimum: 0, maximum: 22)) {
            try CameraTransition(from: start, zoom: .infinity)
        }
        #expect(throws: GeometryError.self) { try CameraTransition(from: start, zoom: .nan, kind: .fly()) }
        #expect(throws: GeometryError.invalidBearing(name: "bearing", value: -.infinity)) {
            try CameraTransition(from: start, bearing: -.infinity)
        }
        #expect(throws: GeometryError.invalidTransition(name: "duration", value: .infinity, expected: "a finite number of seconds >= 0")) {
            try CameraTransition(from: start, zoom: 3, kind: .ease(duration: .infinity))
        }
        #expect(throws: GeometryError.invalidTransition(name: "duration", value: -1, expected: "a finite number of seconds >= 0")) {
            try CameraTransition(from: start, zoom: 3, kind: .ease(duration: -1))
        }
        #expect(throws: GeometryError.invalidTransition(name: "maximum duration", value: .infinity, expected: "a finite number of seconds >= 0")) {
            try CameraTransition(from: start, zoom: 3, kind: .fly(maxDuration: .infinity))
        }
        #expect(throws: GeometryError.invalidTransition(name: "fly curve", value: 0, expected: "a finite number > 0")) {
            try CameraTransition(from: start, zoom: 3, kind: .fly(curve: 0))
        }
        #expect(throws: GeometryError.self) { try CameraTransition(from: start, zoom: 3, kind: .fly(speed: .nan)) }
        // A curve or speed so small that the fly would last forever (before: an infinite
        // duration, and states with a NaN zoom for the curve), a pan and a zoom-only fly; with
        // a maximum duration, an ease of that duration instead; and through a fly event.
        let far = MercatorPoint(uncheckedX: 8e6, y: 4e6)
        for center in [far, nil] {
            #expect(throws: GeometryError.invalidTransition(name: "fly curve", value: .leastNonzeroMagnitude, expected: "a curve at which the fly's path is finite")) {
                try CameraTransition(from: start, center: center, zoom: 10, kind: .fly(curve: .leastNonzeroMagnitude))
            }
            for speed in [Double.leastNonzeroMagnitude, Double.leastNormalMagnitude / 1_000] {
                #expect(throws: GeometryError.invalidTransition(name: "fly speed", value: speed, expected: "a speed at which the fly lasts a finite time")) {
                    try CameraTransition(from: start, center: center, zoom: 10, kind: .fly(speed: speed))
                }
            }
            let capped = try CameraTransition(from: start, center: center, zoom: 10, kind: .fly(curve: .leastNonzeroMagnitude, maxDuration: 2))
            #expect(capped.durationSeconds == 2 && capped.state(atSeconds: 1).zoom.isFinite && capped.state(atSeconds: 2).zoom == 10)
            #expect(CameraTransition.flyDurationSeconds(distancePoints: center == nil ? 0 : 1_000, widthPoints: 390, zoomChange: 3, speed: .leastNonzeroMagnitude) == 0)
        }
        let event = CameraEvent.fly(latitude: 40, longitude: 100, zoom: 10, bearing: nil, curve: .leastNonzeroMagnitude, speed: 1.2, maxDuration: nil)
        #expect(throws: GeometryError.invalidTransition(name: "fly curve", value: .leastNonzeroMagnitude, expected: "a curve at which the fly's path is finite")) {
            try event.motion(from: start)
        }
        #expect(throws: GeometryError.invalidTransition(name: "easing control point x1", value: 1.5, expected: "a number in [0, 1]")) {
            try CameraTransition(from: start, zoom: 3, kind: .ease(easing: .cubicBezier(x1: 1.5, y1: 0, x2: 0, y2: 1)))
        }
        // The message names the value and what was expected.
        #expect(GeometryError.invalidTransition(name: "fly speed", value: .nan, expected: "a finite number > 0").description
            == "fly speed nan is not a number: expected a finite number > 0")
    }

    @Test("a phone turned during a fly: each state resized as it is drawn keeps the path's center, zoom and bearing bit for bit, the frames go on without a jump, the last is the target resized, and turning back gives the states themselves")
    func resizedDuringTheTransition() throws {
        let paris = try Coordinate(latitude: 48.8566, longitude: 2.3522), berlin = try Coordinate(latitude: 52.52, longitude: 13.405)
        var start = try MercatorCamera(center: paris, zoom: 12, widthPoints: 390, heightPoints: 844)
        try start.setInsets(ScreenInsets(top: 47, bottom: 34))
        for kind in [CameraTransition.Kind.fly(), .ease(duration: 0.8)] {
            let transition = try CameraTransition(from: start, center: berlin, zoom: 11, bearing: 30, kind: kind)
            let frames = Int((transition.durationSeconds * 60).rounded(.up))
            var last: MercatorCamera? = nil
            for frame in 0...frames {
                let state = transition.state(atSeconds: Double(frame) / 60)
                var camera = state
                // Turned to landscape a third of the way in.
                if frame >= frames / 3 { camera.resize(widthPoints: 844, heightPoints: 390) }
                // The path's own values, so the frames go on as the path does, without a jump.
                #expect(camera.centerMercator == state.centerMercator && camera.zoom == state.zoom && camera.bearing == state.bearing)
                var back = camera
                back.resize(widthPoints: 390, heightPoints: 844)
                #expect(back == state)
                last = camera
            }
            var target = transition.target
            target.resize(widthPoints: 844, heightPoints: 390)
            #expect(last == target)
        }
    }
}
