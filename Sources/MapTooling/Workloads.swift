import GeoMath
import Projection

/// The deterministic inputs of every performance run (`geobench run`, the ordo-one suites),
/// written once so that the runs compare like with like. `scripts/pyproj_bench.py` repeats the
/// same formulas in Python (a test there would need Python; keep them in step by hand).
public enum Workloads {
    /// Paris, the center of the pin and camera workloads.
    public static let paris = Coordinate(uncheckedLatitude: 48.8566, longitude: 2.3522)

    /// `count` centers from a fixed linear congruential sequence: latitudes in [-80, 80],
    /// longitudes in [-180, 180].
    public static func regionCenters(count: Int) -> [Coordinate] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        return (0..<count).map { _ in
            let latitude = next() * 160 - 80
            let longitude = next() * 360 - 180
            return Coordinate(uncheckedLatitude: latitude, longitude: longitude)
        }
    }

    /// Latitude of pin `index`: 48.76 + (index mod 991) * 2e-4 degrees (within about 10 km of
    /// Paris).
    public static func pinLatitude(_ index: Int) -> Double { 48.76 + Double(index % 991) * 2e-4 }

    /// Longitude of pin `index` near Paris: 2.2 + (index mod 997) * 3e-4 degrees.
    public static func pinLongitude(_ index: Int) -> Double { 2.2 + Double(index % 997) * 3e-4 }

    /// `count` pins within about 10 km of Paris.
    public static func parisPins(count: Int) -> [Coordinate] {
        (0..<count).map { Coordinate(uncheckedLatitude: pinLatitude($0), longitude: pinLongitude($0)) }
    }

    /// The gesture workloads' phone: 390 x 844 points over Paris at zoom 14.
    public static func phoneCamera() -> MercatorCamera {
        // Valid by construction: a finite zoom and a phone's size.
        guard let camera = try? MercatorCamera(center: paris, zoom: 14, widthPoints: 390, heightPoints: 844) else {
            preconditionFailure("the workload camera is valid")
        }
        return camera
    }
}
