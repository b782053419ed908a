import Projection

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A malformed announcements CSV, with the 1-based line it was found on.
///
/// The associated values keep the input exactly as read (a whole field, or the first record for
/// ``missingHeader(line:found:)``), so a caller can inspect it; they never hold more than one
/// record of the input. ``description`` is the text for a person or a terminal and never copies
/// input through unchanged: it escapes what could act on a terminal and cuts long text (see
/// ``quoteLimit``).
public enum AnnouncementCSVError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The file has no content at all.
    case emptyFile
    /// The first record is not the header `id,status,latitude,longitude`; `found` is that record
    /// as it appears in the file, without its line end.
    case missingHeader(line: Int, found: String)
    /// A row with another number of fields than 4.
    case wrongColumnCount(line: Int, expected: Int, found: Int)
    /// A latitude or longitude field that is not a plain decimal number (see ``AnnouncementCSV``);
    /// `text` is the whole field.
    case notANumber(line: Int, column: String, text: String)
    /// A plain decimal number too large for a `Double` (`1e400`): it would round to infinity.
    case numberOutOfRange(line: Int, column: String, text: String)
    /// A quoted field that never closes.
    case unterminatedQuote(line: Int)

    /// The most characters of one input text that a message shows between its quotes.
    ///
    /// Counted after escaping, so an escape such as `\u{1B}` counts as its 6 characters. Longer
    /// text is cut to its start and `…`, and its length in UTF-8 bytes follows the closing
    /// quote: `'9999…' (10000001 bytes)`. Every message is therefore a few hundred bytes at most.
    public static let quoteLimit = 64

    public var description: String {
        switch self {
        case .emptyFile:
            return "line 1: the file is empty; expected the header id,status,latitude,longitude"
        case .missingHeader(let line, let found):
            return "line \(line): expected the header id,status,latitude,longitude, found \(Self.quoted(found))"
        case .wrongColumnCount(let line, let expected, let found):
            return "line \(line): expected \(expected) fields (id,status,latitude,longitude), found \(found)"
        case .notANumber(let line, let column, let text):
            return "line \(line): \(Self.shown(column)) \(Self.quoted(text)) is not a decimal number such as -33.86 or 1.5e-3 (leave it empty for no coordinate)"
        case .numberOutOfRange(let line, let column, let text):
            return "line \(line): \(Self.shown(column)) \(Self.quoted(text)) is out of range: its magnitude exceeds the largest finite number, 1.7976931348623157e308"
        case .unterminatedQuote(let line):
            return "line \(line): a quoted field is not closed"
        }
    }

    /// The message, for `LocalizedError`: the same text as ``description``.
    public var errorDescription: String? { description }

    /// `text` as a message shows it: between single quotes, escaped, and cut to ``quoteLimit``
    /// characters with its byte count when longer. (A column name is shown the same way, without
    /// quotes: the parser's own names pass through unchanged.)
    ///
    /// Escaped as `\u{X}` (X the scalar's hexadecimal code, as in a Swift string literal): the
    /// C0 controls U+0000-U+001F (NUL, ESC, line ends, tab), DEL U+007F, the C1 controls
    /// U+0080-U+009F, the line and paragraph separators U+2028 and U+2029, the bidirectional
    /// marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F, U+202A-U+202E,
    /// U+2066-U+2069) and the byte order mark U+FEFF. A backslash is shown as `\\`, so an escape
    /// can never be mistaken for input that spells one.
    static func quoted(_ text: String) -> String {
        QuotedText.quoted(text, limit: quoteLimit, escaping: TerminalText.needsEscape)
    }

    private static func shown(_ column: String) -> String {
        let (shown, cut) = QuotedText.excerpt(column, limit: quoteLimit, escaping: TerminalText.needsEscape)
        return cut ? "\(shown)…" : shown
    }
}

