import GeoMath
@_spi(Baseline) import Projection

/// The `pins` suite: batch projection through the library against a direct
/// `proj_trans_generic` call on the same buffers, in the same run.
enum PinsSuite {
    static func run(samples: Int, progress: (String) -> Void) throws -> [Measurement] {
        let transformer = try WebMercatorTransformer()
        var results: [Measurement] = []
        for size in [1_000, 1_000_000] {
            progress("pins: projecting \(size) pins, library vs raw proj_trans_generic...")
            // Pins within 10 km of Paris, deterministic.
            let sourceLongitudes = (0..<size).map { 2.2 + Double($0 % 997) * 3e-4 }
            let sourceLatitudes = (0..<size).map { 48.76 + Double($0 % 991) * 2e-4 }
            var x = sourceLongitudes, y = sourceLatitudes
            var failure: ProjectionError?
            // Both sides refill the buffers the same way, then project them in place.
            let timing = x.withUnsafeMutableBufferPointer { xs in
                y.withUnsafeMutableBufferPointer { ys in
                    measurePair(
                        samples: samples, size: size,
                        operation: {
                            _ = xs.update(fromContentsOf: sourceLongitudes)
                            _ = ys.update(fromContentsOf: sourceLatitudes)
                            do throws(ProjectionError) { try transformer.projectInPlace(longitudes: xs, latitudes: ys) } catch { failure = error }
                            blackHole(xs[size - 1])
                        },
                        baseline: {
                            _ = xs.update(fromContentsOf: sourceLongitudes)
                            _ = ys.update(fromContentsOf: sourceLatitudes)
                            blackHole(transformer.rawProjectInPlace(longitudes: xs, latitudes: ys))
                            blackHole(xs[size - 1])
                        })
                }
            }
            if let failure { throw failure }
            results.append(Measurement(
                suite: "pins", operation: "batch projection (library)", size: size,
                nsPerOp: timing.operation.median, spread: timing.operation.spread,
                baseline: "raw proj_trans_generic", baselineNsPerOp: timing.baseline.median,
                allocationsPerOp: nil))
        }
        return results
    }
}
