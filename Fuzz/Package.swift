// swift-tools-version: 6.1
// libFuzzer targets, in a package of their own: scripts/fuzz.sh builds them with
// AddressSanitizer, libFuzzer's coverage counters and its `fuzzer_no_main` runtime (not
// `-sanitize=fuzzer`, whose main would collide with the one SwiftPM gives every executable),
// which the library's own build never uses. Each target's main hands its entry point to
// libFuzzer's driver (`LLVMFuzzerRunDriver`). Run them with `make fuzz` from the repository root.
import PackageDescription

let package = Package(
    name: "PetMapGeometryFuzz",
    dependencies: [
        .package(name: "PetMapGeometry", path: ".."),
    ],
    targets: [
        .target(name: "CFuzzerDriver"),
        .target(
            name: "FuzzSupport",
            dependencies: [.product(name: "GeoMath", package: "PetMapGeometry")]
        ),
        .executableTarget(
            name: "FuzzCSV",
            dependencies: [
                "CFuzzerDriver",
                .product(name: "Projection", package: "PetMapGeometry"),
                .product(name: "MapTooling", package: "PetMapGeometry"),
            ]
        ),
        .executableTarget(
            name: "FuzzCameraScript",
            dependencies: [
                "CFuzzerDriver",
                .product(name: "GeoMath", package: "PetMapGeometry"),
                .product(name: "Projection", package: "PetMapGeometry"),
                .product(name: "MapTooling", package: "PetMapGeometry"),
            ]
        ),
        .executableTarget(
            name: "FuzzAPI",
            dependencies: [
                "CFuzzerDriver",
                "FuzzSupport",
                .product(name: "GeoMath", package: "PetMapGeometry"),
                .product(name: "Projection", package: "PetMapGeometry"),
            ]
        ),
        .executableTarget(
            name: "FuzzClusters",
            dependencies: [
                "CFuzzerDriver",
                "FuzzSupport",
                .product(name: "GeoMath", package: "PetMapGeometry"),
                .product(name: "Projection", package: "PetMapGeometry"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
