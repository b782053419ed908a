import MapTooling
import Projection

/// libFuzzer entry, with three properties of `AnnouncementCSV.parse` on every input:
///
/// 1. The bytes as a CSV give exactly what a small independent reader predicts (`Reference`): the
///    same announcements bit for bit, or the same error. So an accepted latitude or longitude is
///    finite and its text matches the strict decimal grammar, and a rejected file names the
///    right line.
/// 2. An error's line lies in 1...(line ends in the input + 1), and its message is at most
///    `messageLimit` bytes with no character that could act on a terminal.
/// 3. Announcements derived from the bytes (`Derived`: ids and statuses with commas, quotes, line
///    ends, NUL, unicode; coordinates from bit patterns), written as CSV, parse back equal, bit
///    for bit.
///
/// Each accepted announcement is then classified as a pin or a skip; nothing may crash or hang.
func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let text = String(decoding: bytes, as: UTF8.self)

    let expected = Reference.parse(text)
    do {
        let announcements = try AnnouncementCSV.parse(text)
        guard case .success(let predicted) = expected else {
            preconditionFailure("accepted, but the reference expects \(expected)")
        }
        precondition(identical(announcements, predicted), "announcements differ from the reference")
        for announcement in announcements {
            precondition([announcement.latitude, announcement.longitude].allSatisfy { $0?.isFinite ?? true }, "a non-finite coordinate")
            switch PinEligibility(announcement) {
            case .pin(_, let coordinate):
                precondition(coordinate.latitude.isFinite && coordinate.longitude.isFinite, "non-finite pin \(coordinate)")
            case .skip(let reason):
                _ = reason.description
            }
        }
    } catch {
        precondition(expected == .failure(error), "rejected with \(error), but the reference expects \(expected)")
        checkMessage(of: error, lineEnds: lineEnds(in: text))
    }

    var derived = Derived(bytes)
    let announcements = derived.announcements()
    let csv = derived.csv(announcements)
    do {
        let parsed = try AnnouncementCSV.parse(csv)
        precondition(identical(parsed, announcements), "a written CSV does not parse back equal")
    } catch {
        preconditionFailure("a written CSV is rejected: \(error)")
    }
    return 0
}

/// A bound on every message: 64 quoted characters of at most 4 bytes each, the byte count, the
/// fixed words and the line number.
let messageLimit = 512

func checkMessage(of error: AnnouncementCSVError, lineEnds: Int) {
    let line: Int? = switch error {
    case .emptyFile: nil
    case .missingHeader(let line, _), .wrongColumnCount(let line, _, _), .notANumber(let line, _, _),
         .numberOutOfRange(let line, _, _), .unterminatedQuote(let line): line
    }
    if let line { precondition(line >= 1 && line <= lineEnds + 1, "line \(line) of an input with \(lineEnds) line ends") }
    let message = error.description
    precondition(!message.isEmpty && message.utf8.count <= messageLimit, "a message of \(message.utf8.count) bytes")
    for scalar in message.unicodeScalars {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
            preconditionFailure("the message copies U+\(String(scalar.value, radix: 16, uppercase: true)) through")
        default:
            break
        }
    }
}

/// LF, CRLF and lone CR line ends.
func lineEnds(in text: String) -> Int {
    var count = 0
    var previousCR = false
    for byte in text.utf8 {
        if byte == 0x0A { if !previousCR { count += 1 } } else if byte == 0x0D { count += 1 }
        previousCR = byte == 0x0D
    }
    return count
}

/// Equal, bit for bit: ids and statuses byte for byte, coordinates by bit pattern.
func identical(_ a: [Announcement], _ b: [Announcement]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { x, y in
        x.id.utf8.elementsEqual(y.id.utf8) && x.status.utf8.elementsEqual(y.status.utf8)
            && x.latitude?.bitPattern == y.latitude?.bitPattern && x.longitude?.bitPattern == y.longitude?.bitPattern
    }
}

