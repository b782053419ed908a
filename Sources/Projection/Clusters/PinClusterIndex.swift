import GeoMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A pin to cluster: an announcement's id, its last-seen place in Web Mercator metres and its
/// legend category.
public struct ClusterPin: Hashable, Sendable {
    /// The announcement's id (unique in an index).
    public let id: String
    /// The place, in Web Mercator metres (double precision; wrapped and clamped onto the world
    /// when indexed).
    public let point: MercatorPoint
    /// MISSING or FOUND.
    public let category: PinCategory

    /// A pin from its parts.
    ///
    /// - Parameters:
    ///   - id: The announcement's id.
    ///   - point: The place in Web Mercator metres.
    ///   - category: The legend category.
    public init(id: String, point: MercatorPoint, category: PinCategory) {
        self.id = id
        self.point = point
        self.category = category
    }

    /// The pin of a laid-out preview pin (its Mercator point was projected once through PROJ).
    ///
    /// - Parameter pin: The preview's pin.
    public init(_ pin: Pin) {
        self.init(id: pin.id, point: pin.mercator, category: pin.category)
    }
}

/// Hierarchical greedy clustering of pins for every integer zoom, built once.
///
/// The semantics are supercluster's (greedy, a radius in screen points, a minimum of two
/// points, the weighted centroid), with these differences:
///
/// - **Units.** The radius is in points of this library's 256-point world (supercluster's
///   default 40 pixels at 512-pixel tiles is 20 points here). At zoom z it is
///   r_z = radius W / (256 2^z) metres, W the world's width in Web Mercator metres: level
///   for level, supercluster's default radius (40 / 512 of a tile at its level z). Behind
///   MapLibre, whose zoom at a given scale is this library's less one, supercluster's
///   defaults show clusters 40 points apart on screen; `radiusPoints: 40` with a maximum
///   zoom one higher gives, at this library's zoom m + 1, those clusters at MapLibre's zoom m.
///   MapLibre's own GeoJSON-source clustering defaults to `clusterRadius` 50 (in 1/512 of
///   its tile) and `clusterMaxZoom` 17: `radiusPoints: 50` and `maximumZoom: 18` give it.
/// - **Precision.** Coordinates stay doubles in Web Mercator metres (supercluster rounds to
///   Float32).
/// - **Order.** The result does not depend on the pins' order: they are ranked by easting,
///   northing and id, and every level is built in that rank (an item's rank is its lowest-ranked
///   pin's), so shuffled input gives the same clusters bit for bit.
/// - **Antimeridian.** Distances and centroids wrap across +-180 degrees: pins on its two sides
///   cluster whenever their distance allows.
/// - **Categories.** Each item counts its MISSING and FOUND pets (for a legend-coloured badge).
/// - **Expansion.** Each cluster knows the first zoom at which it splits into more than one
///   item; a group that does not split at any zoom up to ``maximumZoom`` (pets reported at one
///   address, or closer than that zoom separates) has none (nil), and is laid out as a spread.
///
/// Level z (0 ... ``maximumZoom``) is built from level z + 1 (level ``maximumZoom`` + 1 holds
/// the single pins): each item in rank order that is not yet taken gathers every item not yet
/// taken within r_z of it (itself included); with two or more pins among them they become one
/// cluster at their weighted centroid, otherwise the item stays as it is.
public struct PinClusterIndex: Sendable {
    /// The default radius: 20 points (supercluster's 40 pixels at 512-pixel tiles, level for
    /// level; on screen behind MapLibre, 40 points: see the type's Units).
    public static let defaultRadiusPoints = 20.0
    /// The highest zoom for which clusters are built by default: the camera's maximum.
    public static let defaultMaximumZoom = 22

    /// The radius, in points of the 256-point world.
    public let radiusPoints: Double
    /// The highest zoom whose clusters differ from the next: a camera zoomed further shows
    /// this level (``level(forZoom:)``), where a group still together never splits.
    public let maximumZoom: Int
    /// How many pins the index holds.
    public var count: Int { idOrder.count }

    /// Every item of every level, each stored once with the levels it is on.
    var nodes: Nodes
    /// The pins' nodes in the order of their ids (their UTF-8 bytes').
    var idOrder: [Int32]
    /// The node of each pin of the list last given, in its order: the build's pins, or the
    /// list of the last ``update(to:)`` (-1 where none is known). An update to the whole list
    /// follows it first, as an app mostly fetches its announcements in the same order each
    /// time. Only a guide: an entry is used once its node is found alive with the id given.
    /// Not compared by `==`.
    var listOrder: [Int32] = []
    /// The neighbour index: runs of levels, each with the nodes on any of its levels.
    var groups: [NeighbourGroup]
    /// Each level's group (0 ... maximumZoom + 1).
    var groupOfLevel: [Int32]
    /// Nodes on no level any more (left by updates until the index is compacted).
    var deadNodes: Int
    /// How many items each level holds (0 ... maximumZoom + 1).
    var levelItems: [Int] = []
    /// The update's per-node scratch, kept from one update to the next (nil until the first).
    var updateScratch: UpdateScratch.Box? = nil
    /// The neighbours the last update's examinations met (for tests).
    var lastUpdateMet = 0
    /// The pins the last ``update(to:)`` looked for in the ids' order, following the list
    /// before it (set also when it throws an id given twice); -1 when it sorted the ids given
    /// instead (for tests).
    var lastListSought = -1
    /// The places of the list before that the last ``update(to:)`` passed over (its pins gone
    /// or given already) as it followed the list (for tests).
    var lastListPassed = 0
    /// This index as it is now, among all indexes: a random number drawn by each build and by
    /// each update that changes the index, and carried by its items, so that an item of
    /// another index is told apart (two numbers drawn alike: one chance in 2^64).
    var revision: UInt64 = 0
    /// The revisions this index went through since it was built or last compacted (oldest
    /// first, the latest ``keptRevisions`` of them). Between two compactions an update only
    /// appends nodes and ends others' levels, never changing what a node holds or renumbering
    /// it, so an item of one of these revisions whose node is still on the item's level is
    /// that same item now, and answers. A copy updated apart has revisions of its own that
    /// the other lacks: the nodes each appended since are not the other's.
    var pastRevisions: [UInt64] = []
    /// How many past revisions are kept: an item answers across that many updates that leave
    /// it as it was.
    static let keptRevisions = 256
    /// On each level 0 ... ``maximumZoom``, at least the pins of the largest group there that
    /// never splits (a node formed at the maximum zoom with two or more pins): exact after a
    /// build or a compaction, and only raised by the updates between (a bound, not compared
    /// by `==`); and that many pins' ``spreadReachPoints(count:)``, how far beyond the
    /// viewport's margin a viewport query of the level looks for groups whose spread reaches
    /// the screen (0 on the levels with none, mostly the low ones of a city).
    var largestGroup: [Int32] = []
    var largestSpreadReach: [Double] = []
    /// The groups that never split of more than ``circleGroupLimit`` pins (laid out on a
    /// spiral, reaching 92 points and more), by easting then node: a viewport query looks
    /// for them apart, as far as the largest one's spread reaches, and for the others only as
    /// far as a circle of 8 reaches (57.5 points), so that one large group (a shelter's 1 000
    /// pets at its address reach 858 points) does not widen every query of its levels.
    /// Exact after a build or a compaction; an update adds the ones it makes, and those
    /// whose node ends stay until an update adds another or the index is compacted (a query
    /// reads only nodes on its level).
    var spiralGroups: [Int32] = []
    /// The most pins of a group laid out on a circle.
    static let circleGroupLimit: Int32 = 8

