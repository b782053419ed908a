import CMallocCounter
import Foundation
import GeoMath
import Projection
import Testing
import TestSupport

@Suite("Tile cover")
struct TileCoverTests {
    @Test("a viewport of 2 x 2 tiles whose edges lie on tile edges (to the rounding of its corners) covers those 4 tiles: tiles that only touch it are left out, over 2 000 tile-corner centers at zooms 2 to 20")
    func tileAlignedViewportCoversOnlyItsTiles() throws {
        var random = SeededRandom(seed: 2611)
        let world = WebMercator.worldWidthMeters
        for _ in 0..<2_000 {
            let z: Int = 2 + Int(random.uniform() * 19)
            let n: Double = exp2(Double(z))
            let i: Double = 1 + (random.uniform() * (n - 2)).rounded(.down)
            let j: Double = 1 + (random.uniform() * (n - 2)).rounded(.down)
            let x: Double = (i / n - 0.5) * world
            let y: Double = (0.5 - j / n) * world
            let center = try MercatorPoint(x: x, y: y)
            let camera = try MercatorCamera(center: center, zoom: Double(z), widthPoints: 512, heightPoints: 512)
            let cover = try camera.tileCover()
            #expect(cover.zoom == z && cover.tiles.count == 4, "z \(z), corner \(i), \(j): \(cover.tiles.count) tiles")
        }
    }

    /// The viewport in tile units, computed here from the camera's public values (screen
    /// corners through the inverse of point = focal + R(b) ((X - Xc) s, -(Y - Yc) s)).
    struct Outline {
        var x: [Double] = []
        var y: [Double] = []
        var focalX = 0.0
        var focalY = 0.0

        init(_ camera: MercatorCamera, z: Int) {
            let world = WebMercator.worldWidthMeters
            let n = Double(1 << z)
            let center = camera.centerMercator
            focalX = (center.x / world + 0.5) * n
            focalY = (0.5 - center.y / world) * n
            let b = camera.bearing * .pi / 180
            let tilesPerPoint = n / camera.worldWidthPoints
            for (px, py) in [(0.0, 0.0), (camera.widthPoints, 0), (camera.widthPoints, camera.heightPoints), (0, camera.heightPoints)] {
                let u = px - camera.focalPoint.x, v = py - camera.focalPoint.y
                // R(b)^T (u, v): east and south, in points.
                let east = cos(b) * u - sin(b) * v, south = sin(b) * u + cos(b) * v
                x.append(focalX + east * tilesPerPoint)
                y.append(focalY + south * tilesPerPoint)
            }
        }

        /// How far the tile (column across copies, row) and the outline overlap: the smallest
        /// overlap of their projections over the four edge normals (separating axes), in tiles.
        /// Positive when their interiors meet.
        func overlap(column: Int, row: Int) -> Double {
            let tx = [Double(column), Double(column + 1), Double(column + 1), Double(column)]
            let ty = [Double(row), Double(row), Double(row + 1), Double(row + 1)]
            var axes: [(Double, Double)] = [(1, 0), (0, 1)]
            for k in 0..<2 {
                let dx = x[k + 1] - x[k], dy = y[k + 1] - y[k]
                let length = (dx * dx + dy * dy).squareRoot()
                axes.append((-dy / length, dx / length))
            }
            var smallest = Double.infinity
            for (ax, ay) in axes {
                let a = (0..<4).map { tx[$0] * ax + ty[$0] * ay }, b = (0..<4).map { x[$0] * ax + y[$0] * ay }
                smallest = min(smallest, min(a.max()!, b.max()!) - max(a.min()!, b.min()!))
            }
            return smallest
        }
    }

    struct Key: Hashable { let column: Int, row: Int }