/// Reads the announcements CSV of `geobench preview`: the header `id,status,latitude,longitude`,
/// then one announcement per line; an empty latitude or longitude means no coordinate.
///
/// Accepts RFC 4180 quoting (`"a,b"`, `"say ""hi"""`), CRLF or LF line ends (a lone CR ends a
/// line too), a UTF-8 byte order mark and blank lines. Anything else malformed is a
/// line-numbered ``AnnouncementCSVError``; invalid values that are numbers (latitude 95) are
/// left to ``PinEligibility`` to skip.
///
/// A latitude or longitude is a plain decimal number as the backend writes it: after spaces and
/// tabs around it are removed, an optional `+` or `-`, ASCII digits with an optional fraction
/// (`12`, `12.`, `12.5`, `.5`) and an optional exponent `e` or `E`, optional sign, digits
/// (`-3.2e-05`). Its value is the nearest `Double` (a magnitude below about 2.5e-324 becomes
/// 0). Nothing else is a number: no hexadecimal (`0x1p3`), `nan`, `inf` or `infinity`, no
/// underscores or non-ASCII digits, no other byte (NUL included) before or after it. A number
/// whose nearest `Double` would be infinite (`1e400`) is
/// ``AnnouncementCSVError/numberOutOfRange(line:column:text:)``, never infinity.
///
/// Memory stays within one record beyond the input and the result: the file is read record by
/// record, and a record keeps at most its first 4 fields, counting the rest (a line of 50 million
/// commas is reported as 50 000 001 fields without storing them).
public enum AnnouncementCSV {
    /// The header, in order.
    public static let header = ["id", "status", "latitude", "longitude"]

    /// Parses the whole file.
    ///
    /// - Throws: ``AnnouncementCSVError`` naming the first malformed line.
    public static func parse(_ text: String) throws(AnnouncementCSVError) -> [Announcement] {
        var text = text
        return try text.withUTF8 { utf8 in
            Result { () throws(AnnouncementCSVError) in try parse(utf8: utf8) }
        }.get()
    }

    private static func parse(utf8: UnsafeBufferPointer<UInt8>) throws(AnnouncementCSVError) -> [Announcement] {
        var reader = CSVRecordReader(utf8, storedFields: header.count)
        guard let first = try reader.next() else { throw .emptyFile }
        let isHeader = first.fieldCount == header.count
            && zip(first.fields, header).allSatisfy { field, name in trimmed(field[...]).lowercased() == name }
        guard isHeader else {
            throw .missingHeader(line: first.line, found: String(decoding: UnsafeBufferPointer(rebasing: utf8[first.bytes]), as: UTF8.self))
        }
        var announcements: [Announcement] = []
        while let record = try reader.next() {
            guard record.fieldCount == header.count else {
                throw .wrongColumnCount(line: record.line, expected: header.count, found: record.fieldCount)
            }
            let fields = record.fields
            announcements.append(Announcement(
                id: fields[0],
                status: fields[1],
                latitude: try number(fields[2], column: header[2], line: record.line),
                longitude: try number(fields[3], column: header[3], line: record.line)))
        }
        return announcements
    }

    /// The field's value: nil when it is empty (or only spaces and tabs), else a plain decimal
    /// number with a finite value.
    private static func number(_ field: String, column: String, line: Int) throws(AnnouncementCSVError) -> Double? {
        let text = trimmed(field[...])
        if text.isEmpty { return nil }
        do {
            return try DecimalText.value(text)
        } catch {
            switch error {
            case .notADecimalNumber: throw .notANumber(line: line, column: column, text: field)
            case .beyondDouble: throw .numberOutOfRange(line: line, column: column, text: field)
            }
        }
    }

    /// Without leading and trailing spaces and tabs.
    static func trimmed(_ text: Substring) -> Substring {
        let utf8 = text.utf8
        var start = utf8.startIndex, end = utf8.endIndex
        while start < end, isSpaceOrTab(utf8[start]) { start = utf8.index(after: start) }
        while end > start, isSpaceOrTab(utf8[utf8.index(before: end)]) { end = utf8.index(before: end) }
        return text[start..<end]
    }

    private static func isSpaceOrTab(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
}

/// The records of a CSV in UTF-8, one at a time, blank lines skipped.
///
/// A record keeps its first `storedFields` fields and only counts the others, so reading takes
/// memory for one record's stored fields however long the record is.
struct CSVRecordReader {
    struct Record {
        /// The line the record starts on, from 1.
        var line: Int
        /// The first `storedFields` fields, unquoted.
        var fields: [String]
        /// How many fields the record has.
        var fieldCount: Int
        /// The record in the input, without its line end.
        var bytes: Range<Int>
    }

    private let utf8: UnsafeBufferPointer<UInt8>
    private let storedFields: Int
    private var position: Int
    private var line = 1
    private var quotedField: [UInt8] = []

    private static let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","),
        cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")

