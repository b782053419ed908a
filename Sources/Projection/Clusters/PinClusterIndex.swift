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
///   r_z = radius W / (256 2^z) metres, W the world's width in Web Mercator metres.
/// - **Precision.** Coordinates stay doubles in Web Mercator metres (supercluster rounds to
///   Float32).
/// - **Order.** The result does not depend on the pins' order: they are ranked by easting,
///   northing and id, and every level is built in that rank (an item's rank is its smallest
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
public struct PinClusterIndex: Equatable, Sendable {
    /// The default radius: 20 points (supercluster's 40 pixels at 512-pixel tiles).
    public static let defaultRadiusPoints = 20.0
    /// The highest zoom for which clusters are built by default: the camera's maximum.
    public static let defaultMaximumZoom = 22

    /// The radius, in points of the 256-point world.
    public let radiusPoints: Double
    /// The highest zoom with clusters; above it every pin is its own item.
    public let maximumZoom: Int
    /// How many pins the index holds.
    public var count: Int { ids.count }

    /// The pins' ids, by rank.
    var ids: [String]
    /// The pins' categories, by rank.
    var categories: [PinCategory]
    /// The pins' ranks in the order of their ids (string order): position k holds the rank of
    /// the k-th smallest id.
    var idOrder: [Int32]
    /// Levels 0 ... maximumZoom + 1 (the last holds the pins by rank).
    var levels: [Level]

    /// One zoom level's items (struct of arrays) and how they were made from the level above.
    struct Level: Equatable, Sendable {
        /// Weighted centroids in Web Mercator metres (easting in [-W/2, W/2)).
        var x: [Double] = []
        var y: [Double] = []
        /// Pins in each item, and how many of them are MISSING.
        var count: [Int32] = []
        var missing: [Int32] = []
        /// The first zoom at which each item is more than one item (nil: never up to the
        /// maximum zoom, or a single pin).
        var expansion: [Int8] = []
        /// The smallest id among each item's pins, as its place in the ids' order (the draw
        /// order's last key).
        var smallestID: [Int32] = []
        /// The items by easting (for viewport queries).
        var byEasting: [Int32] = []
        /// Children in level z + 1: item i's are childIndex[childStart[i] ..< childStart[i + 1]].
        /// Empty when the level is the level above unchanged (no cluster formed: item i's one
        /// child is item i), and for the pins' level.
        var childStart: [Int32] = []
        var childIndex: [Int32] = []
        /// For each item of level z + 1, the item here that holds it. Empty when the level is
        /// the level above unchanged (each item holds itself) and for the pins' level.
        var parentOfAbove: [Int32] = []
        /// The items in Morton (Z) order of their points on a 2^32 x 2^32 grid over the world,
        /// ties by index, and their keys: the neighbour index of an update.
        var byMorton: [Int32] = []
        var mortonKeys: [UInt64] = []

        var isCopy: Bool { childStart.isEmpty }
        var itemCount: Int { x.count }

        /// Appends one item's values (its children and orders are the caller's).
        mutating func appendItem(x: Double, y: Double, count: Int32, missing: Int32, expansion: Int8, smallestID: Int32) {
            self.x.append(x)
            self.y.append(y)
            self.count.append(count)
            self.missing.append(missing)
            self.expansion.append(expansion)
            self.smallestID.append(smallestID)
        }
    }

