import GeoMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A corner of the screen for the legend.
public enum LegendCorner: String, Hashable, Sendable, Codable, CaseIterable {
    /// Bottom left (in a left-to-right layout).
    case bottomLeading
    /// Bottom right.
    case bottomTrailing
    /// Top left.
    case topLeading
    /// Top right.
    case topTrailing
}

/// Where the legend goes: the corner whose box hides the fewest pins.
public struct LegendPlacement: Hashable, Sendable {
    /// The corner.
    public let corner: LegendCorner
    /// The box's top-left point, in screen points.
    public let origin: ScreenPoint
    /// How many of the pins given the box covers (0 where some corner covers none).
    public let hiddenPinCount: Int

    /// The corner for a legend box on a screen that hides the fewest pins, each pin a disc of
    /// `pinRadiusPoints` around its point: a pin is hidden when its disc meets the box (edges
    /// included). Ties go to the first corner in `preference`. The box stands `marginPoints` in
    /// from the screen's two edges at its corner. Pins that are not finite are on no screen and
    /// hide under nothing.
    ///
    /// So the legend never hides a pet where a corner is free of pins: on a 320-point phone the
    /// bottom-left box of the landing page's preview covers the edge of the 10 km circle, and
    /// pets 9.5 km away were drawn under it.
    ///
    /// - Parameters:
    ///   - boxWidthPoints: The legend's width, finite and > 0.
    ///   - boxHeightPoints: The legend's height, finite and > 0.
    ///   - screenWidthPoints: The screen's width; the box and its two margins must fit.
    ///   - screenHeightPoints: The screen's height; likewise.
    ///   - marginPoints: The gap between the box and the screen's edges, finite and >= 0
    ///     (8 by default).
    ///   - pins: The pins' screen points (a layout's or a viewport query's).
    ///   - pinRadiusPoints: A pin's drawn radius, finite and >= 0 (6 by default, as the reference
    ///     renderer draws them).
    ///   - preference: The corners to choose from, in order of preference (bottom leading,
    ///     bottom trailing, top leading, top trailing by default).
    /// - Throws: `GeometryError/invalidRendererParameter(name:value:expected:)` for a size,
    ///   margin or radius out of range, a box with its margins larger than the screen, or no
    ///   corner to choose from.
    public init(
        boxWidthPoints: Double, boxHeightPoints: Double, screenWidthPoints: Double, screenHeightPoints: Double,
        marginPoints: Double = 8, pins: [ScreenPoint], pinRadiusPoints: Double = 6,
        preference: [LegendCorner] = LegendCorner.allCases
    ) throws(GeometryError) {
        for (name, value) in [("legend width", boxWidthPoints), ("legend height", boxHeightPoints)] where !(value.isFinite && value > 0) {
            throw .invalidRendererParameter(name: name, value: value, expected: "a finite number of points > 0")
        }
        for (name, value) in [("legend margin", marginPoints), ("pin radius", pinRadiusPoints)] where !(value.isFinite && value >= 0) {
            throw .invalidRendererParameter(name: name, value: value, expected: "a finite number of points >= 0")
        }
        try ScreenTransform.validateSize(width: screenWidthPoints, height: screenHeightPoints)
        guard boxWidthPoints + 2 * marginPoints <= screenWidthPoints else {
            throw .invalidRendererParameter(
                name: "legend width", value: boxWidthPoints, expected: "at most the screen's width less two margins, \(screenWidthPoints - 2 * marginPoints) points")
        }
        guard boxHeightPoints + 2 * marginPoints <= screenHeightPoints else {
            throw .invalidRendererParameter(
                name: "legend height", value: boxHeightPoints, expected: "at most the screen's height less two margins, \(screenHeightPoints - 2 * marginPoints) points")
        }
        guard !preference.isEmpty else {
            throw .invalidRendererParameter(name: "legend corners", value: 0, expected: "at least one corner to choose from")
        }
        let left = marginPoints, right = screenWidthPoints - marginPoints - boxWidthPoints
        let top = marginPoints, bottom = screenHeightPoints - marginPoints - boxHeightPoints
        func boxOrigin(_ corner: LegendCorner) -> ScreenPoint {
            switch corner {
            case .bottomLeading: ScreenPoint(x: left, y: bottom)
            case .bottomTrailing: ScreenPoint(x: right, y: bottom)
            case .topLeading: ScreenPoint(x: left, y: top)
            case .topTrailing: ScreenPoint(x: right, y: top)
            }
        }
        var chosen = (corner: preference[0], origin: boxOrigin(preference[0]), hidden: Int.max)
        for corner in preference {
            let o = boxOrigin(corner)
            var hidden = 0
            for pin in pins where pin.x.isFinite && pin.y.isFinite {
                // The distance from the pin to the box's nearest point (0 inside it).
                let dx = max(o.x - pin.x, 0, pin.x - (o.x + boxWidthPoints))
                let dy = max(o.y - pin.y, 0, pin.y - (o.y + boxHeightPoints))
                if hypot(dx, dy) <= pinRadiusPoints { hidden += 1 }
            }
            if hidden < chosen.hidden { chosen = (corner, o, hidden) }
        }
        corner = chosen.corner
        origin = chosen.origin
        hiddenPinCount = chosen.hidden
    }
}