    static func randomCamera(_ random: inout SeededRandom) throws -> MercatorCamera {
        let zoom = random.chance(20) ? Double(random.int(0...20)) : random.uniform() * 22
        var camera = try MercatorCamera(
            center: Coordinate(latitude: random.uniform() * 170 - 85, longitude: random.uniform() * 360 - 180),
            zoom: zoom, widthPoints: Double(random.int(1...2_000)), heightPoints: Double(random.int(1...2_000)))
        try camera.jump(bearing: random.chance(20) ? Double(random.int(-4...4) * 45) : random.uniform() * 360 - 180)
        if random.chance(50) {
            let w = camera.widthPoints, h = camera.heightPoints
            try camera.setInsets(ScreenInsets(
                top: (h - 1) * random.uniform() / 2, left: (w - 1) * random.uniform() / 2,
                bottom: (h - 1) * random.uniform() / 2, right: (w - 1) * random.uniform() / 2))
        }
        return camera
    }

    @Test("over 400 random cameras (bearing, insets, 1 to 2000 points, zooms 0 to 22, tiles of 64 to 1024 points, both rules): every tile overlapping the viewport by more than 1e-6 tile is listed, every listed tile overlaps it (within 1e-6 tile), once; every sampled screen point lies in a listed tile; nearest the focal point first")
    func bruteForce() throws {
        var random = SeededRandom(seed: 12)
        var cover = TileCover()
        for index in 0..<400 {
            let camera = try Self.randomCamera(&random)
            let size = random.pick([64.0, 256, 256, 512, 1024])
            let rule = random.pick(TileZoomRule.allCases)
            try camera.cover(tileSizePoints: size, rule: rule, maximumTiles: 1_000_000, into: &cover)
            let z = cover.zoom
            #expect(z == (try camera.tileZoom(tileSizePoints: size, rule: rule)))
            let outline = Outline(camera, z: z)
            let listed = cover.tiles.map { Key(column: $0.unwrappedX, row: $0.y) }
            #expect(Set(listed).count == listed.count, "camera \(index): a tile listed twice")
            for tile in cover.tiles {
                #expect(tile.z == z && tile.x >= 0 && tile.x < 1 << z && tile.y >= 0 && tile.y < 1 << z)
                let overlap = outline.overlap(column: tile.unwrappedX, row: tile.y)
                #expect(overlap > -1e-6, "camera \(index): \(tile) does not overlap (\(overlap))")
            }
            let set = Set(listed)
            let n = 1 << z
            let firstColumn = Int(outline.x.min()!.rounded(.down)) - 1, lastColumn = Int(outline.x.max()!.rounded(.up)) + 1
            let firstRow = max(Int(outline.y.min()!.rounded(.down)) - 1, 0), lastRow = min(Int(outline.y.max()!.rounded(.up)) + 1, n - 1)
            if firstRow <= lastRow && lastColumn - firstColumn < 10_000 {
                for row in firstRow...lastRow {
                    for column in firstColumn...lastColumn where outline.overlap(column: column, row: row) > 1e-6 {
                        #expect(set.contains(Key(column: column, row: row)), "camera \(index): missing \(z)/\(column)/\(row)")
                    }
                }
            }
            for _ in 0..<50 {
                let u = random.uniform(), v = random.uniform()
                // A point of the screen, in tile units (bilinear in the outline's corners).
                let px = outline.x[0] + u * (outline.x[1] - outline.x[0]) + v * (outline.x[3] - outline.x[0])
                let py = outline.y[0] + u * (outline.y[1] - outline.y[0]) + v * (outline.y[3] - outline.y[0])
                guard py > 0, py < Double(n) else { continue }
                let nearLine = abs(px - px.rounded()) < 1e-6 || abs(py - py.rounded()) < 1e-6
                if !nearLine {
                    #expect(set.contains(Key(column: Int(px.rounded(.down)), row: Int(py.rounded(.down)))), "camera \(index): point (\(px), \(py)) in no tile")
                }
            }
            func distance(_ tile: MapTile, _ shift: Int) -> Double {
                let scale = 1 / Double(1 << shift)
                let dx = Double(tile.unwrappedX) + 0.5 - outline.focalX * scale, dy = Double(tile.y) + 0.5 - outline.focalY * scale
                return dx * dx + dy * dy
            }
            for list in [(cover.tiles, 0), (cover.prefetch, 0), (cover.parents, 1)] {
                for k in list.0.indices.dropFirst() {
                    #expect(distance(list.0[k - 1], list.1) <= distance(list.0[k], list.1), "camera \(index): not nearest first")
                }
            }
        }
    }