    /// Raises ``largestGroup`` (and the reach) for the groups that never split among
    /// `candidates`, on every level each is on, and adds those of more than
    /// ``circleGroupLimit`` pins to ``spiralGroups`` when `listing` (nodes not listed yet:
    /// whether a node is such a group never changes); `exact` starts from none.
    mutating func noteGroups(_ candidates: some Sequence<Int>, exact: Bool = false, listing: Bool = true) {
        if exact || largestGroup.isEmpty {
            largestGroup = [Int32](repeating: 0, count: maximumZoom + 1)
            largestSpreadReach = [Double](repeating: 0, count: maximumZoom + 1)
        }
        if exact { spiralGroups = [] }
        var raised = false, spirals = false
        for j in candidates where nodes.count[j] > 1 && Int(nodes.hi[j]) == maximumZoom && nodes.lo[j] != Nodes.dead {
            for z in Int(nodes.lo[j])...maximumZoom where nodes.count[j] > largestGroup[z] {
                largestGroup[z] = nodes.count[j]
                raised = true
            }
            if listing && nodes.count[j] > Self.circleGroupLimit {
                spiralGroups.append(Int32(j))
                spirals = true
            }
        }
        if spirals {
            // (The groups that ended are dropped as others are listed: a crowd at one address
            // made again at each change of one of its pets listed one more at its easting,
            // each read by every query reaching it until the index was compacted.)
            spiralGroups.removeAll { nodes.lo[Int($0)] == Nodes.dead }
            spiralGroups.sort { nodes.x[Int($0)] != nodes.x[Int($1)] ? nodes.x[Int($0)] < nodes.x[Int($1)] : $0 < $1 }
        }
        guard raised else { return }
        // (Levels mostly share their largest group: its reach computed once.)
        var reach: (count: Int32, points: Double) = (0, 0)
        for z in 0...maximumZoom {
            if largestGroup[z] != reach.count { reach = (largestGroup[z], Self.spreadReachPoints(count: Int(largestGroup[z]))) }
            largestSpreadReach[z] = reach.points
        }
    }

    /// A new ``revision``.
    static func newRevision() -> UInt64 { UInt64.random(in: .min ... .max) }

    /// The items of all levels (struct of arrays). An item that stays as it is from one level
    /// to the next (a pin or a cluster with no neighbour) is one node, on levels lo ... hi; a
    /// cluster formed at level z has hi = z and its members, the items of level z + 1 it
    /// gathered, as children (each with lo = z + 1 and it as parent). Pins have hi =
    /// maximumZoom + 1.
    struct Nodes: Sendable {
        /// The weighted centroid in Web Mercator metres (easting in [-W/2, W/2)).
        var x: [Double] = []
        var y: [Double] = []
        /// Pins, and how many of them are MISSING.
        var count: [Int32] = []
        var missing: [Int32] = []
        /// The levels the node is on: lo ... hi (lo = ``dead`` for a node on none).
        var lo: [UInt8] = []
        var hi: [UInt8] = []
        /// The cluster at level lo - 1 that holds it (-1 at lo = 0).
        var parent: [Int32] = []
        /// A cluster's children, in rank order: children[childStart ..< childStart + childCount].
        var childStart: [Int32] = []
        var childCount: [Int32] = []
        /// Its lowest-ranked pin (its rank), that pin's easting (the rank's first key, kept here
        /// so that most comparisons of rank read no pin), and its pin with the smallest id.
        var seedPin: [Int32] = []
        var rankX: [Double] = []
        var smallestPin: [Int32] = []
        /// A pin's key in the ids' order (0 for a cluster): the keys increase along the order,
        /// with room between them, so that an update gives the pins it adds keys of their own
        /// (see ``PinClusterIndex/idKey(place:)``) and changes none of the others.
        var idKey: [UInt64] = []
        /// A pin's id ("" for a cluster).
        var ids: [String] = []
        /// The lowest level whose group holds the node (``dead`` when none does yet).
        var indexedLo: [UInt8] = []
        /// The children of all clusters.
        var children: [Int32] = []

        static let dead: UInt8 = 255

        var nodeCount: Int { x.count }

        @inline(__always)
        func isAlive(_ j: Int, at level: Int) -> Bool { Int(lo[j]) <= level && level <= Int(hi[j]) }

        /// Whether pin j is at the point (as the index keeps it) with the category: an upsert of
        /// it so changes nothing.
        @inline(__always)
        func isPin(_ j: Int, at x: Double, _ y: Double, _ category: PinCategory) -> Bool {
            self.x[j] == x && self.y[j] == y && (missing[j] == 1) == (category == .missing)
        }

        /// Whether node a ranks before node b (their lowest-ranked pins by easting, northing, id
        /// in ``PinClusterIndex/idPrecedes(_:_:)``'s order, read from the pins' keys, which
        /// are in that order among the pins alive before and after an update).
        @inline(__always)
        func ranksBefore(_ a: Int, _ b: Int) -> Bool {
            if rankX[a] != rankX[b] { return rankX[a] < rankX[b] }
            let p = Int(seedPin[a]), q = Int(seedPin[b])
            if x[p] != x[q] { return x[p] < x[q] }
            if y[p] != y[q] { return y[p] < y[q] }
            // (The pins' keys are in the order of their ids: no string is read.)
            return idKey[p] < idKey[q]
        }

        /// Nodes sorted by rank: a radix sort by the grid column of their rank's easting (which
        /// never decreases as it grows), then each run in one column by rank.
        func rankSorted(_ found: [Int32]) -> [Int32] {
            let columns = found.map { PinClusterIndex.gridCoordinate(rankX[Int($0)]) }
            let order = radixSorted(columns)
            var ranked = order.map { found[Int($0)] }
            var start = 0
            while start < ranked.count {
                var end = start + 1
                let column = columns[Int(order[start])]
                while end < ranked.count && columns[Int(order[end])] == column { end += 1 }
                sortRun(&ranked, start..<end) { ranksBefore(Int($0), Int($1)) }
                start = end
            }
            return ranked
        }

        /// The expansion zoom of a node, or -1.
        @inline(__always)
        func expansion(_ j: Int, maximumZoom: Int) -> Int {
            count[j] > 1 && Int(hi[j]) + 1 <= maximumZoom ? Int(hi[j]) + 1 : -1
        }

        /// Appends a node.
        mutating func append(
            x: Double, y: Double, count: Int32, missing: Int32, lo: Int, hi: Int, seedPin: Int32, smallestPin: Int32, id: String
        ) {
            self.x.append(x)
            self.y.append(y)
            self.count.append(count)
            self.missing.append(missing)
            self.lo.append(UInt8(lo))
            self.hi.append(UInt8(hi))
            parent.append(-1)
            childStart.append(Int32(children.count))
            childCount.append(0)
            self.seedPin.append(seedPin)
            // (A pin is its own seed pin: its easting is the one appended above.)
            rankX.append(self.x[Int(seedPin)])
            self.smallestPin.append(smallestPin)
            idKey.append(0)
            ids.append(id)
            indexedLo.append(Self.dead)
        }

        /// Appends a copy of node j with another MISSING count, seed pin and smallest pin: no
        /// parent or children yet, in no group of the neighbour index.
        mutating func appendCopy(of j: Int, missing: Int32, seedPin: Int32, smallestPin: Int32) {
            x.append(x[j])
            y.append(y[j])
            count.append(count[j])
            self.missing.append(missing)
            lo.append(lo[j])
            hi.append(hi[j])
            parent.append(-1)
            childStart.append(Int32(children.count))
            childCount.append(0)
            self.seedPin.append(seedPin)
            rankX.append(rankX[j])
            self.smallestPin.append(smallestPin)
            idKey.append(idKey[j])
            ids.append(ids[j])
            indexedLo.append(Self.dead)
        }

        /// Appends the clusters formed at a level (on that level only, no parent yet), each
        /// array at once, with their children after the present ones in the same order.
        mutating func appendFormed(_ formed: ClusterScratch.Formed, count: Int, children formedChildren: UnsafeBufferPointer<Int32>, level: Int) {
            guard count > 0 else { return }
            func part<T>(_ buffer: UnsafeMutableBufferPointer<T>) -> UnsafeBufferPointer<T> { UnsafeBufferPointer(start: buffer.baseAddress, count: count) }
            var start = Int32(children.count)
            x.append(contentsOf: part(formed.x))
            y.append(contentsOf: part(formed.y))
            self.count.append(contentsOf: part(formed.count))
            missing.append(contentsOf: part(formed.missing))
            lo.append(contentsOf: repeatElement(UInt8(level), count: count))
            hi.append(contentsOf: repeatElement(UInt8(level), count: count))
            parent.append(contentsOf: repeatElement(-1, count: count))
            childStart.append(contentsOf: [Int32](uninitializedCapacity: count) { starts, initialized in
                for k in 0..<count {
                    starts[k] = start
                    start += formed.childCount[k]
                }
                initialized = count
            })
            childCount.append(contentsOf: part(formed.childCount))
            seedPin.append(contentsOf: part(formed.seedPin))
            rankX.append(contentsOf: (0..<count).lazy.map { [x] k in x[Int(formed.seedPin[k])] })
            smallestPin.append(contentsOf: part(formed.smallestPin))
            idKey.append(contentsOf: repeatElement(0, count: count))
            ids.append(contentsOf: repeatElement("", count: count))
            indexedLo.append(contentsOf: repeatElement(Self.dead, count: count))
            children.append(contentsOf: formedChildren)
        }

