import MapTooling
import Testing

@Suite("TerminalText")
struct TerminalTextTests {
    @Test("shown(_:) writes each control, separator, bidirectional control and byte order mark as \\u{X} and leaves everything else, backslashes and escapes made before included, as it was")
    func shown() {
        let cases: [(String, String)] = [
            ("plain text, 48.8566° — 東京 🐕", "plain text, 48.8566° — 東京 🐕"),
            ("\u{1B}[31mred\u{7}", "\\u{1B}[31mred\\u{7}"),
            ("a\u{0}b\u{7F}c\u{9B}d", "a\\u{0}b\\u{7F}c\\u{9B}d"),
            ("\u{202E}abc\u{2066}\u{FEFF}", "\\u{202E}abc\\u{2066}\\u{FEFF}"),
            ("x\u{2028}y\u{2029}", "x\\u{2028}y\\u{2029}"),
            ("cannot read 'a\\nb\\u{1B}'", "cannot read 'a\\nb\\u{1B}'"),
            ("e\u{301}", "e\u{301}"),
            ("", ""),
        ]
        for (text, wanted) in cases {
            let shown = TerminalText.shown(text)
            #expect(shown.unicodeScalars.elementsEqual(wanted.unicodeScalars), "\(text.debugDescription): \(shown.debugDescription)")
            #expect(!shown.unicodeScalars.contains(where: TerminalText.needsEscape))
        }
    }
}
