import GeoMath
import MapTooling

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `region` suite: exact regions against the naive four-destination region.
enum RegionSuite {
    static func run(samples: Int, progress: (String) -> Void) -> [Measurement] {
        let size = 1_000
        let centers = Workloads.regionCenters(count: size)
        var results: [Measurement] = []
        for (label, radius) in [("10 km", 10_000.0), ("1000 km", 1_000_000.0)] {
            progress("region: exact region, radius \(label), \(size) centers...")
            let timing = measurePair(
                samples: samples, size: size,
                operation: {
                    var sink = 0.0
                    for center in centers {
                        // Valid radius by construction.
                        sink += (try? GeodesicCircle(center: center, radiusMeters: radius))?.bounds.east ?? 0
                    }
                    blackHole(sink)
                },
                baseline: {
                    var sink = 0.0
                    for center in centers {
                        sink += Baselines.naiveBounds(center: center, radiusMeters: radius).east
                    }
                    blackHole(sink)
                })
            results.append(Measurement(
                suite: "region", operation: "exact region, radius \(label)", size: size,
                nsPerOp: timing.operation.median, spread: timing.operation.spread,
                baseline: "naive 4-destination region", baselineNsPerOp: timing.baseline.median, baselineSpread: timing.baseline.spread,
                allocationsPerOp: nil))
        }
        return results
    }

    /// How far the naive region's east bound falls short of the exact one, for a 10 km radius.
    static func naiveErrorTable() -> String {
        let radius = 10_000.0
        var rows: [[String]] = []
        for latitude in [0.0, 45, 60, 80, 89, 89.9] {
            guard let center = try? Coordinate(latitude: latitude, longitude: 0),
                let region = try? GeodesicCircle(center: center, radiusMeters: radius)
            else { continue }
            let naive = Baselines.naiveBounds(center: center, radiusMeters: radius)
            let shortfall = region.bounds.east - naive.east
            // Metres along the center's parallel: the parallel's radius is N cos(lat), with N the
            // prime-vertical radius of curvature a / sqrt(1 - e^2 sin^2(lat)).
            let radians = latitude * .pi / 180
            let eSquared = WGS84.flattening * (2 - WGS84.flattening)
            let sine = sin(radians)
            let parallelRadius = WGS84.semiMajorAxisMeters * cos(radians) / (1 - eSquared * sine * sine).squareRoot()
            rows.append([
                format(latitude, decimals: 1), format(region.bounds.east, decimals: 9),
                format(naive.east, decimals: 9), format(shortfall, decimals: 9),
                format(shortfall * .pi / 180 * parallelRadius, decimals: 3),
            ])
        }
        return "Naive east bound vs exact, radius 10 km, center longitude 0:\n"
            + TextTable.render(
                header: ["latitude", "exact east (deg)", "naive east (deg)", "naive short by (deg)", "(m on the parallel)"],
                rows: rows)
    }
}
