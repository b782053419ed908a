import FuzzSupport
import GeoMath
import Projection

#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer entry: a cluster index through arbitrary updates and queries.
///
/// The first bytes choose the radius and maximum zoom (any double, any integer: an invalid one
/// must throw, a valid one must build) and seed about 200 pins in tight groups, on the
/// antimeridian, at the clamp latitude and shared addresses, so that a few pins changed take
/// the update's incremental path rather than a rebuild. Then each record is one operation:
///
/// - an update by id (`update(upserting:removing:)`; in record 1 a pin held may keep its
///   point with its category changed) or to a whole list (`update(to:)`, sorted by id,
///   reversed, or in the order of the list before with pins put in or moved): it
///   throws exactly when the model says it must (an id twice, an unknown id to remove), and is
///   then without effect (`==` the index before); otherwise the index equals (`==`) one built
///   from the model's pins, and an item kept from before either answers as the new index
///   does or is refused as stale;
/// - a level checked whole: every pin in exactly one item, counts, categories and children
///   adding up, every pin's item found again by id;
/// - a view (any center, zoom, bearing and size), a tap and a radius query on its items, the
///   spreads of its groups, and a rectangle of any four numbers: typed errors or finite points,
///   indices in range, distances sorted;
/// - a MapKit map rectangle or a coordinate box of any values (exactly the level's items
///   inside, recounted), a camera or a MapKit state (the camera's items), spreads around any
///   point and taps on them, pages of pins, the items holding an item.
func fuzzClusters(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    var input = Input(bytes: UnsafeBufferPointer(start: data, count: size))
    let tame: [Double] = [20, 40, 1, 0.001, 256, 80]
    let radius: Double
    if let byte = input.byte() {
        radius = byte & 1 == 0 ? tame[Int(byte >> 1) % tame.count] : input.double()
    } else {
        radius = 20
    }
    let maximumZoom = Int(input.byte() ?? 22) % 27 - 2
    let valid = radius > 0 && radius <= 256 && (0...22).contains(maximumZoom)
    var model = Model(seed: input.byte() ?? 0)
    var index: PinClusterIndex
    do {
        index = try PinClusterIndex(pins: model.pins, radiusPoints: radius, maximumZoom: maximumZoom)
        precondition(valid, "radius \(radius), maximum zoom \(maximumZoom) built")
    } catch {
        precondition(!valid, "radius \(radius), maximum zoom \(maximumZoom): \(error)")
        return 0
    }
    var shown: [PlacedClusterItem] = []
    var kept = index.items(atLevel: maximumZoom / 2)
    // (The list last given whole, in its order: the build's pins at first.)
    var listed = model.pins
    while let operation = input.byte() {
        switch operation % 12 {
        case 0, 1:
            var upserts: [ClusterPin] = []
            for _ in 0..<Int(input.byte() ?? 0) % 5 {
                guard var pin = model.pin(&input) else { continue }
                // (Record 1: a pin held may keep its point, its category alone changed: a pet
                // found, which the update settles without examining an item.)
                if operation % 12 == 1, let held = model.byID[pin.id], (input.byte() ?? 0) % 2 == 0 {
                    pin = ClusterPin(id: held.id, point: held.point, category: held.category == .missing ? .found : .missing)
                }
                upserts.append(pin)
            }
            let removals = (0..<Int(input.byte() ?? 0) % 3).map { _ in Model.id(input.byte() ?? 0) }
            let ids = upserts.map(\.id) + removals
            let refused = Set(ids).count < ids.count || removals.contains { model.byID[$0] == nil }
            let before = index
            do {
                try index.update(upserting: upserts, removing: removals)
                precondition(!refused, "an update of \(ids) (removing \(removals)) passed")
            } catch {
                precondition(refused, "an update of \(ids) (removing \(removals)) threw \(error)")
                precondition(index == before, "an update that threw changed the index")
                continue
            }
            for id in removals { model.byID[id] = nil }
            for pin in upserts { model.byID[pin.id] = pin }
            checkAgainstBuild(index, model, radius: radius, maximumZoom: maximumZoom, kept: kept)
            kept = index.items(atLevel: Int(input.byte() ?? 0) % (maximumZoom + 2))
        case 2:
            // The model's pins, some dropped and some moved: sorted by id or reversed, or in the
            // order of the list given before (which the update follows) with a pin put in or
            // moved anywhere in it.
            var pins: [ClusterPin]
            let order = input.byte() ?? 0
            if order % 3 == 2 {
                pins = listed.compactMap { model.byID[$0.id] }.filter { _ in (input.byte() ?? 0) % 8 != 0 }
                if let pin = model.pin(&input) {
                    pins.removeAll { $0.id == pin.id }
                    pins.insert(pin, at: Int(input.byte() ?? 0) % (pins.count + 1))
                }
                if pins.count > 1, (input.byte() ?? 0) % 2 == 1 {
                    let moved = pins.remove(at: Int(input.byte() ?? 0) % pins.count)
                    pins.insert(moved, at: Int(input.byte() ?? 0) % (pins.count + 1))
                }
            } else {
                pins = model.pins.filter { _ in (input.byte() ?? 0) % 8 != 0 }
                if let pin = model.pin(&input) { pins.removeAll { $0.id == pin.id }; pins.append(pin) }
                if order % 3 == 1 { pins.reverse() }
            }
            do {
                try index.update(to: pins)
            } catch {
                preconditionFailure("an update to \(pins.count) valid pins threw \(error)")
            }
            model.byID = Dictionary(uniqueKeysWithValues: pins.map { ($0.id, $0) })
            listed = pins
            checkAgainstBuild(index, model, radius: radius, maximumZoom: maximumZoom, kept: kept)
        case 3:
            checkLevel(index, model, zoom: Int(input.byte() ?? 0) % (maximumZoom + 3) - 1)
        case 4:
            guard let center = try? MercatorPoint(x: input.number() * 1e5, y: input.number() * 1e5) else { continue }
            let zoom = input.number(), bearing = input.number(), width = input.number() * 10, height = input.number() * 10
            let before = shown
            do {
                try index.items(center: center, zoom: zoom, bearing: bearing, widthPoints: width, heightPoints: height, into: &shown)
            } catch {
                precondition(shown == before, "a view that threw changed its output")
                continue
            }
            for placed in shown {
                checkFinite(placed.point.x, placed.point.y)
                precondition(placed.item.count > 0 && placed.item.count <= model.byID.count, "an item of \(placed.item.count) pins")
            }
        case 5:
            let tap = ScreenPoint(x: input.number() * 10, y: input.number() * 10), target = input.number()
            if let hit = PinClusterIndex.hit(tap, in: shown, targetPoints: target) {
                precondition(shown.indices.contains(hit), "hit \(hit) of \(shown.count)")
            }
            let near = PinClusterIndex.items(near: tap, within: target, in: shown)
            precondition(near.allSatisfy(shown.indices.contains) && Set(near).count == near.count, "near \(near) of \(shown.count)")
            let distances = near.map { hypot(shown[$0].point.x - tap.x, shown[$0].point.y - tap.y) }
            precondition(zip(distances, distances.dropFirst()).allSatisfy { $0 <= $1 }, "near not sorted: \(distances)")
        case 6:
            for placed in shown.prefix(4) {
                guard let spread = try? index.spread(of: placed) else { continue }
                precondition(spread.count == placed.item.count, "a spread of \(spread.count) for \(placed.item.count) pins")
                for pin in spread { checkFinite(pin.point.x, pin.point.y) }
            }
        case 7:
            let level = Int(input.byte() ?? 0) % (maximumZoom + 3) - 1
            if let items = try? index.items(atLevel: level, west: input.number(), south: input.number(), east: input.number(), north: input.number()) {
                for item in items { precondition(item.count > 0, "an empty item") }
            }
        default:
            // 8 to 11: MapKit rectangles, coordinate boxes, cameras and MapKit states, spreads
            // around any point, taps on them, pages, holders (FuzzClusters+Views.swift).
            fuzzClusterViews(operation, &input, index, maximumZoom: maximumZoom, shown: &shown)
        }
    }
    return 0
}

