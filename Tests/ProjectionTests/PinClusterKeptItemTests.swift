import Foundation
import GeoMath
import Testing
import TestSupport

@testable import Projection

@Suite("Cluster items kept across updates and pans")
struct PinClusterKeptItemTests {
    @Test("BAD_INPUTS row 85: an item kept across updates that answers gives what an index built from the pins now gives for the item holding its pins: its values, pins (categories too), pages, children, smallest id, spread and the items holding it below; over 20 random updates (moves, arrivals, removals, category changes)")
    func keptItemsAnswerAsARebuild() throws {
        var random = SeededRandom(seed: 1_531)
        let start = ClusterKit.city(400, spread: 1_500, &random)
        var index = try PinClusterIndex(pins: start)
        var current: [String: ClusterPin] = [:]
        for pin in start { current[pin.id] = pin }
        var kept: [PinClusterItem] = []
        var answered = 0, refused = 0
        let origin = ScreenPoint(x: 0, y: 0)
        for step in 0..<20 {
            for z in [0, 10, 14, 17, 20, 22, 23] {
                let items = index.items(atLevel: z)
                kept.append(items[random.int(0...(items.count - 1))])
            }
            if kept.count > 100 { kept.removeFirst(kept.count - 100) }
            // One to three pins moved, added, removed or given the other category (the point
            // kept), item by item.
            var upserts: [ClusterPin] = [], removals: [String] = []
            for k in 0..<random.int(1...3) {
                let id = random.chance(50) ? "p\(random.int(0...399))" : "s\(step)-\(k)"
                guard !upserts.contains(where: { $0.id == id }), !removals.contains(id) else { continue }
                if current[id] != nil && random.chance(30) {
                    removals.append(id)
                    continue
                }
                let point = current[id].flatMap { random.chance(50) ? $0.point : nil }
                    ?? MercatorPoint(uncheckedX: 261_845 + (random.uniform() * 2 - 1) * 1_500, y: 6_250_564 + (random.uniform() * 2 - 1) * 1_500)
                upserts.append(ClusterPin(id: id, point: point, category: random.chance(50) ? .missing : .found))
            }
            try index.update(upserting: upserts, removing: removals, wholeLevelFactor: PinClusterIndex.wholeLevelFactor)
            for id in removals { current[id] = nil }
            for pin in upserts { current[pin.id] = pin }
            let rebuilt = try PinClusterIndex(pins: Array(current.values))
            for item in kept {
                let ids: [String]
                do { ids = try index.pinIDs(of: item) } catch {
                    #expect(error == .staleClusterItem(zoom: item.zoom, index: item.index))
                    refused += 1
                    continue
                }
                answered += 1
                let twin = try rebuilt.item(containing: ids[0], atLevel: item.zoom)
                #expect(try rebuilt.pinIDs(of: twin) == ids)
                #expect(item.point == twin.point && item.count == twin.count && item.missingCount == twin.missingCount)
                #expect(item.expansionZoom == twin.expansionZoom)
                let pins = try index.pins(of: item)
                #expect(pins == (try rebuilt.pins(of: twin)))
                for (offset, limit) in [(0, Int.max), (Int.max, Int.max), (item.count - 1, Int.max), (item.count, 1), (1, 2), (0, 0)] {
                    let expected = offset >= pins.count ? [] : Array(pins[offset..<min(pins.count, offset + min(limit, pins.count))])
                    #expect(try index.pins(of: item, offset: offset, limit: limit) == expected)
                }
                let children = try index.children(of: item), twinChildren = try rebuilt.children(of: twin)
                #expect(try children.map { try index.pinIDs(of: $0) } == twinChildren.map { try rebuilt.pinIDs(of: $0) })
                #expect(children.map { [$0.zoom, $0.count, $0.missingCount, $0.expansionZoom ?? -1] } == twinChildren.map { [$0.zoom, $0.count, $0.missingCount, $0.expansionZoom ?? -1] })
                #expect(children.map(\.point) == twinChildren.map(\.point))
                #expect(try index.smallestPinID(of: item) == rebuilt.smallestPinID(of: twin))
                #expect(try index.spread(of: item, around: origin) == rebuilt.spread(of: twin, around: origin))
                for level in Set([0, item.zoom / 2, item.zoom]) {
                    let below = try index.item(holding: item, atLevel: level), twinBelow = try rebuilt.item(holding: twin, atLevel: level)
                    #expect(try index.pinIDs(of: below) == rebuilt.pinIDs(of: twinBelow))
                    #expect(below.point == twinBelow.point && below.expansionZoom == twinBelow.expansionZoom)
                }
            }
        }
        // Both happened: items the updates left as they were answered, others were refused.
        #expect(answered > 500 && refused > 200, "answered \(answered), refused \(refused)")
    }
    @Test("BAD_INPUTS row 113: a pan across +-180 degrees numbers the world copies anew: every item keeps its level and smallest id and moves by the pan on screen, its copy one less going east (the camera keeps its center on the world), so a diff keyed by id, level and copy sees it leave and come back")
    func worldCopiesAcrossTheAntimeridian() throws {
        let half = ClusterKit.world / 2
        let pins = [
            ClusterPin(id: "east", point: MercatorPoint(uncheckedX: -half + 100, y: 0), category: .found),
            ClusterPin(id: "west", point: MercatorPoint(uncheckedX: half - 100, y: 0), category: .missing),
        ]
        let index = try PinClusterIndex(pins: pins)
        // 50 m west of +180 degrees, then 20 points east (191 m at zoom 14): across it.
        var camera = try MercatorCamera(center: MercatorPoint(x: half - 50, y: 0), zoom: 14, widthPoints: 390, heightPoints: 844)
        var before: [PlacedClusterItem] = [], after: [PlacedClusterItem] = []
        index.items(in: camera, into: &before)
        camera.pan(dx: -20, dy: 0)
        index.items(in: camera, into: &after)
        #expect(camera.centerMercator.x < 0, "the pan crossed +-180 degrees onto the world's west edge")
        #expect(before.count == 2 && after.count == 2)
        for (b, a) in zip(before, after) {
            #expect(try index.smallestPinID(of: b.item) == index.smallestPinID(of: a.item) && a.item.zoom == b.item.zoom)
            #expect(abs(a.point.x - (b.point.x - 20)) < 1e-6 && abs(a.point.y - b.point.y) < 1e-6)
            #expect(a.worldCopy == b.worldCopy - 1)
        }
    }
}