/// What the reader must give, by a deliberately plain route: split the whole text into records of
/// fields over its Unicode scalars, then check them in order; numbers by a state machine.
enum Reference {
    /// Whether `text` is `[+-]? (digits ('.' digits?)? | '.' digits) ([eE] [+-]? digits)?`: a
    /// table-driven automaton, written apart from the reader's own check.
    static func isDecimal(_ text: String) -> Bool {
        // States: 0 start, 1 sign, 2 digits, 3 digits and '.', 4 fraction digits, 5 '.' alone,
        // 6 'e', 7 exponent sign, 8 exponent digits. Columns: sign, digit, '.', 'e'.
        let next: [[Int?]] = [
            [1, 2, 5, nil], [nil, 2, 5, nil], [nil, 2, 3, 6], [nil, 4, nil, 6], [nil, 4, nil, 6],
            [nil, 4, nil, nil], [7, 8, nil, nil], [nil, 8, nil, nil], [nil, 8, nil, nil],
        ]
        var state = 0
        for scalar in text.unicodeScalars {
            let column: Int
            switch scalar {
            case "+", "-": column = 0
            case "0"..."9": column = 1
            case ".": column = 2
            case "e", "E": column = 3
            default: return false
            }
            guard let following = next[state][column] else { return false }
            state = following
        }
        return [2, 3, 4, 8].contains(state)
    }

    static func parse(_ text: String) -> Result<[Announcement], AnnouncementCSVError> {
        let (records, unterminatedLine) = split(text)
        var rest = records[...]
        guard let header = rest.popFirst() else {
            return .failure(unterminatedLine.map { .unterminatedQuote(line: $0) } ?? .emptyFile)
        }
        let names = header.fields.map { trim($0.text).lowercased() }
        guard names == AnnouncementCSV.header else { return .failure(.missingHeader(line: header.line, found: header.raw)) }
        var announcements: [Announcement] = []
        for record in rest {
            guard record.fields.count == 4 else {
                return .failure(.wrongColumnCount(line: record.line, expected: 4, found: record.fields.count))
            }
            var values: [Double?] = []
            for (column, field) in zip(["latitude", "longitude"], record.fields[2...]) {
                let number = trim(field.text)
                if number.isEmpty { values.append(nil); continue }
                guard isDecimal(number) else {
                    return .failure(.notANumber(line: record.line, column: column, text: field.text))
                }
                guard let value = Double(number), value.isFinite else {
                    return .failure(.numberOutOfRange(line: record.line, column: column, text: field.text))
                }
                values.append(value)
            }
            announcements.append(Announcement(id: record.fields[0].text, status: record.fields[1].text, latitude: values[0], longitude: values[1]))
        }
        if let unterminatedLine { return .failure(.unterminatedQuote(line: unterminatedLine)) }
        return .success(announcements)
    }

    struct Record {
        var line: Int
        var fields: [(text: String, quoted: Bool)]
        var raw: String
    }

