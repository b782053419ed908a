import Foundation
import GeoMath
import PropertyBased
import Testing
import TestSupport

@testable import Projection

/// Camera bounds (viewport and center modes, across the antimeridian, zooming in when the box
/// is smaller than the viewport, the maximum zoom when even that is not enough), edge insets
/// (validation, keep center or content, and back), and restoring saved cameras with bearing,
/// insets, bounds and a rotation in progress. Issue 9 (CONTRACTS.md).
@Suite("Camera bounds and insets")
struct CameraBoundsTests {
    typealias Kit = RotatedCameraKit
    static let world = Kit.world

    // MARK: - Boxes in Mercator metres

    /// A box in Web Mercator metres by the closed form (EPSG 7-2; an independent reference
    /// for the camera's PROJ path): west < east, east unwrapped past west across the
    /// antimeridian.
    struct MercatorBox {
        var west, east, south, north: Double
        var allLongitudes: Bool
        var middle: Double { (west + east) / 2 }

        init(_ box: CoordinateBounds) {
            south = closedFormMercator(latitude: box.south, longitude: 0).y
            north = closedFormMercator(latitude: box.north, longitude: 0).y
            allLongitudes = box.spansAllLongitudes
            west = allLongitudes ? -CameraBoundsTests.world / 2 : closedFormMercator(latitude: 0, longitude: box.west).x
            east = allLongitudes ? CameraBoundsTests.world / 2 : closedFormMercator(latitude: 0, longitude: box.east).x
            if box.crossesAntimeridian { east += CameraBoundsTests.world }
        }

        /// Whether a Mercator point (easting on any world copy) lies in the box within `tolerance` metres.
        func contains(x: Double, y: Double, within tolerance: Double) -> Bool {
            guard y >= south - tolerance, y <= north + tolerance else { return false }
            if allLongitudes { return true }
            let offset = (x - middle).remainder(dividingBy: CameraBoundsTests.world)
            return offset >= west - middle - tolerance && offset <= east - middle + tolerance
        }
    }

    /// Whether the whole viewport (its 4 corners: the box is convex in Mercator) is inside the
    /// box within 1e-6 points.
    static func viewportInside(_ camera: MercatorCamera, _ box: MercatorBox) -> Bool {
        let tolerance = 1e-6 / camera.pointsPerMercatorMeter
        return Kit.corners(camera).allSatisfy { corner in
            let (x, y) = Kit.unclamped(camera, corner)
            return box.contains(x: x, y: y, within: tolerance)
        }
    }

    /// Whether the focal point's place is inside the box within 1e-6 points.
    static func centerInside(_ camera: MercatorCamera, _ box: MercatorBox) -> Bool {
        let center = camera.centerMercator
        return box.contains(x: center.x, y: center.y, within: 1e-6 / camera.pointsPerMercatorMeter)
    }

    /// The lowest zoom at which the rotated viewport fits the box: its north-south extent
    /// |sin b| w + |cos b| h and east-west extent |cos b| w + |sin b| h against the box's.
    static func neededZoom(_ camera: MercatorCamera, _ box: MercatorBox) -> Double {
        let (sin, cos) = MapBearing.sinCos(degrees: camera.bearing)
        let w = camera.widthPoints, h = camera.heightPoints
        var scale = (abs(sin) * w + abs(cos) * h) / (box.north - box.south)
        if !box.allLongitudes { scale = max(scale, (abs(cos) * w + abs(sin) * h) / (box.east - box.west)) }
        return log2(scale * world / 256)
    }

    /// A box from six uniforms: 0.5 to 40 degrees of latitude within -75...75, 0.5 to 120
    /// degrees of longitude; four in ten cross the antimeridian; one in twenty is about a
    /// centimetre across (too small for the maximum zoom).
    static func box(_ u: ArraySlice<Double>) throws -> CoordinateBounds {
        let u = Array(u)
        let tiny = u[4] < 0.05
        let latitudeSpan = tiny ? 1e-7 : 0.5 * pow(80, u[0])
        let south = -75 + (150 - latitudeSpan) * u[1]
        let longitudeSpan = tiny ? 1e-7 : 0.5 * pow(240, u[2])
        let west = u[5] < 0.4 ? 180 - longitudeSpan * (0.05 + 0.9 * u[3]) : -180 + (360 - longitudeSpan) * u[3]
        var east = west + longitudeSpan
        if east > 180 { east -= 360 }
        return try CoordinateBounds(south: south, north: south + latitudeSpan, west: west, east: east)
    }