/// The pins the index should hold, by id.
struct Model {
    var byID: [String: ClusterPin] = [:]

    /// About 200 pins from a seed: groups of pins a few metres to a few kilometres apart around
    /// places on the equator, the antimeridian and the clamp latitude, some at one address.
    init(seed: UInt8) {
        var state = UInt64(seed) &+ 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        for k in 0..<200 {
            let base = Model.bases[Int(next() % UInt64(Model.bases.count))]
            let spread = Double(1 << (next() % 14))
            let dx = Double(Int(next() % 64) - 32) * spread, dy = Double(Int(next() % 64) - 32) * spread
            guard let pin = Model.pin(id: Model.id(UInt8(k)), base: base, dx: next() % 5 == 0 ? 0 : dx, dy: dy, missing: next() % 3 != 0)
            else { continue }
            byID[pin.id] = pin
        }
    }

    /// Places the pins gather around: the equator, both sides of the antimeridian, the clamp
    /// latitude (the world's north edge).
    static let bases: [(x: Double, y: Double)] = {
        let half = WebMercator.worldWidthMeters / 2
        return [(0, 0), (half, 0), (-half, 1_000), (250_000, half), (-half, -half)]
    }()

    /// Ids "p0" to "p255": updates reach the seeded pins and new ones.
    static func id(_ byte: UInt8) -> String { "p\(byte)" }

