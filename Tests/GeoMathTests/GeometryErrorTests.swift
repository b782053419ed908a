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
}
