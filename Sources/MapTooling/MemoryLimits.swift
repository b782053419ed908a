#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The memory limits of this process and how much of each is in use: checked before a large
/// input is loaded, because Swift ends the process (a trap with a crash report) when an
/// allocation fails, and the kernel kills it without a word when a cgroup runs out.
///
/// ``current()`` reads, where they are set: the address-space limit (`RLIMIT_AS`, `ulimit -v`)
/// against the process's virtual size; the data limit (`RLIMIT_DATA`, `ulimit -d`) against its
/// data size; the memory limit of its cgroup (v2 `memory.max` of its cgroup and each ancestor,
/// or v1 `hierarchical_memory_limit`) against the cgroup's usage less its file cache; and the
/// system's available memory (`MemAvailable` and `SwapFree` of /proc/meminfo).
public struct MemoryLimits: Hashable, Sendable {
    /// One limit and the part of it in use.
    public struct Limit: Hashable, Sendable {
        /// What the limit is, for messages: "the address-space limit, ulimit -v".
        public var name: String
        /// The limit in bytes.
        public var limitBytes: Int64
        /// The part in use, in bytes.
        public var usedBytes: Int64

        /// What is left, in bytes (0 when the use is at or above the limit).
        public var availableBytes: Int64 { max(0, limitBytes - usedBytes) }

        /// A limit from its parts.
        public init(name: String, limitBytes: Int64, usedBytes: Int64) {
            self.name = name
            self.limitBytes = limitBytes
            self.usedBytes = usedBytes
        }
    }

    /// The limits that are set (none: nothing limits the process).
    public var limits: [Limit]

    /// Limits from their parts (tests inject their own).
    public init(_ limits: [Limit]) {
        self.limits = limits
    }

    /// Fails when `neededBytes` more would exceed one of the limits, naming the tightest.
    ///
    /// - Throws: ``FileIOError`` on reading `path`, with the need and what the tightest limit
    ///   leaves.
    public func check(neededBytes: Int64, toLoad path: String) throws(FileIOError) {
        guard let tightest = limits.min(by: { $0.availableBytes < $1.availableBytes }),
              neededBytes > tightest.availableBytes
        else { return }
        throw FileIOError(.read, path: path, reason: .insufficientMemory(
            neededBytes: neededBytes, availableBytes: tightest.availableBytes, limit: tightest.name))
    }

    /// The limits of this process now (see the type's description).
    public static func current() -> MemoryLimits {
        var limits: [Limit] = []
        let status = readSmallFile("/proc/self/status") ?? ""
        if let limit = resourceLimit(RLIMIT_AS_VALUE), let used = kibibytesField("VmSize", in: status) {
            limits.append(Limit(name: "the address-space limit, ulimit -v", limitBytes: limit, usedBytes: used))
        }
        if let limit = resourceLimit(RLIMIT_DATA_VALUE), let used = kibibytesField("VmData", in: status) {
            limits.append(Limit(name: "the data-segment limit, ulimit -d", limitBytes: limit, usedBytes: used))
        }
        limits += cgroupLimits()
        if let meminfo = readSmallFile("/proc/meminfo"), let available = kibibytesField("MemAvailable", in: meminfo) {
            let swap = kibibytesField("SwapFree", in: meminfo) ?? 0
            limits.append(Limit(name: "the system's available memory, MemAvailable and SwapFree", limitBytes: available + swap, usedBytes: 0))
        }
        return MemoryLimits(limits)
    }

    /// Limits at or above this many bytes are no limit (cgroup v1 writes "no limit" as
    /// 9223372036854771712).
    static let unlimited: Int64 = 1 << 60

    #if canImport(Glibc)
    private static let RLIMIT_AS_VALUE = __rlimit_resource_t(RLIMIT_AS.rawValue)
    private static let RLIMIT_DATA_VALUE = __rlimit_resource_t(RLIMIT_DATA.rawValue)
    #else
    private static let RLIMIT_AS_VALUE = RLIMIT_AS
    private static let RLIMIT_DATA_VALUE = RLIMIT_DATA
    #endif

    /// The soft limit of `resource` in bytes, or nil when there is none.
    private static func resourceLimit(_ resource: some BinaryInteger) -> Int64? {
        var limit = rlimit()
        #if canImport(Glibc)
        guard getrlimit(__rlimit_resource_t(resource), &limit) == 0 else { return nil }
        #else
        guard getrlimit(Int32(resource), &limit) == 0 else { return nil }
        #endif
        // RLIM_INFINITY is all ones, far above `unlimited`.
        guard limit.rlim_cur < UInt64(unlimited) else { return nil }
        return Int64(limit.rlim_cur)
    }