    @Test("the prefetch ring is exactly the tiles on the world sharing an edge or a corner with a listed tile and not listed; the parents are exactly the listed tiles' parents, once")
    func ringAndParents() throws {
        var random = SeededRandom(seed: 13)
        for index in 0..<300 {
            let camera = try Self.randomCamera(&random)
            let cover = try camera.tileCover(maximumTiles: 1_000_000)
            let z = cover.zoom, n = 1 << z
            let listed = Set(cover.tiles.map { Key(column: $0.unwrappedX, row: $0.y) })
            var ring = Set<Key>()
            for tile in listed {
                for dy in -1...1 {
                    for dx in -1...1 {
                        let key = Key(column: tile.column + dx, row: tile.row + dy)
                        if key.row >= 0 && key.row < n && !listed.contains(key) { ring.insert(key) }
                    }
                }
            }
            let prefetch = cover.prefetch.map { Key(column: $0.unwrappedX, row: $0.y) }
            #expect(Set(prefetch) == ring && prefetch.count == ring.count, "camera \(index)")
            let parents = cover.parents.map { Key(column: $0.unwrappedX, row: $0.y) }
            let expected = z == 0 ? [] : Set(listed.map { Key(column: $0.column >> 1, row: $0.row >> 1) })
            #expect(Set(parents) == Set(expected) && parents.count == expected.count, "camera \(index)")
            #expect(cover.parents.allSatisfy { $0.z == z - 1 } && cover.prefetch.allSatisfy { $0.z == z })
        }
    }

    @Test("unrotated cameras give mercantile's tiles for their longitude/latitude box (Fixtures/tiles.csv: 116 cameras, 256- and 512-point tiles, across the antimeridian)")
    func matchesMercantile() throws {
        let fixture = try Fixture("tiles.csv")
        let cases = Dictionary(grouping: fixture.rows) { fixture[$0, "case"] }
        #expect(cases.count >= 100)
        for (number, rows) in cases {
            let row = rows[0]
            let camera = try MercatorCamera(
                center: Coordinate(latitude: fixture[row, "latitude"], longitude: fixture[row, "longitude"]),
                zoom: fixture[row, "zoom"], widthPoints: fixture[row, "width"], heightPoints: fixture[row, "height"])
            let cover = try camera.tileCover(tileSizePoints: fixture[row, "tile_size"])
            #expect(Double(cover.zoom) == fixture[row, "z"], "case \(number)")
            struct XY: Hashable { let x: Int, y: Int }
            let expected = Set(rows.map { XY(x: Int(fixture[$0, "x"]), y: Int(fixture[$0, "y"])) })
            let got = cover.tiles.map { XY(x: $0.x, y: $0.y) }
            #expect(Set(got) == expected && got.count == expected.count, "case \(number): \(cover.tiles) against \(expected)")
        }
    }

