import GeoMath
import Testing

import MapTooling
import Projection

/// The SVG that `geobench render` writes is well-formed XML 1.0 whatever the pins' ids hold:
/// markup characters followed by combining marks ("<" + U+0338 is the single character "≮"),
/// U+FFFE and U+FFFF (not XML characters), control characters (docs/BAD_INPUTS.md, row 45).
@Suite("SVG well-formedness")
struct SVGWellFormednessTests {
    /// Why `text` is not a well-formed XML 1.0 document (elements, attributes, character and
    /// entity references, comments, processing instructions; no DTD), or nil when it is.
    /// Works on Unicode scalars, as an XML parser does.
    static func xmlProblem(_ text: String) -> String? {
        let s = Array(text.unicodeScalars)
        var i = 0
        func isChar(_ c: Unicode.Scalar) -> Bool {
            switch c.value {
            case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
            default: return false
            }
        }
        if let bad = s.firstIndex(where: { !isChar($0) }) {
            return "scalar U+\(String(s[bad].value, radix: 16, uppercase: true)) at \(bad) is not an XML character"
        }
        func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" }
        func isNameStart(_ c: Unicode.Scalar) -> Bool {
            c == ":" || c == "_" || ("A"..."Z").contains(c) || ("a"..."z").contains(c) || c.value >= 0xC0
        }
        func isName(_ c: Unicode.Scalar) -> Bool {
            isNameStart(c) || c == "-" || c == "." || ("0"..."9").contains(c) || c.value == 0xB7
        }
        func starts(_ prefix: String) -> Bool {
            let p = Array(prefix.unicodeScalars)
            return i + p.count <= s.count && Array(s[i..<(i + p.count)]) == p
        }
        func skipSpace() { while i < s.count, isSpace(s[i]) { i += 1 } }
        func name() -> String? {
            guard i < s.count, isNameStart(s[i]) else { return nil }
            var out = String.UnicodeScalarView()
            while i < s.count, isName(s[i]) { out.append(s[i]); i += 1 }
            return String(out)
        }
        // A reference at s[i] == "&": "&name;", "&#digits;" or "&#xhex;".
        func reference() -> String? {
            i += 1
            if i < s.count, s[i] == "#" {
                i += 1
                let hex = i < s.count && s[i] == "x"
                if hex { i += 1 }
                let start = i
                while i < s.count, (hex ? s[i].properties.isASCIIHexDigit : ("0"..."9").contains(s[i])) { i += 1 }
                guard i > start, i < s.count, s[i] == ";" else { return "a malformed character reference at \(i)" }
                i += 1
                return nil
            }
            guard let entity = name(), ["amp", "lt", "gt", "quot", "apos"].contains(entity), i < s.count, s[i] == ";" else {
                return "a raw '&' or an unknown entity at \(i)"
            }
            i += 1
            return nil
        }
        // Up to `end`; nil when it is not there.
        func skip(past end: String) -> Bool {
            while i < s.count {
                if starts(end) { i += end.unicodeScalars.count; return true }
                i += 1
            }
            return false
        }
        var open: [String] = []
        var roots = 0
        while i < s.count {
            if starts("<?") {
                guard skip(past: "?>") else { return "an unclosed processing instruction" }
            } else if starts("<!--") {
                guard skip(past: "-->") else { return "an unclosed comment" }
            } else if starts("</") {
                i += 2
                guard let tag = name() else { return "a bad end tag name at \(i)" }
                skipSpace()
                guard i < s.count, s[i] == ">" else { return "an unclosed end tag at \(i)" }
                i += 1
                guard open.popLast() == tag else { return "end tag </\(tag)> does not match" }
            } else if s[i] == "<" {
                i += 1
                guard let tag = name() else { return "a bad tag name at \(i)" }
                if open.isEmpty { roots += 1 }
                var attributes: Set<String> = []
                while true {
                    let hadSpace = i < s.count && isSpace(s[i])
                    skipSpace()
                    guard i < s.count else { return "an unclosed start tag <\(tag)" }
                    if s[i] == ">" { i += 1; open.append(tag); break }
                    if starts("/>") { i += 2; break }
                    guard hadSpace, let attribute = name() else { return "a bad attribute in <\(tag)> at \(i)" }
                    guard attributes.insert(attribute).inserted else { return "attribute \(attribute) twice in <\(tag)>" }
                    skipSpace()
                    guard i < s.count, s[i] == "=" else { return "no '=' after \(attribute) at \(i)" }
                    i += 1
                    skipSpace()
                    guard i < s.count, s[i] == "\"" || s[i] == "'" else { return "an unquoted value of \(attribute)" }
                    let quote = s[i]
                    i += 1
                    while true {
                        guard i < s.count else { return "an unclosed value of \(attribute)" }
                        if s[i] == quote { i += 1; break }
                        if s[i] == "<" { return "a raw '<' in the value of \(attribute) at \(i)" }
                        if s[i] == "&" {
                            if let problem = reference() { return problem + " in the value of \(attribute)" }
                        } else {
                            i += 1
                        }
                    }
                }
            } else if s[i] == "&" {
                guard !open.isEmpty else { return "a reference outside the root element" }
                if let problem = reference() { return problem }
            } else {
                guard !open.isEmpty || isSpace(s[i]) else { return "text outside the root element at \(i)" }
                i += 1
            }
        }
        guard open.isEmpty else { return "unclosed elements: \(open)" }
        guard roots == 1 else { return "\(roots) root elements" }
        return nil
    }

