/// Fixed-point decimal text without Foundation, for the SVG renderer and geobench's tables.
public enum DecimalText {
    /// `value` with exactly `decimals` digits after the point, rounded half away from zero
    /// ("-0.125" at 3, "12.5" at 1). Values that are not finite, or whose digits would not fit
    /// an Int64 (beyond 1e12), are written in Swift's own form ("nan", "1e+15").
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int64(scaled / scale)
        var text = (value < 0 && scaled != 0 ? "-" : "") + String(whole)
        if decimals > 0 {
            let fraction = String(Int64(scaled - Double(whole) * scale))
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
    }
}
