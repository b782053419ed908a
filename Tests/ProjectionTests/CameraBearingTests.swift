import Foundation
import GeoMath
import PropertyBased
import Testing
import TestSupport

@testable import Projection

/// What the camera bearing, fit and bounds suites share: random rotated cameras with edge
/// insets, and checks that read a camera's screen geometry from its public formula
/// (point = focal + R(b) ((X - Xc) s, -(Y - Yc) s), docs/DESIGN.md, CONTRACTS.md issue 9)
/// rather than from the constraints under test.
enum RotatedCameraKit {
    /// The width of the Web Mercator world in metres, 2 pi a (a = 6 378 137 m, WGS84).
    static let world = 2 * Double.pi * 6_378_137
    /// Uniforms in [0, 1] for one case. Slots 0-10 make the camera (``camera(_:width:height:zoom:bearing:nearPole:)``);
    /// 11 on are the test's own.
    static let uniforms = Gen<Double>.double(in: 0...1).array(of: 48)

    /// A bearing from a uniform: one case in ten an exact multiple of 90 degrees (where the
    /// rotation must be exactly the identity or a quarter turn), otherwise anywhere in (-180, 180].
    static func bearing(_ u: Double) -> Double {
        if u < 0.1 { return [0.0, 90, 180, -90][min(Int(u * 40), 3)] }
        return MapBearing.wrapped((u - 0.1) / 0.9 * 360 - 180)
    }

    /// Insets from `u[6...10]`: none in one case in five, otherwise each side up to 45% of
    /// its dimension less one point (so two opposite sides always leave a point).
    static func insets(_ u: [Double], width: Double, height: Double) throws -> ScreenInsets {
        guard u[10] >= 0.2 else { return .zero }
        let across = max(width - 1, 0) * 0.45, down = max(height - 1, 0) * 0.45
        return try ScreenInsets(top: u[6] * down, left: u[7] * across, bottom: u[8] * down, right: u[9] * across)
    }

    /// A camera from uniforms: center from `u[0]`, `u[1]` (uniform in Mercator metres, so many
    /// states start beyond what the viewport may show and are constrained; with `nearPole`,
    /// within 2 degrees of the world's north or south edge), the given size and zoom, the
    /// bearing from `u[5]` (or `bearing`), insets from `u[6...10]`.
    static func camera(
        _ u: [Double], width: Double, height: Double, zoom: Double, bearing: Double? = nil, nearPole: Bool = false
    ) throws -> MercatorCamera {
        var camera: MercatorCamera
        if nearPole {
            let edge = WebMercator.maximumLatitude
            let fraction = (u[1] * 2).truncatingRemainder(dividingBy: 1)
            let latitude = (u[1] < 0.5 ? -1.0 : 1.0) * (edge - 2 * fraction)
            camera = try MercatorCamera(
                center: Coordinate(latitude: latitude, longitude: (u[0] - 0.5) * 360), zoom: zoom,
                widthPoints: width, heightPoints: height)
        } else {
            camera = try MercatorCamera(
                center: MercatorPoint(x: (u[0] - 0.5) * world, y: (u[1] - 0.5) * world), zoom: zoom,
                widthPoints: width, heightPoints: height)
        }
        try camera.setInsets(insets(u, width: width, height: height))
        try camera.jump(bearing: bearing ?? Self.bearing(u[5]))
        return camera
    }

    /// The Mercator point under a screen point by the camera's formula, without the clamp to
    /// the world and without wrapping the easting: (Xc + east / s, Yc - south / s) with
    /// (east, south) = R(b)^T (p - focal).
    static func unclamped(_ camera: MercatorCamera, _ point: ScreenPoint) -> (x: Double, y: Double) {
        let (east, south) = camera.transform.unrotated(point)
        let center = camera.centerMercator
        return (center.x + east / camera.pointsPerMercatorMeter, center.y - south / camera.pointsPerMercatorMeter)
    }

    /// The corners of a rectangle of the screen, clockwise from the top-left.
    static func corners(minX: Double, minY: Double, maxX: Double, maxY: Double) -> [ScreenPoint] {
        [ScreenPoint(x: minX, y: minY), ScreenPoint(x: maxX, y: minY), ScreenPoint(x: maxX, y: maxY), ScreenPoint(x: minX, y: maxY)]
    }

    /// The viewport's 4 corners.
    static func corners(_ camera: MercatorCamera) -> [ScreenPoint] {
        corners(minX: 0, minY: 0, maxX: camera.widthPoints, maxY: camera.heightPoints)
    }

    /// A rectangle's outline: its 4 corners and `perEdge` evenly spaced points inside each edge.
    static func outline(minX: Double, minY: Double, maxX: Double, maxY: Double, perEdge: Int = 64) -> [ScreenPoint] {
        var points = corners(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
        points.reserveCapacity(4 + 4 * perEdge)
        for index in 1...perEdge {
            let t = Double(index) / Double(perEdge + 1)
            let x = minX + (maxX - minX) * t, y = minY + (maxY - minY) * t
            points.append(ScreenPoint(x: x, y: minY))
            points.append(ScreenPoint(x: x, y: maxY))
            points.append(ScreenPoint(x: minX, y: y))
            points.append(ScreenPoint(x: maxX, y: y))
        }
        return points
    }

    /// The whole viewport's outline.
    static func outline(_ camera: MercatorCamera, perEdge: Int = 64) -> [ScreenPoint] {
        outline(minX: 0, minY: 0, maxX: camera.widthPoints, maxY: camera.heightPoints, perEdge: perEdge)
    }

    /// The unobstructed rectangle (inside the effective insets) shrunk by `padding`.
    static func unobstructed(_ camera: MercatorCamera, padding: Double = 0) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let insets = camera.effectiveInsets
        return (
            insets.left + padding, insets.top + padding,
            camera.widthPoints - insets.right - padding, camera.heightPoints - insets.bottom - padding)
    }

