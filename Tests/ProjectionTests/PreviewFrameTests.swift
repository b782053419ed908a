import Foundation
import GeoMath
import PropertyBased
import Testing
import TestSupport

@testable import Projection

@Suite("PreviewFrame")
struct PreviewFrameTests {
    @Test("the walk-through's MapKit snapshot recipe: the fitted camera's mapKitVisibleMapRect has the frame's aspect, and a snapshot of it (map points scaled linearly onto the frame's size) puts every pin where the frame does, to 1e-9 points")
    func snapshotRectangleMatchesTheFrame() throws {
        for (latitude, longitude) in [(48.8566, 2.3522), (-33.87, 151.21), (0, 179.99), (64.1, -21.9), (88, 10)] {
            let user = try Coordinate(latitude: latitude, longitude: longitude)
            let circle = GeodesicCircle.userVicinity(around: user)
            let frame = try PreviewFrame(circle: circle, widthPoints: 390, displayScale: 3)
            let camera = try MercatorCamera(fitting: circle, widthPoints: frame.widthPoints, heightPoints: frame.heightPoints)
            let rect = camera.mapKitVisibleMapRect
            #expect(isClose(rect.width / rect.height, frame.widthPoints / frame.heightPoints, relative: 1e-12))
            for (dLat, dLon) in [(0.0, 0.0), (0.05, 0.08), (-0.07, -0.1), (0.09, -0.12)] {
                let place = MercatorPoint(try Coordinate.normalized(latitude: min(90, latitude + dLat), longitude: longitude + dLon))
                let mapPoint = MapKitMapPoint(place)
                // (The rectangle's x is normalised into [0, 2^28): the place's copy nearest it.)
                var dx = mapPoint.x - rect.origin.x
                dx -= (dx / MapKitMapPoint.worldSize).rounded() * MapKitMapPoint.worldSize
                let snapshot = ScreenPoint(x: dx * frame.widthPoints / rect.width, y: (mapPoint.y - rect.origin.y) * frame.heightPoints / rect.height)
                let expected = frame.point(for: place)
                #expect(isClose(snapshot.x, expected.x, within: 1e-9) && isClose(snapshot.y, expected.y, within: 1e-9), "\(latitude), \(longitude): \(snapshot) vs \(expected)")
            }
        }
    }

    /// Closed-form Web Mercator (EPSG Guidance Note 7-2), independent of PROJ.
    static func mercator(_ latitude: Double, _ longitude: Double) -> (x: Double, y: Double) {
        WebMercatorTests.closedForm(latitude: latitude, longitude: longitude)
    }

    /// DESIGN.md's scale, computed here from closed-form Mercator values of the bounds.
    static func expectedScale(region: GeodesicCircle, width: Double, height: Double) -> Double {
        let b = region.bounds, c = region.center
        let center = mercator(c.latitude, c.longitude)
        let halfWidth: Double
        if b.spansAllLongitudes {
            halfWidth = .pi * 6_378_137
        } else {
            let east = (b.east - c.longitude).truncatingRemainder(dividingBy: 360)
            let west = (c.longitude - b.west).truncatingRemainder(dividingBy: 360)
            halfWidth = max((east < 0 ? east + 360 : east), (west < 0 ? west + 360 : west)) * .pi / 180 * 6_378_137
        }
        let halfHeight = max(mercator(b.north, 0).y - center.y, center.y - mercator(b.south, 0).y)
        var s = Double.infinity
        if halfWidth > 0 { s = min(s, width / 2 / halfWidth) }
        if halfHeight > 0 { s = min(s, height / 2 / halfHeight) }
        return s
    }

