import Foundation
import GeoMath
import PropertyBased
import Testing
import TestSupport

@testable import Projection

/// Web Mercator through PROJ on each thread's own context: `MercatorPoint(_:)`,
/// `MercatorPoint.coordinate`, the batches of `WebMercator`, and the closed-form fallback.
@Suite("WebMercator")
struct WebMercatorTests {
    /// Closed-form Web Mercator (EPSG Guidance Note 7-2, method 1024), independent of PROJ.
    static func closedForm(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        let a = 6_378_137.0
        let phi = min(max(latitude, -85.0511287798066), 85.0511287798066) * .pi / 180
        return (a * longitude * .pi / 180, a * log(tan(.pi / 4 + phi / 2)))
    }

    /// A result slot written by one thread and read by another after a semaphore.
    final class Box<T>: @unchecked Sendable {
        var value: T?
        init() {}
    }

    /// Runs `body` on a new thread (whose PROJ context does not exist yet) and returns its result.
    static func onNewThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T? {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        Thread {
            box.value = body()
            done.signal()
        }.start()
        done.wait()
        // Written before the signal, read after the wait.
        return box.value
    }

    @Test("PROJ's published webmerc test points (test/gie/4D-API_cs2cs-style.gie, data from EPSG Guidance Note 7-2): within 0.01 m")
    func projTestPoints() throws {
        // OSGeo/PROJ @52da98bd, test/gie/4D-API_cs2cs-style.gie lines 231-240:
        // "Web Mercator test data from EPSG Guidance Note 7-2", operation proj=webmerc +ellps=WGS84,
        // tolerance 1 cm.
        for (lon, lat, x, y) in [
            (-100.33333333, 24.46358028, -11_169_055.58, 2_810_000.00),
            (-100.33333333, 24.38178694, -11_169_055.58, 2_800_000.00),
        ] {
            let p = MercatorPoint(try Coordinate(latitude: lat, longitude: lon))
            #expect(isClose(p.x, x, within: 0.01) && isClose(p.y, y, within: 0.01), "\(lon), \(lat) -> \(p)")
        }
    }

    @Test("(+-2, +-1) degrees give the closed-form values that pyproj's EPSG:4326 -> EPSG:3857 also gives: within 1e-6 m")
    func closedFormPoints() throws {
        // x = a lambda, y = a ln tan(pi/4 + phi/2) with a = 6 378 137 m; pyproj 3.7.2 (PROJ
        // 9.5.1) gives the same to the printed digits (Fixtures/mercator.csv, row (1, 2)).
        for (lon, lat, x, y) in [
            (2.0, 1.0, 222_638.981586547, 111_325.142866385), (2, -1, 222_638.981586547, -111_325.142866385),
            (-2, 1, -222_638.981586547, 111_325.142866385), (-2, -1, -222_638.981586547, -111_325.142866385),
        ] {
            let p = MercatorPoint(try Coordinate(latitude: lat, longitude: lon))
            #expect(isClose(p.x, x, within: 1e-6) && isClose(p.y, y, within: 1e-6), "\(lon), \(lat) -> \(p)")
            let closed = Self.closedForm(latitude: lat, longitude: lon)
            #expect(isClose(closed.x, x, within: 1e-6) && isClose(closed.y, y, within: 1e-6), "\(lon), \(lat) -> \(closed)")
        }
    }

    @Test("EPSG Guidance Note 7-2 example for Popular Visualisation Pseudo-Mercator: within 0.01 m")
    func epsgExample() throws {
        // 24°22'54.433"N, 100°20'00.000"W -> E = -11 169 055.58 m, N = 2 800 000.00 m
        // (published to the centimetre).
        let coordinate = try Coordinate(latitude: 24 + 22 / 60 + 54.433 / 3600, longitude: -(100 + 20.0 / 60))
        let p = MercatorPoint(coordinate)
        #expect(isClose(p.x, -11_169_055.58, within: 0.01))
        #expect(isClose(p.y, 2_800_000.00, within: 0.01))
    }