    /// The records that are not blank lines, and the line of a last record whose quote never
    /// closes (that record left out).
    static func split(_ text: String) -> ([Record], unterminatedLine: Int?) {
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var records: [Record] = []
        var fields: [(text: String, quoted: Bool)] = []
        var field = String.UnicodeScalarView(), raw = String.UnicodeScalarView()
        var quoted = false, inQuotes = false
        var line = 1, recordLine = 1
        var index = 0

        func endField() {
            fields.append((String(field), quoted))
            field = String.UnicodeScalarView()
            quoted = false
        }
        func endRecord() {
            endField()
            if !(fields.count == 1 && fields[0].text.isEmpty && !fields[0].quoted) {
                records.append(Record(line: recordLine, fields: fields, raw: String(raw)))
            }
            fields = []
            raw = String.UnicodeScalarView()
        }

        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if inQuotes {
                raw.append(scalar)
                if scalar == "\"" {
                    if index < scalars.count, scalars[index] == "\"" {
                        field.append("\"")
                        raw.append("\"")
                        index += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    // A line end inside quotes counts as one outside does: LF, CRLF once (at
                    // its LF), a lone CR.
                    let loneCR = scalar == "\r" && !(index < scalars.count && scalars[index] == "\n")
                    if scalar == "\n" || loneCR { line += 1 }
                    field.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty && !quoted:
                inQuotes = true
                quoted = true
                raw.append(scalar)
            case ",":
                endField()
                raw.append(scalar)
            case "\r", "\n":
                if scalar == "\r", index < scalars.count, scalars[index] == "\n" { index += 1 }
                endRecord()
                line += 1
                recordLine = line
            default:
                field.append(scalar)
                raw.append(scalar)
            }
        }
        if inQuotes { return (records, recordLine) }
        if !field.isEmpty || !fields.isEmpty || quoted { endRecord() }
        return (records, nil)
    }

    static func trim(_ text: String) -> String {
        var scalars = text.unicodeScalars[...]
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}

/// Announcements and their CSV, chosen by the fuzz input's bytes (zeros once they run out).
struct Derived {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private mutating func byte() -> UInt8 {
        defer { position += 1 }
        return position < bytes.count ? bytes[position] : 0
    }

    private mutating func word() -> UInt64 {
        (0..<8).reduce(0) { value, _ in value << 8 | UInt64(byte()) }
    }

    private static let pieces: [String] = [
        "a", "Z", "0", "-", ".", "e", " ", "\t", ",", "\"", "\"\"", "\n", "\r", "\r\n", "\u{0}", "\u{1B}[31m",
        "\u{FEFF}", "\u{202E}", "\u{2028}", "\u{85}", "\\", "'", "é", "e\u{301}", "🐕‍🦺", "中", "\u{FFFD}",
    ]

    private mutating func text() -> String {
        var text = String.UnicodeScalarView()
        for _ in 0..<Int(byte() % 12) {
            let choice = Int(byte())
            if choice < 200 {
                text.append(contentsOf: Self.pieces[choice % Self.pieces.count].unicodeScalars)
            } else if let scalar = Unicode.Scalar(UInt32(byte()) << 8 | UInt32(byte())) {
                text.append(scalar)
            }
        }
        return String(text)
    }

    private static let specials: [Double] = [
        0, -0.0, 1, -1, 0.1, 90, -90, 180, -180, 1e-05, 1e16, 1e22, 1e23, .leastNonzeroMagnitude,
        -.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
    ]

    private mutating func coordinate() -> Double? {
        switch byte() % 4 {
        case 0: return nil
        case 1: return Self.specials[Int(byte()) % Self.specials.count]
        default:
            let value = Double(bitPattern: word())
            return value.isFinite ? value : nil
        }
    }

    mutating func announcements() -> [Announcement] {
        (0..<Int(byte() % 8)).map { _ in
            Announcement(id: text(), status: text(), latitude: coordinate(), longitude: coordinate())
        }
    }

    /// A header, then one record each; line ends, quoting, spaces around numbers, blank lines
    /// and a byte order mark chosen by the bytes.
    mutating func csv(_ announcements: [Announcement]) -> String {
        let options = byte()
        let lineEnd = options & 1 == 0 ? "\n" : "\r\n"
        var csv = options & 2 == 0 ? "" : "\u{FEFF}"
        csv += options & 4 == 0 ? "id,status,latitude,longitude" : "\"ID\", Status ,LATITUDE,\"longitude\""
        for announcement in announcements {
            let choices = byte()
            csv += lineEnd
            if choices & 1 != 0 { csv += lineEnd }
            let spaces = ["", " ", "\t", " \t "][Int(choices >> 1 & 3)]
            let numbers = [announcement.latitude, announcement.longitude].map { value in
                let number = value.map { spaces + $0.description + spaces } ?? spaces
                return choices & 8 == 0 ? number : "\"\(number)\""
            }
            csv += [field(announcement.id, quote: choices & 16 != 0), field(announcement.status, quote: choices & 32 != 0)]
                .joined(separator: ",") + "," + numbers.joined(separator: ",")
        }
        if options & 8 != 0 { csv += lineEnd }
        return csv
    }

    /// `text` as a field: quoted when asked, or when it holds a comma, a quote or a line end.
    private func field(_ text: String, quote: Bool) -> String {
        let needsQuotes = text.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
        guard quote || needsQuotes else { return text }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            quoted.unicodeScalars.append(scalar)
            if scalar == "\"" { quoted.unicodeScalars.append(scalar) }
        }
        return quoted + "\""
    }
}
