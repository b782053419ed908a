import Foundation
import Testing

import CMallocCounter

@testable import MapTooling

#if canImport(Glibc)
import Glibc
#endif

/// Writing files all or nothing, and output whose every write failure is reported.
@Suite("OutputFile")
struct OutputFileTests {
    @Test("BAD_INPUTS row 49: a write replaces the file whole, keeps its permissions, and leaves no temporary file")
    func row52Success() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("old contents, longer than the new ones", to: "out.svg")
        #expect(chmod(path, 0o640) == 0)
        try OutputFile.write("<svg/>\n", to: path)
        #expect(try directory.contents(of: "out.svg") == "<svg/>\n")
        #expect(try directory.names() == ["out.svg"])
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o640)

        // A new file, and a relative path (in the working directory's terms).
        try OutputFile.write("new", to: directory.file("new.svg"))
        #expect(try directory.contents(of: "new.svg") == "new")
        #expect(try directory.names() == ["new.svg", "out.svg"])
        // Large contents are written whole (many write calls' worth).
        let large = String(repeating: "0123456789abcdef", count: 1 << 18)
        try OutputFile.write(large, to: path)
        #expect(try directory.contents(of: "out.svg") == large)
    }

    // Every target here is made in the test's own directory, never a system path such as
    // /dev/null: run as root, a regression would replace it.
    @Test("BAD_INPUTS row 49: a directory, a symbolic link, a FIFO or a socket as the target is refused and left as it was")
    func row52RefusedTargets() throws {
        let directory = try TemporaryDirectory()
        let inner = directory.file("dir")
        #expect(mkdir(inner, 0o700) == 0)
        try directory.write("kept", to: "dir/inside")
        let target = try directory.write("target", to: "target.svg")
        let link = directory.file("link.svg")
        #expect(symlink(target, link) == 0)
        let fifo = directory.file("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let socketPath = directory.file("socket")
        let socketDescriptor = try InputFileTests.bindUnixSocket(at: socketPath)
        defer { close(socketDescriptor) }

        let cases: [(String, FileIOError.Reason, String)] = [
            (inner, .directory, "is a directory"),
            (inner + "/", .directory, "is a directory"),
            (link, .symbolicLink, "is a symbolic link (give the path of the file itself)"),
            (fifo, .notRegularFile(kind: "a FIFO"), "is not a regular file (a FIFO)"),
            (socketPath, .notRegularFile(kind: "a socket"), "is not a regular file (a socket)"),
        ]
        for (path, reason, text) in cases {
            #expect(throws: FileIOError(.write, path: path, reason: reason), "\(path)") { try OutputFile.write("x", to: path) }
            #expect(FileIOError(.write, path: path, reason: reason).description == "cannot write '\(path)': \(text)")
        }
        #expect(try directory.names() == ["dir", "fifo", "link.svg", "socket", "target.svg"])
        #expect(try directory.contents(of: "dir/inside") == "kept")
        #expect(try directory.contents(of: "target.svg") == "target")
        var status = stat()
        #expect(lstat(link, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        #expect(lstat(socketPath, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK)
    }

    @Test("BAD_INPUTS row 49: a path under a file or in a missing directory fails with the system's reason, creating nothing")
    func row52SystemReasons() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("plain", to: "plain")
        #expect(throws: FileIOError(.write, path: file + "/out.svg", reason: .system(errno: ENOTDIR))) {
            try OutputFile.write("x", to: file + "/out.svg")
        }
        let missing = directory.file("missing/out.svg")
        #expect(throws: FileIOError(.write, path: missing, reason: .system(errno: ENOENT))) { try OutputFile.write("x", to: missing) }
        #expect(FileIOError(.write, path: missing, reason: .system(errno: ENOENT)).description
                == "cannot write '\(missing)': No such file or directory")
        #expect(throws: FileIOError(.write, path: "", reason: .system(errno: ENOENT))) { try OutputFile.write("x", to: "") }
        #expect(try directory.names() == ["plain"])
    }

    @Test("BAD_INPUTS row 49: a directory or a file without write permission: Permission denied, the target unchanged",
          .enabled(if: !FileTestSupport.isRoot, "root writes whatever the permissions"))
    func row52ReadOnly() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("old", to: "out.svg")
        #expect(chmod(path, 0o444) == 0)
        #expect(throws: FileIOError(.write, path: path, reason: .system(errno: EACCES))) { try OutputFile.write("new", to: path) }
        #expect(chmod(path, 0o644) == 0)
        #expect(chmod(directory.path, 0o500) == 0)
        defer { _ = chmod(directory.path, 0o700) }
        #expect(throws: FileIOError(.write, path: path, reason: .system(errno: EACCES))) { try OutputFile.write("new", to: path) }
        #expect(try directory.contents(of: "out.svg") == "old")
        #expect(try directory.names() == ["out.svg"])
    }

    @Test("BAD_INPUTS row 49: a write failing halfway (file size limit, EFBIG) leaves the target as it was and no temporary file; the reason is reported",
          .enabled(if: !FileTestSupport.underThreadSanitizer, "the limit is set in a forked child, and ThreadSanitizer does not support fork() in a multithreaded process"))
    func row52FailureHalfway() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("old contents", to: "out.svg")
        let large = String(repeating: "x", count: 1 << 20)
        // Once here, so that the child runs code that is ready.
        try OutputFile.write("warm", to: directory.file("warm"))
        #expect(unlink(directory.file("warm")) == 0)

        // In a child process: a limit of 64 KiB on file sizes, SIGXFSZ ignored so that write
        // returns EFBIG. This fails whoever runs the test (root too), like a full disk would.
        let (status, output) = FileTestSupport.runInChild {
            signal(SIGXFSZ, SIG_IGN)
            var limit = rlimit(rlim_cur: 64 << 10, rlim_max: 64 << 10)
            guard setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0 else { return "setrlimit failed" }
            do {
                try OutputFile.write(large, to: path)
                return "written"
            } catch {
                return "\(error)"
            }
        }
        #expect(status == 0)
        #expect(output == "cannot write '\(path)': File too large")
        #expect(try directory.contents(of: "out.svg") == "old contents")
        #expect(try directory.names() == ["out.svg"])
    }

    @Test("row 49's child runs in every build but a ThreadSanitizer one: its skip needs the C targets built with the sanitizer too")
    func forkTestSkipsOnlyUnderThreadSanitizer() {
        // malloc_counter_under_sanitizer() is compiled into CMallocCounter from
        // __has_feature(address_sanitizer) or __has_feature(thread_sanitizer): a TSan runtime
        // found by name in a build compiled without one would be a skip nobody asked for.
        #expect(!FileTestSupport.underThreadSanitizer || malloc_counter_under_sanitizer() == 1)
    }

    @Test("BAD_INPUTS row 50: output to a full device fails with the system's reason (No space left on device) at the write that reaches it")
    func row53FullDevice() throws {
        let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var output = DescriptorOutput(descriptor: descriptor, capacity: 16)
        // Buffered: the first short write reaches nothing yet; the flush does.
        try output.write("{}")
        #expect(throws: FileIOError(.write, path: nil, reason: .system(errno: ENOSPC))) { try output.flush() }
        #expect(throws: FileIOError(.write, path: nil, reason: .system(errno: ENOSPC))) { try output.write(String(repeating: "x", count: 100)) }
        #expect(FileIOError(.write, path: nil, reason: .system(errno: ENOSPC)).description
                == "cannot write standard output: No space left on device")
        var named = DescriptorOutput(descriptor: descriptor, path: "/dev/full")
        try named.write("x")
        #expect(throws: FileIOError(.write, path: "/dev/full", reason: .system(errno: ENOSPC))) { try named.flush() }
        // A text larger than the buffer, written directly.
        #expect(throws: FileIOError(.write, path: "/dev/full", reason: .system(errno: ENOSPC))) {
            try named.write(String(repeating: "z", count: 1 << 17))
        }
    }

    @Test("BAD_INPUTS row 50: output to a closed descriptor fails (Bad file descriptor); a non-blocking pipe gets every byte")
    func row53ClosedAndNonBlocking() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[1])
        var closedOutput = DescriptorOutput(descriptor: ends[1])
        try closedOutput.write("x")
        #expect(throws: FileIOError(.write, path: nil, reason: .system(errno: EBADF))) { try closedOutput.flush() }
        close(ends[0])

        // A pipe whose writing end is non-blocking (EAGAIN when full): the output waits.
        try #require(pipe(&ends) == 0)
        let (reading, writing) = (ends[0], ends[1])
        #expect(fcntl(writing, F_SETFL, fcntl(writing, F_GETFL) | O_NONBLOCK) == 0)
        let total = 1 << 20
        let received = ReceivedCount()
        let reader = Thread {
            var chunk = [UInt8](repeating: 0, count: 1 << 12)
            var count = 0
            while true {
                let got = read(reading, &chunk, chunk.count)
                if got <= 0 { break }
                count += got
                usleep(got == chunk.count ? 50 : 0)
            }
            received.finish(count)
        }
        reader.start()
        var output = DescriptorOutput(descriptor: writing)
        try output.write(String(repeating: "y", count: total))
        try output.flush()
        close(writing)
        #expect(received.wait() == total)
        close(reading)
    }

    /// A count handed from the reading thread.
    final class ReceivedCount: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var count = 0

        func finish(_ count: Int) {
            self.count = count
            done.signal()
        }

        func wait() -> Int {
            _ = done.wait(timeout: .now() + 20)
            return count
        }
    }
}
