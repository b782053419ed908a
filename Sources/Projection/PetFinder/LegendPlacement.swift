import GeoMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A corner of the screen for the legend.
///
/// Leading is always the screen's left and trailing its right: there is no layout direction
/// here, so an app in a right-to-left layout mirrors the corner itself (its bottom leading is
/// ``bottomTrailing``).
public enum LegendCorner: String, Hashable, Sendable, Codable, CaseIterable {
    /// Bottom left.
    case bottomLeading
    /// Bottom right.
    case bottomTrailing
    /// Top left.
    case topLeading
    /// Top right.
    case topTrailing
}

/// Something drawn on the screen that a legend should not hide: a disc (a pin, a cluster's
/// badge) or a rectangle (a scale bar), standing for the pets it shows.
///
/// A legend box hides an obstacle when the two meet, edges included: for a rectangle with a
/// radius, when the box comes within that radius of the rectangle (a disc is a rectangle of no
/// size). An obstacle that is not finite is on no screen and hides under nothing.
///
/// `Codable` as its stored properties (`origin`, `widthPoints`, `heightPoints`, `radiusPoints`,
/// `pinCount`), decoded and checked as ``disc(center:radiusPoints:pinCount:)`` and
/// ``box(origin:widthPoints:heightPoints:pinCount:)`` check them.
public struct LegendObstacle: Hashable, Sendable, Codable {
    /// The rectangle's top-left point, in screen points (a disc's center).
    public let origin: ScreenPoint
    /// The rectangle's width and height in points (0 for a disc).
    public let widthPoints: Double
    public let heightPoints: Double
    /// How far around the rectangle the obstacle reaches, in points (a disc's radius).
    public let radiusPoints: Double
    /// The pets it shows: 1 for a pin, a cluster's count, 0 for what shows none (a scale bar).
    public let pinCount: Int

    /// A disc: a pin (`pinCount` 1) or a cluster's badge (its count).
    ///
    /// - Parameters:
    ///   - center: Its center in screen points (not finite: on no screen).
    ///   - radiusPoints: Its drawn radius, finite and >= 0.
    ///   - pinCount: The pets it shows, >= 0.
    /// - Throws: `GeometryError/invalidRendererParameter(name:value:expected:)` for a radius
    ///   or count out of range.
    public static func disc(center: ScreenPoint, radiusPoints: Double, pinCount: Int = 1) throws(GeometryError) -> LegendObstacle {
        guard radiusPoints.isFinite && radiusPoints >= 0 else {
            throw .invalidRendererParameter(name: "obstacle radius", value: radiusPoints, expected: "a finite number of points >= 0")
        }
        try validate(pinCount: pinCount)
        return LegendObstacle(origin: center, widthPoints: 0, heightPoints: 0, radiusPoints: radiusPoints, pinCount: pinCount)
    }

    /// A rectangle: a scale bar, a compass, a button over the map.
    ///
    /// - Parameters:
    ///   - origin: Its top-left point in screen points (not finite: on no screen).
    ///   - widthPoints: Its width, finite and >= 0.
    ///   - heightPoints: Its height, finite and >= 0.
    ///   - pinCount: The pets it shows, >= 0 (0 by default).
    /// - Throws: `GeometryError/invalidRendererParameter(name:value:expected:)` for a size or
    ///   count out of range.
    public static func box(origin: ScreenPoint, widthPoints: Double, heightPoints: Double, pinCount: Int = 0) throws(GeometryError) -> LegendObstacle {
        for (name, value) in [("obstacle width", widthPoints), ("obstacle height", heightPoints)] where !(value.isFinite && value >= 0) {
            throw .invalidRendererParameter(name: name, value: value, expected: "a finite number of points >= 0")
        }
        try validate(pinCount: pinCount)
        return LegendObstacle(origin: origin, widthPoints: widthPoints, heightPoints: heightPoints, radiusPoints: 0, pinCount: pinCount)
    }

    private static func validate(pinCount: Int) throws(GeometryError) {
        guard pinCount >= 0 else {
            throw .invalidRendererParameter(name: "obstacle pin count", value: Double(pinCount), expected: "0 or more pets")
        }
    }

    fileprivate init(origin: ScreenPoint, widthPoints: Double, heightPoints: Double, radiusPoints: Double, pinCount: Int) {
        self.origin = origin
        self.widthPoints = widthPoints
        self.heightPoints = heightPoints
        self.radiusPoints = radiusPoints
        self.pinCount = pinCount
    }

