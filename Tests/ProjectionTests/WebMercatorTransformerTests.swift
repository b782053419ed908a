import Foundation
import GeoMath
import PropertyBased
import Testing
import TestSupport

@_spi(Baseline) @testable import Projection

@Suite("WebMercatorTransformer")
struct WebMercatorTransformerTests {
    /// Closed-form Web Mercator (EPSG Guidance Note 7-2, method 1024), independent of PROJ.
    static func closedForm(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        let a = 6_378_137.0
        let phi = min(max(latitude, -85.0511287798066), 85.0511287798066) * .pi / 180
        return (a * longitude * .pi / 180, a * log(tan(.pi / 4 + phi / 2)))
    }

    @Test("PROJ's published webmerc test points (builtins.gie): within 1e-6 m")
    func projTestPoints() throws {
        let transformer = try WebMercatorTransformer()
        // PROJ test/gie/builtins.gie, operation +proj=webmerc +ellps=WGS84:
        // accept 2 1 expect 222638.981586547 111325.142866385 (and the sign variants).
        for (lon, lat, x, y) in [
            (2.0, 1.0, 222_638.981586547, 111_325.142866385), (2, -1, 222_638.981586547, -111_325.142866385),
            (-2, 1, -222_638.981586547, 111_325.142866385), (-2, -1, -222_638.981586547, -111_325.142866385),
        ] {
            let p = try transformer.project(Coordinate(latitude: lat, longitude: lon))
            #expect(isClose(p.x, x, within: 1e-6) && isClose(p.y, y, within: 1e-6), "\(lon), \(lat) -> \(p)")
        }
    }

    @Test("EPSG Guidance Note 7-2 example for Popular Visualisation Pseudo-Mercator: within 0.01 m")
    func epsgExample() throws {
        // 24°22'54.433"N, 100°20'00.000"W -> E = -11 169 055.58 m, N = 2 800 000.00 m
        // (published to the centimetre).
        let coordinate = try Coordinate(latitude: 24 + 22 / 60 + 54.433 / 3600, longitude: -(100 + 20.0 / 60))
        let p = try WebMercatorTransformer().project(coordinate)
        #expect(isClose(p.x, -11_169_055.58, within: 0.01))
        #expect(isClose(p.y, 2_800_000.00, within: 0.01))
    }

    @Test("agrees with pyproj's EPSG:4326 -> EPSG:3857 within 1e-6 m (Fixtures/mercator.csv), one by one and batched")
    func matchesPyproj() throws {
        let fixture = try Fixture("mercator.csv")
        #expect(fixture.rows.count >= 1_000)
        let transformer = try WebMercatorTransformer()
        var longitudes = fixture.rows.map { fixture[$0, "longitude"] }
        var latitudes = fixture.rows.map { fixture[$0, "latitude"] }
        for row in fixture.rows {
            let p = try transformer.project(Coordinate(latitude: fixture[row, "latitude"], longitude: fixture[row, "longitude"]))
            #expect(isClose(p.x, fixture[row, "x"], within: 1e-6) && isClose(p.y, fixture[row, "y"], within: 1e-6), "\(row)")
        }
        try longitudes.withUnsafeMutableBufferPointer { x in
            try latitudes.withUnsafeMutableBufferPointer { y in
                try transformer.projectInPlace(longitudes: x, latitudes: y)
            }
        }
        for (index, row) in fixture.rows.enumerated() {
            #expect(isClose(longitudes[index], fixture[row, "x"], within: 1e-6) && isClose(latitudes[index], fixture[row, "y"], within: 1e-6))
        }
    }

    @Test("forward then inverse returns the coordinate within 1e-9 degrees inside +-85.05 (property, seeded)")
    func roundTrip() throws {
        let transformer = try WebMercatorTransformer()
        try forAll(count: 10_000, seed: 31, Generators.coordinate) { coordinate in
            guard abs(coordinate.latitude) <= 85.05 else { return true }
            let back = try transformer.coordinate(for: transformer.project(coordinate))
            return isClose(back.latitude, coordinate.latitude, within: 1e-9)
                && abs(longitudeDifference(back.longitude, coordinate.longitude)) <= 1e-9
        }
    }

