import GeoMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One map tile of the Web Mercator tile pyramid (the XYZ scheme of OpenStreetMap, MapLibre
/// and Leaflet): at zoom `z` the world is 2^z x 2^z tiles, column `x` from the antimeridian
/// eastward, row `y` from the north edge southward.
public struct MapTile: Hashable, Sendable, CustomStringConvertible {
    // (Stored in 32 bits each: 16 bytes a tile, which halves what sorting a cover moves.)
    let storedZ: Int32
    let storedX: Int32
    let storedY: Int32
    let storedWrap: Int32

    /// The tile zoom.
    public var z: Int { Int(storedZ) }
    /// The column, in [0, 2^z).
    public var x: Int { Int(storedX) }
    /// The row, in [0, 2^z), 0 at the north edge of the world.
    public var y: Int { Int(storedY) }
    /// The world copy the tile is drawn on: 0 is the copy holding the camera's center (its
    /// longitude normalised into [-180, 180)), -1 the copy west of it, 1 the copy east.
    public var wrap: Int { Int(storedWrap) }

    /// A tile from its parts: z in 0 ... 30, x and y in [0, 2^z), wrap within +-2^31 (not
    /// otherwise checked: a renderer's own tiles).
    public init(z: Int, x: Int, y: Int, wrap: Int = 0) {
        storedZ = Int32(truncatingIfNeeded: z)
        storedX = Int32(truncatingIfNeeded: x)
        storedY = Int32(truncatingIfNeeded: y)
        storedWrap = Int32(truncatingIfNeeded: wrap)
    }

    /// "z/x/y", with the wrap when it is not 0 ("3/7/2@-1").
    public var description: String { wrap == 0 ? "\(z)/\(x)/\(y)" : "\(z)/\(x)/\(y)@\(wrap)" }

    /// The column counted across world copies: x + wrap 2^z.
    public var unwrappedX: Int { x + wrap << z }
}

/// How a camera's fractional zoom becomes a tile zoom.
///
/// Either way the tile zoom is at least 0: where the world, 256 2^zoom points, is narrower
/// than a tile, the tile of zoom 0 is drawn at the world's width, smaller than its size (a
/// 512-point tile at 256 points at zoom 0).
public enum TileZoomRule: String, Hashable, Sendable, CaseIterable {
    /// The largest tile zoom whose tiles are drawn at their size or larger (MapLibre, Mapbox
    /// GL, OpenLayers' vector layers): tiles are magnified up to twice their size, never
    /// minified above tile zoom 0.
    case floor
    /// The nearest tile zoom (Leaflet's and most raster renderers' rounding): tiles are drawn
    /// between 0.71 and 1.41 times their size, above tile zoom 0.
    case round
}

/// The tiles a camera needs: those its viewport shows, a ring around them to prefetch, and
/// their parents to draw while they load. Reuse one value across frames: covering into it
/// allocates nothing once its arrays have grown to the frame's needs.
public struct TileCover: Sendable {
    /// The tile zoom.
    public internal(set) var zoom: Int = 0
    /// Every tile whose interior overlaps the viewport's interior (tiles that only touch it
    /// are left out), each world copy apart, nearest first: by the distance from the focal
    /// point to the tile's center; on a tie (the focal point on a tile edge or corner) the
    /// tiles south of it, then east of it, first (so the tile holding the focal point in the
    /// half-open sense comes first), then by row, then column across copies.
    public internal(set) var tiles: [MapTile] = []
    /// The tiles around them: each tile that shares an edge or a corner with a tile of
    /// ``tiles``, is not one of them and lies on the world (rows 0 ..< 2^z), nearest first.
    public internal(set) var prefetch: [MapTile] = []
    /// The tiles one zoom lower that hold ``tiles`` (none at zoom 0), each once, nearest first.
    public internal(set) var parents: [MapTile] = []

    // Each covered row's first and last column (across copies), rows firstRow ..< firstRow + count.
    var firstRow = 0
    var rowFirst: [Int] = []
    var rowLast: [Int] = []
    // The sort keys (squared distances), scratch.
    var keys: [Double] = []

    /// An empty cover, to cover into.
    public init() {}
}

extension TileCover: Equatable {
    /// Equal when the zoom and the three tile lists are equal.
    public static func == (a: TileCover, b: TileCover) -> Bool {
        a.zoom == b.zoom && a.tiles == b.tiles && a.prefetch == b.prefetch && a.parents == b.parents
    }
}

extension MercatorCamera {
    /// The default tile size, in points: 256 (OpenStreetMap's raster tiles; MapLibre's vector
    /// tiles are 512 points, one zoom lower).
    public static let defaultTileSizePoints = 256.0
    /// The default budget of a tile cover: 4 096 tiles (a 1 366 x 1 024 point iPad screen
    /// at 45 degrees needs under 60 tiles of 256 points).
    public static let defaultMaximumTiles = 4_096
    /// The largest budget a cover takes: 1 048 576 tiles (16 MiB of tiles, 16 bytes each). A
    /// larger one would let a huge screen of tiny tiles ask for billions of tiles (a
    /// 1 000 000-point screen of 1-point tiles needs 2.7e11: asked for zoom 0, it shows about
    /// 11.9, the lowest at which it stays within the world) and exhaust memory.
    public static let maximumTileBudget = 1 << 20
    /// The tile sizes accepted, in points.
    public static let tileSizeRangePoints: ClosedRange<Double> = 1...65_536

    /// The tile zoom for this camera: z = zoom + log2(256 / tileSize), rounded down
    /// (``TileZoomRule/floor``) or to the nearest (``TileZoomRule/round``, halves up), and at
    /// least 0. With 256-point tiles and the floor rule it is floor(zoom); 512-point tiles are
    /// one zoom lower.
    ///
    /// - Throws: `GeometryError/invalidRendererParameter(name:value:expected:)` for a tile
    ///   size that is not finite or lies outside ``tileSizeRangePoints``.
    public func tileZoom(tileSizePoints: Double = defaultTileSizePoints, rule: TileZoomRule = .floor) throws(GeometryError) -> Int {
        try Self.validateTileSize(tileSizePoints)
        return Self.tileZoom(zoom: zoom, tileSizePoints: tileSizePoints, rule: rule)
    }

    static func validateTileSize(_ size: Double) throws(GeometryError) {
        guard tileSizeRangePoints.contains(size) else {
            throw .invalidRendererParameter(
                name: "tile size", value: size,
                expected: "a finite number of points in [\(tileSizeRangePoints.lowerBound), \(tileSizeRangePoints.upperBound)]")
        }
    }

    static func tileZoom(zoom: Double, tileSizePoints: Double, rule: TileZoomRule) -> Int {
        // (For a power of two the logarithm is exact, so an integer zoom stays exact.)
        let exact = zoom + log2(256 / tileSizePoints)
        let z = rule == .floor ? exact.rounded(.down) : exact.rounded(.toNearestOrAwayFromZero)
        return Int(max(z, 0))
    }

    /// The tiles this camera needs, as a new cover. See ``cover(tileSizePoints:rule:maximumTiles:into:)``.
    ///
    /// - Throws: As ``cover(tileSizePoints:rule:maximumTiles:into:)``.
    public func tileCover(
        tileSizePoints: Double = defaultTileSizePoints, rule: TileZoomRule = .floor, maximumTiles: Int = defaultMaximumTiles
    ) throws(GeometryError) -> TileCover {
        var cover = TileCover()
        try self.cover(tileSizePoints: tileSizePoints, rule: rule, maximumTiles: maximumTiles, into: &cover)
        return cover
    }

    /// Where a tile is drawn on this camera's screen: its four corners, in screen points, on
    /// the tile's world copy (``MapTile/wrap``: 0 the copy holding the center), rotated with
    /// the map. The tile is the square they span, 256 2^(zoom - z) points a side, its
    /// north-west to north-east edge pointing east on screen (rightwards at bearing 0).
    ///
    /// What a renderer needs to draw a tile of ``TileCover/tiles`` (an image transformed
    /// onto the square): `point(for:)` cannot say it, since it places a point on the world
    /// copy nearest the center, not on the tile's. Corners are computed from the tile's
    /// column and row, so neighbouring tiles share theirs exactly (no seam), and a point the
    /// camera places lies where the tile under it is drawn (to rounding, about 1e-9 points at
    /// zoom 12).
    ///
    /// - Parameter tile: A tile of zoom 0 ... 30 (its column and row are not checked: a tile
    ///   beyond the world is drawn where it would be).
    /// - Returns: The north-west, north-east, south-east and south-west corners.
    /// - Throws: `GeometryError/invalidRendererParameter(name:value:expected:)` for a tile zoom
    ///   outside 0 ... 30 (`MapTile`'s own range; far outside it, at 2 000 or -5 000, the
    ///   corners would not be finite).
    public func corners(of tile: MapTile) throws(GeometryError) -> (northWest: ScreenPoint, northEast: ScreenPoint, southEast: ScreenPoint, southWest: ScreenPoint) {
        guard (0...30).contains(tile.z) else {
            throw .invalidRendererParameter(name: "tile zoom", value: Double(tile.z), expected: "an integer in 0 ... 30")
        }
        let n = exp2(Double(tile.z))
        let world = WebMercator.worldWidthMeters
        // The focal point in tile units of the tile's zoom, and points per tile, as the cover
        // takes the screen to tiles (TileGeometry).
        let fx = (centerX / world + 0.5) * n, fy = (0.5 - centerY / world) * n
        let pointsPerTile = 256 * exp2(zoom) / n
        let sin = sinBearing, cos = cosBearing
        func screen(_ column: Double, _ row: Double) -> ScreenPoint {
            // East and south of the focal point in points, turned by R(b).
            let east = (column - fx) * pointsPerTile, south = (row - fy) * pointsPerTile
            return ScreenPoint(x: focalX + cos * east + sin * south, y: focalY - sin * east + cos * south)
        }
        let x = Double(tile.unwrappedX), y = Double(tile.y)
        return (screen(x, y), screen(x + 1, y), screen(x + 1, y + 1), screen(x, y + 1))
    }

    /// Covers the viewport with tiles, into `cover` (allocation-free once its arrays have the
    /// capacity).
    ///
    /// The whole screen is covered (insets hide part of it but do not crop it), rotated by the
    /// bearing: its four corners are taken to tile units at the tile zoom
    /// (``tileZoom(tileSizePoints:rule:)``) exactly as the camera places points, and each
    /// tile row gets the columns whose interior overlaps the rotated rectangle's interior
    /// there. Overlaps thinner than 1e-9 of a tile (below the placement's rounding) count as
    /// touching. Columns beyond the world's width are the world copies beside it (`wrap`);
    /// rows beyond the north or south edge do not exist and are left out.
    ///
    /// - Parameters:
    ///   - tileSizePoints: The tiles' size in points, in ``tileSizeRangePoints`` (default 256).
    ///   - rule: How the camera's zoom becomes a tile zoom (default ``TileZoomRule/floor``).
    ///   - maximumTiles: The most tiles ``TileCover/tiles`` may hold (default 4 096), 1 ...
    ///     ``maximumTileBudget``.
    ///   - cover: Overwritten with the cover.
    /// - Throws: `GeometryError/invalidRendererParameter(name:value:expected:)` for a tile
    ///   size out of range or a budget out of its range; `GeometryError/tooManyTiles(count:maximum:)`
    ///   when the viewport needs more tiles than the budget. `cover` is then unchanged.
    public func cover(
        tileSizePoints: Double = defaultTileSizePoints, rule: TileZoomRule = .floor, maximumTiles: Int = defaultMaximumTiles,
        into cover: inout TileCover
    ) throws(GeometryError) {
        try Self.validateTileSize(tileSizePoints)
        guard maximumTiles >= 1, maximumTiles <= Self.maximumTileBudget else {
            throw .invalidRendererParameter(
                name: "tile budget", value: Double(maximumTiles), expected: "an integer number of tiles in [1, \(Self.maximumTileBudget)]")
        }
        let z = Self.tileZoom(zoom: zoom, tileSizePoints: tileSizePoints, rule: rule)
        let geometry = TileGeometry(camera: self, z: z)
        // First each row's columns and the count, so that a cover over budget throws before a
        // tile is written (only the scratch row ranges change). With more rows than the budget
        // (a huge screen; only a row holding just a vertex's tip thinner than the 1e-9 tile
        // tolerance has no tile) the count comes first, without keeping a range per row.
        let rows = geometry.rows
        var count = 0
        if rows.count > maximumTiles {
            for row in rows {
                let (first, last) = geometry.columns(row: row)
                count += max(last - first + 1, 0)
            }
            if count > maximumTiles { throw .tooManyTiles(count: count, maximum: maximumTiles) }
            count = 0
        }
        cover.rowFirst.removeAll(keepingCapacity: true)
        cover.rowLast.removeAll(keepingCapacity: true)
        for row in rows {
            let (first, last) = geometry.columns(row: row)
            cover.rowFirst.append(first)
            cover.rowLast.append(last)
            count += max(last - first + 1, 0)
        }
        guard count <= maximumTiles else { throw .tooManyTiles(count: count, maximum: maximumTiles) }
        geometry.fill(&cover, rows: rows)
    }
}

/// The viewport in tile units at one tile zoom: the rotated screen rectangle's corners, and the
/// focal point, with x the column across world copies and y the row (both fractional).
struct TileGeometry {
    let z: Int
    let tilesPerWorld: Int
    let focalX: Double
    let focalY: Double
    let cornerX: (Double, Double, Double, Double)
    let cornerY: (Double, Double, Double, Double)
    let minY: Double
    let maxY: Double

    /// Overlaps thinner than this, in tiles, count as touching.
    static let epsilon = 1e-9

    init(camera: MercatorCamera, z: Int) {
        self.z = z
        tilesPerWorld = 1 << z
        let n = Double(tilesPerWorld)
        let world = WebMercator.worldWidthMeters
        // Tile units per point: 2^z tiles across a world of 256 2^zoom points.
        let perPoint = n / (256 * exp2(camera.zoom))
        let fx = (camera.centerX / world + 0.5) * n, fy = (0.5 - camera.centerY / world) * n
        focalX = fx
        focalY = fy
        let f = camera.focalPoint
        let sin = camera.sinBearing, cos = camera.cosBearing
        func corner(_ px: Double, _ py: Double) -> (Double, Double) {
            // R(b)^T (p - focal): east and south of the focal point, in points.
            let u = px - f.x, v = py - f.y
            let (east, south) = MapBearing.unrotated(u, v, sin: sin, cos: cos)
            return (fx + east * perPoint, fy + south * perPoint)
        }
        let w = camera.widthPoints, h = camera.heightPoints
        let a = corner(0, 0), b = corner(w, 0), c = corner(w, h), d = corner(0, h)
        cornerX = (a.0, b.0, c.0, d.0)
        cornerY = (a.1, b.1, c.1, d.1)
        minY = min(min(a.1, b.1), min(c.1, d.1))
        maxY = max(max(a.1, b.1), max(c.1, d.1))
    }

    /// The rows whose interior overlaps the viewport's, on the world (empty when none).
    var rows: Range<Int> {
        let eps = Self.epsilon
        let first = max(Int((minY + eps).rounded(.down)), 0)
        let last = min(Int((maxY - eps).rounded(.up)) - 1, tilesPerWorld - 1)
        return first <= last ? first..<(last + 1) : 0..<0
    }

    /// The columns (across copies) of row `row` whose interior overlaps the viewport's: empty
    /// (last < first) when none does.
    func columns(row: Int) -> (first: Int, last: Int) {
        let low = max(Double(row), minY), high = min(Double(row + 1), maxY)
        var west = Double.infinity, east = -Double.infinity
        Self.clip(cornerX.0, cornerY.0, cornerX.1, cornerY.1, low, high, &west, &east)
        Self.clip(cornerX.1, cornerY.1, cornerX.2, cornerY.2, low, high, &west, &east)
        Self.clip(cornerX.2, cornerY.2, cornerX.3, cornerY.3, low, high, &west, &east)
        Self.clip(cornerX.3, cornerY.3, cornerX.0, cornerY.0, low, high, &west, &east)
        guard west <= east else { return (0, -1) }
        let eps = Self.epsilon
        return (Int((west + eps).rounded(.down)), Int((east - eps).rounded(.up)) - 1)
    }

    /// Widens west ... east to the part of the edge (x0, y0) - (x1, y1) within the band
    /// low <= y <= high. (A function of its own, not a closure, so that a debug build does not
    /// box the bounds on the heap.)
    @inline(__always)
    static func clip(
        _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ low: Double, _ high: Double, _ west: inout Double,
        _ east: inout Double
    ) {
        if y0 == y1 {
            if y0 >= low && y0 <= high {
                west = min(west, min(x0, x1))
                east = max(east, max(x0, x1))
            }
            return
        }
        let top = min(y0, y1), bottom = max(y0, y1)
        guard bottom >= low, top <= high else { return }
        let slope = (x1 - x0) / (y1 - y0)
        let xa = x0 + (max(top, low) - y0) * slope, xb = x0 + (min(bottom, high) - y0) * slope
        west = min(west, min(xa, xb))
        east = max(east, max(xa, xb))
    }

    @inline(__always)
    func tile(column: Int, row: Int, zoom: Int) -> MapTile {
        // (An arithmetic shift is floor division by 2^zoom: column -1 is the last column of copy -1.)
        MapTile(z: zoom, x: column & ((1 << zoom) - 1), y: row, wrap: column >> zoom)
    }

    /// Writes the cover, the prefetch ring and the parents into `cover`, each sorted nearest
    /// first, from the row ranges already in its scratch (`rowFirst`, `rowLast` for `rows`).
    func fill(_ cover: inout TileCover, rows: Range<Int>) {
        cover.zoom = z
        cover.tiles.removeAll(keepingCapacity: true)
        cover.prefetch.removeAll(keepingCapacity: true)
        cover.parents.removeAll(keepingCapacity: true)
        guard !rows.isEmpty else { return }
        cover.firstRow = rows.lowerBound
        for row in rows {
            let k = row - rows.lowerBound
            let first = cover.rowFirst[k], last = cover.rowLast[k]
            if first <= last {
                for column in first...last { cover.tiles.append(tile(column: column, row: row, zoom: z)) }
            }
        }
        // The ring: in each row from one above the cover to one below, the columns within one
        // of a covered column in that row or the rows beside it, less the row's own cover.
        let count = cover.rowFirst.count
        func range(_ k: Int) -> (Int, Int)? {
            guard k >= 0, k < count, cover.rowFirst[k] <= cover.rowLast[k] else { return nil }
            return (cover.rowFirst[k], cover.rowLast[k])
        }
        for k in -1...count {
            let row = cover.firstRow + k
            guard row >= 0, row < tilesPerWorld else { continue }
            var west = Int.max, east = Int.min
            for neighbour in (k - 1)...(k + 1) {
                if let (first, last) = range(neighbour) {
                    west = min(west, first - 1)
                    east = max(east, last + 1)
                }
            }
            guard west <= east else { continue }
            let own = range(k)
            for column in west...east {
                if let (first, last) = own, column >= first && column <= last { continue }
                cover.prefetch.append(tile(column: column, row: row, zoom: z))
            }
        }
        // The parents: row r's parents are row r / 2's columns first / 2 ... last / 2; the two
        // child rows of a parent row overlap (the rectangle is convex), so their union is one run.
        if z > 0 {
            var k = 0
            while k < count {
                let parentRow = (cover.firstRow + k) >> 1
                var west = Int.max, east = Int.min
                while k < count && (cover.firstRow + k) >> 1 == parentRow {
                    if let (first, last) = range(k) {
                        west = min(west, first >> 1)
                        east = max(east, last >> 1)
                    }
                    k += 1
                }
                if west <= east {
                    for column in west...east { cover.parents.append(tile(column: column, row: parentRow, zoom: z - 1)) }
                }
            }
        }
        sortNearestFirst(&cover.tiles, shift: 0, keys: &cover.keys)
        sortNearestFirst(&cover.prefetch, shift: 0, keys: &cover.keys)
        sortNearestFirst(&cover.parents, shift: 1, keys: &cover.keys)
    }

    /// Sorts tiles by distance from the focal point; ties (a focal point on a tile edge or
    /// corner) first the tiles south, then east, of it (so that the tile holding the focal point
    /// in the half-open sense, [x, x + 1) x [y, y + 1), comes first), then by row, then column
    /// across copies. In place without allocating (insertion sort for short lists, heapsort
    /// beyond).
    func sortNearestFirst(_ tiles: inout [MapTile], shift: Int, keys: inout [Double]) {
        let scale = 1 / Double(1 << shift)
        // Each tile's squared distance, computed once (the cover's scratch, grown once).
        let n = tiles.count
        if keys.count < n { keys.append(contentsOf: repeatElement(0, count: n - keys.count)) }
        let fx = focalX * scale, fy = focalY * scale
        tiles.withUnsafeMutableBufferPointer { tiles in
            keys.withUnsafeMutableBufferPointer { keys in
                for k in 0..<n {
                    let dx = (Double(tiles[k].unwrappedX) + 0.5) - fx, dy = (Double(tiles[k].y) + 0.5) - fy
                    keys[k] = dx * dx + dy * dy
                }
                Self.sort(tiles, UnsafeMutableBufferPointer(rebasing: keys[0..<n]), focalX: fx, focalY: fy)
            }
        }
    }

    /// Whether tile a (squared distance da) goes before tile b: nearer first; on a tie south of
    /// the focal point first, then east of it, then by row and column.
    @inline(__always)
    static func before(_ a: MapTile, _ da: Double, _ b: MapTile, _ db: Double, focalX fx: Double, focalY fy: Double) -> Bool {
        if da != db { return da < db }
        let northA = Double(a.y) + 0.5 < fy, northB = Double(b.y) + 0.5 < fy
        if northA != northB { return northB }
        let westA = Double(a.unwrappedX) + 0.5 < fx, westB = Double(b.unwrappedX) + 0.5 < fx
        if westA != westB { return westB }
        return a.y != b.y ? a.y < b.y : a.unwrappedX < b.unwrappedX
    }

    /// Sorts tiles and their keys together (insertion sort up to 48, heapsort beyond).
    static func sort(_ tiles: UnsafeMutableBufferPointer<MapTile>, _ keys: UnsafeMutableBufferPointer<Double>, focalX: Double, focalY: Double) {
        let n = tiles.count
        if n <= 48 {
            for i in 1..<max(n, 1) {
                let value = tiles[i], valueKey = keys[i]
                var j = i
                while j > 0 && before(value, valueKey, tiles[j - 1], keys[j - 1], focalX: focalX, focalY: focalY) {
                    tiles[j] = tiles[j - 1]
                    keys[j] = keys[j - 1]
                    j -= 1
                }
                tiles[j] = value
                keys[j] = valueKey
            }
            return
        }
        // Heapsort: sift down from each parent, then move the largest to the end.
        var end = n
        var start = n / 2 - 1
        while true {
            var parent: Int
            if start >= 0 {
                parent = start
                start -= 1
            } else {
                end -= 1
                guard end > 0 else { return }
                tiles.swapAt(0, end)
                keys.swapAt(0, end)
                parent = 0
            }
            while true {
                var largest = parent
                let left = 2 * parent + 1, right = left + 1
                if left < end && before(tiles[largest], keys[largest], tiles[left], keys[left], focalX: focalX, focalY: focalY) { largest = left }
                if right < end && before(tiles[largest], keys[largest], tiles[right], keys[right], focalX: focalX, focalY: focalY) { largest = right }
                if largest == parent { break }
                tiles.swapAt(parent, largest)
                keys.swapAt(parent, largest)
                parent = largest
            }
        }
    }
}
