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
        // Onto the world first.
        let n = pins.count
        var px = [Double](repeating: 0, count: n), py = [Double](repeating: 0, count: n)
        let half = WebMercator.worldWidthMeters / 2
        for (index, pin) in pins.enumerated() {
            let p = pin.point
            guard p.x.isFinite, p.y.isFinite else {
                throw .invalidClusterParameter(
                    name: "pin \(pin.id) \(p.x.isFinite ? "northing" : "easting")", value: p.x.isFinite ? p.y : p.x,
                    expected: "a finite number of Web Mercator metres")
            }
            // (+ 0 makes a -0 easting or northing +0, so that the keys below order them as < does.)
            px[index] = WebMercator.wrappedEasting(p.x) + 0
            py[index] = min(max(p.y, -half), half) + 0
        }
        // The pins in the order of their ids; an id given twice sits beside itself there.
        let byID = Self.idSortedOrder(pins)
        for k in byID.indices.dropFirst() where pins[Int(byID[k])].id == pins[Int(byID[k - 1])].id {
            throw .duplicatePinID(pins[Int(byID[k])].id)
        }
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
            if end - start > 1 {
                byEasting[start..<end].sort { a, b in
                    let pa = Int(byID[Int(a)]), pb = Int(byID[Int(b)])
                    if px[pa] != px[pb] { return px[pa] < px[pb] }
                    return py[pa] != py[pb] ? py[pa] < py[pb] : a < b
                }
            }
            start = end
        }
        let ranked = byEasting.map { byID[Int($0)] }
        ids = ranked.map { pins[Int($0)].id }
        categories = ranked.map { pins[Int($0)].category }
        var top = Level()
        top.x = ranked.map { px[Int($0)] }
        top.y = ranked.map { py[Int($0)] }
        top.count = Array(repeating: 1, count: n)
        top.missing = ranked.map { pins[Int($0)].category == .missing ? 1 : 0 }
        top.expansion = Array(repeating: -1, count: n)
        // Each rank's place in the order of the ids (string order), and back.
        var rankOfPin = [Int32](repeating: 0, count: n)
        for (rank, pin) in ranked.enumerated() { rankOfPin[Int(pin)] = Int32(rank) }
        let idOrder = byID.map { rankOfPin[Int($0)] }
        top.smallestID = Array(repeating: 0, count: n)
        for (position, rank) in idOrder.enumerated() { top.smallestID[Int(rank)] = Int32(position) }
        self.idOrder = idOrder
        top.byEasting = Array(0..<Int32(n))
        (top.mortonKeys, top.byMorton) = Self.mortonIndex(x: top.x, y: top.y)
        // Where no two pins are within r, no cluster forms and the level is the pins' level
        // unchanged: shared, not clustered. (The radius grows as the zoom falls, so these are
        // the highest levels, each built on the pins' level.)
        let separation = Self.smallestSquaredSeparation(x: top.x, y: top.y, budget: 16 * n)
        var built = [top]
        for zoom in stride(from: maximumZoom, through: 0, by: -1) {
            let radius = radiusPoints * WebMercator.worldWidthMeters / (256 * exp2(Double(zoom)))
            if radius * radius < separation {
                built.append(top)
                continue
            }
            built.append(Self.cluster(built[built.count - 1], radius: radius, zoom: zoom, maximumZoom: maximumZoom))
        }
        levels = built.reversed()
    }

    /// Level z from level z + 1.
    static func cluster(_ above: Level, radius: Double, zoom: Int, maximumZoom: Int) -> Level {
        let n = above.itemCount
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
        func column(_ x: Double) -> Int { min(max(Int(((x + half) * perCell).rounded(.down)), 0), columns - 1) }
        func row(_ y: Double) -> Int { min(max(Int(((y + half) * perCell).rounded(.down)), 0), rows - 1) }
        // The items sorted by cell, by a stable radix sort of column-major keys over the block
        // of columns and rows they occupy (fewer digits than keys over the world). Column-major,
        // because ranks follow the easting (the pins' exactly, a cluster's its first pin's), so
        // the greedy pass below, in rank order, reads the grid nearly in order.
        var minColumn = columns, maxColumn = 0, minRow = rows, maxRow = 0
        var keys = [UInt64](repeating: 0, count: n)
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
        let order = radixSorted(keys)
        // Scratch, freed on return: the keys, points and taken flags in that order, each item's
        // place in it and each place's cell.
        let sortedKeys = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: n)
        let sx = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
        let sy = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
        let takenAt = UnsafeMutableBufferPointer<Bool>.allocate(capacity: n)
        let positionOf = UnsafeMutableBufferPointer<Int32>.allocate(capacity: n)
        let cellOfPosition = UnsafeMutableBufferPointer<Int32>.allocate(capacity: n)
        defer {
            sortedKeys.deallocate()
            sx.deallocate()
            sy.deallocate()
            takenAt.deallocate()
            positionOf.deallocate()
            cellOfPosition.deallocate()
        }
        var cells = 0
        for k in 0..<n {
            let i = Int(order[k])
            sortedKeys[k] = keys[i]
            sx[k] = above.x[i]
            sy[k] = above.y[i]
            takenAt[k] = false
            positionOf[i] = Int32(k)
            if k == 0 || keys[i] != sortedKeys[k - 1] { cells += 1 }
            cellOfPosition[k] = Int32(cells - 1)
        }
        let r2 = radius * radius
        // For each occupied cell (a run of that order) the runs of the cells that can hold
        // items within r of its items, four (start, end) pairs: per column west, here and east,
        // its three cells (rows below, here, above), and across the antimeridian the same rows
        // of the last column beside the first and back (else empty). They come from a sweep
        // over the occupied cells in key order: the lowest and highest key wanted in each
        // column never decrease, so each column's pointers only move forward; the wrapped
        // column is found by binary search.
        let runs = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 8 * cells)
        defer { runs.deallocate() }
        runs.initialize(repeating: 0)
        func lowerBound(_ key: UInt64) -> Int {
            var low = 0, high = n
            while low < high {
                let mid = (low + high) / 2
                if sortedKeys[mid] < key { low = mid + 1 } else { high = mid }
            }
            return low
        }
        // The keys of rows r - 1 ... r + 1 (those within the block) of column cc.
        @inline(__always) func keyRange(_ cc: Int, _ r: Int) -> (low: UInt64, high: UInt64) {
            (UInt64((cc - minColumn) * span + max(r - 1, minRow) - minRow), UInt64((cc - minColumn) * span + min(r + 1, maxRow) - minRow))
        }
        var low = (0, 0, 0), high = (0, 0, 0)
        @inline(__always) func fill(_ cc: Int, _ r: Int, _ slot: Int, _ from: inout Int, _ to: inout Int) {
            guard cc >= minColumn, cc <= maxColumn else { return }
            let (lowKey, highKey) = keyRange(cc, r)
            while from < n && sortedKeys[from] < lowKey { from += 1 }
            if to < from { to = from }
            while to < n && sortedKeys[to] <= highKey { to += 1 }
            runs[slot] = Int32(from)
            runs[slot + 1] = Int32(to)
        }
        let wraps = columns >= 3 && minColumn == 0 && maxColumn == columns - 1
        var a = 0, cellNumber = 0
        while a < n {
            let key = sortedKeys[a]
            var b = a + 1
            while b < n && sortedKeys[b] == key { b += 1 }
            let c = minColumn + Int(key) / span, r = minRow + Int(key) % span
            fill(c - 1, r, 8 * cellNumber, &low.0, &high.0)
            fill(c, r, 8 * cellNumber + 2, &low.1, &high.1)
            fill(c + 1, r, 8 * cellNumber + 4, &low.2, &high.2)
            // Across the antimeridian (only when items occupy both the first and the last column).
            if wraps && (c == 0 || c == columns - 1) {
                let (lowKey, highKey) = keyRange(c == 0 ? columns - 1 : 0, r)
                runs[8 * cellNumber + 6] = Int32(lowerBound(lowKey))
                runs[8 * cellNumber + 7] = Int32(lowerBound(highKey + 1))
            }
            cellNumber += 1
            a = b
        }

        // The greedy pass in rank order: an item not yet taken takes itself and every item not
        // yet taken within r of it (read from its cell's runs), ascending (rank order, so that
        // sums do not depend on the grid). The level's arrays are written into scratch as long
        // as the level above, then copied at their length.
        let outX = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
        let outY = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
        let outCount = UnsafeMutableBufferPointer<Int32>.allocate(capacity: n)
        let outMissing = UnsafeMutableBufferPointer<Int32>.allocate(capacity: n)
        let outExpansion = UnsafeMutableBufferPointer<Int8>.allocate(capacity: n)
        let outSmallest = UnsafeMutableBufferPointer<Int32>.allocate(capacity: n)
        let childStart = UnsafeMutableBufferPointer<Int32>.allocate(capacity: n + 1)
        let childIndex = UnsafeMutableBufferPointer<Int32>.allocate(capacity: n)
        let parent = UnsafeMutableBufferPointer<Int32>.allocate(capacity: n)
        defer {
            outX.deallocate()
            outY.deallocate()
            outCount.deallocate()
            outMissing.deallocate()
            outExpansion.deallocate()
            outSmallest.deallocate()
            childStart.deallocate()
            childIndex.deallocate()
            parent.deallocate()
        }
        childStart[0] = 0
        var items = 0, children = 0
        var neighbours: [Int32] = []
        var formed = false
        let clusterExpansion = Int8(zoom + 1 <= maximumZoom ? zoom + 1 : -1)
        for i in 0..<n {
            let position = Int(positionOf[i])
            guard !takenAt[position] else { continue }
            takenAt[position] = true
            let px = sx[position], py = sy[position]
            neighbours.removeAll(keepingCapacity: true)
            neighbours.append(Int32(i))
            let cellRuns = 8 * Int(cellOfPosition[position])
            for run in 0..<4 {
                var k = Int(runs[cellRuns + 2 * run])
                let end = Int(runs[cellRuns + 2 * run + 1])
                while k < end {
                    if !takenAt[k] {
                        let dx = WebMercator.wrappedEasting(sx[k] - px), dy = sy[k] - py
                        if dx * dx + dy * dy <= r2 {
                            takenAt[k] = true
                            neighbours.append(order[k])
                        }
                    }
                    k += 1
                }
            }
            if neighbours.count > 1 {
                formed = true
                // (Ascending: the seed is the lowest, the rest came in grid order.)
                if neighbours.count > 2 { neighbours[1...].sort() }
                let cluster = merged(neighbours, in: above)
                for j in neighbours {
                    parent[Int(j)] = Int32(items)
                    childIndex[children] = j
                    children += 1
                }
                outX[items] = cluster.x
                outY[items] = cluster.y
                outCount[items] = cluster.count
                outMissing[items] = cluster.missing
                outExpansion[items] = clusterExpansion
                outSmallest[items] = cluster.smallestID
            } else {
                // Alone (or a cluster with no neighbour: it stays the same cluster).
                parent[i] = Int32(items)
                childIndex[children] = Int32(i)
                children += 1
                let count = above.count[i]
                outX[items] = px
                outY[items] = py
                outCount[items] = count
                outMissing[items] = above.missing[i]
                outExpansion[items] = count > 1 ? above.expansion[i] : -1
                outSmallest[items] = above.smallestID[i]
            }
            items += 1
            childStart[items] = Int32(children)
        }
        var level = Level()
        func copied<T>(_ buffer: UnsafeMutableBufferPointer<T>, _ count: Int) -> [T] {
            Array(UnsafeBufferPointer(rebasing: buffer[0..<count]))
        }
        if formed {
            level.x = copied(outX, items)
            level.y = copied(outY, items)
            level.count = copied(outCount, items)
            level.missing = copied(outMissing, items)
            level.expansion = copied(outExpansion, items)
            level.smallestID = copied(outSmallest, items)
            level.childStart = copied(childStart, items + 1)
            level.childIndex = copied(childIndex, n)
            level.parentOfAbove = copied(parent, n)
            let childStart = level.childStart, childIndex = level.childIndex
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

extension PinClusterIndex {
    /// The bits of a double as an unsigned key in the same order (for finite values; -0 is
    /// below +0, so callers add 0 first).
    @inline(__always)
    static func orderedBits(_ v: Double) -> UInt64 {
        let bits = v.bitPattern
        return bits >> 63 == 1 ? ~bits : bits | (1 << 63)
    }

    /// The pins' indices sorted by id (String's order), ties (equal ids) by index.
    ///
    /// ASCII ids are ordered by their bytes, which is String's order for them: by their first
    /// eight bytes (a radix sort), then runs that share those by String's comparison. Other
    /// ids are sorted by String's comparison.
    static func idSortedOrder(_ pins: [ClusterPin]) -> [Int32] {
        var prefixes = [UInt64](repeating: 0, count: pins.count)
        for (index, pin) in pins.enumerated() {
            var prefix: UInt64 = 0, taken = 0
            for byte in pin.id.utf8 {
                guard byte < 0x80 else {
                    let order = (0..<Int32(pins.count)).sorted { a, b in
                        let x = pins[Int(a)].id, y = pins[Int(b)].id
                        return x != y ? x < y : a < b
                    }
                    return order
                }
                if taken < 8 {
                    prefix |= UInt64(byte) << UInt64(56 - 8 * taken)
                    taken += 1
                }
            }
            prefixes[index] = prefix
        }
        var order = radixSorted(prefixes)
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count && prefixes[Int(order[end])] == prefixes[Int(order[start])] { end += 1 }
            if end - start > 1 {
                order[start..<end].sort { a, b in
                    let x = pins[Int(a)].id, y = pins[Int(b)].id
                    return x != y ? x < y : a < b
                }
            }
            start = end
        }
        return order
    }
}

