import PropertyBased
import TestSupport
import Testing

@testable import GeoMath

/// The geodesic problems against GeographicLib (Fixtures/direct.csv, Fixtures/inverse.csv).
@Suite("Geodesic distance, azimuths and destinations")
struct GeodesicPathTests {
    // Tolerances of the issue: distances within 1e-6 m, positions within 1e-9 degrees.
    // Azimuths get 1e-9 degrees too, except where they are not unique (coincident or antipodal
    // points, points at a pole), which the fixture flags.
    static let metres = 1e-6
    static let degrees = 1e-9

    @Test("inverse problem agrees with GeographicLib: distance within 1e-6 m, azimuths within 1e-9 degrees")
    func inverseMatchesGeographicLib() throws {
        let fixture = try Fixture("inverse.csv")
        #expect(fixture.rows.count >= 1_000)
        for row in fixture.rows {
            let a = try Coordinate(latitude: fixture[row, "latitude1"], longitude: fixture[row, "longitude1"])
            let b = try Coordinate(latitude: fixture[row, "latitude2"], longitude: fixture[row, "longitude2"])
            let path = a.geodesic(to: b)
            #expect(isClose(path.distanceMeters, fixture[row, "distanceMeters"], within: Self.metres), "\(a) -> \(b)")
            #expect(isClose(a.distance(to: b), fixture[row, "distanceMeters"], within: Self.metres), "\(a) -> \(b)")
            if fixture[row, "azimuthsUnique"] == 1 {
                #expect(abs(longitudeDifference(path.initialAzimuthDegrees, fixture[row, "azimuth1"])) <= Self.degrees, "\(a) -> \(b)")
                #expect(abs(longitudeDifference(path.finalAzimuthDegrees, fixture[row, "azimuth2"])) <= Self.degrees, "\(a) -> \(b)")
            }
        }
    }

    @Test("direct problem agrees with GeographicLib: end point and azimuth within 1e-9 degrees")
    func directMatchesGeographicLib() throws {
        let fixture = try Fixture("direct.csv")
        #expect(fixture.rows.count >= 1_000)
        for row in fixture.rows {
            let start = try Coordinate(latitude: fixture[row, "latitude1"], longitude: fixture[row, "longitude1"])
            let end = try start.destination(
                distanceMeters: fixture[row, "distanceMeters"], azimuthDegrees: fixture[row, "azimuth1"])
            #expect(isClose(end.coordinate.latitude, fixture[row, "latitude2"], within: Self.degrees), "\(row)")
            // At a pole every longitude is the same point.
            if abs(fixture[row, "latitude2"]) < 90 - 1e-9 {
                #expect(abs(longitudeDifference(end.coordinate.longitude, fixture[row, "longitude2"])) <= Self.degrees, "\(row)")
                #expect(abs(longitudeDifference(end.finalAzimuthDegrees, fixture[row, "azimuth2"])) <= Self.degrees, "\(row)")
            }
            #expect((-180...180).contains(end.coordinate.longitude))
        }
    }

    @Test("BAD_INPUTS row 13: coincident points are 0 m apart")
    func row13Coincident() throws {
        for (latitude, longitude) in [(0.0, 0.0), (90, 0), (-90, 123), (48.8566, 2.3522), (0, 180), (-33.9, -180)] {
            let point = try Coordinate(latitude: latitude, longitude: longitude)
            #expect(point.distance(to: point) == 0)
        }
        // 180 and -180 are the same meridian.
        let east = try Coordinate(latitude: 12, longitude: 180)
        let west = try Coordinate(latitude: 12, longitude: -180)
        #expect(east.distance(to: west) == 0)
        // Every longitude at a pole is the same point.
        let pole = try Coordinate(latitude: 90, longitude: 0)
        let samePole = try Coordinate(latitude: 90, longitude: 137)
        #expect(pole.distance(to: samePole) == 0)
    }

    @Test("BAD_INPUTS row 14: antipodal points and pole to pole have exact distances")
    func row14Antipodal() throws {
        // Pole to pole: the half meridian, 20 003 931.4586 m (GeographicLib: 20003931.458625447).
        let north = try Coordinate(latitude: 90, longitude: 0)
        let south = try Coordinate(latitude: -90, longitude: 0)
        #expect(isClose(north.distance(to: south), 20_003_931.458625447, within: Self.metres))
        #expect(isClose(south.distance(to: north), 20_003_931.458625447, within: Self.metres))
        #expect(isClose(WGS84.halfMeridianMeters, 20_003_931.458625447, within: Self.metres))
        // Antipodal points on the equator: the shortest path goes over a pole, so it is the
        // half meridian too, not half the equator (20 037 508.34 m).
        let a = try Coordinate(latitude: 0, longitude: 0)
        let b = try Coordinate(latitude: 0, longitude: 180)
        #expect(isClose(a.distance(to: b), 20_003_931.458625447, within: Self.metres))
        // A general antipodal pair, GeographicLib: Inverse(45, 10, -45, -170).s12.
        let c = try Coordinate(latitude: 45, longitude: 10)
        let d = try Coordinate(latitude: -45, longitude: -170)
        #expect(isClose(c.distance(to: d), 20_003_931.458625447, within: Self.metres))
    }

    @Test("destination rejects NaN and infinite distances and azimuths")
    func destinationRejectsNonFinite() throws {
        let start = try Coordinate(latitude: 10, longitude: 20)
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect(throws: GeometryError.self) { try start.destination(distanceMeters: bad, azimuthDegrees: 0) }
            #expect(throws: GeometryError.self) { try start.coordinate(at: 1_000, facing: bad) }
        }
    }

    @Test("distance is symmetric within 1e-8 m (property, seeded)")
    func distanceSymmetric() throws {
        forAll(count: 2_000, seed: 14, Generators.coordinatePair) { pair in
            let (a, b) = pair
            return isClose(a.distance(to: b), b.distance(to: a), within: 1e-8)
        }
    }

    @Test("destination then inverse returns the distance and azimuth (property, seeded)")
    func destinationInverseRoundTrip() throws {
        let generator = zip(Generators.coordinate, Gen<Double>.double(in: -180..<180), Gen<Double>.double(in: 1..<19_000_000))
        try forAll(count: 2_000, seed: 15, generator) { input in
            let (start, azimuth, distance) = input
            let end = try start.destination(distanceMeters: distance, azimuthDegrees: azimuth)
            let path = start.geodesic(to: end.coordinate)
            return isClose(path.distanceMeters, distance, within: 1e-6)
        }
    }
}