    /// Builds the index.
    ///
    /// - Parameters:
    ///   - pins: The pins; ids must be unique. Points are wrapped and clamped onto the world.
    ///   - radiusPoints: The cluster radius in points of the 256-point world, finite and > 0.
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
        // Rank: easting, northing, id (onto the world first).
        var placed: [(x: Double, y: Double, pin: Int)] = []
        placed.reserveCapacity(pins.count)
        let half = WebMercator.worldWidthMeters / 2
        for (index, pin) in pins.enumerated() {
            let p = pin.point
            guard p.x.isFinite, p.y.isFinite else {
                throw .invalidClusterParameter(
                    name: "pin \(pin.id) \(p.x.isFinite ? "northing" : "easting")", value: p.x.isFinite ? p.y : p.x,
                    expected: "a finite number of Web Mercator metres")
            }
            placed.append((WebMercator.wrappedEasting(p.x), min(max(p.y, -half), half), index))
        }
        placed.sort { a, b in
            if a.x != b.x { return a.x < b.x }
            if a.y != b.y { return a.y < b.y }
            return pins[a.pin].id < pins[b.pin].id
        }
        var seen = Set<String>(minimumCapacity: pins.count)
        for entry in placed where !seen.insert(pins[entry.pin].id).inserted {
            throw .duplicatePinID(pins[entry.pin].id)
        }
        ids = placed.map { pins[$0.pin].id }
        categories = placed.map { pins[$0.pin].category }
        var top = Level()
        top.x = placed.map(\.x)
        top.y = placed.map(\.y)
        top.count = Array(repeating: 1, count: placed.count)
        top.missing = placed.map { pins[$0.pin].category == .missing ? 1 : 0 }
        top.expansion = Array(repeating: -1, count: placed.count)
        // Each pin's place in the order of the ids (string order).
        var idOrder = Array(0..<placed.count)
        idOrder.sort { pins[placed[$0].pin].id < pins[placed[$1].pin].id }
        top.smallestID = Array(repeating: 0, count: placed.count)
        for (position, rank) in idOrder.enumerated() { top.smallestID[rank] = Int32(position) }
        self.idOrder = idOrder.map { Int32($0) }
        top.byEasting = Array(0..<Int32(placed.count))
        (top.mortonKeys, top.byMorton) = Self.mortonIndex(x: top.x, y: top.y)
        var built = [top]
        for zoom in stride(from: maximumZoom, through: 0, by: -1) {
            let radius = radiusPoints * WebMercator.worldWidthMeters / (256 * exp2(Double(zoom)))
            built.append(Self.cluster(built[built.count - 1], radius: radius, zoom: zoom, maximumZoom: maximumZoom))
        }
        levels = built.reversed()
    }

    /// Level z from level z + 1.
    static func cluster(_ above: Level, radius: Double, zoom: Int, maximumZoom: Int) -> Level {
        let n = above.itemCount
        let world = WebMercator.worldWidthMeters
        let half = world / 2
        // A grid whose columns tile the world exactly, cells at least r wide and tall: the
        // items within r of a point lie in its cell and the eight around it (wrapping east-west).
        let columns = max(Int((world / radius).rounded(.down)), 1)
        let cell = world / Double(columns)
        let rows = columns
        func column(_ x: Double) -> Int { min(max(Int(((x + half) / cell).rounded(.down)), 0), columns - 1) }
        func row(_ y: Double) -> Int { min(max(Int(((y + half) / cell).rounded(.down)), 0), rows - 1) }
        // The items sorted by cell (row-major keys), by a stable radix sort.
        var keys = [UInt64](repeating: 0, count: n)
        for i in 0..<n { keys[i] = UInt64(row(above.y[i]) * columns + column(above.x[i])) }
        let order = radixSorted(keys)
        // The keys and points in that order, read sequentially by the sweep.
        var sortedKeys = [UInt64](repeating: 0, count: n)
        var sx = [Double](repeating: 0, count: n), sy = [Double](repeating: 0, count: n)
        for k in 0..<n {
            let i = Int(order[k])
            sortedKeys[k] = keys[i]
            sx[k] = above.x[i]
            sy[k] = above.y[i]
        }
        let r2 = radius * radius
        // Every item's neighbours within r (itself excluded), as (item, neighbour) pairs, from a
        // sweep over the occupied cells in key order: for each cell, the runs of the three
        // cells above, beside and below it are found by pointers that only move forward (the
        // lowest key wanted never decreases), the wrapped columns by binary search.
        var pairs: [(Int32, Int32)] = []
        func lowerBound(_ key: UInt64) -> Int {
            var low = 0, high = n
            while low < high {
                let mid = (low + high) / 2
                if sortedKeys[mid] < key { low = mid + 1 } else { high = mid }
            }
            return low
        }
        var pointers = (0, 0, 0)
        var a = 0
        while a < n {
            let key = sortedKeys[a]
            var b = a + 1
            while b < n && sortedKeys[b] == key { b += 1 }
            let r = Int(key) / columns, c = Int(key) % columns
            for dr in -1...1 {
                let rr = r + dr
                guard rr >= 0, rr < rows else { continue }
                let lowKey = UInt64(rr * columns + max(c - 1, 0)), highKey = UInt64(rr * columns + min(c + 1, columns - 1))
                var p = dr == -1 ? pointers.0 : dr == 0 ? pointers.1 : pointers.2
                while p < n && sortedKeys[p] < lowKey { p += 1 }
                switch dr {
                case -1: pointers.0 = p
                case 0: pointers.1 = p
                default: pointers.2 = p
                }
                func scan(from start: Int, through last: UInt64) {
                    var k = start
                    while k < n && sortedKeys[k] <= last {
                        let xj = sx[k], yj = sy[k]
                        for m in a..<b where m != k {
                            let dx = WebMercator.wrappedEasting(xj - sx[m]), dy = yj - sy[m]
                            if dx * dx + dy * dy <= r2 { pairs.append((order[m], order[k])) }
                        }
                        k += 1
                    }
                }
                scan(from: p, through: highKey)
                // Across the antimeridian: the last column beside the first, and back.
                if columns >= 3 && c == 0 {
                    let wrapKey = UInt64(rr * columns + columns - 1)
                    scan(from: lowerBound(wrapKey), through: wrapKey)
                } else if columns >= 3 && c == columns - 1 {
                    let wrapKey = UInt64(rr * columns)
                    scan(from: lowerBound(wrapKey), through: wrapKey)
                }
            }
            a = b
        }
        // The pairs by item (counting sort), each item's neighbours ascending (rank order).
        var neighbourStart = [Int32](repeating: 0, count: n + 1)
        for (i, _) in pairs { neighbourStart[Int(i) + 1] += 1 }
        for i in 0..<n { neighbourStart[i + 1] += neighbourStart[i] }
        var neighbourOf = [Int32](repeating: 0, count: pairs.count)
        var fill = neighbourStart
        for (i, j) in pairs {
            neighbourOf[Int(fill[Int(i)])] = j
            fill[Int(i)] += 1
        }
        for i in 0..<n {
            let from = Int(neighbourStart[i]), to = Int(neighbourStart[i + 1])
            if to - from > 1 { neighbourOf[from..<to].sort() }
        }
        pairs = []

        var taken = [Bool](repeating: false, count: n)
        var level = Level()
        level.x.reserveCapacity(n)
        var childStart: [Int32] = [0]
        var childIndex: [Int32] = []
        childIndex.reserveCapacity(n)
        var neighbours: [Int32] = []
        var parent = [Int32](repeating: 0, count: n)
        var formed = false
        for i in 0..<n where !taken[i] {
            let px = above.x[i], py = above.y[i]
            neighbours.removeAll(keepingCapacity: true)
            // The item itself and its neighbours not yet taken, ascending.
            var placedSelf = false
            for k in Int(neighbourStart[i])..<Int(neighbourStart[i + 1]) {
                let j = neighbourOf[k]
                guard !taken[Int(j)] else { continue }
                if !placedSelf && Int(j) > i {
                    neighbours.append(Int32(i))
                    placedSelf = true
                }
                neighbours.append(j)
            }
            if !placedSelf { neighbours.append(Int32(i)) }
            // (In rank order, the items' index order, so that sums do not depend on the grid.)
            if neighbours.count > 1 {
                formed = true
                let cluster = merged(neighbours, in: above)
                for j in neighbours {
                    taken[Int(j)] = true
                    parent[Int(j)] = Int32(level.x.count)
                    childIndex.append(j)
                }
                level.appendItem(
                    x: cluster.x, y: cluster.y, count: cluster.count, missing: cluster.missing,
                    expansion: Int8(zoom + 1 <= maximumZoom ? zoom + 1 : -1), smallestID: cluster.smallestID)
            } else {
                // Alone (or a cluster with no neighbour: it stays the same cluster).
                taken[i] = true
                parent[i] = Int32(level.x.count)
                childIndex.append(Int32(i))
                level.appendItem(
                    x: px, y: py, count: above.count[i], missing: above.missing[i],
                    expansion: above.count[i] > 1 ? above.expansion[i] : -1, smallestID: above.smallestID[i])
            }
            childStart.append(Int32(childIndex.count))
        }
        if formed {
            level.childStart = childStart
            level.childIndex = childIndex
            level.parentOfAbove = parent
            // The orders by easting and Morton key: an item that is an item above unchanged (one
            // child) keeps its place among the others (the map to this level keeps order), so
            // the orders above, renumbered, merged with the new clusters sorted, are the orders
            // of this level.
            var carried = [Int32](repeating: -1, count: n)
            var fresh: [Int32] = []
            for i in 0..<level.itemCount {
                if childStart[i + 1] - childStart[i] == 1 {
                    carried[Int(childIndex[Int(childStart[i])])] = Int32(i)
                } else {
                    fresh.append(Int32(i))
                }
            }
            level.byEasting = splicedEastingOrder(old: above.byEasting, oldToNew: carried, fresh: fresh, x: level.x)
            (level.mortonKeys, level.byMorton) = splicedMortonIndex(old: above, oldToNew: carried, fresh: fresh, x: level.x, y: level.y)
            return level
        }
        // No cluster formed: the level is the level above item for item (each item stayed as
        // it was, in the same order), so it shares the arrays above (copy on write) instead of
        // holding its own copies.
        var copy = above
        copy.childStart = []
        copy.childIndex = []
        copy.parentOfAbove = []
        return copy
    }
}

