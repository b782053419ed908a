import GeoMath
import MapTooling
import Projection

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
        let pipeline = try RawPROJ(definition: RawPROJ.webMercatorPipeline)
        let step = try RawPROJ(definition: RawPROJ.webMercatorStep)
        var results: [Measurement] = []
        for size in [1_000, 1_000_000] {
            progress("pins: projecting \(size) pins, library vs raw proj_trans_generic...")
            // Pins within 10 km of Paris, deterministic.
            let sourceLongitudes = (0..<size).map(Workloads.pinLongitude)
            let sourceLatitudes = (0..<size).map(Workloads.pinLatitude)
            let radianLongitudes = sourceLongitudes.map { $0 * .pi / 180 }
            let radianLatitudes = sourceLatitudes.map { $0 * .pi / 180 }
            let xs = UnsafeMutableBufferPointer<Double>.allocate(capacity: size)
            let ys = UnsafeMutableBufferPointer<Double>.allocate(capacity: size)
            _ = xs.initialize(from: sourceLongitudes)
            _ = ys.initialize(from: sourceLatitudes)
            defer {
                xs.deallocate()
                ys.deallocate()
            }
            var failure: GeometryError?
            let library = { (xs: UnsafeMutableBufferPointer<Double>, ys: UnsafeMutableBufferPointer<Double>) in
                _ = xs.update(fromContentsOf: sourceLongitudes)
                _ = ys.update(fromContentsOf: sourceLatitudes)
                do throws(GeometryError) { try WebMercator.projectInPlace(longitudes: xs, latitudes: ys) } catch { failure = error }
                blackHole(xs[size - 1])
            }
            // One library number against both baselines: all three share the same samples.
            let timing = measureGroup(samples: samples, sides: [
                        { library(xs, ys); return size },
                        {
                            _ = xs.update(fromContentsOf: sourceLongitudes)
                            _ = ys.update(fromContentsOf: sourceLatitudes)
                            blackHole(pipeline.projectInPlace(longitudes: xs, latitudes: ys))
                            blackHole(xs[size - 1])
                            return size
                        },
                        {
                            _ = xs.update(fromContentsOf: radianLongitudes)
                            _ = ys.update(fromContentsOf: radianLatitudes)
                            blackHole(step.projectInPlace(longitudes: xs, latitudes: ys))
                            blackHole(xs[size - 1])
                            return size
                        },
                    ])
            if let failure { throw failure }
            for (name, baseline) in zip(
                ["raw proj_trans_generic, same webmerc step", "raw proj_trans_generic, EPSG:4326->3857 pipeline"],
                [timing[2], timing[1]]
            ) {
                results.append(Measurement(
                    suite: "pins", operation: "batch projection (library)", size: size,
                    nsPerOp: timing[0].median, spread: timing[0].spread,
                    baseline: name, baselineNsPerOp: baseline.median, baselineSpread: baseline.spread, allocationsPerOp: nil))
            }
        }
        results += try singleProjection(samples: samples, step: step, pipeline: pipeline, progress: progress)
        return results
    }

    /// One coordinate at a time: the library's `MercatorPoint(coordinate)` (this thread's PROJ
    /// context looked up, clamp, one `proj_trans_generic` call on one point, finite check) against one bare
    /// `proj_trans_generic` call per point of the same webmerc step (on radians) and of the
    /// EPSG:4326 -> EPSG:3857 pipeline (on degrees), over the same 1 000 pins.
    static func singleProjection(
        samples: Int, step: RawPROJ, pipeline: RawPROJ,
        progress: (String) -> Void
    ) throws -> [Measurement] {
        progress("pins: projecting 1000 pins one at a time, library vs raw proj_trans_generic...")
        let size = 1_000
        let coordinates = Workloads.parisPins(count: size)
        let x = UnsafeMutableBufferPointer<Double>.allocate(capacity: 1)
        let y = UnsafeMutableBufferPointer<Double>.allocate(capacity: 1)
        x.initialize(repeating: 0)
        y.initialize(repeating: 0)
        defer {
            x.deallocate()
            y.deallocate()
        }
        let timing = measureGroup(samples: samples, sides: [
            {
                var sum = 0.0
                for coordinate in coordinates {
                    sum += MercatorPoint(coordinate).x
                }
                blackHole(sum)
                return size
            },
            {
                var sum = 0.0
                for coordinate in coordinates {
                    x[0] = coordinate.longitude * (.pi / 180)
                    y[0] = coordinate.latitude * (.pi / 180)
                    _ = step.projectInPlace(longitudes: x, latitudes: y)
                    sum += x[0]
                }
                blackHole(sum)
                return size
            },
            {
                var sum = 0.0
                for coordinate in coordinates {
                    x[0] = coordinate.longitude
                    y[0] = coordinate.latitude
                    _ = pipeline.projectInPlace(longitudes: x, latitudes: y)
                    sum += x[0]
                }
                blackHole(sum)
                return size
            },
        ])
        return zip(
            ["raw proj_trans_generic, same webmerc step", "raw proj_trans_generic, EPSG:4326->3857 pipeline"],
            [timing[1], timing[2]]
        ).map { name, baseline in
            Measurement(
                suite: "pins", operation: "single projection (library)", size: size,
                nsPerOp: timing[0].median, spread: timing[0].spread,
                baseline: name, baselineNsPerOp: baseline.median, baselineSpread: baseline.spread, allocationsPerOp: nil)
        }
    }
}
