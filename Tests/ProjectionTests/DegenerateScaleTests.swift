import Foundation
import GeoMath
import PropertyBased
import Testing
import TestSupport

@testable import Projection

/// Tiny, huge and subnormal radii at every latitude and longitude: the preview frame and the
/// camera's fit give the documented cap (the largest scale, or the whole world), never a
/// collapse to another regime. Issue 16, class 2: a circle of 1e-12 m in Paris once showed the
/// whole world, because its projected bounds coincide with its center to the last digit; the
/// equator and prime meridian, where the old test looked, cannot show the fault.
@Suite("Degenerate scales")
struct DegenerateScaleTests {
    static let cap = ScreenTransform.maximumPointsPerMercatorMeter

    /// Centers anywhere on the globe (uniform over its area), and screens from the smallest to
    /// the largest.
    static var cases: Generator<(Coordinate, Double, Double), some SendableSequenceType> {
        zip(Generators.coordinate, Gen<Int>.int(in: 0...3)).map { coordinate, size -> (Coordinate, Double, Double) in
            (coordinate, screens[size].0, screens[size].1)
        }
    }

    static let screens: [(Double, Double)] = [(390, 219.375), (1, 1), (1_000_000, 1_000_000), (844, 390)]

    /// The places a uniform draw almost never reaches: the poles, the world's edge, the
    /// antimeridian, the equator.
    static let edges: [Coordinate] = [-90.0, -85.0511287798066, -60, 0, 60, 85.0511287798066, 90].flatMap { latitude in
        [-180.0, 0, 179.999_999_999, 180].map { longitude in Coordinate(uncheckedLatitude: latitude, longitude: longitude) }
    }

    static func scale(_ center: Coordinate, _ radius: Double, _ width: Double, _ height: Double) throws -> Double {
        try PreviewFrame(circle: GeodesicCircle(center: center, radiusMeters: radius), widthPoints: width, heightPoints: height)
            .pointsPerMercatorMeter
    }

    /// The shown center for a circle around `center` at scale `scale`: its projection
    /// (latitude clamped to the world's edge, as for polar users), kept inside the world.
    static func expectedCenter(_ center: Coordinate, height: Double, scale: Double) throws -> (x: Double, y: Double) {
        let circle = try GeodesicCircle(center: center, radiusMeters: 1)
        let projected = MercatorPoint(circle.center)
        return (projected.x, ScreenTransform.insideWorld(projected.y, heightPoints: height, scale: scale))
    }

    /// Tiny radii around `center` on a `width` x `height` screen: exactly the cap and the
    /// expected center, in the preview and the camera's fit.
    static func tinyRadiiHold(_ center: Coordinate, _ width: Double, _ height: Double) throws -> Bool {
        let radii = [Double.leastNonzeroMagnitude, Double.leastNormalMagnitude, 1e-300, 1e-200, 1e-100, 1e-20, 1e-15, 1e-14]
        let expected = try expectedCenter(center, height: height, scale: cap)
        for radius in radii {
            let circle = try GeodesicCircle(center: center, radiusMeters: radius)
            let frame = try PreviewFrame(circle: circle, widthPoints: width, heightPoints: height)
            let camera = try MercatorCamera(fitting: circle, widthPoints: width, heightPoints: height)
            let shown = frame.transform
            let holds = frame.pointsPerMercatorMeter == cap
                && camera.zoom == camera.limits.maximumZoom
                && shown.centerX == expected.x && shown.centerY == expected.y
                && camera.centerMercator.x == expected.x
            if !holds {
                Issue.record("radius \(radius) at \(center) on \(width) x \(height): scale \(frame.pointsPerMercatorMeter), zoom \(camera.zoom), center \(shown.centerX), \(shown.centerY), expected \(expected)")
                return false
            }
        }
        return true
    }

    @Test("BAD_INPUTS row 42: radii from 5e-324 to 1e-14 m give exactly the largest scale and the circle's own projected center, in the preview and the camera's fit, anywhere (property, seeded) and at the poles, the world's edge and the antimeridian")
    func tinyRadiiGiveTheCap() throws {
        try forAll(count: 300, seed: 1601, Self.cases) { center, width, height in
            try Self.tinyRadiiHold(center, width, height)
        }
        for center in Self.edges {
            for (width, height) in Self.screens {
                #expect(try Self.tinyRadiiHold(center, width, height))
            }
        }
    }

