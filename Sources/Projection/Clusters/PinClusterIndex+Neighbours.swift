import GeoMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The neighbour index: the nodes in Morton (Z) order on a 2^32 x 2^32 grid over the world, in
/// groups of levels. One order serves every radius (the nodes of a grid cell at any depth are
/// one run of it), and a group holds every node on any of its levels once, so that levels that
/// differ little (most pins alone on many levels) share one group.
extension PinClusterIndex {
    /// A coordinate on the 2^32 grid: floor((v + W/2) 2^32 / W), within 0 ... 2^32 - 1.
    @inline(__always)
    static func gridCoordinate(_ v: Double) -> UInt64 {
        let u = (v + WebMercator.worldWidthMeters / 2) * (4_294_967_296.0 / WebMercator.worldWidthMeters)
        // (Truncating what is clamped onto 0 ... 2^32 - 1 rounds it down.)
        return UInt64(min(max(u, 0), 4_294_967_295))
    }

    /// The low 32 bits of v moved to the even bit positions.
    @inline(__always)
    static func interleaved(_ v: UInt64) -> UInt64 {
        var x = v & 0xFFFF_FFFF
        x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF
        x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FF
        x = (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0F
        x = (x | (x << 2)) & 0x3333_3333_3333_3333
        x = (x | (x << 1)) & 0x5555_5555_5555_5555
        return x
    }

    /// The Morton key of a point: its grid column's bits on the even positions, its row's on
    /// the odd ones.
    @inline(__always)
    static func mortonKey(x: Double, y: Double) -> UInt64 {
        interleaved(gridCoordinate(x)) | (interleaved(gridCoordinate(y)) << 1)
    }

    /// A group of levels grows downward while the nodes on any of its levels are at most this
    /// many times the items of its lowest level (so that a query on any of its levels reads
    /// few nodes of other levels).
    static let groupSlack = 1.25

    /// Chooses the groups of levels and fills them from the nodes.
    mutating func buildNeighbourGroups() {
        let levels = maximumZoom + 2
        var items = [Int](repeating: 0, count: levels + 1), formed = [Int](repeating: 0, count: levels)
        for j in 0..<nodes.nodeCount where nodes.lo[j] != Nodes.dead {
            items[Int(nodes.lo[j])] += 1
            items[Int(nodes.hi[j]) + 1] -= 1
            formed[Int(nodes.hi[j])] += 1
        }
        for z in 1...levels { items[z] += items[z - 1] }
        levelItems = Array(items[0..<levels])
        groups = []
        groupOfLevel = [Int32](repeating: 0, count: levels)
        var top = levels - 1
        while top >= 0 {
            var bottom = top, distinct = items[top]
            while bottom > 0 && Double(distinct + formed[bottom - 1]) <= Self.groupSlack * Double(items[bottom - 1]) {
                bottom -= 1
                distinct += formed[bottom]
            }
            for z in bottom...top { groupOfLevel[z] = Int32(groups.count) }
            groups.append(NeighbourGroup(top: top, bottom: bottom))
            top = bottom - 1
        }
        // Each group's entries counted; the nodes sorted once by key (stably, so that ties
        // keep the nodes ascending), then the live ones written in that order at their groups'
        // places. The groups partition the levels, from the highest down: a node on levels
        // lo ... hi is in the groups of hi to lo.
        let groupCount = groups.count
        var starts = [Int](repeating: 0, count: groupCount + 1)
        let lo = nodes.lo, hi = nodes.hi, xs = nodes.x, ys = nodes.y
        let n = nodes.nodeCount
        for j in 0..<n where lo[j] != Nodes.dead {
            starts[Int(groupOfLevel[Int(hi[j])]) + 1] += 1
            if Int(groupOfLevel[Int(lo[j])]) + 2 <= groupCount { starts[Int(groupOfLevel[Int(lo[j])]) + 2] -= 1 }
        }
        // (Counts from their differences, then starts from the counts.)
        for g in 0..<groupCount { starts[g + 1] += starts[g] }
        for g in 0..<groupCount { starts[g + 1] += starts[g] }
        let total = starts[groupCount]
        // (The entries' keys and nodes are written into the sort's scratch, free by then.)
        let nodeKeys = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: n)
        let order = UnsafeMutableBufferPointer<Int32>.allocate(capacity: n)
        let values = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: max(2 * n, total))
        let scratch = UnsafeMutableBufferPointer<Int32>.allocate(capacity: max(n, total))
        let next = UnsafeMutableBufferPointer<Int>.allocate(capacity: groupCount)
        defer {
            nodeKeys.deallocate()
            order.deallocate()
            values.deallocate()
            scratch.deallocate()
            next.deallocate()
        }
        let bottoms = groups.map { UInt8($0.bottom) }
        nodes.indexedLo.withUnsafeMutableBufferPointer { indexedLo in
            for j in 0..<n {
                guard lo[j] != Nodes.dead else {
                    nodeKeys[j] = 0
                    continue
                }
                nodeKeys[j] = Self.mortonKey(x: xs[j], y: ys[j])
                indexedLo[j] = bottoms[Int(groupOfLevel[Int(lo[j])])]
            }
        }
        // (The sorted keys written over the keys, which the sort reads first.)
        radixSort(UnsafeBufferPointer(nodeKeys), into: order, values: values, scratch: scratch, sortedKeys: nodeKeys.baseAddress)
        let keys = values, members = scratch
        for g in 0..<groupCount { next[g] = starts[g] }
        for k in 0..<n {
            let j = Int(order[k]), key = nodeKeys[k]
            guard lo[j] != Nodes.dead else { continue }
            for g in Int(groupOfLevel[Int(hi[j])])...Int(groupOfLevel[Int(lo[j])]) {
                keys[next[g]] = key
                members[next[g]] = Int32(j)
                next[g] += 1
            }
        }
        for g in 0..<groupCount {
            let from = starts[g], count = starts[g + 1] - from
            groups[g].keys = Array(UnsafeBufferPointer(rebasing: keys[from..<(from + count)]))
            groups[g].nodes = Array(UnsafeBufferPointer(rebasing: members[from..<(from + count)]))
            groups[g].buildTable()
        }
    }
}

