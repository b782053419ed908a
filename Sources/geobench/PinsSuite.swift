import GeoMath
@_spi(Baseline) import Projection

/// The `pins` suite: batch projection through the library against PROJ called directly on the
/// same buffers, in the same run. Two baselines:
///
/// - the EPSG:4326 -> EPSG:3857 pipeline (`unitconvert` degrees to radians, then `webmerc`), one
///   bare `proj_trans_generic` call on buffers of degrees: what an application calling PROJ
///   directly does;
/// - the library's own PROJ step (`webmerc` on radians), one bare `proj_trans_generic` call on
///   buffers already in radians: what the library adds around PROJ (the clamp and degree
///   conversion pass, the error number, the finite check).
///
/// Every side refills its buffers from the same source arrays before each pass.
enum PinsSuite {
    static func run(samples: Int, progress: (String) -> Void) throws -> [Measurement] {
        let transformer = try WebMercatorTransformer()
        let pipeline = try RawWebMercatorPipeline()
        var results: [Measurement] = []
        for size in [1_000, 1_000_000] {
            progress("pins: projecting \(size) pins, library vs raw proj_trans_generic...")
            // Pins within 10 km of Paris, deterministic.
            let sourceLongitudes = (0..<size).map { 2.2 + Double($0 % 997) * 3e-4 }
            let sourceLatitudes = (0..<size).map { 48.76 + Double($0 % 991) * 2e-4 }
            let radianLongitudes = sourceLongitudes.map { $0 * .pi / 180 }
            let radianLatitudes = sourceLatitudes.map { $0 * .pi / 180 }
            var x = sourceLongitudes, y = sourceLatitudes
            var failure: ProjectionError?
            let library = { (xs: UnsafeMutableBufferPointer<Double>, ys: UnsafeMutableBufferPointer<Double>) in
                _ = xs.update(fromContentsOf: sourceLongitudes)
                _ = ys.update(fromContentsOf: sourceLatitudes)
                do throws(ProjectionError) { try transformer.projectInPlace(longitudes: xs, latitudes: ys) } catch { failure = error }
                blackHole(xs[size - 1])
            }
            let (againstPipeline, againstStep) = x.withUnsafeMutableBufferPointer { xs in
                y.withUnsafeMutableBufferPointer { ys in
                    let againstPipeline = measurePair(
                        samples: samples, size: size,
                        operation: { library(xs, ys) },
                        baseline: {
                            _ = xs.update(fromContentsOf: sourceLongitudes)
                            _ = ys.update(fromContentsOf: sourceLatitudes)
                            blackHole(pipeline.projectInPlace(longitudes: xs, latitudes: ys))
                            blackHole(xs[size - 1])
                        })
                    let againstStep = measurePair(
                        samples: samples, size: size,
                        operation: { library(xs, ys) },
                        baseline: {
                            _ = xs.update(fromContentsOf: radianLongitudes)
                            _ = ys.update(fromContentsOf: radianLatitudes)
                            blackHole(transformer.rawProjectInPlace(longitudes: xs, latitudes: ys))
                            blackHole(xs[size - 1])
                        })
                    return (againstPipeline, againstStep)
                }
            }
            if let failure { throw failure }
            results.append(Measurement(
                suite: "pins", operation: "batch projection (library)", size: size,
                nsPerOp: againstPipeline.operation.median, spread: againstPipeline.operation.spread,
                baseline: "raw proj_trans_generic, EPSG:4326->3857 pipeline", baselineNsPerOp: againstPipeline.baseline.median,
                allocationsPerOp: nil))
            results.append(Measurement(
                suite: "pins", operation: "batch projection (library)", size: size,
                nsPerOp: againstStep.operation.median, spread: againstStep.operation.spread,
                baseline: "raw proj_trans_generic, same webmerc step", baselineNsPerOp: againstStep.baseline.median,
                allocationsPerOp: nil))
        }
        return results
    }
}
