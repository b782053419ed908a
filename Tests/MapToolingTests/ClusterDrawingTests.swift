import Foundation
import GeoMath
import MapTooling
import Projection
import Testing

@Suite("Cluster drawing")
struct ClusterDrawingTests {
    /// 300 pins around Paris, three pets at one address and two at another.
    static func pins() throws -> [ClusterPin] {
        var pins: [ClusterPin] = []
        for k in 0..<300 {
            let coordinate = try Coordinate(latitude: 48.80 + Double(k % 17) * 0.0061, longitude: 2.25 + Double(k % 23) * 0.0083 + Double(k) * 1e-5)
            pins.append(ClusterPin(id: "p\(k)", point: MercatorPoint(coordinate), category: k % 3 == 0 ? .found : .missing))
        }
        let address = MercatorPoint(try Coordinate(latitude: 48.853, longitude: 2.3499))
        for (k, category) in [PinCategory.missing, .found, .missing].enumerated() {
            pins.append(ClusterPin(id: "same\(k)", point: address, category: category))
        }
        return pins
    }

    @Test("the SVG has one element per item of the viewport query, in draw order (the spreads over the rest), with its ids, counts and place; groups that never split are their spread pins")
    func drawingMatchesQuery() throws {
        let pins = try Self.pins()
        let index = try PinClusterIndex(pins: pins)
        let categories = Dictionary(uniqueKeysWithValues: pins.map { ($0.id, $0.category) })
        for (zoom, bearing) in [(11.5, 0.0), (13.2, 30), (22.5, -45)] {
            var camera = try MercatorCamera(center: Coordinate(latitude: 48.853, longitude: 2.3499), zoom: zoom, widthPoints: 390, heightPoints: 844)
            try camera.jump(bearing: bearing)
            var placed: [PlacedClusterItem] = []
            index.items(in: camera, into: &placed)
            let drawing = ClusterDrawing(index: index, camera: camera)
            #expect(drawing.items.map(\.placed) == placed)
            #expect(drawing.level == index.level(forZoom: zoom))
            let svg = drawing.drawn(over: "<svg>\n<g id=\"legend\">\n</g>\n</svg>\n")
            // Under the legend: the clusters' group comes first.
            #expect(svg.range(of: "id=\"clusters\"")!.lowerBound < svg.range(of: "id=\"legend\"")!.lowerBound)
            // One element with data-ids per item: the badges and pins in draw order, then the
            // spreads in draw order over them.
            let idLists = svg.components(separatedBy: "data-ids=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            let layered = drawing.items.filter { $0.spread == nil } + drawing.items.filter { $0.spread != nil }
            #expect(idLists == layered.map { $0.ids.joined(separator: " ") })
            #expect(idLists.count == placed.count && !placed.isEmpty)
            for item in drawing.items {
                let it = item.placed.item
                #expect(item.ids.count == it.count)
                if let spread = item.spread {
                    #expect(it.expansionZoom == nil && it.count > 1)
                    #expect(Set(spread.map(\.id)) == Set(item.ids))
                    #expect(item.spreadCategories == spread.map { categories[$0.id]! })
                } else if it.isCluster {
                    #expect(svg.contains("data-count=\"\(it.count)\" data-missing=\"\(it.missingCount)\" data-found=\"\(it.foundCount)\""))
                    #expect(svg.contains(">\(it.count)</text>"))
                }
            }
        }
        // At zoom 22.5 the pets at one address are a spread of three, 44 points apart or more.
        let camera = try MercatorCamera(center: Coordinate(latitude: 48.853, longitude: 2.3499), zoom: 22.5, widthPoints: 390, heightPoints: 844)
        let drawing = ClusterDrawing(index: index, camera: camera)
        let group = try #require(drawing.items.first { $0.ids == ["same0", "same1", "same2"] })
        let spread = try #require(group.spread)
        for a in spread.indices {
            for b in spread.indices where b > a {
                let d = ((spread[a].point.x - spread[b].point.x) * (spread[a].point.x - spread[b].point.x)
                    + (spread[a].point.y - spread[b].point.y) * (spread[a].point.y - spread[b].point.y)).squareRoot()
                #expect(d >= 44)
            }
        }
    }

    @Test("a spread pin made from its values (a renderer's mock) equals the one the index lays out")
    func spreadPinFromValues() throws {
        let index = try PinClusterIndex(pins: try Self.pins())
        let camera = try MercatorCamera(center: Coordinate(latitude: 48.853, longitude: 2.3499), zoom: 22.5, widthPoints: 390, heightPoints: 844)
        let group = try #require(ClusterDrawing(index: index, camera: camera).items.first { $0.spread != nil })
        for pin in try #require(group.spread) {
            #expect(SpreadPin(id: pin.id, point: pin.point, category: pin.category) == pin)
            #expect(SpreadPin(id: pin.id + "x", point: pin.point, category: pin.category) != pin)
        }
    }

