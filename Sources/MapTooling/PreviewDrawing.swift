import GeoMath
import Projection

/// A graticule line of a drawing: its label and its points.
public struct GraticuleLine: Hashable, Sendable {
    /// "48.80°N", "2.30°E".
    public let label: String
    /// The line, in screen points.
    public let points: [ScreenPoint]
}

/// A pin of a drawing.
public struct DrawnPin: Hashable, Sendable, Identifiable {
    /// The announcement's id.
    public let id: String
    /// Its legend category.
    public let category: PinCategory
    /// Where it is drawn, in screen points.
    public let point: ScreenPoint
}

/// What a reference renderer draws for a preview or a camera state, placed in screen points:
/// the geodesic circle (projected, so it looks round in Web Mercator wherever the
/// projection keeps shapes), the circle's latitude/longitude bounds, a graticule, the pins by
/// category, and the legend. ``svg`` writes it as an SVG document.
public struct PreviewDrawing: Hashable, Sendable {
    /// Screen width in points.
    public let widthPoints: Double
    /// Screen height in points.
    public let heightPoints: Double
    /// The geodesic circle of the region: the destinations at `circleSamples` azimuths, in
    /// azimuth order (0 = north).
    public let circle: [ScreenPoint]
    /// The circle's bounds: north-west, north-east, south-east, south-west corners (for a
    /// circle spanning all longitudes, its north and south edges across the screen).
    public let bounds: [ScreenPoint]
    /// Graticule lines of constant longitude, then latitude.
    public let graticule: [GraticuleLine]
    /// The pins on screen (pins more than 20 points off screen are left out).
    public let pins: [DrawnPin]

    /// How many points the circle has.
    public static let circleSamples = 360

    /// Lays out the drawing of `circle` and `pins` on a screen (a preview frame's or a
    /// camera's transform).
    public init(circle: GeodesicCircle, pins: [Pin], transform: ScreenTransform) {
        widthPoints = transform.widthPoints
        heightPoints = transform.heightPoints
        var outline: [ScreenPoint] = []
        for index in 0..<Self.circleSamples {
            let azimuth = 360 * Double(index) / Double(Self.circleSamples)
            // A valid circle's radius and these azimuths are finite: destination cannot fail.
            guard let destination = try? circle.center.destination(distanceMeters: circle.radiusMeters, azimuthDegrees: azimuth)
            else { continue }
            outline.append(transform.point(for: destination.coordinate))
        }
        self.circle = outline
        let b = circle.bounds
        func corner(_ latitude: Double, _ longitude: Double) -> ScreenPoint {
            transform.point(for: MercatorPoint(Coordinate.wrapping(latitude: latitude, longitude: longitude)))
        }
        if b.spansAllLongitudes {
            // -180 and 180 are the same meridian: draw the north and south edges across.
            let north = corner(b.north, circle.center.longitude)
            let south = corner(b.south, circle.center.longitude)
            bounds = [
                ScreenPoint(x: 0, y: north.y), ScreenPoint(x: widthPoints, y: north.y),
                ScreenPoint(x: widthPoints, y: south.y), ScreenPoint(x: 0, y: south.y),
            ]
        } else {
            bounds = [corner(b.north, b.west), corner(b.north, b.east), corner(b.south, b.east), corner(b.south, b.west)]
        }
        var drawn: [DrawnPin] = []
        for pin in pins {
            let point = transform.point(for: pin.mercator)
            let margin = 20.0
            guard point.x >= -margin, point.x <= widthPoints + margin, point.y >= -margin, point.y <= heightPoints + margin
            else { continue }
            drawn.append(DrawnPin(id: pin.id, category: pin.category, point: point))
        }
        self.pins = drawn
        graticule = Self.graticule(transform: transform)
    }

