import GeoMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Array {
    /// `Array(unsafeUninitializedCapacity:initializingWith:)`, except that no capacity gives an
    /// empty array without calling the initializer: the standard one writes the count (0) into
    /// the empty-array storage that every thread shares, which ThreadSanitizer reports as a
    /// data race when two threads do it at once (an empty index built on one thread while
    /// another reads an empty array).
    @inline(__always)
    init(uninitializedCapacity capacity: Int, initializingWith initializer: (inout UnsafeMutableBufferPointer<Element>, inout Int) -> Void) {
        if capacity == 0 {
            self = []
        } else {
            self.init(unsafeUninitializedCapacity: capacity, initializingWith: initializer)
        }
    }
}

extension PinClusterIndex {
    /// The order of pin ids: by their UTF-8 bytes (for text in Unicode's NFC form, the order
    /// of its scalars). Ids are compared and told apart by their bytes, not by String's `<`
    /// and `==`: those hold canonically equivalent spellings ("\u{E9}" and "e\u{301}") equal,
    /// and String's `<` does not order such spellings consistently (in Swift 6.3,
    /// "\u{E9}a" < "e\u{301}" and "e\u{301}" < "\u{E9}a" are both false, and so is `==`),
    /// which made an index depend on its input's order and an update miss an id it held.
    ///
    /// - Returns: Whether `a` comes before `b`.
    public static func idPrecedes(_ a: String, _ b: String) -> Bool { compareIDs(a, b) < 0 }

    /// Negative, 0 or positive as `a`'s UTF-8 bytes come before, equal or come after `b`'s.
    ///
    /// The bytes are read in place where the strings hold them contiguously (native strings:
    /// about a third faster than copying the strings first, measured on 100 000 ids), else
    /// from copies made contiguous.
    @inline(__always)
    static func compareIDs(_ a: String, _ b: String) -> Int {
        @inline(__always) func compare(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int {
            let n = min(x.count, y.count)
            let c = n == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, n)
            return c != 0 ? Int(c) : x.count - y.count
        }
        if let inPlace = a.utf8.withContiguousStorageIfAvailable({ x in b.utf8.withContiguousStorageIfAvailable { y in compare(x, y) } }),
            let c = inPlace
        {
            return c
        }
        var a = a, b = b
        return a.withUTF8 { x in b.withUTF8 { y in compare(x, y) } }
    }

    /// Whether two ids are the same id (the same bytes).
    @inline(__always)
    static func sameID(_ a: String, _ b: String) -> Bool { a.utf8.count == b.utf8.count && compareIDs(a, b) == 0 }

    /// The pins' indices sorted by id (``idPrecedes(_:_:)``), ties (equal ids) by index, and
    /// the smallest id given more than once (nil when every id is given once).
    ///
    /// By their first eight bytes after those that every id begins with (a radix sort; ids
    /// such as "announcement-1234" share their first thirteen), then the runs that share those
    /// by their bytes (only there can an id be given twice).
    static func idSortedOrder(_ pins: [ClusterPin]) -> (order: [Int32], repeated: String?) {
        var prefixes = [UInt64](repeating: 0, count: pins.count)
        // The bytes every id begins with: the first id's, cut at each id's first difference.
        var head: [UInt8] = pins.first.map { Array($0.id.utf8) } ?? []
        var shared = head.count
        @inline(__always) func cut(_ bytes: UnsafeBufferPointer<UInt8>) {
            var k = 0
            let n = min(shared, bytes.count)
            while k < n && bytes[k] == head[k] { k += 1 }
            shared = k
        }
        for pin in pins.dropFirst() where shared > 0 {
            let utf8 = pin.id.utf8
            if utf8.withContiguousStorageIfAvailable({ cut($0) }) == nil { Array(utf8).withUnsafeBufferPointer { cut($0) } }
        }
        head = []
        // (An id's eight bytes after those, read in place as one word where it has eight, else
        // byte by byte: big-endian, zeros past its end, so that they compare as the bytes do.)
        @inline(__always) func prefix(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            guard let base = bytes.baseAddress else { return 0 }
            let n = bytes.count - shared
            if n >= 8 { return UInt64(bigEndian: UnsafeRawPointer(base + shared).loadUnaligned(as: UInt64.self)) }
            var prefix: UInt64 = 0
            for k in 0..<n { prefix |= UInt64(base[shared + k]) << (56 - 8 * UInt64(k)) }
            return prefix
        }
        func repeatedID(_ order: [Int32], _ places: Range<Int>) -> String? {
            places.first { sameID(pins[Int(order[$0])].id, pins[Int(order[$0 - 1])].id) }.map { pins[Int(order[$0])].id }
        }
        @inline(__always) func before(_ a: Int32, _ b: Int32) -> Bool {
            let c = compareIDs(pins[Int(a)].id, pins[Int(b)].id)
            return c != 0 ? c < 0 : a < b
        }
        for index in pins.indices {
            let utf8 = pins[index].id.utf8
            prefixes[index] = utf8.withContiguousStorageIfAvailable { prefix($0) } ?? Array(utf8).withUnsafeBufferPointer { prefix($0) }
        }
        var order = radixSorted(prefixes)
        var repeated: String? = nil
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count && prefixes[Int(order[end])] == prefixes[Int(order[start])] { end += 1 }
            if end - start > 1 {
                order[start..<end].sort(by: before)
                if repeated == nil { repeated = repeatedID(order, (start + 1)..<end) }
            }
            start = end
        }
        return (order, repeated)
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
/// needs (a pass whose digit is the same for every key is skipped). Keys already in order
/// (a list kept sorted by id) are found so in one pass and not sorted.
func radixSorted(_ keys: [UInt64]) -> [Int32] {
    let n = keys.count
    if keys.indices.dropFirst().allSatisfy({ keys[$0 - 1] <= keys[$0] }) { return Array(0..<Int32(n)) }
    let values = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 2 * n)
    let scratch = UnsafeMutableBufferPointer<Int32>.allocate(capacity: n)
    defer {
        values.deallocate()
        scratch.deallocate()
    }
    return [Int32](uninitializedCapacity: n) { order, initialized in
        keys.withUnsafeBufferPointer { keys in radixSort(keys, into: order, values: values, scratch: scratch) }
        initialized = n
    }
}