    @Test("points agree with DESIGN.md's formula on the fixture's Mercator values within 1e-6 points")
    func pointsMatchFormula() throws {
        let fixture = try Fixture("mercator.csv")
        for (latitude, longitude, width) in [(48.8566, 2.3522, 390.0), (-17.7, 179.95, 1170), (64.1466, -21.9426, 320), (0, 0, 800)] {
            let region = try GeodesicCircle(center: Coordinate(latitude: latitude, longitude: longitude), radiusMeters: 10_000)
            let frame = try PreviewFrame(circle: region, widthPoints: width)
            let height = width * 9 / 16
            #expect(frame.heightPoints == height)
            let s = Self.expectedScale(region: region, width: width, height: height)
            #expect(isClose(frame.pointsPerMercatorMeter, s, within: s * 1e-12))
            let center = Self.mercator(latitude, longitude)
            for row in fixture.rows {
                let pin = try Coordinate(latitude: fixture[row, "latitude"], longitude: fixture[row, "longitude"])
                let dx = (fixture[row, "x"] - center.x).remainder(dividingBy: 2 * .pi * 6_378_137)
                let expected = ScreenPoint(x: width / 2 + dx * s, y: height / 2 - (fixture[row, "y"] - center.y) * s)
                let point = frame.point(for: pin)
                #expect(isClose(point.x, expected.x, within: 1e-6) && isClose(point.y, expected.y, within: 1e-6), "\(row)")
            }
        }
    }

    /// Whether the frame's top edge is the world's north edge or its bottom edge the south
    /// edge (within 1e-6 points).
    static func touchesWorldEdge(_ frame: PreviewFrame) -> Bool {
        let half = WebMercator.worldWidthMeters / 2, s = frame.pointsPerMercatorMeter, y = frame.centerMercator.y
        let northEdge = frame.heightPoints / 2 - (half - y) * s, southEdge = frame.heightPoints / 2 + (half + y) * s
        return isClose(northEdge, 0, within: 1e-6) || isClose(southEdge, frame.heightPoints, within: 1e-6)
    }

    /// Whether the frame shows nothing beyond the world north or south (1e-6 m).
    static func insideWorld(_ frame: PreviewFrame) -> Bool {
        abs(frame.centerMercator.y) + frame.heightPoints / 2 / frame.pointsPerMercatorMeter <= WebMercator.worldWidthMeters / 2 + 1e-6
    }

    @Test("the center lands at (w/2, h/2), or on the middle column with the frame against the world's edge, and the region's bounds land inside the frame (property, seeded)")
    func centerAndBounds() throws {
        var moved = 0
        try forAll(count: 2_000, seed: 41, zip(Generators.coordinate, Generators.radius)) { input in
            let (center, radius) = input
            guard abs(center.latitude) < 85 else { return true }
            let region = try GeodesicCircle(center: center, radiusMeters: radius)
            let frame = try PreviewFrame(circle: region, widthPoints: 390, displayScale: 3)
            let c = frame.point(for: region.center)
            // Changed by design: a frame that would show beyond the world's north or south edge
            // is moved so that its edge is the world's; the center then leaves the middle row.
            let centered = isClose(c.y, 390 * 9 / 16 / 2, within: 1e-9)
            if !centered { moved += 1 }
            var ok = isClose(c.x, 195, within: 1e-9) && (centered || Self.touchesWorldEdge(frame)) && Self.insideWorld(frame)
            // Every corner of the bounds, and the extreme points of the circle, lie in the frame
            // (1e-6 points of rounding).
            let b = region.bounds
            for (lat, lon) in [(b.north, b.west), (b.north, b.east), (b.south, b.west), (b.south, b.east)] where !b.spansAllLongitudes {
                let p = frame.point(for: try Coordinate(latitude: lat, longitude: lon))
                ok = ok && p.x >= -1e-6 && p.x <= 390 + 1e-6 && p.y >= -1e-6 && p.y <= frame.heightPoints + 1e-6
            }
            for azimuth in stride(from: 0.0, to: 360, by: 15) {
                let edge = try center.coordinate(at: radius, facing: azimuth)
                let p = frame.point(for: edge)
                ok = ok && p.x.isFinite && p.y.isFinite && p.y >= -1e-6 && p.y <= frame.heightPoints + 1e-6
                if !b.spansAllLongitudes { ok = ok && p.x >= -1e-6 && p.x <= 390 + 1e-6 }
            }
            return ok
        }
        // Most circles leave the frame centred; big ones at high latitudes move it.
        #expect(moved > 0 && moved < 2_000 / 4, "\(moved) frames moved to the world's edge")
    }

