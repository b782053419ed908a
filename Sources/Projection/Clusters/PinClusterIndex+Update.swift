import GeoMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Updating an index in place: the levels an update gives are the levels a rebuild from the
/// new pins gives, bit for bit, at the cost of the pins changed and their neighbourhoods.
///
/// The greedy clustering of a level has a closed description that the update works from.
/// Items are visited in rank order, and an item that is not yet taken gathers every item not
/// yet taken within the radius, so:
///
/// - an item is a **seed** (it makes an item of the level below) exactly when no seed of
///   lower rank lies within the radius of it;
/// - an item that is not a seed belongs to the **lowest-ranked seed** within the radius.
///
/// A change of the level above (items gone, items new) can change the seed status of items
/// within the radius of it, and a change of status can change the status of items of higher
/// rank within the radius of that item, and so on. The update re-examines exactly those items,
/// in rank order, then recomputes the items below whose members changed, and hands the items
/// it changed to the next level down. Every other item is carried over with its indices
/// renumbered.
extension PinClusterIndex {
    /// How a level's items map between before and after an update.
    struct LevelChange {
        /// For each old item, its index now, or -1 when it is gone (or changed).
        var oldToNew: [Int32]
        /// For each item now, its old index, or -1 when it is new (or changed).
        var newToOld: [Int32]
        /// The items now that are not old items carried over, ascending.
        var fresh: [Int32]
        /// The old items that are not carried over, ascending.
        var gone: [Int32]
    }

