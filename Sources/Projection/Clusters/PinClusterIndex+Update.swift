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
/// - an item that is not a seed belongs to (is **owned** by) the **lowest-ranked seed** within
///   the radius.
///
/// At each level, from the pins down, the update settles in rank order the items a change can
/// reach: every new item is examined (its neighbours queried); a seed that appears takes the
/// items of higher rank within its radius whose owner ranks after it, and has any seed there
/// examined; a seed that disappears has the members it still owns examined; an item replaced
/// by one with the same lowest-ranked pin (the same rank) keeps its members where they are
/// still within reach. It then recomputes the items of the level below whose members changed;
/// an item recomputed with exactly its old members is kept (the change stops there).
///
/// Changes spread as the levels fall while the items thin out, so from the first level where
/// the changed items are no longer few beside the level's items, that level and every one
/// below are clustered whole by the build's grid pass, each old cluster formed again with the
/// same members kept. The update renumbers no node: new ones are appended, replaced ones
/// marked dead, and the index is compacted (the live nodes renumbered, nothing clustered
/// again) once the dead outnumber the live.
extension PinClusterIndex {
    /// Adds, changes and removes pins by id.
    ///
    /// A pin whose id the index holds replaces that pin (its place or category changed); any
    /// other is added. The index afterwards equals (`==`) an index built from the resulting
    /// pins with the same radius and maximum zoom: the same levels, items, counts, centroids
    /// and expansion zooms, bit for bit. The work grows with the pins changed and the items
    /// around them, not with the pins kept (beside a copy of the ids' order, 4 bytes a pin).
    /// A pin given at its point as the index keeps it with another category (a pet found, or
    /// missing again) changes only the MISSING counts of the items holding it: those are
    /// replaced, and nothing is clustered again. Where the other changes
    /// are so many that every level would be clustered again whole (a twelfth of the pins
    /// after the update, counting a moved pin twice: it leaves and arrives), the index is
    /// built again from its pins instead, which is then the quicker (every item from before
    /// is then stale, its nodes numbered anew).
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
        try update(upserting: pins, removing: removedIDs, wholeLevelFactor: Self.wholeLevelFactor, rebuilding: true)
    }

    /// A level is clustered whole (and so are the levels below it) once its changed items
    /// times this are at least its items. Measured level by level on the clusters suite's
    /// update (1% of 100 000 pins): a changed item cost 1.5 to 2.6 us item by item, and an
    /// item 0.2 to 0.3 us in a whole level (its grid pass, and the level's items gathered and
    /// sorted by rank first); 8, 12 and 16 timed alike within the noise.
    static let wholeLevelFactor = 12

    /// Whether an update of `changes` pins (those leaving and those arriving), after which the
    /// index holds `pins`, would cluster every level whole: the changes are at least a
    /// `wholeLevelFactor`th of the pins, as the update's switch to whole levels reads the
    /// pins' level (its items after the update).
    ///
    /// Such an update is a build with more to do (each old cluster looked for, the old nodes
    /// left dead), so ``update(upserting:removing:)`` builds the index again instead. Measured
    /// on the clusters suite's 100 000 pins with its mix of changes (docs/PERFORMANCE.md,
    /// "Clusters, eleventh part"): updated in place, 6% to 50% of the pins changed took 1.09
    /// to 1.94 times a build in the same run; built again, 50% and 100% took 125 to 159 ms
    /// against 155 to 227 ms in place, and 6% and 20% the same as in place within the noise.
    static func rebuildPays(changes: Int, pins: Int, wholeLevelFactor: Int) -> Bool {
        wholeLevelFactor > 0 && changes >= (pins + wholeLevelFactor - 1) / wholeLevelFactor
    }

    /// ``update(upserting:removing:)`` switching to whole levels at `wholeLevelFactor` (0:
    /// never; `Int.max / 2`: from the first level), and building the index again where every
    /// level would be clustered whole when `rebuilding` (else updating it all the same).
    mutating func update(
        upserting pins: [ClusterPin], removing removedIDs: [String], wholeLevelFactor: Int, rebuilding: Bool = false
    ) throws(GeometryError) {
        // The pins leaving (with their places in the ids' order) and arriving (with the place
        // in it of the first id not less than theirs), arriving in id order.
        guard let changes = Self.changes(upserting: pins, removing: removedIDs, idOrder: idOrder, nodes) else {
            throw Self.firstError(upserting: pins, removing: removedIDs, idOrder: idOrder, nodes)
        }
        apply(
            leaving: changes.leaving, places: changes.places, arriving: changes.arriving, recategorized: changes.recategorized,
            wholeLevelFactor: wholeLevelFactor, rebuilding: rebuilding)
    }

    /// Makes the index hold exactly `pins`, as after fetching every announcement again: the
    /// pins whose ids it does not hold are added, those whose place or category changed are
    /// replaced, and those it holds that `pins` lacks are removed.
    ///
    /// The index afterwards equals (`==`) an index built from `pins` with the same radius and
    /// maximum zoom, as after ``update(upserting:removing:)`` with the differences: the work
    /// is that update's, after the differences are found. A list in the order of the one before
    /// (the pins the index was built from, or the list of the last update to a whole list), with
    /// pins taken out, put in or changed anywhere, or moved up it (as in a list by date of change),
    /// is followed pin by pin, and only the pins new or out of that order are looked for among the
    /// ids held; a list in another order has its ids sorted (as a build sorts them) and walked
    /// beside the ids held. Given the pins it holds, in any order, it changes nothing (and its
    /// items stay its own).
    ///
    /// Nothing changes when it throws.
    ///
    /// - Parameter pins: Every pin the index is to hold (each id once).
    /// - Throws: What a build from `pins` throws:
    ///   `GeometryError/invalidClusterParameter(name:value:expected:)` for the first pin (in
    ///   their order) whose point is not finite, else `GeometryError/duplicatePinID(_:)` for
    ///   the smallest id given twice.
    public mutating func update(to pins: [ClusterPin]) throws(GeometryError) {
        for pin in pins where !(pin.point.x.isFinite && pin.point.y.isFinite) { throw Self.notFinite(pin) }
        let d: Differences
        var passed = 0
        let followed = followedDifferences(pins, passed: &passed)
        lastListPassed = passed
        if let followed {
            lastListSought = followed.sought
            if let repeated = followed.repeated { throw .duplicatePinID(repeated) }
            d = followed
        } else {
            lastListSought = -1
            let (sorted, repeated) = Self.idSortedOrder(pins)
            if let repeated { throw .duplicatePinID(repeated) }
            d = sortedDifferences(pins, sorted)
        }
        // (Set before the update, so that a compaction in it maps the nodes kept.)
        listOrder = d.kept
        let rebuilt = apply(
            leaving: d.leaving, places: d.places, arriving: d.arriving, recategorized: d.recategorized,
            wholeLevelFactor: Self.wholeLevelFactor, rebuilding: true, list: pins)
        guard !rebuilt else { return }
        // The nodes of the pins added or replaced, from their places in the ids' order now:
        // an arrival's is its place less the places before it left, after the arrivals before
        // it; a pin whose category changed keeps its place, the places before it that left
        // closed up and the arrivals at or before it inserted.
        var left = 0
        for (a, arrival) in d.arriving.enumerated() {
            while left < d.places.count && d.places[left] < arrival.place { left += 1 }
            listOrder[d.arrivingAt[a]] = idOrder[arrival.place - left + a]
        }
        left = 0
        var arrived = 0
        for (r, change) in d.recategorized.enumerated() {
            while left < d.places.count && d.places[left] < change.place { left += 1 }
            while arrived < d.arriving.count && d.arriving[arrived].place <= change.place { arrived += 1 }
            listOrder[d.recategorizedAt[r]] = idOrder[change.place - left + arrived]
        }
    }

    /// What an update to the whole list changes: the pins leaving (by place, ascending), those
    /// arriving (in id order) and those whose category alone changed (by place), with the place
    /// in the list of each arriving or changed; and the node of each pin given that the index
    /// keeps as it is (-1 for the others).
    struct Differences {
        var leaving: [Int32] = []
        var places: [Int] = []
        var arriving: [Arrival] = []
        var arrivingAt: [Int] = []
        var recategorized: [Recategorization] = []
        var recategorizedAt: [Int] = []
        var kept: [Int32]
        /// The pins looked for in the ids' order when the list was followed, or -1 when the ids
        /// given were sorted.
        var sought = -1
        /// The smallest id given twice, found as the list was followed (the differences are
        /// then not found), or nil.
        var repeated: String? = nil
    }

    /// The differences found by sorting the ids given (`sorted`, their order) and walking them
    /// beside the ids held.
    private func sortedDifferences(_ pins: [ClusterPin], _ sorted: [Int32]) -> Differences {
        var d = Differences(kept: [Int32](repeating: -1, count: pins.count))
        let held = idOrder.count
        var place = 0
        for k in sorted {
            let pin = pins[Int(k)]
            let (x, y) = Self.kept(pin.point)
            // (The ids held before this one leave.)
            var order = 1
            while place < held {
                order = Self.compareIDs(nodes.ids[Int(idOrder[place])], pin.id)
                guard order < 0 else { break }
                d.leaving.append(idOrder[place])
                d.places.append(place)
                place += 1
            }
            guard place < held, order == 0 else {
                d.arriving.append((x, y, pin.id, pin.category, place))
                d.arrivingAt.append(Int(k))
                continue
            }
            let node = Int(idOrder[place])
            if nodes.x[node] == x && nodes.y[node] == y {
                if nodes.isPin(node, at: x, y, pin.category) {
                    d.kept[Int(k)] = Int32(node)
                } else {
                    d.recategorized.append((Int32(node), place, pin.category))
                    d.recategorizedAt.append(Int(k))
                }
            } else {
                d.leaving.append(Int32(node))
                d.places.append(place)
                d.arriving.append((x, y, pin.id, pin.category, place))
                d.arrivingAt.append(Int(k))
            }
            place += 1
        }
        while place < held {
            d.leaving.append(idOrder[place])
            d.places.append(place)
            place += 1
        }
        return d
    }

    /// The differences found by following the list last given (``listOrder``, or the ids' order
    /// before any list is known) along `pins`, without sorting them: each pin is compared with the
    /// next pin of that list still held and not yet given (and, after a jump ahead in it, with the
    /// one where the jump left it: the pins given since were moved up), then with the next 8 (the
    /// pins passed were taken out of the list, or are given further down), and looked for in the
    /// ids' order (a binary search) where it is none of them. Nil where the list does not follow
    /// it, or the lookups would cost more than the sort (more pins held found out of that order
    /// than 32 and a sixteenth of the pins walked, or more pins not held than 32 and a sixteenth of
    /// the list: each is a binary search of the ids' order), or more places of the list before
    /// passed over than twice the places of both lists (`scanned`: a list jumping ahead in it and
    /// back, again and again). An id given twice is found as the list is followed (an id held when
    /// it comes again, looked for, and an id not held by the sort of those), and the smallest is
    /// given back instead of differences (before, the list followed to its end was dropped and
    /// every id sorted to find it).
    ///
    /// The same differences as ``sortedDifferences(_:_:)``, in the same orders.
    private func followedDifferences(_ pins: [ClusterPin], passed scanned: inout Int) -> Differences? {
        let guide = listOrder.isEmpty ? idOrder : listOrder
        // (Each node given: 1 as it is, 2 changed.)
        var given = [UInt8](repeating: 0, count: nodes.nodeCount)
        var d = Differences(kept: [Int32](repeating: -1, count: pins.count))
        // (The pins held whose place or category changed, node and place in the list, and the
        // places in the list of the pins not held.)
        var changed: [UInt64] = []
        var fresh: [Int] = []
        // (Each node's place in the guide, made when first needed.)
        var guidePlace: [Int32] = []
        // (The smallest id held given twice.)
        var repeatedHeld: String? = nil
        // (Where the guide was left by the first of the jumps ahead since a pin was followed,
        // or -1.)
        var next = 0, sought = 0, outOfOrder = 0, resume = -1
        // (The first place from `k` whose pin is not gone nor given already; the places passed
        // over are counted. A place can be passed over again once the guide is taken back to
        // where a jump left it: past twice the guide and the list, the list is sorted instead.)
        scanned = 0
        let scanLimit = 2 * (guide.count + pins.count) + 64
        func passed(_ k: Int) -> Int {
            var k = k
            while k < guide.count, case let c = Int(guide[k]), c < 0 || c >= given.count || nodes.lo[c] == Nodes.dead || given[c] != 0 {
                k += 1
                scanned += 1
            }
            return k
        }
        // (The place from `from` up to `to` of the held pin `id` not given yet, or nil.)
        func heldAhead(_ id: String, from: Int, to: Int) -> Int? {
            var k = from
            while k < to {
                let c = Int(guide[k])
                if c >= 0 && c < given.count && nodes.lo[c] != Nodes.dead && given[c] == 0 && Self.sameID(nodes.ids[c], id) {
                    return k
                }
                k += 1
            }
            return nil
        }
        for (i, pin) in pins.enumerated() {
            guard scanned <= scanLimit else { return nil }
            var node = -1
            if resume >= 0 {
                // The guide taken up again where a jump ahead left it, when this pin is there:
                // the pins given since were moved up the list (as in a list by date of
                // change), not taken out. (Tried first: the place the jump reached may be
                // followed by pins given already, which this does not pass over.)
                resume = passed(resume)
                if resume < guide.count, Self.sameID(nodes.ids[Int(guide[resume])], pin.id) {
                    node = Int(guide[resume])
                    next = resume + 1
                    resume = -1
                } else if let ahead = heldAhead(pin.id, from: resume + 1, to: min(resume + 9, guide.count)) {
                    // (Or among the next 8 there: the pins passed were taken out, as the pets
                    // first before a changed pet put first were closed.)
                    node = Int(guide[ahead])
                    next = ahead + 1
                    resume = -1
                }
            }
            if node < 0 {
                next = passed(next)
                if next < guide.count, Self.sameID(nodes.ids[Int(guide[next])], pin.id) {
                    node = Int(guide[next])
                    next += 1
                    resume = -1
                } else if let ahead = heldAhead(pin.id, from: next + 1, to: min(next + 9, guide.count)) {
                    // A held pin among the next 8 of the list before: the pins passed were
                    // taken out of the list (pets closed) or are given further down; no search.
                    node = Int(guide[ahead])
                    if resume < 0 { resume = next }
                    next = ahead + 1
                } else {
                    sought += 1
                    let place = Self.idPosition(of: pin.id, in: idOrder, nodes)
                    guard place < idOrder.count, Self.sameID(nodes.ids[Int(idOrder[place])], pin.id) else {
                        fresh.append(i)
                        guard fresh.count <= 32 + pins.count / 16 else { return nil }
                        continue
                    }
                    outOfOrder += 1
                    guard outOfOrder <= 32 + i / 16 else { return nil }
                    node = Int(idOrder[place])
                    guard given[node] == 0 else {
                        if repeatedHeld.map({ Self.compareIDs(pin.id, $0) < 0 }) ?? true { repeatedHeld = pin.id }
                        continue
                    }
                    // (The guide taken up again after this pin where it lies ahead: the pins passed
                    // were left out of the list, or are given elsewhere in it.)
                    let window = min(next + 9, guide.count)
                    var ahead = next + 1
                    while ahead < window && Int(guide[ahead]) != node { ahead += 1 }
                    if ahead < window {
                        if resume < 0 { resume = next }
                        next = ahead + 1
                    } else {
                        if guidePlace.isEmpty {
                            guidePlace = [Int32](repeating: -1, count: nodes.nodeCount)
                            for (k, c) in guide.enumerated() where c >= 0 { guidePlace[Int(c)] = Int32(k) }
                        }
                        if Int(guidePlace[node]) >= next {
                            if resume < 0 { resume = next }
                            next = Int(guidePlace[node]) + 1
                        }
                    }
                }
            }
            let (x, y) = Self.kept(pin.point)
            if nodes.isPin(node, at: x, y, pin.category) {
                given[node] = 1
                d.kept[i] = Int32(node)
            } else {
                given[node] = 2
                changed.append(UInt64(node) << 32 | UInt64(i))
            }
        }
        // The ids not held, in id order, each with the first place whose id is not less.
        let (order, repeated) = Self.idSortedOrder(fresh.map { pins[$0] })
        if let smallest = [repeated, repeatedHeld].compactMap({ $0 }).min(by: { Self.compareIDs($0, $1) < 0 }) {
            d.repeated = smallest
            d.sought = sought
            return d
        }
        var arriving: [Arrival] = [], arrivingAt: [Int] = []
        var place = 0
        for k in order {
            let pin = pins[fresh[Int(k)]]
            let (x, y) = Self.kept(pin.point)
            place = Self.idPosition(of: pin.id, in: idOrder, nodes, from: place)
            arriving.append((x, y, pin.id, pin.category, place))
            arrivingAt.append(fresh[Int(k)])
        }
        // The ids held, in order: those not given leave, those changed have their category
        // changed or leave and arrive at their place (after the ids not held arriving there,
        // which are less).
        sortAscending(&changed)
        var a = 0
        for (place, node) in idOrder.enumerated() where given[Int(node)] != 1 {
            guard given[Int(node)] == 2 else {
                d.leaving.append(node)
                d.places.append(place)
                continue
            }
            var low = 0, high = changed.count
            while low < high {
                let mid = (low + high) / 2
                if changed[mid] >> 32 < UInt64(node) { low = mid + 1 } else { high = mid }
            }
            let i = Int(changed[low] & 0xFFFF_FFFF), pin = pins[i]
            let (x, y) = Self.kept(pin.point)
            if nodes.x[Int(node)] == x && nodes.y[Int(node)] == y {
                d.recategorized.append((node, place, pin.category))
                d.recategorizedAt.append(i)
                continue
            }
            d.leaving.append(node)
            d.places.append(place)
            while a < arriving.count && arriving[a].place <= place {
                d.arriving.append(arriving[a])
                d.arrivingAt.append(arrivingAt[a])
                a += 1
            }
            d.arriving.append((x, y, pin.id, pin.category, place))
            d.arrivingAt.append(i)
        }
        d.arriving.append(contentsOf: arriving[a...])
        d.arrivingAt.append(contentsOf: arrivingAt[a...])
        d.sought = sought
        return d
    }

    /// An update's changes made, once its lists are checked: the pins `leaving` (at `places`
    /// of the ids' order, in any order) taken away and those `arriving` (in id order) added.
    ///
    /// The pins `recategorized` (their category alone changed) are replaced first, with the
    /// clusters holding them (`recategorize(_:)`); they do not count toward building again.
    @discardableResult
    private mutating func apply(
        leaving: [Int32], places: [Int], arriving: [Arrival], recategorized: [Recategorization], wholeLevelFactor: Int, rebuilding: Bool,
        list: [ClusterPin]? = nil
    ) -> Bool {
        var leavingPlaces = places
        guard !leaving.isEmpty || !arriving.isEmpty || !recategorized.isEmpty else { return false }
        if rebuilding, !leaving.isEmpty || !arriving.isEmpty, Self.rebuildPays(
                changes: leaving.count + arriving.count, pins: idOrder.count - leaving.count + arriving.count, wholeLevelFactor: wholeLevelFactor),
            let rebuilt = list.map({ rebuilt(from: $0) }) ?? rebuilt(leavingPlaces: leavingPlaces, arriving: arriving, recategorized: recategorized)
        {
            self = rebuilt
            return true
        }
        // (From here on the update cannot fail. The items made before it answer where it
        // leaves their nodes on their levels: the revision they carry is kept.)
        pastRevisions.append(revision)
        if pastRevisions.count > Self.keptRevisions { pastRevisions.removeFirst(pastRevisions.count - Self.keptRevisions) }
        revision = Self.newRevision()
        // (The nodes made from here on are appended.)
        let firstNode = nodes.nodeCount
        recategorize(recategorized)
        if !leaving.isEmpty || !arriving.isEmpty {
            settle(leaving: leaving, leavingPlaces: &leavingPlaces, arriving: arriving, wholeLevelFactor: wholeLevelFactor)
        } else {
            lastUpdateMet = 0
        }
        // (The groups that never split now on levels they were not on: among the nodes made
        // and those whose levels changed.)
        noteGroups(firstNode..<nodes.nodeCount)
        for g in groups.indices { groups[g].consolidate(nodes) }
        // Compacted once more nodes are dead than alive; else the children of the dead
        // clusters dropped once they outnumber the live ones (a cluster made again for one of
        // its members changed appends all its children: a crowd of thousands at one address
        // appends thousands an update while a node or two dies).
        if deadNodes > nodes.nodeCount - deadNodes {
            compact()
        } else if nodes.children.count - liveChildren > liveChildren + Self.childSlack {
            compactChildren()
        }
        return false
    }

    /// The pins `leaving` taken away and those `arriving` added, level by level (the general
    /// update: see the extension's overview).
    private mutating func settle(leaving: [Int32], leavingPlaces: inout [Int], arriving: [Arrival], wholeLevelFactor: Int) {
        let pinLevel = maximumZoom + 1
        // (The scratch is this index's own unless a copy of the index shares it.)
        if !isKnownUniquelyReferenced(&updateScratch) { updateScratch = UpdateScratch.Box() }
        var pass = UpdatePass(index: self, scratch: updateScratch?.take() ?? UpdateScratch())
        // (The index gives up its arrays to the pass, so that they are changed in place.)
        self.nodes = Nodes()
        self.groups = []
        // The pins' level: those leaving are gone from it, those arriving new on it.
        var gone: [Int32] = []
        for p in leaving {
            pass.save(Int(p))
            pass.nodes.lo[Int(p)] = Nodes.dead
            pass.died += 1
            gone.append(p)
        }
        var fresh: [Int32] = []
        for a in arriving {
            let node = Int32(pass.nodes.nodeCount)
            pass.nodes.append(
                x: a.x, y: a.y, count: 1, missing: a.category == .missing ? 1 : 0, lo: pinLevel, hi: pinLevel, seedPin: node,
                smallestPin: node, id: a.id)
            pass.grow()
            fresh.append(node)
        }
        // The ids' order: the survivors' (those leaving are dead now), copied a run at a time,
        // with the arrivals merged in at their places.
        var order: [Int32] = []
        order.reserveCapacity(idOrder.count - leaving.count + arriving.count)
        leavingPlaces.sort()
        var arrivalPlaces: [Int] = []
        arrivalPlaces.reserveCapacity(arriving.count)
        var position = 0, nextLeaving = 0
        for k in 0...arriving.count {
            // (Up to the next arrival's place, or to the end.)
            let end = k < arriving.count ? arriving[k].place : idOrder.count
            while position < end {
                let stop = nextLeaving < leavingPlaces.count ? min(leavingPlaces[nextLeaving], end) : end
                order.append(contentsOf: idOrder[position..<stop])
                position = stop
                if position < end {
                    position += 1
                    nextLeaving += 1
                }
            }
            if k < arriving.count {
                arrivalPlaces.append(order.count)
                order.append(fresh[k])
            }
        }
        let oldOrder = idOrder
        idOrder = order
        // The arrivals' keys, spread evenly between the keys of the pins around each run of
        // them (after the last pin, 2^32 apart); where a run finds no room, every pin is keyed
        // again from its place, the pins leaving too (the rank reads the keys, and this
        // update still compares the pins leaving with the others).
        var k = 0
        while k < arrivalPlaces.count {
            var end = k + 1
            while end < arrivalPlaces.count && arrivalPlaces[end] == arrivalPlaces[end - 1] + 1 { end += 1 }
            let before = arrivalPlaces[k] - 1, after = arrivalPlaces[end - 1] + 1
            let lower = before >= 0 ? pass.nodes.idKey[Int(idOrder[before])] : 0
            let run = UInt64(end - k + 1)
            let step = after < idOrder.count ? (pass.nodes.idKey[Int(idOrder[after])] - lower) / run : min(1 << 32, (UInt64.max - lower) / run)
            guard step > 0 else {
                var key = 0, a = 0
                for place in 0...oldOrder.count {
                    // (An arrival before the pin at its place: a pin leaving with its id, or
                    // the first id after its own.)
                    while a < arriving.count && arriving[a].place == place {
                        pass.nodes.idKey[Int(fresh[a])] = Self.idKey(place: key)
                        key += 1
                        a += 1
                    }
                    if place < oldOrder.count {
                        pass.nodes.idKey[Int(oldOrder[place])] = Self.idKey(place: key)
                        key += 1
                    }
                }
                break
            }
            for m in k..<end { pass.nodes.idKey[Int(fresh[m])] = lower + step * UInt64(m - k + 1) }
            k = end
        }
        pass.index(fresh, level: pinLevel)
        pass.markAlone(fresh, radiusPoints: radiusPoints, levelItems: levelItems)
        levelItems[pinLevel] = idOrder.count
        // Level by level, item by item while the changes are few beside the level's items;
        // from the first level where they are not, each level clustered whole (the build's
        // grid pass, its clusters formed again kept).
        var whole: Level? = nil
        for zoom in stride(from: maximumZoom, through: 0, by: -1) {
            let radius = Self.radius(points: radiusPoints, zoom: zoom)
            pass.groups[Int(groupOfLevel[zoom + 1])].flush()
            if whole == nil && wholeLevelFactor > 0
                && fresh.count + gone.count >= (levelItems[zoom + 1] + wholeLevelFactor - 1) / wholeLevelFactor
            {
                whole = pass.level(zoom + 1)
            }
            if whole == nil {
                // (Item by item within a budget of neighbours met: four per item of the level
                // above, as many as a whole level costs, and more for a small level.)
                let budget = wholeLevelFactor > 0 ? 4 * levelItems[zoom + 1] + 4_096 : Int.max
                if let next = pass.updateLevel(zoom: zoom, radius: radius, fresh: fresh, gone: gone, budget: budget) {
                    (fresh, gone) = next
                    levelItems[zoom] += fresh.count - gone.count
                    pass.index(fresh, level: zoom)
                    continue
                }
                whole = pass.level(zoom + 1)
            }
            if let above = whole {
                let below: Level
                (below, gone) = pass.clusterWhole(above, zoom: zoom, radius: radius, gone: gone)
                levelItems[zoom] = below.itemCount
                pass.index(below.node, level: zoom)
                whole = below
            }
        }
        deadNodes += pass.died
        lastUpdateMet = pass.met
        nodes = pass.nodes
        groups = pass.groups
        // (The nodes whose levels changed; those made are noted by the caller.)
        noteGroups(pass.saved.lazy.map { Int($0) }, listing: false)
        updateScratch?.scratch = pass.finish()
        pass = UpdatePass(index: PinClusterIndex.empty, scratch: UpdateScratch())
    }

    /// A pin whose category alone changes: its node, its place in the ids' order and its new
    /// category.
    typealias Recategorization = (node: Int32, place: Int, category: PinCategory)

    /// Replaces pins whose category alone changed (their points as the index keeps them, bit
    /// for bit), with every cluster that holds them, by copies with their MISSING counts
    /// changed; nothing is examined or clustered again.
    ///
    /// The greedy rule reads the items' points, ranks and pin counts, never their categories,
    /// and a pin keeps its point, its id and its key in the ids' order (so its rank): on every
    /// level each item has the same members as before, and a rebuild gives the same clusters
    /// with the new counts. The pins and their clusters up to level 0 are made anew rather
    /// than changed in place, as the general update makes the items it changes, so that an
    /// item from before answers only while it is what it was (a cluster whose count changed
    /// is `staleClusterItem`). Each copy keeps the levels, point, rank, children (mapped to
    /// their copies) and parent (its copy) of the node it replaces, which dies; the copies
    /// join the neighbour index under the same keys. The work is the pins changed times the
    /// clusters above each, not the examinations and queries of a move (a refresh in which
    /// 1% of 100 000 pets were found took 0.15 to 0.23 of a rebuild before, as much as
    /// moving them).
    mutating func recategorize(_ changes: [Recategorization]) {
        guard !changes.isEmpty else { return }
        // (The update's scratch, its `replaced` entries as a map from each node replaced,
        // first to its place in `touched`, then to its copy; every entry put back at rest.)
        if !isKnownUniquelyReferenced(&updateScratch) { updateScratch = UpdateScratch.Box() }
        var scratch = updateScratch?.take() ?? UpdateScratch()
        scratch.cover(nodes.nodeCount)
        // Each node to replace (a pin changed and every cluster above it), with the change of
        // its MISSING count.
        var touched: [(node: Int32, delta: Int32)] = []
        touched.reserveCapacity(changes.count * 6)
        for change in changes {
            let step: Int32 = change.category == .missing ? 1 : -1
            var j = Int(change.node)
            while j >= 0 {
                if scratch.replaced[j] < 0 {
                    scratch.replaced[j] = Int32(touched.count)
                    touched.append((Int32(j), 0))
                }
                touched[Int(scratch.replaced[j])].delta += step
                j = Int(nodes.parent[j])
            }
        }
        // The copies numbered in the order of the nodes they replace.
        touched.sort { $0.node < $1.node }
        let first = nodes.nodeCount
        for (k, entry) in touched.enumerated() { scratch.replaced[Int(entry.node)] = Int32(first + k) }
        @inline(__always) func copy(_ j: Int32) -> Int32 { scratch.replaced[Int(j)] >= 0 ? scratch.replaced[Int(j)] : j }
        for (j, delta) in touched {
            let old = Int(j)
            nodes.appendCopy(
                of: old, missing: nodes.missing[old] + delta, seedPin: copy(nodes.seedPin[old]), smallestPin: copy(nodes.smallestPin[old]))
        }
        for (k, entry) in touched.enumerated() {
            let old = Int(entry.node), new = first + k
            let parent = nodes.parent[old]
            nodes.parent[new] = parent >= 0 ? copy(parent) : -1
            let from = Int(nodes.childStart[old]), count = Int(nodes.childCount[old])
            nodes.childStart[new] = Int32(nodes.children.count)
            nodes.childCount[new] = Int32(count)
            for c in from..<(from + count) {
                let child = copy(nodes.children[c])
                nodes.children.append(child)
                nodes.parent[Int(child)] = Int32(new)
            }
            nodes.lo[old] = Nodes.dead
        }
        for change in changes { idOrder[change.place] = copy(change.node) }
        for entry in touched { scratch.replaced[Int(entry.node)] = -1 }
        updateScratch?.scratch = scratch
        deadNodes += touched.count
        // The copies in the neighbour index, in the groups of their levels.
        for new in first..<nodes.nodeCount {
            let key = Self.mortonKey(x: nodes.x[new], y: nodes.y[new])
            let highest = Int(groupOfLevel[Int(nodes.hi[new])]), lowest = Int(groupOfLevel[Int(nodes.lo[new])])
            for g in highest...lowest {
                groups[g].pendingKeys.append(key)
                groups[g].pendingNodes.append(Int32(new))
            }
            nodes.indexedLo[new] = UInt8(groups[lowest].bottom)
        }
    }

    /// The children of live clusters: every live node but those of level 0 is the child of
    /// exactly one live cluster.
    var liveChildren: Int { nodes.nodeCount - deadNodes - levelItems[0] }

    /// How many children of dead clusters are kept beyond as many as the live ones.
    static let childSlack = 4_096

    /// Drops the children of dead clusters: each live cluster's run moved down in place (the
    /// runs are in the order of the nodes, appended with their clusters), a dead cluster left
    /// with none. No node is renumbered, so every item answers as before.
    mutating func compactChildren() {
        var next = 0
        for j in 0..<nodes.nodeCount {
            let from = Int(nodes.childStart[j]), count = Int(nodes.childCount[j])
            nodes.childStart[j] = Int32(next)
            guard nodes.lo[j] != Nodes.dead else {
                nodes.childCount[j] = 0
                continue
            }
            if from != next {
                for c in 0..<count { nodes.children[next + c] = nodes.children[from + c] }
            }
            next += count
        }
        nodes.children.removeLast(nodes.children.count - next)
    }

    /// The index built from the whole list an update is to give (its points finite, its ids
    /// each given once: checked), in the list's order, so that the next list is followed from
    /// it; nil should it fail (not expected).
    func rebuilt(from list: [ClusterPin]) -> PinClusterIndex? {
        do throws(GeometryError) {
            return try PinClusterIndex(pins: list, radiusPoints: radiusPoints, maximumZoom: maximumZoom)
        } catch {
            assertionFailure("a checked list of pins did not build: \(error)")
            return nil
        }
    }

    /// The index built from its pins after an update: the pins at `leavingPlaces` of the ids'
    /// order (any order) left out, those `recategorized` given their new categories, those
    /// arriving added. Their points are wrapped and clamped
    /// already, which a build leaves as they are. (Nil, should the build fail: it cannot, the
    /// update's lists having been checked.)
    func rebuilt(leavingPlaces: [Int], arriving: [Arrival], recategorized: [Recategorization] = []) -> PinClusterIndex? {
        var leaves = [Bool](repeating: false, count: idOrder.count)
        for place in leavingPlaces { leaves[place] = true }
        var categories = [PinCategory?](repeating: nil, count: recategorized.isEmpty ? 0 : idOrder.count)
        for change in recategorized { categories[change.place] = change.category }
        var pins: [ClusterPin] = []
        pins.reserveCapacity(idOrder.count - leavingPlaces.count + arriving.count)
        for (place, node) in idOrder.enumerated() where !leaves[place] {
            let j = Int(node)
            pins.append(ClusterPin(
                id: nodes.ids[j], point: MercatorPoint(uncheckedX: nodes.x[j], y: nodes.y[j]),
                category: (recategorized.isEmpty ? nil : categories[place]) ?? (nodes.missing[j] == 1 ? .missing : .found)))
        }
        for a in arriving { pins.append(ClusterPin(id: a.id, point: MercatorPoint(uncheckedX: a.x, y: a.y), category: a.category)) }
        do throws(GeometryError) {
            return try PinClusterIndex(pins: pins, radiusPoints: radiusPoints, maximumZoom: maximumZoom)
        } catch {
            assertionFailure("the pins of an index and those arriving in a checked update did not build: \(error)")
            return nil
        }
    }

    /// A pin arriving: its place (wrapped, clamped), id and category, and the place in the ids'
    /// order of the first id not less than its own.
    typealias Arrival = (x: Double, y: Double, id: String, category: PinCategory, place: Int)

    /// The pins an update's lists take away (with their places in the ids' order) and bring,
    /// in id order; nil when the lists are not valid (``firstError(upserting:removing:idOrder:_:)``
    /// then names what is wrong).
    ///
    /// Each list is sorted by id as the build sorts its pins (a radix sort of the eight bytes
    /// after those every id begins with), which shows an id given twice in it, and then found in the
    /// ids' order in one pass, galloping on from the place of the id before: a search among far
    /// fewer ids than a binary search of the whole order per id, mostly in memory the search
    /// before has just read.
    static func changes(
        upserting pins: [ClusterPin], removing removedIDs: [String], idOrder: [Int32], _ nodes: Nodes
    ) -> (leaving: [Int32], places: [Int], arriving: [Arrival], recategorized: [Recategorization])? {
        // (The ids to remove sorted as pins: the sort reads their ids only.)
        let removed = idSortedOrder(removedIDs.map { ClusterPin(id: $0, point: MercatorPoint(uncheckedX: 0, y: 0), category: .missing) })
        let upserted = idSortedOrder(pins)
        guard removed.repeated == nil, upserted.repeated == nil else { return nil }
        var leaving: [Int32] = [], places: [Int] = []
        var place = 0
        for (n, k) in removed.order.enumerated() {
            let id = removedIDs[Int(k)]
            // (The search from the last place holds only for ids in increasing order.)
            assert(n == 0 || compareIDs(removedIDs[Int(removed.order[n - 1])], id) < 0)
            place = idPosition(of: id, in: idOrder, nodes, from: place)
            guard place < idOrder.count, sameID(nodes.ids[Int(idOrder[place])], id) else { return nil }
            leaving.append(idOrder[place])
            places.append(place)
        }
        let removedPlaces = places.count
        var arriving: [Arrival] = [], recategorized: [Recategorization] = []
        arriving.reserveCapacity(pins.count)
        place = 0
        // (The places of the ids removed, ascending, walked alongside: an id both removed and
        // given is at one of them.)
        var nextRemoved = 0
        for (n, k) in upserted.order.enumerated() {
            let pin = pins[Int(k)]
            assert(n == 0 || compareIDs(pins[Int(upserted.order[n - 1])].id, pin.id) < 0)
            let p = pin.point
            guard p.x.isFinite, p.y.isFinite else { return nil }
            let (x, y) = Self.kept(p)
            place = idPosition(of: pin.id, in: idOrder, nodes, from: place)
            if place < idOrder.count, case let node = Int(idOrder[place]), sameID(nodes.ids[node], pin.id) {
                while nextRemoved < removedPlaces && places[nextRemoved] < place { nextRemoved += 1 }
                guard nextRemoved == removedPlaces || places[nextRemoved] != place else { return nil }
                if nodes.x[node] == x && nodes.y[node] == y {
                    // (The same point: unchanged, or its category alone changed.)
                    if !nodes.isPin(node, at: x, y, pin.category) { recategorized.append((Int32(node), place, pin.category)) }
                    continue
                }
                leaving.append(Int32(node))
                places.append(place)
            }
            arriving.append((x, y, pin.id, pin.category, place))
        }
        return (leaving, places, arriving, recategorized)
    }

    /// What is wrong with an update's lists: the first id given twice (in either list or in
    /// both), id to remove the index does not hold or point that is not finite, taking the ids
    /// to remove in turn, then the pins.
    static func firstError(upserting pins: [ClusterPin], removing removedIDs: [String], idOrder: [Int32], _ nodes: Nodes) -> GeometryError {
        var seen = Set<ByteID>(minimumCapacity: pins.count + removedIDs.count)
        for id in removedIDs {
            guard seen.insert(ByteID(id)).inserted else { return .duplicatePinID(id) }
            let place = idPosition(of: id, in: idOrder, nodes)
            guard place < idOrder.count, sameID(nodes.ids[Int(idOrder[place])], id) else { return .unknownPinID(id) }
        }
        for pin in pins {
            guard seen.insert(ByteID(pin.id)).inserted else { return .duplicatePinID(pin.id) }
            guard pin.point.x.isFinite, pin.point.y.isFinite else { return notFinite(pin) }
        }
        // (Not reached: ``changes(upserting:removing:idOrder:_:)`` finds nothing wrong that
        // this does not. Should they ever disagree, a debug build stops here.)
        assertionFailure("an update's lists were refused, yet no fault is found in them")
        return .duplicatePinID(removedIDs.first ?? pins.first?.id ?? "")
    }

    /// An index of no pins.
    static let empty: PinClusterIndex = {
        do throws(GeometryError) { return try PinClusterIndex(pins: []) } catch { fatalError("an empty index always builds") }
    }()

    /// Drops the dead nodes: the live ones renumbered in their order and moved down in place
    /// (their links, parents, children and pins, mapped), the ids' order mapped, and each
    /// group of the neighbour index mapped too (its entries keep their order, as the numbers
    /// keep theirs), leaving out the entries of nodes dead or off its levels. The levels are
    /// the same; nothing is clustered again, nothing sorted again.
    mutating func compact() {
        let total = nodes.nodeCount
        var newNumber = [Int32](repeating: -1, count: total)
        var live = 0
        for j in 0..<total where nodes.lo[j] != Nodes.dead {
            newNumber[j] = Int32(live)
            live += 1
        }
        for g in groups.indices { groups[g].compact(nodes, newNumber) }
        // (A live node's parent, children and pins are live: a dead cluster's children were
        // all given new parents, and a pin dies only with its nodes above replaced. Children
        // are appended with their cluster, so each live cluster's run moves down too.)
        var nextChild = 0
        for j in 0..<total where newNumber[j] >= 0 {
            let k = Int(newNumber[j])
            nodes.x[k] = nodes.x[j]
            nodes.y[k] = nodes.y[j]
            nodes.count[k] = nodes.count[j]
            nodes.missing[k] = nodes.missing[j]
            nodes.lo[k] = nodes.lo[j]
            nodes.hi[k] = nodes.hi[j]
            nodes.parent[k] = nodes.parent[j] >= 0 ? newNumber[Int(nodes.parent[j])] : -1
            nodes.seedPin[k] = newNumber[Int(nodes.seedPin[j])]
            nodes.rankX[k] = nodes.rankX[j]
            nodes.smallestPin[k] = newNumber[Int(nodes.smallestPin[j])]
            nodes.idKey[k] = nodes.idKey[j]
            if k != j { nodes.ids.swapAt(k, j) }
            nodes.indexedLo[k] = Nodes.dead
            let from = Int(nodes.childStart[j]), count = Int(nodes.childCount[j])
            nodes.childStart[k] = Int32(nextChild)
            nodes.childCount[k] = Int32(count)
            for c in from..<(from + count) {
                nodes.children[nextChild] = newNumber[Int(nodes.children[c])]
                nextChild += 1
            }
        }
        nodes.removeLast(total - live, children: nodes.children.count - nextChild)
        // Each node's lowest group holding it (the groups run from the highest levels down).
        for group in groups {
            for j in group.nodes { nodes.indexedLo[Int(j)] = UInt8(group.bottom) }
        }
        idOrder = idOrder.map { newNumber[Int($0)] }
        listOrder = listOrder.map { $0 >= 0 ? newNumber[Int($0)] : -1 }
        deadNodes = 0
        // (Nodes numbered anew: every item made before is stale.)
        revision = Self.newRevision()
        pastRevisions = []
        // (The bound made exact again.)
        noteGroups(0..<nodes.nodeCount, exact: true)
    }

    /// The key a build gives the pin at `place` in the ids' order: 2^32 (place + 1), leaving
    /// room for 2^32 - 1 keys between two pins, and as many before the first.
    static func idKey(place: Int) -> UInt64 { UInt64(place + 1) << 32 }

    /// The first place in the ids' order whose id is not less than `id`.
    static func idPosition(of id: String, in idOrder: [Int32], _ nodes: Nodes) -> Int {
        idPosition(of: id, in: idOrder, nodes, from: 0)
    }

    /// The first place in the ids' order, at `start` or after, whose id is not less than `id`
    /// (the ids before `start` being less): found by galloping from `start` (steps 1, 2, 4 and
    /// so on), then a binary search within the last step.
    static func idPosition(of id: String, in idOrder: [Int32], _ nodes: Nodes, from start: Int) -> Int {
        let n = idOrder.count
        guard start < n, compareIDs(nodes.ids[Int(idOrder[start])], id) < 0 else { return start }
        // (The id at `low` is less than `id`.)
        var low = start, step = 1
        while low + step < n && compareIDs(nodes.ids[Int(idOrder[low + step])], id) < 0 {
            low += step
            step <<= 1
        }
        low += 1
        var high = min(low - 1 + step, n)
        while low < high {
            let mid = (low + high) / 2
            if compareIDs(nodes.ids[Int(idOrder[mid])], id) < 0 { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

/// A pin id as the index tells ids apart: by its bytes (``PinClusterIndex/idPrecedes(_:_:)``).
struct ByteID: Hashable {
    let id: String

    init(_ id: String) { self.id = id }

    static func == (a: ByteID, b: ByteID) -> Bool { PinClusterIndex.sameID(a.id, b.id) }

    func hash(into hasher: inout Hasher) {
        var id = id
        id.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// An update's per-node state, every entry at rest (254, -1 or false) between updates: kept
/// by the index so that an update allocates and clears nothing in proportion to the nodes.
struct UpdateScratch {
    var savedLo = ScratchArray<UInt8>()
    var savedParent = ScratchArray<Int32>()
    var seedState = ScratchArray<Int8>()
    var owner = ScratchArray<Int32>()
    var queued = ScratchArray<Bool>()
    var replaced = ScratchArray<Int32>()
    var hasFresh = ScratchArray<Bool>()
    var kept = ScratchArray<Bool>()
    var aloneTo = ScratchArray<UInt8>()
    var settledBy = ScratchArray<Int32>()

    /// Every array as long as `count` nodes at least, the new entries at rest.
    mutating func cover(_ count: Int) {
        Self.grow(&savedLo, &savedParent, &seedState, &owner, &queued, &replaced, &hasFresh, &kept, &aloneTo, &settledBy, covering: count)
    }

    /// The scratch's arrays (its own, or an ``UpdatePass``'s while it runs) grown to hold
    /// `count` nodes at least, the new entries at rest: an eighth (or 1 024 entries) beyond
    /// their length at a time, so that nodes made one by one seldom grow them.
    static func grow(
        _ savedLo: inout ScratchArray<UInt8>, _ savedParent: inout ScratchArray<Int32>, _ seedState: inout ScratchArray<Int8>,
        _ owner: inout ScratchArray<Int32>, _ queued: inout ScratchArray<Bool>, _ replaced: inout ScratchArray<Int32>,
        _ hasFresh: inout ScratchArray<Bool>, _ kept: inout ScratchArray<Bool>, _ aloneTo: inout ScratchArray<UInt8>,
        _ settledBy: inout ScratchArray<Int32>, covering count: Int
    ) {
        guard savedLo.count < count else { return }
        let length = max(count, savedLo.count + savedLo.count / 8 + 1_024)
        savedLo = savedLo.grown(to: length, repeating: 254)
        savedParent = savedParent.grown(to: length, repeating: -1)
        seedState = seedState.grown(to: length, repeating: -1)
        owner = owner.grown(to: length, repeating: -1)
        queued = queued.grown(to: length, repeating: false)
        replaced = replaced.grown(to: length, repeating: -1)
        hasFresh = hasFresh.grown(to: length, repeating: false)
        kept = kept.grown(to: length, repeating: false)
        aloneTo = aloneTo.grown(to: length, repeating: 255)
        settledBy = settledBy.grown(to: length, repeating: -1)
    }

    /// The scratch as the index holds it. An update uses it only while its index holds the
    /// only reference (a copy of the index that updates makes its own), so no two updates
    /// share it.
    final class Box: @unchecked Sendable {
        var scratch = UpdateScratch()

        /// The scratch, moved out (the box left empty until it is given back).
        func take() -> UpdateScratch {
            var taken = UpdateScratch()
            swap(&taken, &scratch)
            return taken
        }
    }
}

/// A fixed-length array of a trivial type for the update's scratch (its deinit frees the
/// memory without deinitializing it), written through a reference: each write to an array
/// held by the pass called the runtime's uniqueness check (counted with callgrind over 10
/// updates of 1% of 100 000 pins, 32.8 M instructions in that check with arrays, 20.9 M with
/// these). Its length changes only by ``grown(to:repeating:)``, a new array.
final class ScratchArray<Element: BitwiseCopyable> {
    private let base: UnsafeMutablePointer<Element>
    let count: Int

    /// An empty array.
    init() {
        base = UnsafeMutablePointer<Element>.allocate(capacity: 1)
        count = 0
    }

    private init(count: Int) {
        base = UnsafeMutablePointer<Element>.allocate(capacity: max(count, 1))
        self.count = count
    }

    deinit { base.deallocate() }

    @inline(__always)
    subscript(_ i: Int) -> Element {
        get {
            precondition(i >= 0 && i < count, "scratch index out of range")
            return base[i]
        }
        set {
            precondition(i >= 0 && i < count, "scratch index out of range")
            base[i] = newValue
        }
    }

    /// A copy `length` long (not shorter), the entries past this one's `value`.
    func grown(to length: Int, repeating value: Element) -> ScratchArray<Element> {
        let grown = ScratchArray(count: max(length, count))
        grown.base.initialize(from: base, count: count)
        (grown.base + count).initialize(repeating: value, count: grown.count - count)
        return grown
    }
}

/// One update's work on the nodes and the neighbour index, level by level, with what it keeps
/// per node while it runs: each changed node's levels and parent before the update, and each
/// level's re-examination.
struct UpdatePass {
    var nodes: PinClusterIndex.Nodes
    var groups: [NeighbourGroup]
    let groupOfLevel: [Int32]
    let maximumZoom: Int
    /// The first node made by this update.
    let firstNew: Int
    /// lo and parent before the update, for the nodes changed (254: not changed), and the
    /// nodes changed.
    var savedLo: ScratchArray<UInt8>
    var savedParent: ScratchArray<Int32>
    var saved: [Int32] = []
    /// This level's state of the items touched: -1 not touched, else 1 for a seed and 0 for
    /// not; the owner (the seed whose item holds it); whether it is queued for examination.
    var seedState: ScratchArray<Int8>
    var owner: ScratchArray<Int32>
    var queued: ScratchArray<Bool>
    /// The gone item with each lowest-ranked pin (-1: none), during a level.
    var replaced: ScratchArray<Int32>
    /// Whether a fresh item has each lowest-ranked pin, during a level's start.
    var hasFresh: ScratchArray<Bool>
    /// The old items this level keeps, while it writes the level.
    var kept: ScratchArray<Bool>
    /// For a pin arriving: the lowest level down to which it is provably alone (255: none),
    /// and the pins given one.
    var aloneTo: ScratchArray<UInt8>
    /// For an item queued for examination whose status a seed at its very point settled
    /// (not a seed, owned by that seed): the seed (-1: none), until it is examined.
    var settledBy: ScratchArray<Int32>
    var aloneMarked: [Int32] = []
    var touched: [Int32] = []
    var died = 0
    /// The neighbour entries the examinations met (what an update's levels cost, for tests).
    var met = 0
    /// The whole levels' buffers (see ``PinClusterIndex/ClusterScratch``).
    var clusterScratch: PinClusterIndex.ClusterScratch? = nil
    // This level's scratch.
    /// The items queued, a binary heap by rank, each with its rank's easting (so that most
    /// comparisons read the heap alone, not the nodes).
    var heap: [(rankX: Double, node: Int32)] = []
    var near: [Int32] = []
    var dirty: [Int32] = []
    var level = 0
    var above = 0

    typealias Nodes = PinClusterIndex.Nodes

    /// The pass over an index, with its scratch (at rest; as many entries as the index has
    /// nodes, or more).
    init(index: PinClusterIndex, scratch: consuming UpdateScratch) {
        nodes = index.nodes
        groups = index.groups
        groupOfLevel = index.groupOfLevel
        maximumZoom = index.maximumZoom
        firstNew = index.nodes.nodeCount
        savedLo = scratch.savedLo
        savedParent = scratch.savedParent
        seedState = scratch.seedState
        owner = scratch.owner
        queued = scratch.queued
        replaced = scratch.replaced
        hasFresh = scratch.hasFresh
        kept = scratch.kept
        aloneTo = scratch.aloneTo
        settledBy = scratch.settledBy
        scratch = UpdateScratch()
        grow()
    }

    /// The scratch, back at rest, moved out of the pass.
    mutating func finish() -> UpdateScratch {
        for j in saved { savedLo[Int(j)] = 254 }
        saved = []
        for j in aloneMarked { aloneTo[Int(j)] = 255 }
        aloneMarked = []
        var scratch = UpdateScratch()
        swap(&scratch.savedLo, &savedLo)
        swap(&scratch.savedParent, &savedParent)
        swap(&scratch.seedState, &seedState)
        swap(&scratch.owner, &owner)
        swap(&scratch.queued, &queued)
        swap(&scratch.replaced, &replaced)
        swap(&scratch.hasFresh, &hasFresh)
        swap(&scratch.kept, &kept)
        swap(&scratch.aloneTo, &aloneTo)
        swap(&scratch.settledBy, &settledBy)
        return scratch
    }

    /// Scratch for the nodes made since (entries of nodes dropped by a compaction stay, at
    /// rest): grown an eighth (or 1 024 entries) beyond the nodes at a time, so that the
    /// nodes an update makes one by one seldom grow it.
    @inline(__always)
    mutating func grow() {
        guard savedLo.count < nodes.nodeCount else { return }
        growScratch()
    }

    private mutating func growScratch() {
        UpdateScratch.grow(
            &savedLo, &savedParent, &seedState, &owner, &queued, &replaced, &hasFresh, &kept, &aloneTo, &settledBy,
            covering: nodes.nodeCount)
    }

    @inline(__always)
    mutating func save(_ j: Int) {
        if savedLo[j] == 254 {
            savedLo[j] = nodes.lo[j]
            savedParent[j] = nodes.parent[j]
            saved.append(Int32(j))
        }
    }

    @inline(__always)
    func oldLo(_ j: Int) -> Int { Int(savedLo[j] == 254 ? nodes.lo[j] : savedLo[j]) }

    @inline(__always)
    func oldParent(_ j: Int) -> Int { Int(savedLo[j] == 254 ? nodes.parent[j] : savedParent[j]) }

    /// Notes, for each pin arriving, the levels it is alone on, from the distance d to its
    /// nearest other pin (a lower bound of it, the query's radius, when no pin is nearer):
    /// those levels are then not examined pin by pin.
    ///
    /// Every pin of an item of level z lies less than 4 r_z from it: a cluster formed at level
    /// z lies within r_z of its seed, whose members lie within r_z of it, and r_(z+1) =
    /// r_z / 2, so the bound B_z <= 2 r_z + B_(z+1) sums to less than 4 r_z (B = 0 for a pin).
    /// An item of level z + 1 that does not hold pin p therefore lies more than d - 2 r_z from
    /// p; with d >= 3 r_z (and a margin for rounding) none lies within r_z of p: p is alone on
    /// level z + 1, as on every level above, and an item of level z by itself.
    ///
    /// The query reaches 3 r of the fourth level below the pins', and is made only where the
    /// items of that level are still at least seven eighths of the highest level's (before the
    /// update): most pins alone there, so that it meets few pins.
    mutating func markAlone(_ pins: [Int32], radiusPoints: Double, levelItems: [Int]) {
        guard maximumZoom >= 3, levelItems[maximumZoom - 3] * 8 >= levelItems[maximumZoom] * 7 else { return }
        let pinLevel = maximumZoom + 1
        func clear(_ z: Int) -> Double { 3.01 * PinClusterIndex.radius(points: radiusPoints, zoom: z) + 1e-6 }
        let reach = clear(maximumZoom - 3)
        let g = Int(groupOfLevel[pinLevel])
        groups[g].flush()
        var near: [Int32] = []
        for p in pins {
            let p = Int(p)
            groups[g].collect(near: nodes.x[p], nodes.y[p], within: reach, level: pinLevel, nodes: nodes, into: &near)
            var d = reach
            for j in near where Int(j) != p {
                let dx = WebMercator.wrappedEasting(nodes.x[Int(j)] - nodes.x[p]), dy = nodes.y[Int(j)] - nodes.y[p]
                d = min(d, (dx * dx + dy * dy).squareRoot())
            }
            var z = maximumZoom + 1
            while z > 0 && clear(z - 1) <= d { z -= 1 }
            guard z <= maximumZoom else { continue }
            aloneTo[p] = UInt8(z)
            aloneMarked.append(Int32(p))
        }
    }

    /// Adds to the neighbour index the nodes that are now on `level` and not yet in its group.
    mutating func index(_ fresh: [Int32], level: Int) {
        let g = Int(groupOfLevel[level])
        let bottom = UInt8(groups[g].bottom)
        for j in fresh where Int(nodes.indexedLo[Int(j)]) > level {
            groups[g].pendingKeys.append(PinClusterIndex.mortonKey(x: nodes.x[Int(j)], y: nodes.y[Int(j)]))
            groups[g].pendingNodes.append(j)
            nodes.indexedLo[Int(j)] = bottom
        }
    }

    // Before the update, on this level: whether item j of the level above was a seed, and the
    // item of this level that held it (itself when it stayed as it was, else the cluster formed).
    @inline(__always)
    func old(_ j: Int) -> (seed: Bool, item: Int) {
        if oldLo(j) <= level { return (true, j) }
        let p = oldParent(j)
        return (Int(nodes.children[Int(nodes.childStart[p])]) == j, p)
    }

    @inline(__always)
    func wasOnAbove(_ j: Int) -> Bool { j < firstNew && oldLo(j) <= above && above <= Int(nodes.hi[j]) }

    @inline(__always)
    func isSeed(_ j: Int) -> Bool { seedState[j] >= 0 ? seedState[j] == 1 : old(j).seed }

    /// Before the update: the seed whose item of this level held item j of the level above.
    @inline(__always)
    func oldOwner(_ j: Int) -> Int {
        let before = old(j)
        return before.seed ? j : Int(nodes.children[Int(nodes.childStart[before.item])])
    }

    @inline(__always)
    func ownerOf(_ j: Int) -> Int { seedState[j] >= 0 ? Int(owner[j]) : oldOwner(j) }

    /// The cluster of this level that item s of the level above was the seed of before the
    /// update (its members besides s are its children after the first), or nil.
    @inline(__always)
    func oldCluster(seededBy s: Int) -> Int? {
        guard wasOnAbove(s), oldLo(s) == above else { return nil }
        let p = oldParent(s)
        return Int(nodes.children[Int(nodes.childStart[p])]) == s ? p : nil
    }

    /// The touched items' state back at rest (not touched, not queued).
    mutating func restTouched() {
        for j in touched {
            seedState[Int(j)] = -1
            owner[Int(j)] = -1
            queued[Int(j)] = false
        }
        touched.removeAll(keepingCapacity: true)
    }

    /// Touched: its state is this level's (from before the update until changed here).
    mutating func touch(_ j: Int) {
        guard seedState[j] < 0 else { return }
        touched.append(Int32(j))
        if wasOnAbove(j) {
            let before = old(j)
            seedState[j] = before.seed ? 1 : 0
            owner[j] = Int32(oldOwner(j))
            dirty.append(Int32(before.item))
        } else {
            seedState[j] = 0
        }
    }

    /// Whether heap entry a ranks before heap entry b.
    @inline(__always)
    func ranksBefore(_ a: (rankX: Double, node: Int32), _ b: (rankX: Double, node: Int32)) -> Bool {
        a.rankX != b.rankX ? a.rankX < b.rankX : nodes.ranksBefore(Int(a.node), Int(b.node))
    }

    // (The heap is moved out of the pass while it is sifted, so that it is written through a
    // pointer while the nodes are read: no uniqueness check per step.)
    mutating func push(_ j: Int) {
        // (Every item queued is examined, so touched: the level's reset clears it.)
        guard !queued[j] else { return }
        queued[j] = true
        var items: [(rankX: Double, node: Int32)] = []
        swap(&items, &heap)
        items.append((nodes.rankX[j], Int32(j)))
        items.withUnsafeMutableBufferPointer { heap in
            var child = heap.count - 1
            let item = heap[child]
            while child > 0 {
                let parent = (child - 1) / 2
                guard ranksBefore(item, heap[parent]) else { break }
                heap[child] = heap[parent]
                child = parent
            }
            heap[child] = item
        }
        swap(&items, &heap)
    }

    mutating func pop() -> Int {
        var items: [(rankX: Double, node: Int32)] = []
        swap(&items, &heap)
        let top = items[0].node
        let last = items.removeLast()
        if !items.isEmpty {
            items.withUnsafeMutableBufferPointer { heap in
                let count = heap.count
                var parent = 0
                while true {
                    let left = 2 * parent + 1, right = left + 1
                    guard left < count else { break }
                    let child = right < count && ranksBefore(heap[right], heap[left]) ? right : left
                    guard ranksBefore(heap[child], last) else { break }
                    heap[parent] = heap[child]
                    parent = child
                }
                heap[parent] = last
            }
        }
        swap(&items, &heap)
        return Int(top)
    }

    /// Examines the members of a seed that disappears (its old cluster's children it still owns).
    mutating func release(_ s: Int) {
        guard let p = oldCluster(seededBy: s) else { return }
        let from = Int(nodes.childStart[p])
        for k in (from + 1)..<(from + Int(nodes.childCount[p])) {
            let c = Int(nodes.children[k])
            if nodes.isAlive(c, at: above) && ownerOf(c) == s { push(c) }
        }
    }

    /// The members of seed g, moved to seed i: those it still owns follow i where they are
    /// within the radius of it, and are examined where they are not.
    mutating func follow(_ g: Int, to i: Int, within radius: Double) {
        guard let p = oldCluster(seededBy: g) else { return }
        let from = Int(nodes.childStart[p])
        let r2 = radius * radius
        for k in (from + 1)..<(from + Int(nodes.childCount[p])) {
            let c = Int(nodes.children[k])
            guard nodes.isAlive(c, at: above), !queued[c], ownerOf(c) == g else { continue }
            let dx = WebMercator.wrappedEasting(nodes.x[c] - nodes.x[i]), dy = nodes.y[c] - nodes.y[i]
            if dx * dx + dy * dy <= r2 {
                touch(c)
                owner[c] = Int32(i)
            } else {
                push(c)
            }
        }
    }

    /// The items on a level now, in rank order (from its group of the neighbour index, with no
    /// pending additions).
    func level(_ z: Int) -> PinClusterIndex.Level {
        let group = groups[Int(groupOfLevel[z])]
        var found: [Int32] = []
        for part in [group.nodes, group.sideNodes] {
            for j in part where nodes.isAlive(Int(j), at: z) { found.append(j) }
        }
        let ranked = nodes.rankSorted(found)
        var level = PinClusterIndex.Level()
        level.x = ranked.map { nodes.x[Int($0)] }
        level.y = ranked.map { nodes.y[Int($0)] }
        level.count = ranked.map { nodes.count[Int($0)] }
        level.missing = ranked.map { nodes.missing[Int($0)] }
        level.smallestPin = ranked.map { nodes.smallestPin[Int($0)] }
        level.smallestKey = level.smallestPin.map { nodes.idKey[Int($0)] }
        level.node = ranked
        return level
    }

    /// For clustering level z whole, item j, when it was on level z + 1 before the update:
    /// passed on when it was on level z too, else its old cluster of level z noted (marked in
    /// `kept`, saved, listed in `formed` once) and returned.
    mutating func noteOld(_ j: Int, passing nextGone: inout [Int32], formed: inout [Int32]) -> Int? {
        guard wasOnAbove(j) else { return nil }
        if oldLo(j) <= level {
            nextGone.append(Int32(j))
            return nil
        }
        guard oldLo(j) == above else { return nil }
        let p = oldParent(j)
        if !kept[p] {
            kept[p] = true
            formed.append(Int32(p))
            save(p)
        }
        return p
    }

    /// Level z clustered whole from the items of level z + 1 (`items`, in rank order), as the
    /// build clusters it, keeping each old cluster of level z formed again with the same
    /// members; the others die. `gone` holds the items that were on level z + 1 and are not
    /// (or more). Returns level z and the same for it.
    mutating func clusterWhole(_ items: PinClusterIndex.Level, zoom z: Int, radius: Double, gone: [Int32]) -> (PinClusterIndex.Level, gone: [Int32]) {
        level = z
        above = z + 1
        // The old clusters of level z (marked in `kept` until formed again), found through the
        // items of level z + 1 they held: those on it now and those gone from it. Each is
        // offered to the item that was its seed.
        var seeded = [Int32](repeating: -1, count: items.itemCount)
        var formedBefore: [Int32] = []
        var nextGone: [Int32] = []
        for (i, node) in items.node.enumerated() {
            save(Int(node))
            if let p = noteOld(Int(node), passing: &nextGone, formed: &formedBefore), Int(nodes.children[Int(nodes.childStart[p])]) == Int(node) {
                seeded[i] = Int32(p)
            }
        }
        // (Those of `gone` on level z + 1 now were met above: each is listed once.)
        for g in gone where !nodes.isAlive(Int(g), at: above) { _ = noteOld(Int(g), passing: &nextGone, formed: &formedBefore) }
        // (The whole levels grow fewer: the first one's scratch serves them all.)
        if clusterScratch == nil { clusterScratch = PinClusterIndex.ClusterScratch(capacity: items.itemCount) }
        let below = PinClusterIndex.cluster(items, radius: radius, zoom: z, nodes: &nodes, seeded: seeded, scratch: clusterScratch)
        grow()
        for node in below.node where Int(node) < firstNew { kept[Int(node)] = false }
        for p in formedBefore where kept[Int(p)] {
            kept[Int(p)] = false
            nodes.lo[Int(p)] = Nodes.dead
            died += 1
            nextGone.append(p)
        }
        // (nextGone now holds, once each, every item that was on level z and is not, and some
        // that still are: those that were on it alone, whatever they are now.)
        return (below, nextGone)
    }

    /// Level z after the items of level z + 1 changed: `fresh` are the items on level z + 1 now
    /// that were not on it before, `gone` the ones that were and are not. Returns the same for
    /// level z; or nil, with nothing changed, once the examinations have met more than
    /// `budget` neighbours (a crowd within the radius of each other, examined one by one,
    /// meets itself once per member: the level is then better clustered whole).
    mutating func updateLevel(zoom z: Int, radius: Double, fresh: [Int32], gone: [Int32], budget: Int) -> (fresh: [Int32], gone: [Int32])? {
        level = z
        above = z + 1
        // (The group read in place of a copy per query: it does not change during the level.)
        let group = groups[Int(groupOfLevel[above])]
        dirty.removeAll(keepingCapacity: true)
        // The items of level z + 1 whose status (seed or not) or owner may have changed, settled
        // in rank order (an item's status and owner depend on the seeds of lower rank within the
        // radius only). Every fresh item is examined (its neighbours queried). A seed that
        // appears takes, without a query, every item of higher rank within the radius whose
        // owner ranks after it, and has a seed there examined; a seed that disappears has its
        // members examined.
        // (An item gone and a fresh one with the same lowest-ranked pin are one item moved: the
        // same rank, so its members follow it, without a query, where they are within reach.)
        for g in gone { replaced[Int(nodes.seedPin[Int(g)])] = g }
        // (A pin alone on this level is an item of the level below by itself: it is not
        // examined, and no examination meets it.)
        var alone: [Int32] = []
        for j in fresh {
            if Int(aloneTo[Int(j)]) <= z {
                alone.append(j)
                continue
            }
            push(Int(j))
            hasFresh[Int(nodes.seedPin[Int(j)])] = true
        }
        for g in gone {
            let (seed, item) = old(Int(g))
            dirty.append(Int32(item))
            if seed && !hasFresh[Int(nodes.seedPin[Int(g)])] { release(Int(g)) }
        }
        for j in fresh { hasFresh[Int(nodes.seedPin[Int(j)])] = false }
        let metBefore = met
        while !heap.isEmpty {
            guard met - metBefore <= budget else {
                // (Every entry back at rest: the items queued, those touched, those replaced.)
                for (_, j) in heap {
                    queued[Int(j)] = false
                    settledBy[Int(j)] = -1
                }
                heap.removeAll(keepingCapacity: true)
                restTouched()
                for g in gone { replaced[Int(nodes.seedPin[Int(g)])] = -1 }
                dirty.removeAll(keepingCapacity: true)
                return nil
            }
            let i = pop()
            var moved = -1
            if i >= firstNew || !wasOnAbove(i) {
                let g = Int(replaced[Int(nodes.seedPin[i])])
                if g >= 0 && g != i { moved = g }
            }
            let before = moved >= 0 ? old(moved).seed : wasOnAbove(i) && old(i).seed
            touch(i)
            var lowestSeed = -1
            if settledBy[i] >= 0 {
                // (Settled by a seed at its very point, without a query.)
                lowestSeed = Int(settledBy[i])
                settledBy[i] = -1
                near.removeAll(keepingCapacity: true)
            } else {
                group.collect(near: nodes.x[i], nodes.y[i], within: radius, level: above, nodes: nodes, into: &near)
                met += near.count
                for j in near where Int(j) != i && nodes.ranksBefore(Int(j), i) && isSeed(Int(j)) {
                    if lowestSeed < 0 || nodes.ranksBefore(Int(j), lowestSeed) { lowestSeed = Int(j) }
                }
            }
            let seed = lowestSeed < 0
            seedState[i] = seed ? 1 : 0
            owner[i] = Int32(seed ? i : lowestSeed)
            if seed && (!before || moved >= 0) {
                // A seed that appears (or moved) takes the items of higher rank within reach
                // whose owner ranks after it, and has the seeds there examined; a moved seed's
                // members follow it where they are within reach (else they are examined).
                for k in near.indices {
                    let j = Int(near[k])
                    guard nodes.ranksBefore(i, j) else { continue }
                    if queued[j] {
                        // An item queued at this seed's very point is settled: within the
                        // radius of it are the items within the radius of this seed, where no
                        // seed ranks before this one, and any ranking between them lies within
                        // the radius of this seed, so is no seed. Its owner is this seed.
                        if nodes.x[j] == nodes.x[i] && nodes.y[j] == nodes.y[i] { settledBy[j] = Int32(i) }
                        continue
                    }
                    touch(j)
                    if seedState[j] == 1 {
                        push(j)
                    } else if Int(owner[j]) != moved && nodes.ranksBefore(i, Int(owner[j])) {
                        owner[j] = Int32(i)
                    }
                }
                if moved >= 0 { follow(moved, to: i, within: radius) }
            } else if !seed && before {
                release(moved >= 0 ? moved : i)
            }
        }
        for g in gone { replaced[Int(nodes.seedPin[Int(g)])] = -1 }
        // Each touched item's owner is affected, and so are the seeds of the old items touched
        // when they are still seeds.
        var affected: [UInt64] = []
        var gained: [UInt64] = []
        for j in touched {
            let j = Int(j)
            guard nodes.isAlive(j, at: above) else { continue }
            let o = Int(owner[j])
            affected.append(UInt64(o))
            if o != j { gained.append(UInt64(o) << 32 | UInt64(j)) }
        }
        for d in dirty {
            let d = Int(d)
            let s = Int(nodes.hi[d]) == z && nodes.childCount[d] > 0 ? Int(nodes.children[Int(nodes.childStart[d])]) : d
            if nodes.isAlive(s, at: above) && isSeed(s) { affected.append(UInt64(s)) }
        }
        sortAscending(&affected)
        sortAscending(&gained)

        // Each affected seed's item: its members (its old members not touched, whose owner is
        // unchanged, and the touched items it owns, in rank order), and whether it is the old
        // item unchanged.
        var members: [Int32] = []
        var results: [(seed: Int32, start: Int32, count: Int32, kept: Int32)] = []
        var g = 0
        var last = UInt64.max
        for affectedSeed in affected where affectedSeed != last {
            last = affectedSeed
            let s = Int32(affectedSeed), si = Int(s)
            let start = members.count
            members.append(s)
            let oldCluster = self.oldCluster(seededBy: si) ?? -1
            if oldCluster >= 0 {
                let from = Int(nodes.childStart[oldCluster])
                for k in (from + 1)..<(from + Int(nodes.childCount[oldCluster])) {
                    let c = Int(nodes.children[k])
                    if seedState[c] < 0 && nodes.isAlive(c, at: above) { members.append(Int32(c)) }
                }
            }
            while g < gained.count && gained[g] >> 32 < UInt64(si) { g += 1 }
            while g < gained.count && gained[g] >> 32 == UInt64(si) {
                members.append(Int32(truncatingIfNeeded: gained[g] & 0xFFFF_FFFF))
                g += 1
            }
            let count = members.count - start
            if count > 2 { sortRun(&members, (start + 1)..<(start + count)) { self.nodes.ranksBefore(Int($0), Int($1)) } }
            var kept: Int32 = -1
            if count == 1 {
                if wasOnAbove(si) && oldLo(si) <= z { kept = s }
            } else if oldCluster >= 0 && Int(nodes.childCount[oldCluster]) == count {
                let from = Int(nodes.childStart[oldCluster])
                var same = true
                for k in 0..<count where nodes.children[from + k] != members[start + k] {
                    same = false
                    break
                }
                if same { kept = Int32(oldCluster) }
            }
            // (An old item whose seed now makes another item is gone.)
            if kept < 0 && wasOnAbove(si) { dirty.append(Int32(old(si).item)) }
            results.append((s, Int32(start), Int32(count), kept))
        }
        restTouched()

        // Level z: the new items written, the old ones not kept gone.
        var nextFresh: [Int32] = []
        for j in alone {
            save(Int(j))
            nodes.lo[Int(j)] = UInt8(z)
            nodes.parent[Int(j)] = -1
            nextFresh.append(j)
        }
        for result in results where result.kept >= 0 { kept[Int(result.kept)] = true }
        for result in results where result.kept < 0 {
            let s = Int(result.seed)
            if result.count == 1 {
                save(s)
                nodes.lo[s] = UInt8(z)
                nodes.parent[s] = -1
                nextFresh.append(result.seed)
                continue
            }
            let start = Int(result.start), count = Int(result.count)
            let cluster = PinClusterIndex.merged(
                count: count, member: { Int(members[start + $0]) }, x: nodes.x, y: nodes.y, count: nodes.count, missing: nodes.missing,
                smallestKey: { self.nodes.idKey[Int(self.nodes.smallestPin[$0])] })
            let node = Int32(nodes.nodeCount)
            let seedPin = nodes.seedPin[s], smallestPin = nodes.smallestPin[cluster.smallest]
            nodes.append(
                x: cluster.x, y: cluster.y, count: cluster.count, missing: cluster.missing, lo: z, hi: z, seedPin: seedPin,
                smallestPin: smallestPin, id: "")
            grow()
            nodes.childCount[Int(node)] = Int32(count)
            for k in start..<(start + count) {
                let m = Int(members[k])
                nodes.children.append(Int32(m))
                save(m)
                nodes.lo[m] = UInt8(above)
                nodes.parent[m] = node
            }
            nextFresh.append(node)
        }
        var nextGone: [Int32] = []
        var dirtyAscending = dirty.map { UInt64($0) }
        sortAscending(&dirtyAscending)
        var previous = UInt64.max
        for dirtyItem in dirtyAscending where dirtyItem != previous {
            previous = dirtyItem
            let d = Int32(dirtyItem)
            guard !kept[Int(d)] else { continue }
            nextGone.append(d)
            let di = Int(d)
            if Int(nodes.hi[di]) == z && nodes.childCount[di] > 0 && nodes.lo[di] != Nodes.dead {
                // A cluster formed on level z that is not kept is on no level now.
                save(di)
                nodes.lo[di] = Nodes.dead
                died += 1
            }
        }
        for result in results where result.kept >= 0 { kept[Int(result.kept)] = false }
        return (nextFresh, nextGone)
    }
}
