#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file opened for reading whole: the one way `geobench` reads its inputs (pins, camera
/// scripts).
///
/// Only regular files are read, and at most ``maximumBytes`` of them, so that every path ends in
/// bounded time and memory: a directory, a FIFO (even one nobody writes to), a character device
/// such as `/dev/zero`, a block device or a socket is refused by name before anything is read,
/// and a larger file is refused by its size. The path is checked with `stat` first (a device
/// is never opened), then opened with `O_NONBLOCK` (a FIFO swapped in meanwhile does not block
/// the open) and checked again with `fstat` on the descriptor, which is what is read. The read
/// stops one byte past the maximum, for a file that grows while being read.
///
/// Errors are ``FileIOError``s: "cannot read 'PATH': REASON", the reason being the system's
/// (`strerror`: "No such file or directory", "Permission denied") or one of the refusals above.
public struct InputFile: ~Copyable {
    /// The largest file read: 256 MiB (268 435 456 bytes).
    public static let maximumBytes: Int64 = 256 << 20

    /// The path as given.
    public let path: String
    /// The size `fstat` reported when the file was opened, in bytes.
    public let size: Int64
    private let descriptor: Int32
    private let maximumBytes: Int64

    /// Opens `path` for reading.
    ///
    /// - Throws: ``FileIOError`` when the path cannot be opened, is not a regular file, or is
    ///   larger than `maximumBytes`.
    public init(_ path: String, maximumBytes: Int64 = InputFile.maximumBytes) throws(FileIOError) {
        func failure(_ reason: FileIOError.Reason) -> FileIOError { FileIOError(.read, path: path, reason: reason) }
        // Refused by name before opening: opening a device can have effects of its own.
        var status = stat()
        guard stat(path, &status) == 0 else { throw failure(.system(errno: errno)) }
        if let refusal = Self.refusal(mode: status.st_mode) { throw failure(refusal) }

        var descriptor: Int32
        repeat {
            descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw failure(.system(errno: errno)) }
        // What is read is what the descriptor names, whatever the path names by now.
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw failure(.system(errno: code))
        }
        if let refusal = Self.refusal(mode: status.st_mode) {
            close(descriptor)
            throw failure(refusal)
        }
        let size = Int64(status.st_size)
        guard size <= maximumBytes else {
            close(descriptor)
            throw failure(.tooLarge(bytes: size, maximumBytes: maximumBytes))
        }
        self.path = path
        self.size = size
        self.descriptor = descriptor
        self.maximumBytes = maximumBytes
    }

    deinit {
        close(descriptor)
    }

    /// The whole file's bytes; the file is closed afterwards.
    ///
    /// - Throws: ``FileIOError`` for a read error, or when the file grew beyond the maximum.
    public consuming func readBytes() throws(FileIOError) -> [UInt8] {
        // Room for one byte more than announced: a file that grew does not end the first pass.
        var capacity = Int(min(size, maximumBytes)) + 1
        var bytes: [UInt8] = []
        while true {
            // Read straight into the array's storage (no copy per chunk), after what is there.
            var failure: Int32 = 0
            var ended = false
            let previous = bytes
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                previous.withUnsafeBytes { old in
                    UnsafeMutableRawBufferPointer(buffer).copyMemory(from: old)
                }
                count = previous.count
                while count < capacity {
                    let got = read(descriptor, buffer.baseAddress! + count, capacity - count)
                    if got > 0 {
                        count += got
                    } else if got == 0 {
                        ended = true
                        return
                    } else if errno != EINTR {
                        failure = errno
                        return
                    }
                }
            }
            if failure != 0 { throw FileIOError(.read, path: path, reason: .system(errno: failure)) }
            guard Int64(bytes.count) <= maximumBytes else {
                throw FileIOError(.read, path: path, reason: .grewTooLarge(maximumBytes: maximumBytes))
            }
            if ended { return bytes }
            // Longer than `fstat` said (a growing file, a /proc file): room for more, up to
            // one byte past the maximum.
            capacity = Int(min(Int64(capacity) * 2 + (1 << 16), maximumBytes + 1))
        }
    }

    /// Why a file of this mode is refused, or nil for a regular file.
    static func refusal(mode: mode_t) -> FileIOError.Reason? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return .directory
        case S_IFIFO: return .notRegularFile(kind: "a FIFO")
        case S_IFCHR: return .notRegularFile(kind: "a character device")
        case S_IFBLK: return .notRegularFile(kind: "a block device")
        case S_IFSOCK: return .notRegularFile(kind: "a socket")
        case S_IFLNK: return .symbolicLink
        default: return .notRegularFile(kind: "of an unknown type")
        }
    }
}

extension InputFile {
    /// The whole file at `path`, after checking that the memory limits of the process leave
    /// room for reading it and for what `estimate` says loading it needs.
    ///
    /// The check is made twice: before reading (for the bytes themselves, from the size), and
    /// after (for loading them, which can depend on the number of lines).
    ///
    /// - Parameters:
    ///   - limits: the limits and usage of the process, read again at each check (the
    ///     default reads the system's; tests inject their own).
    /// - Throws: ``FileIOError``: the file cannot be read (see ``init(_:maximumBytes:)``), or
    ///   loading it needs more memory than a limit leaves.
    public static func readBytes(
        _ path: String, estimate: LoadEstimate, maximumBytes: Int64 = InputFile.maximumBytes,
        limits: () -> MemoryLimits = { MemoryLimits.current() }
    ) throws(FileIOError) -> [UInt8] {
        let file = try InputFile(path, maximumBytes: maximumBytes)
        try limits().check(neededBytes: LoadEstimate.readingBytes(fileBytes: file.size), toLoad: path)
        let bytes = try file.readBytes()
        let lines = estimate.bytesPerLine > 0 ? LoadEstimate.lineCount(bytes) : 0
        try limits().check(neededBytes: estimate.neededBytes(fileBytes: Int64(bytes.count), lines: lines), toLoad: path)
        return bytes
    }

    /// The whole file at `path` as UTF-8 text (invalid bytes become U+FFFD), checked as
    /// ``readBytes(_:estimate:maximumBytes:limits:)`` checks it; the estimate also counts the
    /// text's own copy of the bytes.
    public static func readText(
        _ path: String, estimate: LoadEstimate, maximumBytes: Int64 = InputFile.maximumBytes,
        limits: () -> MemoryLimits = { MemoryLimits.current() }
    ) throws(FileIOError) -> String {
        var withText = estimate
        withText.bytesPerFileByte += 1
        let bytes = try readBytes(path, estimate: withText, maximumBytes: maximumBytes, limits: limits)
        return String(decoding: bytes, as: UTF8.self)
    }
}