/// Sorts the elements of `range` by `before` (a strict total order): by insertion when they are
/// 16 or fewer (runs of a sort by a coarser key, mostly one element or a few), else by the
/// standard sort.
@inline(__always)
func sortRun(_ elements: inout [Int32], _ range: Range<Int>, by before: (Int32, Int32) -> Bool) {
    guard range.count <= 16 else {
        elements[range].sort(by: before)
        return
    }
    for k in range.dropFirst() {
        let element = elements[k]
        var place = k
        while place > range.lowerBound && before(element, elements[place - 1]) {
            elements[place] = elements[place - 1]
            place -= 1
        }
        elements[place] = element
    }
}

/// Sorts values ascending: by the radix sort for many, by comparison for few (where the
/// sort's 2048 digit counts per pass would cost more than the values).
func sortAscending(_ values: inout [UInt64]) {
    let n = values.count
    guard n >= 256 else {
        values.sort()
        return
    }
    let work = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 2 * n)
    let order = UnsafeMutableBufferPointer<Int32>.allocate(capacity: n)
    let scratch = UnsafeMutableBufferPointer<Int32>.allocate(capacity: n)
    defer {
        work.deallocate()
        order.deallocate()
        scratch.deallocate()
    }
    // (The sorted values are written over the values, which the sort reads first.)
    values.withUnsafeMutableBufferPointer { values in
        radixSort(UnsafeBufferPointer(values), into: order, values: work, scratch: scratch, sortedKeys: values.baseAddress)
    }
}

