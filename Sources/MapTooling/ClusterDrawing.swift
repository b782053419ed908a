import GeoMath
import Projection

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a reference renderer draws for the pins of a camera state when they are clustered:
/// the items the camera shows (``PinClusterIndex/items(in:into:)``), in draw order. A cluster
/// is a badge split between MISSING and FOUND by its counts, with its count; a single pin is
/// a pin; a group that never splits is drawn as its spread layout, each pin joined to the
/// group's place by a leader line, over the badges and pins. ``drawn(over:)`` puts it into a
/// drawing's SVG.
public struct ClusterDrawing: Hashable, Sendable {
    /// One drawn item.
    public struct Item: Hashable, Sendable {
        /// The viewport query's item.
        public let placed: PlacedClusterItem
        /// Its pins' ids, sorted.
        public let ids: [String]
        /// Its spread layout (a group that never splits), or nil.
        public let spread: [SpreadPin]?
        /// The category of each spread pin, in the spread's order (empty without a spread).
        public var spreadCategories: [PinCategory] { spread?.map(\.category) ?? [] }
    }

    /// The items, in draw order.
    public let items: [Item]
    /// The level drawn (floor of the camera's zoom, at most the index's maximum zoom).
    public let level: Int

    /// The radius of a cluster badge in points: 12 for two pins, growing with the logarithm
    /// of the count to 22 (the touch target's half) at 1 000 and beyond.
    public static func badgeRadius(count: Int) -> Double {
        min(12 + 10 * log10(Double(max(count, 2)) / 2) / log10(500), 22)
    }

    /// Lays out the clustered pins of `index` for `camera`.
    ///
    /// - Parameters:
    ///   - index: The cluster index.
    ///   - camera: The camera.
    public init(index: PinClusterIndex, camera: MercatorCamera) {
        var placed: [PlacedClusterItem] = []
        index.items(in: camera, into: &placed)
        level = index.level(forZoom: camera.zoom)
        // (The items are the index's own, just made: their pins and spreads need no check.)
        items = placed.map { item in
            Item(
                placed: item, ids: index.memberPins(of: item.item).map(\.id).sorted(by: PinClusterIndex.idPrecedes),
                spread: index.spreadLayout(of: item))
        }
    }

    /// Lays out the clustered pins of `index` for `camera`; the categories are the index's
    /// own, so `categories` is not read.
    @available(*, deprecated, message: "The index knows each pin's category: use init(index:camera:).")
    public init(index: PinClusterIndex, camera: MercatorCamera, categories: [String: PinCategory]) throws(GeometryError) {
        self.init(index: index, camera: camera)
    }

    /// What the drawing puts on the screen, for a legend to keep clear of
    /// (`LegendPlacement(boxWidthPoints:boxHeightPoints:screenWidthPoints:screenHeightPoints:insets:marginPoints:obstacles:preference:)`):
    /// each badge as a disc of its radius standing for its count, each single pin and spread
    /// pin as a 6-point disc standing for one pet, and each spread's place as its 3-point dot,
    /// which stands for none (its pets are its spread pins).
    public var legendObstacles: [LegendObstacle] {
        var out: [LegendObstacle] = []
        // (Radii and counts are the drawing's own, finite and >= 0: the disc cannot throw.)
        func disc(_ center: ScreenPoint, _ radius: Double, _ count: Int) {
            if let obstacle = try? LegendObstacle.disc(center: center, radiusPoints: radius, pinCount: count) { out.append(obstacle) }
        }
        for item in items {
            let p = item.placed.point, it = item.placed.item
            if let spread = item.spread {
                disc(p, 3, 0)
                for pin in spread { disc(pin.point, 6, 1) }
            } else if it.isCluster {
                disc(p, Self.badgeRadius(count: it.count), it.count)
            } else {
                disc(p, 6, 1)
            }
        }
        return out
    }