    /// How far, in points, the rotated viewport stays inside the world's north and south
    /// edges: negative when some pixel shows beyond the world. A linear function's extremes
    /// over a rectangle are at its corners, so the corners decide. The world-edge constraint
    /// moves a view only onto an edge (margin 0, or both edges where it zooms in or centres),
    /// so a view with a positive margin is one it did not move.
    static func worldEdgeMargin(_ camera: MercatorCamera) -> Double {
        var margin = Double.infinity
        for corner in corners(camera) {
            margin = min(margin, (world / 2 - abs(unclamped(camera, corner).y)) * camera.pointsPerMercatorMeter)
        }
        return margin
    }

    /// The distance in points between two screen points showing the same place, up to whole
    /// world widths along the rotated east axis (a point is placed on the world copy nearest
    /// the center, so on a viewport wider than half the world it may come back one copy over).
    static func distance(_ a: ScreenPoint, _ b: ScreenPoint, in camera: MercatorCamera) -> Double {
        let (sin, cos) = MapBearing.sinCos(degrees: camera.bearing)
        let dx = a.x - b.x, dy = a.y - b.y
        let east = (cos * dx - sin * dy).remainder(dividingBy: camera.worldWidthPoints)
        let south = sin * dx + cos * dy
        return (east * east + south * south).squareRoot()
    }

    // MARK: - DESIGN.md's screen transform, inverted in closed form

    /// The Mercator point under a screen point by DESIGN.md's screen transform inverted, from
    /// the camera's state alone (center, zoom, bearing, size, effective insets) and none of its
    /// arithmetic: s = 256 * 2^z / W, focal = ((left + w - right) / 2, (top + h - bottom) / 2),
    /// (e, d) = R(b)^T (p - focal) = (cos b u - sin b v, sin b u + cos b v), X = Xc + e / s,
    /// Y = Yc - d / s; the easting not wrapped and the northing not clamped. The bearing's sine
    /// and cosine come from libm, not from `MapBearing`.
    static func formulaMercator(_ camera: MercatorCamera, _ point: ScreenPoint) -> (x: Double, y: Double) {
        let s = 256 * pow(2, camera.zoom) / world
        let insets = camera.effectiveInsets
        let fx = (insets.left + camera.widthPoints - insets.right) / 2
        let fy = (insets.top + camera.heightPoints - insets.bottom) / 2
        let b = camera.bearing * .pi / 180
        let u = point.x - fx, v = point.y - fy
        let east = cos(b) * u - sin(b) * v, south = sin(b) * u + cos(b) * v
        let center = camera.centerMercator
        return (center.x + east / s, center.y - south / s)
    }

    /// Closed-form inverse Web Mercator (EPSG Guidance Note 7-2, method 1024): the latitude of
    /// a northing, phi = 2 atan(exp(Y / a)) - pi/2, in degrees.
    static func formulaLatitude(_ y: Double) -> Double {
        (2 * atan(exp(y / 6_378_137)) - .pi / 2) * 180 / .pi
    }

    /// The longitude of an easting, lambda = X / a, in degrees (not wrapped).
    static func formulaLongitude(_ x: Double) -> Double {
        x / 6_378_137 * 180 / .pi
    }

    /// The unwrapped Mercator extremes of a screen rectangle by ``formulaMercator(_:_:)`` over
    /// its outline (corners and 8 points per edge: X and Y are linear in the screen point, so
    /// the corners decide, and the edge points show nothing reaches further).
    static func formulaExtremes(
        _ camera: MercatorCamera, minX: Double, minY: Double, maxX: Double, maxY: Double
    ) -> (west: Double, east: Double, south: Double, north: Double) {
        var extremes = (west: Double.infinity, east: -Double.infinity, south: Double.infinity, north: -Double.infinity)
        for point in outline(minX: minX, minY: minY, maxX: maxX, maxY: maxY, perEdge: 8) {
            let m = formulaMercator(camera, point)
            extremes = (min(extremes.west, m.x), max(extremes.east, m.x), min(extremes.south, m.y), max(extremes.north, m.y))
        }
        return extremes
    }

    /// Every number finite, the zoom within the limits, the easting wrapped, the bearing in
    /// (-180, 180], and no pixel beyond the world (1e-6 points).
    static func isValid(_ camera: MercatorCamera) -> Bool {
        let center = camera.centerMercator
        return camera.zoom.isFinite && camera.zoom >= camera.limits.minimumZoom && camera.zoom <= camera.limits.maximumZoom
            && camera.pointsPerMercatorMeter.isFinite && camera.pointsPerMercatorMeter > 0
            && center.x.isFinite && center.y.isFinite && center.x >= -world / 2 && center.x < world / 2
            && camera.bearing > -180 && camera.bearing <= 180
            && worldEdgeMargin(camera) >= -1e-6
    }
}

/// Bearing: the rotate and pinch-rotate gestures keep their anchor (at clamped zooms too) and
/// do not drift, no pixel of a rotated viewport shows beyond the world, placement and
/// unprojection honour the bearing, rotate-and-back and resize-and-back are bit-identical,
/// and the pure helpers (wrapping, exact quarter turns, dead zone, north snap) hold their
/// documented values. Issue 9 (CONTRACTS.md) and issue 12.
@Suite("Camera bearing")
struct CameraBearingTests {
    typealias Kit = RotatedCameraKit
    static let count = 10_000

    // MARK: - Anchors

