import Foundation
import GeoMath
import PropertyBased
import Testing
import TestSupport

@testable import Projection

@Suite("PreviewFrame")
struct PreviewFrameTests {
    /// Closed-form Web Mercator (EPSG Guidance Note 7-2), independent of PROJ.
    static func mercator(_ latitude: Double, _ longitude: Double) -> (x: Double, y: Double) {
        WebMercatorTransformerTests.closedForm(latitude: latitude, longitude: longitude)
    }

    /// DESIGN.md's scale, computed here from closed-form Mercator values of the bounds.
    static func expectedScale(region: CoordinateRegion, width: Double, height: Double) -> Double {
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
        let transformer = try WebMercatorTransformer()
        for (latitude, longitude, width) in [(48.8566, 2.3522, 390.0), (-17.7, 179.95, 1170), (64.1466, -21.9426, 320), (0, 0, 800)] {
            let region = try CoordinateRegion(center: Coordinate(latitude: latitude, longitude: longitude), radiusMeters: 10_000)
            let frame = try PreviewFrame(region: region, widthPoints: width, transformer: transformer)
            let height = width * 9 / 16
            #expect(frame.heightPoints == height)
            let s = Self.expectedScale(region: region, width: width, height: height)
            #expect(isClose(frame.pointsPerMeter, s, within: s * 1e-12))
            let center = Self.mercator(latitude, longitude)
            for row in fixture.rows {
                let pin = try Coordinate(latitude: fixture[row, "latitude"], longitude: fixture[row, "longitude"])
                let dx = (fixture[row, "x"] - center.x).remainder(dividingBy: 2 * .pi * 6_378_137)
                let expected = ScreenPoint(x: width / 2 + dx * s, y: height / 2 - (fixture[row, "y"] - center.y) * s)
                let point = try frame.point(for: pin, transformer: transformer)
                #expect(isClose(point.x, expected.x, within: 1e-6) && isClose(point.y, expected.y, within: 1e-6), "\(row)")
            }
        }
    }

    @Test("the center lands at (w/2, h/2) and the region's bounds land inside the frame (property, seeded)")
    func centerAndBounds() throws {
        let transformer = try WebMercatorTransformer()
        try forAll(count: 2_000, seed: 41, zip(Generators.coordinate, Generators.radius)) { input in
            let (center, radius) = input
            guard abs(center.latitude) < 85 else { return true }
            let region = try CoordinateRegion(center: center, radiusMeters: radius)
            let frame = try PreviewFrame(region: region, widthPoints: 390, displayScale: 3, transformer: transformer)
            let c = try frame.point(for: region.center, transformer: transformer)
            var ok = isClose(c.x, 195, within: 1e-9) && isClose(c.y, 390 * 9 / 16 / 2, within: 1e-9)
            // Every corner of the bounds, and the extreme points of the circle, lie in the frame
            // (1e-6 points of rounding).
            let b = region.bounds
            for (lat, lon) in [(b.north, b.west), (b.north, b.east), (b.south, b.west), (b.south, b.east)] where !b.spansAllLongitudes {
                let p = try frame.point(for: Coordinate(latitude: lat, longitude: lon), transformer: transformer)
                ok = ok && p.x >= -1e-6 && p.x <= 390 + 1e-6 && p.y >= -1e-6 && p.y <= frame.heightPoints + 1e-6
            }
            for azimuth in stride(from: 0.0, to: 360, by: 15) {
                let edge = try center.coordinate(at: radius, facing: azimuth)
                let p = try frame.point(for: edge, transformer: transformer)
                ok = ok && p.x.isFinite && p.y.isFinite && p.y >= -1e-6 && p.y <= frame.heightPoints + 1e-6
                if !b.spansAllLongitudes { ok = ok && p.x >= -1e-6 && p.x <= 390 + 1e-6 }
            }
            return ok
        }
    }

    @Test("point(for:) and coordinate(for:) are inverse; contains is the frame rectangle")
    func inverse() throws {
        let transformer = try WebMercatorTransformer()
        let region = CoordinateRegion.userVicinity(around: try Coordinate(latitude: 52.52, longitude: 13.405))
        let frame = try PreviewFrame(region: region, widthPoints: 390, transformer: transformer)
        for point in [ScreenPoint(x: 0, y: 0), ScreenPoint(x: 390, y: 219.375), ScreenPoint(x: 12.5, y: 100)] {
            let coordinate = try frame.coordinate(for: point, transformer: transformer)
            let back = try frame.point(for: coordinate, transformer: transformer)
            #expect(isClose(back.x, point.x, within: 1e-6) && isClose(back.y, point.y, within: 1e-6))
            #expect(frame.contains(point))
        }
        #expect(!frame.contains(ScreenPoint(x: -0.001, y: 10)))
        #expect(!frame.contains(ScreenPoint(x: 10, y: 219.376)))
        #expect(frame.pixelsPerMeter == frame.pointsPerMeter)
    }

