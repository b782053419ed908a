/// What the tooling's error messages must not copy to a terminal as is: the one rule behind the
/// announcements CSV's quoted fields and the paths in file errors.
enum TerminalText {
    /// Whether `scalar` is shown escaped in a message: the C0 controls, DEL and the C1 controls
    /// (escape sequences, NUL, line ends), the line and paragraph separators, the bidirectional
    /// controls (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069), which could reorder
    /// what follows on the line, and the byte order mark.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x2028, 0x2029: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        case 0xFEFF: true
        default: false
        }
    }
}