    /// Lines of constant latitude and longitude across the screen, about 4 to 10 each way, at a
    /// round step (1, 2 or 5 times a power of ten degrees). The longitude span comes from the
    /// screen's width in Mercator metres, so a view as wide as the world or wider is covered.
    static func graticule(transform: ScreenTransform) -> [GraticuleLine] {
        let width = transform.widthPoints, height = transform.heightPoints
        // The screen's middle column: valid screen points, so these cannot fail.
        func coordinate(_ y: Double) -> Coordinate {
            (try? transform.coordinate(at: ScreenPoint(x: width / 2, y: y))) ?? transform.centerMercator.coordinate
        }
        var west: Double, east: Double, north: Double, south: Double
        if transform.bearing == 0 {
            let center = coordinate(height / 2)
            let span = min(width / transform.pointsPerMercatorMeter / WebMercator.worldWidthMeters * 360, 360)
            west = center.longitude - span / 2
            east = center.longitude + span / 2
            north = min(coordinate(0).latitude, WebMercator.maximumLatitude)
            south = max(coordinate(height).latitude, -WebMercator.maximumLatitude)
        } else {
            // A turned screen covers more than its middle column and width: the box of the
            // whole rotated viewport (east unwrapped past west across the antimeridian).
            let visible = transform.visibleBounds
            west = visible.west
            east = visible.west + visible.longitudeWidthDegrees
            north = visible.north
            south = visible.south
        }
        func step(_ extent: Double) -> Double {
            var step = 1e-4
            while extent / step > 10 {
                if extent / (step * 2) <= 10 { return step * 2 }
                if extent / (step * 5) <= 10 { return step * 5 }
                step *= 10
            }
            return step
        }
        var lines: [GraticuleLine] = []
        let longitudeStep = step(max(east - west, 1e-9)), latitudeStep = step(max(north - south, 1e-9))
        // By index, so rounding never adds or drops a line.
        for index in stride(from: Int((west / longitudeStep).rounded(.up)), through: Int((east / longitudeStep).rounded(.down)), by: 1) {
            let longitude = Double(index) * longitudeStep
            var points: [ScreenPoint] = []
            for sample in 0...20 {
                let latitude = south + (north - south) * Double(sample) / 20
                points.append(transform.point(for: MercatorPoint(Coordinate.wrapping(latitude: latitude, longitude: normalizedLongitude(longitude)))))
            }
            lines.append(GraticuleLine(label: Self.label(normalizedLongitude(longitude), positive: "E", negative: "W", step: longitudeStep), points: points))
        }
        for index in stride(from: Int((south / latitudeStep).rounded(.up)), through: Int((north / latitudeStep).rounded(.down)), by: 1) {
            let latitude = Double(index) * latitudeStep
            var points: [ScreenPoint] = []
            for sample in 0...20 {
                let longitude = normalizedLongitude(west + (east - west) * Double(sample) / 20)
                points.append(transform.point(for: MercatorPoint(Coordinate.wrapping(latitude: latitude, longitude: longitude))))
            }
            lines.append(GraticuleLine(label: Self.label(latitude, positive: "N", negative: "S", step: latitudeStep), points: points))
        }
        return lines
    }

    private static func normalizedLongitude(_ longitude: Double) -> Double {
        let wrapped = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return (wrapped < 0 ? wrapped + 360 : wrapped) - 180
    }

    private static func label(_ degrees: Double, positive: String, negative: String, step: Double) -> String {
        var decimals = 0
        var unit = step
        while unit < 1, decimals < 6 {
            unit *= 10
            decimals += 1
        }
        return "\(Self.fixed(abs(degrees), decimals: decimals))°\(degrees < 0 ? negative : positive)"
    }

    /// Fixed-point text for the SVG: ``DecimalText/fixed(_:decimals:)``, and "0" for a
    /// value that is not finite (which the drawing never holds; an SVG must not say nan).
    static func fixed(_ value: Double, decimals: Int) -> String {
        value.isFinite ? DecimalText.fixed(value, decimals: decimals) : "0"
    }