    /// The value in bytes of a "Name:   1234 kB" line of /proc/self/status or /proc/meminfo.
    static func kibibytesField(_ name: String, in text: String) -> Int64? {
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            let fields = line.dropFirst(name.count + 1).split(separator: " ", omittingEmptySubsequences: true)
                .flatMap { $0.split(separator: "\t") }
            guard let value = fields.first.flatMap({ Int64($0) }), value >= 0, value < unlimited >> 10 else { return nil }
            return value * 1024
        }
        return nil
    }

    /// The cgroup memory limits of this process: v2 (`memory.max` of its cgroup and of each
    /// ancestor that has one) or v1 (`hierarchical_memory_limit`), each against the cgroup's
    /// usage without its file cache (which the kernel reclaims before failing).
    ///
    /// - Parameter read: reads a small file as text, nil when it cannot (tests give their own).
    static func cgroupLimits(read: (String) -> String? = readSmallFile) -> [Limit] {
        guard let membership = read("/proc/self/cgroup"),
              let mounts = read("/proc/self/mountinfo")
        else { return [] }
        var limits: [Limit] = []
        for line in membership.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3 else { continue }
            let controllers = parts[1].split(separator: ",")
            let path = String(parts[2])
            if parts[0] == "0" && parts[1].isEmpty {
                guard let directory = cgroupDirectory(path, mounts: mounts, fileSystem: "cgroup2", option: nil) else { continue }
                limits += cgroup2Limits(directory: directory.path, mountPoint: directory.mountPoint, read: read)
            } else if controllers.contains("memory") {
                guard let directory = cgroupDirectory(path, mounts: mounts, fileSystem: "cgroup", option: "memory"),
                      let stat = read(directory.path + "/memory.stat"),
                      let limit = statField("hierarchical_memory_limit", in: stat), limit < unlimited,
                      let usage = read(directory.path + "/memory.usage_in_bytes").flatMap(number)
                else { continue }
                let cache = (statField("total_inactive_file", in: stat) ?? 0) + (statField("total_active_file", in: stat) ?? 0)
                limits.append(Limit(name: "the cgroup's memory limit, memory.limit_in_bytes", limitBytes: limit, usedBytes: max(0, usage - cache)))
            }
        }
        return limits
    }

    /// `memory.max` of `directory` and of each ancestor up to the mount point, which is the
    /// container's own cgroup in a cgroup namespace (the real root cgroup has no memory.max).
    private static func cgroup2Limits(directory: String, mountPoint: String, read: (String) -> String?) -> [Limit] {
        var limits: [Limit] = []
        var current = directory
        while current.hasPrefix(mountPoint) {
            if let limit = read(current + "/memory.max").flatMap(number), limit < unlimited,
               let usage = read(current + "/memory.current").flatMap(number) {
                let stat = read(current + "/memory.stat") ?? ""
                let cache = (statField("inactive_file", in: stat) ?? 0) + (statField("active_file", in: stat) ?? 0)
                limits.append(Limit(name: "the cgroup's memory limit, memory.max", limitBytes: limit, usedBytes: max(0, usage - cache)))
            }
            guard current.count > mountPoint.count, let slash = current.lastIndex(of: "/") else { break }
            current = String(current[..<slash])
        }
        return limits
    }

    /// The directory of cgroup `path` under the mount of `fileSystem` (with the super option
    /// `option` for v1), from /proc/self/mountinfo.
    static func cgroupDirectory(_ path: String, mounts: String, fileSystem: String, option: String?) -> (path: String, mountPoint: String)? {
        for line in mounts.split(separator: "\n") {
            // "id parent major:minor root mount-point options [optional fields] - type source super-options"
            let halves = line.split(separator: " - ", maxSplits: 1)
            guard halves.count == 2 else { continue }
            let before = halves[0].split(separator: " "), after = halves[1].split(separator: " ")
            guard before.count >= 5, after.count >= 3, after[0] == fileSystem else { continue }
            if let option, !after[2].split(separator: ",").contains(Substring(option)) { continue }
            let root = String(before[3]), mountPoint = String(before[4])
            // The part of the path below the mount's root (a cgroup namespace shows "/").
            var relative = Substring(path)
            if root != "/" {
                guard relative.hasPrefix(root) else { continue }
                relative = relative.dropFirst(root.count)
            }
            let trimmed = relative.drop { $0 == "/" }
            return (trimmed.isEmpty ? mountPoint : mountPoint + "/" + trimmed, mountPoint)
        }
        return nil
    }

    /// The value of a "name 1234" line of a cgroup's memory.stat.
    static func statField(_ name: String, in text: String) -> Int64? {
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 2, fields[0] == name { return Int64(fields[1]) }
        }
        return nil
    }

    /// A file holding one decimal number ("max" and anything else: nil).
    private static func number(_ text: String) -> Int64? {
        Int64(text.split(whereSeparator: { $0 == "\n" || $0 == " " }).first ?? "")
    }

    /// A small file of /proc or /sys as text, or nil when it cannot be read.
    static func readSmallFile(_ path: String) -> String? {
        guard let bytes = try? InputFile(path, maximumBytes: 1 << 20).readBytes() else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// How much memory loading a file needs besides the file's bytes, from its size and number of
/// lines: the figures measured for what `geobench` does with it (parse, lay out, write).
public struct LoadEstimate: Hashable, Sendable {
    /// Bytes needed per byte of the file.
    public var bytesPerFileByte: Int64
    /// Bytes needed per line of the file (0: lines are not counted).
    public var bytesPerLine: Int64
    /// Bytes needed whatever the file.
    public var fixedBytes: Int64

    /// An estimate from its factors.
    public init(bytesPerFileByte: Int64, bytesPerLine: Int64, fixedBytes: Int64) {
        self.bytesPerFileByte = bytesPerFileByte
        self.bytesPerLine = bytesPerLine
        self.fixedBytes = fixedBytes
    }

    /// The need of a file of `fileBytes` bytes and `lines` lines.
    public func neededBytes(fileBytes: Int64, lines: Int64) -> Int64 {
        fixedBytes + bytesPerFileByte * fileBytes + bytesPerLine * lines
    }

    // The factors below were measured as the peak virtual size (VmPeak, which is what the
    // address-space limit counts) of geobench's debug build, less its size after reading the
    // file, on files of 6 to 37 MB: a million pins, a million skipped lines ("a,x,,"), long
    // ids (100 and 1 000 bytes), a million pins all in the frame; scripts of a million events,
    // a million tracked places, 5 million numbers or empty objects in an unknown key. Each
    // factor covers the worst case of its kind with at least 25% to spare, and 32 MiB more.

    /// An announcements CSV for `geobench preview`: the text, parsed, laid out as pins, and
    /// written one pin at a time. Measured worst: 250 MiB for a million skipped lines.
    public static let previewPins = LoadEstimate(bytesPerFileByte: 1, bytesPerLine: 288, fixedBytes: 32 << 20)

    /// An announcements CSV for `geobench render`: as for the preview, then drawn into one SVG
    /// text. Measured worst: 400 MiB for a million pins all in the frame.
    public static let renderedPins = LoadEstimate(bytesPerFileByte: 1, bytesPerLine: 512, fixedBytes: 32 << 20)

    /// An announcements CSV for `geobench clusters`: as for the preview, then the cluster
    /// index. Its bound, added to the render's 512 bytes per line: fewer than two nodes per pin
    /// at 78 bytes each, with up to twice that in arrays' spare room, plus the build's two
    /// levels in flight and its grid (about 450 bytes; a million pins worldwide measured 328
    /// at the build's peak).
    public static let clusteredPins = LoadEstimate(bytesPerFileByte: 1, bytesPerLine: 512 + 1024, fixedBytes: 32 << 20)

    /// A camera script for `geobench camera` or `render --script`: checked for repeated keys,
    /// decoded by `JSONDecoder` and played state by state. Measured worst: 35 bytes per byte
    /// for an array of 5 million single-digit numbers ("[0,0,...").
    public static let cameraScript = LoadEstimate(bytesPerFileByte: 48, bytesPerLine: 0, fixedBytes: 32 << 20)

    /// What reading a file of `fileBytes` bytes needs: the bytes, and a read buffer.
    static func readingBytes(fileBytes: Int64) -> Int64 {
        fileBytes + 1 + (1 << 16)
    }

    /// The lines of `bytes`: line feeds, and carriage returns not followed by a line feed (the
    /// ends of lines a CSV reader accepts); a last line without an end counts too.
    public static func lineCount(_ bytes: [UInt8]) -> Int64 {
        bytes.withUnsafeBufferPointer { buffer in
            guard let start = buffer.baseAddress, !buffer.isEmpty else { return 0 }
            let end = start + buffer.count
            // memchr for each kind of line end: as fast in a debug build as in a release one.
            func count(_ byte: UInt8, _ each: (UnsafePointer<UInt8>) -> Void) {
                var position = start
                while position < end, let found = memchr(position, Int32(byte), end - position) {
                    let pointer = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
                    each(pointer)
                    position = pointer + 1
                }
            }
            var lines: Int64 = 0
            count(0x0A) { _ in lines += 1 }
            count(0x0D) { pointer in
                if pointer + 1 == end || pointer[1] != 0x0A { lines += 1 }
            }
            let last = buffer[buffer.count - 1]
            if last != 0x0A && last != 0x0D { lines += 1 }
            return lines
        }
    }
}