extension PinClusterIndex {
    /// The cluster of `members` (two or more items of a level, in rank order, the seed first):
    /// the weighted centroid (pins as weights, eastings relative to the seed the short way,
    /// summed in rank order, then wrapped; the northing clamped onto the world), the pins, the
    /// MISSING pins and the smallest id. The build and the update both make clusters here, so
    /// they agree bit for bit.
    static func merged(_ members: [Int32], in above: Level) -> (x: Double, y: Double, count: Int32, missing: Int32, smallestID: Int32) {
        let half = WebMercator.worldWidthMeters / 2
        let px = above.x[Int(members[0])]
        var pins: Int64 = 0
        for j in members { pins += Int64(above.count[Int(j)]) }
        var wx = 0.0, wy = 0.0, missing: Int64 = 0
        var smallest = Int32.max
        for j in members {
            let j = Int(j)
            smallest = min(smallest, above.smallestID[j])
            let weight = Double(above.count[j])
            wx += weight * WebMercator.wrappedEasting(above.x[j] - px)
            wy += weight * above.y[j]
            missing += Int64(above.missing[j])
        }
        return (WebMercator.wrappedEasting(px + wx / Double(pins)), min(max(wy / Double(pins), -half), half), Int32(pins), Int32(missing), smallest)
    }
}