/// The nodes on any of a run of levels, in Morton order: a sorted main part, a sorted side part
/// (nodes added by updates since the main part was last merged) and pending additions (sorted
/// into the side part before the group is next read). A node is in a group once; entries of
/// nodes that left its levels stay until the index is compacted (queries check each node's
/// levels).
struct NeighbourGroup: Sendable {
    /// The group's levels: bottom ... top.
    var top: Int
    var bottom: Int
    var keys: [UInt64] = []
    var nodes: [Int32] = []
    /// Every 16th key of the main part and of the side part (see ``sample(of:)``).
    var table: [UInt64] = []
    var sideKeys: [UInt64] = []
    var sideNodes: [Int32] = []
    var sideTable: [UInt64] = []
    var pendingKeys: [UInt64] = []
    var pendingNodes: [Int32] = []
    /// The nodes added since the group was last consolidated (one update's).
    var added = 0

    /// The sample of the main part.
    mutating func buildTable() {
        table = Self.sample(of: keys)
    }

    /// Every 16th key of sorted keys (empty for fewer than 64): a search in it, small enough to
    /// stay in cache, leaves 16 keys to search.
    static func sample(of keys: [UInt64]) -> [UInt64] {
        guard keys.count >= 64 else { return [] }
        return stride(from: 0, to: keys.count, by: 16).map { keys[$0] }
    }