    /// Decodes and validates an obstacle: a disc (width and height 0) as
    /// ``disc(center:radiusPoints:pinCount:)`` checks it, a box (radius 0) as
    /// ``box(origin:widthPoints:heightPoints:pinCount:)`` does; a width, height, radius or count
    /// out of range, or an obstacle with both a size and a radius, which neither makes, is an
    /// error (never a NaN or negative radius, or a negative count, that would reach a placement).
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming the value, its underlying error the
    ///   `GeometryError/invalidRendererParameter(name:value:expected:)` of the factory.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let origin = try container.decode(ScreenPoint.self, forKey: .origin)
        let width = try container.decode(Double.self, forKey: .widthPoints)
        let height = try container.decode(Double.self, forKey: .heightPoints)
        let radius = try container.decode(Double.self, forKey: .radiusPoints)
        let pinCount = try container.decode(Int.self, forKey: .pinCount)
        do throws(GeometryError) {
            // Each value checked by its factory first, so that a bad value is named as such.
            let box = try Self.box(origin: origin, widthPoints: width, heightPoints: height, pinCount: pinCount)
            let disc = try Self.disc(center: origin, radiusPoints: radius, pinCount: pinCount)
            if width == 0 && height == 0 {
                self = disc
            } else if radius == 0 {
                self = box
            } else {
                throw .invalidRendererParameter(
                    name: "obstacle radius", value: radius, expected: "0 for a box (an obstacle of width \(width) and height \(height)); a disc has no width or height")
            }
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: container.codingPath, debugDescription: error.description, underlyingError: error))
        }
    }

    private enum CodingKeys: String, CodingKey {
        case origin, widthPoints, heightPoints, radiusPoints, pinCount
    }

    /// Whether a box with top-left `o` and size `w` x `h` meets the obstacle (edges included).
    func meets(boxOrigin o: ScreenPoint, width w: Double, height h: Double) -> Bool {
        guard origin.isFinite else { return false }
        // The gap between the two rectangles along each axis (0 where they overlap).
        let dx = max(o.x - (origin.x + widthPoints), 0, origin.x - (o.x + w))
        let dy = max(o.y - (origin.y + heightPoints), 0, origin.y - (o.y + h))
        return hypot(dx, dy) <= radiusPoints
    }
}

/// Where the legend goes: the corner whose box hides the fewest pins.
public struct LegendPlacement: Hashable, Sendable {
    /// The corner.
    public let corner: LegendCorner
    /// The box's top-left point, in screen points.
    public let origin: ScreenPoint
    /// How many pets the box hides: of the pins given, those it covers; of the obstacles
    /// given, the sum of the pin counts of those it meets, at most `Int.max` (0 where some
    /// corner hides none). Corners are compared by their exact sums, which may exceed
    /// `Int.max`; only this figure is saturated.
    public let hiddenPinCount: Int
    /// How many of the pins or obstacles given the box meets.
    public let hiddenObstacleCount: Int

    /// The corner for a legend box on a screen that hides the fewest pins, each pin a disc of
    /// `pinRadiusPoints` around its point: a pin is hidden when its disc meets the box (edges
    /// included). Ties go to the first corner in `preference`. The box stands `marginPoints` in
    /// from the two edges at its corner of the unobstructed rectangle, the screen less its
    /// `insets` (the fullscreen map's status bar and bottom sheet: its camera's
    /// `effectiveInsets`), so that nothing of the app's covers it. Pins that are not finite are
    /// on no screen and hide under nothing.
    ///
    /// So the legend never hides a pet where a corner is free of pins: on a 320-point phone the
    /// bottom-left box of the landing page's preview covers the edge of the 10 km circle, and
    /// pets 9.5 km away were drawn under it.
    ///
    /// - Parameters:
    ///   - boxWidthPoints: The legend's width, finite and > 0.
    ///   - boxHeightPoints: The legend's height, finite and > 0.
    ///   - screenWidthPoints: The screen's width, in ``ScreenTransform/sizeRangePoints``; the
    ///     box and its two margins must fit.
    ///   - screenHeightPoints: The screen's height, likewise.
    ///   - insets: What the app covers at the screen's edges (none by default, as on the
    ///     landing page's preview); they must leave at least one point each way.
    ///   - marginPoints: The gap between the box and the unobstructed rectangle's edges, finite
    ///     and >= 0 (8 by default).
    ///   - pins: The pins' screen points (a layout's or a viewport query's).
    ///   - pinRadiusPoints: A pin's drawn radius, finite and >= 0 (6 by default, as the reference
    ///     renderer draws them).
    ///   - preference: The corners to choose from, in order of preference (bottom leading,
    ///     bottom trailing, top leading, top trailing by default).
    /// - Throws: `GeometryError/invalidRendererParameter(name:value:expected:)` for a size,
    ///   margin or radius out of range, margins of half the unobstructed rectangle's width or
    ///   height or more ("legend margin"), a box with its margins larger than the unobstructed
    ///   rectangle, or no corner to choose from;
    ///   `GeometryError/invalidSize(name:value:range:)` for a screen width or height outside
    ///   ``ScreenTransform/sizeRangePoints``;
    ///   `GeometryError/invalidInsets(top:left:bottom:right:width:height:)` for insets that
    ///   leave less than one point of the screen.
    public init(
        boxWidthPoints: Double, boxHeightPoints: Double, screenWidthPoints: Double, screenHeightPoints: Double,
        insets: ScreenInsets = .zero, marginPoints: Double = 8, pins: [ScreenPoint], pinRadiusPoints: Double = 6,
        preference: [LegendCorner] = LegendCorner.allCases
    ) throws(GeometryError) {
        try self.init(
            boxWidthPoints: boxWidthPoints, boxHeightPoints: boxHeightPoints, screenWidthPoints: screenWidthPoints,
            screenHeightPoints: screenHeightPoints, insets: insets, marginPoints: marginPoints,
            obstacles: pins.map { LegendObstacle(origin: $0, widthPoints: 0, heightPoints: 0, radiusPoints: pinRadiusPoints, pinCount: 1) },
            preference: preference, pinRadiusPoints: pinRadiusPoints)
    }

