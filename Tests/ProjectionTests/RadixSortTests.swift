import Testing
import TestSupport

@testable import Projection

@Suite("Radix sort")
struct RadixSortTests {
    /// The indices sorted by key, ties by index: the order a stable sort gives.
    static func reference(_ keys: [UInt64]) -> [Int32] {
        keys.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }.map { Int32($0) }
    }

    /// The sort and the keys it writes, in buffers as the clustering gives them.
    static func sorted(_ keys: [UInt64]) -> (order: [Int32], keys: [UInt64]) {
        let n = keys.count
        let values = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 2 * n)
        let scratch = UnsafeMutableBufferPointer<Int32>.allocate(capacity: n)
        defer {
            values.deallocate()
            scratch.deallocate()
        }
        var order = [Int32](repeating: -1, count: n)
        var sortedKeys = [UInt64](repeating: 0, count: n)
        order.withUnsafeMutableBufferPointer { order in
            sortedKeys.withUnsafeMutableBufferPointer { sortedKeys in
                keys.withUnsafeBufferPointer { keys in
                    radixSort(keys, into: order, values: values, scratch: scratch, sortedKeys: sortedKeys.baseAddress)
                }
            }
        }
        // (The sorted keys written over the keys themselves, as ``sortAscending(_:)`` does.)
        var inPlace = keys
        let inPlaceOrder = UnsafeMutableBufferPointer<Int32>.allocate(capacity: n)
        defer { inPlaceOrder.deallocate() }
        inPlace.withUnsafeMutableBufferPointer { keys in
            radixSort(UnsafeBufferPointer(keys), into: inPlaceOrder, values: values, scratch: scratch, sortedKeys: keys.baseAddress)
        }
        #expect(inPlace == sortedKeys)
        return (order, sortedKeys)
    }

    @Test(
        "the order is a stable sort's and the keys written are the keys in that order, whether the key's spread and the index share one word or not",
        arguments: [
            // (count, bits of spread above a random base, whether keys repeat)
            (0, 0, false), (1, 0, false), (2, 0, false), (64, 20, true), (65, 20, true), (1_000, 0, false), (5_000, 5, true), (5_000, 11, false),
            (5_000, 22, true), (5_000, 33, false), (5_000, 44, true), (5_000, 51, false), (5_000, 52, true),
            (5_000, 64, false), (70_000, 48, true), (70_000, 49, false),
        ])
    func matchesAStableSort(count: Int, bits: Int, repeats: Bool) {
        var random = SeededRandom(seed: UInt64(count * 100 + bits))
        let base = bits == 64 ? 0 : random.next() >> UInt64(bits)
        let mask: UInt64 = bits == 64 ? .max : (UInt64(1) << UInt64(bits)) - 1
        var keys: [UInt64] = []
        for _ in 0..<count {
            if repeats, let earlier = keys.last, random.chance(30) {
                keys.append(earlier)
            } else if repeats && !keys.isEmpty && random.chance(20) {
                keys.append(keys[random.int(0...(keys.count - 1))])
            } else {
                keys.append(base &+ (random.next() & mask))
            }
        }
        let (order, sortedKeys) = Self.sorted(keys)
        #expect(order == Self.reference(keys))
        #expect(sortedKeys == order.map { keys[Int($0)] })
        #expect(radixSorted(keys) == order)
    }

    @Test(
        "keys already in order (ties included) give the indices in order, and keys out of order by one pair, anywhere, are sorted",
        arguments: [0, 1, 2, 3, 1_000, 70_000])
    func keysInOrder(count: Int) {
        var random = SeededRandom(seed: UInt64(count) + 3)
        var keys: [UInt64] = []
        for _ in 0..<count { keys.append((keys.last ?? 0) &+ (random.chance(30) ? 0 : random.next() >> 40)) }
        #expect(radixSorted(keys) == Self.reference(keys))
        #expect(radixSorted(keys) == (0..<Int32(count)).map { $0 })
        // (One pair swapped: at the start, the end and a random place.)
        for place in Set([0, count - 2, count > 2 ? random.int(0...(count - 2)) : 0]) where place >= 0 && place + 1 < count && keys[place] != keys[place + 1] {
            var swapped = keys
            swapped.swapAt(place, place + 1)
            #expect(radixSorted(swapped) == Self.reference(swapped))
        }
    }

    @Test("sorting values ascending in place gives the standard sort's result, for few values and for many", arguments: [0, 1, 255, 256, 3_000])
    func sortsInPlace(count: Int) {
        var random = SeededRandom(seed: UInt64(count) + 7)
        var values: [UInt64] = []
        for _ in 0..<count { values.append(random.chance(20) && !values.isEmpty ? values[random.int(0...(values.count - 1))] : random.next() >> 30) }
        var sorted = values
        sortAscending(&sorted)
        #expect(sorted == values.sorted())
    }

    @Test("a run sorted in place by a comparison gives the standard sort's order there and leaves the rest, short (by insertion) or long", arguments: [0, 1, 2, 16, 17, 500])
    func sortsARun(length: Int) {
        var random = SeededRandom(seed: UInt64(length) + 11)
        let keys = (0..<(length + 10)).map { _ in random.int(0...20) }
        let before: (Int32, Int32) -> Bool = { keys[Int($0)] != keys[Int($1)] ? keys[Int($0)] < keys[Int($1)] : $0 < $1 }
        var elements = (0..<Int32(length + 10)).reversed().map { $0 }
        let range = 4..<(4 + length)
        var expected = elements
        expected[range].sort(by: before)
        sortRun(&elements, range, by: before)
        #expect(elements == expected)
    }
}