extension PinClusterIndex {
    /// The smallest squared distance between two points, computed as the clustering computes
    /// it (the easting difference the short way), with the points sorted by easting; 0 when
    /// finding it would take more than `budget` comparisons (many points on one meridian),
    /// infinity for fewer than two points.
    ///
    /// A sweep by easting compares each point with the next ones until their easting
    /// difference alone exceeds the smallest distance so far (squares of a difference that
    /// never decreases, so none beyond can be closer); then the pairs across the
    /// antimeridian, among the points within that distance (and a metre) of it on each side.
    static func smallestSquaredSeparation(x: [Double], y: [Double], budget: Int) -> Double {
        let n = x.count
        guard n > 1 else { return .infinity }
        var best = Double.infinity
        var comparisons = 0
        @inline(__always) func squaredDistance(_ i: Int, _ j: Int) -> Double {
            let dx = WebMercator.wrappedEasting(x[j] - x[i]), dy = y[j] - y[i]
            return dx * dx + dy * dy
        }
        for i in 0..<n {
            var j = i + 1
            while j < n {
                let dx = x[j] - x[i]
                if dx * dx > best { break }
                best = min(best, squaredDistance(i, j))
                comparisons += 1
                if comparisons > budget { return 0 }
                j += 1
            }
        }
        let half = WebMercator.worldWidthMeters / 2
        let reach = best.squareRoot() + 1
        var i = 0
        while i < n && x[i] < -half + reach {
            var j = n - 1
            while j > i && x[j] >= half - reach {
                best = min(best, squaredDistance(i, j))
                comparisons += 1
                if comparisons > budget { return 0 }
                j -= 1
            }
            i += 1
        }
        return best
    }
}

