import CMallocCounter
import Foundation
import GeoMath
import Testing
import TestSupport

@testable import Projection

/// Pins for the clustering suite, from a seeded generator.
enum ClusterKit {
    static let world = 2 * Double.pi * 6_378_137

    /// n pins within `spread` metres of a center, a tenth of them in coincident groups of 2 to
    /// 5 (pets reported at one address), ids "p0" ... in input order.
    static func city(_ n: Int, center: MercatorPoint = MercatorPoint(uncheckedX: 261_845, y: 6_250_564), spread: Double = 10_000, _ random: inout SeededRandom) -> [ClusterPin] {
        var pins: [ClusterPin] = []
        pins.reserveCapacity(n)
        while pins.count < n {
            let point = MercatorPoint(uncheckedX: center.x + (random.uniform() * 2 - 1) * spread, y: center.y + (random.uniform() * 2 - 1) * spread)
            let copies = random.chance(10) ? random.int(2...5) : 1
            for _ in 0..<min(copies, n - pins.count) {
                pins.append(ClusterPin(id: "p\(pins.count)", point: point, category: random.chance(60) ? .missing : .found))
            }
        }
        return pins
    }

    /// n pets at one address (a shelter), ids "crowd\(firstID)" ... in input order, MISSING
    /// and FOUND in turn.
    static func crowd(_ n: Int, at address: MercatorPoint, firstID: Int = 0) -> [ClusterPin] {
        (0..<n).map { ClusterPin(id: "crowd\(firstID + $0)", point: address, category: $0 % 2 == 0 ? .missing : .found) }
    }

    /// n city pins and n pins over the world ("w0" ...), `nearEdge` percent of those within
    /// `edgeBand` metres of the antimeridian on either side.
    static func cityAndWorld(_ n: Int, nearEdge: Int, edgeBand: Double, _ random: inout SeededRandom) -> [ClusterPin] {
        var pins = city(n, &random)
        for k in 0..<n {
            let x = random.chance(nearEdge) ? (random.chance(50) ? 1 : -1) * (world / 2 - random.uniform() * edgeBand) : (random.uniform() - 0.5) * world
            pins.append(ClusterPin(id: "w\(k)", point: MercatorPoint(uncheckedX: x, y: (random.uniform() - 0.5) * world * 0.9), category: .found))
        }
        return pins
    }

    /// The radius at level z in metres.
    static func radius(_ index: PinClusterIndex, _ z: Int) -> Double {
        index.radiusPoints * world / (256 * exp2(Double(z)))
    }

    /// The easting difference the short way.
    static func wrapped(_ dx: Double) -> Double { WebMercator.wrappedEasting(dx) }
}

