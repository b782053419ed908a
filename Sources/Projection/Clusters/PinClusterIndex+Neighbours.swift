import GeoMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The neighbour index of a level: its items in Morton (Z) order on a 2^32 x 2^32 grid over
/// the world. One order serves every radius: the items of a grid cell at any depth are one run
/// of it, so a level that is the level above unchanged shares the level above's index.
extension PinClusterIndex {
    /// A coordinate on the 2^32 grid: floor((v + W/2) 2^32 / W), within 0 ... 2^32 - 1.
    @inline(__always)
    static func gridCoordinate(_ v: Double) -> UInt64 {
        let u = ((v + WebMercator.worldWidthMeters / 2) * (4_294_967_296.0 / WebMercator.worldWidthMeters)).rounded(.down)
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

    /// The keys of a level's points, sorted, and the items in that order (ties by index).
    static func mortonIndex(x: [Double], y: [Double]) -> (keys: [UInt64], order: [Int32]) {
        var keys = [UInt64](repeating: 0, count: x.count)
        for i in x.indices { keys[i] = mortonKey(x: x[i], y: y[i]) }
        let order = radixSorted(keys)
        return (order.map { keys[Int($0)] }, order)
    }

    /// Every item of `level` within `radius` metres of (x, y) (the distance wrapping east-west
    /// exactly as the clustering measures it; the point's own item included), written into
    /// `found` (emptied first) in no particular order.
    ///
    /// The items are looked up in the grid cells that the disc's bounding box (grown by two
    /// grid units for the grid coordinate's rounding, below one unit, about 9 mm) overlaps, at
    /// the deepest grid whose cells are at least radius + 2 units wide: at most 3 x 3 cells,
    /// horizontally adjacent cells that are one run of the Morton order read as one.
    static func collectItems(in level: Level, near x: Double, _ y: Double, within radius: Double, into found: inout [Int32]) {
        found.removeAll(keepingCapacity: true)
        let n = level.byMorton.count
        guard n > 0 else { return }
        let r2 = radius * radius
        // The cell width in grid units, as a power of two 2^shift.
        let needed = radius * (4_294_967_296.0 / WebMercator.worldWidthMeters) + 2
        var shift = 0
        while shift < 32 && Double(UInt64(1) << UInt64(shift)) < needed { shift += 1 }
        level.x.withUnsafeBufferPointer { xs in
            level.y.withUnsafeBufferPointer { ys in
                level.mortonKeys.withUnsafeBufferPointer { keys in
                    level.byMorton.withUnsafeBufferPointer { order in
                        @inline(__always) func scan(_ from: Int, _ through: UInt64) {
                            var k = from
                            while k < n && keys[k] <= through {
                                let j = Int(order[k])
                                let dx = WebMercator.wrappedEasting(xs[j] - x), dy = ys[j] - y
                                if dx * dx + dy * dy <= r2 { found.append(Int32(j)) }
                                k += 1
                            }
                        }
                        guard shift < 32 else {
                            scan(0, UInt64.max)
                            return
                        }
                        let cells = Int64(1) << Int64(32 - shift)
                        let units = Int64(radius * (4_294_967_296.0 / WebMercator.worldWidthMeters)) + 2
                        let gx = Int64(gridCoordinate(x)), gy = Int64(gridCoordinate(y))
                        let firstColumn = (gx - units) >> Int64(shift), lastColumn = (gx + units) >> Int64(shift)
                        let firstRow = max((gy - units) >> Int64(shift), 0), lastRow = min((gy + units) >> Int64(shift), cells - 1)
                        // Every column once, wrapped onto the world (all of them when the box is
                        // as wide as the world).
                        let wide = lastColumn - firstColumn + 1 >= cells
                        let from = wide ? 0 : firstColumn, through = wide ? cells - 1 : lastColumn
                        let span = UInt64(2 * shift)
                        // The runs of the Morton order to read (at most 3 rows of 3 cells), then
                        // each found by binary search within the span of them all.
                        withUnsafeTemporaryAllocation(of: (low: UInt64, high: UInt64).self, capacity: 9) { runs in
                            var runCount = 0
                            for row in firstRow...lastRow {
                                var runLow: UInt64 = 1, runHigh: UInt64 = 0
                                for unwrapped in from...through {
                                    let column = unwrapped & (cells - 1)
                                    let prefix = interleaved(UInt64(column)) | (interleaved(UInt64(row)) << 1)
                                    let low = prefix << span, high = low | ((UInt64(1) << span) - 1)
                                    if runLow <= runHigh && runHigh &+ 1 == low {
                                        runHigh = high
                                        continue
                                    }
                                    if runLow <= runHigh && runCount < 9 {
                                        runs[runCount] = (runLow, runHigh)
                                        runCount += 1
                                    }
                                    runLow = low
                                    runHigh = high
                                }
                                if runLow <= runHigh && runCount < 9 {
                                    runs[runCount] = (runLow, runHigh)
                                    runCount += 1
                                }
                            }
                            guard runCount < 9 || (lastRow - firstRow + 1) * (through - from + 1) <= 9 else {
                                // (Not reached: the box spans at most 3 x 3 cells.)
                                scan(0, UInt64.max)
                                return
                            }
                            var lowest = UInt64.max, highest: UInt64 = 0
                            for k in 0..<runCount {
                                lowest = min(lowest, runs[k].low)
                                highest = max(highest, runs[k].high)
                            }
                            @inline(__always) func lowerBound(_ key: UInt64, _ from: Int, _ to: Int) -> Int {
                                var lo = from, hi = to
                                while lo < hi {
                                    let mid = (lo + hi) / 2
                                    if keys[mid] < key { lo = mid + 1 } else { hi = mid }
                                }
                                return lo
                            }
                            let start = lowerBound(lowest, 0, n)
                            let end = highest == UInt64.max ? n : lowerBound(highest + 1, start, n)
                            for k in 0..<runCount { scan(lowerBound(runs[k].low, start, end), runs[k].high) }
                        }
                    }
                }
            }
        }
    }
}
