#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file that could not be read or written, or standard output that could not be written:
/// the path and the reason, in one line.
///
///     cannot read 'pins.csv': No such file or directory
///     cannot read 'fifo': is not a regular file (a FIFO)
///     cannot write 'out.svg': No space left on device
///     cannot write standard output: No space left on device
public struct FileIOError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// What was being done.
    public enum Operation: String, Hashable, Sendable {
        case read
        case write
    }

    /// Why it failed.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// The system's error: `errno`, described by `strerror` ("Permission denied").
        case system(errno: Int32)
        /// The path names a directory.
        case directory
        /// The path names something else than a regular file; `kind` is "a FIFO", "a character
        /// device", "a block device" or "a socket".
        case notRegularFile(kind: String)
        /// The path names a symbolic link (refused as an output: the link, not its target,
        /// would be replaced).
        case symbolicLink
        /// The file is larger than the maximum read.
        case tooLarge(bytes: Int64, maximumBytes: Int64)
        /// The file grew beyond the maximum while being read.
        case grewTooLarge(maximumBytes: Int64)
        /// Loading the file would need more memory than a limit of the process leaves.
        case insufficientMemory(neededBytes: Int64, availableBytes: Int64, limit: String)

        public var description: String {
            switch self {
            case .system(let code):
                return String(cString: strerror(code))
            case .directory:
                return "is a directory"
            case .notRegularFile(let kind):
                return "is not a regular file (\(kind))"
            case .symbolicLink:
                return "is a symbolic link (give the path of the file itself)"
            case .tooLarge(let bytes, let maximum):
                return "is \(bytes) bytes, more than the maximum of \(FileIOError.size(maximum))"
            case .grewTooLarge(let maximum):
                return "grew beyond the maximum of \(FileIOError.size(maximum)) while being read"
            case .insufficientMemory(let needed, let available, let limit):
                return "needs about \(FileIOError.mebibytes(needed)) MiB of memory to load, but the process may use only \(FileIOError.mebibytes(available, roundingUp: false)) MiB more (\(limit))"
            }
        }
    }

    /// Reading or writing.
    public let operation: Operation
    /// The path as given, or nil for standard output.
    public let path: String?
    /// Why it failed.
    public let reason: Reason

    /// An error of `operation` on `path` (nil: standard output).
    public init(_ operation: Operation, path: String?, reason: Reason) {
        self.operation = operation
        self.path = path
        self.reason = reason
    }

    /// "cannot read 'PATH': REASON" (the path escaped and cut by ``displayPath(_:)``), or
    /// "cannot write standard output: REASON".
    public var description: String {
        let target = path.map { "'\(Self.displayPath($0))'" } ?? "standard output"
        return "cannot \(operation.rawValue) \(target): \(reason)"
    }

    /// The message, for `LocalizedError`: the same text as ``description``.
    public var errorDescription: String? { description }

    /// The longest path shown whole in a message, in characters; longer ones keep their start
    /// and end around "...".
    public static let maximumDisplayedPathLength = 200

    /// `path` for a one-line message: control characters (C0, DEL, C1), the line and paragraph
    /// separators, the bidirectional controls and the byte order mark escaped as `\n`, `\r`,
    /// `\t` or `\u{1B}`, and a backslash as `\\` (as the announcements CSV's messages show
    /// text); a path longer than ``maximumDisplayedPathLength`` characters keeps its first 120
    /// and last 60 characters around "…".
    public static func displayPath(_ path: String) -> String {
        var characters = Array(path.unicodeScalars)
        if characters.count > maximumDisplayedPathLength {
            characters = Array(characters.prefix(120)) + ["…"] + Array(characters.suffix(60))
        }
        var text = ""
        for scalar in characters {
            switch scalar {
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where TerminalText.needsEscape(scalar):
                text += TerminalText.escaped(scalar)
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// "16 bytes", or "268435456 bytes (256 MiB)" from a mebibyte up.
    static func size(_ bytes: Int64) -> String {
        bytes < 1 << 20 ? "\(bytes) bytes" : "\(bytes) bytes (\(mebibytes(bytes)) MiB)"
    }

    /// `bytes` in whole mebibytes (at least 0), rounded up by default so that a need or a
    /// maximum is never shown smaller than it is; what is available is rounded down.
    static func mebibytes(_ bytes: Int64, roundingUp: Bool = true) -> Int64 {
        guard bytes > 0 else { return 0 }
        return roundingUp ? bytes / (1 << 20) + (bytes % (1 << 20) == 0 ? 0 : 1) : bytes / (1 << 20)
    }
}
