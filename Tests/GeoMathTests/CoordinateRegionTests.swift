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

    @Test("BAD_INPUTS row 95: a zero-width range on the antimeridian stays a zero-width box; a span rounding to the world stays the world")
    func antimeridianZeroWidth() throws {
        let origin = try Coordinate(latitude: 0, longitude: 0)
        // A zero-width box on the antimeridian, written any way, round-trips to one, not to
        // every longitude.
        for (west, east) in [(180.0, -180.0), (-180, -180), (180, 180)] {
            let box = try CoordinateBounds(south: 0, north: 0, west: west, east: east)
            let back = CoordinateRegion(bounds: box).bounds
            #expect(back.west == -180 && back.east == -180, "\(box) -> \(back)")
            #expect(!back.spansAllLongitudes && !back.contains(origin))
        }
        // A center on the antimeridian with a span too small to move the edges off it.
        for longitude in [180.0, -180] {
            for delta in [0.0, 1e-20, 1e-14] {
                let region = CoordinateRegion(
                    center: try Coordinate(latitude: 10, longitude: longitude),
                    span: try CoordinateSpan(latitudeDelta: 1, longitudeDelta: delta))
                let b = region.bounds
                #expect(b.west == -180 && b.east == -180, "center \(longitude), span \(delta): \(b)")
                let zero = try Coordinate(latitude: 10, longitude: 0)
                let east = try Coordinate(latitude: 10, longitude: 180), west = try Coordinate(latitude: 10, longitude: -180)
                #expect(!b.contains(zero) && b.contains(east) && b.contains(west))
            }
        }
        // A span of (or rounding to) 360 degrees is still every longitude.
        for delta in [360, 360 - 1e-14] {
            let region = CoordinateRegion(center: origin, span: try CoordinateSpan(latitudeDelta: 1, longitudeDelta: delta))
            #expect(region.bounds.spansAllLongitudes, "span \(delta): \(region.bounds)")
        }
        // A span just wide enough to leave the antimeridian is unchanged: it crosses it.
        let crossing = CoordinateRegion(
            center: try Coordinate(latitude: 0, longitude: 180), span: try CoordinateSpan(latitudeDelta: 0, longitudeDelta: 1e-12))
        #expect(crossing.bounds.crossesAntimeridian && crossing.bounds.west < 180 && crossing.bounds.east > -180)
    }

    @Test("A box contains its edges, across the antimeridian too: (0, 170) and (0, -170) are in 170...-170")
    func containsEdgesAcrossTheAntimeridian() throws {
        // Edges included (CoordinateBounds.contains): a box crossing the antimeridian holds its
        // west and east edges and its corners as the box that does not cross holds its own.
        let crossing = try CoordinateBounds(south: -10, north: 10, west: 170, east: -170)
        let plain = try CoordinateBounds(south: -10, north: 10, west: -170, east: 170)
        for box in [crossing, plain] {
            for latitude in [-10.0, 0, 10] {
                for longitude in [box.west, box.east] {
                    let edge = try Coordinate(latitude: latitude, longitude: longitude)
                    #expect(box.contains(edge), "\(box) should contain its edge \(edge)")
                }
            }
            // Just outside the west and east edges, and beyond north and south: not contained.
            for (latitude, longitude) in [(0.0, box.west - 1e-9), (0, box.east + 1e-9), (10 + 1e-9, box.west), (-10 - 1e-9, box.east)] {
                let outside = try Coordinate(latitude: latitude, longitude: longitude)
                #expect(!box.contains(outside), "\(box) should not contain \(outside)")
            }
        }
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

    @Test("A region from bounds gives them back to rounding, as documented: an edge can come back an ulp inside (seeded)")
    func fromBoundsRounding() throws {
        let box = try CoordinateBounds(south: -69.37054417319803, north: -42.740384071765014, west: 52.49114477250521, east: 174.07746995556062)
        #expect(CoordinateRegion(bounds: box).bounds.north == -42.74038407176502)
        var random = SeededRandom(seed: 9)
        for _ in 0..<10_000 {
            let a = random.uniform() * 180 - 90, b = random.uniform() * 180 - 90
            let box = try CoordinateBounds(
                south: min(a, b), north: max(a, b), west: random.uniform() * 360 - 180, east: random.uniform() * 360 - 180)
            let back = CoordinateRegion(bounds: box).bounds
            #expect(isClose(back.south, box.south, within: 1e-12) && isClose(back.north, box.north, within: 1e-12))
            #expect(abs(longitudeDifference(back.west, box.west)) <= 1e-12 && abs(longitudeDifference(back.east, box.east)) <= 1e-12)
        }
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