    /// Adds, changes and removes pins by id.
    ///
    /// A pin whose id the index holds replaces that pin (its place or category changed); any
    /// other is added. The index afterwards equals (`==`) an index built from the resulting
    /// pins with the same radius and maximum zoom: the same levels, items, counts, centroids
    /// and expansion zooms, bit for bit. The work grows with the pins changed and the items
    /// around them, not with the pins kept.
    ///
    /// Nothing changes when it throws.
    ///
    /// - Parameters:
    ///   - pins: Pins to add or change (each id at most once).
    ///   - removedIDs: Ids of pins to remove (each held by the index, and not among `pins`).
    /// - Throws: `GeometryError/invalidClusterParameter(name:value:expected:)` for a point
    ///   that is not finite, `GeometryError/duplicatePinID(_:)` for an id given twice (in
    ///   either list or in both), `GeometryError/unknownPinID(_:)` for an id to remove that
    ///   the index does not hold.
    public mutating func update(upserting pins: [ClusterPin], removing removedIDs: [String] = []) throws(GeometryError) {
        let half = WebMercator.worldWidthMeters / 2
        var seen = Set<String>(minimumCapacity: pins.count + removedIDs.count)
        var leaving: [Int32] = []
        var arriving: [(x: Double, y: Double, id: String, category: PinCategory)] = []
        for id in removedIDs {
            guard seen.insert(id).inserted else { throw .duplicatePinID(id) }
            guard let rank = rank(ofID: id) else { throw .unknownPinID(id) }
            leaving.append(Int32(rank))
        }
        let top = levels[maximumZoom + 1]
        for pin in pins {
            guard seen.insert(pin.id).inserted else { throw .duplicatePinID(pin.id) }
            let p = pin.point
            guard p.x.isFinite, p.y.isFinite else {
                throw .invalidClusterParameter(
                    name: "pin \(pin.id) \(p.x.isFinite ? "northing" : "easting")", value: p.x.isFinite ? p.y : p.x,
                    expected: "a finite number of Web Mercator metres")
            }
            let x = WebMercator.wrappedEasting(p.x), y = min(max(p.y, -half), half)
            if let rank = rank(ofID: pin.id) {
                if top.x[rank] == x && top.y[rank] == y && categories[rank] == pin.category { continue }
                leaving.append(Int32(rank))
            }
            arriving.append((x, y, pin.id, pin.category))
        }
        guard !leaving.isEmpty || !arriving.isEmpty else { return }
        leaving.sort()
        arriving.sort { a, b in
            if a.x != b.x { return a.x < b.x }
            if a.y != b.y { return a.y < b.y }
            return a.id < b.id
        }
        // The pins' level: survivors and arrivals merged in rank order.
        let oldCount = ids.count
        var isLeaving = [Bool](repeating: false, count: oldCount)
        for rank in leaving { isLeaving[Int(rank)] = true }
        let newCount = oldCount - leaving.count + arriving.count
        var change = LevelChange(
            oldToNew: [Int32](repeating: -1, count: oldCount), newToOld: [], fresh: [], gone: leaving)
        change.newToOld.reserveCapacity(newCount)
        var newIDs: [String] = [], newCategories: [PinCategory] = []
        newIDs.reserveCapacity(newCount)
        newCategories.reserveCapacity(newCount)
        var pinsLevel = Level()
        pinsLevel.x.reserveCapacity(newCount)
        pinsLevel.y.reserveCapacity(newCount)
        var old = 0, next = 0
        while old < oldCount || next < arriving.count {
            if old < oldCount && isLeaving[old] {
                old += 1
                continue
            }
            let takeOld: Bool
            if old == oldCount {
                takeOld = false
            } else if next == arriving.count {
                takeOld = true
            } else {
                let a = arriving[next]
                takeOld = top.x[old] != a.x ? top.x[old] < a.x : top.y[old] != a.y ? top.y[old] < a.y : ids[old] < a.id
            }
            let index = Int32(newIDs.count)
            if takeOld {
                change.oldToNew[old] = index
                change.newToOld.append(Int32(old))
                newIDs.append(ids[old])
                newCategories.append(categories[old])
                pinsLevel.x.append(top.x[old])
                pinsLevel.y.append(top.y[old])
                old += 1
            } else {
                let a = arriving[next]
                change.newToOld.append(-1)
                change.fresh.append(index)
                newIDs.append(a.id)
                newCategories.append(a.category)
                pinsLevel.x.append(a.x)
                pinsLevel.y.append(a.y)
                next += 1
            }
        }
        pinsLevel.count = [Int32](repeating: 1, count: newCount)
        pinsLevel.missing = newCategories.map { $0 == .missing ? 1 : 0 }
        pinsLevel.expansion = [Int8](repeating: -1, count: newCount)
        pinsLevel.byEasting = Array(0..<Int32(newCount))
        // The ids' order: the survivors' order with each arrival at its place (found by binary
        // search among the old ids, so the merge compares no strings).
        var arrivalsByID = change.fresh
        arrivalsByID.sort { newIDs[Int($0)] < newIDs[Int($1)] }
        var newIDOrder: [Int32] = []
        newIDOrder.reserveCapacity(newCount)
        var idRemap = [Int32](repeating: -1, count: oldCount)
        var position = 0
        func keepSurvivors(upTo place: Int) {
            while position < place {
                let oldRank = Int(idOrder[position])
                if !isLeaving[oldRank] {
                    idRemap[position] = Int32(newIDOrder.count)
                    newIDOrder.append(change.oldToNew[oldRank])
                }
                position += 1
            }
        }
        for rank in arrivalsByID {
            keepSurvivors(upTo: idPosition(of: newIDs[Int(rank)]))
            newIDOrder.append(rank)
        }
        keepSurvivors(upTo: oldCount)
        pinsLevel.smallestID = [Int32](repeating: 0, count: newCount)
        for (place, rank) in newIDOrder.enumerated() { pinsLevel.smallestID[Int(rank)] = Int32(place) }
        (pinsLevel.mortonKeys, pinsLevel.byMorton) = Self.splicedMortonIndex(
            old: top, oldToNew: change.oldToNew, fresh: change.fresh, x: pinsLevel.x, y: pinsLevel.y)

        var newLevels = levels
        newLevels[maximumZoom + 1] = pinsLevel
        for zoom in stride(from: maximumZoom, through: 0, by: -1) {
            let radius = radiusPoints * WebMercator.worldWidthMeters / (256 * exp2(Double(zoom)))
            (newLevels[zoom], change) = Self.updatedLevel(
                zoom: zoom, radius: radius, maximumZoom: maximumZoom, oldAbove: levels[zoom + 1], newAbove: newLevels[zoom + 1],
                aboveChange: change, old: levels[zoom], idRemap: idRemap)
        }
        self.ids = newIDs
        self.categories = newCategories
        self.idOrder = newIDOrder
        self.levels = newLevels
    }

    /// The rank of the pin with an id, or nil.
    func rank(ofID id: String) -> Int? {
        let place = idPosition(of: id)
        guard place < idOrder.count, ids[Int(idOrder[place])] == id else { return nil }
        return Int(idOrder[place])
    }