    /// One random gesture from four uniforms: a pan of up to three screens, a pinch out, a
    /// rotation, a pinch-rotate with a pan, or a pinch in.
    static func gesture(_ camera: inout MercatorCamera, _ u: ArraySlice<Double>) {
        let u = Array(u)
        let w = camera.widthPoints, h = camera.heightPoints
        let anchor = ScreenPoint(x: u[1] * w, y: u[2] * h)
        switch Int(u[0] * 5) {
        case 0: camera.pan(dx: (u[3] - 0.5) * 6 * w, dy: (u[1] - 0.5) * 6 * h)
        case 1: camera.pinch(scale: exp2(-6 * u[3]), anchor: anchor)
        case 2: camera.rotate(degrees: (u[3] - 0.5) * 360, around: anchor)
        case 3: camera.pinchRotate(scale: exp2((u[3] - 0.5) * 4), degrees: (u[3] - 0.5) * 90, anchor: anchor, dx: (u[2] - 0.5) * w, dy: (u[1] - 0.5) * h)
        default: camera.pinch(scale: exp2(4 * u[3]), anchor: anchor)
        }
    }

    // MARK: - Viewport and center modes

    @Test("viewport bounds: after random pans, pinches out, rotations and pinch-rotates at random bearings, the viewport's 4 corners stay inside the box (1e-6 points), for ordinary and antimeridian-crossing boxes; a box needing more than the maximum zoom keeps the maximum zoom and the center inside (property, 2 000 cameras, 6 gestures each)")
    func viewportModeKeepsCorners() throws {
        var crossing = 0, tooSmall = 0, zoomedIn = 0, outside = 0
        try forAll(count: 2_000, seed: 9_201, Kit.uniforms) { u in
            let width = 100 * pow(30, u[3]), height = 100 * pow(30, u[4])
            var camera = try Kit.camera(u, width: width, height: height, zoom: 22 * u[2])
            let coordinates = try Self.box(u[11..<17])
            let box = MercatorBox(coordinates)
            if coordinates.crossesAntimeridian { crossing += 1 }
            let zoomBefore = camera.zoom
            camera.setBounds(CameraBounds(coordinates))
            if camera.zoom > zoomBefore { zoomedIn += 1 }
            var holds = true
            for step in 0...6 {
                if step > 0 { Self.gesture(&camera, u[(13 + 4 * step)..<(17 + 4 * step)]) }
                let needed = Self.neededZoom(camera, box)
                let inside: Bool
                if needed > camera.limits.maximumZoom {
                    if step == 0 { tooSmall += 1 }
                    inside = camera.zoom == camera.limits.maximumZoom && Self.centerInside(camera, box)
                } else {
                    inside = camera.zoom >= needed - 1e-9 && Self.viewportInside(camera, box)
                }
                if !inside { outside += 1 }
                if !inside && outside <= 5 {
                    let center = camera.centerMercator
                    Issue.record("step \(step): zoom \(camera.zoom) (needed \(needed)), bearing \(camera.bearing), insets \(camera.insets), center \(center) vs box x \(box.west)...\(box.east), y \(box.south)...\(box.north) (\(coordinates))")
                }
                holds = holds && inside && Kit.isValid(camera)
            }
            return holds
        }
        #expect(outside == 0, "\(outside) states outside the bounds")
        #expect(crossing > 400 && tooSmall > 30 && zoomedIn > 200, "\(crossing) across the antimeridian, \(tooSmall) too small, \(zoomedIn) zoomed in")
    }

    @Test("center bounds keep only the focal point's place inside the box, after random gestures at random bearings (property, 2 000 cameras, 6 gestures each)")
    func centerModeKeepsCenter() throws {
        var cornerOutside = 0, outside = 0
        try forAll(count: 2_000, seed: 9_202, Kit.uniforms) { u in
            let width = 100 * pow(30, u[3]), height = 100 * pow(30, u[4])
            var camera = try Kit.camera(u, width: width, height: height, zoom: 22 * u[2])
            let coordinates = try Self.box(u[11..<17])
            let box = MercatorBox(coordinates)
            camera.setBounds(CameraBounds(coordinates, mode: .center))
            var holds = true
            for step in 0...6 {
                if step > 0 { Self.gesture(&camera, u[(13 + 4 * step)..<(17 + 4 * step)]) }
                if !Self.viewportInside(camera, box) { cornerOutside += 1 }
                if !Self.centerInside(camera, box) { outside += 1 }
                if !Self.centerInside(camera, box) && outside <= 5 {
                    let center = camera.centerMercator
                    Issue.record("step \(step): center \(center) (\(camera.center)) outside \(coordinates) = x \(box.west)...\(box.east), y \(box.south)...\(box.north); zoom \(camera.zoom), world-edge margin \(Kit.worldEdgeMargin(camera)) points")
                }
                holds = holds && Self.centerInside(camera, box) && Kit.isValid(camera)
            }
            return holds
        }
        #expect(outside == 0, "\(outside) states with the center outside the bounds")
        // Only the center is held: the viewport often reaches beyond the box.
        #expect(cornerOutside > 2_000, "\(cornerOutside) states with a corner outside")
    }