    @Test("the legend's obstacles are what the drawing puts on the screen: each badge at its radius standing for its count, each pin and spread pin a 6-point disc for one pet, each spread's place a 3-point dot for none; their pets sum to the items' counts")
    func legendObstacles() throws {
        let index = try PinClusterIndex(pins: try Self.pins())
        for zoom in [11.5, 13.2, 22.5] {
            let camera = try MercatorCamera(center: Coordinate(latitude: 48.853, longitude: 2.3499), zoom: zoom, widthPoints: 390, heightPoints: 844)
            let drawing = ClusterDrawing(index: index, camera: camera)
            var expected: [LegendObstacle] = []
            for item in drawing.items {
                let it = item.placed.item
                if let spread = item.spread {
                    expected.append(try .disc(center: item.placed.point, radiusPoints: 3, pinCount: 0))
                    expected += try spread.map { try .disc(center: $0.point, radiusPoints: 6) }
                } else if it.isCluster {
                    expected.append(try .disc(center: item.placed.point, radiusPoints: ClusterDrawing.badgeRadius(count: it.count), pinCount: it.count))
                } else {
                    expected.append(try .disc(center: item.placed.point, radiusPoints: 6))
                }
            }
            #expect(drawing.legendObstacles == expected)
            #expect(drawing.legendObstacles.map(\.pinCount).reduce(0, +) == drawing.items.map(\.placed.item.count).reduce(0, +))
            #expect(drawing.items.contains { $0.placed.item.isCluster || $0.spread != nil })
        }
    }

    @available(*, deprecated)
    @Test("the drawing made with a dictionary of categories (deprecated) is the drawing made from the index's own")
    func categoriesDictionary() throws {
        let pins = try Self.pins()
        let index = try PinClusterIndex(pins: pins)
        let camera = try MercatorCamera(center: Coordinate(latitude: 48.853, longitude: 2.3499), zoom: 22.5, widthPoints: 390, heightPoints: 844)
        // (Every pin's category the other way round: the dictionary is not read.)
        let flipped = Dictionary(uniqueKeysWithValues: pins.map { ($0.id, $0.category == .missing ? PinCategory.found : .missing) })
        let drawing = try ClusterDrawing(index: index, camera: camera, categories: flipped)
        #expect(drawing == ClusterDrawing(index: index, camera: camera))
        #expect(drawing.items.contains { $0.spread != nil })
    }