    /// The corner for a legend box on a screen that hides the fewest pets among `obstacles`
    /// (the pins, cluster badges and spread pins of a fullscreen map, its scale bar): the
    /// corner whose box meets the obstacles with the smallest sum of pin counts, then the
    /// fewest obstacles (a scale bar, which shows no pet, decides between corners that hide
    /// as many pets), then the first in `preference`. The box stands `marginPoints` in from the
    /// two edges at its corner of the unobstructed rectangle, the screen less its `insets`.
    ///
    /// A cluster of 300 pets weighs as 300 pins: a legend over a single pin is preferred to one
    /// over a badge. To keep a legend from jumping between corners as the map pans, give its
    /// present corner first in `preference` and place it again when a gesture ends: it then
    /// moves only where another corner hides fewer pets (or as many, and fewer obstacles).
    ///
    /// - Parameters:
    ///   - boxWidthPoints: The legend's width, finite and > 0.
    ///   - boxHeightPoints: The legend's height, finite and > 0.
    ///   - screenWidthPoints: The screen's width, in ``ScreenTransform/sizeRangePoints``; the
    ///     box and its two margins must fit.
    ///   - screenHeightPoints: The screen's height, likewise.
    ///   - insets: What the app covers at the screen's edges (none by default); they must
    ///     leave at least one point each way.
    ///   - marginPoints: The gap between the box and the unobstructed rectangle's edges, finite
    ///     and >= 0 (8 by default).
    ///   - obstacles: What is drawn on the screen (``LegendObstacle``).
    ///   - preference: The corners to choose from, in order of preference (bottom leading,
    ///     bottom trailing, top leading, top trailing by default).
    /// - Throws: `GeometryError/invalidRendererParameter(name:value:expected:)` for a size or
    ///   margin out of range, margins of half the unobstructed rectangle's width or height or
    ///   more ("legend margin"), a box with its margins larger than the unobstructed rectangle,
    ///   or no corner to choose from; `GeometryError/invalidSize(name:value:range:)` for a
    ///   screen width or height outside ``ScreenTransform/sizeRangePoints``;
    ///   `GeometryError/invalidInsets(top:left:bottom:right:width:height:)` for insets that
    ///   leave less than one point of the screen.
    public init(
        boxWidthPoints: Double, boxHeightPoints: Double, screenWidthPoints: Double, screenHeightPoints: Double,
        insets: ScreenInsets = .zero, marginPoints: Double = 8, obstacles: [LegendObstacle],
        preference: [LegendCorner] = LegendCorner.allCases
    ) throws(GeometryError) {
        try self.init(
            boxWidthPoints: boxWidthPoints, boxHeightPoints: boxHeightPoints, screenWidthPoints: screenWidthPoints,
            screenHeightPoints: screenHeightPoints, insets: insets, marginPoints: marginPoints, obstacles: obstacles,
            preference: preference, pinRadiusPoints: nil)
    }

