import Foundation
import GeoMath
import Testing
import TestSupport

@testable import MapTooling
import Projection

/// The tile grid and the scale bar of `geobench render --tiles --scale-bar`.
@Suite("Renderer drawings")
struct RendererDrawingTests {
    static func camera(latitude: Double = 48.858, longitude: Double = 2.345, bearing: Double = 20) throws -> MercatorCamera {
        var camera = try MercatorCamera(center: Coordinate(latitude: latitude, longitude: longitude), zoom: 13.3, widthPoints: 390, heightPoints: 844)
        try camera.jump(bearing: bearing)
        try camera.setInsets(ScreenInsets(top: 47, left: 0, bottom: 120, right: 0))
        return camera
    }

    @Test("each tile of the cover is drawn once, its corners where the camera places the tile's corners (within 1e-6 points) and its z/x/y label at its center")
    func tileGrid() throws {
        let camera = try Self.camera()
        let grid = try TileGridDrawing(camera: camera)
        let cover = try camera.tileCover()
        #expect(grid.tiles.map(\.tile) == cover.tiles)
        let world = WebMercator.worldWidthMeters, n = Double(1 << cover.zoom)
        for drawn in grid.tiles where drawn.tile.wrap == 0 {
            let x = Double(drawn.tile.x), y = Double(drawn.tile.y)
            for (corner, (cx, cy)) in zip(drawn.corners, [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]) {
                let expected = camera.point(for: try MercatorPoint(x: (cx / n - 0.5) * world, y: (0.5 - cy / n) * world))
                #expect(abs(corner.x - expected.x) < 1e-6 && abs(corner.y - expected.y) < 1e-6, "\(drawn.tile)")
            }
        }
        let svg = grid.svgElements
        for tile in cover.tiles { #expect(svg.contains(">\(tile)</text>") && svg.contains("data-tile=\"\(tile)\"")) }
    }

    @Test("across the antimeridian the last column of one copy and column 0 of the next share their edge on screen")
    func gridAcrossAntimeridian() throws {
        let camera = try Self.camera(latitude: 0, longitude: 179.99, bearing: 0)
        let grid = try TileGridDrawing(camera: camera)
        let n = 1 << grid.tiles[0].tile.z
        var shared = 0
        for west in grid.tiles where west.tile.x == n - 1 {
            guard let east = grid.tiles.first(where: { $0.tile.wrap == west.tile.wrap + 1 && $0.tile.x == 0 && $0.tile.y == west.tile.y }) else { continue }
            #expect(abs(west.corners[1].x - east.corners[0].x) < 1e-6 && abs(west.corners[2].y - east.corners[3].y) < 1e-6)
            shared += 1
        }
        #expect(shared > 0)
    }

    @Test("the scale bar is the camera's bar, its width in points, at the bottom right of the unobstructed rectangle, labelled")
    func scaleBar() throws {
        let camera = try Self.camera()
        let drawing = try ScaleBarDrawing(camera: camera)
        #expect(drawing.bar == (try camera.scaleBar()))
        #expect(isClose(drawing.end.x - drawing.start.x, drawing.bar.widthPoints, within: 1e-9))
        #expect(drawing.end.x == 390 - 12 && drawing.start.y == 844 - 120 - 12 && drawing.start.y == drawing.end.y)
        #expect(drawing.svgElements.contains(">\(drawing.bar.label)</text>"))
        let document = PreviewDrawing(circle: GeodesicCircle.userVicinity(around: camera.center), pins: [], transform: camera.transform).svg
        let drawn = drawing.drawn(over: try TileGridDrawing(camera: camera).drawn(under: document))
        let tiles = try #require(drawn.range(of: "<g id=\"tiles\"")), graticule = try #require(drawn.range(of: "<g id=\"graticule\""))
        let bar = try #require(drawn.range(of: "<g id=\"scale-bar\"")), legend = try #require(drawn.range(of: "<g id=\"legend\""))
        #expect(tiles.lowerBound < graticule.lowerBound && bar.lowerBound < legend.lowerBound && drawn.hasSuffix("</svg>\n"))
    }

    @Test("the scale bar's legend obstacle holds the bar, its ticks and its label (right-aligned at the bar's end, its width estimated from its characters); a legend over the bar's corner is placed elsewhere")
    func scaleBarObstacle() throws {
        for bearing in [0.0, 20, 170] {
            let camera = try Self.camera(bearing: bearing)
            let drawing = try ScaleBarDrawing(camera: camera)
            let box = try #require(drawing.legendObstacles.first)
            #expect(drawing.legendObstacles.count == 1 && box.pinCount == 0 && box.radiusPoints == 0)
            // The bar's line and its 5-point ticks, and the label's 11-point text 8 points above it.
            #expect(box.origin.x <= drawing.start.x && box.origin.x + box.widthPoints >= drawing.end.x)
            #expect(box.origin.x <= drawing.end.x - 6.6 * Double(drawing.bar.label.count))
            #expect(box.origin.y <= drawing.start.y - 8 - 11 && box.origin.y + box.heightPoints >= drawing.start.y + 1)
            // A legend box chosen among the four corners avoids it where another corner is free.
            let placed = try LegendPlacement(
                boxWidthPoints: 86, boxHeightPoints: 40, screenWidthPoints: camera.widthPoints, screenHeightPoints: camera.heightPoints,
                obstacles: drawing.legendObstacles, preference: [.bottomTrailing, .bottomLeading])
            #expect(placed.corner == (box.origin.y + box.heightPoints >= 844 - 8 - 40 ? .bottomLeading : .bottomTrailing))
        }
        // With the bottom inset of 120 points the bar stands above the legend's bottom corner;
        // without insets the two meet.
        var camera = try Self.camera(bearing: 0)
        try camera.setInsets(.zero)
        let low = try ScaleBarDrawing(camera: camera)
        let placed = try LegendPlacement(
            boxWidthPoints: 86, boxHeightPoints: 40, screenWidthPoints: 390, screenHeightPoints: 844, obstacles: low.legendObstacles,
            preference: [.bottomTrailing, .bottomLeading])
        #expect(placed.corner == .bottomLeading && placed.hiddenObstacleCount == 0)
    }
}

/// `geobench render --trace`'s playback and HTML player.
@Suite("Trace playback")
struct TracePlaybackTests {
    @Test("each frame places the pins where the player's camera places them; the HTML holds every frame inline, no external script, no address outside itself; a frame's JSON prints the same points")
    func playback() throws {
        let trace = try GestureTraceTests.committedTrace()
        let pins = try [("a", 48.858, 2.345), ("b", 48.87, 2.30), ("c\"<&", 48.85, 2.36)].map { id, latitude, longitude in
            let coordinate = try Coordinate(latitude: latitude, longitude: longitude)
            return Pin(
                id: id, category: .missing, coordinate: coordinate, distanceMeters: 0, mercator: MercatorPoint(coordinate),
                point: ScreenPoint(x: 0, y: 0), inFrame: true)
        }
        let playback = try TracePlayback(trace: trace, pins: pins)
        #expect(playback.frames.count == trace.frames.count)
        var player = try GestureTracePlayer(trace)
        var camera = player.startCamera
        for k in 0..<player.frameCount {
            player.step(&camera)
            // (Every pin in every frame: zip alone would pass a frame that dropped some.)
            #expect(playback.frames[k].points.count == pins.count, "frame \(k)")
            for (pin, point) in zip(pins, playback.frames[k].points) { #expect(point == camera.point(for: pin.mercator)) }
        }
        let html = playback.html
        #expect(!html.contains("http://") || html.components(separatedBy: "http://").count == 3, "only the SVG namespace")
        #expect(!html.contains("https://") && !html.contains("src="))
        #expect(html.components(separatedBy: "{\"t\":").count - 1 == trace.frames.count)
        let json = playback.frameJSON(300)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let listed = try #require(decoded?["pins"] as? [[String: Any]])
        #expect(listed.map { $0["id"] as? String } == ["a", "b", "c\"<&"])
        let x = try #require(listed[1]["x"] as? Double)
        #expect(abs(x - playback.frames[300].points[1].x) <= 0.0005)
    }
}