    @Test("BAD_INPUTS row 42: below 0.2 m the scale is the 0.2 m circle's scale times 0.2 / radius (capped) within 1e-6, at every latitude and longitude: one regime from a metre down to the cap (property, seeded)")
    func smallRadiiScaleInverselyWithTheRadius() throws {
        let radii = zip(Self.cases, Gen<Double>.double(in: -13 ... -0.71))
        try forAll(count: 2_000, seed: 1602, radii) { testCase, exponent in
            let (center, width, height) = testCase
            return try Self.scalesInversely(center, pow(10, exponent), width, height)
        }
        // The poles, the world's edge and the antimeridian; on both sides of the change of method.
        for center in Self.edges {
            for (width, height) in Self.screens {
                for radius in [1e-9, 1e-3, 0.1.nextDown, 0.1, 0.1.nextUp, 0.15] {
                    #expect(try Self.scalesInversely(center, radius, width, height))
                }
            }
        }
    }

    static func scalesInversely(_ center: Coordinate, _ radius: Double, _ width: Double, _ height: Double) throws -> Bool {
        let reference = try Self.scale(center, 0.2, width, height)
        let expected = min(Self.cap, reference * 0.2 / radius)
        let actual = try Self.scale(center, radius, width, height)
        guard isClose(actual, expected, within: expected * 1e-6) else {
            Issue.record("radius \(radius) at \(center) on \(width) x \(height): \(actual), expected \(expected)")
            return false
        }
        return true
    }

    @Test("BAD_INPUTS row 42: where the fit changes its way at 0.1 m (local scale factors below, projected bounds above), the scales just below and at 0.1 m agree within 4e-8 at every half degree of latitude, polar users included, whichever side of the screen decides")
    func methodsAgreeAtTheSwitch() throws {
        var worst = 0.0
        for k in 0...360 {
            let center = try Coordinate(latitude: -90 + Double(k) / 2, longitude: 13.4)
            for (width, height) in [(390.0, 219.375), (390, 844), (844, 390)] {
                let below = try Self.scale(center, 0.1.nextDown, width, height)
                let at = try Self.scale(center, 0.1, width, height)
                // (Taken to first order only, the local extents parted from the bounds' by up
                // to 9.4e-8 near the poles, with the height deciding: larger at 85 degrees, and
                // smaller for a polar user, whose circle ends at the world's edge.)
                worst = max(worst, abs(below / at - 1))
                #expect(abs(below / at - 1) <= 4e-8, "\(center) on \(width) x \(height): \(below) below 0.1 m, \(at) at it")
            }
        }
        // (The bounds' own rounding, about 1e-9 m of a 0.1 m circle, leaves a few 1e-8.)
        #expect(worst > 0)
    }

    @Test("BAD_INPUTS row 42: at 0.1 m the two ways of the fit agree within 1e-7 at every longitude, not within 4e-8 as near the prime meridian: eastings near the antimeridian round to 3.7e-9 m, 4e-8 of the radius (9.4e-8 at 26.75 S, 179.999999 E on a 390 x 844 screen)")
    func methodsAgreeAtTheSwitchAtEveryLongitude() throws {
        var worst = 0.0
        for k in 0...360 {
            for longitude in [-180.0, -179.999999, -165, -90, 45, 179.9, 179.999999] {
                let center = try Coordinate(latitude: -90 + Double(k) / 2, longitude: longitude)
                for (width, height) in [(390.0, 219.375), (390, 844), (844, 390)] {
                    let below = try Self.scale(center, 0.1.nextDown, width, height)
                    let at = try Self.scale(center, 0.1, width, height)
                    worst = max(worst, abs(below / at - 1))
                    #expect(abs(below / at - 1) <= 1e-7, "\(center) on \(width) x \(height): \(below) below 0.1 m, \(at) at it")
                }
            }
        }
        // Away from the prime meridian the 4e-8 of methodsAgreeAtTheSwitch does not hold.
        #expect(worst > 4e-8)
    }

