import ArgumentParser
import GeoMath
import MapTooling
import Projection

/// `geobench mapkit`: a camera script's last state as MapKit takes it, as JSON.
struct MapKitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mapkit",
        abstract: "Play a camera script and print its last state as MapKit takes it (visibleMapRect, center, region, heading) as JSON.",
        discussion: """
            Map points are MapKit's (MKMapPoint): the world 2^28 points wide, x east from the antimeridian, y \
            south from the north edge. "visibleMapRect" is the bounding rectangle of the whole screen's outline \
            at the bearing, x in [0, 2^28); "center" the focal point's map point; "region" the MKCoordinateRegion \
            centred on the focal point's coordinate with the smallest symmetric spans holding the outline; \
            "heading" the bearing in [0, 360). Computed on any platform. See docs/DESIGN.md.
            """
    )

    @Option(name: .long, help: "JSON camera script, as for geobench camera.")
    var script: String

    func run() throws {
        let parsed = try loadScript(script)
        var last: MercatorCamera? = nil
        try parsed.run { state in
            last = state.camera
            return true
        }
        guard let camera = last else { throw ValidationError("the script has no camera state") }
        let rect = camera.mapKitVisibleMapRect, center = camera.mapKitCenter, region = camera.mapKitRegion
        let json = JSONValue.object([
            ("visibleMapRect", .object([
                ("x", .number(rect.origin.x)), ("y", .number(rect.origin.y)), ("width", .number(rect.width)), ("height", .number(rect.height)),
            ])),
            ("center", .object([("x", .number(center.x)), ("y", .number(center.y))])),
            ("region", .object([
                ("center", .object([("latitude", .number(region.center.latitude)), ("longitude", .number(region.center.longitude))])),
                ("span", .object([("latitudeDelta", .number(region.latitudeDelta)), ("longitudeDelta", .number(region.longitudeDelta))])),
            ])),
            ("heading", .number(camera.mapKitHeading)),
        ])
        var output = DescriptorOutput.standardOutput()
        try output.write(json.text + "\n")
        try output.flush()
    }
}