    /// Sorts the pending additions into the side part.
    mutating func flush() {
        guard !pendingKeys.isEmpty else { return }
        added += pendingKeys.count
        var order = radixSorted(pendingKeys)
        // (Equal keys by node, as everywhere in a group: nodes are added in rank order.)
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count && pendingKeys[Int(order[end])] == pendingKeys[Int(order[start])] { end += 1 }
            if end - start > 1 { order[start..<end].sort { pendingNodes[Int($0)] < pendingNodes[Int($1)] } }
            start = end
        }
        var keys: [UInt64] = [], nodes: [Int32] = []
        keys.reserveCapacity(sideKeys.count + order.count)
        nodes.reserveCapacity(sideKeys.count + order.count)
        var a = 0
        for o in order {
            let key = pendingKeys[Int(o)], node = pendingNodes[Int(o)]
            while a < sideKeys.count && (sideKeys[a] < key || (sideKeys[a] == key && sideNodes[a] < node)) {
                keys.append(sideKeys[a])
                nodes.append(sideNodes[a])
                a += 1
            }
            keys.append(key)
            nodes.append(node)
        }
        keys.append(contentsOf: sideKeys[a...])
        nodes.append(contentsOf: sideNodes[a...])
        sideKeys = keys
        sideNodes = nodes
        pendingKeys.removeAll()
        pendingNodes.removeAll()
        sideTable = Self.sample(of: sideKeys)
    }

    /// Merges the side part into the main part, leaving out the dead nodes, after an update
    /// (each addition roughly matches a node that died): once the side part is more than an
    /// eighth of the main part, or more than sqrt(2 m a) for a main part of m entries and a
    /// additions in the update. Each update copies the side part (s entries) as it adds to it,
    /// and a merge copies both parts, so merging at s = T costs about m a / T + T / 2 an
    /// update, least at T = sqrt(2 m a): with few additions to a large group, that keeps the
    /// side part small (5 pins added to a million: some 6 000 entries, not 125 000).
    mutating func consolidate(_ all: PinClusterIndex.Nodes) {
        flush()
        let additions = max(added, 1)
        added = 0
        guard !sideKeys.isEmpty,
            sideKeys.count * 8 > keys.count || Double(sideKeys.count) * Double(sideKeys.count) > 2 * Double(keys.count) * Double(additions)
        else { return }
        mergeParts { all.lo[Int($0)] != PinClusterIndex.Nodes.dead ? $0 : nil }
    }

    /// The group after the nodes are renumbered (`newNumber`, -1 for a dead node; the order
    /// kept): its main and side parts merged into the main part, leaving out the nodes dead or
    /// on none of its levels.
    mutating func compact(_ all: PinClusterIndex.Nodes, _ newNumber: [Int32]) {
        flush()
        let top = top, bottom = bottom
        mergeParts { j in
            newNumber[Int(j)] >= 0 && Int(all.lo[Int(j)]) <= top && Int(all.hi[Int(j)]) >= bottom ? newNumber[Int(j)] : nil
        }
    }

    /// The main and side parts (pending additions flushed) merged into the main part in their
    /// order, by key then node, each entry's node mapped (nil: left out); the side part
    /// emptied.
    @inline(__always)
    private mutating func mergeParts(_ mapped: (Int32) -> Int32?) {
        var mergedKeys: [UInt64] = [], mergedNodes: [Int32] = []
        mergedKeys.reserveCapacity(keys.count + sideKeys.count)
        mergedNodes.reserveCapacity(keys.count + sideKeys.count)
        var a = 0, b = 0
        while a < keys.count || b < sideKeys.count {
            let key: UInt64, node: Int32
            if b == sideKeys.count || (a < keys.count && (keys[a] < sideKeys[b] || (keys[a] == sideKeys[b] && nodes[a] < sideNodes[b]))) {
                (key, node) = (keys[a], nodes[a])
                a += 1
            } else {
                (key, node) = (sideKeys[b], sideNodes[b])
                b += 1
            }
            guard let kept = mapped(node) else { continue }
            mergedKeys.append(key)
            mergedNodes.append(kept)
        }
        keys = mergedKeys
        nodes = mergedNodes
        sideKeys = []
        sideNodes = []
        sideTable = []
        buildTable()
    }

    /// Calls `body` with every node whose key lies in the grid box [x0, x1] x [y0, y1] (grid
    /// units, within 0 ... 2^32 - 1), and some others near it: the box's cells at the depth where
    /// it spans at most ``viewportCells`` of them each way, each cell's nodes one run of the
    /// order, found by binary search.
    @inline(__always)
    func forEachNode(x0: Int64, x1: Int64, y0: Int64, y1: Int64, _ body: (Int) -> Void) {
        withUnsafeTemporaryAllocation(of: (low: UInt64, high: UInt64).self, capacity: Self.viewportCells * Self.viewportCells) { runs in
            let runCount = Self.runs(x0: x0, x1: x1, y0: y0, y1: y1, cells: Self.viewportCells, into: runs)
            Self.scan(keys, nodes, table, runs, runCount, body)
            if !sideKeys.isEmpty { Self.scan(sideKeys, sideNodes, sideTable, runs, runCount, body) }
        }
    }

    /// The most cells a side of a neighbour query's box spans: coarser cells than 3 read more
    /// entries (about 1.6 times as many distances computed) but make fewer runs to find. On
    /// the scratch program's update of 1% of 100 000 Paris pins, 10 updates counted with
    /// callgrind: 809.2 M instructions against 823.2 M with 3 (the query's own 157.5 M against
    /// 171.4 M); timed alternately, the fastest of 80 updates lower in 9 of 10 pairs of runs,
    /// the medians within the noise (docs/PERFORMANCE.md).
    static let neighbourCells = 2

    /// The most cells a side of a viewport query's box spans: finer cells than 3 read fewer
    /// entries beyond the box (a phone's box over Paris: 516 M
    /// instructions for 6 000 queries at zooms 11 to 16, against 580 M with 3, 530 M with 6
    /// and the same with 8). A row of 7 cells is at most 4 runs (a cell in an even column and
    /// the one after it are one run), 28 in all; the buffer holds 49, 784 bytes on the stack.
    static let viewportCells = 7

    /// The runs of the Morton order that cover a grid box: its cells at the depth where it spans
    /// at most `cells` x `cells` of them, horizontally adjacent cells that are one run read as
    /// one.
    @inline(__always)
    static func runs(x0: Int64, x1: Int64, y0: Int64, y1: Int64, cells: Int = 3, into runs: UnsafeMutableBufferPointer<(low: UInt64, high: UInt64)>) -> Int {
        // (No depth below b - 2 (b - 4 for more than 3 cells), b the bit length of the box's
        // larger side d: there a cell is at most d / 4 (d / 16) wide, and the box spans more
        // cells than that.)
        let side = UInt64(max(x1 - x0, y1 - y0))
        var shift = Int64(max(UInt64.bitWidth - side.leadingZeroBitCount - (cells > 3 ? 4 : 2), 0))
        let most = Int64(cells - 1)
        while shift < 32 && ((x1 >> shift) - (x0 >> shift) > most || (y1 >> shift) - (y0 >> shift) > most) { shift += 1 }
        let span = UInt64(2 * shift)
        var runCount = 0
        // (While loops, not `for` over a ClosedRange<Int64>: unspecialized, as in a debug
        // build, each step of that generic iterator allocated, 60 allocations a phone's
        // viewport query that is documented to allocate nothing.)
        var row = y0 >> shift
        let lastRow = y1 >> shift, firstColumn = x0 >> shift, lastColumn = x1 >> shift
        while row <= lastRow {
            defer { row += 1 }
            var runLow: UInt64 = 1, runHigh: UInt64 = 0
            var column = firstColumn
            while column <= lastColumn {
                defer { column += 1 }
                let prefix = PinClusterIndex.interleaved(UInt64(column)) | (PinClusterIndex.interleaved(UInt64(row)) << 1)
                let low = prefix << span, high = span == 64 ? UInt64.max : low | ((UInt64(1) << span) - 1)
                if runLow <= runHigh && runHigh &+ 1 == low {
                    runHigh = high
                    continue
                }
                if runLow <= runHigh {
                    runs[runCount] = (runLow, runHigh)
                    runCount += 1
                }
                runLow = low
                runHigh = high
            }
            if runLow <= runHigh {
                runs[runCount] = (runLow, runHigh)
                runCount += 1
            }
        }
        return runCount
    }

    @inline(__always)
    static func scan(
        _ keys: [UInt64], _ nodes: [Int32], _ sample: [UInt64], _ runs: UnsafeMutableBufferPointer<(low: UInt64, high: UInt64)>,
        _ runCount: Int, _ body: (Int) -> Void
    ) {
        keys.withUnsafeBufferPointer { keys in
            nodes.withUnsafeBufferPointer { nodes in
                sample.withUnsafeBufferPointer { sample in
                    let n = keys.count
                    guard n > 0, runCount > 0 else { return }
                    @inline(__always) func lowerBound(_ keys: UnsafeBufferPointer<UInt64>, _ key: UInt64, _ from: Int, _ to: Int) -> Int {
                        var lo = from, hi = to
                        while lo < hi {
                            let mid = (lo + hi) >> 1
                            if keys[mid] < key { lo = mid + 1 } else { hi = mid }
                        }
                        return lo
                    }
                    // (The sample's search leaves the 16 keys after one sampled key below `key`.)
                    @inline(__always) func firstPlace(_ key: UInt64) -> Int {
                        guard !sample.isEmpty else { return lowerBound(keys, key, 0, n) }
                        let i = lowerBound(sample, key, 0, sample.count)
                        return i == 0 ? 0 : lowerBound(keys, key, 16 * (i - 1) + 1, min(16 * i, n))
                    }
                    // The runs in key order (disjoint, so each starts after the last ended), the
                    // first found through the sample and each next by galloping on from there.
                    for r in 1..<runCount {
                        let run = runs[r]
                        var q = r
                        while q > 0 && runs[q - 1].low > run.low {
                            runs[q] = runs[q - 1]
                            q -= 1
                        }
                        runs[q] = run
                    }
                    var k = firstPlace(runs[0].low)
                    for r in 0..<runCount {
                        let low = runs[r].low, high = runs[r].high
                        if k < n && keys[k] < low {
                            var step = 1
                            while k + step < n && keys[k + step] < low {
                                k += step
                                step <<= 1
                            }
                            k = lowerBound(keys, low, k + 1, min(k + step, n))
                        }
                        while k < n && keys[k] <= high {
                            body(Int(nodes[k]))
                            k += 1
                        }
                    }
                }
            }
        }
    }
}