    /// Both initializers: the pins' radius, when pins were given, is checked after the margin.
    private init(
        boxWidthPoints: Double, boxHeightPoints: Double, screenWidthPoints: Double, screenHeightPoints: Double,
        insets: ScreenInsets, marginPoints: Double, obstacles: [LegendObstacle], preference: [LegendCorner],
        pinRadiusPoints: Double?
    ) throws(GeometryError) {
        for (name, value) in [("legend width", boxWidthPoints), ("legend height", boxHeightPoints)] where !(value.isFinite && value > 0) {
            throw .invalidRendererParameter(name: name, value: value, expected: "a finite number of points > 0")
        }
        guard marginPoints.isFinite && marginPoints >= 0 else {
            throw .invalidRendererParameter(name: "legend margin", value: marginPoints, expected: "a finite number of points >= 0")
        }
        if let pinRadiusPoints, !(pinRadiusPoints.isFinite && pinRadiusPoints >= 0) {
            throw .invalidRendererParameter(name: "pin radius", value: pinRadiusPoints, expected: "a finite number of points >= 0")
        }
        try ScreenTransform.validateSize(width: screenWidthPoints, height: screenHeightPoints)
        try insets.validate(widthPoints: screenWidthPoints, heightPoints: screenHeightPoints)
        // The unobstructed rectangle's size (the screen's without insets).
        let width = screenWidthPoints - insets.left - insets.right, height = screenHeightPoints - insets.top - insets.bottom
        let within = insets == .zero ? "the screen's" : "the unobstructed"
        // Margins that leave no room for any box are the margin's fault, not the box's (before,
        // a 10-point box with margins of 200 on a 320-point screen was told "legend width 10.0
        // ... at most -80.0 points", and with margins of 1e308 "at most -inf points").
        for (axis, size) in [("width", width), ("height", height)] where !(2 * marginPoints < size) {
            throw .invalidRendererParameter(
                name: "legend margin", value: marginPoints, expected: "less than half \(within) \(axis), \(size / 2) points")
        }
        // The limits as the messages give them: a box of exactly the limit fits (before, the
        // box plus its margins was compared with the size, and a box of the unobstructed width
        // less two margins, 283.5 - 38 - 35.124 - 2 * 19.9 = 170.57600000000002 points, was
        // refused as more than 170.57600000000002 by a last bit).
        let widthLimit = width - 2 * marginPoints, heightLimit = height - 2 * marginPoints
        guard boxWidthPoints <= widthLimit else {
            throw .invalidRendererParameter(
                name: "legend width", value: boxWidthPoints, expected: "at most \(within) width less two margins, \(widthLimit) points")
        }
        guard boxHeightPoints <= heightLimit else {
            throw .invalidRendererParameter(
                name: "legend height", value: boxHeightPoints, expected: "at most \(within) height less two margins, \(heightLimit) points")
        }
        guard !preference.isEmpty else {
            throw .invalidRendererParameter(name: "legend corners", value: 0, expected: "at least one corner to choose from")
        }
        let left = insets.left + marginPoints, right = screenWidthPoints - insets.right - marginPoints - boxWidthPoints
        let top = insets.top + marginPoints, bottom = screenHeightPoints - insets.bottom - marginPoints - boxHeightPoints
        func boxOrigin(_ corner: LegendCorner) -> ScreenPoint {
            switch corner {
            case .bottomLeading: ScreenPoint(x: left, y: bottom)
            case .bottomTrailing: ScreenPoint(x: right, y: bottom)
            case .topLeading: ScreenPoint(x: left, y: top)
            case .topTrailing: ScreenPoint(x: right, y: top)
            }
        }
        // The pets hidden, summed exactly in two words (the carries out of the low word, then
        // the low word: counts are at most Int.max < 2^63 each), so that corners are compared by
        // their true sums however large: saturated at Int.max before the comparison, 3 badges of
        // 2^62 pets (1.5 Int.max) tied with 2 of Int.max, and the fewer obstacles chose the
        // corner hiding more pets.
        var chosen: (corner: LegendCorner, origin: ScreenPoint, carries: Int, pets: UInt, obstacles: Int)? = nil
        for corner in preference {
            let o = boxOrigin(corner)
            var carries = 0, pets: UInt = 0, met = 0
            for obstacle in obstacles where obstacle.meets(boxOrigin: o, width: boxWidthPoints, height: boxHeightPoints) {
                let (sum, overflow) = pets.addingReportingOverflow(UInt(obstacle.pinCount))
                pets = sum
                if overflow { carries += 1 }
                met += 1
            }
            if let best = chosen, (best.carries, best.pets, best.obstacles) <= (carries, pets, met) { continue }
            chosen = (corner, o, carries, pets, met)
        }
        // (preference is not empty, so a corner was chosen.)
        let best = chosen!
        corner = best.corner
        origin = best.origin
        hiddenPinCount = best.carries == 0 && best.pets <= UInt(Int.max) ? Int(best.pets) : Int.max
        hiddenObstacleCount = best.obstacles
    }
}