    @Test("anchor invariant: the place under the anchor stays under it (pan and pinch-rotate: under anchor + (dx, dy)) within 1e-6 points, over 10 000 mixed gestures at random bearings, insets, screens and zooms, clamped zooms included (property)")
    func anchorInvariant() throws {
        var tested = 0, atEdge = 0, clamped = 0, continuedRotation = 0
        try forAll(count: Self.count, seed: 9_001, Kit.uniforms) { u in
            let width = 100 * pow(30, u[3]), height = 100 * pow(30, u[4])
            // One case in ten starts within half a level of the maximum zoom and zooms in
            // past it: the factor is clamped and the anchor must still hold.
            let nearMaximum = u[11] < 0.1
            var camera = try Kit.camera(u, width: width, height: height, zoom: nearMaximum ? 22 - 0.5 * u[12] : 22 * u[2])
            let anchor = ScreenPoint(x: u[13] * width, y: u[14] * height)
            // A third of the cases first turn around the same anchor, so that a checked
            // rotation continues a run (computed from the pivot).
            let warmUp = u[15] < 0.33
            if warmUp { camera.rotate(degrees: (u[16] - 0.5) * 90, around: anchor) }
            let before = try camera.mercatorPoint(at: anchor)
            let zoomBefore = camera.zoom
            let scale = nearMaximum ? exp2(1 + 3 * u[17]) : exp2((u[17] - 0.5) * 8)
            let degrees = (u[18] - 0.5) * 360
            let dx = (u[19] - 0.5) * width, dy = (u[20] - 0.5) * height
            var target = anchor
            var requestedZoom = zoomBefore
            switch Int(u[21] * 5) {
            case 0:
                camera.pinch(scale: scale, anchor: anchor)
                requestedZoom += log2(scale)
            case 1:
                camera.pan(dx: dx, dy: dy)
                target = ScreenPoint(x: anchor.x + dx, y: anchor.y + dy)
            case 2:
                camera.rotate(degrees: degrees, around: anchor)
                if warmUp { continuedRotation += 1 }
            case 3:
                camera.pinchRotate(scale: scale, degrees: degrees, anchor: anchor, dx: dx, dy: dy)
                requestedZoom += log2(scale)
                target = ScreenPoint(x: anchor.x + dx, y: anchor.y + dy)
            default:
                camera.doubleTap(at: anchor)
                requestedZoom += 1
            }
            guard Kit.isValid(camera) else { return false }
            // Only a view the world edge did not move is held to the anchor.
            guard Kit.worldEdgeMargin(camera) > 1e-3 else {
                atEdge += 1
                return true
            }
            tested += 1
            if requestedZoom > camera.limits.maximumZoom && camera.zoom == camera.limits.maximumZoom && zoomBefore < camera.zoom {
                clamped += 1
            }
            let drift = Kit.distance(camera.point(for: before), target, in: camera)
            if !(drift <= 1e-6) { Issue.record("anchor moved by \(drift) points") }
            return drift <= 1e-6
        }
        #expect(tested > Self.count * 8 / 10, "only \(tested) gestures away from the world edge (\(atEdge) at it)")
        #expect(clamped > Self.count / 50, "only \(clamped) gestures clamped at the maximum zoom")
        #expect(continuedRotation > Self.count / 30, "only \(continuedRotation) continued rotations")
    }

    @Test("a run of rotations interrupted by an orientation change that moved the view keeps the anchor when it resumes")
    func rotationRunAcrossResize() throws {
        // Landscape at zoom 2 (the world 1 024 points tall); a rotation starts a run around
        // an anchor 120 points right of and 30 below the focal point.
        var camera = try MercatorCamera(
            center: Coordinate(latitude: 40, longitude: 10), zoom: 2, widthPoints: 1_000, heightPoints: 300)
        let offset = (x: 120.0, y: 30.0)
        func anchor(_ camera: MercatorCamera) -> ScreenPoint {
            ScreenPoint(x: camera.focalPoint.x + offset.x, y: camera.focalPoint.y + offset.y)
        }
        camera.rotate(degrees: 10, around: anchor(camera))
        #expect(Kit.worldEdgeMargin(camera) > 1e-3)
        // Portrait, taller than the world at zoom 2: the constraint zooms in and centres the view.
        let zoomBefore = camera.zoom
        camera.resize(widthPoints: 300, heightPoints: 2_000)
        #expect(camera.zoom > zoomBefore)
        // The fingers, at the same offset from the new focal point, turn on by -70 degrees
        // (to bearing 60, where the viewport is only 1 260 points tall: no constraint binds).
        let point = anchor(camera)
        let under = try camera.mercatorPoint(at: point)
        camera.rotate(degrees: -70, around: point)
        #expect(camera.bearing == 60)
        #expect(Kit.worldEdgeMargin(camera) > 1e-3)
        let drift = Kit.distance(camera.point(for: under), point, in: camera)
        #expect(drift <= 1e-6, "the anchor moved by \(drift) points")
    }

    // MARK: - Drift

    /// The starting camera of the drift tests: near the antimeridian at zoom 18 (where a
    /// Mercator unit in the last place is largest on screen), turned, with a bottom sheet.
    static func driftCamera() throws -> MercatorCamera {
        var camera = try MercatorCamera(
            center: Coordinate(latitude: 60.1, longitude: 179.9), zoom: 18, widthPoints: 390, heightPoints: 844)
        try camera.setInsets(ScreenInsets(top: 47, left: 0, bottom: 300, right: 20))
        try camera.jump(bearing: 33)
        return camera
    }

    static func drift(_ camera: MercatorCamera, _ under: MercatorPoint, _ anchor: ScreenPoint) -> Double {
        let point = camera.point(for: under)
        return ((point.x - anchor.x) * (point.x - anchor.x) + (point.y - anchor.y) * (point.y - anchor.y)).squareRoot()
    }

    @Test("drift: 1 000 000 alternating pinch-rotate steps around one anchor (factors and angles never cancelling pairwise) move the anchored place less than 1e-6 points")
    func pinchRotateDrift() throws {
        var camera = try Self.driftCamera()
        let anchor = ScreenPoint(x: 37.5, y: 711.25)
        let under = try camera.mercatorPoint(at: anchor)
        // Each step in turns by a new factor in [1.05, 1.95] and a new angle in [2, 42]
        // degrees (two independent golden-ratio sequences); each step out undoes the previous
        // step in's factor and angle, so no two consecutive steps cancel exactly while the
        // zoom stays within a level and a half of 18 and the bearing within 42 degrees of 33.
        var factorPhase = 0.0, anglePhase = 0.0
        var previousFactor = 1.5, previousDegrees = 10.0
        for _ in 0..<500_000 {
            factorPhase = (factorPhase + 0.618_033_988_749_895).truncatingRemainder(dividingBy: 1)
            anglePhase = (anglePhase + 0.414_213_562_373_095_1).truncatingRemainder(dividingBy: 1)
            let factor = 1.05 + 0.9 * factorPhase
            let degrees = 2 + 40 * anglePhase
            camera.pinchRotate(scale: factor, degrees: degrees, anchor: anchor)
            camera.pinchRotate(scale: 1 / previousFactor, degrees: -previousDegrees, anchor: anchor)
            previousFactor = factor
            previousDegrees = degrees
        }
        let drift = Self.drift(camera, under, anchor)
        #expect(drift < 1e-6, "drift \(drift) points")
        #expect(abs(camera.zoom - 18) < 1.5 && abs(camera.bearing - 33) < 42)
    }

