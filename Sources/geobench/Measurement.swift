import CFrameBaseline
import MapTooling

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One timed operation and its baseline, both measured in the same run.
struct Measurement {
    var suite: String
    var operation: String
    /// The items each operation handles (pins, changes, tiles); nil where a row has none (an
    /// operation on the camera alone), printed as null and "-" as the contract's "n/a".
    var size: Int?
    /// Median nanoseconds per operation over the samples.
    var nsPerOp: Double
    /// (max - min) / median over the samples, as a fraction.
    var spread: Double
    var baseline: String?
    var baselineNsPerOp: Double?
    /// The baseline's (max - min) / median over the same samples; nil where the baseline is not
    /// timed (the 8.33 ms frame budget).
    var baselineSpread: Double? = nil
    /// Heap allocations per operation on the measuring thread, where a suite counts them.
    var allocationsPerOp: Double?
    /// The median and 99th percentile of single operations timed one by one, in nanoseconds,
    /// where a suite times them so (the motion suite's trace frames).
    var framePercentiles: (p50: Double, p99: Double)? = nil
    /// Heap bytes per item (per pin) on the measuring thread, where a suite measures them: what
    /// the result keeps, and the most in use at once while it was made.
    var memoryPerItem: (retainedBytes: Double, peakBytes: Double)? = nil

    var ratio: Double? { baselineNsPerOp.map { nsPerOp / $0 } }

    static func json(_ results: [Measurement]) -> JSONValue {
        func optional(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
        return .object([
            ("results", .array(results.map { result -> JSONValue in
                var fields: [(String, JSONValue)] = [
                    ("suite", .string(result.suite)),
                    ("operation", .string(result.operation)),
                    ("size", result.size.map { .number(Double($0)) } ?? .null),
                    ("nsPerOp", .number(result.nsPerOp)),
                    ("spread", .number(result.spread)),
                    ("baseline", result.baseline.map(JSONValue.string) ?? .null),
                    ("baselineNsPerOp", optional(result.baselineNsPerOp)),
                    ("baselineSpread", optional(result.baselineSpread)),
                    ("ratio", optional(result.ratio)),
                    ("allocationsPerOp", optional(result.allocationsPerOp)),
                ]
                // Only on rows whose operations were also timed one by one.
                if let percentiles = result.framePercentiles {
                    fields += [("p50NsPerOp", .number(percentiles.p50)), ("p99NsPerOp", .number(percentiles.p99))]
                }
                // Only on rows whose memory was measured.
                if let memory = result.memoryPerItem {
                    fields += [("retainedBytesPerItem", .number(memory.retainedBytes)), ("peakBytesPerItem", .number(memory.peakBytes))]
                }
                return .object(fields)
            })),
        ])
    }

    static func table(_ results: [Measurement]) -> String {
        let header = ["suite", "operation", "size", "ns/op", "spread", "baseline", "baseline ns/op", "ratio", "allocs/op"]
        let rows = results.map { result in
            [
                result.suite, result.operation, result.size.map(String.init) ?? "-",
                format(result.nsPerOp, decimals: 1), format(result.spread * 100, decimals: 1) + "%",
                result.baseline ?? "-", result.baselineNsPerOp.map { format($0, decimals: 1) } ?? "-",
                result.ratio.map { format($0, decimals: 3) + "x" } ?? "-",
                result.allocationsPerOp.map { format($0, decimals: 3) } ?? "-",
            ]
        }
        var text = TextTable.render(header: header, rows: rows)
        for result in results {
            guard let memory = result.memoryPerItem else { continue }
            text += "\n\(result.operation): heap per item retained \(format(memory.retainedBytes, decimals: 1)) bytes, at peak \(format(memory.peakBytes, decimals: 1)) bytes"
        }
        return text
    }
}

/// Fixed-point formatting without Foundation (MapTooling's, shared with the SVG renderer).
func format(_ value: Double, decimals: Int) -> String {
    DecimalText.fixed(value, decimals: decimals)
}

/// Monotonic nanoseconds.
func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// Keeps a computed value alive so the optimizer cannot drop the work that made it: the value
/// is stored and its address handed to a C function compiled apart (`bench_black_hole`), which
/// the Swift optimizer cannot see into. (An empty `@inline(never) @_optimize(none)` Swift
/// function in this module is not enough: the whole-module optimizer sees it never reads its
/// argument and drops the computation that feeds it.)
func blackHole<T>(_ value: T) {
    withUnsafePointer(to: value) { bench_black_hole($0) }
}

/// Runs `operation` and `baseline` alternately, `samples` times each after one warm-up pass,
/// and reports the medians per operation (each pass performs `size` operations).
func measurePair(
    samples: Int, size: Int,
    operation: () -> Void, baseline: () -> Void
) -> (operation: (median: Double, spread: Double), baseline: (median: Double, spread: Double)) {
    withoutActuallyEscaping(operation) { operation in
        withoutActuallyEscaping(baseline) { baseline in
            let results = measureGroup(samples: samples, sides: [{ operation(); return size }, { baseline(); return size }])
            return (results[0], results[1])
        }
    }
}

/// Runs every side in turn, `samples` times each after one warm-up pass, rotating which goes
/// first every sample so that none always runs on a cache another warmed. Each side returns
/// the number of operations it performed; the result is the median and spread of nanoseconds
/// per operation for each side, in order. All sides share the same samples, so a library
/// timed against several baselines has one number.
func measureGroup(samples: Int, sides: [() -> Int]) -> [(median: Double, spread: Double)] {
    for side in sides { _ = side() }
    var times = Array(repeating: [Double](), count: sides.count)
    for sample in 0..<samples {
        for turn in 0..<sides.count {
            let index = (turn + sample) % sides.count
            let start = monotonicNanoseconds()
            let operations = sides[index]()
            times[index].append(Double(monotonicNanoseconds() - start) / Double(max(operations, 1)))
        }
    }
    return times.map(summary)
}

private func summary(_ times: [Double]) -> (median: Double, spread: Double) {
    let sorted = times.sorted()
    let median = sorted.count % 2 == 1
        ? sorted[sorted.count / 2]
        : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    return (median, median > 0 ? (sorted.last! - sorted.first!) / median : 0)
}
