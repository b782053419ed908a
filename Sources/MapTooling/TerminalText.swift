import Projection

/// What the tooling's error messages must not copy to a terminal as is: the one rule behind the
/// announcements CSV's quoted fields, the paths in file errors and every line `geobench` writes
/// to stderr.
public enum TerminalText {
    /// Whether `scalar` is shown escaped in a message: the C0 controls, DEL and the C1 controls
    /// (escape sequences, NUL, line ends), the line and paragraph separators, the bidirectional
    /// controls (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069), which could reorder
    /// what follows on the line, and the byte order mark.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x2028, 0x2029: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        case 0xFEFF: true
        default: false
        }
    }

    /// How a scalar that needs escaping is shown: `\u{X}`, X its value in upper-case
    /// hexadecimal (`\u{1B}`). The one spelling of the CSV's fields, the file errors' paths
    /// and ``shown(_:)``.
    static func escaped(_ scalar: Unicode.Scalar) -> String {
        QuotedText.escape(scalar)
    }

    /// `text` with every scalar that ``needsEscape(_:)`` shown as `\u{X}` (hexadecimal, upper
    /// case) and everything else, backslashes included, as it is: the last guard on a message
    /// before a terminal, for text that may quote what a user typed (an option's value, a camera
    /// script's event type) without escaping it. Text escaped before (a path, a CSV field) comes
    /// through unchanged, since its escapes are plain characters.
    public static func shown(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var shown = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                shown.append(contentsOf: escaped(scalar).unicodeScalars)
            } else {
                shown.append(scalar)
            }
        }
        return String(shown)
    }
}