    @Test("BAD_INPUTS row 99: a badge of 300 000 pets with one FOUND is drawn MISSING all but that share, not all FOUND (its sector's arc ended where it began)")
    func badgeAlmostAllMissing() throws {
        // 300 000 pets over about 1 000 km x 750 km: one cluster at zoom 0.5 that splits.
        let paris = MercatorPoint(try Coordinate(latitude: 48.853, longitude: 2.3499))
        var pins: [ClusterPin] = []
        pins.reserveCapacity(300_000)
        for k in 0..<300_000 {
            let point = try MercatorPoint(x: paris.x + Double(k % 1_000) * 1_000, y: paris.y + Double(k / 1_000) * 2_500)
            pins.append(ClusterPin(id: "p\(k)", point: point, category: k == 0 ? .found : .missing))
        }
        let index = try PinClusterIndex(pins: pins, maximumZoom: 3)
        let badge = try #require(index.items(atLevel: 0).first)
        #expect(badge.count == 300_000 && badge.missingCount == 299_999 && badge.expansionZoom != nil)
        // (The badge at the focal point, (195, 422): its sector's arc ends 0.00046 point west
        // of its start, the same to three decimals.)
        let camera = try MercatorCamera(center: badge.point, zoom: 0.5, widthPoints: 390, heightPoints: 844)
        let drawing = ClusterDrawing(index: index, camera: camera)
        let svg = drawing.svgElements
        let start = try #require(svg.range(of: "<g class=\"cluster\""))
        let element = svg[start.lowerBound...].components(separatedBy: "</g>")[0]
        let missing = PinCategory.missing.style.colorHex
        #expect(element.contains("fill=\"\(missing)\""))
        // No sector whose arc ends where it begins, as written (SVG draws no such arc).
        for path in element.components(separatedBy: "<path d=\"").dropFirst() {
            let parts = path.prefix { $0 != "\"" }.split(separator: " ")
            #expect(parts.count == 8 && parts[1].dropFirst() != parts[6], "\(parts)")
        }
    }

    @Test("a spread is drawn over the items, as a tap tests the spreads first: a pin 22 points south of two pets at one address is under the lower pet, not over it")
    func spreadsOverItems() throws {
        // Two pets at one address, spread 22 points above and below it at zoom 22, and a
        // single pin exactly where the lower pet is drawn (22 points south: beyond the 20-point
        // radius, so an item of its own, drawn after the group by screen y).
        let address = MercatorPoint(try Coordinate(latitude: 48.853, longitude: 2.3499))
        let camera = try MercatorCamera(center: address, zoom: 22, widthPoints: 390, heightPoints: 844)
        let south = try MercatorPoint(x: address.x, y: address.y - 22 / camera.pointsPerMercatorMeter)
        let pins = [
            ClusterPin(id: "a0", point: address, category: .missing), ClusterPin(id: "a1", point: address, category: .found),
            ClusterPin(id: "q", point: south, category: .missing),
        ]
        let index = try PinClusterIndex(pins: pins)
        let drawing = ClusterDrawing(index: index, camera: camera)
        #expect(drawing.items.map(\.ids) == [["a0", "a1"], ["q"]])
        let group = try #require(drawing.items[0].spread)
        let lone = drawing.items[1].placed.point
        #expect(abs(group[1].point.x - lone.x) < 1e-6 && abs(group[1].point.y - lone.y) < 1e-6)
        // A tap there tests the spread first (DESIGN, hit testing): it is pet a1.
        #expect(PinClusterIndex.hit(lone, in: group) == 1)
        // So a1 is drawn over q: the spread's group after q's pin.
        let svg = drawing.svgElements
        let pin = try #require(svg.range(of: "data-ids=\"q\""))
        let spread = try #require(svg.range(of: "<g class=\"spread\""))
        #expect(pin.lowerBound < spread.lowerBound)
    }

    @Test("badges grow with the count from 12 to 22 points and no further")
    func badgeRadius() {
        #expect(ClusterDrawing.badgeRadius(count: 2) == 12)
        #expect(abs(ClusterDrawing.badgeRadius(count: 1_000) - 22) < 1e-12)
        #expect(ClusterDrawing.badgeRadius(count: 1_000_000) == 22)
        var last = 0.0
        for count in [2, 5, 20, 100, 999] {
            let r = ClusterDrawing.badgeRadius(count: count)
            #expect(r > last)
            last = r
        }
    }
}
