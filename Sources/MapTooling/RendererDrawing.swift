import GeoMath
import Projection

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The tile grid of a camera for the reference SVG renderer (`geobench render --tiles`): each
/// tile of the camera's ``TileCover`` as its outline on screen (rotated with the map) and its
/// z/x/y label at its center, drawn under the graticule.
public struct TileGridDrawing: Sendable {
    /// One drawn tile: its id, its four corners on screen (north-west, north-east, south-east,
    /// south-west) and its center.
    public struct Tile: Hashable, Sendable {
        public let tile: MapTile
        public let corners: [ScreenPoint]
        public let center: ScreenPoint
    }

    /// The tiles, nearest the focal point first.
    public let tiles: [Tile]

    /// The grid of `camera`'s tile cover (256-point tiles, the floor rule unless given).
    ///
    /// - Throws: As ``MercatorCamera/cover(tileSizePoints:rule:maximumTiles:into:)``.
    public init(camera: MercatorCamera, tileSizePoints: Double = MercatorCamera.defaultTileSizePoints, rule: TileZoomRule = .floor) throws(GeometryError) {
        let cover = try camera.tileCover(tileSizePoints: tileSizePoints, rule: rule)
        var tiles: [Tile] = []
        for tile in cover.tiles {
            // (A cover's tiles have zooms 0 ... 30: corners(of:) does not throw for them.)
            let c = try camera.corners(of: tile)
            tiles.append(Tile(
                tile: tile, corners: [c.northWest, c.northEast, c.southEast, c.southWest],
                center: ScreenPoint(x: (c.northWest.x + c.southEast.x) / 2, y: (c.northWest.y + c.southEast.y) / 2)))
        }
        self.tiles = tiles
    }

    /// The grid as SVG elements (`<g id="tiles">`).
    public var svgElements: String {
        func number(_ value: Double) -> String { PreviewDrawing.fixed(value, decimals: 3) }
        var out = "<g id=\"tiles\" fill=\"none\" stroke=\"#7A8CA5\" stroke-width=\"1\">\n"
        for tile in tiles {
            let points = tile.corners.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ")
            out += "<polygon data-tile=\"\(tile.tile)\" points=\"\(points)\"/>\n"
        }
        out += "</g>\n<g id=\"tile-labels\" fill=\"#7A8CA5\" font-size=\"10\" text-anchor=\"middle\">\n"
        for tile in tiles {
            out += "<text x=\"\(number(tile.center.x))\" y=\"\(number(tile.center.y + 3))\">\(tile.tile)</text>\n"
        }
        return out + "</g>\n"
    }

    /// `document` (a ``PreviewDrawing`` SVG) with the grid drawn under its graticule.
    public func drawn(under document: String) -> String {
        guard let graticule = document.range(of: "<g id=\"graticule\"") else { return document }
        return String(document[..<graticule.lowerBound]) + svgElements + String(document[graticule.lowerBound...])
    }
}

/// A camera's scale bar for the reference SVG renderer (`geobench render --scale-bar`): the
/// ``ScaleBar`` at the focal point, drawn at the bottom right of the unobstructed rectangle
/// (above the bottom inset, left of the right one), 12 points in from its corner.
public struct ScaleBarDrawing: Sendable {
    /// The bar.
    public let bar: ScaleBar
    /// Its left and right ends on screen (on one horizontal line).
    public let start: ScreenPoint
    public let end: ScreenPoint

    /// The bar for `camera`.
    ///
    /// - Throws: As ``MercatorCamera/scaleBar(maximumWidthPoints:units:)``.
    public init(camera: MercatorCamera, maximumWidthPoints: Double = ScaleBar.defaultMaximumWidthPoints, units: ScaleBarUnits = .metric) throws(GeometryError) {
        bar = try camera.scaleBar(maximumWidthPoints: maximumWidthPoints, units: units)
        let insets = camera.effectiveInsets
        let right = camera.widthPoints - insets.right - 12, y = camera.heightPoints - insets.bottom - 12
        start = ScreenPoint(x: right - bar.widthPoints, y: y)
        end = ScreenPoint(x: right, y: y)
    }

    /// The bar and its label as a rectangle for a legend to keep clear of
    /// (``ClusterDrawing/legendObstacles`` has the pins'): from the label's top (its 11-point
    /// text, 8 points above the bar) to a point below the bar's stroke, and from the bar's left
    /// end, or the label's left where it is wider (its width estimated at 0.6 of the font's
    /// size a character, Helvetica's average), to a point right of the bar's right end.
    public var legendObstacles: [LegendObstacle] {
        let labelWidth = 6.6 * Double(bar.label.count)
        let left = min(start.x, end.x - labelWidth) - 1
        // (The bar's ends are finite and its size at least a point: the box does not throw.)
        let box = try? LegendObstacle.box(
            origin: ScreenPoint(x: left, y: start.y - 8 - 11), widthPoints: end.x + 1 - left, heightPoints: 8 + 11 + 1)
        return box.map { [$0] } ?? []
    }

    /// The bar as SVG elements (`<g id="scale-bar">`).
    public var svgElements: String {
        func number(_ value: Double) -> String { PreviewDrawing.fixed(value, decimals: 3) }
        let y = number(start.y), top = number(start.y - 5)
        return """
            <g id="scale-bar" stroke="#202124" stroke-width="2" fill="none" data-meters="\(number(bar.lengthMeters))">
            <polyline points="\(number(start.x)),\(top) \(number(start.x)),\(y) \(number(end.x)),\(y) \(number(end.x)),\(top)"/>
            <text x="\(number(end.x))" y="\(number(start.y - 8))" stroke="none" fill="#202124" font-size="11" text-anchor="end">\(bar.label)</text>
            </g>

            """
    }

    /// `document` with the bar drawn under its legend (or last).
    public func drawn(over document: String) -> String {
        PreviewDrawing.inserting(svgElements, underLegendOf: document)
    }
}
