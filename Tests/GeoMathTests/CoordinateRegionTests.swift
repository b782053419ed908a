import Foundation
import TestSupport
import Testing

import GeoMath

@Suite("CoordinateRegion and CoordinateSpan")
struct CoordinateRegionTests {
    @Test("BAD_INPUTS row 40: a span is validated: finite, latitudeDelta in [0, 180], longitudeDelta in [0, 360]")
    func spanValidation() throws {
        #expect(try CoordinateSpan(latitudeDelta: 0, longitudeDelta: 360).longitudeDelta == 360)
        #expect(try CoordinateSpan(latitudeDelta: 180, longitudeDelta: 0).latitudeDelta == 180)
        #expect(throws: GeometryError.invalidSpan(name: "latitudeDelta", value: 180.5, maximum: 180)) {
            try CoordinateSpan(latitudeDelta: 180.5, longitudeDelta: 1)
        }
        #expect(throws: GeometryError.invalidSpan(name: "longitudeDelta", value: -1, maximum: 360)) {
            try CoordinateSpan(latitudeDelta: 1, longitudeDelta: -1)
        }
        #expect(throws: GeometryError.self) { try CoordinateSpan(latitudeDelta: .nan, longitudeDelta: 1) }
        #expect(throws: GeometryError.self) { try CoordinateSpan(latitudeDelta: 1, longitudeDelta: .infinity) }
        let decoded = try? JSONDecoder().decode(CoordinateSpan.self, from: Data(#"{"latitudeDelta":200,"longitudeDelta":1}"#.utf8))
        #expect(decoded == nil)
    }

    @Test("A region's bounds: center +- half the span, clipped at the poles, wrapped across the antimeridian")
    func bounds() throws {
        let fiji = CoordinateRegion(
            center: try Coordinate(latitude: -17.7, longitude: 179.9),
            span: try CoordinateSpan(latitudeDelta: 0.2, longitudeDelta: 0.4))
        let box = fiji.bounds
        #expect(isClose(box.south, -17.8, within: 1e-12) && isClose(box.north, -17.6, within: 1e-12))
        #expect(isClose(box.west, 179.7, within: 1e-12))
        #expect(isClose(box.east, -179.9, within: 1e-12))
        #expect(box.crossesAntimeridian)

        let polar = CoordinateRegion(
            center: try Coordinate(latitude: 89, longitude: 0), span: try CoordinateSpan(latitudeDelta: 10, longitudeDelta: 360))
        #expect(polar.bounds.north == 90 && polar.bounds.south == 84 && polar.bounds.spansAllLongitudes)
    }

    @Test("A region from bounds is centred on them, across the antimeridian too, and gives them back")
    func fromBounds() throws {
        let bounds = try CoordinateBounds(south: -18, north: -17, west: 179.5, east: -179.5)
        let region = CoordinateRegion(bounds: bounds)
        #expect(isClose(region.center.latitude, -17.5, within: 1e-12))
        #expect(isClose(abs(region.center.longitude), 180, within: 1e-12))
        #expect(isClose(region.span.longitudeDelta, 1, within: 1e-12))
        let back = region.bounds
        #expect(isClose(back.south, -18, within: 1e-12) && isClose(back.north, -17, within: 1e-12))
        #expect(isClose(back.west, 179.5, within: 1e-12) && isClose(back.east, -179.5, within: 1e-12))
    }

    @Test("A geodesic circle's region contains its bounds")
    func circleRegion() throws {
        for latitude in [0.0, 48.8566, -60, 89.95] {
            let circle = try GeodesicCircle(center: try Coordinate(latitude: latitude, longitude: 179.99), radiusMeters: 10_000)
            let region = circle.region
            #expect(region.center == circle.center)
            let box = region.bounds
            #expect(box.south <= circle.bounds.south + 1e-12 && box.north >= circle.bounds.north - 1e-12)
            #expect(box.longitudeWidthDegrees >= circle.bounds.longitudeWidthDegrees - 1e-12)
        }
    }
}