    @Test("drift: 1 000 000 alternating rotations rotate(+d_i), rotate(-d_(i-1)) around one anchor move the anchored place less than 1e-6 points")
    func rotateDrift() throws {
        var camera = try Self.driftCamera()
        let anchor = ScreenPoint(x: 300.25, y: 120.5)
        let under = try camera.mercatorPoint(at: anchor)
        var phase = 0.0, previous = 10.0
        for _ in 0..<500_000 {
            phase = (phase + 0.618_033_988_749_895).truncatingRemainder(dividingBy: 1)
            let degrees = 1 + 60 * phase
            camera.rotate(degrees: degrees, around: anchor)
            camera.rotate(degrees: -previous, around: anchor)
            previous = degrees
        }
        let drift = Self.drift(camera, under, anchor)
        #expect(drift < 1e-6, "drift \(drift) points")
        #expect(camera.zoom == 18)
    }

    // MARK: - The world's edge

    /// How far beyond the world's north or south edge, in points, the viewport's outline
    /// reaches (corners and 64 points per edge), from the inverse without the clamp.
    static func worldExcess(_ camera: MercatorCamera) -> Double {
        let transform = camera.transform
        let centerY = camera.centerMercator.y, s = camera.pointsPerMercatorMeter
        var excess = -Double.infinity
        for point in Kit.outline(camera) {
            let y = centerY - transform.unrotated(point).south / s
            excess = max(excess, (abs(y) - Kit.world / 2) * s)
        }
        return excess
    }

    @Test("rotation-aware world edge: no point of the rotated viewport's outline lies beyond +-W/2 (1e-6 points), for 10 000 random bearings, zooms, sizes from 1 to 1e6 points, insets and centers near +-85 degrees, and after panning hard north and south, rotating and zooming out (property)")
    func worldEdge() throws {
        var worst = -Double.infinity
        var touching = 0
        try forAll(count: Self.count, seed: 9_003, Kit.uniforms) { u in
            let width = pow(10, 6 * u[3]), height = pow(10, 6 * u[4])
            var camera = try Kit.camera(u, width: width, height: height, zoom: 22 * u[2], nearPole: u[11] < 0.4)
            var excess = Self.worldExcess(camera)
            // Two world heights of pan reach either edge from anywhere.
            camera.pan(dx: (u[12] - 0.5) * width, dy: 3 * camera.worldWidthPoints)
            excess = max(excess, Self.worldExcess(camera))
            if Kit.worldEdgeMargin(camera) <= 1e-3 { touching += 1 }
            camera.rotate(degrees: (u[13] - 0.5) * 360, around: ScreenPoint(x: u[14] * width, y: u[15] * height))
            excess = max(excess, Self.worldExcess(camera))
            camera.pinchRotate(
                scale: exp2(-10 * u[16]), degrees: (u[17] - 0.5) * 360, anchor: ScreenPoint(x: u[18] * width, y: u[19] * height),
                dx: (u[20] - 0.5) * width, dy: -3 * camera.worldWidthPoints)
            excess = max(excess, Self.worldExcess(camera))
            camera.pinch(scale: 1e-3, anchor: ScreenPoint(x: u[21] * width, y: u[22] * height))
            camera.rotate(degrees: (u[23] - 0.5) * 360, around: ScreenPoint(x: u[24] * width, y: u[25] * height))
            excess = max(excess, Self.worldExcess(camera))
            worst = max(worst, excess)
            return excess <= 1e-6 && Kit.isValid(camera)
        }
        // The hard pans reached the edge: the guarantee was tested where it binds.
        #expect(touching > Self.count / 2, "only \(touching) views reached the world's edge")
        #expect(worst <= 1e-6, "worst excess \(worst) points")
    }

    // MARK: - Placement, unprojection, visible bounds

    @Test("place(_:into:) gives point(for:)'s bits at random bearings and insets, for pins near the center (no world-copy shift) and all over the world (property, 500 cameras)")
    func placeMatchesPoint() throws {
        var nearbyLoop = 0, shiftingLoop = 0
        try forAll(count: 500, seed: 9_004, Kit.uniforms) { u in
            let width = 100 * pow(30, u[3]), height = 100 * pow(30, u[4])
            let camera = try Kit.camera(u, width: width, height: height, zoom: 22 * u[2])
            let everywhere = try (0..<50).map { index in
                try Coordinate(latitude: -85 + Double(index) * 3.4, longitude: -180 + Double(index * 37 % 50) * 7.2)
            }
            let nearby = try (0..<50).map { index in
                try camera.coordinate(at: ScreenPoint(
                    x: (Double(index % 7) / 3 - 0.5) * width, y: (Double(index % 11) / 5 - 0.5) * height))
            }
            var holds = true
            for set in [everywhere, nearby] {
                let pins = ProjectedPins(coordinates: set)
                let center = camera.centerMercator.x
                if pins.eastingRange.upperBound - center < Kit.world / 4 && center - pins.eastingRange.lowerBound < Kit.world / 4 {
                    nearbyLoop += 1
                } else {
                    shiftingLoop += 1
                }
                let points = [ScreenPoint](unsafeUninitializedCapacity: pins.count) { buffer, initialized in
                    camera.place(pins, into: buffer)
                    initialized = pins.count
                }
                for index in 0..<pins.count {
                    let expected = camera.point(for: pins[index])
                    // Bit identity is the point here.
                    if points[index].x.bitPattern != expected.x.bitPattern || points[index].y.bitPattern != expected.y.bitPattern {
                        Issue.record("pin \(index): placed \(points[index]), point(for:) \(expected), bearing \(camera.bearing)")
                        holds = false
                    }
                }
            }
            return holds
        }
        #expect(nearbyLoop > 100 && shiftingLoop > 100, "loops: \(nearbyLoop) without shifts, \(shiftingLoop) with")
    }