extension NeighbourGroup {
    /// Every node on `level` within `radius` metres of (x, y) (the distance wrapping east-west
    /// exactly as the clustering measures it), written into `found` (emptied first).
    func collect(
        near x: Double, _ y: Double, within radius: Double, level: Int, nodes: PinClusterIndex.Nodes, into found: inout [Int32]
    ) {
        found.removeAll(keepingCapacity: true)
        let units = Int64(min(radius * (4_294_967_296.0 / WebMercator.worldWidthMeters), 8_589_934_592)) + 2
        let gx = Int64(PinClusterIndex.gridCoordinate(x)), gy = Int64(PinClusterIndex.gridCoordinate(y))
        let y0 = max(gy - units, 0), y1 = min(gy + units, 4_294_967_295)
        if 2 * units + 1 >= 4_294_967_296 {
            collect(x0: 0, x1: 4_294_967_295, y0: y0, y1: y1, x, y, radius * radius, level, nodes, &found)
        } else if gx - units < 0 {
            collect(x0: 0, x1: gx + units, y0: y0, y1: y1, x, y, radius * radius, level, nodes, &found)
            collect(x0: gx - units + 4_294_967_296, x1: 4_294_967_295, y0: y0, y1: y1, x, y, radius * radius, level, nodes, &found)
        } else if gx + units > 4_294_967_295 {
            collect(x0: gx - units, x1: 4_294_967_295, y0: y0, y1: y1, x, y, radius * radius, level, nodes, &found)
            collect(x0: 0, x1: gx + units - 4_294_967_296, y0: y0, y1: y1, x, y, radius * radius, level, nodes, &found)
        } else {
            collect(x0: gx - units, x1: gx + units, y0: y0, y1: y1, x, y, radius * radius, level, nodes, &found)
        }
    }

