import ArgumentParser
import GeoMath
import MapTooling

/// `geobench region`: the exact region of a center and a radius, as JSON.
struct RegionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "region",
        abstract: "Print the exact WGS84 region (bounds, span, poles) of a center and a radius as JSON."
    )

    @OptionGroup var place: RegionOptions

    func run() throws {
        let region = try place.region()
        try writeOutput(Self.json(for: region).text + "\n")
    }

    /// The region in the JSON shape of DESIGN.md. `containsPole` is "both" for a region that
    /// contains both poles (a radius at least the distance to the farther pole: a quarter
    /// meridian on the equator, more elsewhere), which DESIGN.md leaves open.
    static func json(for region: GeodesicCircle) -> JSONValue {
        let pole: JSONValue
        switch (region.containsNorthPole, region.containsSouthPole) {
        case (true, true): pole = .string("both")
        case (true, false): pole = .string("north")
        case (false, true): pole = .string("south")
        case (false, false): pole = .null
        }
        return .object([
            ("center", .object([
                ("latitude", .number(region.center.latitude)),
                ("longitude", .number(region.center.longitude)),
            ])),
            ("radiusMeters", .number(region.radiusMeters)),
            ("bounds", .object([
                ("south", .number(region.bounds.south)),
                ("north", .number(region.bounds.north)),
                ("west", .number(region.bounds.west)),
                ("east", .number(region.bounds.east)),
            ])),
            ("span", .object([
                ("latitudeDelta", .number(region.span.latitudeDelta)),
                ("longitudeDelta", .number(region.span.longitudeDelta)),
            ])),
            ("containsPole", pole),
            ("crossesAntimeridian", .bool(region.crossesAntimeridian)),
        ])
    }
}