    @Test("unprojection inverts projection at any bearing: mercatorPoint(at: point(for: P)) is P within 1e-6 points, and the point comes back within 1e-6 points (property, 10 000 points)")
    func unprojectInvertsProject() throws {
        try forAll(count: Self.count, seed: 9_005, Kit.uniforms) { u in
            let width = 100 * pow(30, u[3]), height = 100 * pow(30, u[4])
            let camera = try Kit.camera(u, width: width, height: height, zoom: 22 * u[2])
            let start = ScreenPoint(x: u[11] * width, y: u[12] * height)
            let place = try camera.mercatorPoint(at: start)
            var point = camera.point(for: place)
            guard Kit.distance(point, start, in: camera) <= 1e-6 else { return false }
            // On a viewport wider than half the world the place may be drawn one world copy
            // over, along the rotated east axis: unproject the copy on the screen.
            let (sin, cos) = MapBearing.sinCos(degrees: camera.bearing)
            let east = cos * (point.x - start.x) - sin * (point.y - start.y)
            let copies = (east / camera.worldWidthPoints).rounded() * camera.worldWidthPoints
            point = ScreenPoint(x: point.x - cos * copies, y: point.y + sin * copies)
            let back = try camera.mercatorPoint(at: point)
            let s = camera.pointsPerMercatorMeter
            let dX = WebMercator.nearestCopyOffset(back.x - place.x) * s, dY = (back.y - place.y) * s
            return (dX * dX + dY * dY).squareRoot() <= 1e-6
        }
    }

    @Test("bearing 90 puts east at the top and north on the left; 180 puts south at the top; -90 east at the bottom (focal point with insets)")
    func bearingSense() throws {
        var camera = try MercatorCamera(
            center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 14, widthPoints: 390, heightPoints: 844)
        try camera.setInsets(ScreenInsets(top: 47, left: 10, bottom: 300, right: 0))
        let focal = camera.focalPoint
        #expect(focal.x == 200 && focal.y == (47 + 844 - 300) / 2)
        // (bearing, where 100 points east of the center lands, where 100 points north lands)
        let expectations: [(Double, (Double, Double), (Double, Double))] = [
            (0, (100, 0), (0, -100)), (90, (0, -100), (-100, 0)), (180, (-100, 0), (0, 100)), (-90, (0, 100), (100, 0)),
        ]
        for (bearing, east, north) in expectations {
            try camera.jump(bearing: bearing)
            let center = camera.centerMercator
            let s = camera.pointsPerMercatorMeter
            let eastPoint = camera.point(for: try MercatorPoint(x: center.x + 100 / s, y: center.y))
            let northPoint = camera.point(for: try MercatorPoint(x: center.x, y: center.y + 100 / s))
            #expect(isClose(eastPoint.x, focal.x + east.0, within: 1e-9) && isClose(eastPoint.y, focal.y + east.1, within: 1e-9), "bearing \(bearing): east at \(eastPoint)")
            #expect(isClose(northPoint.x, focal.x + north.0, within: 1e-9) && isClose(northPoint.y, focal.y + north.1, within: 1e-9), "bearing \(bearing): north at \(northPoint)")
        }
        // Bearing 90: the place above the focal point is due east of the center.
        try camera.jump(bearing: 90)
        let above = try camera.coordinate(at: ScreenPoint(x: focal.x, y: focal.y - 200))
        #expect(above.longitude > camera.center.longitude && isClose(above.latitude, camera.center.latitude, within: 1e-9))
        // Fingers turning clockwise by 30 degrees: the bearing becomes bearing - 30, and the
        // content turns clockwise (a place above the anchor moves right).
        try camera.jump(bearing: 0)
        let north = try camera.mercatorPoint(at: ScreenPoint(x: focal.x, y: focal.y - 100))
        camera.rotate(degrees: 30, around: focal)
        #expect(camera.bearing == -30)
        let turned = camera.point(for: north)
        #expect(isClose(turned.x, focal.x + 50, within: 1e-9) && isClose(turned.y, focal.y - 100 * 3.0.squareRoot() / 2, within: 1e-9))
    }

    /// Whether a box holds a coordinate within `tolerance` degrees (across the antimeridian too).
    static func contains(_ box: CoordinateBounds, _ coordinate: Coordinate, within tolerance: Double) -> Bool {
        guard coordinate.latitude >= box.south - tolerance, coordinate.latitude <= box.north + tolerance else { return false }
        if box.spansAllLongitudes { return true }
        var offset = (coordinate.longitude - box.west).truncatingRemainder(dividingBy: 360)
        if offset < 0 { offset += 360 }
        return offset <= box.longitudeWidthDegrees + tolerance || offset >= 360 - tolerance
    }

    /// A box is the smallest holding the coordinates of an outline: every coordinate inside,
    /// and each edge touched (1e-9 degrees); longitudes only when the box does not span them all.
    static func isSmallestBox(_ box: CoordinateBounds, around coordinates: [Coordinate]) -> Bool {
        let tolerance = 1e-9
        guard coordinates.allSatisfy({ contains(box, $0, within: tolerance) }) else { return false }
        let latitudes = coordinates.map(\.latitude)
        guard let north = latitudes.max(), let south = latitudes.min(),
              isClose(box.north, north, within: tolerance), isClose(box.south, south, within: tolerance)
        else { return false }
        if box.spansAllLongitudes { return true }
        return coordinates.contains { abs(longitudeDifference($0.longitude, box.west)) <= tolerance }
            && coordinates.contains { abs(longitudeDifference($0.longitude, box.east)) <= tolerance }
    }

