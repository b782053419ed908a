// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "PetMapGeometry",
    products: [
        // What an app links: geodesy, and Web Mercator with the preview and the camera.
        .library(name: "GeoMath", targets: ["GeoMath"]),
        .library(name: "Projection", targets: ["Projection"]),
        // Not for apps: geobench's input formats (announcements CSV, camera scripts), the
        // reference SVG renderer and the benchmark baselines, for the fuzzers and benchmarks.
        .library(name: "MapTooling", targets: ["MapTooling"]),
        .executable(name: "geobench", targets: ["geobench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        // `swift package generate-documentation` (the DocC catalogs); a plugin, not linked.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // PROJ as a system library: headers and link flags come from pkg-config "proj".
        .systemLibrary(
            name: "CProj",
            pkgConfig: "proj",
            providers: [.apt(["libproj-dev"]), .brew(["proj"])]
        ),
        .target(
            name: "GeoMath",
            dependencies: ["CProj"]
        ),
        .target(
            name: "Projection",
            dependencies: ["GeoMath", "CProj"]
        ),
        .target(
            name: "MapTooling",
            dependencies: ["GeoMath", "Projection"]
        ),
        .executableTarget(
            name: "geobench",
            dependencies: [
                "GeoMath",
                "Projection",
                "MapTooling",
                "CMallocCounter",
                "CFrameBaseline",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Per-thread allocation counts and live bytes for geobench and the tests (interposes
        // glibc's malloc in the executable that links it; never a dependency of the libraries).
        .target(name: "CMallocCounter"),
        // The frame suite's baseline (the affine placement as a plain C loop) and the sink for
        // timed results that the optimizer cannot see into (geobench only).
        .target(name: "CFrameBaseline"),
        // Shared by the test targets: fixture loading, closeness, seeded property checks.
        .target(
            name: "TestSupport",
            dependencies: [
                "GeoMath",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "GeoMathTests",
            dependencies: [
                "GeoMath",
                "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "MapToolingTests",
            dependencies: [
                "GeoMath",
                "Projection",
                "MapTooling",
                "TestSupport",
                "CMallocCounter",
            ]
        ),
        .testTarget(
            name: "ProjectionTests",
            dependencies: [
                "GeoMath",
                "Projection",
                "TestSupport",
                "CMallocCounter",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
