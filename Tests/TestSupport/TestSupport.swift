import Foundation
import PropertyBased
import Testing

import GeoMath

/// Closeness with the tolerance in the caller's stated unit (metres, degrees, ...).
public func isClose(_ actual: Double, _ expected: Double, within tolerance: Double) -> Bool {
    actual.isFinite && expected.isFinite && abs(actual - expected) <= tolerance
}

/// Whether `actual` lies within `relative` times |expected| of `expected`, both finite (an
/// infinite `expected` made the bound infinite: any finite `actual` passed).
public func isClose(_ actual: Double, _ expected: Double, relative: Double) -> Bool {
    actual.isFinite && expected.isFinite && abs(actual - expected) <= relative * abs(expected)
}

/// Difference of two longitudes in degrees, wrapped into [-180, 180]: 180 and -180 are 0 apart.
public func longitudeDifference(_ a: Double, _ b: Double) -> Double {
    (a - b).remainder(dividingBy: 360)
}

/// A fixture file of `Fixtures/`, written by one of the scripts/generate_*_fixtures.py (`make fixtures`): rows of
/// doubles keyed by the header's column names ('#' lines are comments).
public struct Fixture {
    public let columns: [String: Int]
    public let rows: [[Double]]

    /// Loads `name` from the `Fixtures/` folder beside the calling test file.
    public init(_ name: String, testFile: String = #filePath) throws {
        let url = URL(fileURLWithPath: testFile).deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        let header = lines.removeFirst().split(separator: ",").map(String.init)
        columns = Dictionary(uniqueKeysWithValues: header.enumerated().map { ($1, $0) })
        rows = try lines.map { line in
            try line.split(separator: ",").map { field in
                guard let value = Double(field) else { throw FixtureError.notANumber(String(field)) }
                return value
            }
        }
    }

    public subscript(_ row: [Double], _ column: String) -> Double {
        row[columns[column]!]
    }

    public enum FixtureError: Error { case notANumber(String) }
}

/// Runs `body` on `count` values from `generator`, drawn from a generator seeded with `seed`:
/// the same values on every run and every machine. A failure names the input.
public func forAll<Value, Shrink: SendableSequenceType>(
    count: Int, seed: UInt64, _ generator: Generator<Value, Shrink>,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (Value) throws -> Bool
) rethrows {
    var rng = Xoshiro(seed: (seed, 0x9E37_79B9_7F4A_7C15, seed ^ 0xD1B5_4A32_D192_ED03, 42))
    var failures = 0
    for index in 0..<count {
        let value = generator.run(using: &rng)
        if try !body(value) {
            failures += 1
            if failures <= 5 {
                Issue.record("property failed for input #\(index) (seed \(seed)): \(value)", sourceLocation: sourceLocation)
            }
        }
    }
}

/// Generators shared by the property tests.
public enum Generators {
    /// Coordinates uniform over the sphere's area (latitude from asin of a uniform sine).
    public static var coordinate: Generator<Coordinate, some SendableSequenceType> {
        zip(Gen<Double>.double(in: -1...1), Gen<Double>.double(in: -180...180)).map { sine, longitude in
            // Both in range by construction (asin gives [-pi/2, pi/2], whose degrees round to
            // [-90, 90]).
            Coordinate(uncheckedLatitude: asin(sine) * 180 / .pi, longitude: longitude)
        }
    }

    /// Two independent coordinates.
    public static var coordinatePair: Generator<(Coordinate, Coordinate), some SendableSequenceType> {
        zip(coordinate, coordinate)
    }

    /// Radii log-uniform from 1 m to 10 000 km.
    public static var radius: Generator<Double, some SendableSequenceType> {
        Gen<Double>.double(in: 0...7).map { exponent in pow(10, exponent) }
    }
}

/// Web Mercator in closed form (EPSG Guidance Note 7-2, method 1024: x = a lambda,
/// y = a ln tan(pi/4 + phi/2)), latitude clamped to 85.0511287798066: an independent reference
/// for the library's PROJ path, in metres.
public func closedFormMercator(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
    let a = 6_378_137.0
    let phi = min(max(latitude, -85.0511287798066), 85.0511287798066) * .pi / 180
    return (a * longitude * .pi / 180, a * log(tan(.pi / 4 + phi / 2)))
}

/// A deterministic generator (SplitMix64): the same values on every run and every machine.
public struct SeededRandom {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    public mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

    public mutating func pick<T>(_ values: [T]) -> T { values[int(0...values.count - 1)] }

    /// A uniform double in [0, 1), from the top 53 bits.
    public mutating func uniform() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