    @Test("bounds smaller than the viewport zoom in exactly until the rotated viewport fits them; bounds needing more than the maximum zoom keep the maximum zoom and the focal point's place inside (at the middle without insets)")
    func smallBounds() throws {
        let paris = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        for bearing in [0.0, 30, 90, -135] {
            var camera = try MercatorCamera(center: paris, zoom: 3, widthPoints: 390, heightPoints: 844)
            try camera.setInsets(ScreenInsets(top: 47, left: 0, bottom: 300, right: 0))
            try camera.jump(bearing: bearing)
            let coordinates = try CoordinateBounds(south: 48.5, north: 49.5, west: 1.8, east: 2.8)
            let box = MercatorBox(coordinates)
            camera.setBounds(CameraBounds(coordinates))
            let needed = Self.neededZoom(camera, box)
            #expect(needed > 3 && isClose(camera.zoom, needed, within: 1e-9), "bearing \(bearing): zoom \(camera.zoom), needed \(needed)")
            #expect(Self.viewportInside(camera, box), "bearing \(bearing)")
            // Pinching out cannot go below it.
            camera.pinch(scale: 0.25, anchor: ScreenPoint(x: 100, y: 100))
            #expect(isClose(camera.zoom, needed, within: 1e-9) && Self.viewportInside(camera, box))

            // A box about 1 cm across: even zoom 22 shows more than it. The maximum zoom, and
            // the focal point's place inside the box (with insets the viewport's middle is
            // not the focal point, so only the viewport can be centred on the box).
            let tiny = try CoordinateBounds(south: 48.8566, north: 48.8566001, west: 2.3522, east: 2.3522001)
            let tinyBox = MercatorBox(tiny)
            camera.setBounds(CameraBounds(tiny))
            #expect(camera.zoom == camera.limits.maximumZoom && Self.centerInside(camera, tinyBox), "bearing \(bearing)")
            // Panning does not move it off.
            camera.pan(dx: 120, dy: -80)
            #expect(camera.zoom == camera.limits.maximumZoom && Self.centerInside(camera, tinyBox), "bearing \(bearing)")
            // Without insets the focal point is the viewport's middle: at the box's middle.
            try camera.setInsets(.zero)
            let middle = (x: tinyBox.middle, y: (tinyBox.south + tinyBox.north) / 2)
            let tolerance = 1e-6 / camera.pointsPerMercatorMeter
            #expect(isClose(camera.centerMercator.x, middle.x, within: tolerance) && isClose(camera.centerMercator.y, middle.y, within: tolerance), "bearing \(bearing)")
        }
    }

    @Test("inside a box across the antimeridian (170 E to 170 W) the map pans across +-180 point for point, at bearings 0 and 30, until the viewport reaches the box's edge")
    func antimeridianBoundsPan() throws {
        let coordinates = try CoordinateBounds(south: -20, north: 20, west: 170, east: -170)
        let box = MercatorBox(coordinates)
        for bearing in [0.0, 30] {
            var camera = try MercatorCamera(
                center: Coordinate(latitude: 0, longitude: 176), zoom: 8, widthPoints: 390, heightPoints: 844)
            try camera.jump(bearing: bearing)
            camera.setBounds(CameraBounds(coordinates))
            #expect(Self.viewportInside(camera, box))
            var crossed = false, moves = 0
            // Fingers drag the content west along the map's own east axis (so the view moves
            // east), 30 points at a time.
            let (sin, cos) = MapBearing.sinCos(degrees: camera.bearing)
            let dx = -30 * cos, dy = 30 * sin
            for _ in 0..<200 {
                let before = camera
                let place = camera.centerMercator
                camera.pan(dx: dx, dy: dy)
                #expect(Self.viewportInside(camera, box))
                if camera == before { break }
                moves += 1
                if before.center.longitude > 0 && camera.center.longitude < 0 { crossed = true }
                // Away from the edge the place that was at the focal point moved by the pan exactly.
                if Self.viewportInside(before, box) && camera.centerMercator != before.centerMercator {
                    let moved = camera.point(for: place)
                    let expected = ScreenPoint(x: camera.focalPoint.x + dx, y: camera.focalPoint.y + dy)
                    let stoppedByEdge = Kit.distance(moved, expected, in: camera) > 1e-6
                    if stoppedByEdge {
                        // Only the box's east edge may stop it: the viewport then touches it.
                        let reach = Kit.corners(camera).map { Kit.unclamped(camera, $0).x }
                        let east = reach.map { ($0 - box.middle).remainder(dividingBy: Self.world) }.max() ?? 0
                        #expect(isClose(east, box.east - box.middle, within: 1e-6 / camera.pointsPerMercatorMeter), "bearing \(bearing)")
                    }
                }
            }
            #expect(crossed, "bearing \(bearing): the view never crossed +-180")
            // From 176 E to where the viewport meets the east edge is about 12 degrees: some 70 pans of 30 points at zoom 8.
            #expect(moves > 20, "bearing \(bearing): only \(moves) pans moved the view")
            // And back west across +-180.
            let east = camera.center.longitude
            for _ in 0..<60 { camera.pan(dx: -dx, dy: -dy) }
            #expect(east < 0 && camera.center.longitude > 170, "bearing \(bearing): back at \(camera.center.longitude)")
            #expect(Self.viewportInside(camera, box))
        }
    }