/// One item of a zoom level: a cluster of pins or a single pin.
public struct PinClusterItem: Hashable, Sendable {
    /// The zoom level (0 ... the index's maximum zoom + 1).
    public let zoom: Int
    /// The item's position in its level (rank order).
    public let index: Int
    /// The weighted centroid of its pins, in Web Mercator metres (a single pin's own point).
    public let point: MercatorPoint
    /// How many pins it holds (1 for a single pin).
    public let count: Int
    /// How many of them are MISSING.
    public let missingCount: Int
    /// The first zoom at which its pins are in more than one item, or nil for a single pin
    /// and for a group that does not split up to the index's maximum zoom.
    public let expansionZoom: Int?

    /// How many of its pins are FOUND.
    public var foundCount: Int { count - missingCount }
    /// Whether it is a cluster (two or more pins).
    public var isCluster: Bool { count > 1 }
}

extension PinClusterIndex {
    /// The level used for a camera zoom: floor(zoom), within 0 ... maximumZoom + 1 (the
    /// single pins above the maximum).
    ///
    /// - Parameter zoom: A camera zoom (NaN gives 0).
    /// - Returns: The integer level.
    public func level(forZoom zoom: Double) -> Int {
        guard zoom >= 0 else { return 0 }
        guard zoom < Double(maximumZoom + 1) else { return maximumZoom + 1 }
        return Int(zoom.rounded(.down))
    }