    @Test("point(for:) and coordinate(for:) are inverse; contains is the frame rectangle; pixels per Mercator metre are points times the display scale")
    func inverse() throws {
        let region = GeodesicCircle.userVicinity(around: try Coordinate(latitude: 52.52, longitude: 13.405))
        let frame = try PreviewFrame(circle: region, widthPoints: 390)
        for point in [ScreenPoint(x: 0, y: 0), ScreenPoint(x: 390, y: 219.375), ScreenPoint(x: 12.5, y: 100)] {
            let coordinate = try frame.coordinate(at: point)
            let back = frame.point(for: coordinate)
            #expect(isClose(back.x, point.x, within: 1e-6) && isClose(back.y, point.y, within: 1e-6))
            #expect(frame.contains(point))
        }
        #expect(!frame.contains(ScreenPoint(x: -0.001, y: 10)))
        #expect(!frame.contains(ScreenPoint(x: 10, y: 219.376)))
        #expect(frame.pixelsPerMercatorMeter == frame.pointsPerMercatorMeter)
        // Pixels per Mercator metre are points times the display scale (exactly: a product of
        // two doubles, the scale a power of two here or 3).
        for scale in [2.0, 3] {
            let sharp = try PreviewFrame(circle: region, widthPoints: 390, displayScale: scale)
            #expect(sharp.pointsPerMercatorMeter == frame.pointsPerMercatorMeter)
            #expect(sharp.pixelsPerMercatorMeter == frame.pointsPerMercatorMeter * scale)
        }
    }

    @Test("contains(_:) counts a point up to 1e-6 points (edgeTolerancePoints) beyond an edge as in the frame, and 2e-6 points beyond as out")
    func containsWithinEdgeTolerance() throws {
        // The placement's accuracy (DESIGN.md, the screen transform): a place on an edge that
        // computes a few 1e-7 points outside it is still in the frame, and a tap there is
        // delivered.
        let frame = try PreviewFrame(
            circle: GeodesicCircle.userVicinity(around: try Coordinate(latitude: 52.52, longitude: 13.405)), widthPoints: 390)
        let (w, h) = (frame.widthPoints, frame.heightPoints)
        for (x, y) in [(-5e-7, 100.0), (w + 5e-7, 100), (200, -5e-7), (200, h + 5e-7), (-9e-7, -9e-7), (w + 9e-7, h + 9e-7)] {
            #expect(frame.contains(ScreenPoint(x: x, y: y)), "(\(x), \(y)) is within 1e-6 points of the \(w) x \(h) frame")
        }
        for (x, y) in [(-2e-6, 100.0), (w + 2e-6, 100), (200, -2e-6), (200, h + 2e-6)] {
            #expect(!frame.contains(ScreenPoint(x: x, y: y)), "(\(x), \(y)) is more than 1e-6 points outside the frame")
        }
        // The preview's tap follows the same rule.
        let map = PreviewState.map(circle: frame.circle, frame: frame, attempt: 1)
        let edgeTap = ScreenPoint(x: w + 5e-7, y: 100)
        #expect(map.next(on: .tap(edgeTap)).effects == [.deliverTap(edgeTap)])
    }

    @Test("without a height, the height is width * 9/16 to the last bit, as documented, for fractional widths too (a 3x screen's points come in thirds): divided by the rounded 16/9, 795 of the 2 995 widths of 2 to 1 000 points in thirds were a last bit above it (10/3 points: 1.8750000000000002, not 1.875)")
    func defaultHeightIsNineSixteenthsOfTheWidth() throws {
        let region = GeodesicCircle.userVicinity(around: try Coordinate(latitude: 48.8566, longitude: 2.3522))
        for thirds in 6...3_000 {
            let width = Double(thirds) / 3
            let frame = try PreviewFrame(circle: region, widthPoints: width)
            // Exact equality is the claim: a rounding rule, not an approximation.
            #expect(frame.heightPoints == width * 9 / 16, "width \(width)")
        }
        #expect(try PreviewFrame(circle: region, widthPoints: 10.0 / 3).heightPoints == 1.875)
    }