    static func pin(id: String, base: (x: Double, y: Double), dx: Double, dy: Double, missing: Bool) -> ClusterPin? {
        let half = WebMercator.worldWidthMeters / 2
        var x = base.x + dx
        if x > half { x -= 2 * half } else if x < -half { x += 2 * half }
        guard let point = try? MercatorPoint(x: x, y: min(max(base.y + dy, -half), half)) else { return nil }
        return ClusterPin(id: id, point: point, category: missing ? .missing : .found)
    }

    /// A pin read from the input: an id, then either any two doubles (one that is not on the
    /// world gives no pin) or a place near one of the bases.
    func pin(_ input: inout Input) -> ClusterPin? {
        let id = Model.id(input.byte() ?? 0), mode = input.byte() ?? 0, missing = mode & 0x80 == 0
        if mode % 8 == 0 {
            guard let point = try? MercatorPoint(x: input.double(), y: input.double()) else { return nil }
            return ClusterPin(id: id, point: point, category: missing ? .missing : .found)
        }
        let base = Model.bases[Int(mode) % Model.bases.count]
        let step = Double(sign: .plus, exponent: Int(input.byte() ?? 0) % 40 - 12, significand: 1)
        let dx = Double(Int8(bitPattern: input.byte() ?? 0)) * step, dy = Double(Int8(bitPattern: input.byte() ?? 0)) * step
        return Model.pin(id: id, base: base, dx: dx, dy: dy, missing: missing)
    }

    var pins: [ClusterPin] { byID.values.sorted { $0.id < $1.id } }
}

/// The index equals one built from the model; an item kept from before answers as the index
/// does now, or is refused as stale.
func checkAgainstBuild(_ index: PinClusterIndex, _ model: Model, radius: Double, maximumZoom: Int, kept: [PinClusterItem]) {
    guard let built = try? PinClusterIndex(pins: model.pins, radiusPoints: radius, maximumZoom: maximumZoom) else {
        preconditionFailure("the model's pins did not build")
    }
    precondition(index == built, "the updated index differs from the one built from its pins")
    for item in kept.prefix(8) {
        do {
            let ids = try index.pinIDs(of: item)
            let now = try index.item(containing: ids[0], atLevel: item.zoom)
            let nowIDs = try index.pinIDs(of: now)
            precondition(now == item && nowIDs == ids, "a kept item answers other than the index")
        } catch GeometryError.staleClusterItem {
            continue
        } catch {
            preconditionFailure("a kept item: \(error)")
        }
    }
}

/// Every pin in exactly one item of the level, the counts and categories adding up, each
/// item found again from its pins' ids, its children holding its pins.
func checkLevel(_ index: PinClusterIndex, _ model: Model, zoom: Int) {
    let items = index.items(atLevel: zoom)
    var seen = Set<String>()
    for item in items {
        checkFinite(item.point.x, item.point.y)
        guard let ids = try? index.pinIDs(of: item) else { preconditionFailure("a fresh item is stale") }
        precondition(ids.count == item.count && item.count > 0, "\(ids.count) ids for \(item.count) pins")
        precondition(ids.filter { model.byID[$0]?.category == .missing }.count == item.missingCount, "missing count")
        for id in ids {
            precondition(seen.insert(id).inserted, "\(id) in two items")
            precondition((try? index.item(containing: id, atLevel: item.zoom)) == item, "\(id) not found in its item")
        }
        if let children = try? index.children(of: item), !children.isEmpty {
            precondition(children.map(\.count).reduce(0, +) == item.count, "children do not add up")
        }
    }
    precondition(seen.count == model.byID.count, "\(seen.count) of \(model.byID.count) pins in the level")
}