    @Test("the smallest scale a fit gives is 1 / (2 W) = 1.25e-8, not 2.5e-8 as maximumPointsPerMercatorMeter's docs said: the largest circle around 90 N on a 1 x 1 screen reaches a whole world south of its center (1.2477e-8)")
    func smallestScaleIsHalfAPointPerWorld() throws {
        let world = WebMercator.worldWidthMeters
        var smallest = Double.infinity
        for latitude in [-90.0, -85.0511287798066, -60, 0, 60, 85, 85.0511287798066, 90] {
            let scale = try Self.scale(Coordinate(latitude: latitude, longitude: 0), .greatestFiniteMagnitude, 1, 1)
            #expect(scale.isFinite && scale >= 1 / (2 * world) * (1 - 1e-12), "\(latitude): \(scale)")
            smallest = min(smallest, scale)
        }
        #expect(isClose(smallest, 1 / (2 * world), relative: 1e-12))
        #expect(smallest < 2.5e-8)
    }

    @Test("BAD_INPUTS row 42: the scale never grows with the radius, from 5e-324 m to 1e300 m, for any center and screen (property, seeded)")
    func scaleIsMonotone() throws {
        var radii: [Double] = [.leastNonzeroMagnitude, 1e-300, 1e-13]
        radii += stride(from: -12.0, through: 7.5, by: 0.25).map { pow(10, $0) }
        radii += [WGS84.halfMeridianMeters * (1 - 1e-12), WGS84.halfMeridianMeters, 1e8, 1e300, .greatestFiniteMagnitude]
        try forAll(count: 200, seed: 1603, Self.cases) { center, width, height in
            var previous = Double.infinity
            for radius in radii {
                let scale = try Self.scale(center, radius, width, height)
                // 1e-7 of slack where the method changes at 0.1 m (the two ways agree there
                // within 1e-7: methodsAgreeAtTheSwitchAtEveryLongitude).
                guard scale.isFinite, scale > 0, scale <= previous * (1 + 1e-7) else {
                    Issue.record("radius \(radius) at \(center) on \(width) x \(height): \(scale) after \(previous)")
                    return false
                }
                previous = scale
            }
            return true
        }
    }

    @Test("BAD_INPUTS row 42: from half a meridian up to the largest double, every center gets the whole world's bounds centred on itself (closed form, 1e-12 relative)")
    func hugeRadiiShowTheWorld() throws {
        let edge = WebMercatorTests.closedForm(latitude: 90, longitude: 0).y
        for (width, height) in [(390.0, 219.375), (1.0, 1.0), (1_000_000.0, 1_000_000.0), (844.0, 390.0)] {
            forAll(count: 200, seed: 1604, Generators.coordinate) { center in
                // DESIGN.md's rule for bounds spanning every longitude and the whole world's
                // height, around the center's own northing.
                let y = WebMercatorTests.closedForm(latitude: center.latitude, longitude: 0).y
                let expected = min(width / 2 / (.pi * 6_378_137), height / 2 / max(edge - y, y + edge))
                return [WGS84.halfMeridianMeters, 3e7, 1e300, .greatestFiniteMagnitude].allSatisfy { radius in
                    guard let circle = try? GeodesicCircle(center: center, radiusMeters: radius),
                          let frame = try? PreviewFrame(circle: circle, widthPoints: width, heightPoints: height),
                          let shown = try? Self.expectedCenter(center, height: height, scale: frame.pointsPerMercatorMeter)
                    else { return false }
                    return isClose(frame.pointsPerMercatorMeter, expected, within: expected * 1e-12)
                        && frame.transform.centerX == shown.x && frame.transform.centerY == shown.y
                }
            }
        }
    }

    @Test("the local scale factors agree with differences of closed-form projected bounds for radii of 1 m to 10 m, within their second-order terms (2e-6 x radius in metres x max(1, tan latitude), relative)")
    func localFactorsMatchBounds() throws {
        try forAll(count: 500, seed: 1605, zip(Generators.coordinate, Gen<Double>.double(in: 0...1))) { center, exponent in
            let latitude = min(max(center.latitude, -85), 85)
            let circle = try GeodesicCircle(center: Coordinate(latitude: latitude, longitude: center.longitude), radiusMeters: pow(10, exponent))
            let local = ScreenTransform.localHalfExtents(circle)
            let b = circle.bounds, c = circle.center
            let middle = WebMercatorTests.closedForm(latitude: c.latitude, longitude: c.longitude)
            let north = WebMercatorTests.closedForm(latitude: b.north, longitude: c.longitude).y - middle.y
            let south = middle.y - WebMercatorTests.closedForm(latitude: b.south, longitude: c.longitude).y
            let east = longitudeDifference(b.east, c.longitude) * .pi / 180 * 6_378_137
            // Second-order terms: radius / 6 400 km times tan(latitude) at most (<= 2e-5 at 85
            // degrees and 10 m).
            let tolerance = 2e-6 * pow(10, exponent) * max(1, abs(tan(latitude * .pi / 180)))
            return isClose(local.north, max(north, south), within: local.north * tolerance + 1e-8)
                && isClose(local.east, east, within: local.east * tolerance + 1e-8)
        }
    }
}