    @Test("the checker itself refuses what XML refuses")
    func checker() {
        #expect(Self.xmlProblem("<a b=\"x &amp; &#x3C; &#60;\"><c/>text &lt;</a>\n") == nil)
        for bad in [
            "<a b=\"<\u{338}\"/>", "<a b=\"&\u{301}\"/>", "<a b=\"\"\u{301}\"/>", "<a b=\"\u{FFFE}\"/>",
            "<a b=\"\u{1}\"/>", "<a>\u{FFFF}</a>", "<a><b></a></b>", "<a/><a/>", "<a b=\"1\" b=\"2\"/>", "<a>&x;</a>",
        ] {
            #expect(Self.xmlProblem(bad) != nil, "\(bad.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// The ids of every known case, then `fuzzed` random ones mixing markup characters,
    /// combining marks, non-characters, controls and letters (a fixed seed: the same every run).
    static func ids(fuzzed: Int) -> [String] {
        var ids = [
            "<\u{338}x", "&\u{301}", "\"\u{301}", "a\u{FFFE}b", "\u{FFFF}", ">\u{338}", "'\u{301}",
            "\u{301}leading mark", "\u{1}\u{301}", "\r\n", "tab\there", "\u{7F}\u{338}", "x<\u{338}&\u{301}\"\u{301}y",
        ]
        let alphabet: [Unicode.Scalar] = [
            "<", "&", "\"", "'", ">", "\u{301}", "\u{338}", "\u{FFFE}", "\u{FFFF}", "\u{0}", "\u{1}", "\t", "\n", "\r",
            "\u{1B}", "\u{7F}", "a", "Z", " ", ";", "#", "\u{E9}", "\u{1F436}",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            // SplitMix64.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        // Unique ids, as the cluster index wants them: each random one gets its index.
        for k in 0..<fuzzed {
            var id = String.UnicodeScalarView()
            for _ in 0..<(1 + Int(next() % 12)) { id.append(alphabet[Int(next() % UInt64(alphabet.count))]) }
            ids.append(String(id) + "#\(k)")
        }
        return ids
    }

    @Test("BAD_INPUTS row 93: pins with hostile ids: the preview drawing and the cluster drawing are well-formed XML, and no id is lost")
    func hostileIDs() throws {
        let ids = Self.ids(fuzzed: 400)
        let center = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        let circle = try GeodesicCircle(center: center, radiusMeters: 10_000)
        let frame = try PreviewFrame(circle: circle, widthPoints: 390)
        // Four addresses: pets at one place (drawn spread, each id on its own element) and, at a
        // low zoom, clusters (the ids joined in one attribute).
        let places = try [(0.0, 0.0), (0.01, 0.01), (-0.01, 0.02), (0.02, -0.015)].map { dLat, dLon in
            try Coordinate(latitude: center.latitude + dLat, longitude: center.longitude + dLon)
        }
        var pins: [Pin] = []
        for (k, id) in ids.enumerated() {
            let place = places[k % places.count]
            pins.append(Pin(
                id: id, category: k % 2 == 0 ? .missing : .found, coordinate: place, distanceMeters: 0,
                mercator: MercatorPoint(place), point: frame.point(for: place), inFrame: true))
        }
        let drawing = PreviewDrawing(circle: circle, pins: pins, transform: frame.transform)
        let svg = drawing.svg
        #expect(Self.xmlProblem(svg) == nil, "\(Self.xmlProblem(svg) ?? "")")
        #expect(svg.components(separatedBy: "<circle data-id=").count - 1 == ids.count)
        // Each id on its own: well-formed inside an element, and unchanged but for what is
        // dropped or replaced.
        for id in ids {
            let one = PreviewDrawing(circle: circle, pins: [Pin(
                id: id, category: .missing, coordinate: center, distanceMeters: 0,
                mercator: MercatorPoint(center), point: frame.point(for: center), inFrame: true)], transform: frame.transform).svg
            let problem = Self.xmlProblem(one)
            #expect(problem == nil, "id \(id.unicodeScalars.map { "U+" + String($0.value, radix: 16) }): \(problem ?? "")")
        }

        let index = try PinClusterIndex(pins: pins.map(ClusterPin.init))
        for zoom in [9.0, 13.0, 22.0] {
            let camera = try MercatorCamera(center: center, zoom: zoom, widthPoints: 390, heightPoints: 844)
            let clustered = ClusterDrawing(index: index, camera: camera).drawn(over: svg)
            let problem = Self.xmlProblem(clustered)
            #expect(problem == nil, "zoom \(zoom): \(problem ?? "")")
        }
    }

    @Test("escaping keeps the existing policy: entities for markup, controls dropped, U+FFFE and U+FFFF replaced by U+FFFD")
    func escapingPolicy() throws {
        let center = try Coordinate(latitude: 48.8566, longitude: 2.3522)
        let circle = try GeodesicCircle(center: center, radiusMeters: 10_000)
        let frame = try PreviewFrame(circle: circle, widthPoints: 390)
        func drawnID(_ id: String) -> String? {
            let svg = PreviewDrawing(circle: circle, pins: [Pin(
                id: id, category: .missing, coordinate: center, distanceMeters: 0,
                mercator: MercatorPoint(center), point: frame.point(for: center), inFrame: true)], transform: frame.transform).svg
            guard let start = svg.unicodeScalars.firstRange(of: "data-id=\"".unicodeScalars) else { return nil }
            let rest = svg.unicodeScalars[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { return nil }
            return String(String.UnicodeScalarView(rest[..<end]))
        }
        #expect(drawnID("<\u{338}x")?.unicodeScalars.elementsEqual("&lt;\u{338}x".unicodeScalars) == true)
        #expect(drawnID("&\u{301}")?.unicodeScalars.elementsEqual("&amp;\u{301}".unicodeScalars) == true)
        #expect(drawnID("\"\u{301}")?.unicodeScalars.elementsEqual("&quot;\u{301}".unicodeScalars) == true)
        #expect(drawnID("a\u{FFFE}b\u{FFFF}")?.unicodeScalars.elementsEqual("a\u{FFFD}b\u{FFFD}".unicodeScalars) == true)
        #expect(drawnID("\u{1}\u{301}tab\there\r\n\u{7F}")?.unicodeScalars.elementsEqual("\u{301}tabhere".unicodeScalars) == true)
        #expect(drawnID("b<&>") == "b&lt;&amp;&gt;")
    }
}