    @Test("BAD_INPUTS row 103: a move east of more than half a world beyond the box stops at the box's east edge (pan, pinch-rotate, a throw's every state), never at its west edge")
    func farMovesStopAtTheEdgeTheyMeet() throws {
        // Paris in a center-mode box, at zoom 3 (the world 2 048 points wide, the box 5).
        let paris = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        let box = try CoordinateBounds(south: 48.5, north: 49.2, west: 1.9, east: 2.8)
        var camera = try MercatorCamera(center: paris, zoom: 3, widthPoints: 390, heightPoints: 844)
        camera.setBounds(CameraBounds(box, mode: .center))
        // The fingers drag the content 1 100 points west: the view moves east, 193 degrees.
        // (It landed on the west edge, 1.9: the box's copy there was nearer than the east one.)
        for dx in [-900.0, -1_100, -2_000, -5_000, -1e12] {
            var panned = camera
            panned.pan(dx: dx, dy: 0)
            #expect(isClose(panned.center.longitude, 2.8, within: 1e-9), "pan \(dx): \(panned.center.longitude)")
            var pinched = camera
            pinched.pinchRotate(scale: 1.01, degrees: 0, anchor: camera.focalPoint, dx: dx, dy: 0)
            #expect(isClose(pinched.center.longitude, 2.8, within: 1e-9), "pinchRotate \(dx): \(pinched.center.longitude)")
        }
        // A 3 000 points-per-second throw east (UIKit's normal rate: 1 498.5 points) rests at
        // the east edge, and no state of it goes back west. (It reached the east edge at once,
        // stayed there, and rested on the west edge, 0.9 degrees back, at its last frame.)
        let inertia = try CameraInertia(from: camera, velocity: GestureVelocity(x: -3_000, y: 0))
        #expect(isClose(inertia.rest.center.longitude, 2.8, within: 1e-9), "rest \(inertia.rest.center.longitude)")
        let pinchThrow = try CameraInertia(from: camera, velocity: GestureVelocity(x: -3_000, y: 0, zoomLevelsPerSecond: 0.5))
        #expect(isClose(pinchThrow.rest.center.longitude, 2.8, within: 1e-9), "pinch throw rest \(pinchThrow.rest.center.longitude)")
        var longitude = camera.center.longitude
        for k in 1...100 {
            let now = inertia.state(atSeconds: 2 * Double(k) / 100).center.longitude
            #expect(now >= longitude - 1e-12, "t = \(2 * Double(k) / 100): \(now) after \(longitude)")
            longitude = now
        }
        // A pinch about a point 1 500 points east of the focal point of a screen wider than the
        // world (2 048 points here): zooming in one level moves the center 750 points east, to
        // the east edge (the zoom's offsets, reduced by whole worlds, must not flip its side).
        var wide = try MercatorCamera(center: paris, zoom: 3, widthPoints: 4_000, heightPoints: 844)
        wide.setBounds(CameraBounds(box, mode: .center))
        wide.pinch(scale: 2, anchor: ScreenPoint(x: wide.focalPoint.x + 1_500, y: wide.focalPoint.y))
        #expect(isClose(wide.center.longitude, 2.8, within: 1e-9), "wide pinch: \(wide.center.longitude)")
        // Across the antimeridian too: a box from 170 E to 170 W, the view thrown west.
        var pacific = try MercatorCamera(center: Coordinate(latitude: 0, longitude: -175), zoom: 2, widthPoints: 390, heightPoints: 844)
        pacific.setBounds(CameraBounds(try CoordinateBounds(south: -10, north: 10, west: 170, east: -170), mode: .center))
        pacific.pan(dx: 700, dy: 0)
        #expect(isClose(pacific.center.longitude, 170, within: 1e-9), "antimeridian box: \(pacific.center.longitude)")
    }

    // MARK: - Insets