/// One rule for every viewport, wherever a size enters (issue 16: a camera once accepted
/// 5e-324 points while a preview required 1).
@Suite("One viewport rule")
struct ViewportRuleTests {
    static let rejected: [Double] = [
        .leastNonzeroMagnitude, .leastNormalMagnitude, 1e-300, 0.5, 0.999_999_999, 1_000_000.000_001, 1e300,
        0, -0.0, -1, .nan, .infinity, -.infinity,
    ]
    static let accepted: [Double] = [1, 1.5, 390, 999_999.999, 1_000_000]

    @Test("BAD_INPUTS row 43: sizes outside [1, 1 000 000] points (5e-324, 0.999999999, 1e6 + 1e-6, NaN...) are the same invalidSize error for the camera, its fit, a saved camera, a resize event and the preview; the bounds themselves are accepted everywhere")
    func row43OneViewportRule() throws {
        let circle = GeodesicCircle.userVicinity(around: try Coordinate(latitude: 48.8566, longitude: 2.3522))
        let center = try MercatorPoint(x: 261_845, y: 6_250_566)
        for size in Self.rejected + Self.accepted {
            let valid = ScreenTransform.sizeRangePoints.contains(size)
            let expected = GeometryError.invalidSize(name: "width", value: size, range: ScreenTransform.sizeRangePoints)
            // Each way a width enters, with a valid height.
            let attempts: [(String, () throws -> Void)] = [
                ("camera", { _ = try MercatorCamera(center: center, zoom: 12, widthPoints: size, heightPoints: 390) }),
                ("fit", { _ = try MercatorCamera(fitting: circle, widthPoints: size, heightPoints: 390) }),
                ("preview", { _ = try PreviewFrame(circle: circle, widthPoints: size, heightPoints: 390) }),
                ("saved camera", {
                    let json = #"{"latitude":48.85,"longitude":2.35,"zoom":12,"width":\#(size.isFinite ? "\(size)" : "1e999"),"height":390}"#
                    _ = try JSONDecoder().decode(MercatorCamera.self, from: Data(json.utf8))
                }),
                ("resize event", {
                    var camera = try MercatorCamera(center: center, zoom: 12, widthPoints: 390, heightPoints: 844)
                    let before = camera
                    do { try camera.apply(.resize(width: size, height: 390)) } catch {
                        #expect(camera == before, "a rejected resize changed the camera")
                        throw error
                    }
                }),
            ]
            for (name, attempt) in attempts {
                do {
                    try attempt()
                    #expect(valid, "\(name) accepted width \(size)")
                } catch let error as GeometryError {
                    #expect(!valid, "\(name) rejected width \(size): \(error)")
                    // Decoding cannot carry NaN or an infinity through JSON; every other way
                    // names the value exactly.
                    if !valid && name != "saved camera" && !size.isNaN {
                        #expect(error == expected, "\(name), width \(size): \(error)")
                    }
                } catch {
                    // A saved camera wraps the size error in a DecodingError: the same error for
                    // a finite width (JSON has no NaN or infinity: 1e999 fails as a number).
                    #expect(!valid && name == "saved camera", "\(name), width \(size): \(error)")
                    if size.isFinite {
                        guard case DecodingError.dataCorrupted(let context) = error else {
                            Issue.record("saved camera, width \(size): \(error)")
                            continue
                        }
                        #expect(context.underlyingError as? GeometryError == expected, "saved camera, width \(size): \(context)")
                        #expect(context.debugDescription == expected.description)
                    }
                }
            }
        }
        // A direct resize outside the range is ignored (the gesture rule), never applied.
        var camera = try MercatorCamera(center: center, zoom: 12, widthPoints: 390, heightPoints: 844)
        let before = camera
        for size in Self.rejected { camera.resize(widthPoints: size, heightPoints: size) }
        #expect(camera == before)
    }
}