    @Test("tile zoom: floor(zoom) for 256-point tiles, one lower for 512, halves rounded up by the round rule, never below 0; exact at integer zooms")
    func zoomRule() throws {
        func z(_ zoom: Double, _ size: Double, _ rule: TileZoomRule) throws -> Int {
            try MercatorCamera(center: Coordinate(latitude: 0, longitude: 0), zoom: zoom, widthPoints: 390, heightPoints: 844)
                .tileZoom(tileSizePoints: size, rule: rule)
        }
        for zoom in 2...22 {
            #expect(try z(Double(zoom), 256, .floor) == zoom && z(Double(zoom), 512, .floor) == zoom - 1)
            #expect(try z(Double(zoom), 256, .round) == zoom && z(Double(zoom), 128, .floor) == zoom + 1)
        }
        #expect(try z(12.5, 256, .floor) == 12 && z(12.5, 256, .round) == 13 && z(12.49, 256, .round) == 12)
        #expect(try z(12.99, 512, .floor) == 11 && z(12.5, 512, .round) == 12 && z(2.2, 1024, .floor) == 0)
        // 300-point tiles: zoom + log2(256 / 300) = zoom - 0.2288.
        #expect(try z(10.2, 300, .floor) == 9 && z(10.3, 300, .floor) == 10)
        // The default rule is floor, and the default tile 256 points (12.5: floor 12, round 13).
        let camera = try MercatorCamera(center: Coordinate(latitude: 0, longitude: 0), zoom: 12.5, widthPoints: 390, heightPoints: 844)
        #expect(try camera.tileZoom() == 12 && camera.tileCover().zoom == 12)
    }

    @Test("where the world (256 2^zoom points) is narrower than a tile, tile zoom 0 is drawn at the world's width by either rule, as the docs now say (they said floor never minifies and round draws at 0.71 to 1.41 times): a 512-point tile at 256 points at zoom 0, 362.04 at zoom 0.5")
    func tileZoomZeroIsDrawnAtTheWorldsWidth() throws {
        for (zoom, side) in [(0.0, 256.0), (0.5, 362.03867196751236), (0.4, 337.7940251578609)] {
            let camera = try MercatorCamera(center: Coordinate(latitude: 0, longitude: 0), zoom: zoom, widthPoints: 390, heightPoints: 200)
            for rule in TileZoomRule.allCases {
                #expect(try camera.tileZoom(tileSizePoints: 512, rule: rule) == 0)
            }
            let c = try camera.corners(of: MapTile(z: 0, x: 0, y: 0))
            let drawn = hypot(c.northEast.x - c.northWest.x, c.northEast.y - c.northWest.y)
            #expect(isClose(drawn, side, relative: 1e-12))
            #expect(drawn / 512 < 0.71)
        }
    }

    @Test("BAD_INPUTS row 81: a center at +180 degrees is normalised to -180: its tile is column 0 of wrap 0; a viewport wider than the world lists each copy")
    func antimeridian() throws {
        let camera = try MercatorCamera(center: Coordinate(latitude: 0, longitude: 180), zoom: 3, widthPoints: 390, heightPoints: 390)
        let cover = try camera.tileCover()
        // (The focal point is the corner of four tiles: the one south-east of it holds it.)
        #expect(cover.tiles.first == MapTile(z: 3, x: 0, y: 4, wrap: 0))
        #expect(cover.tiles.contains(MapTile(z: 3, x: 7, y: 3, wrap: -1)))
        let wide = try MercatorCamera(center: Coordinate(latitude: 0, longitude: 0), zoom: 0, widthPoints: 1_000, heightPoints: 256)
        #expect(try wide.tileCover().tiles.map(\.wrap) == [0, 1, -1, 2, -2])
        #expect(try wide.tileCover().tiles.allSatisfy { $0.x == 0 && $0.y == 0 })
    }