    @Test("visibleBounds and unobstructedVisibleBounds are the smallest boxes holding the coordinates of their rectangle's corners and 64 points per edge, at any bearing (property, 2 000 cameras)")
    func visibleBoundsAreSmallest() throws {
        var allLongitudes = 0, crossing = 0
        try forAll(count: 2_000, seed: 9_006, Kit.uniforms) { u in
            let width = 100 * pow(30, u[3]), height = 100 * pow(30, u[4])
            let camera = try Kit.camera(u, width: width, height: height, zoom: 22 * u[2])
            let whole = try Kit.outline(camera).map { try camera.coordinate(at: $0) }
            let area = Kit.unobstructed(camera)
            let inner = try Kit.outline(minX: area.minX, minY: area.minY, maxX: area.maxX, maxY: area.maxY)
                .map { try camera.coordinate(at: $0) }
            let bounds = camera.visibleBounds
            if bounds.spansAllLongitudes {
                allLongitudes += 1
                // All longitudes only when the rotated viewport is at least a world wide.
                let (sin, cos) = MapBearing.sinCos(degrees: camera.bearing)
                let across = abs(cos) * width + abs(sin) * height
                if across < camera.worldWidthPoints * (1 - 1e-12) { return false }
            }
            if bounds.crossesAntimeridian { crossing += 1 }
            return Self.isSmallestBox(bounds, around: whole) && Self.isSmallestBox(camera.unobstructedVisibleBounds, around: inner)
        }
        #expect(allLongitudes > 20 && crossing > 5, "\(allLongitudes) boxes of all longitudes, \(crossing) across the antimeridian")
    }

    /// The tolerance of the visible bounds against the formula, in degrees: the unprojection's
    /// (ACCURACY.md, camera points: `coordinate(at:)` within 1e-9 degrees of the same formula).
    /// Measured 1.7e-13 degrees over the 10 804 boxes of the test below (2026-11-28): PROJ's
    /// inverse against the closed form, and extents rounded at the scale of a Mercator metre.
    static let boundsDegrees = 1e-9

    /// Whether `box` is DESIGN.md's visible box of a screen rectangle whose unwrapped Mercator
    /// extremes are `extremes`: north and south the latitudes of the northmost and southmost
    /// northings (clamped to the world's edge, so never beyond +-85.0511287798066); all
    /// longitudes when the east-west extent is at least the world's width, otherwise west and
    /// east the longitudes of the westmost and eastmost eastings (equal up to whole turns) and the
    /// box as wide as the extent, across the antimeridian where the extent holds it. Returns the
    /// largest difference in degrees, or nil when the box is of the wrong kind.
    static func boundsError(
        _ box: CoordinateBounds, _ extremes: (west: Double, east: Double, south: Double, north: Double)
    ) -> Double? {
        let half = Kit.world / 2, clamp = 85.0511287798066
        let north = min(max(Kit.formulaLatitude(min(extremes.north, half)), -clamp), clamp)
        let south = min(max(Kit.formulaLatitude(max(extremes.south, -half)), -clamp), clamp)
        var error = max(abs(box.north - north), abs(box.south - south))
        let width = extremes.east - extremes.west
        // An extent within rounding of the world's width may come out either way.
        if abs(width - Kit.world) <= Kit.world * 1e-12 { return error }
        if width >= Kit.world { return box.spansAllLongitudes ? error : nil }
        if box.spansAllLongitudes { return nil }
        let west = Kit.formulaLongitude(extremes.west), east = Kit.formulaLongitude(extremes.east)
        error = max(error, abs(longitudeDifference(box.west, west)), abs(longitudeDifference(box.east, east)),
                    abs(box.longitudeWidthDegrees - (east - west)))
        // Across the antimeridian exactly when the extent holds it (edges within the tolerance
        // of it may land on either side).
        let crossing = (extremes.east / Kit.world + 0.5).rounded(.down) != (extremes.west / Kit.world + 0.5).rounded(.down)
        let onEdge = min(abs(abs(box.west) - 180), abs(abs(box.east) - 180)) <= boundsDegrees
        if !onEdge && box.crossesAntimeridian != crossing { return nil }
        return error
    }

