import Foundation
import Testing

@testable import MapTooling

#if canImport(Glibc)
import Glibc
#endif

/// Reading input files: regular files only, at most `InputFile.maximumBytes`, every refusal in
/// one line and in bounded time.
@Suite("InputFile")
struct InputFileTests {
    /// The error of opening and reading `path`. (Nothing is timed: a refusal that came from a
    /// read rather than from the file's kind or size is another error — /dev/zero and a 1 TiB
    /// file read would give "grew beyond the maximum", a FIFO read an empty text — and a
    /// blocking open of a FIFO is caught by `withinTenSeconds`.)
    private static func openingError(_ path: String, maximumBytes: Int64 = InputFile.maximumBytes) -> FileIOError? {
        do {
            _ = try InputFile(path, maximumBytes: maximumBytes).readBytes()
            return nil
        } catch {
            return error
        }
    }

    /// A value handed from a thread: written before the semaphore is signalled, read after.
    private final class Outcome<Value>: @unchecked Sendable { var value: Value? }

    /// `body`'s result, run on a thread of its own and waited for up to 10 s. A regression that
    /// made the reader open `fifo` blocking would otherwise hang the suite (Swift Testing's time
    /// limit does not interrupt a blocking `open`: a probe was still hung after 150 s). After
    /// 10 s the FIFO is opened for reading and writing, which never blocks on Linux and wakes a
    /// blocked open, and closed again, so the read ends; the test then fails here.
    private static func withinTenSeconds<Value>(
        unblocking fifo: String, _ body: @escaping @Sendable () -> Value
    ) -> Value {
        let outcome = Outcome<Value>(), done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            outcome.value = body()
            done.signal()
        }
        if done.wait(timeout: .now() + 10) == .timedOut {
            Issue.record("reading \(fifo) did not return within 10 s: the open blocked")
            let descriptor = open(fifo, O_RDWR | O_CLOEXEC)
            if descriptor >= 0 { close(descriptor) }
            done.wait()
        }
        return outcome.value!
    }

    @Test("BAD_INPUTS row 47: a FIFO nobody writes to, /dev/zero, a directory and a socket are refused by name at once, never read")
    func row50SpecialFiles() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.file("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let socketPath = directory.file("socket")
        let socketDescriptor = try Self.bindUnixSocket(at: socketPath)
        defer { close(socketDescriptor) }
        let zeroLink = directory.file("zero-link")
        #expect(symlink("/dev/zero", zeroLink) == 0)

        let cases: [(String, FileIOError.Reason, String)] = [
            (fifo, .notRegularFile(kind: "a FIFO"), "is not a regular file (a FIFO)"),
            ("/dev/zero", .notRegularFile(kind: "a character device"), "is not a regular file (a character device)"),
            (zeroLink, .notRegularFile(kind: "a character device"), "is not a regular file (a character device)"),
            (directory.path, .directory, "is a directory"),
            (socketPath, .notRegularFile(kind: "a socket"), "is not a regular file (a socket)"),
        ]
        for (path, reason, text) in cases {
            let error = Self.withinTenSeconds(unblocking: fifo) { Self.openingError(path) }
            #expect(error == FileIOError(.read, path: path, reason: reason), "\(path)")
            #expect(error?.description == "cannot read '\(path)': \(text)")
            // The same through the reader geobench calls.
            let readerError = Self.withinTenSeconds(unblocking: fifo) {
                Result { () throws(FileIOError) in try InputFile.readText(path, estimate: .previewPins) }
            }
            #expect(throws: FileIOError(.read, path: path, reason: reason)) { try readerError.get() }
        }
    }

    @Test("BAD_INPUTS row 47: a path that does not exist gets the system's reason; a regular file, and a link to one, are read whole")
    func row50MissingAndRegular() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.file("missing.csv")
        let error = Self.openingError(missing)
        #expect(error == FileIOError(.read, path: missing, reason: .system(errno: ENOENT)))
        #expect(error?.description == "cannot read '\(missing)': No such file or directory")
        let notDirectory = try directory.write("x", to: "plain") + "/below"
        #expect(Self.openingError(notDirectory)?.description == "cannot read '\(notDirectory)': Not a directory")

        let text = "id,status,latitude,longitude\na,missing,1,2\n"
        let path = try directory.write(text, to: "pins.csv")
        #expect(symlink(path, directory.file("link.csv")) == 0)
        #expect(try InputFile(path).readBytes() == Array(text.utf8))
        #expect(try InputFile.readText(directory.file("link.csv"), estimate: .previewPins) == text)
        #expect(try InputFile(path).size == Int64(text.utf8.count))
        // Invalid UTF-8 is repaired, not refused.
        try Data([0x61, 0xFF, 0x62]).write(to: URL(fileURLWithPath: directory.file("latin1")))
        #expect(try InputFile.readText(directory.file("latin1"), estimate: .previewPins) == "a\u{FFFD}b")
    }

    @Test("BAD_INPUTS row 47: an unreadable file gets the system's reason (Permission denied)",
          .enabled(if: !FileTestSupport.isRoot, "root reads a file whatever its permissions"))
    func row50Unreadable() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("secret", to: "unreadable.csv")
        #expect(chmod(path, 0o000) == 0)
        let error = Self.openingError(path)
        #expect(error == FileIOError(.read, path: path, reason: .system(errno: EACCES)))
        #expect(error?.description == "cannot read '\(path)': Permission denied")
    }

    @Test("BAD_INPUTS row 48: a file over the maximum is refused by its size at once (a sparse 1 TiB file, nothing read)")
    func row51HugeFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("huge.csv")
        let descriptor = open(path, O_WRONLY | O_CREAT, 0o600)
        #expect(descriptor >= 0)
        let size: Int64 = 1 << 40
        #expect(ftruncate(descriptor, off_t(size)) == 0)
        close(descriptor)

        let error = Self.openingError(path)
        #expect(error == FileIOError(.read, path: path, reason: .tooLarge(bytes: size, maximumBytes: InputFile.maximumBytes)))
        #expect(error?.description == "cannot read '\(path)': is 1099511627776 bytes, more than the maximum of 268435456 bytes (256 MiB)")
        #expect(InputFile.maximumBytes == 256 << 20)

        // Just over a smaller maximum: refused; at the maximum: read.
        let small = try directory.write(String(repeating: "x", count: 101), to: "small")
        #expect(Self.openingError(small, maximumBytes: 100) == FileIOError(.read, path: small, reason: .tooLarge(bytes: 101, maximumBytes: 100)))
        #expect(Self.openingError(small, maximumBytes: 101) == nil)
    }

    @Test("BAD_INPUTS row 48: the read stops past the maximum when the file is longer than it said (a /proc file, size 0)")
    func row51GrowingFile() throws {
        let path = "/proc/self/status"
        let file = try InputFile(path, maximumBytes: 16)
        #expect(file.size == 0)
        do {
            _ = try file.readBytes()
            Issue.record("read more than the maximum")
        } catch {
            #expect(error == FileIOError(.read, path: path, reason: .grewTooLarge(maximumBytes: 16)))
        }
        #expect(FileIOError(.read, path: "p", reason: .grewTooLarge(maximumBytes: 16)).description
                == "cannot read 'p': grew beyond the maximum of 16 bytes while being read")
        // With room, the whole of it.
        #expect(try InputFile(path).readBytes().count > 100)
    }

    @Test("BAD_INPUTS row 53: a path with line ends, terminal escapes or 10 000 characters is shown escaped and cut, on one line")
    func row56DisplayedPaths() throws {
        let hostile = "a\nb\r\u{1B}[31mred\u{7}\t\\\u{2028}\u{9B}\u{202E}z"
        let error = FileIOError(.read, path: hostile, reason: .system(errno: ENOENT))
        #expect(error.description == #"cannot read 'a\nb\r\u{1B}[31mred\u{7}\t\\\u{2028}\u{9B}\u{202E}z': No such file or directory"#)

        let long = String(repeating: "d/", count: 5_000) + "end.csv"
        let message = FileIOError(.write, path: long, reason: .directory).description
        #expect(message.count < 300)
        #expect(message.hasPrefix("cannot write 'd/d/"))
        #expect(message.hasSuffix("/d/end.csv': is a directory"))
        #expect(message.contains("…"))
        for text in [error.description, message] {
            #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.value == 0x2028 })
        }
        // A real file with such a name: the error of reading it is the same one line.
        let directory = try TemporaryDirectory()
        let path = directory.file("line\nend\u{1B}")
        #expect(Self.openingError(path)?.description == "cannot read '\(directory.path)/line\\nend\\u{1B}': No such file or directory")
    }

    /// A Unix socket bound at `path` (its descriptor; close it).
    static func bindUnixSocket(at path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw POSIXError(.ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
        }
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else { throw POSIXError(.EADDRINUSE) }
        return descriptor
    }
}