    @Test("agrees with pyproj's EPSG:4326 -> EPSG:3857 within 1e-6 m (Fixtures/mercator.csv), one by one and batched")
    func matchesPyproj() throws {
        let fixture = try Fixture("mercator.csv")
        #expect(fixture.rows.count >= 1_000)
        var longitudes = fixture.rows.map { fixture[$0, "longitude"] }
        var latitudes = fixture.rows.map { fixture[$0, "latitude"] }
        var coordinates: [Coordinate] = []
        for row in fixture.rows {
            let coordinate = try Coordinate(latitude: fixture[row, "latitude"], longitude: fixture[row, "longitude"])
            coordinates.append(coordinate)
            let p = MercatorPoint(coordinate)
            #expect(isClose(p.x, fixture[row, "x"], within: 1e-6) && isClose(p.y, fixture[row, "y"], within: 1e-6), "\(row)")
        }
        try longitudes.withUnsafeMutableBufferPointer { (x) throws(GeometryError) in
            try latitudes.withUnsafeMutableBufferPointer { (y) throws(GeometryError) in
                try WebMercator.projectInPlace(longitudes: x, latitudes: y)
            }
        }
        for (index, row) in fixture.rows.enumerated() {
            #expect(isClose(longitudes[index], fixture[row, "x"], within: 1e-6) && isClose(latitudes[index], fixture[row, "y"], within: 1e-6))
        }
        // The array batch: the same bits as the buffer batch, and as one point at a time.
        let batch = WebMercator.project(coordinates)
        #expect(batch.count == coordinates.count)
        for (index, point) in batch.enumerated() {
            #expect(point.x == longitudes[index] && point.y == latitudes[index], "\(coordinates[index])")
            #expect(point == MercatorPoint(coordinates[index]), "\(coordinates[index])")
        }
        #expect(WebMercator.project([]).isEmpty)
    }

    @Test("MercatorPoint.coordinate inverts pyproj's EPSG:4326 -> EPSG:3857 points (Fixtures/mercator.csv): the input latitude, clamped, and longitude within 1e-12 degrees")
    func inverseMatchesPyproj() throws {
        let fixture = try Fixture("mercator.csv")
        #expect(fixture.rows.count >= 1_000)
        for row in fixture.rows {
            let coordinate = try MercatorPoint(x: fixture[row, "x"], y: fixture[row, "y"]).coordinate
            // pyproj projected the latitude clamped onto the square world (the CSV keeps the raw one).
            let latitude = min(max(fixture[row, "latitude"], -WebMercator.maximumLatitude), WebMercator.maximumLatitude)
            #expect(isClose(coordinate.latitude, latitude, within: 1e-12), "\(row): \(coordinate)")
            #expect(abs(longitudeDifference(coordinate.longitude, fixture[row, "longitude"])) <= 1e-12, "\(row): \(coordinate)")
        }
    }

