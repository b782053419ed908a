import ArgumentParser
import GeoMath
import MapTooling
import Projection

/// `geobench tiles`: the z/x/y tiles a camera's viewport needs, as JSON.
struct TilesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tiles",
        abstract: "Print the z/x/y tiles that cover a camera's viewport (and the prefetch ring and parents) as JSON.",
        discussion: """
            The camera is centred on --latitude/--longitude at --zoom on a --width x --height point screen, at \
            --bearing degrees (the compass direction at the top); its constraints apply first. The tile zoom is \
            zoom + log2(256 / tile size), rounded down (--zoom-rule floor, MapLibre's) or to the nearest (round, \
            raster renderers'). "tiles" lists every tile whose interior overlaps the rotated viewport, x in \
            [0, 2^z) with "wrap" the world copy (0 holds the center), nearest the focal point first; "prefetch" \
            the ring around them; "parents" the tiles one zoom lower that hold them. See docs/DESIGN.md.
            """
    )

    @OptionGroup var view: CameraViewOptions

    @Option(name: .customLong("tile-size"), parsing: .unconditional, help: "Tile size in points, in [1, 65536]. (default: \(MercatorCamera.defaultTileSizePoints))", transform: DecimalOption.value)
    var tileSize: Double = MercatorCamera.defaultTileSizePoints

    @Option(name: .customLong("zoom-rule"), help: "floor (MapLibre) or round (raster renderers).")
    var zoomRule: String = TileZoomRule.floor.rawValue

    @Option(name: .customLong("max-tiles"), parsing: .unconditional, help: "The most tiles the cover may list under \"tiles\" (the ring and parents not counted), in [1, 1048576].")
    var maxTiles: Int = MercatorCamera.defaultMaximumTiles

    func run() throws {
        guard let rule = TileZoomRule(rawValue: zoomRule) else {
            throw ValidationError("--zoom-rule \(zoomRule.debugDescription) is not a rule: expected floor or round")
        }
        let camera = try view.camera()
        let cover = try camera.tileCover(tileSizePoints: tileSize, rule: rule, maximumTiles: maxTiles)
        // Written one tile at a time, as `preview` writes its pins: a cover at the budget's
        // limit (1 048 576 tiles, with 1 048 576 more in its ring) is 100 MB of JSON, which
        // built whole as one document took 815 MB and ended in a crash report under a 700 MB
        // address-space limit.
        var output = DescriptorOutput.standardOutput()
        func write(_ key: String, _ tiles: [MapTile]) throws(FileIOError) {
            try output.write(",\"\(key)\":[")
            for (index, tile) in tiles.enumerated() {
                try output.write((index > 0 ? ",{\"z\":" : "{\"z\":") + "\(tile.z),\"x\":\(tile.x),\"y\":\(tile.y),\"wrap\":\(tile.wrap)}")
            }
            try output.write("]")
        }
        try output.write("{\"z\":\(cover.zoom)")
        try write("tiles", cover.tiles)
        try write("prefetch", cover.prefetch)
        try write("parents", cover.parents)
        try output.write("}\n")
        try output.flush()
    }
}
