/// Decimal text without Foundation: fixed-point numbers written for the SVG renderer and
/// geobench's tables, and plain decimal numbers read from the announcements CSV and geobench's
/// options.
public enum DecimalText {
    /// `value` with exactly `decimals` digits after the point, rounded half away from zero
    /// ("-0.125" at 3, "12.5" at 1); a value that rounds to zero has no sign ("0.00" for
    /// -0.001 at 2). Written in Swift's own form instead ("nan", "1e+15", "0.5"): a value that is
    /// not finite or has a magnitude of 1e12 or more, a negative `decimals`, and a value whose
    /// digits reach 2^53 (|value| 10^decimals), beyond which a double no longer holds every
    /// whole number, so that the digits written would not be the value's (999999999999.9 at 7
    /// decimals gave "999999999999.9000960"; 0.5 at 20 decimals, and a negative `decimals`,
    /// stopped the process).
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite, abs(value) < 1e12, decimals >= 0 else { return "\(value)" }
        var scale = 1.0, power = 0
        // (Up to infinity at most: 10^309 and beyond are all it.)
        while power < decimals && scale.isFinite {
            scale *= 10
            power += 1
        }
        let scaled = (abs(value) * scale).rounded()
        // (Not below 2^53, or NaN: 0 times an infinite scale.)
        guard scaled < 9_007_199_254_740_992 else { return "\(value)" }
        let whole = Int64(scaled / scale)
        var text = (value < 0 && scaled != 0 ? "-" : "") + String(whole)
        if decimals > 0 {
            let fraction = String(Int64(scaled - Double(whole) * scale))
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
    }

    /// The value of a plain decimal number, as the announcements CSV reads a coordinate
    /// (``AnnouncementCSV``) and `geobench` its numeric options: an optional `+` or `-`, ASCII
    /// digits with an optional fraction (`12`, `12.`, `12.5`, `.5`) and an optional exponent
    /// (`-3.2e-05`), and nothing else: no spaces, hexadecimal (`0x1p3`), `nan`, `inf`,
    /// underscores or non-ASCII digits. Its value is the nearest `Double` (a magnitude below
    /// about 2.5e-324 becomes 0).
    ///
    /// - Throws: ``DecimalTextError/notADecimalNumber(_:)`` for any other text,
    ///   ``DecimalTextError/beyondDouble(_:)`` where the nearest `Double` would be infinite
    ///   (`1e400`): never infinity.
    public static func value(_ text: Substring) throws(DecimalTextError) -> Double {
        guard isPlainDecimal(text.utf8) else { throw .notADecimalNumber(String(text)) }
        // The grammar leaves Swift's parser (strtod, correctly rounded) nothing but a decimal
        // number: no NUL for its C string to stop at, no hexadecimal, nan or inf.
        guard let value = Double(text), value.isFinite else { throw .beyondDouble(String(text)) }
        return value
    }

    /// Whether `utf8` is `[+-]? (digits ('.' digits?)? | '.' digits) ([eE] [+-]? digits)?` with
    /// ASCII digits, and nothing else.
    static func isPlainDecimal(_ utf8: Substring.UTF8View) -> Bool {
        var bytes = utf8.makeIterator()
        var byte = bytes.next()
        func digits() -> Int {
            var count = 0
            while let digit = byte, digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") {
                count += 1
                byte = bytes.next()
            }
            return count
        }
        if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { byte = bytes.next() }
        var mantissaDigits = digits()
        if byte == UInt8(ascii: ".") {
            byte = bytes.next()
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return false }
        if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            byte = bytes.next()
            if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { byte = bytes.next() }
            guard digits() > 0 else { return false }
        }
        return byte == nil
    }
}

/// Why text is not a plain decimal number (``DecimalText/value(_:)``).
public enum DecimalTextError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text does not follow the grammar (`0x1p3`, `nan`, `1_000`, ` 5`).
    case notADecimalNumber(String)
    /// A decimal number whose nearest `Double` would be infinite (`1e400`, `-1.8e308`).
    case beyondDouble(String)

    /// What is wrong, without the text: "not a plain decimal number (...)" or "beyond the
    /// range of a double (...)".
    public var reason: String {
        switch self {
        case .notADecimalNumber:
            return "not a plain decimal number (digits with an optional sign, fraction and exponent, such as -12.5 or 3e-5)"
        case .beyondDouble:
            return "beyond the range of a double (about +-1.8e308)"
        }
    }

    public var description: String {
        switch self {
        case .notADecimalNumber(let text), .beyondDouble(let text):
            return "'\(text)' is \(reason)"
        }
    }
}