    @Test("insets and back with keep .center, and bounds then clear, give == the original camera at random bearings and insets (property, 10 000 cameras)")
    func insetsAndBoundsRoundTrip() throws {
        try forAll(count: 10_000, seed: 9_203, Kit.uniforms) { u in
            let width = 100 * pow(30, u[3]), height = 100 * pow(30, u[4])
            var camera = try Kit.camera(u, width: width, height: height, zoom: 22 * u[2])
            camera.pan(dx: (u[11] - 0.5) * width, dy: (u[12] - 0.5) * height)
            let original = camera
            let other = try Kit.insets(Array(u[13..<24]), width: width, height: height)
            try camera.setInsets(other, keeping: .center)
            guard Kit.isValid(camera) else { return false }
            try camera.setInsets(original.insets, keeping: .center)
            guard camera == original else { return false }
            let box = try Self.box(u[24..<30])
            camera.setBounds(CameraBounds(box, mode: u[30] < 0.5 ? .viewport : .center))
            guard Kit.isValid(camera) else { return false }
            camera.setBounds(nil)
            return camera == original
        }
    }

    @Test("insets with keep .content leave every place on screen where it was (1e-6 points) unless the world's edge moves the view; keep .center keeps the center coordinate at the new focal point (property, 10 000 changes)")
    func insetsKeepContentOrCenter() throws {
        var tested = 0
        try forAll(count: 10_000, seed: 9_204, Kit.uniforms) { u in
            let width = 100 * pow(30, u[3]), height = 100 * pow(30, u[4])
            var camera = try Kit.camera(u, width: width, height: height, zoom: 22 * u[2])
            let other = try Kit.insets(Array(u[13..<24]), width: width, height: height)
            var centred = camera
            try centred.setInsets(other, keeping: .center)
            // keep .center: the same place at the new focal point, unless the edge moved it.
            if Kit.worldEdgeMargin(camera) > 1e-3 && Kit.worldEdgeMargin(centred) > 1e-3 {
                let s = camera.pointsPerMercatorMeter
                let dX = WebMercator.nearestCopyOffset(centred.centerMercator.x - camera.centerMercator.x) * s
                let dY = (centred.centerMercator.y - camera.centerMercator.y) * s
                guard abs(dX) <= 1e-6, abs(dY) <= 1e-6, centred.zoom == camera.zoom else { return false }
            }
            let screen = [(u[24], u[25]), (u[26], u[27]), (u[28], u[29])].map { ScreenPoint(x: $0 * width, y: $1 * height) }
            let places = try screen.map { try camera.mercatorPoint(at: $0) }
            try camera.setInsets(other, keeping: .content)
            guard camera.insets == other, Kit.isValid(camera) else { return false }
            guard Kit.worldEdgeMargin(camera) > 1e-3 else { return true }
            tested += 1
            return zip(screen, places).allSatisfy { point, place in
                Kit.distance(camera.point(for: place), point, in: camera) <= 1e-6
            }
        }
        #expect(tested > 8_000)
    }