    @Test("visibleBounds and unobstructedVisibleBounds of rotated cameras agree within 1e-9 degrees with DESIGN.md's screen transform inverted in closed form (the bounding box of the rotated rectangle's corners and edges, closed-form inverse Mercator, clamped at +-85.0511287798066, all longitudes from a world's width on): bearings 30, 90, 180, -135 and more, zooms 2 to 20, near +-180 and the poles, with insets; then 2 000 random cameras (property)")
    func visibleBoundsMatchFormula() throws {
        var worst = 0.0, cases = 0, crossing = 0, allLongitudes = 0, atWorldEdge = 0
        // nil when both boxes agree with the formula, otherwise what is wrong.
        func check(_ camera: MercatorCamera) -> String? {
            let insets = camera.effectiveInsets
            let rectangles = [
                ("visibleBounds", camera.visibleBounds,
                 Kit.formulaExtremes(camera, minX: 0, minY: 0, maxX: camera.widthPoints, maxY: camera.heightPoints)),
                ("unobstructedVisibleBounds", camera.unobstructedVisibleBounds, Kit.formulaExtremes(
                    camera, minX: insets.left, minY: insets.top,
                    maxX: camera.widthPoints - insets.right, maxY: camera.heightPoints - insets.bottom)),
            ]
            var failure: String?
            for (name, box, extremes) in rectangles {
                cases += 1
                if box.crossesAntimeridian { crossing += 1 }
                if box.spansAllLongitudes { allLongitudes += 1 }
                if box.north == 85.0511287798066 || box.south == -85.0511287798066 { atWorldEdge += 1 }
                guard let error = Self.boundsError(box, extremes) else {
                    failure = "\(name) \(box) is not the formula's box of \(extremes)"
                    continue
                }
                worst = max(worst, error)
                if error > Self.boundsDegrees { failure = "\(name) \(box) off by \(error) degrees" }
            }
            return failure
        }
        let centers: [(Double, Double)] = [(0, 0), (60.2, 179.99), (-45, -179.999), (-17.7, 180), (84.9, 10),
                                           (-85, 179.9), (85.0511287798066, -180), (78, -170), (-70, 0.001)]
        let screens: [(Double, Double)] = [(390, 844), (844, 390), (2_000, 1_200)]
        let insetsList = [ScreenInsets.zero, try ScreenInsets(top: 47, bottom: 34), try ScreenInsets(top: 120, left: 200, bottom: 30, right: 10)]
        for (latitude, longitude) in centers {
            for zoom in [2.0, 3.5, 7, 12, 16.3, 20] {
                for bearing in [30.0, 90, 180, -135, 0, -90, 47.3] {
                    for (width, height) in screens {
                        for insets in insetsList {
                            var camera = try MercatorCamera(
                                center: Coordinate(latitude: latitude, longitude: longitude), zoom: zoom,
                                widthPoints: width, heightPoints: height)
                            try camera.setInsets(insets)
                            try camera.jump(bearing: bearing)
                            if let failure = check(camera) {
                                Issue.record("(\(latitude), \(longitude)) zoom \(zoom) bearing \(bearing) \(width) x \(height) \(insets): \(failure)")
                            }
                        }
                    }
                }
            }
        }
        try forAll(count: 2_000, seed: 9_010, Kit.uniforms) { u in
            let width = 100 * pow(30, u[3]), height = 100 * pow(30, u[4])
            let camera = try Kit.camera(u, width: width, height: height, zoom: 2 + 18 * u[2], nearPole: u[11] < 0.5)
            return check(camera) == nil
        }
        // Every kind of box the meaning distinguishes, many times over.
        #expect(crossing > 100 && allLongitudes > 50 && atWorldEdge > 100,
                "\(cases) boxes: \(crossing) across the antimeridian, \(allLongitudes) of all longitudes, \(atWorldEdge) on the world's edge; worst \(worst) degrees")
    }

    // MARK: - Round trips

    @Test("rotate(d, around: A) then rotate(-d, around: A) gives == the original camera, for random d (up to 100 turns), anchors, bearings and insets, wherever no constraint moved the view (property, 10 000 cameras)")
    func rotateAndBack() throws {
        var tested = 0
        try forAll(count: Self.count, seed: 9_007, Kit.uniforms) { u in
            let width = 100 * pow(30, u[3]), height = 100 * pow(30, u[4])
            var camera = try Kit.camera(u, width: width, height: height, zoom: 22 * u[2])
            // A gesture first, so that the state is one a user reached.
            camera.pan(dx: (u[11] - 0.5) * width, dy: (u[12] - 0.5) * height)
            let original = camera
            let degrees = (u[13] - 0.5) * (u[14] < 0.1 ? 72_000 : 720)
            let anchor = ScreenPoint(x: (u[15] * 3 - 1) * width, y: (u[16] * 3 - 1) * height)
            guard Kit.worldEdgeMargin(camera) > 1e-3 else { return true }
            camera.rotate(degrees: degrees, around: anchor)
            guard Kit.worldEdgeMargin(camera) > 1e-3 else { return true }
            tested += 1
            camera.rotate(degrees: -degrees, around: anchor)
            return camera == original
        }
        #expect(tested > Self.count * 7 / 10, "only \(tested) rotations away from the world's edge")
    }

    @Test("resize and back gives == the original camera at random bearings and insets, insets too large for the intermediate size included, a rotation in progress included; the effective insets leave a point each way (property, 10 000 cameras)")
    func resizeAndBack() throws {
        var squeezed = 0
        try forAll(count: Self.count, seed: 9_008, Kit.uniforms) { u in
            let width = 100 * pow(30, u[3]), height = 100 * pow(30, u[4])
            var camera = try Kit.camera(u, width: width, height: height, zoom: 22 * u[2])
            camera.pan(dx: (u[11] - 0.5) * width, dy: (u[12] - 0.5) * height)
            if u[13] < 0.3 {
                camera.rotate(degrees: (u[14] - 0.5) * 90, around: ScreenPoint(x: u[15] * width, y: u[16] * height))
            }
            let original = camera
            let smallWidth = pow(10, 3.5 * u[17]), smallHeight = pow(10, 3.5 * u[18])
            camera.resize(widthPoints: smallWidth, heightPoints: smallHeight)
            let insets = camera.effectiveInsets
            if insets != camera.insets { squeezed += 1 }
            guard smallWidth - insets.left - insets.right >= 1 - 1e-9, smallHeight - insets.top - insets.bottom >= 1 - 1e-9,
                  Kit.isValid(camera)
            else { return false }
            camera.resize(widthPoints: height, heightPoints: width)
            guard Kit.isValid(camera) else { return false }
            camera.resize(widthPoints: width, heightPoints: height)
            return camera == original
        }
        #expect(squeezed > Self.count / 10, "only \(squeezed) resizes squeezed the insets")
    }

    @Test("a resize does not end a rotation run (the docs said any other change did): turned by 10 degrees about (600, 250) in landscape at zoom 1.5, resized to portrait (which raises the zoom to 1.81) and back, the map rotates back to the camera bit for bit; the run ended there, it comes back 2.3e-10 m off")
    func resizeKeepsRotationRun() throws {
        let start = try MercatorCamera(center: Coordinate(latitude: 5, longitude: 2.3522), zoom: 1.5, widthPoints: 844, heightPoints: 390)
        let anchor = ScreenPoint(x: 600, y: 250)
        var camera = start
        camera.rotate(degrees: 10, around: anchor)
        camera.resize(widthPoints: 390, heightPoints: 844)
        #expect(isClose(camera.zoom, 1.812, within: 1e-3), "the portrait view moved: zoom \(camera.zoom)")
        camera.resize(widthPoints: 844, heightPoints: 390)
        camera.rotate(degrees: -10, around: anchor)
        #expect(camera == start)
        // A jump to the same view ends the run: rotating back is then exact only to rounding.
        var ended = start
        ended.rotate(degrees: 10, around: anchor)
        try ended.jump(zoom: ended.zoom)
        ended.rotate(degrees: -10, around: anchor)
        #expect(ended != start)
        #expect(Kit.distance(ended.point(for: start.centerMercator), ended.focalPoint, in: ended) < 1e-6)
    }

    // MARK: - Helpers

    @Test("MapBearing: sinCos is exact at every multiple of 90 degrees; wrapped(-180) = 180, wrapped(540) = 180, wrapped(-0) = +0, and wrapping keeps the direction")
    func bearingHelpers() throws {
        let exact: [(Double, Double)] = [(0, 1), (1, 0), (0, -1), (-1, 0)]
        for quarter in -12...12 {
            let (sin, cos) = MapBearing.sinCos(degrees: Double(quarter) * 90)
            let expected = exact[((quarter % 4) + 4) % 4]
            #expect(sin == expected.0 && cos == expected.1, "\(quarter * 90) degrees: (\(sin), \(cos))")
        }
        #expect(MapBearing.wrapped(-180) == 180)
        #expect(MapBearing.wrapped(540) == 180)
        #expect(MapBearing.wrapped(-540) == 180)
        #expect(MapBearing.wrapped(180) == 180)
        let zero = MapBearing.wrapped(-0.0)
        #expect(zero == 0 && zero.sign == .plus)
        #expect(MapBearing.wrapped(-360).sign == .plus)
        forAll(count: 2_000, seed: 9_012, Gen<Double>.double(in: -1...1)) { v in
            let degrees = v * pow(10, abs(v) * 8)
            let wrapped = MapBearing.wrapped(degrees)
            // In (-180, 180], a whole number of turns away.
            let turns = (degrees - wrapped) / 360
            return wrapped > -180 && wrapped <= 180 && isClose(turns, turns.rounded(), within: 1e-9 * max(1, abs(turns)))
        }
    }

    @Test("RotationDeadZone.maplibre passes at 25 points of arc (50 / d radians for fingers d points apart) and not below; openLayers at 0.3 radians; none at any turn")
    func deadZone() throws {
        let zone = RotationDeadZone.maplibre
        #expect(zone.arcLengthPoints == 25)
        for distance in [50.0, 64, 100, 150, 200, 256, 300, 390, 512, 844, 1_000] {
            let angle = 50 / distance
            #expect(zone.isPassed(rotationRadians: angle, fingerDistancePoints: distance), "d = \(distance)")
            #expect(zone.isPassed(rotationRadians: -angle, fingerDistancePoints: distance), "d = \(distance), counter-clockwise")
            #expect(!zone.isPassed(rotationRadians: angle * (1 - 1e-9), fingerDistancePoints: distance), "d = \(distance)")
        }
        #expect(RotationDeadZone.openLayers.isPassed(rotationRadians: 0.3, fingerDistancePoints: 10))
        #expect(!RotationDeadZone.openLayers.isPassed(rotationRadians: 0.299, fingerDistancePoints: 10_000))
        #expect(RotationDeadZone.none.isPassed(rotationRadians: 1e-9, fingerDistancePoints: 100))
        #expect(!RotationDeadZone.none.isPassed(rotationRadians: 0, fingerDistancePoints: 100))
        #expect(!zone.isPassed(rotationRadians: .nan, fingerDistancePoints: 100))
        #expect(throws: GeometryError.self) { try RotationDeadZone(arcLengthPoints: -1) }
        #expect(throws: GeometryError.self) { try RotationDeadZone(angleRadians: .nan) }
    }

    @Test("NorthSnap.default snaps 6.9 and -7 degrees to 0 but not 7.1; bearings are wrapped first")
    func northSnap() throws {
        let snap = NorthSnap.default
        #expect(snap.withinDegrees == 7)
        #expect(snap.snapped(6.9) == 0)
        #expect(snap.snapped(-7) == 0)
        #expect(snap.snapped(7) == 0)
        #expect(snap.snapped(7.1) == 7.1)
        #expect(snap.snapped(-7.1) == -7.1)
        #expect(snap.snapped(353) == 0)
        #expect(snap.snapped(352.5) == -7.5)
        #expect(throws: GeometryError.self) { try NorthSnap(withinDegrees: 181) }
    }

    @Test("NorthSnap(withinDegrees: 200)'s error says what it expects: a finite number of degrees in [0, 180], not 'a finite number >= 0', which 200 is; the dead zone's arc length and angle keep >= 0")
    func northSnapErrorNamesItsRange() throws {
        do {
            _ = try NorthSnap(withinDegrees: 200)
            Issue.record("NorthSnap(withinDegrees: 200) was accepted")
        } catch {
            #expect(error == .invalidDeadZone(name: "north snap", value: 200))
            #expect(error.description == "north snap 200.0 is out of range: expected a finite number of degrees in [0, 180]")
        }
        do {
            _ = try NorthSnap(withinDegrees: -1)
            Issue.record("NorthSnap(withinDegrees: -1) was accepted")
        } catch {
            #expect(error.description == "north snap -1.0 is out of range: expected a finite number of degrees in [0, 180]")
        }
        do {
            _ = try RotationDeadZone(arcLengthPoints: -1)
            Issue.record("RotationDeadZone(arcLengthPoints: -1) was accepted")
        } catch {
            #expect(error.description == "arc length -1.0 is out of range: expected a finite number >= 0")
        }
    }

    @Test("NorthSnap's recipe when no inertia follows, jump(bearing: snapped(bearing)), leaves the map exactly north up, also in the middle of a rotation run (113.01 turned by 253.37 and 214.35 about one anchor: 5.29), about the focal point (a sheet's insets shifting it)")
    func northSnapRecipeWithoutInertia() throws {
        var camera = try MercatorCamera(
            center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 14, widthPoints: 390, heightPoints: 844)
        try camera.setInsets(ScreenInsets(top: 47, left: 0, bottom: 300, right: 0))
        try camera.jump(bearing: 113.01)
        let anchor = ScreenPoint(x: 120, y: 300)
        camera.rotate(degrees: 253.37, around: anchor)
        camera.rotate(degrees: 214.35, around: anchor)
        #expect(abs(camera.bearing) <= 7 && camera.bearing != 0, "\(camera.bearing)")
        let focal = camera.focalPoint
        let place = try camera.coordinate(at: focal)
        try camera.jump(bearing: NorthSnap.default.snapped(camera.bearing))
        #expect(camera.bearing == 0)
        // About the focal point: the place under it stays (to 1e-6 points).
        let point = camera.point(for: place)
        #expect(isClose(point.x, focal.x, within: 1e-6) && isClose(point.y, focal.y, within: 1e-6), "\(point) vs \(focal)")
    }
}