    /// The first place in the ids' order whose id is not less than `id`.
    func idPosition(of id: String) -> Int {
        var low = 0, high = idOrder.count
        while low < high {
            let mid = (low + high) / 2
            if ids[Int(idOrder[mid])] < id { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// An order by (easting, index) from an old one: its carried items renumbered, the fresh
    /// ones merged in.
    static func splicedEastingOrder(old: [Int32], oldToNew: [Int32], fresh: [Int32], x: [Double]) -> [Int32] {
        // (fresh is ascending, so a stable sort by easting breaks ties by index.)
        let freshByEasting = radixSorted(fresh.map { orderedBits(x[Int($0)] + 0) }).map { fresh[Int($0)] }
        var order: [Int32] = []
        order.reserveCapacity(x.count)
        var next = 0
        for k in old {
            let index = oldToNew[Int(k)]
            guard index >= 0 else { continue }
            let easting = x[Int(index)]
            while next < freshByEasting.count {
                let f = freshByEasting[next], fx = x[Int(f)]
                guard fx < easting || (fx == easting && f < index) else { break }
                order.append(f)
                next += 1
            }
            order.append(index)
        }
        order.append(contentsOf: freshByEasting[next...])
        return order
    }

    /// A Morton index from an old one: its carried items renumbered, the fresh ones merged in
    /// by (key, index).
    static func splicedMortonIndex(old: Level, oldToNew: [Int32], fresh: [Int32], x: [Double], y: [Double]) -> ([UInt64], [Int32]) {
        // (fresh is ascending, so a stable sort by key breaks ties by index.)
        let freshKeys = fresh.map { mortonKey(x: x[Int($0)], y: y[Int($0)]) }
        let freshKeyed = radixSorted(freshKeys).map { (key: freshKeys[Int($0)], index: fresh[Int($0)]) }
        var keys: [UInt64] = [], order: [Int32] = []
        keys.reserveCapacity(x.count)
        order.reserveCapacity(x.count)
        var next = 0
        for k in old.byMorton.indices {
            let index = oldToNew[Int(old.byMorton[k])]
            guard index >= 0 else { continue }
            let key = old.mortonKeys[k]
            while next < freshKeyed.count && (freshKeyed[next].key < key || (freshKeyed[next].key == key && freshKeyed[next].index < index)) {
                keys.append(freshKeyed[next].key)
                order.append(freshKeyed[next].index)
                next += 1
            }
            keys.append(key)
            order.append(index)
        }
        for entry in freshKeyed[next...] {
            keys.append(entry.key)
            order.append(entry.index)
        }
        return (keys, order)
    }

    /// Level z after an update of level z + 1.
    static func updatedLevel(
        zoom: Int, radius: Double, maximumZoom: Int, oldAbove: Level, newAbove: Level, aboveChange: LevelChange, old: Level,
        idRemap: [Int32]
    ) -> (Level, LevelChange) {
        let n = newAbove.itemCount
        // The old structure: each old item's seed, each old item above's item here.
        @inline(__always) func oldSeed(_ item: Int) -> Int { old.isCopy ? item : Int(old.childIndex[Int(old.childStart[item])]) }
        @inline(__always) func oldParent(_ above: Int) -> Int { old.isCopy ? above : Int(old.parentOfAbove[above]) }
        // Seed status and owner now: -1 until re-examined (then as before for a carried item).
        var seedState = [Int8](repeating: -1, count: n)
        var owner = [Int32](repeating: -1, count: n)
        func isSeed(_ j: Int) -> Bool {
            if seedState[j] >= 0 { return seedState[j] == 1 }
            let o = Int(aboveChange.newToOld[j])
            return oldSeed(oldParent(o)) == o
        }
        func ownerOf(_ j: Int) -> Int {
            if owner[j] >= 0 { return Int(owner[j]) }
            return Int(aboveChange.oldToNew[oldSeed(oldParent(Int(aboveChange.newToOld[j])))])
        }
        // The items to re-examine, smallest rank first: the fresh ones and every item of higher
        // rank within the radius of a fresh or gone one (an item's status and owner depend on
        // items of lower rank only).
        var queued = [Bool](repeating: false, count: n)
        var heap: [Int32] = []
        func push(_ j: Int) {
            guard !queued[j] else { return }
            queued[j] = true
            heap.append(Int32(j))
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard heap[parent] > heap[child] else { break }
                heap.swapAt(parent, child)
                child = parent
            }
        }
        func pop() -> Int {
            let top = heap[0]
            heap[0] = heap[heap.count - 1]
            heap.removeLast()
            var parent = 0
            while true {
                var smallest = parent
                let left = 2 * parent + 1, right = left + 1
                if left < heap.count && heap[left] < heap[smallest] { smallest = left }
                if right < heap.count && heap[right] < heap[smallest] { smallest = right }
                guard smallest != parent else { break }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
            return Int(top)
        }
        var near: [Int32] = []
        for j in aboveChange.fresh {
            push(Int(j))
            collectItems(in: newAbove, near: newAbove.x[Int(j)], newAbove.y[Int(j)], within: radius, into: &near)
            for k in near where k > j { push(Int(k)) }
        }
        for g in aboveChange.gone {
            collectItems(in: newAbove, near: oldAbove.x[Int(g)], oldAbove.y[Int(g)], within: radius, into: &near)
            for k in near {
                let o = aboveChange.newToOld[Int(k)]
                if o < 0 || o > g { push(Int(k)) }
            }
        }
        // Re-examine in rank order: every item of lower rank is final when an item is reached.
        var affected: [Int32] = []
        while !heap.isEmpty {
            let i = pop()
            collectItems(in: newAbove, near: newAbove.x[i], newAbove.y[i], within: radius, into: &near)
            var lowestSeed = Int.max
            for j in near where Int(j) < i && Int(j) < lowestSeed && isSeed(Int(j)) { lowestSeed = Int(j) }
            let seed = lowestSeed == Int.max
            let carried = aboveChange.newToOld[i] >= 0
            let before: Bool? = carried ? isSeed(i) : nil
            if carried {
                // Its old cluster loses or keeps it: recomputed either way.
                let oldOwner = aboveChange.oldToNew[oldSeed(oldParent(Int(aboveChange.newToOld[i])))]
                if oldOwner >= 0 { affected.append(oldOwner) }
            }
            seedState[i] = seed ? 1 : 0
            owner[i] = Int32(seed ? i : lowestSeed)
            affected.append(owner[i])
            if before != seed {
                for j in near where Int(j) > i { push(Int(j)) }
            }
        }
        for g in aboveChange.gone {
            let oldOwner = aboveChange.oldToNew[oldSeed(oldParent(Int(g)))]
            if oldOwner >= 0 { affected.append(oldOwner) }
        }
        affected.sort()
        // (Old owners that are no longer seeds are dropped: every member they had was within
        // the radius, so it was re-examined and has its new owner among the affected.)
        var seeds: [Int32] = []
        seeds.reserveCapacity(affected.count)
        for s in affected where (seeds.last ?? -1) != s && isSeed(Int(s)) { seeds.append(s) }

        // Level z: the old items whose seed and members are unchanged, carried over, and the
        // affected seeds' items recomputed, in seed order (which is rank order).
        var level = Level()
        let capacity = old.itemCount + seeds.count
        level.x.reserveCapacity(capacity)
        level.y.reserveCapacity(capacity)
        level.count.reserveCapacity(capacity)
        level.missing.reserveCapacity(capacity)
        level.expansion.reserveCapacity(capacity)
        level.smallestID.reserveCapacity(capacity)
        var childStart: [Int32] = [0], childIndex: [Int32] = []
        childIndex.reserveCapacity(n)
        var parentOfAbove = [Int32](repeating: -1, count: n)
        var levelChange = LevelChange(oldToNew: [Int32](repeating: -1, count: old.itemCount), newToOld: [], fresh: [], gone: [])
        levelChange.newToOld.reserveCapacity(capacity)
        childStart.reserveCapacity(capacity + 1)
        var formed = 0
        var members: [Int32] = []
        func emitRecomputed(_ s: Int) {
            collectItems(in: newAbove, near: newAbove.x[s], newAbove.y[s], within: radius, into: &near)
            members.removeAll(keepingCapacity: true)
            for j in near where Int(j) > s && ownerOf(Int(j)) == s { members.append(j) }
            members.sort()
            members.insert(Int32(s), at: 0)
            let index = Int32(level.x.count)
            let x: Double, y: Double, count: Int32, missing: Int32, expansion: Int8, smallest: Int32
            if members.count > 1 {
                (x, y, count, missing, smallest) = merged(members, in: newAbove)
                expansion = Int8(zoom + 1 <= maximumZoom ? zoom + 1 : -1)
                formed += 1
            } else {
                x = newAbove.x[s]
                y = newAbove.y[s]
                count = newAbove.count[s]
                missing = newAbove.missing[s]
                expansion = newAbove.count[s] > 1 ? newAbove.expansion[s] : -1
                smallest = newAbove.smallestID[s]
            }
            for j in members {
                parentOfAbove[Int(j)] = index
                childIndex.append(j)
            }
            childStart.append(Int32(childIndex.count))
            level.appendItem(x: x, y: y, count: count, missing: missing, expansion: expansion, smallestID: smallest)
            // The same item as before (same members, same values) counts as carried over, so
            // the change stops here.
            let oldS = Int(aboveChange.newToOld[s])
            if oldS >= 0, oldSeed(oldParent(oldS)) == oldS {
                let o = oldParent(oldS)
                var same = old.x[o] == x && old.y[o] == y && old.count[o] == count && old.missing[o] == missing
                    && old.expansion[o] == expansion && idRemap[Int(old.smallestID[o])] == smallest
                if same {
                    let from = old.isCopy ? o : Int(old.childStart[o]), to = old.isCopy ? o + 1 : Int(old.childStart[o + 1])
                    same = to - from == members.count
                    if same {
                        for k in from..<to where aboveChange.oldToNew[old.isCopy ? o : Int(old.childIndex[k])] != members[k - from] {
                            same = false
                            break
                        }
                    }
                }
                if same {
                    levelChange.oldToNew[o] = index
                    levelChange.newToOld.append(Int32(o))
                    return
                }
            }
            levelChange.newToOld.append(-1)
            levelChange.fresh.append(index)
        }
        func emitCarried(_ o: Int) {
            let index = Int32(level.x.count)
            if old.isCopy {
                let j = aboveChange.oldToNew[o]
                parentOfAbove[Int(j)] = index
                childIndex.append(j)
            } else {
                let from = Int(old.childStart[o]), to = Int(old.childStart[o + 1])
                if to - from > 1 { formed += 1 }
                for k in from..<to {
                    let j = aboveChange.oldToNew[Int(old.childIndex[k])]
                    parentOfAbove[Int(j)] = index
                    childIndex.append(j)
                }
            }
            childStart.append(Int32(childIndex.count))
            level.appendItem(
                x: old.x[o], y: old.y[o], count: old.count[o], missing: old.missing[o], expansion: old.expansion[o],
                smallestID: idRemap[Int(old.smallestID[o])])
            levelChange.oldToNew[o] = index
            levelChange.newToOld.append(Int32(o))
        }
        var nextSeed = 0
        for o in 0..<old.itemCount {
            let s = Int(aboveChange.oldToNew[oldSeed(o)])
            guard s >= 0 else { continue }
            while nextSeed < seeds.count && Int(seeds[nextSeed]) < s {
                emitRecomputed(Int(seeds[nextSeed]))
                nextSeed += 1
            }
            if nextSeed < seeds.count && Int(seeds[nextSeed]) == s {
                emitRecomputed(s)
                nextSeed += 1
            } else if isSeed(s) {
                emitCarried(o)
            }
        }
        while nextSeed < seeds.count {
            emitRecomputed(Int(seeds[nextSeed]))
            nextSeed += 1
        }
        for o in 0..<old.itemCount where levelChange.oldToNew[o] < 0 { levelChange.gone.append(Int32(o)) }

        guard formed > 0 else {
            // No cluster: the level above unchanged, sharing its arrays (as a build makes it).
            var copy = newAbove
            copy.childStart = []
            copy.childIndex = []
            copy.parentOfAbove = []
            return (copy, levelChange)
        }
        level.childStart = childStart
        level.childIndex = childIndex
        level.parentOfAbove = parentOfAbove
        level.byEasting = splicedEastingOrder(old: old.byEasting, oldToNew: levelChange.oldToNew, fresh: levelChange.fresh, x: level.x)
        (level.mortonKeys, level.byMorton) = splicedMortonIndex(
            old: old, oldToNew: levelChange.oldToNew, fresh: levelChange.fresh, x: level.x, y: level.y)
        return (level, levelChange)
    }
}
