#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing a file all or nothing: the one way `geobench` writes a file (`render --output`).
///
/// The bytes go to a new temporary file beside the target (created with `O_CREAT | O_EXCL`,
/// named `.NAME.PID-RANDOM.tmp`), written whole (short writes and `EINTR` handled), synced with
/// `fsync` and closed (with `close`'s error checked); only then is it renamed over the target.
/// On any failure the temporary file (and nothing else) is removed and the target is as it
/// was. A target that exists must be a regular file: a directory, a symbolic link, a FIFO or a
/// device is refused (replacing it would destroy something this did not create), and so is a
/// file without write permission for this process. A replaced file's permission bits are kept.
///
/// Errors are ``FileIOError``s with the system's reason: "cannot write 'out.svg': No space left
/// on device".
public enum OutputFile {
    /// Writes `text` as UTF-8 to `path`, replacing the file there atomically.
    ///
    /// - Throws: ``FileIOError``; the target is then unchanged and no temporary file is left.
    public static func write(_ text: String, to path: String) throws(FileIOError) {
        var text = text
        let result = text.withUTF8 { bytes in
            Result { () throws(FileIOError) in try write(UnsafeRawBufferPointer(bytes), to: path) }
        }
        try result.get()
    }

    /// Writes `bytes` to `path`, replacing the file there atomically.
    ///
    /// - Throws: ``FileIOError``; the target is then unchanged and no temporary file is left.
    public static func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws(FileIOError) {
        func failure(_ reason: FileIOError.Reason) -> FileIOError { FileIOError(.write, path: path, reason: reason) }
        guard !path.isEmpty else { throw failure(.system(errno: ENOENT)) }
        // What is there now: nothing, or a regular file whose permissions the new one keeps.
        var permissions: mode_t? = nil
        var status = stat()
        if lstat(path, &status) == 0 {
            if let refusal = InputFile.refusal(mode: status.st_mode) { throw failure(refusal) }
            // A file its owner made read-only is not replaced (as opening it would fail).
            guard access(path, W_OK) == 0 else { throw failure(.system(errno: errno)) }
            permissions = status.st_mode & 0o777
        } else if errno != ENOENT {
            throw failure(.system(errno: errno))
        }
        if path.hasSuffix("/") { throw failure(.directory) }

        let (temporary, descriptor) = try createTemporaryFile(beside: path)
        var closed = false
        func discard(_ code: Int32) -> FileIOError {
            if !closed { close(descriptor) }
            unlink(temporary)
            return failure(.system(errno: code))
        }
        if let permissions, fchmod(descriptor, permissions) != 0 { throw discard(errno) }
        let code = writeAll(descriptor, bytes)
        if code != 0 { throw discard(code) }
        var synced: Int32
        repeat { synced = fsync(descriptor) } while synced != 0 && errno == EINTR
        if synced != 0 { throw discard(errno) }
        closed = true
        if close(descriptor) != 0 { throw discard(errno) }
        if rename(temporary, path) != 0 { throw discard(errno) }
        syncDirectory(of: path)
    }

    /// A new file beside `path`, created by this call (`O_EXCL`): its path and descriptor.
    static func createTemporaryFile(beside path: String) throws(FileIOError) -> (path: String, descriptor: Int32) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var lastError: Int32 = EEXIST
        for _ in 0..<16 {
            let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            // The name is cut so that a long target name leaves room for the suffix.
            let temporary = directory + "." + String(decoding: name.utf8.prefix(200), as: UTF8.self) + ".\(getpid())-\(suffix).tmp"
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
            if descriptor >= 0 { return (temporary, descriptor) }
            lastError = errno
            if lastError != EEXIST && lastError != EINTR { break }
        }
        throw FileIOError(.write, path: path, reason: .system(errno: lastError))
    }

    /// Syncs the directory holding `path`, so that the rename is on disk too (best effort: the
    /// file is already in place).
    private static func syncDirectory(of path: String) {
        let directory = path.lastIndex(of: "/").map { String(path[...$0]) } ?? "."
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// Writes all of `bytes` to `descriptor`, through short writes, `EINTR`, and `EAGAIN` on a
    /// non-blocking descriptor (waiting until it takes more): 0, or the `errno` of the failure.
    public static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written == 0 {
                return EIO
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&request, 1, -1)
            } else {
                return errno
            }
        }
        return 0
    }
}

/// `write(2)`, out of reach of `OutputFile.write` by name.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// Text written to a descriptor (standard output) through a buffer, each write's failure
/// reported: `geobench` writes all its output this way, so that a full disk, a closed or
/// broken output makes it exit 1 with the reason instead of 0 with the output cut.
///
/// Call ``flush()`` at the end: what is still buffered is dropped with the value.
public struct DescriptorOutput {
    /// The descriptor written to.
    public let descriptor: Int32
    /// Its path for messages, or nil for standard output.
    public let path: String?
    private var buffer: [UInt8] = []
    private let capacity: Int

    /// Output to `descriptor`, named `path` in messages (nil: standard output), flushed when
    /// `capacity` bytes are waiting.
    public init(descriptor: Int32, path: String? = nil, capacity: Int = 1 << 16) {
        self.descriptor = descriptor
        self.path = path
        self.capacity = capacity
        buffer.reserveCapacity(capacity)
    }

    /// Standard output.
    public static func standardOutput() -> DescriptorOutput {
        DescriptorOutput(descriptor: STDOUT_FILENO)
    }

    /// Adds `text` (UTF-8), writing the buffer when it is full; a text larger than the buffer
    /// is written directly, not copied.
    ///
    /// - Throws: ``FileIOError`` with the system's reason.
    public mutating func write(_ text: String) throws(FileIOError) {
        let count = text.utf8.count
        if buffer.count + count > capacity {
            try flush()
            if count >= capacity {
                var text = text
                let code = text.withUTF8 { OutputFile.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
                if code != 0 { throw FileIOError(.write, path: path, reason: .system(errno: code)) }
                return
            }
        }
        buffer.append(contentsOf: text.utf8)
    }

    /// Writes what is buffered.
    ///
    /// - Throws: ``FileIOError`` with the system's reason.
    public mutating func flush() throws(FileIOError) {
        let code = buffer.withUnsafeBytes { OutputFile.writeAll(descriptor, $0) }
        buffer.removeAll(keepingCapacity: true)
        if code != 0 { throw FileIOError(.write, path: path, reason: .system(errno: code)) }
    }
}
