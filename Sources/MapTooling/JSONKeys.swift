#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a JSON text must not have though `JSONDecoder` takes it: a key twice in one object
/// (the decoder keeps one of them silently), or arrays and objects nested beyond a depth.
public enum JSONStructureError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// An object has `key` twice (keys compared after their escapes are decoded). `path` is
    /// the object's place: "camera", "events[2]", or "" for the top level.
    case duplicateKey(String, path: String)
    /// Arrays and objects are nested deeper than `maximumDepth`.
    case nestedTooDeeply(maximumDepth: Int)

    /// "duplicate key 'zoom' in camera", "duplicate key 'events' at the top level", "arrays and
    /// objects nested deeper than 64 levels".
    public var description: String {
        switch self {
        case .duplicateKey(let key, let path):
            let place = path.isEmpty ? "at the top level" : "in \(FileIOError.displayPath(path))"
            return "duplicate key '\(FileIOError.displayPath(key))' \(place)"
        case .nestedTooDeeply(let maximumDepth):
            return "arrays and objects nested deeper than \(maximumDepth) levels"
        }
    }

    /// The message, for `LocalizedError`: the same text as ``description``.
    public var errorDescription: String? { description }
}

/// A scan of a JSON text for repeated keys and deep nesting, run before `JSONDecoder`.
///
/// The scan is iterative (its own stack, at most ``maximumDepth`` frames), so no input can
/// overflow the call stack, and it keeps one set of keys per open object. It is lenient about
/// everything else: at the first thing that is not well-formed JSON it stops without an error,
/// and the decoder that follows reports it.
public enum JSONKeys {
    /// The deepest nesting of arrays and objects accepted: 64 (a camera script needs 5: the
    /// script, its events, an event, a fit's coordinates and a place).
    public static let maximumDepth = 64

    /// Checks `data` (UTF-8 JSON).
    ///
    /// - Throws: ``JSONStructureError`` for the first repeated key, or nesting deeper than
    ///   `maximumDepth`.
    public static func check(_ data: Data, maximumDepth: Int = maximumDepth) throws(JSONStructureError) {
        let result = data.withUnsafeBytes { raw in
            Result { () throws(JSONStructureError) in
                try check(raw.bindMemory(to: UInt8.self), maximumDepth: maximumDepth)
            }
        }
        try result.get()
    }

    /// Checks `bytes` (UTF-8 JSON).
    ///
    /// - Throws: ``JSONStructureError`` for the first repeated key, or nesting deeper than
    ///   `maximumDepth`.
    public static func check(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = maximumDepth) throws(JSONStructureError) {
        var scanner = Scanner(bytes: bytes)
        var frames: [Frame] = []
        nextValue: while true {
            scanner.skipWhitespace()
            guard let byte = scanner.peek() else { return }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard frames.count < maximumDepth else { throw .nestedTooDeeply(maximumDepth: maximumDepth) }
                let isObject = byte == UInt8(ascii: "{")
                scanner.index += 1
                frames.append(Frame(keys: isObject ? [] : nil))
                scanner.skipWhitespace()
                if scanner.peek() == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    scanner.index += 1
                    frames.removeLast()
                } else {
                    if isObject { guard try scanner.member(of: &frames) else { return } }
                    continue nextValue
                }
            case UInt8(ascii: "\""):
                guard scanner.skipString() else { return }
            default:
                guard scanner.skipScalar() else { return }
            }
            // After a value: close what ends here, then go on to the next member or element.
            while true {
                scanner.skipWhitespace()
                guard let frame = frames.last, let next = scanner.peek() else { return }
                if next == UInt8(ascii: ",") {
                    scanner.index += 1
                    if frame.keys != nil {
                        guard try scanner.member(of: &frames) else { return }
                    } else {
                        frames[frames.count - 1].index += 1
                    }
                    continue nextValue
                }
                guard next == (frame.keys != nil ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return }
                scanner.index += 1
                frames.removeLast()
            }
        }
    }

    /// An open array or object: its keys so far (nil for an array) and where the scan is in it.
    struct Frame {
        var keys: Set<String>?
        /// The current member's key (objects).
        var key = ""
        /// The current element's index (arrays).
        var index = 0
    }

    /// The path of the innermost open container, as a decoding error shows one:
    /// "events[2].camera" ("" at the top level).
    static func path(of frames: [Frame]) -> String {
        var text = ""
        for frame in frames.dropLast() {
            if frame.keys != nil {
                text += (text.isEmpty ? "" : ".") + frame.key
            } else {
                text += "[\(frame.index)]"
            }
        }
        return text
    }

    /// A position in the bytes, and the steps of the scan.
    struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        func peek() -> UInt8? {
            index < bytes.count ? bytes[index] : nil
        }

        mutating func skipWhitespace() {
            while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                index += 1
            }
        }

        /// A number, `true`, `false` or `null` (or anything up to a delimiter): false when
        /// there is nothing.
        mutating func skipScalar() -> Bool {
            let start = index
            while let byte = peek(), !Self.ends(byte) { index += 1 }
            return index > start
        }

        private static func ends(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"),
                 UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "\""):
                return true
            default:
                return false
            }
        }

        /// Past the string starting here: false when it does not close.
        mutating func skipString() -> Bool {
            index += 1
            while let byte = peek() {
                index += 1
                if byte == UInt8(ascii: "\"") { return true }
                if byte == UInt8(ascii: "\\") { index += 1 }
            }
            return false
        }

        /// The next member's key of the innermost object, recorded there, and the colon after
        /// it: false when the text is not well formed here.
        ///
        /// - Throws: ``JSONStructureError/duplicateKey(_:path:)`` when the object has it already.
        mutating func member(of frames: inout [Frame]) throws(JSONStructureError) -> Bool {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\""), let key = decodeString() else { return false }
            let last = frames.count - 1
            guard frames[last].keys!.insert(key).inserted else {
                throw .duplicateKey(key, path: JSONKeys.path(of: frames))
            }
            frames[last].key = key
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { return false }
            index += 1
            return true
        }

        /// The string starting here with its escapes decoded (a lone surrogate becomes U+FFFD),
        /// or nil when it does not close or has an invalid escape.
        mutating func decodeString() -> String? {
            index += 1
            let start = index
            var utf8: [UInt8] = []
            var escaped = false
            while let byte = peek() {
                if byte == UInt8(ascii: "\"") {
                    defer { index += 1 }
                    let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    return escaped ? String(decoding: utf8, as: UTF8.self) : String(decoding: raw, as: UTF8.self)
                }
                guard byte == UInt8(ascii: "\\") else {
                    utf8.append(byte)
                    index += 1
                    continue
                }
                escaped = true
                index += 1
                guard let code = peek() else { return nil }
                index += 1
                switch code {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(code)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    guard let unit = hexUnit() else { return nil }
                    var scalar = Unicode.Scalar(unit)
                    if (0xD800...0xDBFF).contains(unit), peek() == UInt8(ascii: "\\"),
                       index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") {
                        let mark = index
                        index += 2
                        if let low = hexUnit(), (0xDC00...0xDFFF).contains(low) {
                            scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
                        } else {
                            index = mark
                        }
                    }
                    utf8.append(contentsOf: String(Character(scalar ?? "\u{FFFD}")).utf8)
                default:
                    return nil
                }
            }
            return nil
        }

        /// Four hexadecimal digits.
        private mutating func hexUnit() -> UInt16? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt16 = 0
            for _ in 0..<4 {
                guard let digit = Int(String(UnicodeScalar(bytes[index])), radix: 16) else { return nil }
                value = value << 4 | UInt16(digit)
                index += 1
            }
            return value
        }
    }
}
