import Projection

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A malformed announcements CSV, with the 1-based line it was found on.
public enum AnnouncementCSVError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The file has no content at all.
    case emptyFile
    /// The first line is not the header `id,status,latitude,longitude`.
    case missingHeader(line: Int, found: String)
    /// A row with another number of fields than 4.
    case wrongColumnCount(line: Int, expected: Int, found: Int)
    /// Text where a latitude or longitude belongs.
    case notANumber(line: Int, column: String, text: String)
    /// A quoted field that never closes.
    case unterminatedQuote(line: Int)

    public var description: String {
        switch self {
        case .emptyFile:
            return "line 1: the file is empty; expected the header id,status,latitude,longitude"
        case .missingHeader(let line, let found):
            return "line \(line): expected the header id,status,latitude,longitude, found '\(found)'"
        case .wrongColumnCount(let line, let expected, let found):
            return "line \(line): expected \(expected) fields (id,status,latitude,longitude), found \(found)"
        case .notANumber(let line, let column, let text):
            return "line \(line): \(column) '\(text)' is not a number (leave it empty for no coordinate)"
        case .unterminatedQuote(let line):
            return "line \(line): a quoted field is not closed"
        }
    }

    /// The message, for `LocalizedError`: the same text as ``description``.
    public var errorDescription: String? { description }
}

/// Reads the announcements CSV of `geobench preview`: the header `id,status,latitude,longitude`,
/// then one announcement per line; an empty latitude or longitude means no coordinate.
///
/// Accepts RFC 4180 quoting (`"a,b"`, `"say ""hi"""`), CRLF or LF line ends, a UTF-8 byte order
/// mark and blank lines. Anything else malformed is a line-numbered ``AnnouncementCSVError``;
/// invalid values that parse as numbers (latitude 95) are left to ``PinEligibility`` to skip.
public enum AnnouncementCSV {
    /// The header, in order.
    public static let header = ["id", "status", "latitude", "longitude"]

    /// Parses the whole file.
    ///
    /// - Throws: ``AnnouncementCSVError`` naming the first malformed line.
    public static func parse(_ text: String) throws(AnnouncementCSVError) -> [Announcement] {
        var records = try records(of: text)
        guard !records.isEmpty else { throw .emptyFile }
        let (headerLine, header) = records.removeFirst()
        let names = header.map { $0.trimmingSpaces().lowercased() }
        guard names == Self.header else {
            throw .missingHeader(line: headerLine, found: header.joined(separator: ","))
        }
        var announcements: [Announcement] = []
        announcements.reserveCapacity(records.count)
        for (line, fields) in records {
            guard fields.count == header.count else {
                throw .wrongColumnCount(line: line, expected: header.count, found: fields.count)
            }
            announcements.append(Announcement(
                id: fields[0],
                status: fields[1],
                latitude: try number(fields[2], column: "latitude", line: line),
                longitude: try number(fields[3], column: "longitude", line: line)))
        }
        return announcements
    }

    private static func number(_ field: String, column: String, line: Int) throws(AnnouncementCSVError) -> Double? {
        let trimmed = field.trimmingSpaces()
        if trimmed.isEmpty { return nil }
        // Swift's Double parser also takes "nan" and "inf": those parse, and PinEligibility
        // skips them as invalid coordinates with their value.
        guard let value = Double(trimmed) else { throw .notANumber(line: line, column: column, text: field) }
        return value
    }

    /// Splits the text into records of fields, each with the line it starts on. Blank lines
    /// are dropped.
    static func records(of text: String) throws(AnnouncementCSVError) -> [(line: Int, fields: [String])] {
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        var records: [(line: Int, fields: [String])] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var line = 1, recordLine = 1
        var inQuotes = false, fieldWasQuoted = false
        var iterator = scalars.makeIterator()
        var pending: Unicode.Scalar? = nil

        func endRecord() {
            fields.append(String(field))
            field = String.UnicodeScalarView()
            let blank = fields.count == 1 && fields[0].isEmpty && !fieldWasQuoted
            if !blank { records.append((recordLine, fields)) }
            fields = []
            fieldWasQuoted = false
        }

        while let scalar = pending ?? iterator.next() {
            pending = nil
            if inQuotes {
                if scalar == "\"" {
                    let next = iterator.next()
                    if next == "\"" { field.append("\"") } else { inQuotes = false; pending = next }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty:
                inQuotes = true
                fieldWasQuoted = true
            case ",":
                fields.append(String(field))
                field = String.UnicodeScalarView()
            case "\r":
                let next = iterator.next()
                if next != "\n" { pending = next }
                endRecord()
                line += 1
                recordLine = line
            case "\n":
                endRecord()
                line += 1
                recordLine = line
            default:
                field.append(scalar)
            }
        }
        if inQuotes { throw .unterminatedQuote(line: recordLine) }
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { endRecord() }
        return records
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