    @Test("BAD_INPUTS row 81: corners(of:): over 200 random cameras, each listed tile's corners are where the camera places them on the tile's copy, 256 2^(zoom - z) points apart, the north edge pointing east on screen; neighbours share corners exactly; on a screen wider than the world the copies of tile 0/0/0 stand one world apart (before, a renderer had no way to place a tile: point(for:) places on the copy nearest the center)")
    func tileCorners() throws {
        var random = SeededRandom(seed: 15)
        for _ in 0..<200 {
            let camera = try Self.randomCamera(&random)
            let cover = try camera.tileCover(tileSizePoints: random.pick([256, 512]), maximumTiles: MercatorCamera.maximumTileBudget)
            let side = camera.worldWidthPoints / Double(1 << cover.zoom)
            let (sinB, cosB) = MapBearing.sinCos(degrees: camera.bearing)
            let tolerance = 1e-6 * max(1, side)
            for tile in cover.tiles.prefix(40) {
                let c = try camera.corners(of: tile)
                // The north-west corner is the Mercator point of the tile's corner on its copy,
                // placed by the camera: on copy 0 (a west edge within the world) point(for:)
                // places it there too.
                let n = Double(1 << tile.z), world = WebMercator.worldWidthMeters
                let west = (Double(tile.x) / n - 0.5) * world, north = (0.5 - Double(tile.y) / n) * world
                if tile.wrap == 0, abs(west - camera.centerMercator.x) < world / 2 {
                    let placed = camera.point(for: try MercatorPoint(x: west, y: north))
                    #expect(isClose(c.northWest.x, placed.x, within: tolerance) && isClose(c.northWest.y, placed.y, within: tolerance),
                            "\(tile): \(c.northWest) against \(placed)")
                }
                // A square of the tile's side, its north edge pointing east: (cos b, -sin b).
                for (from, to, dx, dy) in [(c.northWest, c.northEast, cosB, -sinB), (c.southWest, c.southEast, cosB, -sinB),
                                           (c.northWest, c.southWest, sinB, cosB), (c.northEast, c.southEast, sinB, cosB)] {
                    #expect(isClose(to.x - from.x, side * dx, within: tolerance) && isClose(to.y - from.y, side * dy, within: tolerance))
                }
                let east = try camera.corners(of: MapTile(z: tile.z, x: tile.x + 1, y: tile.y, wrap: tile.wrap))
                let south = try camera.corners(of: MapTile(z: tile.z, x: tile.x, y: tile.y + 1, wrap: tile.wrap))
                #expect(east.northWest == c.northEast && east.southWest == c.southEast)
                #expect(south.northWest == c.southWest && south.northEast == c.southEast)
            }
        }
        let wide = try MercatorCamera(center: Coordinate(latitude: 0, longitude: 0), zoom: 0, widthPoints: 1_000, heightPoints: 256)
        let zero = try wide.corners(of: MapTile(z: 0, x: 0, y: 0))
        #expect(isClose(zero.northWest.x, 500 - 128, within: 1e-9) && isClose(zero.northWest.y, 0, within: 1e-9))
        for wrap in [-2, -1, 1, 2] {
            let copy = try wide.corners(of: MapTile(z: 0, x: 0, y: 0, wrap: wrap))
            #expect(isClose(copy.northWest.x, zero.northWest.x + 256 * Double(wrap), within: 1e-9) && copy.northWest.y == zero.northWest.y)
        }
        // Zooms beyond MapTile's 0 ... 30 are refused (at 2 000 and -5 000 the corners were NaN);
        // 30 itself, with the largest wrap, is finite.
        for z in [31, -1, 2_000, -5_000] {
            let error = #expect(throws: GeometryError.self) { try wide.corners(of: MapTile(z: z, x: 0, y: 0)) }
            #expect(error?.description.contains("tile zoom") == true, "\(z)")
        }
        let far = try wide.corners(of: MapTile(z: 30, x: (1 << 30) - 1, y: (1 << 30) - 1, wrap: Int(Int32.max)))
        #expect([far.northWest, far.northEast, far.southEast, far.southWest].allSatisfy { $0.x.isFinite && $0.y.isFinite })
    }

    @Test("with insets the first tile holds the focal point, not the screen's center")
    func focalFirst() throws {
        var camera = try MercatorCamera(center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 14.3, widthPoints: 390, heightPoints: 844)
        try camera.setInsets(ScreenInsets(top: 0, left: 0, bottom: 500, right: 0))
        let cover = try camera.tileCover()
        let outline = Outline(camera, z: cover.zoom)
        let first = cover.tiles[0]
        #expect(Int(outline.focalX.rounded(.down)) == first.unwrappedX && Int(outline.focalY.rounded(.down)) == first.y)
    }

    @Test("BAD_INPUTS row 81: bad parameters throw typed errors and leave the cover as it was: tile sizes 0, -256, NaN, infinity, 1e6; a budget of 0; a cover over budget")
    func badParameters() throws {
        let camera = try MercatorCamera(center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 22, widthPoints: 2_000, heightPoints: 2_000)
        var cover = try camera.tileCover()
        let before = cover
        for size in [0.0, -256, .nan, .infinity, 1e6] {
            #expect(throws: GeometryError.self) { try camera.cover(tileSizePoints: size, into: &cover) }
        }
        #expect(throws: GeometryError.self) { try camera.cover(maximumTiles: 0, into: &cover) }
        // A budget beyond 1 048 576 tiles (before: Int.max let a 1 000 000-point screen of
        // 1-point tiles ask for 2.7e11 tiles, exhausting memory).
        for budget in [MercatorCamera.maximumTileBudget + 1, Int.max] {
            #expect(throws: GeometryError.invalidRendererParameter(name: "tile budget", value: Double(budget), expected: "an integer number of tiles in [1, 1048576]")) {
                try camera.cover(maximumTiles: budget, into: &cover)
            }
        }
        let huge = try MercatorCamera(center: Coordinate(latitude: 0, longitude: 0), zoom: 0, widthPoints: 1e6, heightPoints: 1e6)
        do {
            try huge.cover(tileSizePoints: 1, maximumTiles: MercatorCamera.maximumTileBudget, into: &cover)
            Issue.record("a cover of 2.7e11 tiles did not throw")
        } catch {
            guard case .tooManyTiles(let count, MercatorCamera.maximumTileBudget) = error else { throw error }
            #expect(count > 200_000_000_000)
        }
        do {
            try camera.cover(tileSizePoints: 1, into: &cover)
            Issue.record("a cover of about 4 million tiles did not throw")
        } catch {
            guard case .tooManyTiles(let count, let maximum) = error else { throw error }
            #expect(count > 4_000_000 && maximum == MercatorCamera.defaultMaximumTiles)
        }
        #expect(cover == before)
        // The default budget is 4 096 tiles (DESIGN.md), not just the constant's value: a
        // 16 384-point square on tile edges at zoom 10 (the center, 0 N 0 E, is a corner of tiles)
        // needs exactly 64 x 64 = 4 096 tiles and gets them; 256 points wider, 32.5 tiles each
        // side of the center, it needs 66 x 64 = 4 224 and throws, naming the maximum 4 096.
        let full = try MercatorCamera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10, widthPoints: 16_384, heightPoints: 16_384)
        #expect(try full.tileCover().tiles.count == 4_096)
        let wider = try MercatorCamera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10, widthPoints: 16_640, heightPoints: 16_384)
        #expect(throws: GeometryError.tooManyTiles(count: 4_224, maximum: 4_096)) { try wider.tileCover() }
    }

    @Test("covering into a reused cover allocates nothing: 1 000 frames of pinch, pan and rotation", .enabled(if: malloc_counter_is_available() == 1, "allocations are counted only with glibc and no sanitizer"))
    func reuseDoesNotAllocate() throws {
        var camera = try MercatorCamera(center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 13.2, widthPoints: 390, heightPoints: 844)
        var cover = TileCover()
        // Grown once, for the largest cover of the loop.
        try camera.cover(into: &cover)
        var large = try MercatorCamera(center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 13.2, widthPoints: 1_600, heightPoints: 1_600)
        try large.jump(bearing: 45)
        try large.cover(into: &cover)
        let anchor = ScreenPoint(x: 200, y: 400)
        var allocations: UInt64 = 0
        for frame in 0..<1_000 {
            switch frame % 3 {
            case 0: camera.pinch(scale: frame % 2 == 0 ? 1.05 : 1 / 1.05, anchor: anchor)
            case 1: camera.pan(dx: 7, dy: -3)
            default: camera.rotate(degrees: 1.5, around: anchor)
            }
            let before = malloc_counter_thread_allocations()
            try camera.cover(into: &cover)
            allocations += malloc_counter_thread_allocations() - before
        }
        #expect(allocations == 0)
    }
}