    @Test("BAD_INPUTS row 15: width or height <= 0, NaN or inf, a width under 16/9 without a height, and display scale <= 0 or NaN are errors")
    func row15BadSizes() throws {
        let region = GeodesicCircle.userVicinity(around: try Coordinate(latitude: 0, longitude: 0))
        for bad in [0.0, -1, .nan, .infinity, -.infinity] {
            #expect(throws: GeometryError.self) { try PreviewFrame(circle: region, widthPoints: bad) }
            #expect(throws: GeometryError.self) { try PreviewFrame(circle: region, widthPoints: 390, heightPoints: bad) }
        }
        for bad in [0.0, -2, .nan, .infinity] {
            #expect(throws: GeometryError.self) { try PreviewFrame(circle: region, widthPoints: 390, displayScale: bad) }
        }
        let range = ScreenTransform.sizeRangePoints
        #expect(GeometryError.invalidSize(name: "width", value: -1, range: range).description.contains("-1"))
        #expect(throws: GeometryError.invalidSize(name: "height", value: -1, range: range)) {
            try PreviewFrame(circle: region, widthPoints: 390, heightPoints: -1)
        }
        // Without a height, a width under 16/9 would make the height under 1 point: the error
        // names the width the caller gave and its range, not a height they never gave.
        for narrow in [1.0, 1.7777777777777775, Double.leastNonzeroMagnitude, -1] {
            #expect(throws: GeometryError.invalidSize(name: "width of a 16:9 frame", value: narrow, range: 16.0 / 9.0...1_000_000)) {
                try PreviewFrame(circle: region, widthPoints: narrow)
            }
        }
        let narrowest = try PreviewFrame(circle: region, widthPoints: 16.0 / 9.0)
        #expect(narrowest.heightPoints == 1)
        #expect(throws: GeometryError.invalidSize(name: "width", value: 1_000_001, range: range)) {
            try PreviewFrame(circle: region, widthPoints: 1_000_001)
        }
        #expect(throws: GeometryError.invalidDisplayScale(-2, maximum: PreviewFrame.maximumDisplayScale)) {
            try PreviewFrame(circle: region, widthPoints: 390, displayScale: -2)
        }
        // The messages say what is wrong with the value.
        for (value, problem) in [(Double.nan, "is not a number"), (.infinity, "is infinite"), (-1, "is out of range")] {
            let error = #expect(throws: GeometryError.self) { try PreviewFrame(circle: region, widthPoints: value) }
            #expect(error?.description.contains(problem) == true, "\(String(describing: error))")
            #expect(error?.errorDescription == error?.description)
            let scaleError = #expect(throws: GeometryError.self) { try PreviewFrame(circle: region, widthPoints: 390, displayScale: value) }
            #expect(scaleError?.description.contains(problem) == true, "\(String(describing: scaleError))")
        }
    }

    @Test("fuzz and review findings: frames of 1.6e69 or 1e-320 points and display scale 1e300 are errors; tiny regions in the largest frame stay finite")
    func hugeFrameIsAnError() throws {
        let region = GeodesicCircle.userVicinity(around: try Coordinate(latitude: 0, longitude: 0))
        #expect(throws: GeometryError.invalidSize(name: "width", value: 1.6340899438724717e69, range: 1...1_000_000)) {
            try PreviewFrame(circle: region, widthPoints: 1.6340899438724717e69, heightPoints: 1.6340899438724717e69)
        }
        #expect(throws: GeometryError.invalidDisplayScale(1e300, maximum: 100)) {
            try PreviewFrame(circle: region, widthPoints: 390, displayScale: 1e300)
        }
        // Frames smaller than a point could have a scale of 0 (review finding).
        for tiny in [Double.leastNonzeroMagnitude, 1e-3, 0.999] {
            #expect(throws: GeometryError.self) { try PreviewFrame(circle: region, widthPoints: tiny) }
        }
        // The largest frame and scale over the smallest regions stay finite everywhere: the
        // scale is capped, so even radius 1e-300 m gives finite points, pixels and inverses.
        for radius in [1e-6, 1e-300] {
            let frame = try PreviewFrame(
                circle: try GeodesicCircle(center: Coordinate(latitude: 0, longitude: 0), radiusMeters: radius),
                widthPoints: 1_000_000, heightPoints: 1_000_000, displayScale: 100)
            #expect(frame.pixelsPerMercatorMeter.isFinite && frame.pointsPerMercatorMeter <= ScreenTransform.maximumPointsPerMercatorMeter)
            for mercator in [try MercatorPoint(x: 2e7, y: -2e7), try MercatorPoint(x: -2e7, y: 2e7), try MercatorPoint(x: 1e-9, y: 0)] {
                let point = frame.point(for: mercator)
                #expect(point.x.isFinite && point.y.isFinite, "radius \(radius), \(mercator)")
            }
            for screen in [ScreenPoint(x: 0, y: 0), ScreenPoint(x: 500_000, y: 500_000), ScreenPoint(x: 2e6, y: -1e6)] {
                let back = try frame.mercatorPoint(at: screen)
                #expect(back.x.isFinite && back.y.isFinite, "radius \(radius), \(screen)")
            }
        }
        // The smallest frame over the whole world: a scale above 0, finite inverses.
        let world = try PreviewFrame(circle: GeodesicCircle.world, widthPoints: 1, heightPoints: 1)
        #expect(world.pointsPerMercatorMeter > 0)
        let corner = try world.mercatorPoint(at: ScreenPoint(x: -1, y: 2))
        #expect(corner.x.isFinite && corner.y.isFinite)
        let frame = try PreviewFrame(circle: region, widthPoints: 390)
        // Changed by design: a NaN Mercator point cannot be made, so it never reaches the frame.
        #expect(throws: GeometryError.self) { try MercatorPoint(x: .nan, y: 0) }
        #expect(throws: GeometryError.self) { try frame.mercatorPoint(at: ScreenPoint(x: 1e300, y: 0)) }
        #expect(throws: GeometryError.self) { try frame.coordinate(at: ScreenPoint(x: 0, y: .nan)) }
    }

    @Test("BAD_INPUTS row 42: a view a few nanometres wide on the antimeridian shows a zero-width box on it, never every longitude")
    func row42TinyViewOnAntimeridian() throws {
        let origin = try Coordinate(latitude: 0, longitude: 0)
        for longitude in [180.0, -180] {
            for radius in [1e-10, 1e-12, .leastNonzeroMagnitude] {
                let circle = try GeodesicCircle(center: Coordinate(latitude: 0, longitude: longitude), radiusMeters: radius)
                let bounds = try PreviewFrame(circle: circle, widthPoints: 390).transform.visibleBounds
                #expect(bounds.west == -180 && bounds.east == -180, "radius \(radius): \(bounds)")
                #expect(!bounds.spansAllLongitudes && !bounds.contains(origin))
                #expect(bounds.contains(circle.center) && bounds.south <= 0 && bounds.north >= 0)
            }
        }
        // The whole world is still every longitude.
        let world = try PreviewFrame(circle: GeodesicCircle.world, widthPoints: 390).transform.visibleBounds
        #expect(world.spansAllLongitudes)
    }

    @Test("BAD_INPUTS row 17: a pin across the antimeridian lands next to the center")
    func row17Antimeridian() throws {
        let region = GeodesicCircle.userVicinity(around: try Coordinate(latitude: -17.7, longitude: 179.98))
        let frame = try PreviewFrame(circle: region, widthPoints: 390)
        let across = frame.point(for: try Coordinate(latitude: -17.7, longitude: -179.98))
        // 0.04 degrees east of the center: about 4.2 km, right of center and inside the frame.
        #expect(across.x > 195 && across.x < 390)
        #expect(frame.contains(across))
    }

    @Test("a region containing a pole and reaching into the map gets a frame the width of the world, never NaN")
    func poleRegion() throws {
        // Changed by design: 10 km around the pole lies wholly beyond the Web Mercator world and
        // is now shown as a polar user's 10 km view at the world's edge (see the polar tests);
        // 1 000 km around the pole reaches 81 degrees and still needs every longitude.
        let region = try GeodesicCircle(center: Coordinate(latitude: 90, longitude: 0), radiusMeters: 1_000_000)
        #expect(region.containsNorthPole && region.bounds.spansAllLongitudes && region.bounds.south < WebMercator.maximumLatitude)
        let frame = try PreviewFrame(circle: region, widthPoints: 390)
        #expect(isClose(frame.pointsPerMercatorMeter, 390 / WebMercator.worldWidthMeters, within: 1e-15))
        #expect(Self.insideWorld(frame) && Self.touchesWorldEdge(frame))
        let p = frame.point(for: try Coordinate(latitude: 89.99, longitude: 120))
        #expect(p.x.isFinite && p.y.isFinite)
        // The 10 km pole circle: finite, never NaN, and shown as 10 km around the world's edge
        // at the user's longitude.
        let polar = try PreviewFrame(
            circle: try GeodesicCircle(center: Coordinate(latitude: 90, longitude: 0), radiusMeters: 10_000), widthPoints: 390)
        let q = polar.point(for: try Coordinate(latitude: 89.99, longitude: 120))
        #expect(q.x.isFinite && q.y.isFinite)
        let edge = try PreviewFrame(
            circle: try GeodesicCircle(center: Coordinate(latitude: WebMercator.maximumLatitude, longitude: 0), radiusMeters: 10_000),
            widthPoints: 390)
        #expect(polar.transform == edge.transform)
    }

    // MARK: - Polar users

    static let polarLatitudes = [85.06, 88, 89.99, 90, -90, -87]
    static let polarLongitudes = [0, 13.4, -73.9, 179.99, -179.99, 180, -180]
    static let frameHeights = [390 * 9 / 16.0, 844]

    @Test("BAD_INPUTS row 37: polar users: the preview frame and MercatorCamera(fitting:) agree on center (x bit for bit, y within 1e-9 m) and scale (1e-12 relative)")
    func polarFrameMatchesCamera() throws {
        for latitude in Self.polarLatitudes {
            for longitude in Self.polarLongitudes {
                let user = try Coordinate(latitude: latitude, longitude: longitude)
                let circle = GeodesicCircle.userVicinity(around: user)
                for height in Self.frameHeights {
                    let name = "user (\(latitude), \(longitude)), 390 x \(height)"
                    let frame = try PreviewFrame(circle: circle, widthPoints: 390, heightPoints: height)
                    let camera = try MercatorCamera(fitting: .userVicinity(around: user), widthPoints: 390, heightPoints: height)
                    #expect(frame.circle == circle, "\(name)")
                    #expect(frame.centerMercator.x == camera.centerMercator.x, "\(name): \(frame.centerMercator) vs \(camera.centerMercator)")
                    #expect(isClose(frame.centerMercator.y, camera.centerMercator.y, within: 1e-9),
                            "\(name): \(frame.centerMercator) vs \(camera.centerMercator)")
                    #expect(isClose(frame.pointsPerMercatorMeter, camera.pointsPerMercatorMeter, within: frame.pointsPerMercatorMeter * 1e-12),
                            "\(name): \(frame.pointsPerMercatorMeter) vs \(camera.pointsPerMercatorMeter)")
                    #expect(MercatorCameraTests.isValid(camera), "\(name)")
                }
            }
        }
    }

    @Test("Polar users: the frame never shows beyond the world and is a 10 km view (within a factor 2 of the scale at latitude 85), not a strip of the whole world")
    func polarFrameInsideWorld() throws {
        for latitude in Self.polarLatitudes {
            for longitude in Self.polarLongitudes {
                let user = try Coordinate(latitude: latitude, longitude: longitude)
                let reference = GeodesicCircle.userVicinity(
                    around: try Coordinate(latitude: latitude > 0 ? 85 : -85, longitude: longitude))
                for height in Self.frameHeights {
                    let name = "user (\(latitude), \(longitude)), 390 x \(height)"
                    let frame = try PreviewFrame(circle: .userVicinity(around: user), widthPoints: 390, heightPoints: height)
                    let halfHeight = frame.heightPoints / 2 / frame.pointsPerMercatorMeter
                    let limit = WebMercator.worldWidthMeters / 2 + 1e-6
                    #expect(frame.centerMercator.y + halfHeight <= limit && frame.centerMercator.y - halfHeight >= -limit,
                            "\(name): center \(frame.centerMercator), half height \(halfHeight) m")
                    // The world's edge is the frame's edge on the user's side.
                    #expect(Self.touchesWorldEdge(frame), "\(name)")
                    // A circle wholly beyond the world is shown as the circle of the same radius
                    // centred on the world's edge at the user's longitude.
                    let circle = GeodesicCircle.userVicinity(around: user)
                    let limit85 = WebMercator.maximumLatitude
                    if circle.bounds.south >= limit85 || circle.bounds.north <= -limit85 {
                        let shown = try GeodesicCircle(
                            center: Coordinate(latitude: latitude > 0 ? limit85 : -limit85, longitude: longitude), radiusMeters: 10_000)
                        let edge = try PreviewFrame(circle: shown, widthPoints: 390, heightPoints: height)
                        #expect(frame.transform == edge.transform, "\(name)")
                    }
                    let scale85 = try PreviewFrame(circle: reference, widthPoints: 390, heightPoints: height).pointsPerMercatorMeter
                    let ratio = frame.pointsPerMercatorMeter / scale85
                    #expect(ratio >= 0.5 && ratio <= 2, "\(name): scale \(frame.pointsPerMercatorMeter) vs \(scale85) at 85 degrees")
                }
            }
        }
    }

    @Test("BAD_INPUTS row 37: polar users: the user's own pin is on the frame's edge at the world's edge (within 1e-6 points, or a northing's last bit at the largest scales) and counts as in the frame")
    func polarUserPinInFrame() throws {
        for latitude in Self.polarLatitudes {
            for longitude in Self.polarLongitudes {
                let user = try Coordinate(latitude: latitude, longitude: longitude)
                for height in Self.frameHeights {
                    let name = "user (\(latitude), \(longitude)), 390 x \(height)"
                    let frame = try PreviewFrame(circle: .userVicinity(around: user), widthPoints: 390, heightPoints: height)
                    let layout = PinLayout(
                        announcements: [Announcement(id: "me", status: "MISSING", latitude: latitude, longitude: longitude)], frame: frame)
                    let pin = try #require(layout.pins.first, "\(name)")
                    #expect(layout.pins.count == 1 && layout.skipped.isEmpty, "\(name)")
                    // Beyond 85.0511287798066 the pin is clamped to the world's edge, which is
                    // the frame's top (north) or bottom (south) edge, in the middle.
                    #expect(isClose(pin.point.x, 195, within: 1e-6), "\(name): \(pin.point)")
                    #expect(isClose(pin.point.y, latitude > 0 ? 0 : height, within: 1e-6), "\(name): \(pin.point)")
                    #expect(pin.inFrame, "\(name): \(pin.point)")
                    #expect(pin.distanceMeters == 0, "\(name)")
                }
                // And for the tiniest circles, at the preview's largest scale (before: 4 nm
                // beyond the world's edge, the pin was 0.018 to 3 616 points beyond the frame).
                for radius in [1.0, 1e-6, 1e-9, .leastNonzeroMagnitude] where abs(latitude) > WebMercator.maximumLatitude {
                    for (width, height) in [(390.0, Double?.none), (1e6, 562_500)] {
                        let frame = try PreviewFrame(circle: GeodesicCircle(center: user, radiusMeters: radius), widthPoints: width, heightPoints: height)
                        let layout = PinLayout(
                            announcements: [Announcement(id: "me", status: "MISSING", latitude: latitude, longitude: longitude)], frame: frame)
                        let pin = try #require(layout.pins.first)
                        let name = "user (\(latitude), \(longitude)), radius \(radius), \(width) wide"
                        // (At such scales a northing's last bit near the edge, 3.7e-9 m, is up to
                        // 1 853 points: the center and the pin each within one of it.)
                        let ulp = (WebMercator.worldWidthMeters / 2).ulp * frame.transform.pointsPerMercatorMeter
                        #expect(pin.inFrame, "\(name): \(pin.point)")
                        #expect(isClose(pin.point.y, latitude > 0 ? 0 : frame.heightPoints, within: 2 * ulp + 1e-6), "\(name): \(pin.point)")
                        #expect(abs(pin.mercator.y) == WebMercator.worldWidthMeters / 2, "\(name)")
                    }
                }
            }
        }
    }

    @Test("BAD_INPUTS row 37: a polar user's own pin is in the frame for every circle from 1 m down to 1e-12 m (200 radii, frames of 50 x 20 to 1000 x 844 points): the frame's edge is the world's edge rounded outward, so the pin lies on it or within a northing's last bit inside (before: for a 1 mm circle it lay 1e-6 to 2.8e-5 points beyond the frame, inFrame false)")
    func polarUserPinInFrameAtEveryRadius() throws {
        for latitude in Self.polarLatitudes {
            let user = try Coordinate(latitude: latitude, longitude: 13.4)
            let announcement = Announcement(id: "me", status: "MISSING", latitude: latitude, longitude: 13.4)
            for k in 0...200 {
                let radius = pow(10, -Double(k) * 12 / 200)
                for (width, height) in [(50.0, 20.0), (390, 219.375), (1_000, 844)] {
                    let frame = try PreviewFrame(circle: GeodesicCircle(center: user, radiusMeters: radius), widthPoints: width, heightPoints: height)
                    let pin = try #require(PinLayout(announcements: [announcement], frame: frame).pins.first)
                    #expect(pin.inFrame, "user (\(latitude), 13.4), radius \(radius), \(width) x \(height): \(pin.point)")
                    // Never beyond the world's edge by more than its last bit.
                    let halfHeight = height / 2 / frame.pointsPerMercatorMeter
                    let edge = WebMercator.worldWidthMeters / 2
                    #expect(frame.centerMercator.y + halfHeight <= edge + edge.ulp * 1.5 && frame.centerMercator.y - halfHeight >= -edge - edge.ulp * 1.5)
                }
            }
        }
    }

    @Test("BAD_INPUTS row 37: a polar user's coordinate is drawn where PinLayout draws its pin, bit for bit, by point(for: Coordinate) and by ProjectedPins(coordinates:) placed in the frame or a camera (before: 4 nm beyond the world's edge, up to 3 616 points above a 390-point frame of a micrometre circle, not in it)")
    func polarCoordinatePlacedAsItsPin() throws {
        for latitude in Self.polarLatitudes where abs(latitude) > WebMercator.maximumLatitude {
            for longitude in Self.polarLongitudes {
                let user = try Coordinate(latitude: latitude, longitude: longitude)
                for radius in [10_000.0, 1, 1e-6, 1e-9, .leastNonzeroMagnitude] {
                    let name = "user (\(latitude), \(longitude)), radius \(radius)"
                    let frame = try PreviewFrame(circle: GeodesicCircle(center: user, radiusMeters: radius), widthPoints: 390)
                    let layout = PinLayout(
                        announcements: [Announcement(id: "me", status: "FOUND", latitude: latitude, longitude: longitude)], frame: frame)
                    let pin = try #require(layout.pins.first)
                    let direct = frame.point(for: user)
                    #expect(direct == pin.point, "\(name): \(direct) against the pin's \(pin.point)")
                    #expect(frame.contains(direct), "\(name): \(direct)")
                    let projected = ProjectedPins(coordinates: [user], ids: ["me"])
                    // (The pin's longitude 180 is normalised to -180, the coordinate's kept: the
                    // eastings may be W apart, the northings are the same edge.)
                    #expect(projected[0].y == pin.mercator.y, "\(name)")
                    var placed: [ScreenPoint] = []
                    frame.transform.place(projected, into: &placed)
                    #expect(placed == [pin.point], "\(name): \(placed)")
                    let camera = try MercatorCamera(fitting: GeodesicCircle(center: user, radiusMeters: radius), widthPoints: 390, heightPoints: 219.375)
                    camera.place(projected, into: &placed)
                    #expect(placed == [camera.point(for: pin.mercator)] && camera.point(for: user) == placed[0], "\(name)")
                }
            }
        }
    }
}
