// swift-tools-version: 6.1
// The ordo-one/benchmark suites, in a package of their own so that users of the libraries never
// fetch the benchmark dependencies. Run from this folder: `swift package benchmark`, or
// `make benchmarks` / `make benchmarks-check` from the repository root.
import PackageDescription

let package = Package(
    name: "PetMapGeometryBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "PetMapGeometry", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "MapGeometry",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "GeoMath", package: "PetMapGeometry"),
                .product(name: "Projection", package: "PetMapGeometry"),
                .product(name: "MapTooling", package: "PetMapGeometry"),
            ],
            path: "Benchmarks/MapGeometry",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
