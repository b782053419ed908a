import ArgumentParser
import GeoMath
import MapTooling
import Projection

/// `geobench scale`: ground metres per point and the scale bar at a place and zoom, as JSON.
struct ScaleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scale",
        abstract: "Print the ground metres per point (WGS84 ellipsoid) and the scale bar at a place and zoom as JSON.",
        discussion: """
            "metersPerPoint" holds the exact local ground metres per screen point at --latitude and --zoom, \
            east-west and north-south (closed form on the WGS84 ellipsoid). "bar" is the longest 1, 2 or 5 x 10^n \
            length (metres or kilometres; feet or miles with --units imperial) whose bar, at the east-west scale, \
            fits --max-width points, with its width and label. See docs/DESIGN.md.
            """
    )

    @Option(name: .long, parsing: .unconditional, help: "Latitude in degrees, in [-90, 90] (clamped to +-85.0511287798066).", transform: DecimalOption.value)
    var latitude: Double

    @Option(name: .long, parsing: .unconditional, help: "Longitude in degrees, in [-180, 180] (the scale does not depend on it).", transform: DecimalOption.value)
    var longitude: Double

    @Option(name: .long, parsing: .unconditional, help: "Zoom (the world is 256 * 2^zoom points wide), in [0, 30].", transform: DecimalOption.value)
    var zoom: Double

    @Option(name: .customLong("max-width"), parsing: .unconditional, help: "The widest the bar may be, in points, in [0.001, 1000000]. (default: \(ScaleBar.defaultMaximumWidthPoints))", transform: DecimalOption.value)
    var maxWidth: Double = ScaleBar.defaultMaximumWidthPoints

    @Option(name: .long, help: "metric (m, km) or imperial (ft, mi).")
    var units: String = ScaleBarUnits.metric.rawValue

    func run() throws {
        guard let unitSystem = ScaleBarUnits(rawValue: units) else {
            throw ValidationError("--units \(units.debugDescription) is not a unit system: expected metric or imperial")
        }
        _ = try Coordinate(latitude: latitude, longitude: longitude)
        let scale = try GroundScale(latitude: latitude, zoom: zoom)
        let bar = try ScaleBar(metersPerPoint: scale.eastWestMetersPerPoint, maximumWidthPoints: maxWidth, units: unitSystem)
        let json = JSONValue.object([
            ("metersPerPoint", .object([("eastWest", .number(scale.eastWestMetersPerPoint)), ("northSouth", .number(scale.northSouthMetersPerPoint))])),
            ("bar", .object([("lengthMeters", .number(bar.lengthMeters)), ("widthPoints", .number(bar.widthPoints)), ("label", .string(bar.label))])),
        ])
        var output = DescriptorOutput.standardOutput()
        try output.write(json.text + "\n")
        try output.flush()
    }
}
