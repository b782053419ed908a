/// Text from outside (a backend's status, a CSV field) quoted in a message: between single
/// quotes, each scalar a rule picks shown as `\u{X}` (X its value in upper-case hexadecimal, as
/// in a Swift string literal), a backslash as `\\` (so that an escape is never mistaken for
/// input that spells one), and cut to a number of characters, counted after escaping, with its
/// size in UTF-8 bytes after the closing quote when longer: `'9999…' (10000001 bytes)`. Reading
/// stops at the cut, however long the text. The one mechanism behind `SkipReason`'s unknown
/// statuses and the announcements CSV's errors (MapTooling), each with its own rule.
package enum QuotedText {
    /// How a scalar that a rule escapes is shown: `\u{X}` (`\u{1B}`).
    package static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }

    /// `text` between single quotes, escaped by `rule` and cut to `limit` characters with its
    /// byte count when longer.
    package static func quoted(_ text: String, limit: Int, escaping rule: (Unicode.Scalar) -> Bool) -> String {
        let (shown, cut) = excerpt(text, limit: limit, escaping: rule)
        return cut ? "'\(shown)…' (\(text.utf8.count) bytes)" : "'\(shown)'"
    }

    /// The escaped text, at most `limit` characters including the `…` that a cut text gets,
    /// and whether it was cut.
    package static func excerpt(_ text: String, limit: Int, escaping rule: (Unicode.Scalar) -> Bool) -> (shown: String, cut: Bool) {
        var shown = ""
        var width = 0
        var prefixEnd: String.Index? = nil
        for scalar in text.unicodeScalars {
            let piece = scalar == "\\" ? "\\\\" : rule(scalar) ? escape(scalar) : String(scalar)
            // (Each piece is ASCII or one scalar: its unicodeScalars count is its width.)
            let pieceWidth = piece.unicodeScalars.count
            if width + pieceWidth > limit - 1, prefixEnd == nil { prefixEnd = shown.endIndex }
            width += pieceWidth
            if let prefixEnd, width > limit { return (String(shown[..<prefixEnd]), true) }
            shown.unicodeScalars.append(contentsOf: piece.unicodeScalars)
        }
        return (shown, false)
    }
}