    @Test("insets are validated: negative or non-finite values, or insets leaving less than a point, throw and leave the camera unchanged; a resize never fails because of insets")
    func insetsValidation() throws {
        for values in [(-1.0, 0.0, 0.0, 0.0), (0, .nan, 0, 0), (0, 0, .infinity, 0), (0, 0, 0, -0.5)] {
            #expect(throws: GeometryError.self, "\(values)") {
                try ScreenInsets(top: values.0, left: values.1, bottom: values.2, right: values.3)
            }
        }
        var camera = try MercatorCamera(
            center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 12, widthPoints: 390, heightPoints: 844)
        try camera.jump(bearing: 20)
        let original = camera
        for insets in [try ScreenInsets(left: 200, right: 190), try ScreenInsets(top: 844), try ScreenInsets(top: 500, bottom: 343.5)] {
            #expect(throws: GeometryError.self, "\(insets)") { try camera.setInsets(insets) }
            #expect(throws: GeometryError.self, "\(insets)") {
                try camera.apply(.insets(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right, keeping: .content))
            }
            #expect(camera == original)
        }
        // Exactly one point left each way is allowed.
        try camera.setInsets(ScreenInsets(top: 500, left: 200, bottom: 343, right: 189))
        #expect(camera.focalPoint.x == 200.5 && camera.focalPoint.y == 500.5)
        // A resize to a smaller screen scales them down for it and restores them after.
        let set = camera
        camera.resize(widthPoints: 100, heightPoints: 100)
        #expect(camera.insets == set.insets)
        let effective = camera.effectiveInsets
        #expect(isClose(100 - effective.left - effective.right, 1, within: 1e-9) && isClose(100 - effective.top - effective.bottom, 1, within: 1e-9))
        camera.resize(widthPoints: 390, heightPoints: 844)
        #expect(camera == set)
    }

    @Test("BAD_INPUTS row 57: the effective insets of a screen smaller than its insets pass that screen's own validation: setInsets(camera.effectiveInsets) is accepted and changes nothing shown (top 1 000 and bottom 336 on an 844-point-tall screen summed to 843.0000000000001; property, 10 000 pairs)")
    func effectiveInsetsAreValidForTheirScreen() throws {
        let insets = try ScreenInsets(top: 1_000, left: 0, bottom: 336, right: 0)
        let effective = insets.effective(widthPoints: 390, heightPoints: 844)
        #expect(effective.top + effective.bottom <= 843)
        var camera = try MercatorCamera(
            center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 12, widthPoints: 844, heightPoints: 2000)
        try camera.setInsets(insets)
        camera.resize(widthPoints: 390, heightPoints: 844)
        let shown = (camera.centerMercator, camera.zoom, camera.focalPoint)
        try camera.setInsets(camera.effectiveInsets)
        #expect(camera.centerMercator == shown.0 && camera.zoom == shown.1)
        #expect(isClose(camera.focalPoint.x, shown.2.x, within: 1e-9) && isClose(camera.focalPoint.y, shown.2.y, within: 1e-9))
        var random = SeededRandom(seed: 0x1_45E7)
        var refused = 0
        for _ in 0..<10_000 {
            let width = 1 + 2_000 * random.uniform(), height = 1 + 2_000 * random.uniform()
            let requested = try ScreenInsets(
                top: 3_000 * random.uniform(), left: 3_000 * random.uniform(),
                bottom: 3_000 * random.uniform(), right: 3_000 * random.uniform())
            let e = requested.effective(widthPoints: width, heightPoints: height)
            if (try? e.validate(widthPoints: width, heightPoints: height)) == nil { refused += 1 }
            // Still exactly one point where they shrank (to rounding).
            if requested.left + requested.right > width - 1 { #expect(isClose(width - e.left - e.right, 1, within: 1e-9)) }
            if requested.top + requested.bottom > height - 1 { #expect(isClose(height - e.top - e.bottom, 1, within: 1e-9)) }
        }
        #expect(refused == 0, "\(refused) of 10 000 effective insets refused by their own screen")
    }

    @Test("BAD_INPUTS row 57: effective insets near the largest double on a screen a few points across pass that screen's validation (top and bottom 1.8e308 on a 1.08-point-tall screen summed to size - 1 plus 4e-16: the scale factor, 4.6e-310, was subnormal; property, 20 000 hostile pairs)")
    func hugeEffectiveInsetsAreValidOnTinyScreens() throws {
        let most = Double.greatestFiniteMagnitude
        let huge = try ScreenInsets(top: most, left: 0, bottom: most, right: 0)
        let height = 1.0824497509096274
        let e = huge.effective(widthPoints: 1921.1897684546518, heightPoints: height)
        #expect(e.top + e.bottom <= height - 1, "\(e.top) + \(e.bottom) against \(height - 1)")
        #expect(isClose(e.top, (height - 1) / 2, within: 1e-15) && isClose(e.bottom, (height - 1) / 2, within: 1e-15))
        var random = SeededRandom(seed: 0x7_1A5E)
        var refused = 0
        for _ in 0..<20_000 {
            func size() -> Double { random.uniform() < 0.5 ? 1 + 4 * random.uniform() : 1 + 2_000 * random.uniform() }
            func inset() -> Double {
                switch Int(random.uniform() * 5) {
                case 0: 0
                case 1: 3_000 * random.uniform()
                case 2: 1e308 * random.uniform()
                case 3: most
                default: Double.leastNonzeroMagnitude
                }
            }
            let width = size(), height = size()
            let requested = try ScreenInsets(top: inset(), left: inset(), bottom: inset(), right: inset())
            let e = requested.effective(widthPoints: width, heightPoints: height)
            if (try? e.validate(widthPoints: width, heightPoints: height)) == nil { refused += 1 }
            if requested.left / 2 + requested.right / 2 > (width - 1) / 2 { #expect(isClose(width - e.left - e.right, 1, within: 1e-9)) }
            if requested.top / 2 + requested.bottom / 2 > (height - 1) / 2 { #expect(isClose(height - e.top - e.bottom, 1, within: 1e-9)) }
        }
        #expect(refused == 0, "\(refused) of 20 000 effective insets refused by their own screen")
    }

    @Test("BAD_INPUTS row 57: on a 1-point screen, which leaves no room, insets of the smallest subnormal (5e-324) shrink to 0: compared by halves, which round to 0, they were kept, and validate refused the screen's own effective insets (left 5e-324 against 1 - 1 = 0); set on a 390-point camera, then resized to 1 point")
    func subnormalEffectiveInsetsOnAOnePointScreen() throws {
        let tiny = Double.leastNonzeroMagnitude
        for (a, b) in [(tiny, 0.0), (0.0, tiny), (tiny, tiny)] {
            let insets = try ScreenInsets(top: a, left: a, bottom: b, right: b)
            let e = insets.effective(widthPoints: 1, heightPoints: 1)
            #expect(throws: Never.self) { try e.validate(widthPoints: 1, heightPoints: 1) }
            #expect(e.left + e.right <= 0 && e.top + e.bottom <= 0, "\(e)")
            // A screen with room keeps them as they are.
            #expect(insets.effective(widthPoints: 1.0.nextUp, heightPoints: 2) == insets)
        }
        var camera = try MercatorCamera(center: MercatorPoint(x: 0, y: 0), zoom: 3, widthPoints: 390, heightPoints: 844)
        try camera.setInsets(ScreenInsets(left: tiny))
        camera.resize(widthPoints: 1, heightPoints: 844)
        #expect(throws: Never.self) { try camera.effectiveInsets.validate(widthPoints: 1, heightPoints: 844) }
        let shown = camera
        try camera.setInsets(camera.effectiveInsets)
        #expect(camera.centerMercator == shown.centerMercator && camera.zoom == shown.zoom)
    }

    @Test("camera bounds, like the world's edge, move the place under a pinch's anchor (the docs named the world's edge alone): Paris at zoom 14 in a viewport box, pinched out to 13 about (20, 40), directly and through a PinchGestureSession, keeps the viewport in the box and the place 112 points from the fingers")
    func boundsMovePinchAnchor() throws {
        var camera = try MercatorCamera(center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 14, widthPoints: 390, heightPoints: 844)
        let coordinates = try CoordinateBounds(south: 48.80, north: 48.90, west: 2.25, east: 2.45)
        camera.setBounds(CameraBounds(coordinates))
        let anchor = ScreenPoint(x: 20, y: 40)
        let place = try camera.coordinate(at: anchor)
        var pinched = camera
        pinched.pinch(scale: 0.5, anchor: anchor)
        var session = PinchGestureSession()
        var followed = camera
        #expect(session.update(.began, scale: 1, centroid: anchor, timestamp: 0, camera: &followed))
        #expect(session.update(.changed, scale: 0.5, centroid: anchor, timestamp: 0.016, camera: &followed))
        for result in [pinched, followed] {
            #expect(isClose(result.zoom, 13, within: 1e-12))
            #expect(Self.viewportInside(result, MercatorBox(coordinates)))
            let point = result.point(for: place)
            #expect(isClose(point.x, anchor.x, within: 1e-6) && isClose(point.y - anchor.y, 112.149, within: 1e-3), "\(point)")
        }
        // Without the bounds the place stays under the anchor.
        var free = camera
        free.setBounds(nil)
        free.pinch(scale: 0.5, anchor: anchor)
        let point = free.point(for: place)
        #expect(isClose(point.x, anchor.x, within: 1e-6) && isClose(point.y, anchor.y, within: 1e-6), "\(point)")
    }

    @Test("center-mode bounds near a pole raise the zoom (DESIGN's constraints named the viewport mode's alone): a box from 84 to 85 N takes a portrait phone from zoom 1.72 to the zoom at which the world's edge lets the center reach 84 N (5.75), the center on 84 N and the viewport's top on the world's edge")
    func centerModeRaisesZoom() throws {
        var camera = try MercatorCamera(center: Coordinate(latitude: 0, longitude: 0), zoom: 0, widthPoints: 390, heightPoints: 844)
        #expect(isClose(camera.zoom, log2(844 / 256.0), within: 1e-12))
        camera.setBounds(CameraBounds(try CoordinateBounds(south: 84, north: 85, west: -10, east: 10), mode: .center))
        let half = WebMercator.worldWidthMeters / 2
        let south = MercatorPoint(try Coordinate(latitude: 84, longitude: 0)).y
        // 422 points north of the center reach the edge: s = 422 / (W/2 - Y(84)).
        let needed = log2(422 / (half - south) * WebMercator.worldWidthMeters / 256)
        #expect(isClose(needed, 5.7467, within: 1e-4))
        #expect(isClose(camera.zoom, needed, within: 1e-9), "zoom \(camera.zoom)")
        #expect(isClose(camera.center.latitude, 84, within: 1e-9), "\(camera.center)")
        let top = try camera.mercatorPoint(at: ScreenPoint(x: 195, y: 0)).y
        #expect(isClose(top, half, within: 1e-6 / camera.pointsPerMercatorMeter))
    }

    @Test("insets set and set back, bounds set and cleared, and a sheet eased up and down give the camera back (==) unless a rotation run is in progress, which they end (the docs said the camera came back exactly): after rotate(25) about (100, 300), the view comes back bit for bit but the run is gone; a resize there and back keeps it")
    func insetsAndBoundsEndRotationRun() throws {
        let plain = try MercatorCamera(center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 14, widthPoints: 390, heightPoints: 844)
        var rotating = plain
        rotating.rotate(degrees: 25, around: ScreenPoint(x: 100, y: 300))
        let sheet = try ScreenInsets(top: 47, bottom: 300)
        let box = CameraBounds(try CoordinateBounds(south: 48, north: 49.5, west: 1.5, east: 3.5))
        for (start, running) in [(plain, false), (rotating, true)] {
            var insets = start
            try insets.setInsets(sheet)
            try insets.setInsets(start.insets)
            var bounds = start
            bounds.setBounds(box)
            bounds.setBounds(nil)
            let up = try CameraTransition(from: start, insets: sheet)
            let eased = try CameraTransition(from: up.target, insets: start.insets).target
            var resized = start
            resized.resize(widthPoints: 844, heightPoints: 390)
            resized.resize(widthPoints: 390, heightPoints: 844)
            #expect(resized == start)
            for camera in [insets, bounds, eased] {
                #expect(camera.centerMercator == start.centerMercator && camera.zoom == start.zoom && camera.bearing == start.bearing)
                #expect((camera == start) == !running, "rotation in progress: \(running)")
            }
        }
    }

    // MARK: - Restore

    @Test("encode then decode gives == the camera with bearing, insets, bounds (either mode, across the antimeridian too) and a rotation in progress, which then continues exactly as the original's (property, 2 000 cameras)")
    func codableRoundTrip() throws {
        var inProgress = 0, withBounds = 0
        try forAll(count: 2_000, seed: 9_205, Kit.uniforms) { u in
            let width = 100 * pow(30, u[3]), height = 100 * pow(30, u[4])
            var camera = try Kit.camera(u, width: width, height: height, zoom: 22 * u[2])
            if u[11] < 0.6 {
                camera.setBounds(CameraBounds(try Self.box(u[12..<18]), mode: u[24] < 0.5 ? .viewport : .center))
                withBounds += 1
            }
            camera.pan(dx: (u[18] - 0.5) * width, dy: (u[19] - 0.5) * height)
            let anchor = ScreenPoint(x: u[20] * width, y: u[21] * height)
            let degrees = (u[22] - 0.5) * 120
            if u[23] < 0.6 { camera.rotate(degrees: degrees, around: anchor) }
            let data = try JSONEncoder().encode(camera)
            if String(decoding: data, as: UTF8.self).contains("\"rotation\"") { inProgress += 1 }
            let restored = try JSONDecoder().decode(MercatorCamera.self, from: data)
            var a = camera, b = restored
            a.rotate(degrees: -degrees / 2, around: anchor)
            b.rotate(degrees: -degrees / 2, around: anchor)
            a.resize(widthPoints: height, heightPoints: width)
            b.resize(widthPoints: height, heightPoints: width)
            return restored == camera && a == b
        }
        #expect(inProgress > 600 && withBounds > 1_000, "\(inProgress) rotations in progress, \(withBounds) with bounds")
    }

    @Test("a save in degrees only (a deep link) decodes with bearing 0, no insets and no bounds, as the initializer makes it; a save with a bearing outside (-180, 180] decodes wrapped")
    func degreesOnlyDecodes() throws {
        let json = #"{"latitude":-17.7,"longitude":179.99,"zoom":10,"width":390,"height":844}"#
        let decoded = try JSONDecoder().decode(MercatorCamera.self, from: Data(json.utf8))
        #expect(decoded.bearing == 0 && decoded.insets == .zero && decoded.bounds == nil)
        #expect(decoded == (try MercatorCamera(
            center: Coordinate(latitude: -17.7, longitude: 179.99), zoom: 10, widthPoints: 390, heightPoints: 844)))
        let turned = #"{"latitude":-17.7,"longitude":179.99,"zoom":10,"width":390,"height":844,"bearing":-180,"insets":{"bottom":300}}"#
        let camera = try JSONDecoder().decode(MercatorCamera.self, from: Data(turned.utf8))
        let bottomSheet = try ScreenInsets(bottom: 300)
        #expect(camera.bearing == 180 && camera.insets == bottomSheet)
        let bad = #"{"latitude":0,"longitude":0,"zoom":10,"width":390,"height":844,"insets":{"top":500,"bottom":-1}}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(MercatorCamera.self, from: Data(bad.utf8)) }
        // Insets too large for the saved screen (what a camera resized below its insets saves)
        // shrink as a resize shrinks them: one point left, in proportion.
        let large = #"{"latitude":0,"longitude":0,"zoom":10,"width":390,"height":844,"insets":{"top":500,"bottom":500}}"#
        let shrunk = try JSONDecoder().decode(MercatorCamera.self, from: Data(large.utf8))
        #expect(shrunk.insets == (try ScreenInsets(top: 500, bottom: 500)))
        #expect(isClose(shrunk.effectiveInsets.top, 421.5, within: 1e-9) && isClose(shrunk.effectiveInsets.bottom, 421.5, within: 1e-9))
    }
}
