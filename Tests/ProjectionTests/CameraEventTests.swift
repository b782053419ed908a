import Foundation
import GeoMath
import Testing
import TestSupport

import Projection

/// The camera's newer input surfaces (rotate, pinch-rotate, insets, jump, fit, bounds, and the
/// saved camera's bearing, insets, bounds and rotation) against hostile and edge values: the
/// rows of docs/BAD_INPUTS.md's section "Bearing, insets, fit and bounds" (54 to 63 and 65;
/// row 64, camera scripts, is in CameraScriptTests and scripts/check_cli_hostile.sh).
@Suite("Camera events")
struct CameraEventTests {
    static let world = 2 * Double.pi * 6_378_137
    static let maximumLatitude = 85.0511287798066
    static let hostile: [Double] = [.nan, -.nan, .infinity, -.infinity, .signalingNaN]

    /// Paris at zoom 12 on an iPhone-sized portrait screen, with a status bar and a bottom
    /// sheet, turned to bearing 20: the starting point of every row.
    static func paris() throws -> MercatorCamera {
        var camera = try MercatorCamera(
            center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 12, widthPoints: 390, heightPoints: 844)
        try camera.setInsets(ScreenInsets(top: 47, left: 0, bottom: 300, right: 0))
        try camera.jump(bearing: 20)
        return camera
    }

    /// Every number of the camera is finite and every invariant holds: bearing in (-180, 180],
    /// zoom within the limits, the center on the world, valid visible bounds, the effective
    /// insets leaving at least one point each way.
    static func isValid(_ camera: MercatorCamera) -> Bool {
        let center = camera.centerMercator
        let visible = camera.visibleBounds, unobstructed = camera.unobstructedVisibleBounds
        let insets = camera.effectiveInsets
        let focal = camera.focalPoint
        return camera.bearing.isFinite && camera.bearing > -180 && camera.bearing <= 180
            && camera.zoom.isFinite && camera.zoom >= camera.limits.minimumZoom && camera.zoom <= camera.limits.maximumZoom
            && camera.pointsPerMercatorMeter.isFinite && camera.pointsPerMercatorMeter > 0
            && center.x.isFinite && center.y.isFinite && center.x >= -world / 2 && center.x < world / 2
            && abs(center.y) <= world / 2
            && focal.x.isFinite && focal.y.isFinite
            && [visible, unobstructed].allSatisfy { bounds in
                [bounds.south, bounds.north, bounds.west, bounds.east].allSatisfy(\.isFinite)
                    && bounds.south <= bounds.north && abs(bounds.north) <= maximumLatitude + 1e-9
                    && abs(bounds.south) <= maximumLatitude + 1e-9
            }
            && insets.left + insets.right <= camera.widthPoints - 1 + 1e-9
            && insets.top + insets.bottom <= camera.heightPoints - 1 + 1e-9
    }

    /// Whether `error` is `invalidBearing` with this name and value (NaN matching NaN).
    static func isInvalidBearing(_ error: GeometryError?, _ name: String, _ value: Double) -> Bool {
        guard case .invalidBearing(let errorName, let errorValue)? = error else { return false }
        return errorName == name && (errorValue == value || (errorValue.isNaN && value.isNaN))
    }

    // MARK: - Rotation