    /// Every item of a level, in rank order.
    ///
    /// - Parameter zoom: The level, clamped into 0 ... ``maximumZoom`` + 1.
    /// - Returns: The items.
    public func items(atLevel zoom: Int) -> [PinClusterItem] {
        let z = min(max(zoom, 0), maximumZoom + 1)
        return (0..<levels[z].itemCount).map { item(level: z, index: $0) }
    }

    /// One item.
    func item(level z: Int, index i: Int) -> PinClusterItem {
        let level = levels[z]
        let expansion = Int(level.expansion[i])
        return PinClusterItem(
            zoom: z, index: i, point: MercatorPoint(uncheckedX: level.x[i], y: level.y[i]), count: Int(level.count[i]),
            missingCount: Int(level.missing[i]), expansionZoom: expansion >= 0 ? expansion : nil)
    }

    /// The ids of an item's pins, in rank order (easting, northing, id).
    ///
    /// - Parameter item: An item of this index.
    /// - Returns: Its pins' ids.
    public func pinIDs(of item: PinClusterItem) -> [String] {
        ranks(of: item).map { ids[$0] }
    }

    /// The ranks of an item's pins, ascending.
    func ranks(of item: PinClusterItem) -> [Int] {
        var current = [item.index]
        var next: [Int] = []
        var z = item.zoom
        while z <= maximumZoom {
            let level = levels[z]
            if !level.isCopy {
                next.removeAll(keepingCapacity: true)
                for i in current {
                    for k in Int(level.childStart[i])..<Int(level.childStart[i + 1]) { next.append(Int(level.childIndex[k])) }
                }
                swap(&current, &next)
            }
            z += 1
        }
        return current.sorted()
    }
}

/// The indices 0 ..< keys.count sorted by key, stably: a least-significant-digit radix sort
/// with 11-bit digits of the key less the smallest, as many passes as the largest difference
/// needs, the keys moved with their indices (no random access).
func radixSorted(_ keys: [UInt64]) -> [Int32] {
    let n = keys.count
    var order = (0..<Int32(n)).map { $0 }
    guard n > 1 else { return order }
    var smallest = UInt64.max, largest: UInt64 = 0
    for key in keys {
        smallest = min(smallest, key)
        largest = max(largest, key)
    }
    let span = largest - smallest
    guard span > 0 else { return order }
    var values = keys.map { $0 - smallest }
    var scratchOrder = [Int32](repeating: 0, count: n)
    var scratchValues = [UInt64](repeating: 0, count: n)
    var counts = [Int](repeating: 0, count: 2049)
    var shift: UInt64 = 0
    while shift < 64 && (span >> shift) > 0 {
        for k in counts.indices { counts[k] = 0 }
        for value in values { counts[Int((value >> shift) & 2047) + 1] += 1 }
        for k in 1..<2049 { counts[k] += counts[k - 1] }
        for m in 0..<n {
            let value = values[m]
            let digit = Int((value >> shift) & 2047)
            scratchOrder[counts[digit]] = order[m]
            scratchValues[counts[digit]] = value
            counts[digit] += 1
        }
        swap(&order, &scratchOrder)
        swap(&values, &scratchValues)
        shift += 11
    }
    return order
}
