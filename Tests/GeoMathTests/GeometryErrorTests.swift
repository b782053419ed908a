import Foundation
import Testing

import GeoMath

@Suite("GeometryError")
struct GeometryErrorTests {
    @Test("Messages say what is wrong: not a number, infinite, or out of range, with the range")
    func messages() throws {
        #expect(GeometryError.invalidLatitude(.nan).description
            == "latitude nan is not a number: expected a finite number of degrees in [-90, 90]")
        #expect(GeometryError.invalidLatitude(.infinity).description
            == "latitude inf is infinite: expected a finite number of degrees in [-90, 90]")
        #expect(GeometryError.invalidLatitude(95).description
            == "latitude 95.0 is out of range: expected a finite number of degrees in [-90, 90]")
        #expect(GeometryError.invalidRadius(-1).description
            == "radius -1.0 m is out of range: expected a finite number of metres greater than 0")
        #expect(GeometryError.invalidZoomOrder(minimum: 5, maximum: 3).description
            == "minimum zoom 5.0 exceeds maximum zoom 3.0: expected minimum <= maximum")
        #expect(GeometryError.mercatorOutsideWorld(x: .nan, y: 0).description.contains("is not a number"))
        #expect(GeometryError.invalidTranslation(dx: .infinity, dy: 0).description.contains("is infinite"))
    }

    @Test("Every error is a LocalizedError whose message is its description")
    func localized() throws {
        let errors: [GeometryError] = [
            .invalidLatitude(.nan), .invalidLongitude(200), .invalidRadius(0), .invalidSpan(name: "latitudeDelta", value: 200, maximum: 180),
            .invalidSize(name: "width", value: 0, range: 1...1_000_000), .invalidZoomOrder(minimum: 5, maximum: 3),
        ]
        for error in errors {
            #expect(error.errorDescription == error.description)
            // Foundation's bridge reads the LocalizedError message.
            #expect((error as any Error).localizedDescription == error.description)
        }
    }

    @Test("A do block mixing coordinates and regions catches one error type")
    func oneErrorType() throws {
        // Typed throws infer GeometryError for the whole block: no `any Error` to cast.
        do throws(GeometryError) {
            let center = try Coordinate(latitude: 48.8566, longitude: 2.3522)
            _ = try GeodesicCircle(center: center, radiusMeters: -1)
            Issue.record("a negative radius was accepted")
        } catch {
            #expect(error == .invalidRadius(-1))
        }
    }

    @Test("BAD_INPUTS row 1: an error about a NaN equals itself: reflexive ==, one entry in a Set, #expect(throws:) matches")
    func equalityWithNotANumber() throws {
        let nan = Double.nan, other = -Double.nan
        let samples: [(GeometryError, GeometryError)] = [
            (.invalidLatitude(nan), .invalidLatitude(other)),
            (.invalidRadius(nan), .invalidRadius(nan)),
            (.mercatorOutsideWorld(x: nan, y: 1), .mercatorOutsideWorld(x: other, y: 1)),
            (.invalidTimestamp(nan, previous: nil), .invalidTimestamp(nan, previous: nil)),
            (.invalidTimestamp(1, previous: nan), .invalidTimestamp(1, previous: other)),
            (.invalidScreenPoint(name: "anchor", x: nan, y: 0, xRange: -1...1, yRange: -2...2),
             .invalidScreenPoint(name: "anchor", x: nan, y: 0, xRange: -1...1, yRange: -2...2)),
            (.invalidInsets(top: nan, left: 0, bottom: 0, right: 0, width: 10, height: 10),
             .invalidInsets(top: other, left: 0, bottom: 0, right: 0, width: 10, height: 10)),
            (.invalidLatitude(-0.0), .invalidLatitude(0)),
            (.emptyFitTarget, .emptyFitTarget),
        ]
        for (error, twin) in samples {
            #expect(error == error && error == twin, "\(error)")
            #expect(error.hashValue == twin.hashValue && Set([error, twin]).count == 1, "\(error)")
        }
        // Different cases or payloads stay different.
        let distinct: [GeometryError] = [
            .invalidLatitude(nan), .invalidLongitude(nan), .invalidLatitude(1), .invalidLatitude(.infinity),
            .invalidTimestamp(1, previous: nil), .invalidTimestamp(1, previous: 1), .invalidTimestamp(1, previous: nan),
            .invalidSpan(name: "latitudeDelta", value: nan, maximum: 180), .invalidSpan(name: "longitudeDelta", value: nan, maximum: 360),
            .invalidScreenPoint(name: "anchor", x: nan, y: 0, xRange: -1...1, yRange: -2...2),
            .invalidScreenPoint(name: "anchor", x: nan, y: 0, xRange: -1...1, yRange: -3...2),
            .projTransform(index: 1, code: 2, message: "m"), .projTransform(index: 1, code: 3, message: "m"),
            .emptyFitTarget, .duplicatePinID("a"), .unknownPinID("a"),
        ]
        #expect(Set(distinct).count == distinct.count)
        for (i, a) in distinct.enumerated() {
            for (j, b) in distinct.enumerated() { #expect((a == b) == (i == j), "\(a) vs \(b)") }
        }
        #expect(throws: GeometryError.invalidLatitude(.nan)) { try Coordinate(latitude: .nan, longitude: 0) }
        #expect(throws: GeometryError.invalidRadius(.nan)) {
            try GeodesicCircle(center: Coordinate(latitude: 0, longitude: 0), radiusMeters: .nan)
        }
    }
}