    init(_ utf8: UnsafeBufferPointer<UInt8>, storedFields: Int) {
        self.utf8 = utf8
        self.storedFields = storedFields
        position = utf8.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0  // a byte order mark
    }

    /// The next record that is not a blank line, or nil at the end of the input.
    mutating func next() throws(AnnouncementCSVError) -> Record? {
        while position < utf8.count {
            let (record, blank) = try readRecord()
            if !blank { return record }
        }
        return nil
    }

    /// The record at `position`, and whether it is a blank line (one empty unquoted field).
    private mutating func readRecord() throws(AnnouncementCSVError) -> (Record, blank: Bool) {
        let start = position, line = self.line
        var fields: [String] = []
        fields.reserveCapacity(storedFields)
        var fieldCount = 0
        var firstQuoted = false
        while true {
            let (field, quoted) = try readField(recordLine: line)
            fields.append(field)
            if fieldCount == 0 { firstQuoted = quoted }
            fieldCount += 1
            guard position < utf8.count, utf8[position] == Self.comma else { break }
            position += 1
            if fieldCount == storedFields {
                fieldCount += try countFields(recordLine: line)
                break
            }
        }
        let end = position
        if position < utf8.count {  // a line end: CRLF, LF or a lone CR
            if utf8[position] == Self.cr, position + 1 < utf8.count, utf8[position + 1] == Self.lf { position += 1 }
            position += 1
            self.line += 1
        }
        let blank = fieldCount == 1 && fields[0].isEmpty && !firstQuoted
        return (Record(line: line, fields: fields, fieldCount: fieldCount, bytes: start..<end), blank)
    }

    /// The field at `position`, leaving `position` at the comma or line end after it. A field is
    /// quoted when it starts with a quote; text after its closing quote is kept as it is, up to
    /// the comma or line end.
    private mutating func readField(recordLine: Int) throws(AnnouncementCSVError) -> (String, quoted: Bool) {
        let start = position
        guard position < utf8.count, utf8[position] == Self.quote else {
            skipUnquoted()
            return (String(decoding: UnsafeBufferPointer(rebasing: utf8[start..<position]), as: UTF8.self), false)
        }
        position += 1
        quotedField.removeAll(keepingCapacity: true)
        while true {
            guard position < utf8.count else { throw .unterminatedQuote(line: recordLine) }
            let byte = utf8[position]
            position += 1
            if byte == Self.quote {
                guard position < utf8.count, utf8[position] == Self.quote else { break }
                position += 1
            } else if byte == Self.lf || (byte == Self.cr && (position == utf8.count || utf8[position] != Self.lf)) {
                // A line end inside the field, counted as outside one: LF, CRLF (at its LF) or
                // a lone CR, so that later records keep their true line numbers.
                line += 1
            }
            quotedField.append(byte)
        }
        let tail = position
        skipUnquoted()
        quotedField.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[tail..<position]))
        return (String(decoding: quotedField, as: UTF8.self), true)
    }

    /// Counts the fields from `position` to the end of the record without storing them, leaving
    /// `position` at the line end: one pass over the bytes, nothing allocated.
    private mutating func countFields(recordLine: Int) throws(AnnouncementCSVError) -> Int {
        guard let bytes = utf8.baseAddress else { return 1 }
        let quote: UInt8 = 0x22, comma: UInt8 = 0x2C, cr: UInt8 = 0x0D, lf: UInt8 = 0x0A
        let count = utf8.count
        var position = self.position, fields = 1, atFieldStart = true
        defer { self.position = position }
        while position < count {
            let byte = bytes[position]
            if byte == quote && atFieldStart {
                // A quoted section: up to the quote that is not doubled.
                position += 1
                while true {
                    guard position < count else { throw .unterminatedQuote(line: recordLine) }
                    let inner = bytes[position]
                    position += 1
                    if inner == quote {
                        guard position < count, bytes[position] == quote else { break }
                        position += 1
                    } else if inner == lf || (inner == cr && (position == count || bytes[position] != lf)) {
                        line += 1
                    }
                }
                atFieldStart = false
                continue
            }
            if byte == comma {
                fields += 1
                atFieldStart = true
            } else if byte == lf || byte == cr {
                break
            } else {
                atFieldStart = false
            }
            position += 1
        }
        return fields
    }

    private mutating func skipUnquoted() {
        while position < utf8.count {
            let byte = utf8[position]
            if byte == Self.comma || byte == Self.lf || byte == Self.cr { return }
            position += 1
        }
    }
}