    /// The SVG elements: one group, `id="clusters"`, with an element per item carrying its
    /// ids (`data-ids`, space-separated) and count: the badges and pins in draw order, then the
    /// spread layouts in draw order over them (a spread's pins stand off its group's place,
    /// over whatever lies there, and a tap is tested against the spreads first).
    public var svgElements: String {
        func number(_ value: Double) -> String { PreviewDrawing.fixed(value, decimals: 3) }
        let missing = PinCategory.missing.style, found = PinCategory.found.style
        var out = "<g id=\"clusters\" data-level=\"\(level)\" stroke=\"#FFFFFF\" stroke-width=\"1.5\">\n"
        // (In draw order, a spread was drawn under the items after it: a pin 22 points south of
        // two pets at one address covered the lower pet, which a tap there hits.)
        for item in items.filter({ $0.spread == nil }) + items.filter({ $0.spread != nil }) {
            let p = item.placed.point, it = item.placed.item
            let ids = PreviewDrawing.escaped(item.ids.joined(separator: " "))
            if let spread = item.spread {
                out += "<g class=\"spread\" data-ids=\"\(ids)\" data-count=\"\(it.count)\">\n"
                for pin in spread {
                    out += "<line x1=\"\(number(p.x))\" y1=\"\(number(p.y))\" x2=\"\(number(pin.point.x))\" y2=\"\(number(pin.point.y))\" stroke=\"#5F6368\" stroke-width=\"1\"/>\n"
                }
                out += "<circle cx=\"\(number(p.x))\" cy=\"\(number(p.y))\" r=\"3\" fill=\"#5F6368\"/>\n"
                for (pin, category) in zip(spread, item.spreadCategories) {
                    let style = category.style
                    out += "<circle data-id=\"\(PreviewDrawing.escaped(pin.id))\" data-symbol=\"\(style.symbol)\" cx=\"\(number(pin.point.x))\" cy=\"\(number(pin.point.y))\" r=\"6\" fill=\"\(style.colorHex)\"/>\n"
                }
                out += "</g>\n"
            } else if it.isCluster {
                let r = Self.badgeRadius(count: it.count)
                out += "<g class=\"cluster\" data-ids=\"\(ids)\" data-count=\"\(it.count)\" data-missing=\"\(it.missingCount)\" data-found=\"\(it.foundCount)\">\n"
                // The MISSING share as a sector from the top, clockwise, over the FOUND disc.
                out += "<circle cx=\"\(number(p.x))\" cy=\"\(number(p.y))\" r=\"\(number(r))\" fill=\"\(found.colorHex)\"/>\n"
                let angle = 2 * Double.pi * Double(it.missingCount) / Double(it.count)
                let ex = p.x + r * sin(angle), ey = p.y - r * cos(angle)
                // (An arc whose end is written as its start is no arc at all in SVG: a sector
                // of all but a few millionths of the disc, 1 FOUND among 300 000 pets, then
                // drew nothing, and the badge all FOUND. It is drawn as the whole disc.)
                let endIsStart = number(ex) == number(p.x) && number(ey) == number(p.y - r)
                if it.missingCount == it.count || (endIsStart && angle > Double.pi) {
                    out += "<circle cx=\"\(number(p.x))\" cy=\"\(number(p.y))\" r=\"\(number(r))\" fill=\"\(missing.colorHex)\"/>\n"
                } else if it.missingCount > 0 && !endIsStart {
                    out += "<path d=\"M\(number(p.x)),\(number(p.y)) L\(number(p.x)),\(number(p.y - r)) A\(number(r)),\(number(r)) 0 \(angle > Double.pi ? 1 : 0) 1 \(number(ex)),\(number(ey)) Z\" fill=\"\(missing.colorHex)\"/>\n"
                }
                out += "<text x=\"\(number(p.x))\" y=\"\(number(p.y + 4))\" text-anchor=\"middle\" font-size=\"11\" font-weight=\"bold\" fill=\"#FFFFFF\" stroke=\"none\">\(it.count)</text>\n"
                out += "</g>\n"
            } else {
                let style = (it.missingCount == 1 ? PinCategory.missing : PinCategory.found).style
                out += "<circle class=\"pin\" data-ids=\"\(ids)\" data-symbol=\"\(style.symbol)\" cx=\"\(number(p.x))\" cy=\"\(number(p.y))\" r=\"6\" fill=\"\(style.colorHex)\"/>\n"
            }
        }
        out += "</g>\n"
        return out
    }

    /// A drawing's SVG document with the clusters added under its legend (before the legend's
    /// group, so the legend stays on top), or at its end when it has no legend.
    public func drawn(over document: String) -> String {
        PreviewDrawing.inserting(svgElements, underLegendOf: document)
    }
}