    /// The nodes on `level` within sqrt(r2) of (x, y) among those of a grid box.
    private func collect(
        x0: Int64, x1: Int64, y0: Int64, y1: Int64, _ x: Double, _ y: Double, _ r2: Double, _ level: Int,
        _ nodes: PinClusterIndex.Nodes, _ found: inout [Int32]
    ) {
        withUnsafeTemporaryAllocation(of: (low: UInt64, high: UInt64).self, capacity: Self.neighbourCells * Self.neighbourCells) { runs in
            let runCount = Self.runs(x0: x0, x1: x1, y0: y0, y1: y1, cells: Self.neighbourCells, into: runs)
            nodes.x.withUnsafeBufferPointer { xs in
                nodes.y.withUnsafeBufferPointer { ys in
                    nodes.lo.withUnsafeBufferPointer { lo in
                        nodes.hi.withUnsafeBufferPointer { hi in
                            for part in 0..<2 {
                                let keys = part == 0 ? self.keys : sideKeys, members = part == 0 ? self.nodes : sideNodes
                                Self.scan(keys, members, part == 0 ? table : sideTable, runs, runCount) { j in
                                    guard Int(lo[j]) <= level && level <= Int(hi[j]) else { return }
                                    let dx = WebMercator.wrappedEasting(xs[j] - x), dy = ys[j] - y
                                    if dx * dx + dy * dy <= r2 { found.append(Int32(j)) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