/// The indices 0 ..< keys.count sorted by key, stably: a least-significant-digit radix sort
/// with 11-bit digits of the key less the smallest, as many passes as the largest difference
/// needs (a pass whose digit is the same for every key is skipped), the keys moved with their
/// indices (no random access).
func radixSorted(_ keys: [UInt64]) -> [Int32] {
    let n = keys.count
    var order = [Int32](unsafeUninitializedCapacity: n) { buffer, initialized in
        for k in 0..<n { buffer[k] = Int32(k) }
        initialized = n
    }
    guard n > 1 else { return order }
    var smallest = UInt64.max, largest: UInt64 = 0
    for key in keys {
        smallest = min(smallest, key)
        largest = max(largest, key)
    }
    let span = largest - smallest
    guard span > 0 else { return order }
    var passes = 0
    while passes * 11 < 64 && (span >> UInt64(passes * 11)) > 0 { passes += 1 }
    // Every pass's digit counts, from one read of the keys.
    var counts = [Int](repeating: 0, count: passes * 2048)
    var values = [UInt64](repeating: 0, count: n)
    keys.withUnsafeBufferPointer { keys in
        values.withUnsafeMutableBufferPointer { values in
            counts.withUnsafeMutableBufferPointer { counts in
                for m in 0..<n {
                    let value = keys[m] &- smallest
                    values[m] = value
                    for pass in 0..<passes { counts[pass * 2048 + Int((value >> UInt64(pass * 11)) & 2047)] += 1 }
                }
            }
        }
    }
    var scratchOrder = [Int32](repeating: 0, count: n)
    var scratchValues = [UInt64](repeating: 0, count: n)
    for pass in 0..<passes {
        let base = pass * 2048
        // (A digit shared by every key leaves the order as it is.)
        var trivial = false
        for digit in 0..<2048 where counts[base + digit] != 0 {
            trivial = counts[base + digit] == n
            break
        }
        if trivial { continue }
        let shift = UInt64(pass * 11)
        counts.withUnsafeMutableBufferPointer { counts in
            var total = 0
            for digit in 0..<2048 {
                let c = counts[base + digit]
                counts[base + digit] = total
                total += c
            }
            order.withUnsafeBufferPointer { order in
                values.withUnsafeBufferPointer { values in
                    scratchOrder.withUnsafeMutableBufferPointer { scratchOrder in
                        scratchValues.withUnsafeMutableBufferPointer { scratchValues in
                            for m in 0..<n {
                                let value = values[m]
                                let slot = base + Int((value >> shift) & 2047)
                                let to = counts[slot]
                                scratchOrder[to] = order[m]
                                scratchValues[to] = value
                                counts[slot] = to + 1
                            }
                        }
                    }
                }
            }
        }
        swap(&order, &scratchOrder)
        swap(&values, &scratchValues)
    }
    return order
}