@Suite("Pin clustering")
struct PinClusterIndexTests {
    @Test("every pin is in exactly one item at every level; counts, categories and centroids are those of the item's pins")
    func partitionAndCentroids() throws {
        var random = SeededRandom(seed: 1401)
        let pins = ClusterKit.city(20_000, &random)
        let index = try PinClusterIndex(pins: pins)
        let byID = Dictionary(uniqueKeysWithValues: pins.map { ($0.id, $0) })
        for z in 0...(index.maximumZoom + 1) {
            var seen = Set<String>()
            var total = 0
            for item in index.items(atLevel: z) {
                let ids = try index.pinIDs(of: item)
                #expect(ids.count == item.count)
                total += item.count
                for id in ids { #expect(seen.insert(id).inserted, "pin \(id) twice at level \(z)") }
                let members = ids.map { byID[$0]! }
                #expect(members.filter { $0.category == .missing }.count == item.missingCount)
                // The weighted centroid is the mean of the pins (relative to the first, the
                // short way), within 1e-6 m: the level-by-level sums round at about 1e-9 m
                // each (coordinates of 6e6 m, 2^-52 relative) over up to 23 levels.
                let x0 = members[0].point.x
                let mx = x0 + members.map { ClusterKit.wrapped($0.point.x - x0) }.reduce(0, +) / Double(members.count)
                let my = members.map(\.point.y).reduce(0, +) / Double(members.count)
                #expect(abs(ClusterKit.wrapped(item.point.x - mx)) <= 1e-6 && abs(item.point.y - my) <= 1e-6, "level \(z)")
            }
            #expect(total == pins.count && seen.count == pins.count)
        }
    }

    @Test("an item's pins are its pins as given (id, place kept, category) in rank order; a cluster's children are the items of the level where it splits, and hold exactly its pins")
    func pinsAndChildren() throws {
        var random = SeededRandom(seed: 1402)
        // (Some pins beyond the world east and north: their places are kept wrapped and clamped.)
        var pins = ClusterKit.city(2_000, &random)
        pins.append(ClusterPin(id: "east", point: MercatorPoint(uncheckedX: ClusterKit.world / 2 + 100, y: 0), category: .found))
        pins.append(ClusterPin(id: "north", point: MercatorPoint(uncheckedX: 0, y: ClusterKit.world), category: .missing))
        let index = try PinClusterIndex(pins: pins)
        let byID = Dictionary(uniqueKeysWithValues: pins.map { ($0.id, $0) })
        let levels = (0...(index.maximumZoom + 1)).map { index.items(atLevel: $0) }
        // Each pin's item at each level (its place in the level's items).
        let itemOf = try levels.map { items in
            var place: [String: Int] = [:]
            for (k, item) in items.enumerated() { for id in try index.pinIDs(of: item) { place[id] = k } }
            return place
        }
        var splits = 0, never = 0
        for z in levels.indices {
            for item in levels[z] {
                // Its pins: the ids of pinIDs(of:), in that (rank) order, each as given.
                let members = try index.pins(of: item)
                #expect(members.map(\.id) == (try index.pinIDs(of: item)))
                // Its pages, 3 pins at a time (the last one shorter): the same pins in order.
                if z % 4 == 0 {
                    var paged: [ClusterPin] = []
                    for offset in stride(from: 0, to: item.count, by: 3) { paged += try index.pins(of: item, offset: offset, limit: 3) }
                    let past = try index.pins(of: item, offset: item.count, limit: 3)
                    #expect(paged == members && past.isEmpty)
                }
                #expect(members.filter { $0.category == .missing }.count == item.missingCount && members.count == item.count)
                for pin in members {
                    // Found again by its id: this item.
                    #expect(try index.item(containing: pin.id, atLevel: z) == item, "\(pin.id) at level \(z)")
                    let given = try #require(byID[pin.id])
                    #expect(pin.category == given.category)
                    #expect(pin.point.x == WebMercator.wrappedEasting(given.point.x))
                    #expect(pin.point.y == min(max(given.point.y, -ClusterKit.world / 2), ClusterKit.world / 2))
                }
                // The items holding it on levels below (itself on its own): those of its first
                // pin there, each holding all of its pins.
                for w in Set([z, max(z - 1, 0), 0, random.int(0...z), -3]) {
                    let holder = try index.item(holding: item, atLevel: w)
                    #expect(holder == levels[max(w, 0)][itemOf[max(w, 0)][members[0].id]!], "level \(z) to \(w)")
                    if w == z { #expect(holder == item) }
                }
                // Its children: the items of one level whose pins are among its own.
                let children = try index.children(of: item)
                guard item.isCluster else {
                    #expect(children.isEmpty)
                    continue
                }
                let below = item.expansionZoom ?? index.maximumZoom + 1
                #expect(children.count >= 2 && children.allSatisfy { $0.zoom == below })
                // (In rank order, as a level's items are.)
                let expected = Set(members.map { itemOf[below][$0.id]! }).sorted().map { levels[below][$0] }
                #expect(children == expected && children.map(\.count).reduce(0, +) == item.count)
                // A group that never splits has its pins as its children, each alone.
                if item.expansionZoom == nil { #expect(children.allSatisfy { $0.count == 1 && $0.expansionZoom == nil }) }
                if item.expansionZoom == nil { never += 1 } else { splits += 1 }
            }
        }
        #expect(splits > 500 && never > 500)
        // A stale item: its pins and children are refused, as its ids are.
        var updated = index
        let cluster = try #require(levels[12].first { $0.isCluster })
        let gone = try index.pinIDs(of: cluster)[0]
        try updated.update(upserting: [], removing: [gone])
        #expect(throws: GeometryError.staleClusterItem(zoom: 12, index: cluster.index)) { try updated.pins(of: cluster) }
        #expect(throws: GeometryError.staleClusterItem(zoom: 12, index: cluster.index)) { try updated.children(of: cluster) }
        #expect(throws: GeometryError.staleClusterItem(zoom: 12, index: cluster.index)) { try updated.item(holding: cluster, atLevel: 5) }
        // A level above the item's: it may be several items there (its children).
        #expect(throws: GeometryError.invalidClusterParameter(name: "level", value: 13, expected: "a level from 0 to the item's, 12")) {
            try index.item(holding: cluster, atLevel: 13)
        }
    }

    @Test("no two seeds of one level are within its radius (the greedy rule), and single pins never are within the radius of a seed")
    func seedsApart() throws {
        var random = SeededRandom(seed: 1402)
        let index = try PinClusterIndex(pins: ClusterKit.city(5_000, &random))
        for z in 0...index.maximumZoom {
            // A seed: the first (lowest-ranked) item of the level above that each item holds.
            var seeds: [(x: Double, y: Double)] = []
            for item in index.items(atLevel: z) {
                let seed = index.seed(of: item)
                seeds.append((index.nodes.x[seed], index.nodes.y[seed]))
            }
            seeds.sort { $0.x < $1.x }
            let r = ClusterKit.radius(index, z)
            for a in 0..<seeds.count {
                var b = a + 1
                while b < seeds.count && seeds[b].x - seeds[a].x <= r {
                    let dx = seeds[b].x - seeds[a].x, dy = seeds[b].y - seeds[a].y
                    #expect(dx * dx + dy * dy > r * r, "level \(z)")
                    b += 1
                }
            }
        }
    }

    @Test("the clusters do not depend on the pins' order: shuffled input gives identical levels")
    func orderIndependent() throws {
        var random = SeededRandom(seed: 1403)
        let pins = ClusterKit.city(10_000, &random)
        let reference = try PinClusterIndex(pins: pins)
        for seed in 0..<3 {
            var generator = SeededRandom(seed: UInt64(1500 + seed))
            var shuffled = pins
            for i in stride(from: shuffled.count - 1, to: 0, by: -1) { shuffled.swapAt(i, generator.int(0...i)) }
            let index = try PinClusterIndex(pins: shuffled)
            for z in 0...(index.maximumZoom + 1) {
                #expect(index.items(atLevel: z) == reference.items(atLevel: z))
            }
            #expect(index.rankedIDs == reference.rankedIDs)
        }
    }

    @Test("a radius of 40 points with a maximum zoom one higher is the default radius a level lower: MapLibre's clusters, its zoom being this library's less one")
    func maplibreRadius() throws {
        var random = SeededRandom(seed: 1431)
        let pins = ClusterKit.city(3_000, spread: 30_000, &random)
        let levelForLevel = try PinClusterIndex(pins: pins, radiusPoints: 20, maximumZoom: 16)
        let onScreen = try PinClusterIndex(pins: pins, radiusPoints: 40, maximumZoom: 17)
        var clustered = 0
        for z in 0...17 {
            let a = levelForLevel.items(atLevel: z), b = onScreen.items(atLevel: z + 1)
            #expect(a.count == b.count, "level \(z)")
            for (p, q) in zip(a, b) {
                #expect(p.point == q.point && p.count == q.count && p.missingCount == q.missingCount, "level \(z)")
                #expect(p.expansionZoom.map { $0 + 1 } == q.expansionZoom, "level \(z)")
                if p.isCluster { clustered += 1 }
            }
        }
        // (The city clusters at most levels; the default radius at the same level does not
        // give the same items.)
        #expect(clustered > 1_000)
        #expect(levelForLevel.items(atLevel: 12).count != onScreen.items(atLevel: 12).count)
    }

    @Test("mirror pairs across +-180 degrees cluster at every zoom their distance allows")
    func antimeridian() throws {
        var random = SeededRandom(seed: 1404)
        var pins: [ClusterPin] = []
        var pairs: [(String, String, Double)] = []
        for k in 0..<40 {
            // Pairs 1e5 m apart in northing from each other, so they never meet.
            let y = -8e6 + Double(k) * 4e5
            let d1 = random.uniform() * 3000, d2 = random.uniform() * 3000
            pins.append(ClusterPin(id: "e\(k)", point: MercatorPoint(uncheckedX: ClusterKit.world / 2 - d1, y: y), category: .missing))
            pins.append(ClusterPin(id: "w\(k)", point: MercatorPoint(uncheckedX: -ClusterKit.world / 2 + d2, y: y), category: .found))
            pairs.append(("e\(k)", "w\(k)", d1 + d2))
        }
        let index = try PinClusterIndex(pins: pins)
        for z in 0...index.maximumZoom {
            let r = ClusterKit.radius(index, z)
            guard r < 4e5 / 2 else { continue }  // pairs of rows would meet
            var itemOf: [String: Int] = [:]
            for item in index.items(atLevel: z) { for id in try index.pinIDs(of: item) { itemOf[id] = item.index } }
            for (east, west, distance) in pairs {
                #expect((itemOf[east] == itemOf[west]) == (distance <= r), "level \(z), distance \(distance), radius \(r)")
            }
        }
        // The centroid of a pair lies on the antimeridian's side of the heavier... between them.
        let level0 = index.items(atLevel: 0)
        for item in level0 { #expect(item.point.x >= -ClusterKit.world / 2 && item.point.x < ClusterKit.world / 2) }
    }

    @Test("coincident pets never split: expansionZoom nil at every level; a cluster's expansion zoom is where it first splits")
    func expansion() throws {
        var random = SeededRandom(seed: 1405)
        let pins = ClusterKit.city(3_000, &random)
        let index = try PinClusterIndex(pins: pins)
        // Membership per level.
        var itemOf: [[Int]] = []
        let rank = Dictionary(uniqueKeysWithValues: index.rankedIDs.enumerated().map { ($1, $0) })
        for z in 0...(index.maximumZoom + 1) {
            var map = [Int](repeating: -1, count: pins.count)
            for item in index.items(atLevel: z) { for id in try index.pinIDs(of: item) { map[rank[id]!] = item.index } }
            itemOf.append(map)
        }
        let points = Dictionary(uniqueKeysWithValues: pins.map { ($0.id, $0.point) })
        for z in 0...index.maximumZoom {
            for item in index.items(atLevel: z) where item.isCluster {
                let members = try index.pinIDs(of: item).map { rank[$0]! }
                // The first level above z where the members are in more than one item.
                var split: Int? = nil
                for level in (z + 1)...(index.maximumZoom + 1) where Set(members.map { itemOf[level][$0] }).count > 1 {
                    split = level
                    break
                }
                let expected = split.flatMap { $0 <= index.maximumZoom ? $0 : nil }
                #expect(item.expansionZoom == expected, "level \(z)")
                let ids = try index.pinIDs(of: item)
                if Set(ids.map { points[$0]! }).count == 1 { #expect(item.expansionZoom == nil) }
            }
            for item in index.items(atLevel: z) where !item.isCluster { #expect(item.expansionZoom == nil) }
        }
    }

    @Test("BAD_INPUTS row 86: ids are told apart and ordered by their bytes (pins ranked by easting, northing and id), whatever the ids and points")
    func rankOrder() throws {
        var random = SeededRandom(seed: 1402)
        // Ids that share their first eight bytes, are prefixes of each other, hold NUL, are
        // not ASCII (among them spellings that String's < does not order: "\u{E9}a" and
        // "e\u{301}", of which it holds neither before the other, nor equal), and points that share an easting, lie within a grid unit (9 mm) of each other, or
        // are -0 and +0.
        let ascii = ["pet", "pet-0000000", "pet-00000001", "pet-0000000\u{0}", "", "z", "Z~", "pet-0000000/"]
        for stems in [ascii, ascii + ["é", "e\u{301}x", "Ωmega", "日本", "\u{E9}a", "e\u{301}", "K\r", "\u{212A}"]] {
            var pins: [ClusterPin] = []
            for k in 0..<3_000 {
                let stem = stems[k % stems.count]
                let x: Double
                switch k % 5 {
                case 0: x = 1_000
                case 1: x = 1_000 + random.uniform() * 0.009
                case 2: x = k % 2 == 0 ? -0.0 : 0.0
                default: x = (random.uniform() * 2 - 1) * 2e4
                }
                let y = k % 3 == 0 ? 5.0 : (k % 7 == 0 ? -0.0 : random.uniform() * 1e4)
                pins.append(ClusterPin(id: "\(stem)\(k)", point: MercatorPoint(uncheckedX: x, y: y), category: .missing))
            }
            var shuffled = pins
            for i in stride(from: shuffled.count - 1, to: 0, by: -1) { shuffled.swapAt(i, random.int(0...i)) }
            let index = try PinClusterIndex(pins: shuffled, radiusPoints: 20)
            let expected = pins.sorted { a, b in
                if a.point.x != b.point.x { return a.point.x < b.point.x }
                if a.point.y != b.point.y { return a.point.y < b.point.y }
                return Array(a.id.utf8).lexicographicallyPrecedes(Array(b.id.utf8))
            }
            #expect(index.rankedIDs == expected.map(\.id))
            let idOrder = index.idOrder.map { index.nodes.ids[Int($0)] }
            #expect(idOrder.map { Array($0.utf8) } == pins.map { Array($0.id.utf8) }.sorted { $0.lexicographicallyPrecedes($1) })
            #expect(index == (try PinClusterIndex(pins: pins.reversed(), radiusPoints: 20)))
            #expect(throws: GeometryError.duplicatePinID(pins[1234].id)) {
                try PinClusterIndex(pins: pins + [ClusterPin(id: pins[1234].id, point: MercatorPoint(uncheckedX: 0, y: 0), category: .found)])
            }
        }
        // Ids are told apart by their bytes: canonically equivalent spellings, which String's ==
        // holds equal, are two ids. Before, they were one id, and String's < ordered "\u{E9}a"
        // and "e\u{301}" neither way: the index depended on its input's order, and an update
        // missed an id it held (and added it a second time).
        let precomposed = ClusterPin(id: "\u{e9}", point: MercatorPoint(uncheckedX: 0, y: 0), category: .found)
        let decomposed = ClusterPin(id: "e\u{301}", point: MercatorPoint(uncheckedX: 5, y: 0), category: .found)
        #expect(try PinClusterIndex(pins: [precomposed, decomposed]).count == 2)
        let pair = [decomposed, ClusterPin(id: "\u{E9}a", point: MercatorPoint(uncheckedX: 1e6, y: 0), category: .found)]
        var index = try PinClusterIndex(pins: pair)
        #expect(index == (try PinClusterIndex(pins: pair.reversed())))
        try index.update(upserting: [ClusterPin(id: "\u{E9}a", point: MercatorPoint(uncheckedX: 5, y: 5), category: .missing)])
        let moved = try PinClusterIndex(pins: [decomposed, ClusterPin(id: "\u{E9}a", point: MercatorPoint(uncheckedX: 5, y: 5), category: .missing)])
        #expect(index.count == 2 && index == moved)
        try index.update(upserting: [], removing: ["\u{E9}a"])
        #expect(index == (try PinClusterIndex(pins: [decomposed])))
        #expect(throws: GeometryError.duplicatePinID("e\u{301}")) { try index.update(upserting: [precomposed, decomposed], removing: ["e\u{301}"]) }
        // Of several ids given twice, the smallest is reported: short ASCII ids, ASCII ids
        // sharing their first eight bytes, and ids that are not ASCII.
        for (larger, smaller) in [("b", "a"), ("pet-long-id-2", "pet-long-id-1"), ("\u{e9}2", "\u{e9}1")] {
            let twice = [larger, smaller, "c", larger, smaller].enumerated().map { k, id in
                ClusterPin(id: id, point: MercatorPoint(uncheckedX: Double(k), y: 0), category: .found)
            }
            #expect(throws: GeometryError.duplicatePinID(smaller)) { try PinClusterIndex(pins: twice) }
        }
    }

    @Test("sparse pins: the levels where no two pins are within the radius are the pins' level, and every level equals the quadratic reference's, with the closest pair across +-180 or along one meridian")
    func sparseLevels() throws {
        var random = SeededRandom(seed: 1404)
        for trial in 0..<6 {
            var pins: [ClusterPin] = []
            for k in 0..<300 {
                let x = (random.uniform() * 2 - 1) * 2e6, y = (random.uniform() * 2 - 1) * 2e6
                pins.append(ClusterPin(id: "s\(k)", point: MercatorPoint(uncheckedX: x, y: y), category: .missing))
            }
            // The closest pair: just within the radius of level 19 (or 17), across the
            // antimeridian (trials 0-3) or one above the other on one meridian (4, 5).
            let radius = 20.0, level = trial % 2 == 0 ? 19 : 17
            let d = radius * ClusterKit.world / (256 * exp2(Double(level))) * (1 - 1e-9)
            let half = ClusterKit.world / 2
            let a: MercatorPoint, b: MercatorPoint
            if trial < 4 {
                let split = random.uniform() * d
                a = MercatorPoint(uncheckedX: -half + split, y: 1_000)
                b = MercatorPoint(uncheckedX: half - (d - split), y: 1_000)
            } else {
                a = MercatorPoint(uncheckedX: 5_000, y: 3e6)
                b = MercatorPoint(uncheckedX: 5_000, y: 3e6 + d)
            }
            pins.append(ClusterPin(id: "a", point: a, category: .found))
            pins.append(ClusterPin(id: "b", point: b, category: .found))
            let index = try PinClusterIndex(pins: pins, radiusPoints: radius)
            ReferenceClustering.expectEqual(index, "trial \(trial)")
            // The pair is one item from its level down, two above it.
            #expect(index.items(atLevel: level).count == 301 && index.items(atLevel: level + 1).count == 302, "trial \(trial)")
        }
    }

    @Test("BAD_INPUTS row 80: a radius far below a grid cell (1e-12 and 1e-300 points) builds and clusters only pins at one place, as the reference does")
    func tinyRadius() throws {
        var random = SeededRandom(seed: 1403)
        let pins = ClusterKit.city(400, &random)
        for radius in [1e-12, 1e-300] {
            let index = try PinClusterIndex(pins: pins, radiusPoints: radius)
            ReferenceClustering.expectEqual(index, "radius \(radius)")
            #expect(index.items(atLevel: 0).count == Set(pins.map(\.point)).count)
        }
    }

    @Test("BAD_INPUTS row 78: a radius or maximum zoom out of range, a non-finite point and a duplicate id are typed errors; empty and one-pin indexes work")
    func badIndexInputs() throws {
        let pin = ClusterPin(id: "a", point: MercatorPoint(uncheckedX: 0, y: 0), category: .missing)
        for radius in [0.0, -1, .nan, .infinity, 257] {
            #expect(throws: GeometryError.self) { try PinClusterIndex(pins: [pin], radiusPoints: radius) }
        }
        for zoom in [-1, 23, Int.max] {
            #expect(throws: GeometryError.self) { try PinClusterIndex(pins: [pin], maximumZoom: zoom) }
        }
        for bad in [Double.nan, .infinity] {
            #expect(throws: GeometryError.self) {
                try PinClusterIndex(pins: [ClusterPin(id: "b", point: MercatorPoint(uncheckedX: bad, y: 0), category: .found)])
            }
        }
        // (The pin's id quoted and escaped in the name, as the id errors quote it.)
        #expect(throws: GeometryError.invalidClusterParameter(name: "pin \"b\\n\\u{1B}\" northing", value: .infinity, expected: "a finite number of Web Mercator metres")) {
            try PinClusterIndex(pins: [ClusterPin(id: "b\n\u{1B}", point: MercatorPoint(uncheckedX: 0, y: .infinity), category: .found)])
        }
        #expect(throws: GeometryError.duplicatePinID("a")) { try PinClusterIndex(pins: [pin, pin]) }
        let empty = try PinClusterIndex(pins: [])
        #expect(empty.count == 0 && empty.items(atLevel: 5).isEmpty)
        let one = try PinClusterIndex(pins: [pin])
        for z in 0...23 { #expect(one.items(atLevel: z).map(\.count) == [1]) }
        // Points off the world are wrapped and clamped onto it.
        let off = try PinClusterIndex(pins: [ClusterPin(id: "c", point: MercatorPoint(uncheckedX: 1.5 * ClusterKit.world, y: 1e300), category: .found)])
        let item = off.items(atLevel: 0)[0]
        #expect(item.point.x == WebMercator.wrappedEasting(1.5 * ClusterKit.world) && item.point.y == WebMercator.worldWidthMeters / 2)
        #expect(one.level(forZoom: .nan) == 0 && one.level(forZoom: 12.99) == 12 && one.level(forZoom: 40) == 22)
        let low = try PinClusterIndex(pins: [pin], maximumZoom: 10)
        #expect(low.level(forZoom: 9.99) == 9 && low.level(forZoom: 10) == 10 && low.level(forZoom: 10.5) == 10 && low.level(forZoom: 22) == 10)
    }
}

@Suite("Cluster viewport queries, hit testing, spread layouts")
struct ClusterViewportTests {
    @Test("a viewport query allocates nothing once the output's capacity suffices, in this unoptimized build too: a camera's, a web view's and a MapKit state's, at every zoom (each grid cell's loop allocated, 60 allocations a phone's query)", .enabled(if: malloc_counter_is_available() == 1, "allocations are counted only with glibc and no sanitizer"))
    func viewportQueryDoesNotAllocate() throws {
        var random = SeededRandom(seed: 2611)
        let index = try PinClusterIndex(pins: ClusterKit.city(3_000, &random))
        var items: [PlacedClusterItem] = []
        items.reserveCapacity(8_192)
        var shown = 0
        for zoom in [0.0, 3, 9.5, 11, 13, 16, 21, 22] {
            for bearing in [0.0, 30] {
                var camera = try MercatorCamera(center: MercatorPoint(x: 261_845, y: 6_250_564), zoom: zoom, widthPoints: 1_280, heightPoints: 844)
                try camera.jump(center: nil as MercatorPoint?, bearing: bearing)
                let rect = camera.mapKitVisibleMapRect
                index.items(in: camera, into: &items)
                let before = malloc_counter_thread_allocations()
                index.items(in: camera, into: &items)
                shown += items.count
                try index.items(center: camera.centerMercator, zoom: camera.zoom, bearing: bearing, widthPoints: 1_280, heightPoints: 844, into: &items)
                try index.items(in: rect, widthPoints: 1_280, heightPoints: 844, heading: camera.mapKitHeading, into: &items)
                #expect(malloc_counter_thread_allocations() - before == 0, "zoom \(zoom), bearing \(bearing)")
            }
        }
        #expect(shown > 1_000)
    }

    @Test("the draw-order sort equals a plain sort: random, tied, all on one line, crowded into one bucket, and short lists")
    func drawOrderSort() {
        var random = SeededRandom(seed: 1405)
        let item = PinClusterItem(zoom: 3, index: 0, point: MercatorPoint(uncheckedX: 0, y: 0), count: 1, missingCount: 0, expansionZoom: nil, revision: 0)
        for trial in 0..<200 {
            let n = [0, 1, 2, 16, 17, 40, 300, 2_000][trial % 8]
            var points: [ScreenPoint] = []
            for k in 0..<n {
                let y: Double
                switch trial % 5 {
                case 0: y = random.uniform() * 900 - 30
                case 1: y = Double(random.int(0...20))  // many ties in y
                case 2: y = 400  // all on one line
                case 3: y = k == 0 ? -1e6 : 500 + random.uniform()  // one far item: the rest in one bucket
                default: y = (random.uniform() - 0.5) * 1e-9  // within a nanopoint
                }
                let x = trial % 3 == 0 ? Double(random.int(0...3)) : random.uniform() * 390
                points.append(ScreenPoint(x: x, y: y))
            }
            // The buckets over the points' range of y, over a part of it (the items beyond it in
            // the first and last buckets), or over a phone's grown screen, as a query's are.
            let low = points.map(\.y).min() ?? 0, high = points.map(\.y).max() ?? 0
            let buckets = [
                DrawBuckets(low: low, high: high), DrawBuckets(low: low + (high - low) / 3, high: high - (high - low) / 3),
                DrawBuckets(low: -20, high: 864),
            ][trial / 8 % 3]
            var items = points.map {
                PlacedClusterItem(item: item, point: $0, worldCopy: 0, smallestID: UInt64(random.int(0...1_000_000)), buckets: buckets)
            }
            let expected = items.sorted(by: PlacedClusterItem.drawnBefore)
            items.withUnsafeMutableBufferPointer { PinClusterIndex.sortInDrawOrder($0) }
            // (The ties' last key, the smallest id's, compared too: `==` leaves it out.)
            #expect(items == expected && items.map(\.smallestID) == expected.map(\.smallestID), "trial \(trial), \(n) items")
        }
    }

    @Test("a spread lists its pins by their ids' bytes, whatever their places and rank, each with its category")
    func spreadInIDOrder() throws {
        // Five pins a centimetre apart (one group at every level), ranked west to east in the
        // reverse of their ids' order; "e\u{301}" comes before "f" by bytes, after it by
        // String's `<` (which reads it as "\u{E9}").
        let ids = ["f", "e\u{301}", "b", "a", "Z"]
        let pins = ids.enumerated().map { k, id in
            ClusterPin(id: id, point: MercatorPoint(uncheckedX: 261_845 + Double(k) * 0.01, y: 6_250_564), category: k % 2 == 0 ? .missing : .found)
        }
        let index = try PinClusterIndex(pins: pins)
        let camera = try MercatorCamera(center: MercatorPoint(x: 261_845, y: 6_250_564), zoom: 22.5, widthPoints: 390, heightPoints: 844)
        var items: [PlacedClusterItem] = []
        index.items(in: camera, into: &items)
        let group = try #require(items.first { $0.item.isCluster })
        #expect(group.item.count == 5 && group.item.expansionZoom == nil)
        #expect(try index.pinIDs(of: group.item) == ids)
        let spread = try #require(try index.spread(of: group))
        #expect(spread.map(\.id) == ["Z", "a", "b", "e\u{301}", "f"])
        #expect(spread.map(\.category) == [.missing, .found, .missing, .found, .missing])
    }

    @Test("a draw bucket never decreases as y grows, is below 127, and any y has one: NaN, infinities, empty and infinite ranges")
    func drawBuckets() {
        var random = SeededRandom(seed: 1416)
        let ranges: [(Double, Double)] = [(-20, 864), (0, 0), (5, -5), (-1e308, 1e308), (-.infinity, 10), (0, .infinity), (.nan, 1), (-1e-300, 1e-300)]
        for (low, high) in ranges {
            let buckets = DrawBuckets(low: low, high: high)
            var ys = [-Double.infinity, -1e308, -1, -0.0, 0, 1e-300, 1, 400, 863.9, 864, 1e6, .infinity]
            for _ in 0..<200 { ys.append((random.uniform() - 0.5) * 2_000) }
            ys.sort()
            var last: UInt8 = 0
            for y in ys {
                let b = buckets.bucket(y)
                #expect(b < 127 && b >= last, "range \(low) ... \(high), y \(y)")
                last = b
            }
            #expect(buckets.bucket(.nan) == 0)
        }
        // Over a screen, from the first bucket to the last.
        let screen = DrawBuckets(low: -20, high: 864)
        #expect(screen.bucket(-20) == 0 && screen.bucket(864) == 126 && screen.bucket(-0.0) == screen.bucket(0))
    }

    @Test("the runs of a box cover every point of it, at most 3 x 3 or 7 x 7 cells (28 runs), whatever the box: the whole grid, its edges, one unit")
    func boxRuns() {
        var random = SeededRandom(seed: 1417)
        let top: Int64 = 4_294_967_295
        var boxes: [(Int64, Int64, Int64, Int64)] = [(0, top, 0, top), (0, 0, 0, 0), (top, top, top, top), (0, 1, top - 1, top), (top - 5, top, 0, 3)]
        for _ in 0..<3_000 {
            let side = Int64(exp2(random.uniform() * 33))
            let x0 = Int64(random.uniform() * Double(top)), y0 = Int64(random.uniform() * Double(top))
            let w = min(Int64(random.uniform() * Double(side)), top - x0), h = min(Int64(random.uniform() * Double(side)), top - y0)
            boxes.append((x0, x0 + w, y0, y0 + h))
        }
        for cells in [3, 7] {
            var most = 0
            withUnsafeTemporaryAllocation(of: (low: UInt64, high: UInt64).self, capacity: cells * cells) { runs in
                for (x0, x1, y0, y1) in boxes {
                    let count = NeighbourGroup.runs(x0: x0, x1: x1, y0: y0, y1: y1, cells: cells, into: runs)
                    most = max(most, count)
                    let found = (0..<count).map { runs[$0] }.sorted { $0.low < $1.low }
                    // Disjoint, and every corner, the middle and random points of the box in one.
                    for k in found.indices.dropFirst() { #expect(found[k - 1].high < found[k].low) }
                    var points = [(x0, y0), (x1, y0), (x0, y1), (x1, y1), ((x0 + x1) / 2, (y0 + y1) / 2)]
                    for _ in 0..<8 { points.append((x0 + Int64(random.uniform() * Double(x1 - x0)), y0 + Int64(random.uniform() * Double(y1 - y0)))) }
                    for (x, y) in points {
                        let key = PinClusterIndex.interleaved(UInt64(x)) | (PinClusterIndex.interleaved(UInt64(y)) << 1)
                        #expect(found.contains { $0.low <= key && key <= $0.high }, "box \(x0)...\(x1) x \(y0)...\(y1), \(cells) cells")
                    }
                }
            }
            #expect(most <= (cells == 3 ? 6 : 28) && most >= (cells == 3 ? 5 : 25))
        }
    }

    /// Every item of the camera's level on every world copy within reach, by brute force:
    /// (index, copy) -> screen point by the affine map. Within the screen radius of the
    /// screen, or for a group that never splits within that and its spread's reach.
    static func expected(_ index: PinClusterIndex, _ camera: MercatorCamera) -> [String: ScreenPoint] {
        expected(
            index, center: camera.centerMercator, zoom: camera.zoom, bearing: camera.bearing, width: camera.widthPoints,
            height: camera.heightPoints, focal: camera.focalPoint)
    }

    /// ``expected(_:_:)`` for a view given as such (its focal point the screen's center unless
    /// given).
    static func expected(
        _ index: PinClusterIndex, center: MercatorPoint, zoom: Double, bearing: Double, width: Double, height: Double, focal: ScreenPoint? = nil
    ) -> [String: ScreenPoint] {
        let z = index.level(forZoom: zoom)
        let radius = index.screenRadiusPoints(atZoom: zoom)
        let scale = 256 * exp2(zoom) / ClusterKit.world, worldPoints = 256 * exp2(zoom)
        let focal = focal ?? ScreenPoint(x: width / 2, y: height / 2)
        var out: [String: ScreenPoint] = [:]
        // (Every copy a spread of the level's largest group can reach from.)
        let farthest = index.items(atLevel: z).map { $0.isCluster && $0.expansionZoom == nil ? PinClusterIndex.spreadReachPoints(count: $0.count) : 0 }.max() ?? 0
        let copies = Int((width + height + 2 * (radius + farthest)) / worldPoints) + 2
        for item in index.items(atLevel: z) {
            let spreads = item.isCluster && item.expansionZoom == nil
            let margin = radius + (spreads ? PinClusterIndex.spreadReachPoints(count: item.count) : 0)
            for copy in -copies...copies {
                let shifted = MercatorPoint(uncheckedX: item.point.x + Double(copy) * ClusterKit.world, y: item.point.y)
                // The rotated map, applied to the unwrapped point.
                let u = (shifted.x - center.x) * scale
                let v = -(shifted.y - center.y) * scale
                let (sinB, cosB) = MapBearing.sinCos(degrees: bearing)
                let p = ScreenPoint(x: focal.x + cosB * u + sinB * v, y: focal.y - sinB * u + cosB * v)
                if p.x >= -margin && p.x <= width + margin && p.y >= -margin && p.y <= height + margin {
                    out["\(item.index)/\(copy)"] = p
                }
            }
        }
        return out
    }

    @Test("a viewport query returns exactly the items in the viewport or within a radius of it, on every world copy, at any bearing and insets, in draw order")
    func viewportMatchesBruteForce() throws {
        var random = SeededRandom(seed: 1410)
        // Pins worldwide too, and on both sides of the antimeridian.
        let pins = ClusterKit.cityAndWorld(2_000, nearEdge: 20, edgeBand: 1e5, &random)
        let index = try PinClusterIndex(pins: pins)
        var output: [PlacedClusterItem] = []
        for case let caseIndex in 0..<300 {
            var camera = try TransitionKit.camera(&random)
            if caseIndex % 5 == 0 { camera = try MercatorCamera(center: MercatorPoint(x: 2.6e5, y: 6.25e6), zoom: 8 + random.uniform() * 8, widthPoints: 390, heightPoints: 844) }
            if caseIndex % 7 == 0 { camera.resize(widthPoints: 2000, heightPoints: 300) }
            index.items(in: camera, into: &output)
            let want = Self.expected(index, camera)
            var got: [String: ScreenPoint] = [:]
            for placed in output { got["\(placed.item.index)/\(placed.worldCopy)"] = placed.point }
            // (Keyed by node and copy, an item placed twice on one copy would count once.)
            #expect(got.count == output.count, "case \(caseIndex): an item placed twice on one copy")
            #expect(Set(got.keys) == Set(want.keys), "case \(caseIndex)")
            for (key, point) in got { if let p = want[key] { #expect(abs(p.x - point.x) <= 1e-6 && abs(p.y - point.y) <= 1e-6) } }
            for k in output.indices.dropFirst() { #expect(!PlacedClusterItem.drawnBefore(output[k], output[k - 1])) }
        }
        // After an update in place (its nodes added in the groups' side parts, others dead).
        var updated = index
        let moved = (0..<100).map { k in ClusterPin(id: "p\(k * 7)", point: MercatorPoint(uncheckedX: 2.6e5 + random.uniform() * 1e4, y: 6.25e6), category: .missing) }
        let added = (0..<50).map { k in ClusterPin(id: "n\(k)", point: MercatorPoint(uncheckedX: 2.6e5 + random.uniform() * 1e4, y: 6.25e6 + random.uniform() * 1e4), category: .found) }
        try updated.update(upserting: moved + added, removing: (0..<50).map { "w\($0 * 3)" })
        #expect(updated.groups.contains { !$0.sideKeys.isEmpty } || updated.deadNodes > 0)
        for caseIndex in 0..<60 {
            let camera = try MercatorCamera(center: MercatorPoint(x: 2.6e5 + random.uniform() * 1e4, y: 6.25e6), zoom: 8 + random.uniform() * 14, widthPoints: 390, heightPoints: 844)
            updated.items(in: camera, into: &output)
            var got: [String: ScreenPoint] = [:]
            for placed in output { got["\(placed.item.index)/\(placed.worldCopy)"] = placed.point }
            #expect(got.count == output.count, "after the update, case \(caseIndex): an item placed twice on one copy")
            #expect(Set(got.keys) == Set(Self.expected(updated, camera).keys), "after the update, case \(caseIndex)")
        }
    }

    @Test("a rectangle's items are the level's items whose points lie in it, wrapped around the world, after an update too")
    func rectangleQueries() throws {
        var random = SeededRandom(seed: 1417)
        let pins = ClusterKit.cityAndWorld(1_500, nearEdge: 30, edgeBand: 2e5, &random)
        var index = try PinClusterIndex(pins: pins)
        let world = ClusterKit.world
        // By brute force: the level's items, eastings from the west edge eastward.
        func expected(_ z: Int, _ west: Double, _ south: Double, _ east: Double, _ north: Double) -> [PinClusterItem] {
            index.items(atLevel: z).filter { item in
                guard item.point.y >= south && item.point.y <= north else { return false }
                if east - west >= world { return true }
                let w = WebMercator.wrappedEasting(west), e = WebMercator.wrappedEasting(east), x = item.point.x
                return w <= e ? (x >= w && x <= e) : (x >= w || x <= e)
            }
        }
        for round in 0..<2 {
            for case let k in 0..<150 {
                let z = random.int(0...23)
                let width = k % 10 == 0 ? world * (0.9 + random.uniform() * 0.3) : exp2(10 + random.uniform() * 14)
                let west = k % 3 == 0 ? world / 2 - random.uniform() * 3e5 : (random.uniform() - 0.5) * world
                let south = (random.uniform() - 0.55) * world, north = south + exp2(10 + random.uniform() * 15)
                let got = try index.items(atLevel: z, west: west, south: south, east: west + width, north: north)
                #expect(got == expected(z, west, south, west + width, north), "round \(round), case \(k), level \(z)")
            }
            // Edges on item points are inclusive; one the other way round crosses +-180.
            let item = index.items(atLevel: 12)[7]
            #expect(try index.items(atLevel: 12, west: item.point.x, south: item.point.y, east: item.point.x, north: item.point.y) == [item])
            let across = try index.items(atLevel: 10, west: world / 2 - 1e5, south: -world / 2, east: -world / 2 + 1e5, north: world / 2)
            #expect(across == expected(10, world / 2 - 1e5, -world / 2, -world / 2 + 1e5, world / 2) && !across.isEmpty)
            // An east edge given a world to the west: the same 4 km around the city, once each.
            let city = try index.items(atLevel: 14, west: 259_845, south: 6_248_564, east: 263_845 - world, north: 6_252_564)
            #expect(city == (try index.items(atLevel: 14, west: 259_845, south: 6_248_564, east: 263_845, north: 6_252_564)) && !city.isEmpty)
            try index.update(upserting: (0..<40).map { ClusterPin(id: "n\(round)-\($0)", point: MercatorPoint(uncheckedX: 261_845 + Double($0) * 30, y: 6_250_564), category: .missing) },
                             removing: (0..<40).map { "w\($0 * 7 + round)" }, wholeLevelFactor: PinClusterIndex.wholeLevelFactor)
        }
    }

    @Test("a latitude/longitude box's items (supercluster's getClusters, in degrees) are its corners' rectangle's in metres, across the antimeridian and for every longitude; the box of the 10 km around Paris holds its city's items, which its degrees passed as metres (what a port of getClusters wrote) do not")
    func coordinateBoxes() throws {
        var random = SeededRandom(seed: 1421)
        let index = try PinClusterIndex(pins: ClusterKit.cityAndWorld(1_000, nearEdge: 30, edgeBand: 2e5, &random))
        for _ in 0..<150 {
            let z = random.int(0...23)
            let south = random.uniform() * 178 - 89, north = min(south + exp2(random.uniform() * 8 - 4), 90)
            let west = random.uniform() * 360 - 180, east = Longitude.wrappedEast(west + exp2(random.uniform() * 9 - 3))
            let box = try CoordinateBounds(south: south, north: north, west: west, east: min(east, 180))
            let sw = MercatorPoint(try Coordinate(latitude: max(south, -WebMercator.maximumLatitude), longitude: west))
            let ne = MercatorPoint(try Coordinate(latitude: min(north, WebMercator.maximumLatitude), longitude: box.east))
            let half = ClusterKit.world / 2
            let expected = try index.items(
                atLevel: z, west: sw.x, south: min(max(sw.y, -half), half), east: ne.x, north: min(max(ne.y, -half), half))
            #expect(index.items(atLevel: z, in: box) == expected, "\(box) at level \(z)")
        }
        let everywhere = try CoordinateBounds(south: -90, north: 90, west: -180, east: 180)
        #expect(index.items(atLevel: 3, in: everywhere) == index.items(atLevel: 3))
        let across = try CoordinateBounds(south: -80, north: 80, west: 178, east: -178)
        let (w, e) = (MercatorPoint(try Coordinate(latitude: 0, longitude: 178)).x, MercatorPoint(try Coordinate(latitude: 0, longitude: -178)).x)
        let (s, n) = (MercatorPoint(try Coordinate(latitude: -80, longitude: 0)).y, MercatorPoint(try Coordinate(latitude: 80, longitude: 0)).y)
        #expect(index.items(atLevel: 9, in: across) == (try index.items(atLevel: 9, west: w, south: s, east: e, north: n)))
        #expect(!index.items(atLevel: 9, in: across).isEmpty)
        let paris = GeodesicCircle.userVicinity(around: try Coordinate(latitude: 48.8566, longitude: 2.3522)).bounds
        #expect(index.items(atLevel: 12, in: paris).count > 10)
        #expect(try index.items(atLevel: 12, west: paris.west, south: paris.south, east: paris.east, north: paris.north).isEmpty)
    }

    @Test("a MapKit map rectangle's items are its rectangle's in metres; a camera's visibleMapRect holds every item it shows on screen")
    func mapKitRectangles() throws {
        var random = SeededRandom(seed: 1419)
        let index = try PinClusterIndex(pins: ClusterKit.cityAndWorld(1_000, nearEdge: 30, edgeBand: 2e5, &random))
        let size = MapKitMapPoint.worldSize, world = ClusterKit.world
        for k in 0..<100 {
            let z = random.int(0...22)
            let x = random.uniform() * size, y = random.uniform() * size * 0.9
            let width = k % 10 == 0 ? size * (1 + random.uniform()) : exp2(random.uniform() * 27), height = exp2(random.uniform() * 27)
            let got = try index.items(atLevel: z, in: MapKitMapRect(x: x, y: y, width: width, height: height))
            let west = (x / size - 0.5) * world
            let east = width >= size ? west + world : ((x + width) / size - 0.5) * world
            #expect(got == (try index.items(atLevel: z, west: west, south: (0.5 - (y + height) / size) * world, east: east, north: (0.5 - y / size) * world)))
        }
        // A phone's camera: every item its viewport query places on the screen is in its
        // visibleMapRect (which bounds the rotated screen).
        var output: [PlacedClusterItem] = []
        for _ in 0..<60 {
            let camera = try TransitionKit.camera(&random)
            index.items(in: camera, into: &output)
            let z = index.level(forZoom: camera.zoom)
            let inRect = Set(try index.items(atLevel: z, in: camera.mapKitVisibleMapRect).map(\.index))
            for placed in output where placed.point.x >= 0 && placed.point.x <= camera.widthPoints && placed.point.y >= 0 && placed.point.y <= camera.heightPoints {
                #expect(inRect.contains(placed.item.index))
            }
        }
    }

    @Test("BAD_INPUTS row 91: a rectangle with an edge that is not finite, or its north below its south, is refused; one beyond the world is clamped onto it")
    func rectangleErrors() throws {
        let index = try PinClusterIndex(pins: [ClusterPin(id: "a", point: MercatorPoint(uncheckedX: 1_000, y: 2_000), category: .found)])
        for bad in [Double.nan, .infinity, -.infinity] {
            // (NaN is never equal to itself: the error is matched by its name and its text.)
            #expect {
                try index.items(atLevel: 3, west: bad, south: 0, east: 1, north: 1)
            } throws: { error in
                guard case .invalidClusterParameter(let name, let value, let expected) = error as? GeometryError else { return false }
                return name == "west edge" && (value == bad || (value.isNaN && bad.isNaN)) && expected == "a finite number of Web Mercator metres"
            }
            #expect(throws: GeometryError.self) { try index.items(atLevel: 3, west: 0, south: bad, east: 1, north: 1) }
            #expect(throws: GeometryError.self) { try index.items(atLevel: 3, west: 0, south: 0, east: bad, north: 1) }
            #expect(throws: GeometryError.self) { try index.items(atLevel: 3, west: 0, south: 0, east: 1, north: bad) }
        }
        #expect(throws: GeometryError.invalidClusterParameter(name: "north edge", value: -1, expected: "a northing not below the south edge's, 0.0")) {
            try index.items(atLevel: 3, west: 0, south: 0, east: 1, north: -1)
        }
        // Beyond the world north and south, and three worlds wide: the one item.
        #expect(try index.items(atLevel: 99, west: -3 * ClusterKit.world, south: -1e300, east: 0, north: 1e300).map(\.count) == [1])
        #expect(try index.items(atLevel: -5, west: 1_000, south: 2_000, east: 1_000, north: 2_000).map(\.zoom) == [0])
        #expect(try PinClusterIndex(pins: []).items(atLevel: 3, west: 0, south: 0, east: 1, north: 1).isEmpty)
        // A MapKit rectangle: an origin that is not finite, a width or height negative or not
        // finite, refused naming it; MKMapRectWorld holds the item.
        for (rect, name) in [
            (MapKitMapRect(x: .nan, y: 0, width: 1, height: 1), "map rectangle x"), (MapKitMapRect(x: 0, y: .infinity, width: 1, height: 1), "map rectangle y"),
            (MapKitMapRect(x: 0, y: 0, width: -1, height: 1), "map rectangle width"), (MapKitMapRect(x: 0, y: 0, width: 1, height: .nan), "map rectangle height"),
        ] {
            #expect {
                try index.items(atLevel: 3, in: rect)
            } throws: { error in
                guard case .invalidRendererParameter(let named, _, _) = error as? GeometryError else { return false }
                return named == name
            }
        }
        #expect(try index.items(atLevel: 3, in: MapKitMapRect(x: 0, y: 0, width: MapKitMapPoint.worldSize, height: MapKitMapPoint.worldSize)).count == 1)
        // A world wide or wider, however far from the world its origin lies (before: from 8e24
        // map points away its edges in metres rounded to one easting, and it held nothing); so
        // far off and narrower, one easting at most.
        for x in [1e25, -1e30, 1e300, -Double.greatestFiniteMagnitude] {
            for width in [1.0, 3.0] {
                let rect = MapKitMapRect(x: x, y: 0, width: width * MapKitMapPoint.worldSize, height: MapKitMapPoint.worldSize)
                #expect(try index.items(atLevel: 3, in: rect).count == 1, "\(x)")
            }
        }
        let far = MapKitMapRect(x: 1e25, y: 0, width: 0.5 * MapKitMapPoint.worldSize, height: MapKitMapPoint.worldSize)
        #expect(try index.items(atLevel: 3, in: far).count <= 1)
        // (Its bottom edge overflowing: the rectangle beyond the world south holds nothing.)
        let south = MapKitMapRect(x: 0, y: Double.greatestFiniteMagnitude, width: 1, height: Double.greatestFiniteMagnitude)
        #expect(try index.items(atLevel: 3, in: south).isEmpty)
    }

    /// An item placed on a world copy, as the view queries' tests compare them: its node and copy.
    static func keys(_ items: [PlacedClusterItem]) -> [String] { items.map { "\($0.item.index)/\($0.worldCopy)" } }

    @Test("a view given as such: the camera's query where a camera can show it, the brute force's beyond (zooms to 30, no constraint); a MapKit view's state gives its camera's query")
    func viewQueries() throws {
        var random = SeededRandom(seed: 1421)
        let index = try PinClusterIndex(pins: ClusterKit.cityAndWorld(1_500, nearEdge: 20, edgeBand: 1e5, &random))
        var fromCamera: [PlacedClusterItem] = [], fromView: [PlacedClusterItem] = []
        for k in 0..<120 {
            // A camera without insets, as constrained: the same query, bit for bit.
            let size = (w: 1 + random.uniform() * 1500, h: 1 + random.uniform() * 1500)
            let start = k % 3 == 0 ? MercatorPoint(uncheckedX: 2.6e5 + random.uniform() * 1e4, y: 6.25e6) : MercatorPoint(uncheckedX: (random.uniform() - 0.5) * ClusterKit.world, y: (random.uniform() - 0.5) * ClusterKit.world * 0.9)
            var camera = try MercatorCamera(center: start, zoom: random.uniform() * 22, widthPoints: size.w, heightPoints: size.h)
            try camera.jump(bearing: random.uniform() * 360 - 180)
            index.items(in: camera, into: &fromCamera)
            try index.items(
                center: camera.centerMercator, zoom: camera.zoom, bearing: camera.bearing, widthPoints: size.w, heightPoints: size.h, into: &fromView)
            #expect(fromView == fromCamera, "case \(k)")
            // Its MapKit state (visibleMapRect, size, heading): the same items, points within 1e-6.
            var fromMapKit: [PlacedClusterItem] = []
            try index.items(in: camera.mapKitVisibleMapRect, widthPoints: size.w, heightPoints: size.h, heading: camera.mapKitHeading, into: &fromMapKit)
            #expect(Self.keys(fromMapKit) == Self.keys(fromCamera), "MapKit, case \(k)")
            for (a, b) in zip(fromMapKit, fromCamera) { #expect(abs(a.point.x - b.point.x) <= 1e-6 && abs(a.point.y - b.point.y) <= 1e-6) }
        }
        for k in 0..<80 {
            // Anywhere a camera cannot go: zooms 22 to 30, the world smaller than the screen.
            let zoom = k % 2 == 0 ? 22 + random.uniform() * 8 : random.uniform() * 2
            let center = MercatorPoint(uncheckedX: 2.6e5 + random.uniform() * 1e4, y: 6.25e6 + random.uniform() * 1e4)
            let bearing = random.uniform() * 720 - 360, w = 1 + random.uniform() * 1920, h = 1 + random.uniform() * 1080
            try index.items(center: center, zoom: zoom, bearing: bearing, widthPoints: w, heightPoints: h, into: &fromView)
            let want = ClusterViewportTests.expected(index, center: center, zoom: zoom, bearing: bearing, width: w, height: h)
            #expect(Set(Self.keys(fromView)) == Set(want.keys) && Set(Self.keys(fromView)).count == fromView.count, "view case \(k)")
            for placed in fromView {
                if let p = want["\(placed.item.index)/\(placed.worldCopy)"] { #expect(abs(p.x - placed.point.x) <= 1e-6 && abs(p.y - placed.point.y) <= 1e-6) }
            }
            for j in fromView.indices.dropFirst() { #expect(!PlacedClusterItem.drawnBefore(fromView[j], fromView[j - 1])) }
        }
    }

    @Test("BAD_INPUTS row 92: a MapKit state of a camera at zoom 0 (a small view showing the whole world) gives its camera's query: its rectangle's zoom, -3.6e-15 to rounding, was refused as out of range (32 x 129.4 points at bearing -7.53; 61 of 17 715 such cameras); a zoom beyond the range by more than rounding is still refused")
    func mapKitStateAtZoomZero() throws {
        var random = SeededRandom(seed: 1_427)
        let index = try PinClusterIndex(pins: ClusterKit.cityAndWorld(500, nearEdge: 20, edgeBand: 1e5, &random))
        var fromCamera: [PlacedClusterItem] = [], fromMapKit: [PlacedClusterItem] = []
        var camera = try MercatorCamera(center: MercatorPoint(x: 0, y: 0), zoom: 0, widthPoints: 32, heightPoints: 129.4)
        try camera.jump(bearing: -7.53)
        #expect(camera.zoom == 0)
        index.items(in: camera, into: &fromCamera)
        try index.items(in: camera.mapKitVisibleMapRect, widthPoints: 32, heightPoints: 129.4, heading: camera.mapKitHeading, into: &fromMapKit)
        #expect(Self.keys(fromMapKit) == Self.keys(fromCamera))
        var refused = 0, cameras = 0
        while cameras < 2_000 {
            let w = 1 + 255 * random.uniform(), h = 1 + 255 * random.uniform()
            var small = try MercatorCamera(center: MercatorPoint(x: 0, y: 0), zoom: 0, widthPoints: w, heightPoints: h)
            try small.jump(bearing: 360 * random.uniform() - 180)
            guard small.zoom == 0 else { continue }
            cameras += 1
            do throws(GeometryError) {
                try index.items(in: small.mapKitVisibleMapRect, widthPoints: w, heightPoints: h, heading: small.mapKitHeading, into: &fromMapKit)
            } catch {
                refused += 1
            }
        }
        #expect(refused == 0, "\(refused) of \(cameras) cameras at zoom 0 refused")
        // The world on a 255-point view is zoom -1e-3 or so: refused.
        let world = MapKitMapPoint.worldSize
        #expect(throws: GeometryError.self) {
            try index.items(in: MapKitMapRect(x: 0, y: 0, width: world * 1.001, height: world), widthPoints: 256, heightPoints: 256, into: &fromMapKit)
        }
    }

    @Test("an item's smallest pin id is the smallest of its ids; a pin is found by its id")
    func idsOfItems() throws {
        var random = SeededRandom(seed: 1423)
        let pins = ClusterKit.city(1_000, &random)
        let index = try PinClusterIndex(pins: pins)
        for z in [0, 10, 14, 18, 22, 23] {
            for item in index.items(atLevel: z) {
                let ids = try index.pinIDs(of: item)
                #expect(try index.smallestPinID(of: item) == ids.min(by: PinClusterIndex.idPrecedes))
            }
        }
        for pin in pins.prefix(200) { #expect(try index.pin(withID: pin.id) == pin) }
    }

    @Test("BAD_INPUTS row 92: a view with a zoom, bearing or size out of range, a MapKit state with an empty or non-finite rectangle or heading, a spread around NaN, an unknown pin id: typed errors, the output untouched")
    func viewErrors() throws {
        var random = SeededRandom(seed: 1425)
        var index = try PinClusterIndex(pins: ClusterKit.city(300, &random))
        let center = MercatorPoint(uncheckedX: 261_845, y: 6_250_564)
        var output: [PlacedClusterItem] = []
        try index.items(center: center, zoom: 14, widthPoints: 390, heightPoints: 844, into: &output)
        let before = output
        #expect(!before.isEmpty)
        for zoom in [-1, 31, Double.nan, .infinity] {
            #expect(throws: GeometryError.self) { try index.items(center: center, zoom: zoom, widthPoints: 390, heightPoints: 844, into: &output) }
        }
        #expect(throws: GeometryError.invalidZoom(name: "zoom", value: 31, minimum: 0, maximum: 30)) {
            try index.items(center: center, zoom: 31, widthPoints: 390, heightPoints: 844, into: &output)
        }
        for bearing in [Double.nan, .infinity] {
            #expect(throws: GeometryError.self) { try index.items(center: center, zoom: 14, bearing: bearing, widthPoints: 390, heightPoints: 844, into: &output) }
        }
        for (w, h) in [(0.0, 844.0), (390, .nan), (1e7, 844), (-390, 844)] {
            #expect(throws: GeometryError.self) { try index.items(center: center, zoom: 14, widthPoints: w, heightPoints: h, into: &output) }
        }
        let rect = MapKitMapRect(x: 1.3e8, y: 9e7, width: 5_000, height: 10_000)
        for bad in [MapKitMapRect(x: .nan, y: 9e7, width: 5_000, height: 10_000), MapKitMapRect(x: 1.3e8, y: 9e7, width: 0, height: 10_000),
                    MapKitMapRect(x: 1.3e8, y: 9e7, width: 5_000, height: -1), MapKitMapRect(x: 1.3e8, y: 9e7, width: 1e-9, height: 1)] {
            #expect(throws: GeometryError.self) { try index.items(in: bad, widthPoints: 390, heightPoints: 844, into: &output) }
        }
        #expect(throws: GeometryError.self) { try index.items(in: rect, widthPoints: 390, heightPoints: 844, heading: .nan, into: &output) }
        // A center off the world is named as the rectangle's center, not as a map point.
        #expect(throws: GeometryError.invalidRendererParameter(
            name: "map rect center y (y + height / 2)", value: -5, expected: "a number of map points in [0, 268435456] (on the world)")) {
            try index.items(in: MapKitMapRect(x: 1.3e8, y: -10, width: 5_000, height: 10), widthPoints: 390, heightPoints: 844, into: &output)
        }
        #expect(output == before)
        // A rectangle whose width gives a zoom out of range names the rectangle, which the caller
        // gave (before: "zoom 38.57", a zoom the caller never gave): a thousandth of a map point, or
        // MKMapRect.world on a 100-point view (zoom -1.4).
        let zoomName = "zoom from the map rect's width (20 - log2(map rect width / (widthPoints |cos heading| + heightPoints |sin heading|)))"
        for (bad, side, zoom) in [(MapKitMapRect(x: 1.3e8, y: 9e7, width: 1e-3, height: 1e-3), 390.0, 20 - log2(1e-3 / 390)),
                                  (MapKitMapRect(x: 0, y: 0, width: MapKitMapPoint.worldSize, height: MapKitMapPoint.worldSize), 100, 20 - log2(MapKitMapPoint.worldSize / 100))] {
            let error = #expect(throws: GeometryError.self) { try index.items(in: bad, widthPoints: side, heightPoints: side, into: &output) }
            guard case .invalidZoom(let name, let value, 0, 30)? = error else {
                Issue.record("\(String(describing: error))")
                continue
            }
            #expect(name == zoomName && isClose(value, zoom, within: 1e-9), "\(name) \(value)")
        }
        #expect(output == before)
        // A spread around a point that is not finite; a pin id the index does not hold.
        let group = try #require(index.items(atLevel: 22).first { $0.isCluster })
        for point in [ScreenPoint(x: .nan, y: 0), ScreenPoint(x: 0, y: -.infinity)] {
            #expect(throws: GeometryError.self) { try index.spread(of: group, around: point) }
        }
        #expect(throws: GeometryError.unknownPinID("nobody")) { try index.pin(withID: "nobody") }
        // A stale item's smallest id (one of its pets removed): refused.
        try index.update(upserting: [], removing: [try index.smallestPinID(of: group)])
        #expect(throws: GeometryError.staleClusterItem(zoom: group.zoom, index: group.index)) { try index.smallestPinID(of: group) }
    }

    @Test("a MapKit state with several faults throws the first in its documented order: the rectangle's parts, the heading, the view's size, the center, the zoom")
    func mapKitStateErrorOrder() throws {
        var random = SeededRandom(seed: 1426)
        let index = try PinClusterIndex(pins: ClusterKit.city(100, &random))
        var output: [PlacedClusterItem] = []
        // A center off the world north (y + height / 2 = -5) and a zoom of 38.57 (a thousandth of
        // a map point on a 390-point view), with each fault before them in the order added.
        let offWorld = MapKitMapRect(x: 1.3e8, y: -5.0005, width: 1e-3, height: 1e-3)
        #expect(throws: GeometryError.invalidRendererParameter(
            name: "map rect center y (y + height / 2)", value: -5, expected: "a number of map points in [0, 268435456] (on the world)")) {
            try index.items(in: offWorld, widthPoints: 390, heightPoints: 390, into: &output)
        }
        #expect(throws: GeometryError.invalidSize(name: "width", value: 0, range: ScreenTransform.sizeRangePoints)) {
            try index.items(in: offWorld, widthPoints: 0, heightPoints: 390, into: &output)
        }
        #expect(throws: GeometryError.invalidBearing(name: "heading", value: .infinity)) {
            try index.items(in: offWorld, widthPoints: 0, heightPoints: 390, heading: .infinity, into: &output)
        }
        #expect(throws: GeometryError.invalidRendererParameter(name: "map rectangle height", value: -1, expected: "a finite number of map points, more than 0")) {
            try index.items(
                in: MapKitMapRect(x: 1.3e8, y: -5.0005, width: 1e-3, height: -1), widthPoints: 0, heightPoints: 390, heading: .infinity, into: &output)
        }
    }

    @Test("placed items are equal by their item, point and copy, whatever the screen that placed them")
    func placedItemsEquality() throws {
        let pins = (0..<50).map { k in
            ClusterPin(id: "p\(k)", point: MercatorPoint(uncheckedX: 261_845 + Double(k % 10) * 900, y: 6_250_564 + Double(k / 10) * 900), category: .found)
        }
        let index = try PinClusterIndex(pins: pins)
        let center = MercatorPoint(uncheckedX: 261_845 + 4_000, y: 6_250_564 + 1_800)
        // The same focal point on a taller screen with an inset below: the same points, other buckets.
        let phone = try MercatorCamera(center: center, zoom: 13, widthPoints: 390, heightPoints: 844)
        var taller = try MercatorCamera(center: center, zoom: 13, widthPoints: 390, heightPoints: 1_000)
        try taller.setInsets(ScreenInsets(bottom: 156))
        var a: [PlacedClusterItem] = [], b: [PlacedClusterItem] = []
        index.items(in: phone, into: &a)
        index.items(in: taller, into: &b)
        #expect(a.count == b.count && !a.isEmpty && zip(a, b).contains { $0.drawBucket != $1.drawBucket })
        #expect(a == b && Set(a) == Set(b))
    }

    @Test("a tap hits the topmost item within 22 points; the radius query is sorted by distance")
    func hitTesting() throws {
        var random = SeededRandom(seed: 1411)
        let items = try Self.cityItems(5_000, zoom: 14.3, &random)
        #expect(!items.isEmpty)
        for _ in 0..<2000 {
            let tap = ScreenPoint(x: random.uniform() * 390, y: random.uniform() * 844)
            let hit = PinClusterIndex.hit(tap, in: items)
            let within = items.indices.filter {
                let dx = items[$0].point.x - tap.x, dy = items[$0].point.y - tap.y
                return dx * dx + dy * dy <= 22 * 22
            }
            #expect(hit == within.last)
            let near = PinClusterIndex.items(near: tap, within: 60, in: items)
            func d(_ i: Int) -> Double { ((items[i].point.x - tap.x) * (items[i].point.x - tap.x) + (items[i].point.y - tap.y) * (items[i].point.y - tap.y)).squareRoot() }
            for k in near.indices.dropFirst() { #expect(d(near[k - 1]) <= d(near[k])) }
            #expect(Set(near) == Set(items.indices.filter { d($0) <= 60 }))
        }
    }

    /// The items a phone over Paris shows at `zoom` of a city of `count` random pins.
    static func cityItems(_ count: Int, zoom: Double, _ random: inout SeededRandom) throws -> [PlacedClusterItem] {
        let index = try PinClusterIndex(pins: ClusterKit.city(count, &random))
        let camera = try MercatorCamera(center: MercatorPoint(x: 261_845, y: 6_250_564), zoom: zoom, widthPoints: 390, heightPoints: 844)
        var items: [PlacedClusterItem] = []
        index.items(in: camera, into: &items)
        return items
    }

    @Test("items(near:) breaks a tie in distance as documented: the item drawn later (on top) first")
    func nearTiesDrawnLaterFirst() throws {
        var random = SeededRandom(seed: 1413)
        let items = try Self.cityItems(500, zoom: 13, &random)
        let item = try #require(items.first)
        // The same item drawn three times: every copy is exactly as far from any tap, so the
        // order is the tie-break alone, the one drawn last first.
        let tap = ScreenPoint(x: item.point.x + 3, y: item.point.y - 4)
        #expect(PinClusterIndex.items(near: tap, within: 10, in: [item, item, item]) == [2, 1, 0])
        #expect(PinClusterIndex.items(near: item.point, within: 0, in: [item, item]) == [1, 0])
        // A nearer item still comes before a tie drawn later.
        let other = try #require(items.first { PinClusterIndex.distance($0.point, item.point) > 20 })
        #expect(PinClusterIndex.items(near: item.point, within: 1e6, in: [item, other, item]) == [2, 0, 1])
    }

    @Test("BAD_INPUTS row 87: a tap target that is negative or NaN hits nothing, a tap or radius that is not a number finds nothing")
    func badTaps() throws {
        var random = SeededRandom(seed: 1412)
        let index = try PinClusterIndex(pins: ClusterKit.city(2_000, &random))
        let camera = try MercatorCamera(center: MercatorPoint(x: 261_845, y: 6_250_564), zoom: 13, widthPoints: 390, heightPoints: 844)
        var items: [PlacedClusterItem] = []
        index.items(in: camera, into: &items)
        let onTop = try #require(items.last).point
        #expect(PinClusterIndex.hit(onTop, in: items) == items.count - 1)
        // (Before this row a negative target hit as its size did, and minus infinity hit the
        // topmost item from anywhere.)
        for target in [-44, -Double.infinity, .nan, (-0.0).nextDown] {
            #expect(PinClusterIndex.hit(onTop, in: items, targetPoints: target) == nil)
            #expect(PinClusterIndex.hit(ScreenPoint(x: 1e6, y: -1e6), in: items, targetPoints: target) == nil)
        }
        #expect(PinClusterIndex.hit(onTop, in: items, targetPoints: 0) == items.count - 1)
        for tap in [ScreenPoint(x: .nan, y: 10), ScreenPoint(x: 10, y: .infinity), ScreenPoint(x: .infinity, y: 0), ScreenPoint(x: -.infinity, y: .infinity)] {
            #expect(PinClusterIndex.hit(tap, in: items) == nil && PinClusterIndex.items(near: tap, within: 1e9, in: items).isEmpty)
            // (Before: with a target of 1e300 or a radius of +inf, an infinite tap was as near
            // as any, its squared distance and the reach's both infinite.)
            #expect(PinClusterIndex.hit(tap, in: items, targetPoints: 1e300) == nil && PinClusterIndex.hit(tap, in: items, targetPoints: .infinity) == nil)
            #expect(PinClusterIndex.items(near: tap, within: .infinity, in: items).isEmpty)
        }
        // A tap 1e200 points away: out of a target of 1e190, within a radius of 1e300 (before:
        // the squares overflowed, so that it hit, and was not found).
        let remote = ScreenPoint(x: 1e200, y: 0)
        #expect(PinClusterIndex.hit(remote, in: items, targetPoints: 1e190) == nil)
        #expect(PinClusterIndex.hit(remote, in: items, targetPoints: 4e200) == items.count - 1)
        #expect(PinClusterIndex.items(near: remote, within: 1e300, in: items).count == items.count)
        #expect(PinClusterIndex.items(near: remote, within: 1e190, in: items).isEmpty)
        for radius in [-1, Double.nan, -Double.infinity] { #expect(PinClusterIndex.items(near: onTop, within: radius, in: items).isEmpty) }
        #expect(PinClusterIndex.items(near: onTop, within: .infinity, in: items).count == items.count)
        // A spread layout's pins: the same rules.
        let spread = (0..<4).map { SpreadPin(id: "s\($0)", point: ScreenPoint(x: 100 + 50 * Double($0), y: 300), category: .missing) }
        #expect(PinClusterIndex.hit(spread[2].point, in: spread) == 2)
        for target in [-44, -Double.infinity, .nan, (-0.0).nextDown] { #expect(PinClusterIndex.hit(spread[2].point, in: spread, targetPoints: target) == nil) }
        for tap in [ScreenPoint(x: .nan, y: 300), ScreenPoint(x: 200, y: -.infinity)] { #expect(PinClusterIndex.hit(tap, in: spread) == nil) }
        #expect(PinClusterIndex.hit(ScreenPoint(x: 0, y: 0), in: [SpreadPin]()) == nil)
    }

    /// An index of `size` pets at one address in Paris ("g0" ...), and their group as a phone
    /// at zoom 21 centred on it shows it.
    static func groupOnAPhone(_ size: Int) throws -> (PinClusterIndex, PlacedClusterItem) {
        let pins = (0..<size).map { ClusterPin(id: "g\($0)", point: MercatorPoint(uncheckedX: 261_845, y: 6_250_564), category: .found) }
        let index = try PinClusterIndex(pins: pins)
        let camera = try MercatorCamera(center: MercatorPoint(x: 261_845, y: 6_250_564), zoom: 21, widthPoints: 390, heightPoints: 844)
        var items: [PlacedClusterItem] = []
        index.items(in: camera, into: &items)
        return (index, try #require(items.first))
    }

    @Test("a spread's geometry is the documented one: up to 8 pins from the top clockwise on a circle with neighbours 44 points apart (4 pins at 22 sqrt 2 points: top, right, bottom, left); beyond 8 an Archimedean spiral with turns 48 points apart stepping 48 points of arc, every pair at least 44 apart")
    func spreadGeometry() throws {
        func spread(_ size: Int) throws -> [SpreadPin] {
            let (index, group) = try Self.groupOnAPhone(size)
            return try #require(try index.spread(of: group.item, around: ScreenPoint(x: 0, y: 0)))
        }
        func chord(_ a: SpreadPin, _ b: SpreadPin) -> Double { PinClusterIndex.distance(a.point, b.point) }
        // Four pins: a square of side 44 about the place, radius 22 sqrt 2, from the top
        // clockwise on a screen whose y grows downwards.
        let r = 22 * 2.0.squareRoot()
        let square = try spread(4)
        for (pin, (x, y)) in zip(square, [(0.0, -r), (r, 0.0), (0.0, r), (-r, 0.0)]) {
            #expect(isClose(pin.point.x, x, within: 1e-6) && isClose(pin.point.y, y, within: 1e-6), "\(pin.point) for (\(x), \(y))")
        }
        for size in 2...8 {
            let pins = try spread(size)
            #expect(pins.count == size)
            #expect(isClose(pins[0].point.x, 0, within: 1e-9) && pins[0].point.y < 0, "a circle of \(size) starts at the top")
            if size > 2 { #expect(pins[1].point.x > 0, "a circle of \(size) goes clockwise") }
            for k in 0..<size {
                let d = chord(pins[k], pins[(k + 1) % size])
                #expect(d >= 44 && d < 44 + 1e-6, "neighbours \(k) of \(size): \(d)")
            }
        }
        // A spiral of 200, clockwise from the top: with theta the angle turned (unwrapped)
        // and r the distance from the place, an Archimedean spiral whose turns are 48 apart
        // is r = r0 + 48 theta / 2 pi, and a step of 48 points of arc turns 48 / r radians.
        let spiral = try spread(200)
        #expect(isClose(spiral[0].point.x, 0, within: 1e-9) && spiral[0].point.y < 0 && spiral[1].point.x > 0)
        var theta = 0.0
        let r0 = hypot(spiral[0].point.x, spiral[0].point.y)
        for k in 1..<spiral.count {
            let (a, b) = (spiral[k - 1].point, spiral[k].point)
            let ra = hypot(a.x, a.y), rb = hypot(b.x, b.y)
            var turn = atan2(b.x, -b.y) - atan2(a.x, -a.y)
            if turn < 0 { turn += 2 * Double.pi }
            theta += turn
            #expect(isClose(turn * ra, 48, within: 1e-9), "pin \(k): an arc of \(turn * ra) points")
            #expect(isClose(rb, r0 + 48 * theta / (2 * Double.pi), within: 1e-9), "pin \(k): radius \(rb)")
        }
        #expect(theta > 10 * Double.pi)
        var closest = Double.infinity
        for a in 0..<spiral.count { for b in (a + 1)..<spiral.count { closest = min(closest, chord(spiral[a], spiral[b])) } }
        #expect(closest >= 44)
    }

    @Test("a tap on a spread pet hits that pet within 22 points, the one drawn last where two are, and none on the group's own place")
    func spreadTaps() throws {
        for size in [2, 3, 8, 9, 40] {
            let (index, group) = try Self.groupOnAPhone(size)
            let spread = try #require(try index.spread(of: group))
            #expect(PinClusterIndex.hit(group.point, in: spread) == nil, "a group of \(size)")
            for (k, pin) in spread.enumerated() {
                // Within 21.9 points of a pin in eight directions: that pin; 22.1 points
                // beyond the pin away from the group's place: not that pin (on a spiral, the
                // next turn's pin may be within reach there).
                for step in 0..<8 {
                    let angle = Double(step) * Double.pi / 4
                    #expect(PinClusterIndex.hit(ScreenPoint(x: pin.point.x + 21.9 * cos(angle), y: pin.point.y + 21.9 * sin(angle)), in: spread) == k)
                }
                let dx = pin.point.x - group.point.x, dy = pin.point.y - group.point.y, d = (dx * dx + dy * dy).squareRoot()
                let outside = ScreenPoint(x: pin.point.x + 22.1 * dx / d, y: pin.point.y + 22.1 * dy / d)
                let hit = PinClusterIndex.hit(outside, in: spread)
                #expect(hit == nil || hit != k)
            }
        }
        // Two pins 44 points apart, a tap halfway: the one drawn last.
        let pair = [SpreadPin(id: "a", point: ScreenPoint(x: 0, y: 0), category: .missing), SpreadPin(id: "b", point: ScreenPoint(x: 44, y: 0), category: .found)]
        #expect(PinClusterIndex.hit(ScreenPoint(x: 22, y: 0), in: pair) == 1)
    }

    @Test("groups on a spiral (9 to 3 000 pets at an address) are found apart as far as each one's spread reaches: the brute force's items, through updates and a compaction")
    func spiralGroupsApart() throws {
        var random = SeededRandom(seed: 1433)
        let city = MercatorPoint(uncheckedX: 261_845, y: 6_250_564)
        // A city, groups of every kind around it and across the antimeridian.
        var pins = ClusterKit.city(1_500, spread: 20_000, &random)
        var addresses: [MercatorPoint] = []
        for k in 0..<40 {
            let near = k % 4 == 3
                ? MercatorPoint(uncheckedX: (random.chance(50) ? 1 : -1) * (ClusterKit.world / 2 - random.uniform() * 3_000), y: random.uniform() * 1e4)
                : MercatorPoint(uncheckedX: city.x + (random.uniform() - 0.5) * 30_000, y: city.y + (random.uniform() - 0.5) * 30_000)
            addresses.append(near)
            let size = random.pick([2, 5, 8, 9, 12, 40, 300, 3_000])
            pins += (0..<size).map { ClusterPin(id: "a\(k)-\($0)", point: near, category: $0 % 2 == 0 ? .found : .missing) }
        }
        var index = try PinClusterIndex(pins: pins)
        var output: [PlacedClusterItem] = []
        var spirals = 0, compactions = 0
        func check(_ round: Int) throws {
            for _ in 0..<30 {
                let center = random.chance(70) ? random.pick(addresses) : city
                let zoom = random.chance(20) ? random.uniform() * 6 : 10 + random.uniform() * 12
                let width = 1 + random.uniform() * 1_500, height = 1 + random.uniform() * 1_500
                // (The view moved up to 1 500 points from the address.)
                let shift = 1_500 / (256 * exp2(zoom) / ClusterKit.world)
                // (On the world: the query wraps its center, and copies count from there.)
                let point = MercatorPoint(
                    uncheckedX: WebMercator.wrappedEasting(center.x + (random.uniform() - 0.5) * 2 * shift),
                    y: min(max(center.y + (random.uniform() - 0.5) * 2 * shift, -1.9e7), 1.9e7))
                let bearing = random.chance(30) ? 0 : random.uniform() * 360 - 180
                try index.items(center: point, zoom: zoom, bearing: bearing, widthPoints: width, heightPoints: height, into: &output)
                let expected = ClusterViewportTests.expected(index, center: point, zoom: zoom, bearing: bearing, width: width, height: height)
                let keys = output.map { "\($0.item.index)/\($0.worldCopy)" }
                #expect(keys.count == Set(keys).count, "round \(round): an item placed twice")
                #expect(Set(keys) == Set(expected.keys), "round \(round), zoom \(zoom)")
                spirals += output.filter { $0.item.count > 8 && $0.item.expansionZoom == nil }.count
            }
        }
        try check(0)
        // Updates: a group grown, one shrunk to a circle, one removed, one made at a new
        // address, pets moved between them; enough of them for a compaction.
        for round in 1...12 {
            let k = random.int(0...(addresses.count - 1))
            let target = random.chance(50) ? random.pick(addresses) : MercatorPoint(uncheckedX: city.x + (random.uniform() - 0.5) * 30_000, y: city.y)
            if random.chance(30) { addresses.append(target) }
            let group = index.rankedIDs.filter { $0.hasPrefix("a\(k)-") }.sorted()
            let moved = group.prefix(random.int(0...group.count))
            let removed = group.dropFirst(moved.count).prefix(random.int(0...3))
            let grown = (0..<random.pick([0, 7, 30, 500])).map { ClusterPin(id: "r\(round)-\($0)", point: target, category: .missing) }
            let dead = index.deadNodes
            try index.update(upserting: moved.map { ClusterPin(id: $0, point: target, category: .found) } + grown, removing: Array(removed))
            if index.deadNodes < dead { compactions += 1 }
            // (Compacted halfway too, whether or not an update did.)
            if round == 6 {
                index.compact()
                compactions += 1
            }
            try check(round)
        }
        #expect(spirals > 200 && compactions > 0, "\(spirals) spiral groups placed, \(compactions) compactions")
    }

    @Test("BAD_INPUTS row 90: a spread near the screen's edge is returned while its pins can reach the screen, and so after an update makes a larger group")
    func spreadsAtTheEdge() throws {
        let shelter = MercatorPoint(uncheckedX: 261_845, y: 6_250_564)
        var pins = (0..<20).map { ClusterPin(id: "s\($0)", point: shelter, category: .found) }
        pins += (0..<3).map { ClusterPin(id: "h\($0)", point: MercatorPoint(uncheckedX: 262_845, y: 6_250_564), category: .missing) }
        var index = try PinClusterIndex(pins: pins)
        let reach = PinClusterIndex.spreadReachPoints(count: 20)
        var items: [PlacedClusterItem] = []
        // The shelter at x = -d on a phone at zoom 21 (its screen radius 20 points): returned
        // while d <= 20 + its spread's reach, and then some of its spread pins are within 20
        // points of the screen; not beyond.
        // (A phone at zoom 21 with `point` d points west of its left edge.)
        func camera(_ point: MercatorPoint, west d: Double) throws -> MercatorCamera {
            let s = 256 * exp2(21) / ClusterKit.world
            return try MercatorCamera(center: MercatorPoint(x: point.x + (195 + d) / s, y: point.y), zoom: 21, widthPoints: 390, heightPoints: 844)
        }
        for d in [14.0, 25, 60, 100, 20 + reach - 0.5, 20 + reach + 0.5, 400] {
            index.items(in: try camera(shelter, west: d), into: &items)
            let group = items.first { $0.item.count == 20 }
            #expect((group != nil) == (d <= 20 + reach), "the shelter \(d) points west of the screen")
            if let group {
                #expect(abs(group.point.x + d) < 1e-6)
                let spread = try #require(try index.spread(of: group))
                // (Up to 100 points out, some of its pins are on the screen or within its
                // margin; the rule's reach is a circle's, so at its limit none may be.)
                if d <= 100 { #expect(spread.contains { $0.point.x >= -20 }) }
                #expect(spread.map { ($0.point.x - group.point.x).magnitude }.max()! <= reach + 1e-9)
            }
        }
        // The three at the other address: a group of 3, within its own reach only.
        let other = MercatorPoint(uncheckedX: 262_845, y: 6_250_564), three = PinClusterIndex.spreadReachPoints(count: 3)
        index.items(in: try camera(other, west: 20 + three - 0.5), into: &items)
        #expect(items.contains { $0.item.count == 3 })
        index.items(in: try camera(other, west: 20 + three + 0.5), into: &items)
        #expect(!items.contains { $0.item.count == 3 })
        // An update that gathers 40 pets at one new address: found as far as its own reach.
        let second = MercatorPoint(uncheckedX: 271_845, y: 6_250_564)
        try index.update(upserting: (0..<40).map { ClusterPin(id: "t\($0)", point: second, category: .missing) })
        let near = try camera(second, west: 20 + PinClusterIndex.spreadReachPoints(count: 40) - 0.5)
        index.items(in: near, into: &items)
        #expect(items.contains { $0.item.count == 40 })
        // A group that an update leaves alone on lower levels than before (its neighbour
        // removed, item by item, not built again): found there too.
        let a = MercatorPoint(uncheckedX: 261_845, y: 6_250_564)
        var lone = try PinClusterIndex(pins: (0..<5).map { ClusterPin(id: "g\($0)", point: a, category: .found) }
            + [ClusterPin(id: "b", point: MercatorPoint(uncheckedX: a.x + 100, y: a.y), category: .missing)])
        let s14 = 256 * exp2(14.5) / ClusterKit.world
        let edge = try MercatorCamera(
            center: MercatorPoint(x: a.x + (195 + 20 * exp2(0.5) + PinClusterIndex.spreadReachPoints(count: 5) - 0.5) / s14, y: a.y),
            zoom: 14.5, widthPoints: 390, heightPoints: 844)
        lone.items(in: edge, into: &items)
        #expect(!items.contains { $0.item.count == 5 })
        try lone.update(upserting: [], removing: ["b"], wholeLevelFactor: 0)
        lone.items(in: edge, into: &items)
        #expect(items.contains { $0.item.count == 5 && $0.item.expansionZoom == nil })
        #expect(Set(items.map { "\($0.item.index)/\($0.worldCopy)" }) == Set(ClusterViewportTests.expected(lone, edge).keys))
        #expect(ClusterViewportTests.expected(index, near).count == items.count)
    }

    @Test("a spread's reach is its outermost pin's distance on a circle, and at most 0.14 point beyond it on a spiral, for every size up to 60 and some larger")
    func spreadReach() throws {
        #expect(PinClusterIndex.spreadReachPoints(count: 0) == 0 && PinClusterIndex.spreadReachPoints(count: 1) == 0)
        // (Constant time: a count of Int.max answers, finite.)
        #expect(PinClusterIndex.spreadReachPoints(count: Int.max).isFinite && PinClusterIndex.spreadReachPoints(count: -5) == 0)
        // Against the layout's own steps, for every count of a spiral up to 200 000.
        var radius = SpreadShape.gap, worst = 0.0
        for count in 2...200_000 {
            radius = SpreadShape.next(radius)
            guard count >= 9 else { continue }
            let bound = PinClusterIndex.spreadReachPoints(count: count)
            if !(bound >= radius && bound - radius <= 0.14) { worst = max(worst, bound - radius + 1) }
        }
        #expect(worst == 0)
        for size in Array(2...60) + [100, 1_000, 5_000] {
            let point = MercatorPoint(uncheckedX: 261_845, y: 6_250_564)
            let index = try PinClusterIndex(pins: (0..<size).map { ClusterPin(id: "g\($0)", point: point, category: .found) })
            var items: [PlacedClusterItem] = []
            index.items(in: try MercatorCamera(center: point, zoom: 20, widthPoints: 390, heightPoints: 844), into: &items)
            let group = try #require(items.first)
            let spread = try #require(try index.spread(of: group))
            let farthest = spread.map { (($0.point.x - group.point.x) * ($0.point.x - group.point.x) + ($0.point.y - group.point.y) * ($0.point.y - group.point.y)).squareRoot() }.max()!
            // (Points on the screen are the distance plus a point's rounding, about 1e-13 here.)
            let reach = PinClusterIndex.spreadReachPoints(count: size)
            if size <= 8 {
                #expect(abs(farthest - reach) <= 1e-9, "a group of \(size)")
            } else {
                #expect(reach >= farthest && reach - farthest <= 0.14, "a group of \(size): \(reach) against \(farthest)")
            }
        }
    }

    @Test("a spread of more than 8 pets is the documented Archimedean spiral: its turns 48 points apart (r = 48 + 48 theta / 2 pi from the top, clockwise) and each pin 48 points of arc after the one before (theta grows by 48 / r)")
    func spiralGeometry() throws {
        // The layout's own description, not its code: polar coordinates of each pin about the
        // group's point, the angle measured clockwise from the top and unwrapped pin by pin.
        let point = MercatorPoint(uncheckedX: 261_845, y: 6_250_564)
        let index = try PinClusterIndex(pins: (0..<400).map { ClusterPin(id: "s\($0)", point: point, category: .missing) })
        var items: [PlacedClusterItem] = []
        index.items(in: try MercatorCamera(center: point, zoom: 20, widthPoints: 390, heightPoints: 844), into: &items)
        let group = try #require(items.first)
        let spread = try #require(try index.spread(of: group))
        #expect(spread.count == 400)
        var theta = 0.0, previous: (r: Double, angle: Double)?
        var worstTurn = 0.0, worstStep = 0.0
        for pin in spread {
            let dx = pin.point.x - group.point.x, dy = pin.point.y - group.point.y
            let r = (dx * dx + dy * dy).squareRoot(), angle = atan2(dx, -dy)   // clockwise from the top (y down)
            if let previous {
                let turn = (angle - previous.angle).remainder(dividingBy: 2 * Double.pi)
                // 48 points of arc on the circle of the pin before: the angle grows by 48 / r.
                worstStep = max(worstStep, abs(turn - 48 / previous.r))
                theta += turn
            } else {
                #expect(abs(dx) <= 1e-9 && abs(dy + 48) <= 1e-9, "the first pin 48 points above the group: \(dx), \(dy)")
            }
            // Turns 48 points apart: the radius grows by 48 a whole turn, from 48 at the top.
            worstTurn = max(worstTurn, abs(r - (48 + 48 * theta / (2 * Double.pi))))
            previous = (r, angle)
        }
        // (Screen points at zoom 20 are about 2.6e6 points from the origin: a point's rounding is
        // about 5e-10, and theta sums 400 such turns.)
        #expect(worstTurn <= 1e-6, "radius off the spiral by \(worstTurn) points")
        #expect(worstStep <= 1e-9, "a step off 48 points of arc by \(worstStep) radians")
        // (400 pets wind about 10 turns: the check reaches well beyond the first.)
        #expect(theta > 6 * 2 * Double.pi)
    }

    @Test("BAD_INPUTS row 90: above the index's maximum zoom the camera shows that level (groups with their spreads, a margin of at most twice the radius); an unknown id is an error")
    func aboveTheMaximumZoom() throws {
        let address = MercatorPoint(uncheckedX: 261_845, y: 6_250_564)
        var pins = (0..<5).map { ClusterPin(id: "same\($0)", point: address, category: .found) }
        // Two pets 3 metres apart: together at level 16, so never split with maximum zoom 16.
        pins.append(ClusterPin(id: "a", point: MercatorPoint(uncheckedX: 261_845 + 500, y: 6_250_564), category: .missing))
        pins.append(ClusterPin(id: "b", point: MercatorPoint(uncheckedX: 261_845 + 503, y: 6_250_564), category: .missing))
        let index = try PinClusterIndex(pins: pins, maximumZoom: 16)
        for zoom in [16.0, 17, 18.5, 22] {
            let camera = try MercatorCamera(center: address, zoom: zoom, widthPoints: 390, heightPoints: 844)
            #expect(index.level(forZoom: zoom) == 16)
            #expect(index.screenRadiusPoints(for: camera) == 20 * exp2(min(zoom - 16, 1)))
            var items: [PlacedClusterItem] = []
            index.items(in: camera, into: &items)
            let same = try #require(items.first { $0.item.count == 5 }, "zoom \(zoom)")
            let sameSpread = try index.spread(of: same)
            #expect(same.item.expansionZoom == nil && sameSpread?.count == 5)
            if let pair = items.first(where: { $0.item.count == 2 }) {
                let pairSpread = try index.spread(of: pair)
                #expect(pair.item.expansionZoom == nil && pairSpread?.count == 2)
            }
            #expect(!items.contains { $0.item.count == 1 }, "zoom \(zoom): no pet drawn alone")
        }
        // A low maximum: the margin stays twice the radius, not 20 2^12 points.
        var random = SeededRandom(seed: 1414)
        let low = try PinClusterIndex(pins: ClusterKit.city(500, spread: 50_000, &random), maximumZoom: 10)
        let camera = try MercatorCamera(center: address, zoom: 22, widthPoints: 390, heightPoints: 844)
        #expect(low.screenRadiusPoints(for: camera) == 40)
        // A zoom that is not a number is level 0's, and its margin the radius (before: NaN).
        for zoom: Double in [.nan, -.nan, -.infinity, -3] { #expect(low.screenRadiusPoints(atZoom: zoom) == 20, "\(zoom)") }
        #expect(low.screenRadiusPoints(atZoom: .infinity) == 40)
        var items: [PlacedClusterItem] = []
        low.items(in: camera, into: &items)
        for placed in items where !(placed.item.isCluster && placed.item.expansionZoom == nil) {
            #expect(placed.point.x >= -40 && placed.point.x <= 430 && placed.point.y >= -40 && placed.point.y <= 884)
        }
        #expect(Set(items.map { "\($0.item.index)/\($0.worldCopy)" }) == Set(ClusterViewportTests.expected(low, camera).keys))
        // An id the index does not hold (nor one canonically equal to it: "e\u{301}" for
        // "\u{E9}"), and levels beyond the range clamped (`item(containing:atLevel:)`).
        #expect(throws: GeometryError.unknownPinID("nobody")) { try index.item(containing: "nobody", atLevel: 5) }
        let withAccent = try PinClusterIndex(pins: [ClusterPin(id: "caf\u{E9}", point: MercatorPoint(uncheckedX: 0, y: 0), category: .found)])
        #expect(throws: GeometryError.unknownPinID("cafe\u{301}")) { try withAccent.item(containing: "cafe\u{301}", atLevel: 5) }
        #expect(try withAccent.item(containing: "caf\u{E9}", atLevel: -3).zoom == 0 && (try withAccent.item(containing: "caf\u{E9}", atLevel: 99)).zoom == 23)
        // The item holding an item: on a level above the item's (99, or its own plus one)
        // refused, naming the level; below 0, level 0's; an item of another index refused.
        let alone = try withAccent.item(containing: "caf\u{E9}", atLevel: 23)
        for above in [24, 99] {
            #expect(throws: GeometryError.invalidClusterParameter(name: "level", value: Double(above), expected: "a level from 0 to the item's, 23")) {
                try withAccent.item(holding: alone, atLevel: above)
            }
        }
        #expect(try withAccent.item(holding: alone, atLevel: -3) == withAccent.items(atLevel: 0)[0])
        #expect(throws: GeometryError.staleClusterItem(zoom: 23, index: alone.index)) { try index.item(holding: alone, atLevel: 5) }
        // A page of a group's pins: a negative offset or limit refused, naming it; an offset
        // past the pins or a limit of 0 gives none; a limit of Int.max the rest.
        let group = try #require(index.items(atLevel: 16).first { $0.count == 5 })
        #expect(throws: GeometryError.invalidClusterParameter(name: "pin offset", value: -1, expected: "0 or more")) {
            try index.pins(of: group, offset: -1, limit: 3)
        }
        #expect(throws: GeometryError.invalidClusterParameter(name: "pin limit", value: -1, expected: "0 or more")) {
            try index.pins(of: group, offset: 0, limit: -1)
        }
        #expect(try index.pins(of: group, offset: 5, limit: 3).isEmpty && (try index.pins(of: group, offset: 0, limit: 0)).isEmpty)
        #expect(try index.pins(of: group, offset: Int.max, limit: Int.max).isEmpty)
        let rest = try index.pins(of: group, offset: 2, limit: Int.max), whole = try index.pins(of: group)
        #expect(rest == Array(whole.dropFirst(2)))
    }

    @Test("groups that never split are spread with every pair at least 44 points apart, listing exactly their ids")
    func spreadLayouts() throws {
        var pins: [ClusterPin] = []
        let sizes = [2, 3, 5, 8, 9, 12, 40, 150]
        for (g, size) in sizes.enumerated() {
            let point = MercatorPoint(uncheckedX: 261_845 + Double(g) * 5_000, y: 6_250_564)
            for k in 0..<size { pins.append(ClusterPin(id: "g\(g)-\(k)", point: point, category: k % 2 == 0 ? .missing : .found)) }
        }
        let index = try PinClusterIndex(pins: pins)
        let camera = try MercatorCamera(center: MercatorPoint(x: 261_845 + 17_500, y: 6_250_564), zoom: 12, widthPoints: 2000, heightPoints: 844)
        var items: [PlacedClusterItem] = []
        index.items(in: camera, into: &items)
        var seen = 0
        for placed in items where placed.item.isCluster && placed.item.expansionZoom == nil {
            let spread = try #require(try index.spread(of: placed))
            #expect(spread.map(\.id) == (try index.pinIDs(of: placed.item)).sorted(by: PinClusterIndex.idPrecedes) && spread.count == placed.item.count)
            // Around a point of the app's: the same layout there; around (0, 0), the offsets.
            #expect(try index.spread(of: placed.item, around: placed.point) == spread)
            let offsets = try #require(try index.spread(of: placed.item, around: ScreenPoint(x: 0, y: 0)))
            for (offset, pin) in zip(offsets, spread) {
                #expect(offset.id == pin.id && offset.category == pin.category)
                #expect(abs(offset.point.x + placed.point.x - pin.point.x) <= 1e-9 && abs(offset.point.y + placed.point.y - pin.point.y) <= 1e-9)
            }
            #expect(spread.map(\.category) == spread.map { id in pins.first { $0.id == id.id }!.category })
            for a in spread.indices {
                for b in spread.indices where b > a {
                    let dx = spread[a].point.x - spread[b].point.x, dy = spread[a].point.y - spread[b].point.y
                    #expect((dx * dx + dy * dy).squareRoot() >= 44, "group of \(spread.count)")
                }
            }
            seen += 1
        }
        #expect(seen == sizes.count)
        for placed in items where !placed.item.isCluster || placed.item.expansionZoom != nil {
            #expect(try index.spread(of: placed) == nil && (try index.spread(of: placed.item, around: placed.point)) == nil)
        }
    }
}

/// A deliberately simple reference: the same greedy rule, level by level, by comparing every
/// pair of items. Quadratic: for a few thousand pins.
enum ReferenceClustering {
    /// Expects every level of `index` to equal the quadratic reference's for its own ranked
    /// pins, bit for bit: item counts, centroids and members.
    static func expectEqual(_ index: PinClusterIndex, _ label: String) {
        let reference = levels(ranked: index.rankedPoints, radiusPoints: index.radiusPoints, maximumZoom: index.maximumZoom)
        let pinRanks = index.pinRanks()
        for z in 0...(index.maximumZoom + 1) {
            let items = index.items(atLevel: z)
            #expect(items.count == reference[z].count, "\(label) level \(z)")
            for (item, expected) in zip(items, reference[z]) {
                #expect(item.point.x == expected.x && item.point.y == expected.y, "\(label) level \(z)")
                #expect(index.ranks(of: item, using: pinRanks) == expected.pins, "\(label) level \(z)")
            }
        }
    }

    struct Item: Equatable {
        var x: Double
        var y: Double
        var pins: [Int]  // ranks, ascending
    }

    /// Levels 0 ... maximumZoom + 1 from pins ranked as the index ranks them.
    static func levels(ranked: [(x: Double, y: Double)], radiusPoints: Double, maximumZoom: Int) -> [[Item]] {
        let world = WebMercator.worldWidthMeters
        var current = ranked.enumerated().map { Item(x: $0.element.x, y: $0.element.y, pins: [$0.offset]) }
        var out = [current]
        for zoom in stride(from: maximumZoom, through: 0, by: -1) {
            let r = radiusPoints * world / (256 * exp2(Double(zoom)))
            var taken = [Bool](repeating: false, count: current.count)
            var next: [Item] = []
            for i in current.indices where !taken[i] {
                var members: [Int] = []
                for j in current.indices where !taken[j] {
                    let dx = WebMercator.wrappedEasting(current[j].x - current[i].x), dy = current[j].y - current[i].y
                    if dx * dx + dy * dy <= r * r { members.append(j) }
                }
                let pins = members.reduce(0) { $0 + current[$1].pins.count }
                if members.count > 1 && pins >= 2 {
                    var wx = 0.0, wy = 0.0
                    for j in members {
                        wx += Double(current[j].pins.count) * WebMercator.wrappedEasting(current[j].x - current[i].x)
                        wy += Double(current[j].pins.count) * current[j].y
                        taken[j] = true
                    }
                    next.append(Item(
                        x: WebMercator.wrappedEasting(current[i].x + wx / Double(pins)),
                        y: min(max(wy / Double(pins), -world / 2), world / 2),
                        pins: members.flatMap { current[$0].pins }.sorted()))
                } else {
                    taken[i] = true
                    next.append(current[i])
                }
            }
            current = next
            out.append(current)
        }
        return out.reversed()
    }
}

extension ReferenceClustering {
    /// The same levels as ``levels(ranked:radiusPoints:maximumZoom:)``, with each seed's
    /// candidates taken from the items whose easting is within the radius of its own (the
    /// items sorted by easting once per level, binary search, the band wrapped across +-180),
    /// so that 100 000 pins take seconds rather than hours. The rule, the order of the sums and
    /// the members' order are the quadratic reference's.
    static func bandedLevels(ranked: [(x: Double, y: Double)], radiusPoints: Double, maximumZoom: Int) -> [[Item]] {
        let world = WebMercator.worldWidthMeters, half = world / 2
        var current = ranked.enumerated().map { Item(x: $0.element.x, y: $0.element.y, pins: [$0.offset]) }
        var out = [current]
        for zoom in stride(from: maximumZoom, through: 0, by: -1) {
            let r = radiusPoints * world / (256 * exp2(Double(zoom)))
            let byEasting = current.indices.sorted { current[$0].x < current[$1].x }
            func first(atLeast x: Double) -> Int {
                var low = 0, high = byEasting.count
                while low < high {
                    let mid = (low + high) / 2
                    if current[byEasting[mid]].x < x { low = mid + 1 } else { high = mid }
                }
                return low
            }
            var taken = [Bool](repeating: false, count: current.count)
            var next: [Item] = []
            for i in current.indices where !taken[i] {
                let xi = current[i].x
                var bands = [(xi - r, xi + r)]
                if xi - r < -half { bands.append((xi - r + world, half)) }
                if xi + r >= half { bands.append((-half, xi + r - world)) }
                var members: [Int] = []
                for (from, to) in bands {
                    var k = first(atLeast: from)
                    while k < byEasting.count && current[byEasting[k]].x <= to {
                        let j = byEasting[k]
                        k += 1
                        guard !taken[j], !members.contains(j) else { continue }
                        let dx = WebMercator.wrappedEasting(current[j].x - xi), dy = current[j].y - current[i].y
                        if dx * dx + dy * dy <= r * r { members.append(j) }
                    }
                }
                members.sort()
                let pins = members.reduce(0) { $0 + current[$1].pins.count }
                if members.count > 1 && pins >= 2 {
                    var wx = 0.0, wy = 0.0
                    for j in members {
                        wx += Double(current[j].pins.count) * WebMercator.wrappedEasting(current[j].x - xi)
                        wy += Double(current[j].pins.count) * current[j].y
                        taken[j] = true
                    }
                    next.append(Item(
                        x: WebMercator.wrappedEasting(xi + wx / Double(pins)), y: min(max(wy / Double(pins), -half), half),
                        pins: members.flatMap { current[$0].pins }.sorted()))
                } else {
                    taken[i] = true
                    next.append(current[i])
                }
            }
            current = next
            out.append(current)
        }
        return out.reversed()
    }
}

@Suite("Pin clustering against the quadratic reference")
struct ClusterReferenceTests {
    @Test("every level equals the quadratic reference's, bit for bit, for clustered, coincident and antimeridian pins")
    func matchesReference() throws {
        var random = SeededRandom(seed: 1420)
        for trial in 0..<4 {
            var pins = ClusterKit.city(600, spread: trial % 2 == 0 ? 10_000 : 200_000, &random)
            for k in 0..<200 {
                let x = (random.chance(50) ? 1 : -1) * (ClusterKit.world / 2 - random.uniform() * 2e5)
                pins.append(ClusterPin(id: "a\(k)", point: MercatorPoint(uncheckedX: x, y: random.uniform() * 4e5), category: .found))
            }
            let radius = [20.0, 40, 7.5, 60][trial]
            let index = try PinClusterIndex(pins: pins, radiusPoints: radius)
            ReferenceClustering.expectEqual(index, "trial \(trial)")
        }
    }

    @Test("the banded reference equals the quadratic one (clustered, coincident and antimeridian pins)")
    func bandedMatchesQuadratic() throws {
        var random = SeededRandom(seed: 1421)
        var pins = ClusterKit.city(700, spread: 50_000, &random)
        for k in 0..<150 {
            let x = (random.chance(50) ? 1 : -1) * (ClusterKit.world / 2 - random.uniform() * 2e5)
            pins.append(ClusterPin(id: "a\(k)", point: MercatorPoint(uncheckedX: x, y: random.uniform() * 4e5), category: .found))
        }
        let ranked = try PinClusterIndex(pins: pins).rankedPoints
        #expect(ReferenceClustering.bandedLevels(ranked: ranked, radiusPoints: 20, maximumZoom: 22)
            == ReferenceClustering.levels(ranked: ranked, radiusPoints: 20, maximumZoom: 22))
    }

    @Test("100 000 random pins: every level equals the banded reference's, bit for bit (a city, a region around it, pins at +-180)")
    func hundredThousandPins() throws {
        var random = SeededRandom(seed: 1422)
        var pins = ClusterKit.city(70_000, spread: 10_000, &random)
        for k in 0..<25_000 {
            let x = 261_845 + (random.uniform() * 2 - 1) * 300_000, y = 6_250_564 + (random.uniform() * 2 - 1) * 300_000
            pins.append(ClusterPin(id: "r\(k)", point: MercatorPoint(uncheckedX: x, y: y), category: random.chance(50) ? .missing : .found))
        }
        for k in 0..<5_000 {
            let x = (random.chance(50) ? 1 : -1) * (ClusterKit.world / 2 - random.uniform() * 20_000)
            pins.append(ClusterPin(id: "m\(k)", point: MercatorPoint(uncheckedX: x, y: (random.uniform() * 2 - 1) * 20_000), category: .found))
        }
        let index = try PinClusterIndex(pins: pins)
        let reference = ReferenceClustering.bandedLevels(
            ranked: index.rankedPoints, radiusPoints: index.radiusPoints, maximumZoom: index.maximumZoom)
        let pinRanks = index.pinRanks()
        var total = 0
        for z in 0...(index.maximumZoom + 1) {
            let items = index.items(atLevel: z)
            #expect(items.count == reference[z].count, "level \(z)")
            var mismatches = 0
            for (item, expected) in zip(items, reference[z]) {
                if item.point.x != expected.x || item.point.y != expected.y || item.count != expected.pins.count { mismatches += 1 }
                total += item.count
            }
            #expect(mismatches == 0, "level \(z)")
            // Members, at the levels where the items change most.
            if z % 4 == 1 {
                for (item, expected) in zip(items, reference[z]) where index.ranks(of: item, using: pinRanks) != expected.pins {
                    Issue.record("level \(z): item \(item.index)'s pins differ")
                    break
                }
            }
        }
        #expect(total == pins.count * (index.maximumZoom + 2))
    }
}
