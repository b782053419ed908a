/// How a pin category is drawn: one token shared by the pins and the legend, so a renderer
/// cannot draw a pin the legend does not explain.
public struct PinStyle: Hashable, Sendable, Codable {
    /// A stable symbol name for the renderer's pin image (e.g. an asset or SF Symbol mapping).
    public let symbol: String
    /// The colour on a light map, `#RRGGBB` (sRGB).
    public let colorHex: String
    /// The colour on a dark map (dark mode), `#RRGGBB` (sRGB): lighter, so that it keeps its
    /// contrast against a dark background.
    public let darkColorHex: String
    /// The legend's label.
    public let label: String

    /// A style from its parts, for an app's own theme.
    ///
    /// - Parameters:
    ///   - symbol: The renderer's image name.
    ///   - colorHex: `#RRGGBB` on a light map.
    ///   - darkColorHex: `#RRGGBB` on a dark map; nil uses `colorHex`.
    ///   - label: The legend's label.
    public init(symbol: String, colorHex: String, darkColorHex: String? = nil, label: String) {
        self.symbol = symbol
        self.colorHex = colorHex
        self.darkColorHex = darkColorHex ?? colorHex
        self.label = label
    }

    /// The colour for a light or a dark map.
    public func colorHex(dark: Bool) -> String { dark ? darkColorHex : colorHex }
}

extension PinCategory {
    /// The category's default style: the same token on the map and in the legend. The light
    /// colours are the ones the legend always had; the dark ones are lighter tints of the same
    /// red and green, for contrast on a dark map.
    public var style: PinStyle {
        switch self {
        case .missing: return PinStyle(symbol: "pin.missing", colorHex: "#D93025", darkColorHex: "#F28B82", label: "Missing")
        case .found: return PinStyle(symbol: "pin.found", colorHex: "#1E8E3E", darkColorHex: "#81C995", label: "Found")
        }
    }
}

extension Pin {
    /// The pin's style, from its category.
    public var style: PinStyle { category.style }
}

/// One line of the legend.
public struct LegendEntry: Hashable, Sendable, Identifiable {
    /// The category it explains.
    public let category: PinCategory
    /// Its style, identical to the pins'.
    public let style: PinStyle

    /// An entry from its category and style.
    public init(category: PinCategory, style: PinStyle) {
        self.category = category
        self.style = style
    }

    /// The category identifies the entry.
    public var id: PinCategory { category }
}

/// The legend of the pin categories.
public enum Legend {
    /// One entry per category, in the order missing, found: every style a pin can have.
    public static let entries: [LegendEntry] = PinCategory.allCases.map { LegendEntry(category: $0, style: $0.style) }
}
