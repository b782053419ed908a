import ArgumentParser
import GeoMath

/// The center and radius options shared by `region`, `preview` and `render`.
struct RegionOptions: ParsableArguments {
    @Option(name: .long, parsing: .unconditional, help: "Center (the user's) latitude in degrees, in [-90, 90].", transform: DecimalOption.value)
    var latitude: Double

    @Option(name: .long, parsing: .unconditional, help: "Center (the user's) longitude in degrees, in [-180, 180].", transform: DecimalOption.value)
    var longitude: Double

    @Option(name: .long, parsing: .unconditional, help: "Region radius in metres, greater than 0. (default: \(GeodesicCircle.userVicinityRadiusMeters))", transform: DecimalOption.value)
    var radius: Double = GeodesicCircle.userVicinityRadiusMeters

    /// The validated region.
    func region() throws -> GeodesicCircle {
        try GeodesicCircle(center: try Coordinate(latitude: latitude, longitude: longitude), radiusMeters: radius)
    }
}
