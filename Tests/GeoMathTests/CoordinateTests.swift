import Foundation
import TestSupport
import Testing

@testable import GeoMath

@Suite("Coordinate")
struct CoordinateTests {
    @Test("BAD_INPUTS row 1: latitude or longitude NaN is an error")
    func row01NaN() throws {
        #expect { try Coordinate(latitude: .nan, longitude: 0) } throws: { error in
            guard case .invalidLatitude(let value) = error as? GeometryError else { return false }
            return value.isNaN
        }
        #expect { try Coordinate(latitude: 0, longitude: .nan) } throws: { error in
            guard case .invalidLongitude(let value) = error as? GeometryError else { return false }
            return value.isNaN
        }
        #expect(throws: GeometryError.self) { try Coordinate.normalized(latitude: 0, longitude: .nan) }
        #expect(throws: GeometryError.self) { try Coordinate.normalized(latitude: .nan, longitude: 0) }
    }

    @Test("BAD_INPUTS row 2: latitude or longitude +inf / -inf is an error")
    func row02Infinity() throws {
        for value in [Double.infinity, -.infinity] {
            #expect(throws: GeometryError.invalidLatitude(value)) { try Coordinate(latitude: value, longitude: 0) }
            #expect(throws: GeometryError.invalidLongitude(value)) { try Coordinate(latitude: 0, longitude: value) }
            #expect(throws: GeometryError.invalidLongitude(value)) { try Coordinate.normalized(latitude: 0, longitude: value) }
        }
    }

    @Test("BAD_INPUTS row 3: latitude just beyond +-90 is an error; exactly +-90 is valid")
    func row03LatitudeRange() throws {
        #expect(throws: GeometryError.invalidLatitude(90.000001)) { try Coordinate(latitude: 90.000001, longitude: 0) }
        #expect(throws: GeometryError.invalidLatitude(-90.000001)) { try Coordinate(latitude: -90.000001, longitude: 0) }
        #expect(throws: GeometryError.invalidLatitude(90.000001)) { try Coordinate.normalized(latitude: 90.000001, longitude: 0) }
        #expect(try Coordinate(latitude: 90, longitude: 0).latitude == 90)
        #expect(try Coordinate(latitude: -90, longitude: 0).latitude == -90)
    }

    @Test("BAD_INPUTS row 4: longitude out of range is an error; the normalized path wraps")
    func row04LongitudeRange() throws {
        for value in [180.000001, 540, -190] {
            #expect(throws: GeometryError.invalidLongitude(value)) { try Coordinate(latitude: 0, longitude: value) }
        }
        #expect(try Coordinate(latitude: 0, longitude: 180).longitude == 180)
        #expect(try Coordinate(latitude: 0, longitude: -180).longitude == -180)
        // Wrapping by whole turns is exact in binary floating point for these values.
        #expect(try Coordinate.normalized(latitude: 0, longitude: 540).longitude == -180)
        #expect(try Coordinate.normalized(latitude: 0, longitude: -190).longitude == 170)
        #expect(try Coordinate.normalized(latitude: 0, longitude: 190).longitude == -170)
        #expect(try Coordinate.normalized(latitude: 0, longitude: 180).longitude == -180)
        #expect(try Coordinate.normalized(latitude: 0, longitude: -180).longitude == -180)
        #expect(try Coordinate.normalized(latitude: 0, longitude: 720.5).longitude == 0.5)
        let wrapped = try Coordinate.normalized(latitude: 0, longitude: 180.000001)
        #expect(isClose(wrapped.longitude, -179.999999, within: 1e-12))
    }

    @Test("BAD_INPUTS row 5: -0.0 is valid and gives the same results as 0.0")
    func row05NegativeZero() throws {
        let negative = try Coordinate(latitude: -0.0, longitude: -0.0)
        let positive = try Coordinate(latitude: 0.0, longitude: 0.0)
        #expect(negative == positive)
        #expect(negative.latitude.sign == .plus)
        #expect(negative.longitude.sign == .plus)
        #expect(negative.hashValue == positive.hashValue)
        #expect(try GeodesicCircle(center: negative, radiusMeters: 10_000) == GeodesicCircle(center: positive, radiusMeters: 10_000))
        let target = try Coordinate(latitude: 10, longitude: 10)
        #expect(negative.distance(to: target) == positive.distance(to: target))
    }

    @Test("error messages name the value and the valid range")
    func errorMessages() {
        #expect(GeometryError.invalidLatitude(95).description.contains("95"))
        #expect(GeometryError.invalidLatitude(95).description.contains("[-90, 90]"))
        #expect(GeometryError.invalidLongitude(190).description.contains("[-180, 180]"))
        #expect(GeometryError.invalidRadius(-1).description.contains("-1"))
        #expect(GeometryError.invalidRadius(-1).description.contains("greater than 0"))
    }

    @Test("Longitude.boxEdges: both edges on the antimeridian are every longitude only for a width near 360 degrees; otherwise exactly the wrapped edges")
    func boxEdges() {
        // Rounded onto the antimeridian on both sides: a zero-width box on it below 180
        // degrees of width, every longitude from 180 on.
        for width in [0, 1e-300, 1e-14, 179.9] {
            for (west, east) in [(-180.0, 180.0), (180, -180), (-180, -180), (180, 180), (540, -540)] {
                let edges = Longitude.boxEdges(west: west, east: east, widthDegrees: width)
                #expect(edges.west == -180 && edges.east == -180, "\(west), \(east), width \(width)")
            }
        }
        for width in [180, 360.0.nextDown, 360] {
            let edges = Longitude.boxEdges(west: -180, east: 180, widthDegrees: width)
            #expect(edges.west == -180 && edges.east == 180, "width \(width)")
        }
        // Everything else: wrapped(west) and wrappedEast(east), bit for bit.
        let offsets = [0, 1e-13, -1e-13, 0.5, 90, 179.99999999999997, 180, 359.9]
        for base in [-540.0, -180, -90, 0, 90, 180, 540] {
            for a in offsets {
                for b in offsets {
                    let west = base + a, east = base + b
                    let edges = Longitude.boxEdges(west: west, east: east, widthDegrees: abs(east - west))
                    let w = Longitude.wrapped(west), e = Longitude.wrappedEast(east)
                    if w == -180 && e == 180 && abs(east - west) < 180 { continue }
                    #expect(edges.west.bitPattern == w.bitPattern && edges.east.bitPattern == e.bitPattern, "\(west), \(east)")
                }
            }
        }
    }

    @Test("Codable round trip, and decoding validates")
    func codable() throws {
        let coordinate = try Coordinate(latitude: -33.9, longitude: 151.2)
        let data = try JSONEncoder().encode(coordinate)
        #expect(try JSONDecoder().decode(Coordinate.self, from: data) == coordinate)
        for bad in [#"{"latitude":95,"longitude":0}"#, #"{"latitude":0,"longitude":200}"#, #"{"latitude":0}"#] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(Coordinate.self, from: Data(bad.utf8)) }
        }
    }
}