        /// Drops the last `count` nodes and the last `children` children (the room kept).
        mutating func removeLast(_ count: Int, children: Int) {
            x.removeLast(count); y.removeLast(count); self.count.removeLast(count); missing.removeLast(count)
            lo.removeLast(count); hi.removeLast(count); parent.removeLast(count); childStart.removeLast(count)
            childCount.removeLast(count); seedPin.removeLast(count); rankX.removeLast(count); smallestPin.removeLast(count)
            idKey.removeLast(count); ids.removeLast(count); indexedLo.removeLast(count); self.children.removeLast(children)
        }

        /// No nodes.
        init() {}

        /// The pins' nodes in rank order (`rankOf[p]` is the rank of pin p), as appending them
        /// one by one gives, each array written in one pass, with room for `room` nodes (and as
        /// many children).
        init(rankOf: [Int32], x px: [Double], y py: [Double], pins: [ClusterPin], level: Int, room: Int) {
            let n = rankOf.count
            func filled<T>(_ value: (Int) -> T) -> [T] {
                [T](uninitializedCapacity: max(room, n)) { buffer, initialized in
                    for k in 0..<n { (buffer.baseAddress! + k).initialize(to: value(k)) }
                    initialized = n
                }
            }
            // (Each pin read once, in its order, and its place, category and id written at its
            // rank: reading the pins in rank order would miss the cache at each.)
            x = [Double](uninitializedCapacity: max(room, n)) { xs, xCount in
                y = [Double](uninitializedCapacity: max(room, n)) { ys, yCount in
                    missing = [Int32](uninitializedCapacity: max(room, n)) { missings, missingCount in
                        ids = [String](uninitializedCapacity: max(room, n)) { names, idCount in
                            pins.withUnsafeBufferPointer { pins in
                                for p in 0..<n {
                                    let k = Int(rankOf[p])
                                    xs[k] = px[p]
                                    ys[k] = py[p]
                                    missings[k] = pins[p].category == .missing ? 1 : 0
                                    (names.baseAddress! + k).initialize(to: pins[p].id)
                                }
                            }
                            idCount = n
                        }
                        missingCount = n
                    }
                    yCount = n
                }
                xCount = n
            }
            count = filled { _ in 1 }
            lo = filled { _ in UInt8(level) }
            hi = filled { _ in UInt8(level) }
            parent = filled { _ in -1 }
            childStart = filled { _ in 0 }
            childCount = filled { _ in 0 }
            seedPin = filled { Int32($0) }
            // (A pin is its own seed pin.)
            rankX = filled { x[$0] }
            smallestPin = filled { Int32($0) }
            idKey = filled { _ in 0 }
            indexedLo = filled { _ in Self.dead }
            children.reserveCapacity(room)
        }

        /// Every array at exactly its length once a tenth or more of it is spare (a copy of
        /// the arrays; under a tenth, the room is kept rather than the copy paid).
        mutating func trim() {
            guard x.capacity * 10 > x.count * 11 || children.capacity * 10 > children.count * 11 else { return }
            func exact<T>(_ a: inout [T]) { if a.capacity > a.count { a = Array(uninitializedCapacity: a.count) { b, n in
                _ = b.initialize(from: a)
                n = a.count
            } } }
            exact(&x); exact(&y); exact(&count); exact(&missing); exact(&lo); exact(&hi); exact(&parent)
            exact(&childStart); exact(&childCount); exact(&seedPin); exact(&rankX); exact(&smallestPin); exact(&idKey)
            exact(&indexedLo); exact(&children)
            // (The ids moved rather than copied, and the old slots left empty strings, which
            // cost nothing to free: copying and freeing each string cost a tenth of a build.)
            if ids.capacity > ids.count {
                let n = ids.count
                ids = [String](uninitializedCapacity: n) { moved, initialized in
                    ids.withUnsafeMutableBufferPointer { old in
                        guard let from = old.baseAddress, let to = moved.baseAddress else { return }
                        to.moveInitialize(from: from, count: n)
                        from.initialize(repeating: "", count: n)
                    }
                    initialized = n
                }
            }
        }
    }

    /// One level while the index is built: its items in rank order (struct of arrays).
    struct Level {
        var x: [Double] = []
        var y: [Double] = []
        var count: [Int32] = []
        var missing: [Int32] = []
        /// The pin with the smallest id among each item's pins, and its key in the ids' order.
        var smallestPin: [Int32] = []
        var smallestKey: [UInt64] = []
        /// Each item's node.
        var node: [Int32] = []

        var itemCount: Int { x.count }
    }

    /// Builds the index.
    ///
    /// - Parameters:
    ///   - pins: The pins; ids must be unique. Points are wrapped and clamped onto the world.
    ///   - radiusPoints: The cluster radius in points of the 256-point world, in (0, 256].
    ///   - maximumZoom: The highest zoom with clusters, 0 ... 22.
    /// - Throws: `GeometryError/invalidClusterParameter(name:value:expected:)` for a radius or
    ///   zoom out of range or a point that is not finite, `GeometryError/duplicatePinID(_:)`
    ///   for an id given twice.
    public init(pins: [ClusterPin], radiusPoints: Double = defaultRadiusPoints, maximumZoom: Int = defaultMaximumZoom) throws(GeometryError) {
        guard radiusPoints.isFinite, radiusPoints > 0, radiusPoints <= 256 else {
            throw .invalidClusterParameter(name: "cluster radius", value: radiusPoints, expected: "a finite number of points in (0, 256]")
        }
        guard (0...22).contains(maximumZoom) else {
            throw .invalidClusterParameter(name: "cluster maximum zoom", value: Double(maximumZoom), expected: "an integer zoom in 0...22")
        }
        self.radiusPoints = radiusPoints
        self.maximumZoom = maximumZoom
        // Onto the world first.
        let n = pins.count
        var px = [Double](repeating: 0, count: n), py = [Double](repeating: 0, count: n)
        for (index, pin) in pins.enumerated() {
            let p = pin.point
            guard p.x.isFinite, p.y.isFinite else { throw Self.notFinite(pin) }
            (px[index], py[index]) = Self.kept(p)
        }
        // The pins in the order of their ids; an id given twice sits beside itself there.
        let (byID, repeated) = Self.idSortedOrder(pins)
        if let repeated { throw .duplicatePinID(repeated) }
        // Rank: easting, northing, id. A radix sort of the id order by the easting's column on
        // the 2^32 grid (which never decreases as the easting grows), then each run in one
        // column (pins within about 9 mm east-west, mostly pins at one place) by easting,
        // northing and place in the id order.
        let gridColumns = byID.map { Self.gridCoordinate(px[Int($0)]) }
        var byEasting = radixSorted(gridColumns)
        var start = 0
        while start < n {
            var end = start + 1
            let column = gridColumns[Int(byEasting[start])]
            while end < n && gridColumns[Int(byEasting[end])] == column { end += 1 }
            // (Such runs are mostly pins at one place.)
            sortRun(&byEasting, start..<end) { a, b in
                let pa = Int(byID[Int(a)]), pb = Int(byID[Int(b)])
                if px[pa] != px[pb] { return px[pa] < px[pb] }
                return py[pa] != py[pb] ? py[pa] < py[pb] : a < b
            }
            start = end
        }
        // The pins are nodes 0 ..< n, in rank order.
        let ranked = byEasting.map { byID[Int($0)] }
        let pinLevel = maximumZoom + 1
        // (Clusters are fewer than pins; three quarters more is room enough for a city and for
        // pins spread over the world, 1.63 and 1.69 nodes per pin.)
        var rankOfPin = [Int32](repeating: 0, count: n)
        for (rank, pin) in ranked.enumerated() { rankOfPin[Int(pin)] = Int32(rank) }
        var nodes = Nodes(rankOf: rankOfPin, x: px, y: py, pins: pins, level: pinLevel, room: n + n / 4 * 3)
        // Each rank's place in the order of the ids (their bytes'), and back.
        idOrder = byID.map { rankOfPin[Int($0)] }
        for (place, rank) in idOrder.enumerated() { nodes.idKey[Int(rank)] = Self.idKey(place: place) }
        // (The pins' level in arrays of its own: sharing the nodes' would make the first
        // clusters appended to the nodes copy them, at twice their room.)
        func copy<T>(_ a: [T]) -> [T] {
            [T](uninitializedCapacity: a.count) { b, initialized in
                initialized = b.initialize(fromContentsOf: a)
            }
        }
        var level = Level()
        level.x = copy(nodes.x)
        level.y = copy(nodes.y)
        level.count = copy(nodes.count)
        level.missing = copy(nodes.missing)
        level.smallestPin = Array(0..<Int32(n))
        level.smallestKey = copy(nodes.idKey)
        level.node = Array(0..<Int32(n))
        // Where no two pins are within r, no cluster forms and the level is the pins' level
        // unchanged. (The radius grows as the zoom falls, so these are the highest levels.)
        let separation = Self.smallestSquaredSeparation(x: level.x, y: level.y, budget: 16 * n)
        let scratch = ClusterScratch(capacity: n)
        for zoom in stride(from: maximumZoom, through: 0, by: -1) {
            let radius = Self.radius(points: radiusPoints, zoom: zoom)
            if radius * radius < separation {
                for k in 0..<n { nodes.lo[k] = UInt8(zoom) }
                continue
            }
            level = Self.cluster(level, radius: radius, zoom: zoom, nodes: &nodes, scratch: scratch)
        }
        nodes.trim()
        self.nodes = nodes
        listOrder = rankOfPin
        deadNodes = 0
        revision = Self.newRevision()
        groups = []
        groupOfLevel = []
        buildNeighbourGroups()
        noteGroups(0..<self.nodes.nodeCount, exact: true)
    }

