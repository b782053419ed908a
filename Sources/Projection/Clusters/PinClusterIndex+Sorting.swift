import GeoMath

extension PinClusterIndex {
    /// The pins' indices sorted by id (String's order), ties (equal ids) by index.
    ///
    /// ASCII ids are ordered by their bytes, which is String's order for them: by their first
    /// eight bytes (a radix sort), then runs that share those by String's comparison. Other
    /// ids are sorted by String's comparison.
    static func idSortedOrder(_ pins: [ClusterPin]) -> [Int32] {
        var prefixes = [UInt64](repeating: 0, count: pins.count)
        // (Each id's bytes read in place: its first eight, and whether all are ASCII.)
        @inline(__always) func prefix(_ bytes: some Sequence<UInt8>) -> UInt64? {
            var prefix: UInt64 = 0, taken = 0
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                if taken < 8 {
                    prefix |= UInt64(byte) << UInt64(56 - 8 * taken)
                    taken += 1
                }
            }
            return prefix
        }
        for index in pins.indices {
            let utf8 = pins[index].id.utf8
            guard let found = utf8.withContiguousStorageIfAvailable({ prefix($0) }) ?? prefix(utf8) else {
                let order = (0..<Int32(pins.count)).sorted { a, b in
                    let x = pins[Int(a)].id, y = pins[Int(b)].id
                    return x != y ? x < y : a < b
                }
                return order
            }
            prefixes[index] = found
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
    let values = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 2 * n)
    let scratch = UnsafeMutableBufferPointer<Int32>.allocate(capacity: n)
    defer {
        values.deallocate()
        scratch.deallocate()
    }
    return [Int32](unsafeUninitializedCapacity: n) { order, initialized in
        keys.withUnsafeBufferPointer { keys in radixSort(keys, into: order, values: values, scratch: scratch) }
        initialized = n
    }
}

/// ``radixSorted(_:)`` into `order` (keys.count entries), with scratch of 2 keys.count
/// `values` and keys.count `scratch` entries (or more).
func radixSort(
    _ keys: UnsafeBufferPointer<UInt64>, into order: UnsafeMutableBufferPointer<Int32>, values: UnsafeMutableBufferPointer<UInt64>,
    scratch: UnsafeMutableBufferPointer<Int32>
) {
    let n = keys.count
    for k in 0..<n { order[k] = Int32(k) }
    guard n > 1 else { return }
    var smallest = UInt64.max, largest: UInt64 = 0
    for key in keys {
        smallest = min(smallest, key)
        largest = max(largest, key)
    }
    let span = largest - smallest
    guard span > 0 else { return }
    var passes = 0
    while passes * 11 < 64 && (span >> UInt64(passes * 11)) > 0 { passes += 1 }
    // Every pass's digit counts, from one read of the keys.
    do {
        let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: passes * 2048)
        defer { counts.deallocate() }
        counts.initialize(repeating: 0)
        var from = (order: order.baseAddress!, values: values.baseAddress!)
        var to = (order: scratch.baseAddress!, values: values.baseAddress! + n)
        for m in 0..<n {
            let value = keys[m] &- smallest
            from.values[m] = value
            for pass in 0..<passes { counts[pass * 2048 + Int((value >> UInt64(pass * 11)) & 2047)] += 1 }
        }
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
            var total = 0
            for digit in 0..<2048 {
                let c = counts[base + digit]
                counts[base + digit] = total
                total += c
            }
            for m in 0..<n {
                let value = from.values[m]
                let slot = base + Int((value >> shift) & 2047)
                let place = counts[slot]
                to.order[place] = from.order[m]
                to.values[place] = value
                counts[slot] = place + 1
            }
            swap(&from, &to)
        }
        // (After an odd number of passes made, the order is in the scratch.)
        if from.order != order.baseAddress! { order.baseAddress!.update(from: from.order, count: n) }
    }
}
