import ArgumentParser
import GeoMath
import MapTooling
import Projection

/// `geobench clusters`: the clusters and single pins a fullscreen camera shows, as JSON.
struct ClustersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clusters",
        abstract: "Cluster a CSV of announcements and print the items a camera shows (clusters, pins, spread layouts) as JSON.",
        discussion: """
            The camera is centred on --latitude/--longitude at --zoom on a --width x --height point screen, at \
            --bearing degrees (the compass direction at the top); its constraints apply first. Items are those \
            of level floor(zoom) (22 at most) whose point lies in the viewport or within one cluster radius of it as the camera draws it \
            (--radius-points times 2^(zoom - level): less than twice --radius-points), \
            and groups that never split whose spread layout reaches that far, once per world copy shown, in draw order (screen y, then x, then the smallest member id). "zoom" in the \
            output is that level. See docs/DESIGN.md.
            """
    )

    @OptionGroup var view: CameraViewOptions

    @Option(name: .long, help: "CSV of announcements: header id,status,latitude,longitude (MISSING and FOUND become pins).")
    var pins: String

    @Option(name: .customLong("radius-points"), parsing: .unconditional, help: "Cluster radius in points of the 256-point world, in (0, 256]. (default: \(PinClusterIndex.defaultRadiusPoints))", transform: DecimalOption.value)
    var radiusPoints: Double = PinClusterIndex.defaultRadiusPoints

    func run() throws {
        let camera = try view.camera()
        let announcements = try AnnouncementCSV.parse(try InputFile.readText(pins, estimate: .clusteredPins))
        // (One PROJ batch for every pin.)
        let index = try PinClusterIndex(pins: ClusterPinList(announcements: announcements).pins, radiusPoints: radiusPoints)
        var items: [PlacedClusterItem] = []
        index.items(in: camera, into: &items)
        var output = DescriptorOutput.standardOutput()
        try output.write("{\"zoom\":\(index.level(forZoom: camera.zoom)),\"items\":[")
        for (k, placed) in items.enumerated() {
            let item = placed.item
            let coordinate = item.point.coordinate
            let spread: JSONValue = try index.spread(of: placed).map { pins in
                .array(pins.map { .object([("id", .string($0.id)), ("x", .number($0.point.x)), ("y", .number($0.point.y)), ("category", .string($0.category.rawValue))]) })
            } ?? .null
            let json = JSONValue.object([
                ("kind", .string(item.isCluster ? "cluster" : "pin")),
                ("x", .number(placed.point.x)),
                ("y", .number(placed.point.y)),
                ("latitude", .number(coordinate.latitude)),
                ("longitude", .number(coordinate.longitude)),
                ("count", .number(Double(item.count))),
                ("ids", .array(try index.pinIDs(of: item).sorted(by: PinClusterIndex.idPrecedes).map(JSONValue.string))),
                ("categories", .object([("missing", .number(Double(item.missingCount))), ("found", .number(Double(item.foundCount)))])),
                ("expansionZoom", item.expansionZoom.map { .number(Double($0)) } ?? .null),
                ("spread", spread),
            ])
            try output.write((k > 0 ? "," : "") + json.text)
        }
        try output.write("]}\n")
        try output.flush()
    }
}