    @Test("BAD_INPUTS row 54: rotate and pinchRotate with NaN or infinite degrees, anchor or translation (or a bad scale) are errors; the camera is unchanged and the gesture methods ignore them")
    func row54() throws {
        var camera = try Self.paris()
        camera.pinch(scale: 1.3, anchor: ScreenPoint(x: 80, y: 500))
        let original = camera
        let anchor = ScreenPoint(x: 120, y: 300)
        for bad in Self.hostile {
            var error = #expect(throws: GeometryError.self) { try camera.apply(.rotate(degrees: bad, anchor: anchor)) }
            #expect(Self.isInvalidBearing(error, "rotation", bad), "\(String(describing: error))")
            error = #expect(throws: GeometryError.self) {
                try camera.apply(.pinchRotate(scale: 1.1, degrees: bad, anchor: anchor, dx: 0, dy: 0))
            }
            #expect(Self.isInvalidBearing(error, "rotation", bad), "\(String(describing: error))")
            for badAnchor in [ScreenPoint(x: bad, y: 10), ScreenPoint(x: 10, y: bad)] {
                error = #expect(throws: GeometryError.self) { try camera.apply(.rotate(degrees: 10, anchor: badAnchor)) }
                guard case .invalidScreenPoint(let name, _, _, _, _)? = error, name == "rotation anchor" else {
                    Issue.record("rotate around \(badAnchor): expected invalidScreenPoint, got \(String(describing: error))")
                    continue
                }
                #expect(throws: GeometryError.self) {
                    try camera.apply(.pinchRotate(scale: 1.1, degrees: 10, anchor: badAnchor, dx: 0, dy: 0))
                }
            }
            for (dx, dy) in [(bad, 0.0), (0, bad)] {
                error = #expect(throws: GeometryError.self) {
                    try camera.apply(.pinchRotate(scale: 1.1, degrees: 10, anchor: anchor, dx: dx, dy: dy))
                }
                guard case .invalidTranslation? = error else {
                    Issue.record("pinchRotate dx \(dx) dy \(dy): expected invalidTranslation, got \(String(describing: error))")
                    continue
                }
            }
            error = #expect(throws: GeometryError.self) {
                try camera.apply(.pinchRotate(scale: bad, degrees: 10, anchor: anchor, dx: 0, dy: 0))
            }
            guard case .invalidPinchScale? = error else {
                Issue.record("pinchRotate scale \(bad): expected invalidPinchScale, got \(String(describing: error))")
                continue
            }
            #expect(camera == original)
            // The gesture methods ignore the same input.
            camera.rotate(degrees: bad, around: anchor)
            camera.rotate(degrees: 10, around: ScreenPoint(x: bad, y: 10))
            camera.pinchRotate(scale: 1.1, degrees: bad, anchor: anchor)
            camera.pinchRotate(scale: bad, degrees: 10, anchor: anchor)
            camera.pinchRotate(scale: 1.1, degrees: 10, anchor: ScreenPoint(x: 10, y: bad))
            camera.pinchRotate(scale: 1.1, degrees: 10, anchor: anchor, dx: bad, dy: 0)
            camera.pinchRotate(scale: 1.1, degrees: 10, anchor: anchor, dx: 0, dy: bad)
            #expect(camera == original)
        }
        // A scale of 0 or below, and an anchor beyond the one-screen margin, the same.
        for scale in [0, -0.0, -1] {
            #expect(throws: GeometryError.invalidPinchScale(scale)) {
                try camera.apply(.pinchRotate(scale: scale, degrees: 5, anchor: anchor, dx: 0, dy: 0))
            }
            camera.pinchRotate(scale: scale, degrees: 5, anchor: anchor)
        }
        let far = ScreenPoint(x: 2 * 390 + 1, y: 10)
        #expect(throws: GeometryError.self) { try camera.apply(.rotate(degrees: 5, anchor: far)) }
        camera.rotate(degrees: 5, around: far)
        #expect(camera == original)
        // The message names the value and what was expected.
        do {
            try camera.apply(.rotate(degrees: .nan, anchor: anchor))
            Issue.record("a NaN rotation was accepted")
        } catch {
            #expect(error.description == "rotation nan is not a number: expected a finite number of degrees")
        }
        #expect(GeometryError.invalidBearing(name: "rotation", value: -.infinity).description.contains("is infinite"))
        #expect(camera == original && Self.isValid(camera))
    }

    @Test("BAD_INPUTS row 55: a rotation by 1e300, -1e300, the largest double or any huge finite angle gives a valid bearing in (-180, 180], never NaN, the same view as its remainder modulo 360")
    func row55() throws {
        let start = try Self.paris()
        let anchor = ScreenPoint(x: 120, y: 300)
        let angles: [Double] = [
            1e300, -1e300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e17, 1e15 + 0.5,
            720, -720, 540, -180, 180, 360.000001, .ulpOfOne, .leastNonzeroMagnitude,
        ]
        for degrees in angles {
            for viaApply in [false, true] {
                var camera = start
                if viaApply {
                    try camera.apply(.rotate(degrees: degrees, anchor: anchor))
                } else {
                    camera.rotate(degrees: degrees, around: anchor)
                }
                #expect(Self.isValid(camera), "rotate \(degrees)")
                // The same bearing and view as the rotation by the remainder (exact: IEEE
                // remainder is exact).
                var reduced = start
                reduced.rotate(degrees: degrees.remainder(dividingBy: 360), around: anchor)
                #expect(camera.bearing == reduced.bearing && camera.zoom == reduced.zoom, "rotate \(degrees)")
                #expect(camera.centerMercator == reduced.centerMercator, "rotate \(degrees)")
                #expect(camera.bearing == MapBearing.wrapped(start.bearing - degrees.remainder(dividingBy: 360)))
                // The combined step likewise.
                var combined = start
                combined.pinchRotate(scale: 1, degrees: degrees, anchor: anchor)
                #expect(Self.isValid(combined) && combined.bearing == camera.bearing, "pinchRotate \(degrees)")
                // Rotating back by exactly the same angle restores the camera bit for bit.
                camera.rotate(degrees: -degrees, around: anchor)
                #expect(camera.bearing == start.bearing && camera.centerMercator == start.centerMercator, "rotate \(degrees) and back")
            }
        }
        // After a huge rotation the run of rotations around the same anchor goes on: a second
        // huge one is never NaN (their sum overflows), and a small one still turns the map.
        // (Before the fix, the run's total added unreduced angles: the largest double twice
        // gave inf - inf = NaN, and 30 degrees after 1e17 was lost.)
        var camera = start
        camera.rotate(degrees: .greatestFiniteMagnitude, around: anchor)
        camera.rotate(degrees: .greatestFiniteMagnitude, around: anchor)
        #expect(Self.isValid(camera), "two rotations by the largest double gave bearing \(camera.bearing)")
        var applied = start
        try applied.apply(.rotate(degrees: .greatestFiniteMagnitude, anchor: anchor))
        try applied.apply(.rotate(degrees: .greatestFiniteMagnitude, anchor: anchor))
        #expect(Self.isValid(applied), "two applied rotations by the largest double gave bearing \(applied.bearing)")
        for huge in [1e17, .greatestFiniteMagnitude] {
            var turned = start
            turned.rotate(degrees: huge, around: anchor)
            let before = turned.bearing
            turned.rotate(degrees: 30, around: anchor)
            #expect(turned.bearing == MapBearing.wrapped(before - 30), "30 degrees after \(huge) turned to \(turned.bearing)")
        }
    }

    @Test("BAD_INPUTS row 65: a pan or pinch-rotate translation of 1e12, 1e307 or the largest double points, at any bearing and at low zooms, wraps the longitude and stays valid, never NaN")
    func row65() throws {
        let huge: [(Double, Double)] = [
            (1e12, 1e12), (-1e12, 3e11), (1e307, 0), (0, -1e307), (1.7e308, -1.7e308),
            (-.greatestFiniteMagnitude, .greatestFiniteMagnitude), (.greatestFiniteMagnitude, .greatestFiniteMagnitude),
        ]
        var failures: [String] = []
        for bearing in [0.0, 45, -90, 30, 180] {
            for zoom in [0.0, 3, 12] {
                var start = try MercatorCamera(
                    center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: zoom, widthPoints: 390, heightPoints: 844)
                try start.jump(bearing: bearing)
                for (dx, dy) in huge {
                    var panned = start
                    panned.pan(dx: dx, dy: dy)
                    var applied = start
                    try applied.apply(.pan(dx: dx, dy: dy))
                    var combined = start
                    combined.pinchRotate(scale: 1, degrees: 0, anchor: ScreenPoint(x: 100, y: 200), dx: dx, dy: dy)
                    var turned = start
                    try turned.apply(.pinchRotate(scale: 0.5, degrees: 10, anchor: ScreenPoint(x: 100, y: 200), dx: dx, dy: dy))
                    for (name, camera) in [("pan", panned), ("apply pan", applied), ("pinchRotate", combined), ("apply pinchRotate", turned)]
                    where !Self.isValid(camera) {
                        failures.append("\(name) (\(dx), \(dy)) at bearing \(bearing), zoom \(zoom): center \(camera.centerMercator)")
                    }
                }
            }
        }
        // (Before the fix, pinchRotate divided the eastward translation by the scale before
        // dropping whole worlds, which overflowed to inf at a low zoom, and rotating two huge
        // components at a bearing overflowed too: the center became NaN.)
        #expect(failures.isEmpty, "\(failures.count) cameras broken, e.g. \(failures.prefix(3))")
        // What holds today: a pan by 1e12 points at any bearing, and any finite pan at bearing 0.
        for bearing in [0.0, 45, -90, 30] {
            var camera = try MercatorCamera(
                center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 3, widthPoints: 390, heightPoints: 844)
            try camera.jump(bearing: bearing)
            camera.pan(dx: 1e12, dy: -1e12)
            #expect(Self.isValid(camera), "bearing \(bearing)")
        }
    }

    // MARK: - Insets

    @Test("BAD_INPUTS row 56: edge insets that are negative, NaN, infinite or leave no rectangle are errors naming the four values; the camera is unchanged")
    func row56() throws {
        var camera = try Self.paris()
        let original = camera
        var bad: [(Double, Double, Double, Double)] = [
            (-1, 0, 0, 0), (0, -0.001, 0, 0), (0, 0, -1e300, 0), (0, 0, 0, -.leastNonzeroMagnitude),
            (400, 0, 444, 0), (0, 195, 0, 195), (843, 0, 0.5, 0), (0, 389.0000001, 0, 0), (1e300, 0, 0, 0),
            (.greatestFiniteMagnitude, 0, .greatestFiniteMagnitude, 0),
        ]
        for value in Self.hostile {
            bad += [(value, 0, 0, 0), (0, value, 0, 0), (0, 0, value, 0), (0, 0, 0, value)]
        }
        for (top, left, bottom, right) in bad {
            for keeping in MercatorCamera.InsetsChange.allCases {
                let error = #expect(throws: GeometryError.self, "\(top) \(left) \(bottom) \(right)") {
                    try camera.apply(.insets(top: top, left: left, bottom: bottom, right: right, keeping: keeping))
                }
                guard case .invalidInsets(let t, let l, let b, let r, _, _)? = error,
                      [t, l, b, r].map(\.bitPattern) == [top, left, bottom, right].map(\.bitPattern)
                        || [t, l, b, r].contains(where: \.isNaN)
                else {
                    Issue.record("insets \(top) \(left) \(bottom) \(right): expected invalidInsets naming them, got \(String(describing: error))")
                    continue
                }
                #expect(camera == original)
            }
        }
        // Exactly one point left each way is valid; 0 and -0 are the same insets.
        try camera.apply(.insets(top: 843, left: 0, bottom: 0, right: 0, keeping: .center))
        #expect(Self.isValid(camera))
        camera = original
        try camera.apply(.insets(top: 0, left: 194.5, bottom: 0, right: 194.5, keeping: .content))
        #expect(Self.isValid(camera) && camera.focalPoint.x == 195)
        #expect(try ScreenInsets(top: -0.0) == ScreenInsets.zero)
        // The messages say what is wrong.
        camera = original
        let messages: [((Double, Double, Double, Double), String)] = [
            ((-1, 0, 0, 0), "contain a negative value"),
            ((.nan, 0, 0, 0), "contain a value that is not a number"),
            ((0, .infinity, 0, 0), "contain an infinite value"),
            ((500, 0, 344, 0), "leave less than one point of the 390.0 x 844.0 screen"),
        ]
        for ((top, left, bottom, right), wanted) in messages {
            do {
                try camera.apply(.insets(top: top, left: left, bottom: bottom, right: right, keeping: .center))
                Issue.record("insets \(top) \(left) \(bottom) \(right) were accepted")
            } catch {
                #expect(error.description.contains(wanted), "\(error.description)")
                #expect(error.description.contains("expected finite points >= 0"), "\(error.description)")
            }
        }
        // ScreenInsets itself refuses the values a screen does not need to judge.
        for value in Self.hostile + [-1] {
            #expect(throws: GeometryError.self) { try ScreenInsets(top: value) }
            #expect(throws: GeometryError.self) { try ScreenInsets(right: value) }
        }
        #expect(camera == original)
    }

    @Test("BAD_INPUTS row 57: a resize to a screen smaller than the insets shrinks the effective insets (one point left each way), keeps the requested ones, and resizing back restores the camera exactly")
    func row57() throws {
        var camera = try Self.paris()
        let requested = try ScreenInsets(top: 300, left: 150, bottom: 400, right: 150)
        try camera.setInsets(requested)
        camera.pan(dx: 12, dy: -30)
        let portrait = camera
        for (width, height) in [(200.0, 844.0), (390, 500), (1, 1), (2, 3), (100, 100), (301, 701), (1_000_000, 1)] {
            camera.resize(widthPoints: width, heightPoints: height)
            #expect(camera.widthPoints == width && camera.heightPoints == height, "\(width) x \(height)")
            #expect(camera.insets == requested, "\(width) x \(height)")
            #expect(Self.isValid(camera), "\(width) x \(height)")
            let effective = camera.effectiveInsets
            let across = effective.left + effective.right, down = effective.top + effective.bottom
            if requested.left + requested.right > width - 1 {
                // Scaled in proportion until exactly one point is left.
                #expect(isClose(across, width - 1, within: 1e-9), "\(width) x \(height): across \(across)")
                #expect(isClose(effective.left, effective.right, within: 1e-9))
            } else {
                #expect(effective.left == requested.left && effective.right == requested.right)
            }
            if requested.top + requested.bottom > height - 1 {
                #expect(isClose(down, height - 1, within: 1e-9), "\(width) x \(height): down \(down)")
                #expect(isClose(effective.top / effective.bottom, 0.75, within: 1e-12) || height == 1)
            } else {
                #expect(effective.top == requested.top && effective.bottom == requested.bottom)
            }
            // The focal point is inside the screen.
            #expect(camera.focalPoint.x >= 0 && camera.focalPoint.x <= width && camera.focalPoint.y >= 0 && camera.focalPoint.y <= height)
            // The resize event does the same and never fails because of the insets.
            var applied = portrait
            try applied.apply(.resize(width: width, height: height))
            #expect(applied == camera)
            camera.resize(widthPoints: 390, heightPoints: 844)
            #expect(camera == portrait, "\(width) x \(height) and back")
        }
        // Setting those insets on the small screen directly is an error (they leave nothing).
        // (A save of the resized camera is not: see the next test.)
        camera.resize(widthPoints: 200, heightPoints: 844)
        let small = camera
        #expect(throws: GeometryError.self) { try camera.setInsets(requested) }
        #expect(camera == small)
        // Insets near the largest double leave exactly one point too (before: their sum was
        // infinite and they scaled to nothing, leaving the whole screen); a size that is NaN,
        // below 1 or negative is taken as 1 point, never giving NaN or negative insets.
        let huge = try ScreenInsets(top: 1e308, left: .greatestFiniteMagnitude, bottom: 1e308, right: 1e308)
        let fitted = huge.effective(widthPoints: 390, heightPoints: 844)
        #expect(isClose(fitted.left + fitted.right, 389, within: 1e-9) && isClose(fitted.top + fitted.bottom, 843, within: 1e-9))
        #expect(isClose(fitted.left / fitted.right, Double.greatestFiniteMagnitude / 1e308, within: 1e-12) && fitted.top == fitted.bottom)
        let one = try ScreenInsets(top: 1, left: 1, bottom: 1, right: 1)
        for (width, height) in [(Double.nan, 0.5), (0.5, -3), (-.infinity, .nan)] {
            for insets in [ScreenInsets.zero, one, huge] {
                let e = insets.effective(widthPoints: width, heightPoints: height)
                #expect([e.top, e.left, e.bottom, e.right].allSatisfy { $0 == 0 }, "\(width) x \(height): \(e)")
            }
        }
        #expect(one.effective(widthPoints: .infinity, heightPoints: 2e6) == one)
    }

    // MARK: - Jump

    @Test("BAD_INPUTS row 57: a camera resized to a screen smaller than its insets saves and restores as it was (its insets kept, the effective ones shrunk), and the restored camera resized back is the camera before the resize")
    func row57SavedBelowItsInsets() throws {
        var camera = try Self.paris()
        try camera.setInsets(ScreenInsets(top: 300, left: 150, bottom: 400, right: 150))
        camera.rotate(degrees: 15, around: ScreenPoint(x: 100, y: 600))
        let portrait = camera
        for (width, height) in [(844.0, 390.0), (200, 844), (1, 1), (1_000_000, 1)] {
            var resized = portrait
            resized.resize(widthPoints: width, heightPoints: height)
            // (Before the fix the decoder checked the requested insets against the saved
            // screen and refused the camera's own save: "leave less than one point".)
            let restored = try JSONDecoder().decode(MercatorCamera.self, from: JSONEncoder().encode(resized))
            #expect(restored == resized, "\(width) x \(height)")
            #expect(restored.insets == portrait.insets && restored.effectiveInsets == resized.effectiveInsets, "\(width) x \(height)")
            var back = restored
            back.resize(widthPoints: 390, heightPoints: 844)
            #expect(back == portrait, "\(width) x \(height) and back")
        }
    }

    @Test("BAD_INPUTS row 58: a jump with NaN or infinite zoom or bearing is an error, camera unchanged; latitude 89.9 or a pole is clamped as the initializer clamps it, the zoom into the limits, the bearing wrapped")
    func row58() throws {
        var camera = try Self.paris()
        let original = camera
        for bad in Self.hostile {
            var error = #expect(throws: GeometryError.self) { try camera.jump(zoom: bad) }
            guard case .invalidZoom(let name, let value, _, _)? = error, name == "zoom", value.isNaN == bad.isNaN else {
                Issue.record("jump zoom \(bad): expected invalidZoom, got \(String(describing: error))")
                continue
            }
            error = #expect(throws: GeometryError.self) { try camera.jump(bearing: bad) }
            #expect(Self.isInvalidBearing(error, "bearing", bad), "\(String(describing: error))")
            // Through the event too, also with a valid center beside it.
            #expect(throws: GeometryError.self) { try camera.apply(.jump(latitude: 10, longitude: 20, zoom: bad, bearing: nil)) }
            #expect(throws: GeometryError.self) { try camera.apply(.jump(latitude: 10, longitude: 20, zoom: 3, bearing: bad)) }
            #expect(throws: GeometryError.self) { try camera.apply(.jump(latitude: bad, longitude: nil, zoom: nil, bearing: nil)) }
            #expect(throws: GeometryError.self) { try camera.apply(.jump(latitude: nil, longitude: bad, zoom: nil, bearing: nil)) }
            #expect(camera == original)
        }
        #expect(throws: GeometryError.invalidLatitude(95)) { try camera.apply(.jump(latitude: 95, longitude: nil, zoom: nil, bearing: nil)) }
        #expect(throws: GeometryError.invalidLongitude(540)) { try camera.apply(.jump(latitude: nil, longitude: 540, zoom: nil, bearing: nil)) }
        #expect(camera == original)
        // Beyond the clamp latitude: the same camera as the initializer gives for it.
        for latitude in [89.9, 90, -90, -89.9, 85.0511287798066, 85.06] {
            for zoom in [0.0, 3, 12] {
                var jumped = try MercatorCamera(center: Coordinate(latitude: 0, longitude: 0), zoom: 5, widthPoints: 390, heightPoints: 844)
                try jumped.apply(.jump(latitude: latitude, longitude: 2.35, zoom: zoom, bearing: nil))
                let made = try MercatorCamera(
                    center: Coordinate(latitude: latitude, longitude: 2.35), zoom: zoom, widthPoints: 390, heightPoints: 844)
                #expect(jumped == made, "latitude \(latitude), zoom \(zoom)")
                #expect(Self.isValid(jumped) && abs(jumped.center.latitude) <= Self.maximumLatitude, "latitude \(latitude)")
            }
        }
        // A zoom beyond the limits is clamped; a huge bearing is wrapped.
        for (zoom, expected) in [(99.0, 22.0), (-5, 0), (.greatestFiniteMagnitude, 22), (-.greatestFiniteMagnitude, 0)] {
            var jumped = original
            try jumped.jump(zoom: zoom)
            #expect(Self.isValid(jumped) && jumped.zoom >= expected - 1e-12, "zoom \(zoom) -> \(jumped.zoom)")
            if expected == 22 { #expect(jumped.zoom == 22) }
        }
        for bearing in [1e300, -1e300, .greatestFiniteMagnitude, 540, -180, 180, -0.0] {
            var jumped = original
            try jumped.jump(bearing: bearing)
            #expect(Self.isValid(jumped) && jumped.bearing == MapBearing.wrapped(bearing), "bearing \(bearing) -> \(jumped.bearing)")
        }
        var turned = original
        try turned.jump(bearing: -180)
        #expect(turned.bearing == 180 && turned.bearing.sign == .plus)
        try turned.jump(bearing: -0.0)
        #expect(turned.bearing == 0 && turned.bearing.sign == .plus)
    }

    // MARK: - Fit

    @Test("BAD_INPUTS row 59: a fit with nothing to show, a bad region, a padding that is negative, NaN or larger than the rectangle allows, a zoom step of 0, NaN or above 22, or a NaN bearing is an error; the camera is unchanged")
    func row59() throws {
        var camera = try Self.paris()
        let original = camera
        let paris = CameraEvent.FitShape.region(latitude: 48.8566, longitude: 2.3522, radiusMeters: 10_000)
        // Nothing to show.
        #expect(throws: GeometryError.emptyFitTarget) { try camera.apply(.fit(.coordinates([]), padding: 0, bearing: nil, zoomSnap: nil)) }
        #expect(throws: GeometryError.emptyFitTarget) { try camera.fit(.coordinates([])) }
        #expect(throws: GeometryError.emptyFitTarget) { try camera.fit(.pins(ProjectedPins(coordinates: []))) }
        // Bad shapes.
        for radius in Self.hostile + [0, -1, -.leastNonzeroMagnitude] {
            let error = #expect(throws: GeometryError.self, "radius \(radius)") {
                try camera.apply(.fit(.region(latitude: 48.8566, longitude: 2.3522, radiusMeters: radius), padding: 0, bearing: nil, zoomSnap: nil))
            }
            guard case .invalidRadius? = error else {
                Issue.record("radius \(radius): expected invalidRadius, got \(String(describing: error))")
                continue
            }
        }
        for (latitude, longitude) in [(Double.nan, 0.0), (0, .nan), (91, 0), (0, 181), (.infinity, 0)] {
            #expect(throws: GeometryError.self) {
                try camera.apply(.fit(.region(latitude: latitude, longitude: longitude, radiusMeters: 10), padding: 0, bearing: nil, zoomSnap: nil))
            }
            #expect(throws: GeometryError.self) {
                try camera.apply(.fit(.coordinates([.init(latitude: 1, longitude: 2), .init(latitude: latitude, longitude: longitude)]), padding: 0, bearing: nil, zoomSnap: nil))
            }
        }
        for (south, north, west, east) in [(50.0, 40.0, 0.0, 1.0), (.nan, 1, 0, 1), (0, 1, -181, 1), (-91, 0, 0, 1)] {
            #expect(throws: GeometryError.self) {
                try camera.apply(.fit(.bounds(south: south, north: north, west: west, east: east), padding: 0, bearing: nil, zoomSnap: nil))
            }
        }
        // Padding: the unobstructed rectangle is 390 x 497 points, so at most (390 - 1) / 2.
        for padding in Self.hostile + [-1, -.leastNonzeroMagnitude, 194.5000001, 195, 1e300] {
            let error = #expect(throws: GeometryError.self, "padding \(padding)") {
                try camera.apply(.fit(paris, padding: padding, bearing: nil, zoomSnap: nil))
            }
            guard case .invalidPadding(let value, let maximum)? = error else {
                Issue.record("padding \(padding): expected invalidPadding, got \(String(describing: error))")
                continue
            }
            #expect(maximum == 194.5 && (value == padding || (value.isNaN && padding.isNaN)))
        }
        do {
            try camera.fit(.coordinates([try Coordinate(latitude: 1, longitude: 2)]), padding: 300)
            Issue.record("a padding of 300 points on a 390-point rectangle was accepted")
        } catch {
            #expect(error.description.contains("padding 300.0 is out of range") && error.description.contains("[0, 194.5]"), "\(error.description)")
        }
        // Zoom steps.
        for step in Self.hostile + [0, -0.0, -1, 22.000001, 1e300] {
            let error = #expect(throws: GeometryError.self, "zoomSnap \(step)") {
                try camera.apply(.fit(paris, padding: 0, bearing: nil, zoomSnap: step))
            }
            guard case .invalidZoomStep? = error else {
                Issue.record("zoomSnap \(step): expected invalidZoomStep, got \(String(describing: error))")
                continue
            }
            #expect(throws: GeometryError.self) { try ZoomSnap(step: step) }
        }
        // Bearings.
        for bearing in Self.hostile {
            let error = #expect(throws: GeometryError.self) { try camera.apply(.fit(paris, padding: 0, bearing: bearing, zoomSnap: nil)) }
            #expect(Self.isInvalidBearing(error, "bearing", bearing), "\(String(describing: error))")
        }
        #expect(camera == original)
        // The largest padding allowed is valid.
        try camera.apply(.fit(paris, padding: 194.5, bearing: 45, zoomSnap: 22))
        #expect(Self.isValid(camera))
        // Steps so fine that a zoom holds 2^53 of them or more are valid and snap nothing: the
        // fit is the unsnapped one (before: their count overflowed to infinity, and the fit
        // went to zoom 22 with its points 1.5 million points off the screen).
        let pair = try [Coordinate(latitude: 1, longitude: 1), Coordinate(latitude: 2, longitude: 2)]
        var unsnapped = try MercatorCamera(center: Coordinate(latitude: 0, longitude: 0), zoom: 3, widthPoints: 390, heightPoints: 844)
        try unsnapped.fit(.coordinates(pair))
        for step in [Double.leastNonzeroMagnitude, 1e-308, Double.leastNormalMagnitude, 1e-300] {
            let snap = try ZoomSnap(step: step)
            for zoom in [0.0, 9.0999, 22] { #expect(snap.snapped(zoom) == zoom, "step \(step), zoom \(zoom)") }
            var snapped = try MercatorCamera(center: Coordinate(latitude: 0, longitude: 0), zoom: 3, widthPoints: 390, heightPoints: 844)
            try snapped.fit(.coordinates(pair), zoomSnap: snap)
            #expect(snapped == unsnapped, "step \(step)")
        }
        // A step that still counts exactly snaps as ever: 2^-40 levels.
        #expect(try ZoomSnap(step: 0x1p-40).snapped(9.0999) == ((9.0999 + 1e-12) * 0x1p40).rounded(.down) * 0x1p-40)
    }

    @Test("BAD_INPUTS row 60: a fit of one place, identical places, a zero-size box, a 1e-12 m circle, a box spanning every longitude, places across the antimeridian or a circle around a pole, at any bearing, gives a valid camera (the maximum zoom for a point), never NaN")
    func row60() throws {
        let start = try Self.paris()
        let place = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        let targets: [(String, CameraFitTarget, Bool)] = [
            ("one place", .coordinates([place]), true),
            ("identical places", .coordinates([place, place, place]), true),
            ("one pin", .pins(ProjectedPins(coordinates: [place])), true),
            ("a zero-size box", .bounds(try CoordinateBounds(south: 48.8566, north: 48.8566, west: 2.3522, east: 2.3522)), true),
            ("a 1e-12 m circle", .region(try GeodesicCircle(center: place, radiusMeters: 1e-12)), true),
            ("a 5e-324 m circle", .region(try GeodesicCircle(center: place, radiusMeters: .leastNonzeroMagnitude)), true),
            ("every longitude", .bounds(try CoordinateBounds(south: -90, north: 90, west: -180, east: 180)), false),
            ("across the antimeridian", .coordinates([
                try Coordinate(latitude: -17, longitude: 179.9), try Coordinate(latitude: -18, longitude: -179.9),
            ]), false),
            ("a box across the antimeridian", .bounds(try CoordinateBounds(south: -18, north: -16, west: 179, east: -179)), false),
            ("around the north pole", .region(try GeodesicCircle(center: try Coordinate(latitude: 89.99, longitude: 0), radiusMeters: 10_000)), false),
            ("beyond the world", .region(try GeodesicCircle(center: try Coordinate(latitude: -90, longitude: 180), radiusMeters: 10_000)), false),
            ("half the world", .region(try GeodesicCircle(center: place, radiusMeters: 1e7)), false),
            ("the largest radius", .region(try GeodesicCircle(center: place, radiusMeters: .greatestFiniteMagnitude)), false),
            ("the poles", .coordinates([try Coordinate(latitude: 90, longitude: 0), try Coordinate(latitude: -90, longitude: 0)]), false),
        ]
        for (name, target, isPoint) in targets {
            for bearing in [0, 45, -90, 180, 1e300, 33.3] {
                for padding in [0, 194.5] {
                    var camera = start
                    try camera.fit(target, padding: padding, bearing: bearing)
                    #expect(Self.isValid(camera), "\(name) at \(bearing), padding \(padding)")
                    #expect(camera.bearing == MapBearing.wrapped(bearing))
                    if isPoint {
                        #expect(camera.zoom == camera.limits.maximumZoom, "\(name) at \(bearing): zoom \(camera.zoom)")
                        let point = camera.point(for: place)
                        // Under the focal point to the rounding of a screen point at zoom 22 (the
                        // world 2^30 points across): at most 3.0e-8 points here (was checked to 1e-3).
                        #expect(isClose(point.x, camera.focalPoint.x, within: 1e-7) && isClose(point.y, camera.focalPoint.y, within: 1e-7),
                                "\(name) at \(bearing): \(point) vs focal \(camera.focalPoint)")
                    }
                    var snapped = start
                    try snapped.fit(target, padding: padding, bearing: bearing, zoomSnap: ZoomSnap(step: 0.25))
                    #expect(Self.isValid(snapped), "\(name) snapped")
                }
            }
        }
    }

    // MARK: - Bounds

    @Test("BAD_INPUTS row 61: camera bounds with south > north, or an edge NaN, infinite or out of range, are an error (event or decoding); the camera is unchanged")
    func row61() throws {
        var camera = try Self.paris()
        let original = camera
        var bad: [(Double, Double, Double, Double)] = [(50, 40, 0, 1), (0.000001, 0, 0, 1), (-91, 0, 0, 1), (0, 90.5, 0, 1), (0, 1, -180.5, 1), (0, 1, 0, 540)]
        for value in Self.hostile {
            bad += [(value, 1, 0, 1), (0, value, 0, 1), (0, 1, value, 1), (0, 1, 0, value)]
        }
        for (south, north, west, east) in bad {
            for mode in CameraBounds.Mode.allCases {
                let error = #expect(throws: GeometryError.self, "\(south) \(north) \(west) \(east)") {
                    try camera.apply(.bounds(south: south, north: north, west: west, east: east, mode: mode))
                }
                switch error {
                case .invalidLatitudeOrder?, .invalidLatitude?, .invalidLongitude?: break
                default: Issue.record("bounds \(south) \(north) \(west) \(east): got \(String(describing: error))")
                }
                #expect(camera == original)
            }
        }
        do {
            try camera.apply(.bounds(south: 50, north: 40, west: 0, east: 1, mode: .viewport))
            Issue.record("bounds with south above north were accepted")
        } catch {
            #expect(error.description == "south 50.0 lies north of north 40.0: expected south <= north")
        }
        // Decoding camera bounds validates them, and an unknown mode is an error.
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        for text in [
            #"{"south":50,"north":40,"west":0,"east":1}"#, #"{"south":"nan","north":40,"west":0,"east":1}"#,
            #"{"south":0,"north":40,"west":0,"east":"inf"}"#, #"{"south":0,"north":40,"west":0,"east":1,"mode":"sideways"}"#,
            #"{"south":0,"north":40,"west":0}"#, #"{"south":0,"north":95,"west":0,"east":1}"#,
        ] {
            #expect(throws: DecodingError.self, "\(text)") { try decoder.decode(CameraBounds.self, from: Data(text.utf8)) }
            #expect(throws: DecodingError.self, "\(text)") {
                try decoder.decode(CameraEvent.self, from: Data(text.replacingOccurrences(of: "{", with: #"{"type":"bounds","#).utf8))
                    .validated(on: camera)
            }
        }
        #expect(camera == original)
    }

    /// Whether a coordinate lies in a box, within `tolerance` degrees (west > east across the
    /// antimeridian; latitudes taken within the Mercator world).
    static func isInside(_ coordinate: Coordinate, _ box: CoordinateBounds, within tolerance: Double) -> Bool {
        let south = min(max(box.south, -maximumLatitude), maximumLatitude)
        let north = min(max(box.north, -maximumLatitude), maximumLatitude)
        guard coordinate.latitude >= south - tolerance, coordinate.latitude <= north + tolerance else { return false }
        if box.spansAllLongitudes { return true }
        // Eastward distance from the west edge, against the box's eastward width.
        let fromWest = (coordinate.longitude - box.west).remainder(dividingBy: 360)
        let width = box.longitudeWidthDegrees
        let east = fromWest < -tolerance ? fromWest + 360 : fromWest
        return east >= -tolerance && east <= width + tolerance
    }

    @Test("BAD_INPUTS row 62: camera bounds of zero size, far smaller than the viewport, across the antimeridian or covering the world give a valid camera: in viewport mode every corner inside the box (the maximum zoom, and the center at the box's point, when the box has no size), in center mode the center inside")
    func row62() throws {
        let start = try Self.paris()
        let boxes: [(Double, Double, Double, Double)] = [
            (48.8566, 48.8566, 2.3522, 2.3522),  // a point
            (48.85, 48.86, 2.35, 2.36),          // 1 km: smaller than the viewport at zoom 12
            (-17, -16, 179.99, -179.99),         // across the antimeridian
            (10, 10, 180, -180),                 // a point on the antimeridian, written across it
            (0, 0, -180, 180),                   // the equator: no height, every longitude
            (-90, 90, -180, 180), (80, 84, -180, 180), (-84, -80, 170, -170),
        ]
        var offFocal: [String] = []
        for (south, north, west, east) in boxes {
            let box = try CoordinateBounds(south: south, north: north, west: west, east: east)
            // No height: the maximum zoom. No height and no width: a point, at the middle.
            let isStrip = south == north
            let isPoint = isStrip && box.longitudeWidthDegrees == 0
            for mode in CameraBounds.Mode.allCases {
                var camera = start
                try camera.apply(.bounds(south: south, north: north, west: west, east: east, mode: mode))
                #expect(Self.isValid(camera), "\(box) \(mode)")
                // Gestures and jumps stay valid.
                camera.pan(dx: 1e6, dy: -1e6)
                camera.pinchRotate(scale: 0.001, degrees: 77, anchor: ScreenPoint(x: 10, y: 10), dx: 500, dy: 500)
                #expect(Self.isValid(camera), "\(box) \(mode) after gestures")
                for zoom in [0.0, 12] {
                    try camera.jump(center: Coordinate(latitude: -40, longitude: -100), zoom: zoom, bearing: 135)
                    #expect(Self.isValid(camera), "\(box) \(mode) after a jump to zoom \(zoom)")
                    switch mode {
                    case .viewport:
                        // Every corner of the screen shows a place inside the box (to a
                        // centimetre's worth of degrees), where the box can hold the viewport.
                        for corner in [(0.0, 0.0), (390, 0), (0, 844), (390, 844)] where south < north {
                            let shown = try camera.coordinate(at: ScreenPoint(x: corner.0, y: corner.1))
                            #expect(Self.isInside(shown, box, within: 1e-7), "\(box) zoom \(zoom): corner \(corner) shows \(shown)")
                        }
                        if isStrip {
                            #expect(camera.zoom == camera.limits.maximumZoom, "\(box): zoom \(camera.zoom)")
                        }
                        if isPoint {
                            // The center (the focal point's coordinate) at the box's point, as
                            // CameraBounds documents ("the maximum zoom and the center at the
                            // middle of the box"), also with insets.
                            let point = camera.point(for: try Coordinate(latitude: south, longitude: west == 180 ? -180 : west))
                            let focal = camera.focalPoint
                            if !(isClose(point.x, focal.x, within: 1e-3) && isClose(point.y, focal.y, within: 1e-3)) {
                                offFocal.append("\(box) zoom \(zoom): the box's point at \(point), the focal point \(focal)")
                            }
                        }
                    case .center:
                        // The center inside the box wherever the world's edge leaves room for it
                        // (at the lowest zoom the world fills the viewport's height, and the
                        // world's edge wins: see the report on center mode at low zooms).
                        if zoom == 12 {
                            #expect(Self.isInside(camera.center, box, within: 1e-9), "\(box) center mode: \(camera.center)")
                        }
                    }
                }
            }
        }
        // (Before the fix, with insets moving the focal point off the screen's middle, a box
        // the viewport could not hold put the center beside it, 2 m at zoom 22 here.)
        #expect(offFocal.isEmpty, "\(offFocal)")
        // A point box in viewport mode: the maximum zoom; clearing the bounds restores the
        // camera exactly.
        var camera = start
        try camera.apply(.bounds(south: 48.8566, north: 48.8566, west: 2.3522, east: 2.3522, mode: .viewport))
        #expect(camera.zoom == 22 && Self.isValid(camera))
        try camera.apply(.clearBounds)
        #expect(camera == start)
        // Boxes at or beyond the clamp latitude are a strip of no height on the world's edge:
        // viewport mode must give the maximum zoom there. (Before the fix such a box had
        // north below south by 3.7e-9 m, whose scale's log2 was NaN, and a jump showed the
        // equator.)
        for (south, north, west, east) in [(85.06, 90.0, -180.0, 180.0), (85.0511287798066, 85.0511287798066, 0, 1), (-90, -85.06, -180, 180)] {
            var camera = start
            try camera.apply(.bounds(south: south, north: north, west: west, east: east, mode: .viewport))
            try camera.jump(center: Coordinate(latitude: -40, longitude: -100), zoom: 0)
            #expect(camera.zoom == 22 && abs(camera.center.latitude) > 85, "\(south) to \(north): zoom \(camera.zoom), \(camera.center)")
        }
    }

    // MARK: - Saved cameras

    @Test("BAD_INPUTS row 63: decoding a saved camera with a NaN or infinite bearing, negative or NaN insets, bad bounds, or a bad rotation in progress is a DecodingError, never a broken camera; insets too large for the saved screen shrink as a resize shrinks them")
    func row63() throws {
        var camera = try Self.paris()
        try camera.setBounds(CameraBounds(CoordinateBounds(south: 48, north: 49.5, west: 1.5, east: 3.5), mode: .center))
        camera.rotate(degrees: 10, around: ScreenPoint(x: 100, y: 200))
        let encoded = try JSONEncoder().encode(camera)
        let saved = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        let rotation = try #require(saved["rotation"] as? [String: Any])
        let pivotX = try #require(rotation["mercatorX"] as? Double), pivotY = try #require(rotation["mercatorY"] as? Double)
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        func decode(_ fields: [String: Any]) throws -> MercatorCamera {
            try decoder.decode(MercatorCamera.self, from: JSONSerialization.data(withJSONObject: fields))
        }
        // The save round-trips, rotation in progress included; it carries all the new fields.
        #expect(try decoder.decode(MercatorCamera.self, from: encoded) == camera)
        #expect(saved["rotation"] != nil && saved["bounds"] != nil && saved["insets"] != nil && saved["bearing"] != nil)
        func with(_ key: String, _ value: Any?) -> [String: Any] {
            var fields = saved
            fields[key] = value
            return fields
        }
        func withNested(_ key: String, _ nestedKey: String, _ value: Any?) -> [String: Any] {
            var fields = saved
            var nested = (fields[key] as? [String: Any]) ?? [:]
            nested[nestedKey] = value
            fields[key] = nested
            return fields
        }
        let cases: [(String, [String: Any])] = [
            ("NaN bearing", with("bearing", "nan")),
            ("infinite bearing", with("bearing", "inf")),
            ("bearing as text", with("bearing", "north")),
            ("negative inset", withNested("insets", "top", -1)),
            ("NaN inset", withNested("insets", "left", "nan")),
            ("infinite inset", withNested("insets", "bottom", "-inf")),
            ("insets not an object", with("insets", 3)),
            ("bounds south above north", withNested("bounds", "south", 50)),
            ("NaN bounds edge", withNested("bounds", "west", "nan")),
            ("bounds latitude 95", withNested("bounds", "north", 95)),
            ("bounds missing an edge", withNested("bounds", "east", nil)),
            ("bounds of an unknown mode", withNested("bounds", "mode", "sideways")),
            ("NaN rotation degrees", withNested("rotation", "degrees", "nan")),
            ("infinite rotation anchor", withNested("rotation", "x", "inf")),
            ("rotation missing its bearing", withNested("rotation", "bearing", nil)),
            ("rotation bearing outside (-180, 180]", withNested("rotation", "bearing", 200)),
            ("rotation bearing -180", withNested("rotation", "bearing", -180)),
            ("rotation center off the world", withNested("rotation", "mercatorY", Self.world)),
            ("rotation easting at +W/2", withNested("rotation", "mercatorX", Self.world / 2)),
            ("rotation not an object", with("rotation", [1, 2, 3])),
            // (On the world and finite, but not the pivot of the center the save shows: the
            // next rotation would have jumped, its anchor's place far from the anchor.)
            ("rotation pivot moved", withNested("rotation", "mercatorX", pivotX + 1e6)),
            ("rotation pivot moved north", withNested("rotation", "mercatorY", pivotY - 1e4)),
            ("rotation turned otherwise", withNested("rotation", "degrees", 40)),
            ("rotation anchor moved", withNested("rotation", "x", -300)),
            // (Consistent but impossible: a zoom shown outside the limits, at which the turn's
            // check was vacuous, and an anchor 1e300 points away with no turn yet.)
            ("rotation shown at zoom 1e300", with("rotation", rotation.merging([
                "shownZoom": 1e300, "shownMercatorX": pivotX, "shownMercatorY": pivotY, "x": 1e300, "y": -1e300,
            ]) { $1 })),
            ("rotation shown at zoom -1", with("rotation", rotation.merging(["shownZoom": -1]) { $1 })),
            ("rotation anchor 1e300 points away", with("rotation", rotation.merging([
                "degrees": 0, "shownMercatorX": pivotX, "shownMercatorY": pivotY, "x": 1e300,
            ]) { $1 })),
        ]
        for (name, fields) in cases {
            #expect(throws: DecodingError.self, "\(name)") { try decode(fields) }
        }
        // The messages name the value.
        for (fields, wanted) in [
            (with("bearing", "nan"), "bearing nan is not a number"),
            (withNested("insets", "top", -1), "contain a negative value"),
            (withNested("bounds", "south", 50), "south 50.0 lies north of north 49.5"),
            (withNested("rotation", "bearing", 200), "is not a rotation in progress"),
            (withNested("rotation", "mercatorX", pivotX + 1e6), "gives the center"),
        ] {
            do {
                _ = try decode(fields)
                Issue.record("\(wanted): accepted")
            } catch let DecodingError.dataCorrupted(context) {
                #expect(context.debugDescription.contains(wanted), "\(context.debugDescription)")
            } catch {
                Issue.record("\(wanted): \(error), expected DecodingError.dataCorrupted")
            }
        }
        // Valid variants decode to valid cameras: a huge bearing is wrapped; a save without
        // the new fields is a north-up camera without insets or bounds.
        // Insets too large for the saved screen are what a camera resized below its insets
        // saves: they shrink as the resize shrank them (see the row 57 save test).
        for (name, fields) in [
            ("insets leaving no rectangle", withNested("insets", "bottom", 844)),
            ("insets leaving no column", with("insets", ["left": 200, "right": 190])),
        ] {
            let shrunk = try decode(fields)
            let effective = shrunk.effectiveInsets
            #expect(Self.isValid(shrunk), "\(name)")
            // (One point left each way, to the rounding of the proportional shrink.)
            #expect(effective.left + effective.right <= 389 + 1e-9 && effective.top + effective.bottom <= 843 + 1e-9, "\(name): \(effective)")
        }
        let wrapped = try decode(with("bearing", 1e300))
        #expect(Self.isValid(wrapped) && wrapped.bearing == MapBearing.wrapped(1e300))
        var plain = saved
        for key in ["bearing", "insets", "bounds", "rotation"] { plain[key] = nil }
        let degreesOnly = try decode(plain)
        #expect(Self.isValid(degreesOnly) && degreesOnly.bearing == 0 && degreesOnly.insets == .zero && degreesOnly.bounds == nil)
    }

    // MARK: - Motion events (fly, ease, animated double-tap, release)

    static func event(_ json: String) throws -> CameraEvent {
        try JSONDecoder().decode(CameraEvent.self, from: Data(json.utf8))
    }

    @Test("fly, ease, the animated doubleTap and release decode with their defaults and encode back to themselves; a doubleTap without animated (or false) is the instant one")
    func motionEventCoding() throws {
        let noTarget: (Double?, Double?, Double?, Double?) = (nil, nil, nil, nil)
        let cases: [(String, CameraEvent)] = [
            (#"{"type":"fly"}"#, .fly(
                latitude: noTarget.0, longitude: noTarget.1, zoom: noTarget.2, bearing: noTarget.3, curve: 1.42, speed: 1.2,
                maxDuration: nil)),
            (#"{"type":"fly","latitude":52.52,"longitude":13.405,"zoom":10,"bearing":-30,"curve":2,"speed":0.5,"maxDuration":3}"#,
             .fly(latitude: 52.52, longitude: 13.405, zoom: 10, bearing: -30, curve: 2, speed: 0.5, maxDuration: 3)),
            (#"{"type":"fly","longitude":-170}"#, .fly(
                latitude: nil, longitude: -170, zoom: nil, bearing: nil, curve: 1.42, speed: 1.2, maxDuration: nil)),
            (#"{"type":"ease","zoom":14}"#, .ease(latitude: nil, longitude: nil, zoom: 14, bearing: nil, duration: 0.5, easing: .default)),
            (#"{"type":"ease","latitude":1,"longitude":2,"bearing":90,"duration":2,"easing":"linear"}"#,
             .ease(latitude: 1, longitude: 2, zoom: nil, bearing: 90, duration: 2, easing: .linear)),
            (#"{"type":"ease","duration":0,"easing":"default"}"#,
             .ease(latitude: nil, longitude: nil, zoom: nil, bearing: nil, duration: 0, easing: .default)),
            (#"{"type":"doubleTap","x":10,"y":20,"animated":true}"#, .animatedDoubleTap(ScreenPoint(x: 10, y: 20))),
            (#"{"type":"doubleTap","x":10,"y":20,"animated":false}"#, .doubleTap(ScreenPoint(x: 10, y: 20))),
            (#"{"type":"doubleTap","x":10,"y":20}"#, .doubleTap(ScreenPoint(x: 10, y: 20))),
            (#"{"type":"release","vx":1000,"vy":-20}"#, .release(GestureVelocity(x: 1000, y: -20), preset: .normal)),
            (#"{"type":"release","vx":0,"vy":0,"scaleVelocity":1.5,"x":100,"y":200,"degreesPerSecond":-40,"preset":"maplibre"}"#,
             .release(
                GestureVelocity(x: 0, y: 0, zoomLevelsPerSecond: 1.5, degreesPerSecond: -40, anchor: ScreenPoint(x: 100, y: 200)),
                preset: .maplibre)),
            (#"{"type":"release","vx":5,"vy":6,"preset":"fast"}"#, .release(GestureVelocity(x: 5, y: 6), preset: .fast)),
            (#"{"type":"release","vx":5,"vy":6,"preset":"immediate"}"#, .release(GestureVelocity(x: 5, y: 6), preset: .immediate)),
            (#"{"type":"release","vx":5,"vy":6,"preset":"normal","degreesPerSecond":30}"#,
             .release(GestureVelocity(x: 5, y: 6, degreesPerSecond: 30), preset: .normal)),
        ]
        for (json, expected) in cases {
            let event = try Self.event(json)
            #expect(event == expected, "\(json)")
            #expect(try JSONDecoder().decode(CameraEvent.self, from: JSONEncoder().encode(event)) == event, "\(json)")
        }
        #expect(try Self.event(#"{"type":"fly"}"#).typeName == "fly")
        #expect(try Self.event(#"{"type":"ease"}"#).typeName == "ease")
        #expect(CameraEvent.animatedDoubleTap(ScreenPoint(x: 1, y: 2)).typeName == "doubleTap")
        #expect(try Self.event(#"{"type":"release","vx":1,"vy":2}"#).typeName == "release")
        #expect(["fly", "ease", "release"].allSatisfy(CameraEvent.typeNames.contains))
        // The names select the library's own curves and decays.
        #expect(CameraEvent.EaseCurve.default.easing == .default && CameraEvent.EaseCurve.linear.easing == .linear)
        #expect(CameraEvent.InertiaPreset.allCases.map(\.decay) == [.normal, .fast, .maplibre, .immediate])
        #expect(CameraEvent.InertiaPreset.allCases.map(\.rawValue) == ["normal", "fast", "maplibre", "immediate"])
    }

    @Test("a motion event's motion is the transition or inertia built directly, apply(_:) jumps to its resting state, reduced motion zeroes the transitions only, and instant events have none")
    func motionEventMotions() throws {
        let camera = try Self.paris()
        let berlin = try Coordinate(latitude: 52.52, longitude: 13.405)
        let tap = ScreenPoint(x: 100, y: 300)
        let velocity = GestureVelocity(x: 800, y: -300, zoomLevelsPerSecond: 0.5, degreesPerSecond: 20, anchor: ScreenPoint(x: 150, y: 400))
        let cases: [(CameraEvent, (Bool) throws -> CameraMotion)] = [
            (.fly(latitude: 52.52, longitude: 13.405, zoom: 10, bearing: 0, curve: 1.42, speed: 1.2, maxDuration: nil), { reduced in
                .transition(try CameraTransition(
                    from: camera, center: berlin, zoom: 10, bearing: 0, kind: .fly(), reducedMotion: reduced))
            }),
            (.fly(latitude: nil, longitude: nil, zoom: 3, bearing: nil, curve: 2, speed: 0.8, maxDuration: 1), { reduced in
                .transition(try CameraTransition(
                    from: camera, center: nil as Coordinate?, zoom: 3, kind: .fly(curve: 2, speed: 0.8, maxDuration: 1),
                    reducedMotion: reduced))
            }),
            (.ease(latitude: 48.9, longitude: nil, zoom: nil, bearing: 45, duration: 2, easing: .linear), { reduced in
                .transition(try CameraTransition(
                    from: camera, center: Coordinate(latitude: 48.9, longitude: camera.center.longitude), bearing: 45,
                    kind: .ease(duration: 2, easing: .linear), reducedMotion: reduced))
            }),
            (.animatedDoubleTap(tap), { reduced in
                .transition(try CameraTransition.doubleTap(from: camera, at: tap, reducedMotion: reduced))
            }),
            (.release(velocity, preset: .fast), { _ in .inertia(try CameraInertia(from: camera, velocity: velocity, decay: .fast)) }),
        ]
        for (event, direct) in cases {
            let motion = try #require(try event.motion(from: camera))
            #expect(motion == (try direct(false)), "\(event)")
            #expect(motion.durationSeconds > 0, "\(event)")
            let reduced = try #require(try event.motion(from: camera, reducedMotion: true))
            #expect(reduced == (try direct(true)), "\(event)")
            if case .transition = reduced {
                #expect(reduced.durationSeconds == 0, "\(event)")
            } else {
                #expect(reduced == motion, "reduced motion leaves inertia as it is")
            }
            // apply(_:) gives the resting state, bit for bit, with or without reduced motion.
            var applied = camera
            try applied.apply(event)
            #expect(applied == motion.resting && applied == reduced.resting, "\(event)")
            #expect(Self.isValid(applied))
        }
        // The animated double-tap rests where the instant one lands.
        var instant = camera
        instant.doubleTap(at: tap)
        var animated = camera
        try animated.apply(.animatedDoubleTap(tap))
        #expect(animated == instant)
        // Instant events start no motion.
        let instantEvents: [CameraEvent] = [
            .pinch(scale: 2, anchor: tap), .pan(dx: 1, dy: 2), .doubleTap(tap), .resize(width: 300, height: 300),
            .rotate(degrees: 5, anchor: tap), .pinchRotate(scale: 1, degrees: 1, anchor: tap, dx: 0, dy: 0),
            .insets(top: 0, left: 0, bottom: 0, right: 0, keeping: .center), .jump(latitude: 1, longitude: nil, zoom: nil, bearing: nil),
            .fit(.coordinates([.init(latitude: 1, longitude: 2)]), padding: 0, bearing: nil, zoomSnap: nil),
            .bounds(south: 1, north: 2, west: 3, east: 4, mode: .center), .clearBounds,
        ]
        for event in instantEvents {
            #expect(try event.motion(from: camera) == nil, "\(event)")
        }
    }

    @Test("a release with the normal preset rests exactly where a pan of -v / (1000 ln 0.998) points goes, within 1e-6 points, at any bearing and direction")
    func releaseRestsAtClosedForm() throws {
        let k = -1000 * log(0.998)
        for (vx, vy) in [(1000.0, 0.0), (-350, 720), (0, -2000), (12.5, 3)] {
            for bearing in [0.0, 20, -135] {
                var camera = try Self.paris()
                try camera.jump(bearing: bearing)
                var released = camera
                try released.apply(.release(GestureVelocity(x: vx, y: vy), preset: .normal))
                var panned = camera
                panned.pan(dx: vx / k, dy: vy / k)
                // The place under three screen points goes where the pan takes it.
                for point in [camera.focalPoint, ScreenPoint(x: 10, y: 60), ScreenPoint(x: 380, y: 500)] {
                    let place = try camera.mercatorPoint(at: point)
                    let rest = released.point(for: place), pan = panned.point(for: place)
                    #expect(isClose(rest.x, pan.x, within: 1e-6) && isClose(rest.y, pan.y, within: 1e-6), "v (\(vx), \(vy)) bearing \(bearing)")
                    #expect(isClose(rest.x, point.x + vx / k, within: 1e-6) && isClose(rest.y, point.y + vy / k, within: 1e-6))
                }
            }
        }
        // 1000 points per second: 499.5 points.
        #expect(isClose(1000 / k, 499.5, within: 0.05))
    }

    @Test("BAD_INPUTS row 68: a fly, ease, animated doubleTap or release with a value NaN, +-inf or out of range is an error naming it; apply(_:) leaves the camera unchanged")
    func row68() throws {
        let camera = try Self.paris()
        func fly(
            latitude: Double? = nil, longitude: Double? = nil, zoom: Double? = nil, bearing: Double? = nil, curve: Double = 1.42,
            speed: Double = 1.2, maxDuration: Double? = nil
        ) -> CameraEvent {
            .fly(latitude: latitude, longitude: longitude, zoom: zoom, bearing: bearing, curve: curve, speed: speed, maxDuration: maxDuration)
        }
        func ease(zoom: Double? = nil, bearing: Double? = nil, duration: Double = 0.5) -> CameraEvent {
            .ease(latitude: nil, longitude: nil, zoom: zoom, bearing: bearing, duration: duration, easing: .default)
        }
        var cases: [(CameraEvent, String)] = [
            (ease(duration: -1), "duration -1.0 is out of range: expected a finite number of seconds >= 0"),
            (ease(duration: -0.001), "duration -0.001 is out of range"),
            (fly(maxDuration: -1), "maximum duration -1.0 is out of range: expected a finite number of seconds >= 0"),
            (fly(curve: 0), "fly curve 0.0 is out of range"),
            (fly(curve: -1), "fly curve -1.0 is out of range"),
            (fly(speed: 0), "fly speed 0.0 is out of range"),
            (fly(latitude: 95), "latitude 95.0 is out of range"),
            (fly(longitude: 181), "longitude 181.0 is out of range"),
            (.animatedDoubleTap(ScreenPoint(x: 1e6, y: 10)), "double-tap point (1000000.0, 10.0) is out of range"),
            (.release(GestureVelocity(x: 0, y: 0, zoomLevelsPerSecond: 1, anchor: ScreenPoint(x: -1e6, y: 0)), preset: .normal),
             "inertia anchor (-1000000.0, 0.0) is out of range"),
        ]
        for bad in Self.hostile {
            let problem = bad.isNaN ? "is not a number" : "is infinite"
            cases += [
                (ease(duration: bad), "duration \(bad) \(problem)"),
                (ease(zoom: bad), "zoom \(bad) \(problem)"),
                (ease(bearing: bad), "bearing \(bad) \(problem)"),
                (fly(zoom: bad), "zoom \(bad) \(problem)"),
                (fly(bearing: bad), "bearing \(bad) \(problem)"),
                (fly(curve: bad), "fly curve \(bad) \(problem)"),
                (fly(speed: bad), "fly speed \(bad) \(problem)"),
                (fly(maxDuration: bad), "maximum duration \(bad) \(problem)"),
                (fly(latitude: bad), "latitude \(bad) \(problem)"),
                (.animatedDoubleTap(ScreenPoint(x: bad, y: 10)), "double-tap point"),
                (.release(GestureVelocity(x: bad, y: 0), preset: .normal), "velocity x \(bad) \(problem)"),
                (.release(GestureVelocity(x: 0, y: bad), preset: .fast), "velocity y \(bad) \(problem)"),
                (.release(GestureVelocity(x: 0, y: 0, zoomLevelsPerSecond: bad), preset: .maplibre), "zoom velocity \(bad) \(problem)"),
                (.release(GestureVelocity(x: 0, y: 0, degreesPerSecond: bad), preset: .immediate), "rotation velocity \(bad) \(problem)"),
                (.release(GestureVelocity(x: 0, y: 0, anchor: ScreenPoint(x: 5, y: bad)), preset: .normal), "inertia anchor"),
            ]
        }
        for (event, wanted) in cases {
            for reduced in [false, true] {
                let error = #expect(throws: GeometryError.self, "\(event)") { try event.motion(from: camera, reducedMotion: reduced) }
                #expect(error?.description.contains(wanted) == true, "\(event): \(String(describing: error))")
            }
            var copy = camera
            let error = #expect(throws: GeometryError.self, "\(event)") { try copy.apply(event) }
            #expect(error?.description.contains(wanted) == true, "\(event): \(String(describing: error))")
            #expect(copy == camera, "\(event)")
        }
        // Huge finite values are not errors: the zoom is clamped, the bearing wrapped, the
        // latitude 90 clamped, a velocity of 1e300 thrown (and stopped by the world's edge).
        for event in [
            fly(latitude: 90, zoom: 1e300, bearing: 1e300), ease(zoom: -1e300, bearing: -1e300, duration: 1e300),
            fly(curve: 1e300, speed: 1e-300, maxDuration: 0), .release(GestureVelocity(x: 1e300, y: -1e300), preset: .normal),
        ] {
            var copy = camera
            try copy.apply(event)
            #expect(Self.isValid(copy), "\(event)")
            let motion = try #require(try event.motion(from: camera))
            #expect(motion.durationSeconds.isFinite && motion.durationSeconds >= 0, "\(event)")
        }
    }

    @Test("apply(_:) throws what its documentation lists: a jump's zoom that is not finite is invalidZoom naming the zoom and the limits, the camera unchanged")
    func applyJumpZoomError() throws {
        var camera = try Self.paris()
        let original = camera
        for bad in [Double.infinity, -.infinity] {
            #expect(throws: GeometryError.invalidZoom(name: "zoom", value: bad, minimum: 0, maximum: 22)) {
                try camera.apply(.jump(latitude: nil, longitude: nil, zoom: bad, bearing: nil))
            }
        }
        let error = #expect(throws: GeometryError.self) { try camera.apply(.jump(latitude: nil, longitude: nil, zoom: .nan, bearing: nil)) }
        guard case .invalidZoom(let name, let value, _, _)? = error, name == "zoom", value.isNaN else {
            Issue.record("jump zoom NaN: expected invalidZoom, got \(String(describing: error))")
            return
        }
        #expect(camera == original)
    }
}

extension CameraEvent {
    /// Applies the event to a copy of `camera` (the decoding test's way to reach the event's
    /// checks when decoding itself succeeded); the error surfaces as a `DecodingError`.
    fileprivate func validated(on camera: MercatorCamera) throws {
        var copy = camera
        do {
            try copy.apply(self)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: error.description, underlyingError: error))
        }
    }
}