/// ``radixSorted(_:)`` into `order` (keys.count entries), with scratch of 2 keys.count
/// `values` and keys.count `scratch` entries (or more); the keys in that order into
/// `sortedKeys` too when given (keys.count entries, which may be the keys' own: they are read
/// before it is written).
///
/// When the difference from the smallest key and the index fit in 64 bits together (the
/// difference above the index), each pass moves that one word: the index is the low bits,
/// so equal keys keep their order, and each pass's digits are counted while the pass before
/// moves the keys. Otherwise each pass moves the difference and the index apart, counting its
/// digits in a read of its own.
func radixSort(
    _ keys: UnsafeBufferPointer<UInt64>, into order: UnsafeMutableBufferPointer<Int32>, values: UnsafeMutableBufferPointer<UInt64>,
    scratch: UnsafeMutableBufferPointer<Int32>, sortedKeys: UnsafeMutablePointer<UInt64>? = nil
) {
    let n = keys.count
    guard n > 0 else { return }
    // (A few keys by insertion, stable: each pass's 2048 digit counts would cost more.)
    guard n > 64 else {
        for k in 0..<n {
            let key = keys[k]
            var place = k
            while place > 0 && keys[Int(order[place - 1])] > key {
                order[place] = order[place - 1]
                place -= 1
            }
            order[place] = Int32(k)
        }
        if let sortedKeys {
            // (Gathered first: the sorted keys may be written over the keys.)
            let sorted = (0..<n).map { keys[Int(order[$0])] }
            for k in 0..<n { sortedKeys[k] = sorted[k] }
        }
        return
    }
    var smallest = UInt64.max, largest: UInt64 = 0
    for key in keys {
        smallest = min(smallest, key)
        largest = max(largest, key)
    }
    let span = largest - smallest
    let spanBits = UInt64.bitWidth - span.leadingZeroBitCount
    let indexBits = UInt64.bitWidth - UInt64(n - 1).leadingZeroBitCount
    let passes = (spanBits + 10) / 11
    let counts = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * 2048)
    defer { counts.deallocate() }
    // (The pass's counts and the next one's, swapped after each pass.)
    var current = counts, following = counts + 2048
    // Whether the counts of all n keys' digits are one digit's (the pass leaves the order).
    func trivial(_ counts: UnsafeMutablePointer<Int32>) -> Bool {
        for digit in 0..<2048 where counts[digit] != 0 { return counts[digit] == Int32(n) }
        return true
    }
    // Counts into starts, in place.
    func starts(_ counts: UnsafeMutablePointer<Int32>) {
        var total: Int32 = 0
        for digit in 0..<2048 {
            let c = counts[digit]
            counts[digit] = total
            total += c
        }
    }
    if spanBits + indexBits <= 64 {
        var from = values.baseAddress!, to = values.baseAddress! + n
        let low = UInt64(indexBits)
        current.initialize(repeating: 0, count: 2048)
        for m in 0..<n {
            let value = (keys[m] &- smallest) << low | UInt64(m)
            from[m] = value
            current[Int((value >> low) & 2047)] += 1
        }
        var counted = true
        for pass in 0..<passes {
            let shift = low + UInt64(11 * pass)
            if !counted {
                current.initialize(repeating: 0, count: 2048)
                for m in 0..<n { current[Int((from[m] >> shift) & 2047)] += 1 }
            }
            if trivial(current) {
                counted = false
                continue
            }
            starts(current)
            // (The next pass's digits counted here, but for the last pass; inlined with a
            // constant, each case is its own loop.)
            @inline(__always) func scatter(countingNext: Bool) {
                for m in 0..<n {
                    let value = from[m]
                    let digit = Int((value >> shift) & 2047)
                    let place = Int(current[digit])
                    to[place] = value
                    current[digit] = Int32(place + 1)
                    if countingNext { following[Int((value >> (shift + 11)) & 2047)] += 1 }
                }
            }
            counted = pass + 1 < passes
            if counted {
                following.initialize(repeating: 0, count: 2048)
                scatter(countingNext: true)
            } else {
                scatter(countingNext: false)
            }
            swap(&from, &to)
            swap(&current, &following)
        }
        let mask = (UInt64(1) << low) &- 1
        for k in 0..<n { order[k] = Int32(truncatingIfNeeded: from[k] & mask) }
        if let sortedKeys {
            for k in 0..<n { sortedKeys[k] = (from[k] >> low) &+ smallest }
        }
        return
    }
    var from = (order: order.baseAddress!, values: values.baseAddress!)
    var to = (order: scratch.baseAddress!, values: values.baseAddress! + n)
    for m in 0..<n {
        from.order[m] = Int32(m)
        from.values[m] = keys[m] &- smallest
    }
    for pass in 0..<passes {
        let shift = UInt64(11 * pass)
        current.initialize(repeating: 0, count: 2048)
        for m in 0..<n { current[Int((from.values[m] >> shift) & 2047)] += 1 }
        if trivial(current) { continue }
        starts(current)
        for m in 0..<n {
            let value = from.values[m]
            let digit = Int((value >> shift) & 2047)
            let place = Int(current[digit])
            to.order[place] = from.order[m]
            to.values[place] = value
            current[digit] = Int32(place + 1)
        }
        swap(&from, &to)
    }
    // (After an odd number of passes made, the order is in the scratch.)
    if from.order != order.baseAddress! { order.baseAddress!.update(from: from.order, count: n) }
    if let sortedKeys {
        for k in 0..<n { sortedKeys[k] = from.values[k] &+ smallest }
    }
}