    /// The drawing as an SVG document, `widthPoints` x `heightPoints` user units (points),
    /// coordinates written with 3 decimals (a thousandth of a point), its legend in the corner
    /// that hides the fewest of its pins.
    public var svg: String { svg(legendAvoiding: []) }

    /// The drawing as an SVG document (``svg``), its legend in the corner of the unobstructed
    /// rectangle that hides the fewest pets among its pins and `obstacles`: what is drawn over
    /// it besides (``ClusterDrawing/legendObstacles``, ``ScaleBarDrawing/legendObstacles``).
    ///
    /// - Parameters:
    ///   - obstacles: What else the screen shows.
    ///   - insets: What the app covers at the screen's edges (a camera's `effectiveInsets`);
    ///     none by default. Where the unobstructed rectangle holds the legend but not its
    ///     8-point margins, the margins narrow (in whole points) to fit; insets that leave no
    ///     room for the legend itself are not kept to: it then stands in a corner of the whole
    ///     screen.
    ///   - preference: The corners the legend may take, in order of preference (all four, bottom
    ///     leading first, by default; none is taken as all four): without the top trailing one
    ///     under a motion path's zoom chart (``MotionPathDrawing/legendCorners``).
    public func svg(legendAvoiding obstacles: [LegendObstacle], insets: ScreenInsets = .zero, preference: [LegendCorner] = LegendCorner.allCases) -> String {
        func number(_ value: Double) -> String { Self.fixed(value, decimals: 3) }
        func pointList(_ points: [ScreenPoint]) -> String {
            points.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ")
        }
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(number(widthPoints))" height="\(number(heightPoints))" \
            viewBox="0 0 \(number(widthPoints)) \(number(heightPoints))" font-family="Helvetica, Arial, sans-serif">
            <rect id="background" x="0" y="0" width="\(number(widthPoints))" height="\(number(heightPoints))" fill="#F4F1EA"/>
            <g id="graticule" stroke="#C9C3B6" stroke-width="0.75" fill="none">

            """
        for line in graticule {
            out += "<polyline data-label=\"\(line.label)\" points=\"\(pointList(line.points))\"/>\n"
        }
        out += "</g>\n<g id=\"graticule-labels\" fill=\"#8A8477\" font-size=\"9\">\n"
        for line in graticule {
            // Longitude labels at the bottom end, latitude labels at the right end (clear of
            // the legend at the bottom left, where it usually stands).
            if line.label.hasSuffix("E") || line.label.hasSuffix("W"), let first = line.points.first {
                out += "<text x=\"\(number(first.x + 2))\" y=\"\(number(first.y - 2))\">\(line.label)</text>\n"
            } else if let last = line.points.last {
                out += "<text x=\"\(number(last.x - 2))\" y=\"\(number(last.y - 2))\" text-anchor=\"end\">\(line.label)</text>\n"
            }
        }
        out += "</g>\n"
        out += "<polygon id=\"bounds\" points=\"\(pointList(bounds))\" fill=\"none\" stroke=\"#5F6368\" stroke-width=\"1\" stroke-dasharray=\"4 3\"/>\n"
        out += "<polygon id=\"circle\" points=\"\(pointList(circle))\" fill=\"#1A73E8\" fill-opacity=\"0.08\" stroke=\"#1A73E8\" stroke-width=\"1.5\"/>\n"
        out += "<g id=\"pins\" stroke=\"#FFFFFF\" stroke-width=\"1.5\">\n"
        for pin in pins {
            let style = pin.category.style
            out += "<circle data-id=\"\(Self.escaped(pin.id))\" data-symbol=\"\(style.symbol)\" cx=\"\(number(pin.point.x))\" cy=\"\(number(pin.point.y))\" r=\"6\" fill=\"\(style.colorHex)\"/>\n"
        }
        // The legend in the corner that hides the fewest pins (the bottom left where it hides
        // none): on a 320-point phone the bottom-left box covers the edge of the 10 km circle.
        let entries = Legend.entries
        let boxHeight = 8 + 16 * Double(entries.count)
        // (Its own pins as the 6-point discs drawn above; the radius cannot throw.)
        let own = pins.compactMap { try? LegendObstacle.disc(center: $0.point, radiusPoints: 6) }
        func place(_ insets: ScreenInsets, margin: Double = 8) -> LegendPlacement? {
            try? LegendPlacement(
                boxWidthPoints: 86, boxHeightPoints: boxHeight, screenWidthPoints: widthPoints, screenHeightPoints: heightPoints,
                insets: insets, marginPoints: margin, obstacles: own + obstacles, preference: preference.isEmpty ? LegendCorner.allCases : preference)
        }
        // Where the unobstructed rectangle holds the box but not its 8-point margins, narrower
        // margins (whole points) before the whole screen: a 52-point gap between a status bar
        // and a sheet took the legend to the screen's bottom corner, under the sheet.
        let narrower = min(
            8, ((widthPoints - insets.left - insets.right - 86) / 2).rounded(.down),
            ((heightPoints - insets.top - insets.bottom - boxHeight) / 2).rounded(.down))
        let placement = place(insets) ?? (narrower >= 0 ? place(insets, margin: narrower) : nil) ?? place(.zero)
        let origin = placement?.origin ?? ScreenPoint(x: 8, y: heightPoints - boxHeight - 8)
        let corner = placement?.corner ?? .bottomLeading
        out += "</g>\n<g id=\"legend\" data-corner=\"\(corner.rawValue)\" font-size=\"11\" fill=\"#202124\">\n"
        out += "<rect x=\"\(number(origin.x))\" y=\"\(number(origin.y))\" width=\"86\" height=\"\(number(boxHeight))\" rx=\"4\" fill=\"#FFFFFF\" fill-opacity=\"0.9\"/>\n"
        for (index, entry) in entries.enumerated() {
            let y = origin.y + 14 + 16 * Double(index)
            out += "<circle data-symbol=\"\(entry.style.symbol)\" cx=\"\(number(origin.x + 12))\" cy=\"\(number(y - 4))\" r=\"5\" fill=\"\(entry.style.colorHex)\" stroke=\"#FFFFFF\"/>\n"
            out += "<text x=\"\(number(origin.x + 22))\" y=\"\(number(y))\">\(entry.style.label)</text>\n"
        }
        out += "</g>\n</svg>\n"
        return out
    }

    /// `document` (a drawing's SVG) with `elements` inserted just before its legend, so drawn
    /// over the map and under the legend; before the closing tag when it has no legend.
    static func inserting(_ elements: String, underLegendOf document: String) -> String {
        if let legend = document.range(of: "<g id=\"legend\"") {
            return String(document[..<legend.lowerBound]) + elements + String(document[legend.lowerBound...])
        }
        let closing = "</svg>\n"
        guard document.hasSuffix(closing) else { return document + elements }
        return String(document.dropLast(closing.count)) + elements + closing
    }

    /// `text` as an XML attribute value or text: escaped per Unicode scalar (not per
    /// character: "<" followed by a combining mark is one character, "≮", yet a raw "<" in the
    /// XML), `&`, `<`, `>` and `"` as entities; the control characters (U+0000 to U+001F and
    /// U+007F) dropped; U+FFFE and U+FFFF, which XML 1.0 does not allow, replaced by U+FFFD.
    static func escaped(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x26: out.append(contentsOf: "&amp;".unicodeScalars)
            case 0x3C: out.append(contentsOf: "&lt;".unicodeScalars)
            case 0x3E: out.append(contentsOf: "&gt;".unicodeScalars)
            case 0x22: out.append(contentsOf: "&quot;".unicodeScalars)
            case 0..<0x20, 0x7F:
                // Control characters are not allowed in XML attributes, even escaped: dropped.
                continue
            case 0xFFFE, 0xFFFF:
                // Not characters in XML 1.0 at all: the replacement character instead.
                out.append("\u{FFFD}")
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
