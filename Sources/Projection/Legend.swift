/// How a pin category is drawn: one token shared by the pins and the legend, so a renderer
/// cannot draw a pin the legend does not explain.
public struct PinStyle: Hashable, Sendable, Codable {
    /// A stable symbol name for the renderer's pin image (e.g. an asset or SF Symbol mapping).
    public let symbol: String
    /// A stable colour, `#RRGGBB` (sRGB).
    public let colorHex: String
    /// The legend's label.
    public let label: String
}

extension PinCategory {
    /// The category's style: the same token on the map and in the legend.
    public var style: PinStyle {
        switch self {
        case .missing: return PinStyle(symbol: "pin.missing", colorHex: "#D93025", label: "Missing")
        case .found: return PinStyle(symbol: "pin.found", colorHex: "#1E8E3E", label: "Found")
        }
    }
}

extension Pin {
    /// The pin's style, from its category.
    public var style: PinStyle { category.style }
}

/// One line of the legend.
public struct LegendEntry: Hashable, Sendable {
    /// The category it explains.
    public let category: PinCategory
    /// Its style, identical to the pins'.
    public let style: PinStyle
}

/// The legend of the pin categories.
public enum Legend {
    /// One entry per category, in the order missing, found: every style a pin can have.
    public static let entries: [LegendEntry] = PinCategory.allCases.map { LegendEntry(category: $0, style: $0.style) }
}
