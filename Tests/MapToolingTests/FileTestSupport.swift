import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A new directory under /tmp for one test, removed with everything in it when released.
final class TemporaryDirectory {
    let path: String

    init() throws {
        var template = Array("/tmp/maptooling-files-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        path = String(cString: made)
    }

    deinit {
        // Make every directory writable again (a test may have taken the permission away).
        _ = chmod(path, 0o700)
        if let names = try? FileManager.default.contentsOfDirectory(atPath: path) {
            for name in names { _ = chmod(path + "/" + name, 0o700) }
        }
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` in the directory.
    func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to `name` (not through the code under test).
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
        return file(name)
    }

    /// The names in the directory, sorted.
    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// The contents of `name` as text (not through the code under test).
    func contents(of name: String) throws -> String {
        try String(contentsOfFile: file(name), encoding: .utf8)
    }
}

enum FileTestSupport {
    /// True under ThreadSanitizer, whose runtime does not support fork() in a multithreaded
    /// process: the child can deadlock on a lock that another test's thread held at the fork
    /// (a CI run saw row 49's child hang for 20 s while the other suites ran).
    static var underThreadSanitizer: Bool {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
    }

    /// True under AddressSanitizer, ThreadSanitizer or MemorySanitizer (their runtime is loaded).
    static var underSanitizer: Bool {
        let runtimes: [String] = ["__asan_init", "__tsan_init", "__msan_init"]
        return runtimes.contains { name in
            dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) != nil
        }
    }

    /// True when this process runs as root, which reads and writes whatever the permissions.
    static var isRoot: Bool { geteuid() == 0 }

    /// Runs `body` in a child process (fork) and returns its exit status and the text it
    /// returned, passed back through a pipe; the child is killed after `timeoutSeconds`.
    ///
    /// For what must not touch this process: resource limits and signal dispositions. The
    /// child runs only the calling thread; `body` should do what it must and nothing more
    /// (call the code under test once in the parent first, so that its metadata is ready).
    static func runInChild(timeoutSeconds: Int = 20, _ body: () -> String) -> (status: Int32, output: String) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return (-1, "pipe failed") }
        let child = fork()
        if child == 0 {
            close(ends[0])
            let text = body()
            _ = text.utf8CString.withUnsafeBufferPointer { buffer in
                write(ends[1], buffer.baseAddress, buffer.count - 1)
            }
            _exit(0)
        }
        close(ends[1])
        guard child > 0 else {
            close(ends[0])
            return (-1, "fork failed")
        }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(Double(timeoutSeconds))
        var request = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
        while Date() < deadline {
            guard poll(&request, 1, 100) >= 0 || errno == EINTR else { break }
            if request.revents == 0 { continue }
            let count = read(ends[0], &chunk, chunk.count)
            if count <= 0 { break }
            output += chunk[0..<count]
        }
        close(ends[0])
        var status: Int32 = 0
        while waitpid(child, &status, WNOHANG) == 0 {
            guard Date() < deadline else {
                kill(child, SIGKILL)
                waitpid(child, &status, 0)
                return (-1, "the child did not finish within \(timeoutSeconds) s")
            }
            usleep(10_000)
        }
        let exited = status & 0x7F == 0
        return (exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), String(decoding: output, as: UTF8.self))
    }
}