    @Test("the closed-form fallback agrees with PROJ within 1e-8 m and 1e-12 degrees over Fixtures/mercator.csv; this thread uses PROJ")
    func closedFormMatchesPROJ() throws {
        #expect(WebMercatorPROJ.isUsingPROJ)
        #expect(Self.onNewThread { WebMercatorPROJ.isUsingPROJ } == true)
        let fixture = try Fixture("mercator.csv")
        for row in fixture.rows {
            let latitude = fixture[row, "latitude"], longitude = fixture[row, "longitude"]
            let proj = WebMercatorPROJ.forward(longitude: longitude, latitude: latitude)
            let closed = WebMercatorPROJ.closedFormForward(longitude: longitude, latitude: WebMercator.clampedLatitude(latitude))
            #expect(isClose(closed.x, proj.x, within: 1e-8) && isClose(closed.y, proj.y, within: 1e-8), "\(row): \(closed) vs \(proj)")
            let x = fixture[row, "x"], y = fixture[row, "y"]
            let inverse = WebMercatorPROJ.inverse(x: x, y: y)
            let closedInverse = WebMercatorPROJ.closedFormInverse(x: x, y: y)
            #expect(
                isClose(closedInverse.longitude, inverse.longitude, within: 1e-12)
                    && isClose(closedInverse.latitude, inverse.latitude, within: 1e-12),
                "\(row): \(closedInverse) vs \(inverse)")
        }
    }

    @Test("forward then inverse returns the coordinate within 1e-9 degrees inside +-85.05 (property, seeded)")
    func roundTrip() throws {
        forAll(count: 10_000, seed: 31, Generators.coordinate) { coordinate in
            guard abs(coordinate.latitude) <= 85.05 else { return true }
            let back = MercatorPoint(coordinate).coordinate
            return isClose(back.latitude, coordinate.latitude, within: 1e-9)
                && abs(longitudeDifference(back.longitude, coordinate.longitude)) <= 1e-9
        }
    }

    @Test("degrees converted here, then PROJ's webmerc step, equal PROJ's full EPSG:4326 -> EPSG:3857 pipeline bit for bit (10 000 coordinates)")
    func sameAsFullPipeline() throws {
        let pipeline = try #require(ProjTransformation(
            definition: "+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad +step +proj=webmerc +ellps=WGS84"))
        var longitudes: [Double] = [], latitudes: [Double] = []
        forAll(count: 10_000, seed: 77, Generators.coordinate) { coordinate in
            longitudes.append(coordinate.longitude)
            latitudes.append(WebMercator.clampedLatitude(coordinate.latitude))
            return true
        }
        var x = longitudes, y = latitudes, px = longitudes, py = latitudes
        try x.withUnsafeMutableBufferPointer { (x) throws(GeometryError) in
            try y.withUnsafeMutableBufferPointer { (y) throws(GeometryError) in
                try WebMercator.projectInPlace(longitudes: x, latitudes: y)
            }
        }
        px.withUnsafeMutableBufferPointer { px in
            py.withUnsafeMutableBufferPointer { py in _ = pipeline.rawForward(x: px, y: py) }
        }
        let differing = zip(zip(x, y), zip(px, py)).filter { $0.0 != $1.0 || $0.1 != $1.1 }.count
        #expect(differing == 0, "\(differing) of 10 000 points differ from the pipeline")
    }

    @Test("BAD_INPUTS row 16: latitudes beyond +-85.0511287798066 are clamped, never NaN")
    func row16Clamped() throws {
        let top = MercatorPoint(try Coordinate(latitude: 85.0511287798066, longitude: 0))
        for latitude in [85.06, 89.9, 90] {
            let p = MercatorPoint(try Coordinate(latitude: latitude, longitude: 10))
            #expect(p.y == top.y && p.y.isFinite)
            let q = MercatorPoint(try Coordinate(latitude: -latitude, longitude: 10))
            #expect(q.y == -top.y)
        }
        // The clamp latitude is where the map is square: y = W/2 (to 1e-6 m).
        #expect(isClose(top.y, WebMercator.worldWidthMeters / 2, within: 1e-6))
        // ... and it is a valid Mercator point, as every projected coordinate is.
        #expect(WebMercator.isOnWorld(x: top.x, y: top.y))
        #expect(try MercatorPoint(x: top.x, y: top.y) == top)
    }

    @Test("BAD_INPUTS row 32: a failed point followed by a good one: the good one succeeds, no stale error")
    func row32NoStaleError() throws {
        // By design a NaN Mercator point cannot be made any more (it used to fail on conversion).
        let nan = #expect(throws: GeometryError.self) { try MercatorPoint(x: .nan, y: 0) }
        guard case .mercatorOutsideWorld(let nanX, 0)? = nan, nanX.isNaN else {
            Issue.record("expected mercatorOutsideWorld(nan, 0), got \(String(describing: nan))")
            return
        }
        // Force PROJ itself to fail: an infinite longitude reaches proj_trans_generic.
        var x = [Double.infinity], y = [0.0]
        let failed = x.withUnsafeMutableBufferPointer { xs in
            y.withUnsafeMutableBufferPointer { ys in
                (try? WebMercator.projectInPlace(longitudes: xs, latitudes: ys)) == nil
            }
        }
        #expect(failed)
        // An infinite latitude among good points fails, naming its index, as an infinite
        // longitude does (before this row it was clamped onto the world's edge, and passed).
        for bad in [Double.infinity, -.infinity, .nan] {
            var lon = [2.35, 2.35, 2.35, 2.35], lat = [48.85, 48.85, bad, 48.85]
            let error = lon.withUnsafeMutableBufferPointer { xs in
                lat.withUnsafeMutableBufferPointer { ys in
                    #expect(throws: GeometryError.self) { try WebMercator.projectInPlace(longitudes: xs, latitudes: ys) }
                }
            }
            guard case .projTransform(let index, _, _)? = error else {
                Issue.record("latitude \(bad): expected projTransform, got \(String(describing: error))")
                continue
            }
            #expect(index == 2, "latitude \(bad)")
        }
        let good = MercatorPoint(try Coordinate(latitude: 1, longitude: 2))
        #expect(isClose(good.x, 222_638.981586547, within: 1e-6))
        // The batch path on the same thread's context sees no stale error either.
        var gx = [2.0], gy = [1.0]
        try gx.withUnsafeMutableBufferPointer { (xs) throws(GeometryError) in
            try gy.withUnsafeMutableBufferPointer { (ys) throws(GeometryError) in
                try WebMercator.projectInPlace(longitudes: xs, latitudes: ys)
            }
        }
        #expect(isClose(gx[0], 222_638.981586547, within: 1e-6) && isClose(gy[0], 111_325.142866385, within: 1e-6))
    }

    /// The files this process holds open whose path names PROJ's database.
    static func openDatabases() -> [String] {
        let directory = "/proc/self/fd"
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "\(directory)/\($0)") }
            .filter { $0.hasSuffix("proj.db") }
    }

    @Test("BAD_INPUTS row 33: PROJ's database is never opened: a new thread's context and a transformation convert through PROJ and leave the process's open proj.db files as they were; a CRS code, which needs the database, does open it")
    func row33NoDatabase() throws {
        // Open files are seen through /proc/self/fd (Linux); elsewhere only the conversion is
        // checked. Counted before and after rather than expected absent: PROJ keeps a database
        // it has opened for a CRS code in a process-wide cache.
        let canSeeFiles = FileManager.default.fileExists(atPath: "/proc/self/fd")
        let (before, after, usingPROJ, x, y) = try #require(Self.onNewThread { () -> (Int, Int, Bool, Double, Double) in
            let before = Self.openDatabases().count
            let transformation = ProjTransformation(definition: WebMercatorPROJ.definition)
            let p = MercatorPoint(Coordinate(uncheckedLatitude: 1, longitude: 2))
            let after = withExtendedLifetime(transformation) { Self.openDatabases().count }
            return (before, after, transformation != nil && WebMercatorPROJ.isUsingPROJ, p.x, p.y)
        })
        #expect(usingPROJ)
        #expect(isClose(x, 222_638.981586547, within: 1e-6) && isClose(y, 111_325.142866385, within: 1e-6))
        #expect(after == before, "a context without resource files opened proj.db")
        guard canSeeFiles else { return }
        // The check can see the database: a CRS code makes PROJ open it (where it is installed).
        let control = try #require(Self.onNewThread { () -> [String] in
            guard let crs = ProjTransformation(definition: "EPSG:3857", resourceFiles: true) else { return [] }
            return withExtendedLifetime(crs) { Self.openDatabases() }
        })
        #expect(!control.isEmpty, "EPSG:3857 did not open proj.db: is PROJ's database installed?")
    }

    @Test("batch buffers of different lengths are an error")
    func bufferMismatch() throws {
        var x = [1.0, 2.0], y = [1.0]
        #expect(throws: GeometryError.bufferLengthMismatch(longitudes: 2, latitudes: 1)) {
            try x.withUnsafeMutableBufferPointer { xs in
                try y.withUnsafeMutableBufferPointer { ys in try WebMercator.projectInPlace(longitudes: xs, latitudes: ys) }
            }
        }
    }

    @Test("BAD_INPUTS row 39: MercatorPoint(x:y:) accepts the world (W/2 + 1e-6 m included) and rejects NaN, infinities and off-world values, saying which")
    func mercatorPointValidation() throws {
        let half = WebMercator.worldWidthMeters / 2
        for (x, y) in [(0.0, 0.0), (half, half), (-half, -half), (half + 1e-6, -half - 1e-6), (-0.0, 1)] {
            #expect(WebMercator.isOnWorld(x: x, y: y), "\(x), \(y)")
            let point = try MercatorPoint(x: x, y: y)
            #expect(point.x == x && point.y == y)
            let coordinate = point.coordinate
            #expect(coordinate.longitude >= -180 && coordinate.longitude < 180 && abs(coordinate.latitude) <= 90)
        }
        for (x, y, problem) in [
            (Double.nan, 0.0, "is not a number"), (0, .nan, "is not a number"), (.infinity, 0, "is infinite"),
            (0, -.infinity, "is infinite"), (half + 1e-5, 0, "is out of range"), (0, -3e7, "is out of range"),
            (1e308, 0, "is out of range"),
        ] {
            #expect(!WebMercator.isOnWorld(x: x, y: y), "\(x), \(y)")
            let error = #expect(throws: GeometryError.self, "\(x), \(y)") { try MercatorPoint(x: x, y: y) }
            #expect(error?.description.contains(problem) == true, "\(String(describing: error))")
            if !x.isNaN && !y.isNaN { #expect(error == .mercatorOutsideWorld(x: x, y: y)) }
        }
        // Decoding validates as the initializer does.
        #expect(try JSONDecoder().decode(MercatorPoint.self, from: Data(#"{"x":1,"y":2}"#.utf8)) == MercatorPoint(x: 1, y: 2))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(MercatorPoint.self, from: Data(#"{"x":3e7,"y":2}"#.utf8)) }

        // Screen points: not finite or beyond one screen size outside the screen is an error;
        // a finite point beyond the world's north or south edge gives the edge.
        let camera = try MercatorCamera(center: MercatorPoint(x: 0, y: 0), zoom: 1, widthPoints: 390, heightPoints: 844)
        for point in [ScreenPoint(x: .nan, y: 0), ScreenPoint(x: 0, y: .infinity), ScreenPoint(x: -391, y: 0), ScreenPoint(x: 0, y: 1_689)] {
            #expect(throws: GeometryError.self, "\(point)") { try camera.coordinate(at: point) }
            #expect(throws: GeometryError.self, "\(point)") { try camera.mercatorPoint(at: point) }
        }
        // At zoom 1.72 (the world fills the 844-point height) the top edge is the world's
        // edge; 400 points above it is beyond the world.
        let beyond = try camera.mercatorPoint(at: ScreenPoint(x: 195, y: -400))
        #expect(beyond.y == half)
        #expect(isClose(try camera.coordinate(at: ScreenPoint(x: 195, y: -400)).latitude, WebMercator.maximumLatitude, within: 1e-9))
        #expect(isClose(try camera.coordinate(at: ScreenPoint(x: 195, y: 1_244)).latitude, -WebMercator.maximumLatitude, within: 1e-9))
    }

    @Test("projectInPlace is the documented exception to 'a function that throws has changed nothing': points before the failed one are converted")
    func projectInPlaceChangesBuffersBeforeThrowing() throws {
        var longitudes = [10.0, 20.0, 30.0], latitudes = [10.0, .nan, 5.0]
        let error = #expect(throws: GeometryError.self) {
            try longitudes.withUnsafeMutableBufferPointer { xs in
                try latitudes.withUnsafeMutableBufferPointer { ys in try WebMercator.projectInPlace(longitudes: xs, latitudes: ys) }
            }
        }
        #expect(error == .projTransform(index: 1, code: 0, message: "non-finite result"))
        // The first point is already an easting in metres (10 degrees is W / 36).
        #expect(isClose(longitudes[0], WebMercator.worldWidthMeters / 36, within: 1e-6))
    }

    @Test("mercatorOutsideWorld is thrown only beyond W/2 + 1e-6 m, as documented: W/2 + 5e-7 m is a point, W/2 + 2e-6 m an error")
    func outsideWorldTolerance() throws {
        let half = WebMercator.worldWidthMeters / 2
        #expect(try MercatorPoint(x: -half - 5e-7, y: half + 5e-7).y == half + 5e-7)
        #expect(throws: GeometryError.mercatorOutsideWorld(x: 0, y: half + 2e-6)) { try MercatorPoint(x: 0, y: half + 2e-6) }
    }

    @Test("BAD_INPUTS row 112: projectInPlace: longitudes beyond +-180 are wrapped up to 10 radians and refused beyond, as documented")
    func projectInPlaceLongitudesBeyondRange() throws {
        func project(_ longitude: Double) throws(GeometryError) -> Double {
            var longitudes = [longitude], latitudes = [0.0]
            try longitudes.withUnsafeMutableBufferPointer { (xs) throws(GeometryError) in
                try latitudes.withUnsafeMutableBufferPointer { (ys) throws(GeometryError) in
                    try WebMercator.projectInPlace(longitudes: xs, latitudes: ys)
                }
            }
            return longitudes[0]
        }
        let world = WebMercator.worldWidthMeters
        #expect(isClose(try project(190), -170 / 360 * world, within: 1e-6))
        #expect(isClose(try project(-200), 160 / 360 * world, within: 1e-6))
        #expect(isClose(try project(572), (572 - 720) / 360 * world, within: 1e-6))
        for longitude in [573.0, 1e15] {
            let error = #expect(throws: GeometryError.self) { try project(longitude) }
            guard case .projTransform(index: 0, code: let code, message: _)? = error else {
                Issue.record("\(String(describing: error))")
                continue
            }
            #expect(code != 0)
        }
    }

    @Test("coordinate of a point in the micrometre beyond W/2 lies up to 7.6e-13 degrees beyond maximumLatitude, as documented")
    func coordinateBeyondClampLatitude() throws {
        let half = WebMercator.worldWidthMeters / 2
        let edge = try MercatorPoint(x: 0, y: half).coordinate.latitude
        #expect(isClose(edge, WebMercator.maximumLatitude, within: 1e-14))
        for sign in [1.0, -1.0] {
            let latitude = try MercatorPoint(x: half, y: sign * (half + 1e-6)).coordinate.latitude
            #expect(abs(latitude) > WebMercator.maximumLatitude)
            #expect(isClose(abs(latitude), 85.05112877980736, within: 2e-14))
            #expect(abs(latitude) - WebMercator.maximumLatitude < 7.6e-13)
        }
    }

    @Test("world-copy arithmetic: nearestCopyOffset keeps offsets within half a world, wrappedEasting wraps into [-W/2, W/2)")
    func worldCopies() throws {
        let world = WebMercator.worldWidthMeters, half = world / 2
        for dx in [0.0, 1, -1, half - 1, -(half - 1), 1e-9] {
            #expect(WebMercator.nearestCopyOffset(dx) == dx, "\(dx)")
        }
        for dx in [world - 1, -(world - 1), half + 10, -(half + 10)] {
            let offset = WebMercator.nearestCopyOffset(dx)
            #expect(abs(offset) <= half && isClose(abs(offset - dx), world, within: 1e-6), "\(dx) -> \(offset)")
        }
        #expect(WebMercator.wrappedEasting(half) == -half)
        #expect(WebMercator.wrappedEasting(-half) == -half)
        #expect(WebMercator.wrappedEasting(0) == 0)
        #expect(isClose(WebMercator.wrappedEasting(half + 5), -half + 5, within: 1e-6))
        #expect(isClose(WebMercator.wrappedEasting(3 * world + 7), 7, within: 1e-6))
    }
}
