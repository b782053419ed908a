import Foundation
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
                #expect(abs(longitudeDifference(a.initialAzimuth(to: b), fixture[row, "azimuth1"])) <= Self.degrees, "\(a) -> \(b)")
                #expect(abs(longitudeDifference(a.finalAzimuth(to: b), fixture[row, "azimuth2"])) <= Self.degrees, "\(a) -> \(b)")
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
            let point = try start.coordinate(at: fixture[row, "distanceMeters"], facing: fixture[row, "azimuth1"])
            #expect(isClose(point.latitude, fixture[row, "latitude2"], within: Self.degrees), "\(row)")
            // At a pole every longitude is the same point.
            if abs(fixture[row, "latitude2"]) < 90 - 1e-9 {
                #expect(abs(longitudeDifference(end.coordinate.longitude, fixture[row, "longitude2"])) <= Self.degrees, "\(row)")
                #expect(abs(longitudeDifference(point.longitude, fixture[row, "longitude2"])) <= Self.degrees, "\(row)")
                #expect(abs(longitudeDifference(end.finalAzimuthDegrees, fixture[row, "azimuth2"])) <= Self.degrees, "\(row)")
            }
            #expect((-180...180).contains(end.coordinate.longitude))
        }
    }

    @Test("far beyond the Earth's length the end point carries the length's rounding, within the figures DESIGN.md gives (Fixtures/far_direct.csv)")
    func farDestinations() throws {
        let fixture = try Fixture("far_direct.csv")
        // The largest distance between PROJ's end point and GeographicLib's, per length.
        let documented: [Double: Double] = [1e9: 2.2e-9, 1e12: 3.8e-7, 1e16: 6.1e-3, 1e18: 0.43, 1e20: 55]
        var worst: [Double: Double] = [:]
        for row in fixture.rows {
            let start = try Coordinate(latitude: fixture[row, "latitude1"], longitude: fixture[row, "longitude1"])
            let length = fixture[row, "distanceMeters"]
            let end = try start.destination(distanceMeters: length, azimuthDegrees: fixture[row, "azimuth1"]).coordinate
            let reference = try Coordinate(latitude: fixture[row, "latitude2"], longitude: fixture[row, "longitude2"])
            worst[length] = max(worst[length, default: 0], end.distance(to: reference))
        }
        #expect(Set(worst.keys) == Set(documented.keys))
        for (length, limit) in documented {
            #expect(worst[length, default: .infinity] <= limit, "\(length) m: \(worst[length, default: .nan]) m")
        }
        // The last figure is not loose: 1e20 m parts by more than 44 m.
        #expect(worst[1e20, default: 0] > 44)
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

    @Test("the ellipsoid is WGS84's: a = 6 378 137 m, 1/f = 298.257223563; pole to pole is GeographicLib's within 15 nm")
    func ellipsoidConstants() throws {
        // NIMA TR8350.2 / EPSG:7030 define the ellipsoid by a and 1/f. A last digit of 1/f
        // moves every distance by tens of nanometres (pole to pole: 1/f = 298.257223564 gives
        // 20003931.458625555 m, 108 nm more), inside the 1e-6 m of the fixture tests.
        #expect(isClose(WGS84.semiMajorAxisMeters, 6_378_137, within: 1e-9))
        #expect(isClose(1 / WGS84.flattening, 298.257223563, within: 1e-10))
        // PROJ's geodesics are accurate to about 15 nm (WGS84Geodesic); GeographicLib 2.1's pole to
        // pole (Fixtures/inverse.csv, first row) is 20003931.458625447 m.
        let fixture = try Fixture("inverse.csv")
        let poleToPole = try #require(fixture.rows.first { row in
            fixture[row, "latitude1"] == 90 && fixture[row, "latitude2"] == -90
        })
        let expected = fixture[poleToPole, "distanceMeters"]
        #expect(isClose(WGS84.halfMeridianMeters, expected, within: 1.5e-8),
                "\(WGS84.halfMeridianMeters) m, GeographicLib \(expected) m")
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
    @Test("BAD_INPUTS row 96: Codable: paths and destinations round trip; decoding validates the documented ranges")
    func codable() throws {
        let start = try Coordinate(latitude: 45, longitude: 10)
        let north = try Coordinate(latitude: 90, longitude: 0), south = try Coordinate(latitude: -90, longitude: 0)
        for path in [start.geodesic(to: try Coordinate(latitude: -45, longitude: -170)), start.geodesic(to: start), north.geodesic(to: south)] {
            #expect(try JSONDecoder().decode(GeodesicPath.self, from: JSONEncoder().encode(path)) == path)
        }
        let destination = try start.destination(distanceMeters: 1e7, azimuthDegrees: -170)
        #expect(try JSONDecoder().decode(GeodesicDestination.self, from: JSONEncoder().encode(destination)) == destination)
        // The edges of the documented ranges decode.
        let edge = #"{"distanceMeters":\#(WGS84.halfMeridianMeters),"initialAzimuthDegrees":-180,"finalAzimuthDegrees":180}"#
        let decoded = try JSONDecoder().decode(GeodesicPath.self, from: Data(edge.utf8))
        #expect(decoded.distanceMeters == WGS84.halfMeridianMeters && decoded.initialAzimuthDegrees == -180)
        #expect(try JSONDecoder().decode(GeodesicPath.self, from: Data(#"{"distanceMeters":0,"initialAzimuthDegrees":0,"finalAzimuthDegrees":0}"#.utf8)).distanceMeters == 0)

        func path(_ distance: String, _ initial: String, _ final: String) -> String {
            #"{"distanceMeters":\#(distance),"initialAzimuthDegrees":\#(initial),"finalAzimuthDegrees":\#(final)}"#
        }
        let beyond = WGS84.halfMeridianMeters.nextUp
        let badPaths: [(String, GeometryError, String)] = [
            (path("-5", "1e300", "720"), .invalidDistance(-5), "distanceMeters"),
            (path("-1e-300", "0", "0"), .invalidDistance(-1e-300), "distanceMeters"),
            (path("\(beyond)", "0", "0"), .invalidDistance(beyond), "distanceMeters"),
            (path("1", "1e300", "0"), .invalidAzimuth(1e300), "initialAzimuthDegrees"),
            (path("1", "-180.00000000000003", "0"), .invalidAzimuth(-180.00000000000003), "initialAzimuthDegrees"),
            (path("1", "0", "720"), .invalidAzimuth(720), "finalAzimuthDegrees"),
        ]
        for (json, expected, key) in badPaths {
            #expect { try JSONDecoder().decode(GeodesicPath.self, from: Data(json.utf8)) } throws: { error in
                guard case .dataCorrupted(let context) = error as? DecodingError else { return false }
                return context.underlyingError as? GeometryError == expected && context.debugDescription == expected.description
                    && context.codingPath.map(\.stringValue) == [key]
            }
        }
        #expect(GeometryError.invalidDistance(-5).description
            == "distance -5.0 m is out of range: expected a finite number of metres in [0, \(WGS84.halfMeridianMeters)] (a geodesic path's length)")
        #expect(GeometryError.invalidAzimuth(720).description
            == "azimuth 720.0 is out of range: expected a finite number of degrees in [-180, 180] (a geodesic's azimuth)")
        // Non-finite values (refused by destination(distanceMeters:azimuthDegrees:)) keep their message.
        #expect(GeometryError.invalidAzimuth(.infinity).description == "azimuth inf is infinite: expected a finite number of degrees")
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(GeodesicPath.self, from: Data(#"{"distanceMeters":1,"initialAzimuthDegrees":0}"#.utf8))
        }

        let badDestinations: [(String, GeometryError)] = [
            (#"{"coordinate":{"latitude":0,"longitude":0},"finalAzimuthDegrees":720}"#, .invalidAzimuth(720)),
            (#"{"coordinate":{"latitude":0,"longitude":0},"finalAzimuthDegrees":-1e300}"#, .invalidAzimuth(-1e300)),
            (#"{"coordinate":{"latitude":95,"longitude":0},"finalAzimuthDegrees":0}"#, .invalidLatitude(95)),
            (#"{"coordinate":{"latitude":0,"longitude":540},"finalAzimuthDegrees":0}"#, .invalidLongitude(540)),
        ]
        for (json, expected) in badDestinations {
            #expect { try JSONDecoder().decode(GeodesicDestination.self, from: Data(json.utf8)) } throws: { error in
                guard case .dataCorrupted(let context) = error as? DecodingError else { return false }
                return context.underlyingError as? GeometryError == expected && context.debugDescription == expected.description
            }
        }
    }

    @Test("every path and destination PROJ returns decodes after encoding, antipodal and coincident points included (property, seeded)")
    func codableRoundTripProperty() throws {
        let generator = zip(Generators.coordinate, Gen<Double>.double(in: -1e-7..<1e-7))
        try forAll(count: 2_000, seed: 16, generator) { input in
            let (start, nudge) = input
            // The antipode, nudged by up to about a centimetre: the longest geodesics.
            let antipode = try Coordinate.normalized(latitude: min(max(-start.latitude + nudge, -90), 90), longitude: start.longitude + 180 - nudge)
            for end in [antipode, start] {
                let path = start.geodesic(to: end)
                guard try JSONDecoder().decode(GeodesicPath.self, from: JSONEncoder().encode(path)) == path else { return false }
            }
            let destination = try start.destination(distanceMeters: 3e7 * nudge * 1e7, azimuthDegrees: nudge * 1e10)
            return try JSONDecoder().decode(GeodesicDestination.self, from: JSONEncoder().encode(destination)) == destination
        }
    }
}