    @Test("BAD_INPUTS row 15: width or height <= 0, NaN or inf, and display scale <= 0 or NaN are errors")
    func row15BadSizes() throws {
        let transformer = try WebMercatorTransformer()
        let region = CoordinateRegion.userVicinity(around: try Coordinate(latitude: 0, longitude: 0))
        for bad in [0.0, -1, .nan, .infinity, -.infinity] {
            #expect(throws: ProjectionError.self) { try PreviewFrame(region: region, widthPoints: bad, transformer: transformer) }
            #expect(throws: ProjectionError.self) { try PreviewFrame(region: region, widthPoints: 390, heightPoints: bad, transformer: transformer) }
        }
        for bad in [0.0, -2, .nan, .infinity] {
            #expect(throws: ProjectionError.self) { try PreviewFrame(region: region, widthPoints: 390, displayScale: bad, transformer: transformer) }
        }
        #expect(ProjectionError.invalidSize(name: "width", value: -1).description.contains("-1"))
    }

    @Test("fuzz and review findings: frames of 1.6e69 or 1e-320 points and display scale 1e300 are errors; tiny regions in the largest frame stay finite")
    func hugeFrameIsAnError() throws {
        let transformer = try WebMercatorTransformer()
        let region = CoordinateRegion.userVicinity(around: try Coordinate(latitude: 0, longitude: 0))
        #expect(throws: ProjectionError.invalidSize(name: "width", value: 1.6340899438724717e69)) {
            try PreviewFrame(region: region, widthPoints: 1.6340899438724717e69, heightPoints: 1.6340899438724717e69, transformer: transformer)
        }
        #expect(throws: ProjectionError.invalidDisplayScale(1e300)) {
            try PreviewFrame(region: region, widthPoints: 390, displayScale: 1e300, transformer: transformer)
        }
        // Frames smaller than a point could have a scale of 0 (review finding).
        for tiny in [Double.leastNonzeroMagnitude, 1e-3, 0.999] {
            #expect(throws: ProjectionError.self) { try PreviewFrame(region: region, widthPoints: tiny, transformer: transformer) }
        }
        // The largest frame and scale over the smallest regions stay finite everywhere: the
        // scale is capped, so even radius 1e-300 m gives finite points, pixels and inverses.
        for radius in [1e-6, 1e-300] {
            let frame = try PreviewFrame(
                region: try CoordinateRegion(center: Coordinate(latitude: 0, longitude: 0), radiusMeters: radius),
                widthPoints: 1_000_000, heightPoints: 1_000_000, displayScale: 100, transformer: transformer)
            #expect(frame.pixelsPerMeter.isFinite && frame.pointsPerMeter <= PreviewFrame.maximumPointsPerMeter)
            for mercator in [MercatorPoint(x: 2e7, y: -2e7), MercatorPoint(x: -2e7, y: 2e7), MercatorPoint(x: 1e-9, y: 0)] {
                let point = try frame.point(forMercator: mercator)
                #expect(point.x.isFinite && point.y.isFinite, "radius \(radius), \(mercator)")
            }
            for screen in [ScreenPoint(x: 0, y: 0), ScreenPoint(x: 500_000, y: 500_000), ScreenPoint(x: 2e6, y: -1e6)] {
                let back = try frame.mercator(for: screen)
                #expect(back.x.isFinite && back.y.isFinite, "radius \(radius), \(screen)")
            }
        }
        // The smallest frame over the whole world: a scale above 0, finite inverses.
        let world = try PreviewFrame(region: CoordinateRegion.world, widthPoints: 1, heightPoints: 1, transformer: transformer)
        #expect(world.pointsPerMeter > 0)
        let corner = try world.mercator(for: ScreenPoint(x: -1, y: 2))
        #expect(corner.x.isFinite && corner.y.isFinite)
        let frame = try PreviewFrame(region: region, widthPoints: 390, transformer: transformer)
        #expect(throws: ProjectionError.self) { try frame.point(forMercator: MercatorPoint(x: .nan, y: 0)) }
        #expect(throws: ProjectionError.self) { try frame.mercator(for: ScreenPoint(x: 1e300, y: 0)) }
    }

    @Test("BAD_INPUTS row 17: a pin across the antimeridian lands next to the center")
    func row17Antimeridian() throws {
        let transformer = try WebMercatorTransformer()
        let region = CoordinateRegion.userVicinity(around: try Coordinate(latitude: -17.7, longitude: 179.98))
        let frame = try PreviewFrame(region: region, widthPoints: 390, transformer: transformer)
        let across = try frame.point(for: Coordinate(latitude: -17.7, longitude: -179.98), transformer: transformer)
        // 0.04 degrees east of the center: about 4.2 km, right of center and inside the frame.
        #expect(across.x > 195 && across.x < 390)
        #expect(frame.contains(across))
    }

    @Test("a region containing a pole gets a frame the width of the world, never NaN")
    func poleRegion() throws {
        let transformer = try WebMercatorTransformer()
        let region = try CoordinateRegion(center: Coordinate(latitude: 90, longitude: 0), radiusMeters: 10_000)
        let frame = try PreviewFrame(region: region, widthPoints: 390, transformer: transformer)
        #expect(isClose(frame.pointsPerMeter, 390 / WebMercator.worldWidthMeters, within: 1e-15))
        let p = try frame.point(for: Coordinate(latitude: 89.99, longitude: 120), transformer: transformer)
        #expect(p.x.isFinite && p.y.isFinite)
    }
}