    @Test("degrees converted here, then PROJ's webmerc step, equal PROJ's full EPSG:4326 -> EPSG:3857 pipeline bit for bit (10 000 coordinates)")
    func sameAsFullPipeline() throws {
        let transformer = try WebMercatorTransformer()
        let pipeline = try RawWebMercatorPipeline()
        var longitudes: [Double] = [], latitudes: [Double] = []
        forAll(count: 10_000, seed: 77, Generators.coordinate) { coordinate in
            longitudes.append(coordinate.longitude)
            latitudes.append(WebMercator.clampedLatitude(coordinate.latitude))
            return true
        }
        var x = longitudes, y = latitudes, px = longitudes, py = latitudes
        try x.withUnsafeMutableBufferPointer { (x) throws(ProjectionError) in
            try y.withUnsafeMutableBufferPointer { (y) throws(ProjectionError) in
                try transformer.projectInPlace(longitudes: x, latitudes: y)
            }
        }
        px.withUnsafeMutableBufferPointer { px in
            py.withUnsafeMutableBufferPointer { py in _ = pipeline.projectInPlace(longitudes: px, latitudes: py) }
        }
        let differing = zip(zip(x, y), zip(px, py)).filter { $0.0 != $1.0 || $0.1 != $1.1 }.count
        #expect(differing == 0, "\(differing) of 10 000 points differ from the pipeline")
    }

    @Test("BAD_INPUTS row 16: latitudes beyond +-85.0511287798066 are clamped, never NaN")
    func row16Clamped() throws {
        let transformer = try WebMercatorTransformer()
        let top = try transformer.project(Coordinate(latitude: 85.0511287798066, longitude: 0))
        for latitude in [85.06, 89.9, 90] {
            let p = try transformer.project(Coordinate(latitude: latitude, longitude: 10))
            #expect(p.y == top.y && p.y.isFinite)
            let q = try transformer.project(Coordinate(latitude: -latitude, longitude: 10))
            #expect(q.y == -top.y)
        }
        // The clamp latitude is where the map is square: y = W/2 (to 1e-6 m).
        #expect(isClose(top.y, WebMercator.worldWidthMeters / 2, within: 1e-6))
    }

    @Test("BAD_INPUTS row 32: a failed point followed by a good one: the good one succeeds, no stale error")
    func row32NoStaleError() throws {
        let transformer = try WebMercatorTransformer()
        #expect(throws: ProjectionError.self) { try transformer.coordinate(for: MercatorPoint(x: .nan, y: 0)) }
        // Force PROJ itself to fail: an inverse far outside the projection's domain.
        var x = [Double.infinity], y = [0.0]
        let failed = x.withUnsafeMutableBufferPointer { xs in
            y.withUnsafeMutableBufferPointer { ys in
                (try? transformer.projectInPlace(longitudes: xs, latitudes: ys)) == nil
            }
        }
        #expect(failed)
        let good = try transformer.project(Coordinate(latitude: 1, longitude: 2))
        #expect(isClose(good.x, 222_638.981586547, within: 1e-6))
    }

    @Test("BAD_INPUTS row 33: works with PROJ's database out of reach (the pipeline needs no proj.db)")
    func row33NoDatabase() throws {
        let saved = ProcessInfo.processInfo.environment["PROJ_DATA"]
        setenv("PROJ_DATA", "/nonexistent/proj-data", 1)
        defer { if let saved { setenv("PROJ_DATA", saved, 1) } else { unsetenv("PROJ_DATA") } }
        let transformer = try WebMercatorTransformer()
        let p = try transformer.project(Coordinate(latitude: 1, longitude: 2))
        #expect(isClose(p.x, 222_638.981586547, within: 1e-6) && isClose(p.y, 111_325.142866385, within: 1e-6))
    }

    @Test("batch buffers of different lengths are an error")
    func bufferMismatch() throws {
        let transformer = try WebMercatorTransformer()
        var x = [1.0, 2.0], y = [1.0]
        #expect(throws: ProjectionError.bufferLengthMismatch(longitudes: 2, latitudes: 1)) {
            try x.withUnsafeMutableBufferPointer { xs in
                try y.withUnsafeMutableBufferPointer { ys in try transformer.projectInPlace(longitudes: xs, latitudes: ys) }
            }
        }
    }
}