    /// The cluster radius of level z in Web Mercator metres: r_z = radius W / (256 2^z).
    static func radius(points: Double, zoom: Int) -> Double {
        points * WebMercator.worldWidthMeters / (256 * exp2(Double(zoom)))
    }

    /// Level z from level z + 1: the items that stay as they are keep their nodes (now on level
    /// z too, with no parent), and each cluster formed is a new node, or the node of
    /// `seeded[i]` when item i is its seed and that node's children are exactly its members (an
    /// update clustering a level whole keeps the clusters it forms again; `seeded` is empty, or
    /// one node or -1 per item of `above`). Every member's levels start at z + 1.
    static func cluster(
        _ above: Level, radius: Double, zoom: Int, nodes: inout Nodes, seeded: [Int32] = [], scratch given: ClusterScratch? = nil
    ) -> Level {
        let n = above.itemCount
        guard n > 0 else { return Level() }
        let scratch = given.flatMap { $0.capacity >= n ? $0 : nil } ?? ClusterScratch(capacity: n)
        let world = WebMercator.worldWidthMeters
        let half = world / 2
        // A grid whose columns tile the world exactly, cells wider and taller than r by a
        // micrometre (far above the rounding of the cell arithmetic, a few nanometres at the
        // world's edge): the items within r of a point lie in its cell and the eight around it
        // (wrapping east-west). At most 2^26 columns (cells of 60 cm), so that a tiny radius
        // keeps the cell keys within 52 bits.
        let columns = Int(min(max((world / (radius + 1e-6)).rounded(.down), 1), 67_108_864))
        let perCell = Double(columns) / world
        let rows = columns
        // (x + W/2 and y + W/2 are not negative, eastings being wrapped and northings clamped
        // onto the world, so truncating is rounding down.)
        func column(_ x: Double) -> Int { min(Int((x + half) * perCell), columns - 1) }
        func row(_ y: Double) -> Int { min(Int((y + half) * perCell), rows - 1) }
        // The items sorted by cell, by a stable radix sort of column-major keys over the block
        // of columns and rows they occupy (fewer digits than keys over the world). Column-major,
        // because ranks follow the easting (the pins' exactly, a cluster's its first pin's), so
        // the greedy pass below, in rank order, reads the grid nearly in order.
        var minColumn = columns, maxColumn = 0, minRow = rows, maxRow = 0
        let keys = scratch.keys
        for i in 0..<n {
            let c = column(above.x[i]), r = row(above.y[i])
            minColumn = min(minColumn, c)
            maxColumn = max(maxColumn, c)
            minRow = min(minRow, r)
            maxRow = max(maxRow, r)
            keys[i] = UInt64(c) << 32 | UInt64(r)
        }
        let span = maxRow - minRow + 1
        for i in 0..<n { keys[i] = UInt64((Int(keys[i] >> 32) - minColumn) * span + Int(keys[i] & 0xFFFF_FFFF) - minRow) }
        let order = scratch.order, sortedKeys = scratch.sortedKeys
        radixSort(
            UnsafeBufferPointer(rebasing: keys[0..<n]), into: order, values: scratch.values, scratch: scratch.sortScratch,
            sortedKeys: sortedKeys.baseAddress)
        // The points and taken flags in that order, and each item's place in it and cell (read
        // in rank order by the greedy pass below).
        let sx = scratch.sx, sy = scratch.sy, takenAt = scratch.takenAt
        let positionOf = scratch.positionOf, cellOfItem = scratch.cellOfItem, cellStart = scratch.cellStart
        // (Each occupied cell's key, in the keys' buffer, free by now.)
        let cellKeys = keys
        var cells = 0
        for k in 0..<n {
            let i = Int(order[k])
            sx[k] = above.x[i]
            sy[k] = above.y[i]
            takenAt[k] = false
            positionOf[i] = Int32(k)
            if k == 0 || sortedKeys[k] != sortedKeys[k - 1] {
                cellStart[cells] = Int32(k)
                cellKeys[cells] = sortedKeys[k]
                cells += 1
            }
            cellOfItem[i] = Int32(cells - 1)
        }
        cellStart[cells] = Int32(n)
        let r2 = radius * radius
        // For each occupied cell (a run of that order) the runs of the cells that can hold
        // items within r of its items, four (start, end) pairs: per column west, here and east,
        // its three cells (rows below, here, above), and across the antimeridian the same rows
        // of the last column beside the first and back (else empty). Its own column's are its
        // neighbours in the order; the columns west and east come from a sweep over the
        // occupied cells in key order: the lowest and highest key wanted in each never
        // decrease, so their pointers only move forward; the wrapped column is found by binary
        // search.
        let runs = scratch.runs
        runs[0..<(8 * cells)].initialize(repeating: 0)
        func lowerBound(_ key: UInt64) -> Int {
            var low = 0, high = n
            while low < high {
                let mid = (low + high) / 2
                if sortedKeys[mid] < key { low = mid + 1 } else { high = mid }
            }
            return low
        }
        var low = (0, 0), high = (0, 0)
        // The run of the cells lowKey ... highKey, from pointers over the occupied cells that
        // only move forward.
        @inline(__always) func fill(_ lowKey: UInt64, _ highKey: UInt64, _ slot: Int, _ from: inout Int, _ to: inout Int) {
            while from < cells && cellKeys[from] < lowKey { from += 1 }
            if to < from { to = from }
            while to < cells && cellKeys[to] <= highKey { to += 1 }
            runs[slot] = cellStart[from]
            runs[slot + 1] = cellStart[to]
        }
        let wraps = columns >= 3 && minColumn == 0 && maxColumn == columns - 1
        // (A column's keys are span apart: a cell's key is its column's first key plus its row
        // less minRow. The rows wanted are those of r - 1 ... r + 1 within the block.)
        let columnKeys = UInt64(span), blockEnd = UInt64(maxColumn - minColumn + 1) * columnKeys
        var columnStart: UInt64 = 0, columnEnd = columnKeys
        for cellNumber in 0..<cells {
            let a = Int(cellStart[cellNumber]), b = Int(cellStart[cellNumber + 1])
            let key = cellKeys[cellNumber]
            if key >= columnEnd {
                columnStart = key - key % columnKeys
                columnEnd = columnStart + columnKeys
            }
            let offset = key - columnStart
            let below = offset > 0 ? offset - 1 : 0, above = offset + 1 < columnKeys ? offset + 1 : offset
            if columnStart > 0 { fill(columnStart - columnKeys + below, columnStart - columnKeys + above, 8 * cellNumber, &low.0, &high.0) }
            // (Its own column's: the cells just before and after it in the order, when they are
            // the rows below and above.)
            let rowBelow = cellNumber > 0 && offset > 0 && cellKeys[cellNumber - 1] == key - 1
            let rowAbove = cellNumber + 1 < cells && offset + 1 < columnKeys && cellKeys[cellNumber + 1] == key + 1
            runs[8 * cellNumber + 2] = rowBelow ? cellStart[cellNumber - 1] : Int32(a)
            runs[8 * cellNumber + 3] = rowAbove ? cellStart[cellNumber + 2] : Int32(b)
            if columnEnd < blockEnd { fill(columnEnd + below, columnEnd + above, 8 * cellNumber + 4, &low.1, &high.1) }
            // Across the antimeridian (only when items occupy both the first and the last
            // column): the last column beside the first, and back.
            if wraps && (columnStart == 0 || columnEnd == blockEnd) {
                let other = columnStart == 0 ? blockEnd - columnKeys : 0
                runs[8 * cellNumber + 6] = Int32(lowerBound(other + below))
                runs[8 * cellNumber + 7] = Int32(lowerBound(other + above + 1))
            }
        }

        // The greedy pass in rank order: an item not yet taken takes itself and every item not
        // yet taken within r of it (read from its cell's runs), ascending (rank order, so that
        // sums do not depend on the grid).
        // (The level's arrays are written into scratch as long as the level above, then
        // copied at their length; the clusters formed are written into scratch too and
        // appended to the nodes at the end, each array at once. The members' levels and
        // parents are written through pointers, with the two arrays moved out of the nodes
        // meanwhile.)
        let outX = scratch.outX, outY = scratch.outY, outCount = scratch.outCount, outMissing = scratch.outMissing
        let outSmallestPin = scratch.outSmallestPin, outSmallestKey = scratch.outSmallestKey, outNode = scratch.outNode
        // (The members of the cluster being formed, in the sort's scratch, free by now.)
        let members = scratch.sortScratch.baseAddress!
        let formed = scratch.formed, formedChildren = scratch.formedChildren.baseAddress!
        let firstFormed = nodes.nodeCount
        var formedCount = 0, formedChildCount = 0
        var items = 0
        let updating = !seeded.isEmpty
        var levels: [UInt8] = [], parents: [Int32] = []
        swap(&levels, &nodes.lo)
        swap(&parents, &nodes.parent)
        levels.withUnsafeMutableBufferPointer { levels in
            parents.withUnsafeMutableBufferPointer { parents in
                above.x.withUnsafeBufferPointer { ax in
                    above.y.withUnsafeBufferPointer { ay in
                        above.count.withUnsafeBufferPointer { acount in
                            above.missing.withUnsafeBufferPointer { amissing in
                                above.smallestKey.withUnsafeBufferPointer { akey in
                                    above.node.withUnsafeBufferPointer { anode in
        for i in 0..<n {
            let position = Int(positionOf[i])
            guard !takenAt[position] else { continue }
            takenAt[position] = true
            let px = ax[i], py = ay[i]
            members[0] = Int32(i)
            var memberCount = 1
            let cellRuns = 8 * Int(cellOfItem[i])
            for run in 0..<4 {
                var k = Int(runs[cellRuns + 2 * run])
                let end = Int(runs[cellRuns + 2 * run + 1])
                while k < end {
                    if !takenAt[k] {
                        let dx = WebMercator.wrappedEasting(sx[k] - px), dy = sy[k] - py
                        if dx * dx + dy * dy <= r2 {
                            takenAt[k] = true
                            members[memberCount] = order[k]
                            memberCount += 1
                        }
                    }
                    k += 1
                }
            }
            if memberCount > 1 {
                // (Ascending: the seed is the lowest, the rest came in grid order.)
                if memberCount > 2 {
                    var rest = UnsafeMutableBufferPointer(start: members + 1, count: memberCount - 1)
                    rest.sort()
                }
                let cluster = merged(
                    count: memberCount, member: { Int(members[$0]) }, x: ax, y: ay, count: acount, missing: amissing,
                    smallestKey: { akey[$0] })
                let smallestPin = above.smallestPin[cluster.smallest]
                var node = updating ? seeded[i] : -1
                if node >= 0 && Int(nodes.childCount[Int(node)]) == memberCount {
                    let from = Int(nodes.childStart[Int(node)])
                    for k in 0..<memberCount where nodes.children[from + k] != anode[Int(members[k])] {
                        node = -1
                        break
                    }
                } else {
                    node = -1
                }
                if node >= 0 {
                    levels[Int(node)] = UInt8(zoom)
                } else {
                    node = Int32(firstFormed + formedCount)
                    formed.x[formedCount] = cluster.x
                    formed.y[formedCount] = cluster.y
                    formed.count[formedCount] = cluster.count
                    formed.missing[formedCount] = cluster.missing
                    formed.seedPin[formedCount] = nodes.seedPin[Int(anode[i])]
                    formed.smallestPin[formedCount] = smallestPin
                    formed.childCount[formedCount] = Int32(memberCount)
                    formedCount += 1
                    for k in 0..<memberCount { formedChildren[formedChildCount + k] = anode[Int(members[k])] }
                    formedChildCount += memberCount
                }
                for k in 0..<memberCount {
                    let child = Int(anode[Int(members[k])])
                    // (A build's items are on level z + 1 from their start; an update's may
                    // have been on lower levels.)
                    if updating { levels[child] = UInt8(zoom + 1) }
                    parents[child] = node
                }
                outX[items] = cluster.x
                outY[items] = cluster.y
                outCount[items] = cluster.count
                outMissing[items] = cluster.missing
                outSmallestPin[items] = smallestPin
                outSmallestKey[items] = akey[cluster.smallest]
                outNode[items] = node
            } else {
                // Alone (or a cluster with no neighbour: it stays the same node).
                levels[Int(anode[i])] = UInt8(zoom)
                // (A build's items alone have no parent yet; an update's may have had one.)
                if updating { parents[Int(anode[i])] = -1 }
                outX[items] = px
                outY[items] = py
                outCount[items] = acount[i]
                outMissing[items] = amissing[i]
                outSmallestPin[items] = above.smallestPin[i]
                outSmallestKey[items] = akey[i]
                outNode[items] = anode[i]
            }
            items += 1
        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        swap(&levels, &nodes.lo)
        swap(&parents, &nodes.parent)
        nodes.appendFormed(formed, count: formedCount, children: UnsafeBufferPointer(start: formedChildren, count: formedChildCount), level: zoom)
        func copied<T>(_ buffer: UnsafeMutableBufferPointer<T>) -> [T] { Array(UnsafeBufferPointer(rebasing: buffer[0..<items])) }
        var level = Level()
        level.x = copied(outX)
        level.y = copied(outY)
        level.count = copied(outCount)
        level.missing = copied(outMissing)
        level.smallestPin = copied(outSmallestPin)
        level.smallestKey = copied(outSmallestKey)
        level.node = copied(outNode)
        return level
    }

    /// Buffers for clustering levels one after another (a build's, an update's whole levels),
    /// each as long as the longest level: allocated once, so that each level works in memory
    /// already in use rather than in new pages (which the system clears as they are first
    /// touched; per level, that took a quarter of a build's time).
    final class ClusterScratch {
        let capacity: Int
        let keys: UnsafeMutableBufferPointer<UInt64>
        let sortedKeys: UnsafeMutableBufferPointer<UInt64>
        /// The radix sort's: twice the capacity.
        let values: UnsafeMutableBufferPointer<UInt64>
        let order: UnsafeMutableBufferPointer<Int32>
        let sortScratch: UnsafeMutableBufferPointer<Int32>
        let sx: UnsafeMutableBufferPointer<Double>
        let sy: UnsafeMutableBufferPointer<Double>
        let takenAt: UnsafeMutableBufferPointer<Bool>
        let positionOf: UnsafeMutableBufferPointer<Int32>
        let cellOfItem: UnsafeMutableBufferPointer<Int32>
        /// Each occupied cell's first place in the order (and the count after the last).
        let cellStart: UnsafeMutableBufferPointer<Int32>
        /// Eight per cell, at most one cell per item.
        let runs: UnsafeMutableBufferPointer<Int32>
        let outX: UnsafeMutableBufferPointer<Double>
        let outY: UnsafeMutableBufferPointer<Double>
        let outCount: UnsafeMutableBufferPointer<Int32>
        let outMissing: UnsafeMutableBufferPointer<Int32>
        let outSmallestPin: UnsafeMutableBufferPointer<Int32>
        let outSmallestKey: UnsafeMutableBufferPointer<UInt64>
        let outNode: UnsafeMutableBufferPointer<Int32>
        /// The clusters formed at a level (at most half as many as its items, each of two or
        /// more) and their children (at most one per item).
        let formed: Formed
        let formedChildren: UnsafeMutableBufferPointer<Int32>

        /// Clusters formed at a level, before they are nodes (struct of arrays).
        struct Formed {
            let x: UnsafeMutableBufferPointer<Double>
            let y: UnsafeMutableBufferPointer<Double>
            let count: UnsafeMutableBufferPointer<Int32>
            let missing: UnsafeMutableBufferPointer<Int32>
            let seedPin: UnsafeMutableBufferPointer<Int32>
            let smallestPin: UnsafeMutableBufferPointer<Int32>
            let childCount: UnsafeMutableBufferPointer<Int32>
        }

        init(capacity: Int) {
            self.capacity = capacity
            keys = .allocate(capacity: capacity)
            sortedKeys = .allocate(capacity: capacity)
            values = .allocate(capacity: 2 * capacity)
            order = .allocate(capacity: capacity)
            sortScratch = .allocate(capacity: capacity)
            sx = .allocate(capacity: capacity)
            sy = .allocate(capacity: capacity)
            takenAt = .allocate(capacity: capacity)
            positionOf = .allocate(capacity: capacity)
            cellOfItem = .allocate(capacity: capacity)
            cellStart = .allocate(capacity: capacity + 1)
            runs = .allocate(capacity: 8 * capacity)
            outX = .allocate(capacity: capacity)
            outY = .allocate(capacity: capacity)
            outCount = .allocate(capacity: capacity)
            outMissing = .allocate(capacity: capacity)
            outSmallestPin = .allocate(capacity: capacity)
            outSmallestKey = .allocate(capacity: capacity)
            outNode = .allocate(capacity: capacity)
            let clusters = capacity / 2 + 1
            formed = Formed(
                x: .allocate(capacity: clusters), y: .allocate(capacity: clusters), count: .allocate(capacity: clusters),
                missing: .allocate(capacity: clusters), seedPin: .allocate(capacity: clusters), smallestPin: .allocate(capacity: clusters),
                childCount: .allocate(capacity: clusters))
            formedChildren = .allocate(capacity: capacity)
        }

        deinit {
            keys.deallocate()
            sortedKeys.deallocate()
            values.deallocate()
            order.deallocate()
            sortScratch.deallocate()
            sx.deallocate()
            sy.deallocate()
            takenAt.deallocate()
            positionOf.deallocate()
            cellOfItem.deallocate()
            cellStart.deallocate()
            runs.deallocate()
            outX.deallocate()
            outY.deallocate()
            outCount.deallocate()
            outMissing.deallocate()
            outSmallestPin.deallocate()
            outSmallestKey.deallocate()
            outNode.deallocate()
            formed.x.deallocate()
            formed.y.deallocate()
            formed.count.deallocate()
            formed.missing.deallocate()
            formed.seedPin.deallocate()
            formed.smallestPin.deallocate()
            formed.childCount.deallocate()
            formedChildren.deallocate()
        }
    }

    /// The cluster of `count` members (items of a level, in rank order, the seed first;
    /// `member(k)` is the k-th one's index into the arrays): the weighted centroid (pins as
    /// weights, eastings relative to the seed the short way, summed in rank order, then
    /// wrapped; the northing clamped onto the world), the pins, the MISSING pins and the
    /// member with the smallest id (its index into the arrays). The build and the update both
    /// make clusters here, so they agree bit for bit.
    @inline(__always)
    static func merged<Reals: RandomAccessCollection<Double>, Counts: RandomAccessCollection<Int32>>(
        count: Int, member: (Int) -> Int, x: Reals, y: Reals, count counts: Counts, missing: Counts, smallestKey: (Int) -> UInt64
    ) -> (x: Double, y: Double, count: Int32, missing: Int32, smallest: Int) where Reals.Index == Int, Counts.Index == Int {
        let half = WebMercator.worldWidthMeters / 2
        let px = x[member(0)]
        var pins: Int64 = 0
        for k in 0..<count { pins += Int64(counts[member(k)]) }
        var wx = 0.0, wy = 0.0, missingPins: Int64 = 0
        var smallest = member(0)
        for k in 0..<count {
            let j = member(k)
            if smallestKey(j) < smallestKey(smallest) { smallest = j }
            let weight = Double(counts[j])
            wx += weight * WebMercator.wrappedEasting(x[j] - px)
            wy += weight * y[j]
            missingPins += Int64(missing[j])
        }
        return (WebMercator.wrappedEasting(px + wx / Double(pins)), min(max(wy / Double(pins), -half), half), Int32(pins), Int32(missingPins), smallest)
    }
}

/// One item of a zoom level: a cluster of pins or a single pin.
public struct PinClusterItem: Hashable, Sendable {
    /// The weighted centroid of its pins, in Web Mercator metres (a single pin's own point).
    public let point: MercatorPoint
    /// The ``PinClusterIndex/revision`` of the index that made it (not compared: items with
    /// the same values are equal whichever index or revision made them).
    let revision: UInt64
    // (Stored narrow, as the index stores them: a viewport query writes and sorts hundreds of
    // placed items a frame, and 40 bytes move faster than 72.)
    private let node: Int32
    private let pins: Int32
    private let missingPins: Int32
    private let level: UInt8
    /// The expansion zoom, or -1 for none.
    private let expansion: Int8

    /// The zoom level (0 ... the index's maximum zoom + 1).
    public var zoom: Int { Int(level) }
    /// The item's node in the index: the same number on every level where the item stays as it
    /// is, and across the updates in place that leave it as it is (an update that compacts
    /// the index or builds it again numbers the nodes anew; items are compared with it).
    /// An item belongs to the index that made it: once an update changes the item (ends its
    /// node on its level), compacts the index or builds it again (its nodes numbered anew),
    /// the item is stale, and ``PinClusterIndex/pinIDs(of:)``, ``PinClusterIndex/pins(of:)``
    /// (and its pages), ``PinClusterIndex/children(of:)``, ``PinClusterIndex/spread(of:)``,
    /// ``PinClusterIndex/smallestPinID(of:)`` and ``PinClusterIndex/item(holding:atLevel:)``
    /// throw for it;
    /// the updates that leave it as it was (up to 256 of them) keep it answering.
    public var index: Int { Int(node) }
    /// How many pins it holds (1 for a single pin).
    public var count: Int { Int(pins) }
    /// How many of them are MISSING.
    public var missingCount: Int { Int(missingPins) }
    /// The first zoom at which its pins are in more than one item, or nil for a single pin
    /// and for a group that does not split up to the index's maximum zoom.
    public var expansionZoom: Int? { expansion >= 0 ? Int(expansion) : nil }

    /// An item: zoom 0 ... 23, a node, counts and an expansion zoom as the index stores them.
    init(zoom: Int, index: Int, point: MercatorPoint, count: Int, missingCount: Int, expansionZoom: Int?, revision: UInt64) {
        self.point = point
        self.revision = revision
        node = Int32(index)
        pins = Int32(count)
        missingPins = Int32(missingCount)
        level = UInt8(zoom)
        expansion = Int8(expansionZoom ?? -1)
    }

    /// How many of its pins are FOUND.
    public var foundCount: Int { count - missingCount }
    /// Whether it is a cluster (two or more pins).
    public var isCluster: Bool { count > 1 }

    public static func == (a: PinClusterItem, b: PinClusterItem) -> Bool {
        a.zoom == b.zoom && a.index == b.index && a.point == b.point && a.count == b.count && a.missingCount == b.missingCount
            && a.expansionZoom == b.expansionZoom
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(zoom)
        hasher.combine(index)
        hasher.combine(point)
        hasher.combine(count)
        hasher.combine(missingCount)
        hasher.combine(expansionZoom)
    }
}

extension PinClusterIndex {
    /// The point the index keeps for a pin's (finite) point: the easting wrapped onto the
    /// world, the northing clamped onto it, and + 0 making -0 +0, so that the keys order them
    /// as < does. Shared by the build and the updates, which compare what they are given with
    /// what the index holds.
    @inline(__always)
    static func kept(_ p: MercatorPoint) -> (x: Double, y: Double) {
        let half = WebMercator.worldWidthMeters / 2
        return (WebMercator.wrappedEasting(p.x) + 0, min(max(p.y, -half), half) + 0)
    }

    /// The error for a pin whose easting or northing is not finite (the easting named first).
    static func notFinite(_ pin: ClusterPin) -> GeometryError {
        let p = pin.point
        return .invalidClusterParameter(
            name: "pin \(pin.id.debugDescription) \(p.x.isFinite ? "northing" : "easting")", value: p.x.isFinite ? p.y : p.x,
            expected: "a finite number of Web Mercator metres")
    }
}

extension PinClusterIndex {
    /// The level used for a camera zoom: floor(zoom), within 0 ... ``maximumZoom``.
    ///
    /// Above the maximum zoom the clusters stop changing: a group still together at the
    /// maximum never splits (its expansion zoom is nil) and is drawn as its
    /// ``spread(of:)``, at every zoom above as well. (Supercluster shows its pins one by one
    /// from maxZoom + 1 on, stacked where they share a place; the pins' own level,
    /// ``maximumZoom`` + 1, is ``items(atLevel:)``'s to give, not a camera's to show.)
    ///
    /// - Parameter zoom: A camera zoom (NaN gives 0).
    /// - Returns: The integer level.
    public func level(forZoom zoom: Double) -> Int {
        guard zoom >= 0 else { return 0 }
        guard zoom < Double(maximumZoom) else { return maximumZoom }
        return Int(zoom.rounded(.down))
    }

    /// Every item of a level, in rank order (the order of each item's lowest-ranked pin by
    /// easting, northing and id).
    ///
    /// - Parameter zoom: The level, clamped into 0 ... ``maximumZoom`` + 1.
    /// - Returns: The items.
    public func items(atLevel zoom: Int) -> [PinClusterItem] {
        let z = min(max(zoom, 0), maximumZoom + 1)
        var found: [Int32] = []
        for j in 0..<nodes.nodeCount where nodes.isAlive(j, at: z) { found.append(Int32(j)) }
        return nodes.rankSorted(found).map { item(level: z, node: Int($0)) }
    }

    /// One item.
    @inline(__always)
    func item(level z: Int, node j: Int) -> PinClusterItem {
        let expansion = nodes.expansion(j, maximumZoom: maximumZoom)
        return PinClusterItem(
            zoom: z, index: j, point: MercatorPoint(uncheckedX: nodes.x[j], y: nodes.y[j]), count: Int(nodes.count[j]),
            missingCount: Int(nodes.missing[j]), expansionZoom: expansion >= 0 ? expansion : nil, revision: revision)
    }

    /// The ids of an item's pins, in rank order (easting, northing, id).
    ///
    /// - Parameter item: An item this index made (by ``items(atLevel:)``, ``children(of:)`` or
    ///   a viewport query), as it is now or before updates that left the item as it was.
    /// - Returns: Its pins' ids.
    /// - Throws: `GeometryError/staleClusterItem(zoom:index:)` for an item of another index,
    ///   or of this one before an update that changed that item (or compacted the index or
    ///   built it again).
    public func pinIDs(of item: PinClusterItem) throws(GeometryError) -> [String] {
        try check(item)
        return pinNodes(of: item.index).map { nodes.ids[Int($0)] }
    }

    /// An item's pins, in rank order (easting, northing, id: west to east from -180 degrees, so
    /// a cluster across the antimeridian lists its pins at -179.9 before those at 179.9; not
    /// the id order of ``spread(of:)``; sort them for a list), each with its id, its point as the index keeps
    /// it (the easting wrapped onto the world, the northing clamped onto it) and its category:
    /// what a tap on a cluster lists, without a dictionary of the app's pins.
    ///
    /// - Parameter item: An item this index made (by ``items(atLevel:)``, ``children(of:)`` or
    ///   a viewport query), as it is now or before updates that left the item as it was.
    /// - Returns: Its pins (one for a single pin).
    /// - Throws: `GeometryError/staleClusterItem(zoom:index:)` for an item of another index,
    ///   or of this one before an update that changed that item (or compacted the index or
    ///   built it again).
    public func pins(of item: PinClusterItem) throws(GeometryError) -> [ClusterPin] {
        try check(item)
        return memberPins(of: item)
    }

    /// A page of an item's pins: `limit` of them (fewer at the end) from place `offset` of
    /// ``pins(of:)``'s rank order (supercluster's `getLeaves(id, limit, offset)`), for a list
    /// of a large cluster's pets shown a page at a time. Only the page's pins are made.
    ///
    /// - Parameters:
    ///   - item: An item this index made, as it is now or before updates that left the item
    ///     as it was.
    ///   - offset: The first place, 0 or more (at or past the item's count: no pins).
    ///   - limit: How many, 0 or more.
    /// - Returns: The pins at places offset ..< offset + limit that exist.
    /// - Throws: `GeometryError/invalidClusterParameter(name:value:expected:)` for a negative
    ///   offset or limit; `GeometryError/staleClusterItem(zoom:index:)` as ``pins(of:)``.
    public func pins(of item: PinClusterItem, offset: Int, limit: Int) throws(GeometryError) -> [ClusterPin] {
        guard offset >= 0 else { throw .invalidClusterParameter(name: "pin offset", value: Double(offset), expected: "0 or more") }
        guard limit >= 0 else { throw .invalidClusterParameter(name: "pin limit", value: Double(limit), expected: "0 or more") }
        try check(item)
        guard offset < item.count, limit > 0 else { return [] }
        let all = pinNodes(of: item.index)
        return all[offset..<min(all.count, offset + min(limit, all.count))].map { pin(Int($0)) }
    }

    /// ``pins(of:)`` for an item known to be this index's as it is now (a renderer's, just
    /// queried).
    package func memberPins(of item: PinClusterItem) -> [ClusterPin] {
        pinNodes(of: item.index).map { pin(Int($0)) }
    }

    /// Pin node j as a pin.
    func pin(_ j: Int) -> ClusterPin {
        ClusterPin(
            id: nodes.ids[j], point: MercatorPoint(uncheckedX: nodes.x[j], y: nodes.y[j]), category: nodes.missing[j] == 1 ? .missing : .found)
    }

    /// The items a cluster splits into: the items of the level above its own where its pins
    /// are in more than one item, in rank order (supercluster's `getChildren`). For a cluster
    /// with an expansion zoom they are items of that zoom, and zooming there shows them in
    /// its place; for a group that never splits (``PinClusterItem/expansionZoom`` nil) they
    /// are its pins on the pins' own level, ``maximumZoom`` + 1, which no camera shows (draw
    /// its ``spread(of:)`` instead). Their counts add up to the
    /// cluster's and their pins are its pins. A single pin has none. Screen points are a
    /// viewport query's: query the camera at that zoom and find them among its items.
    ///
    /// - Parameter item: An item this index made, as it is now or before updates that left the
    ///   item as it was.
    /// - Returns: The items (two or more for a cluster, none for a single pin).
    /// - Throws: `GeometryError/staleClusterItem(zoom:index:)` for an item of another index,
    ///   or of this one before an update that changed that item (or compacted the index or
    ///   built it again).
    public func children(of item: PinClusterItem) throws(GeometryError) -> [PinClusterItem] {
        try check(item)
        let j = item.index
        let from = Int(nodes.childStart[j]), level = Int(nodes.hi[j]) + 1
        return (from..<(from + Int(nodes.childCount[j]))).map { self.item(level: level, node: Int(nodes.children[$0])) }
    }

    /// The item of a level that holds a pin, found by the pin's id: the cluster a pet is in at
    /// a zoom (MapKit's `annotation.cluster`), or the pin itself where it is alone. It finds a
    /// cluster again once an update has made the items kept from before stale (a list of a
    /// tapped cluster's pets left open across a refresh): the item that now holds one of them.
    ///
    /// - Parameters:
    ///   - id: A pin's id (told apart by its bytes, as ``idPrecedes(_:_:)`` orders them).
    ///   - zoom: The level, clamped into 0 ... ``maximumZoom`` + 1 (a camera's is
    ///     ``level(forZoom:)``).
    /// - Returns: The item.
    /// - Throws: `GeometryError/unknownPinID(_:)` for an id the index does not hold.
    public func item(containing id: String, atLevel zoom: Int) throws(GeometryError) -> PinClusterItem {
        let z = min(max(zoom, 0), maximumZoom + 1)
        return item(level: z, node: node(holding: try pinNode(withID: id), atLevel: z))
    }

    /// The item of a level at or below an item's that holds it: the cluster it joins when the
    /// map zooms out to that level, and, zooming in, the item that each item of the higher
    /// level comes out of (where a split's animation starts). The item itself on its own
    /// level. Its point is on the world (eastings in [-W/2, W/2)): beside an item near +-180
    /// degrees, the screen may show it on the next world copy.
    ///
    /// - Parameters:
    ///   - item: An item this index made, as it is now or before updates that left the item
    ///     as it was.
    ///   - zoom: The level, 0 ... the item's (below 0: 0).
    /// - Returns: The item.
    /// - Throws: `GeometryError/staleClusterItem(zoom:index:)` as ``pins(of:)``;
    ///   `GeometryError/invalidClusterParameter(name:value:expected:)` for a level above the
    ///   item's (where it may be several items: ``children(of:)``).
    public func item(holding item: PinClusterItem, atLevel zoom: Int) throws(GeometryError) -> PinClusterItem {
        try check(item)
        guard zoom <= item.zoom else {
            throw .invalidClusterParameter(name: "level", value: Double(zoom), expected: "a level from 0 to the item's, \(item.zoom)")
        }
        let z = max(zoom, 0)
        return self.item(level: z, node: node(holding: item.index, atLevel: z))
    }

    /// The node on level z that holds node j (on z or above): from j down, each node's parent
    /// is the cluster that holds it on the level below its lowest.
    func node(holding j: Int, atLevel z: Int) -> Int {
        var j = j
        while Int(nodes.lo[j]) > z { j = Int(nodes.parent[j]) }
        return j
    }

    /// A pin the index holds, by its id: what a list of pets kept open across refreshes reads
    /// again (its ids outlive the items).
    ///
    /// - Parameter id: A pin's id (told apart by its bytes).
    /// - Returns: The pin (its point as the index keeps it).
    /// - Throws: `GeometryError/unknownPinID(_:)` for an id the index does not hold.
    public func pin(withID id: String) throws(GeometryError) -> ClusterPin {
        pin(try pinNode(withID: id))
    }

    /// The node of the pin with an id, found in the ids' order.
    func pinNode(withID id: String) throws(GeometryError) -> Int {
        let place = Self.idPosition(of: id, in: idOrder, nodes)
        guard place < idOrder.count, Self.sameID(nodes.ids[Int(idOrder[place])], id) else { throw .unknownPinID(id) }
        return Int(idOrder[place])
    }

    /// The smallest id among an item's pins (``idPrecedes(_:_:)``): with the item's level and
    /// world copy, a key for diffing the items of one frame against the next. Each pin is in
    /// one item of a level, so no two items of a level share it; it stays an item's while the
    /// item keeps that pin, across pans, zooms within the level and updates (the node number
    /// does not: an update that compacts or builds again renumbers). The world copy does not
    /// stay across a pan over +-180 degrees: the camera keeps its center on the world, so
    /// every item's copy is one less after a pan east across it (one more west), at the same
    /// place on screen; a diff across such a pan shifts the copies of the frame before by the
    /// center's wrap, or matches by id and level alone where no item is shown twice.
    ///
    /// - Parameter item: An item this index made, as it is now or before updates that left the
    ///   item as it was.
    /// - Returns: The id.
    /// - Throws: `GeometryError/staleClusterItem(zoom:index:)` as ``pins(of:)``.
    public func smallestPinID(of item: PinClusterItem) throws(GeometryError) -> String {
        try check(item)
        return nodes.ids[Int(nodes.smallestPin[item.index])]
    }

    /// Throws unless this index made the item, as it is now or in a past revision whose node
    /// for the item is still on the item's level (the same item).
    func check(_ item: PinClusterItem) throws(GeometryError) {
        guard item.revision == revision || pastRevisions.contains(item.revision), item.index >= 0, item.index < nodes.nodeCount, nodes.isAlive(item.index, at: item.zoom) else {
            throw .staleClusterItem(zoom: item.zoom, index: item.index)
        }
    }

    /// The pins (nodes) under a node, in rank order.
    func pinNodes(of node: Int) -> [Int32] {
        guard node >= 0, node < nodes.nodeCount else { return [] }
        var pins: [Int32] = []
        var stack = [Int32(node)]
        while let j = stack.popLast() {
            let j = Int(j)
            if nodes.count[j] == 1 && nodes.childCount[j] == 0 {
                pins.append(Int32(j))
                continue
            }
            let from = Int(nodes.childStart[j])
            for k in from..<(from + Int(nodes.childCount[j])) { stack.append(nodes.children[k]) }
        }
        pins.sort { nodes.ranksBefore(Int($0), Int($1)) }
        return pins
    }

    /// The pins' nodes in rank order.
    func rankedPins() -> [Int32] {
        nodes.rankSorted(idOrder)
    }

    /// The seed of an item (the lowest-ranked item of the level above that it holds: its
    /// first child for a cluster formed at its level, else itself).
    func seed(of item: PinClusterItem) -> Int {
        let j = item.index
        return Int(nodes.hi[j]) == item.zoom && nodes.childCount[j] > 0 ? Int(nodes.children[Int(nodes.childStart[j])]) : j
    }
}

extension PinClusterIndex: Equatable {
    /// Whether two indexes hold the same pins and the same items on every level (points,
    /// counts, expansion zooms, members), bit for bit, however their nodes are numbered (an
    /// updated index and an index built from the same pins are equal).
    public static func == (a: PinClusterIndex, b: PinClusterIndex) -> Bool {
        guard a.radiusPoints.bitPattern == b.radiusPoints.bitPattern, a.maximumZoom == b.maximumZoom, a.count == b.count else {
            return false
        }
        // The pins, matched by id.
        var pinInB = [Int32](repeating: -1, count: a.nodes.nodeCount)
        for k in 0..<a.count {
            let p = Int(a.idOrder[k]), q = Int(b.idOrder[k])
            guard sameID(a.nodes.ids[p], b.nodes.ids[q]), a.nodes.x[p].bitPattern == b.nodes.x[q].bitPattern,
                a.nodes.y[p].bitPattern == b.nodes.y[q].bitPattern, a.nodes.missing[p] == b.nodes.missing[q]
            else { return false }
            pinInB[p] = Int32(q)
        }
        // Every node of a, matched with the node of b that holds the same seed pin at its
        // highest level (a node is the only one with its seed pin on its levels), then its
        // values and its parent's match.
        func counterpart(_ j: Int) -> Int? {
            guard j >= 0 else { return -1 }
            var k = Int(pinInB[Int(a.nodes.seedPin[j])])
            let hi = a.nodes.hi[j]
            while k >= 0 && b.nodes.hi[k] > hi {
                guard b.nodes.lo[k] != Nodes.dead, b.nodes.lo[k] > 0 else { return nil }
                k = Int(b.nodes.parent[k])
            }
            return k >= 0 && b.nodes.hi[k] == hi ? k : nil
        }
        var alive = (0, 0)
        for j in 0..<a.nodes.nodeCount where a.nodes.lo[j] != Nodes.dead {
            alive.0 += 1
            guard let k = counterpart(j), k >= 0, a.nodes.lo[j] == b.nodes.lo[k],
                a.nodes.x[j].bitPattern == b.nodes.x[k].bitPattern, a.nodes.y[j].bitPattern == b.nodes.y[k].bitPattern,
                a.nodes.count[j] == b.nodes.count[k], a.nodes.missing[j] == b.nodes.missing[k],
                Int(pinInB[Int(a.nodes.smallestPin[j])]) == Int(b.nodes.smallestPin[k]),
                a.nodes.childCount[j] == b.nodes.childCount[k]
            else { return false }
            if a.nodes.lo[j] > 0 {
                guard let parent = counterpart(Int(a.nodes.parent[j])), parent == Int(b.nodes.parent[k]) else { return false }
            }
        }
        for k in 0..<b.nodes.nodeCount where b.nodes.lo[k] != Nodes.dead { alive.1 += 1 }
        return alive.0 == alive.1
    }
}

extension PinClusterIndex {
    /// The pins' ids in rank order (for tests).
    var rankedIDs: [String] { rankedPins().map { nodes.ids[Int($0)] } }

    /// The pins' points in rank order (for tests).
    var rankedPoints: [(x: Double, y: Double)] { rankedPins().map { (nodes.x[Int($0)], nodes.y[Int($0)]) } }

    /// Each node's pin rank (-1 for a cluster), for ``ranks(of:using:)``.
    func pinRanks() -> [Int32] {
        var ranks = [Int32](repeating: -1, count: nodes.nodeCount)
        for (rank, pin) in rankedPins().enumerated() { ranks[Int(pin)] = Int32(rank) }
        return ranks
    }

    /// The ranks of an item's pins, ascending.
    func ranks(of item: PinClusterItem, using pinRanks: [Int32]) -> [Int] {
        pinNodes(of: item.index).map { Int(pinRanks[Int($0)]) }.sorted()
    }
}
