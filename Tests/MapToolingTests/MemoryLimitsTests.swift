import Foundation
import Testing

@testable import MapTooling

#if canImport(Glibc)
import Glibc
#endif

/// The memory check before loading a file: its need, from its size and lines, against what the
/// limits of the process leave.
@Suite("MemoryLimits")
struct MemoryLimitsTests {
    static let mebibyte: Int64 = 1 << 20

    @Test("BAD_INPUTS row 51: a need above what the tightest limit leaves is an error naming the need, what is left and the limit")
    func row54Check() throws {
        let limits = MemoryLimits([
            .init(name: "the address-space limit, ulimit -v", limitBytes: 300 * Self.mebibyte, usedBytes: 120 * Self.mebibyte),
            .init(name: "the system's available memory, MemAvailable and SwapFree", limitBytes: 8 << 30, usedBytes: 0),
        ])
        try limits.check(neededBytes: 180 * Self.mebibyte, toLoad: "fits.csv")
        let error = FileIOError(.read, path: "big.csv", reason: .insufficientMemory(
            neededBytes: 180 * Self.mebibyte + 1, availableBytes: 180 * Self.mebibyte, limit: "the address-space limit, ulimit -v"))
        #expect(throws: error) { try limits.check(neededBytes: 180 * Self.mebibyte + 1, toLoad: "big.csv") }
        #expect(error.description
                == "cannot read 'big.csv': needs about 181 MiB of memory to load, but the process may use only 180 MiB more (the address-space limit, ulimit -v)")
        // A use beyond the limit leaves 0; no limit at all never fails.
        let over = MemoryLimits([.init(name: "l", limitBytes: 10, usedBytes: 20)])
        #expect(over.limits[0].availableBytes == 0)
        #expect(throws: FileIOError.self) { try over.check(neededBytes: 1, toLoad: "p") }
        try MemoryLimits([]).check(neededBytes: Int64.max / 2, toLoad: "p")
    }

    @Test("BAD_INPUTS row 51: loading a CSV is checked before reading (its size) and after (its lines), with injected limits")
    func row54ReadWithLimits() throws {
        let directory = try TemporaryDirectory()
        var text = "id,status,latitude,longitude\n"
        for index in 0..<10_000 { text += "pet-\(index),missing,48.85,2.35\n" }
        let path = try directory.write(text, to: "pins.csv")
        let size = Int64(text.utf8.count)
        func limits(available: Int64) -> () -> MemoryLimits {
            { MemoryLimits([.init(name: "test limit", limitBytes: available, usedBytes: 0)]) }
        }
        // Less than the bytes themselves: refused before reading.
        #expect(throws: FileIOError(.read, path: path, reason: .insufficientMemory(
            neededBytes: LoadEstimate.readingBytes(fileBytes: size), availableBytes: 1000, limit: "test limit"))) {
            try InputFile.readText(path, estimate: .previewPins, limits: limits(available: 1000))
        }
        // Room to read, not to load 10 001 lines: refused after counting them.
        var withText = LoadEstimate.previewPins
        withText.bytesPerFileByte += 1
        let need = withText.neededBytes(fileBytes: size, lines: 10_001)
        #expect(throws: FileIOError(.read, path: path, reason: .insufficientMemory(neededBytes: need, availableBytes: need - 1, limit: "test limit"))) {
            try InputFile.readText(path, estimate: .previewPins, limits: limits(available: need - 1))
        }
        #expect(try InputFile.readText(path, estimate: .previewPins, limits: limits(available: need)) == text)
        // Drawing needs more than the preview; a script more per byte than a CSV.
        #expect(LoadEstimate.renderedPins.neededBytes(fileBytes: size, lines: 10_001) > LoadEstimate.previewPins.neededBytes(fileBytes: size, lines: 10_001))
        #expect(LoadEstimate.cameraScript.neededBytes(fileBytes: size, lines: 0) > LoadEstimate.renderedPins.neededBytes(fileBytes: size, lines: 10_001))
        // The estimate grows with lines: the same bytes in short lines need more.
        #expect(LoadEstimate.previewPins.neededBytes(fileBytes: 1000, lines: 100)
                > LoadEstimate.previewPins.neededBytes(fileBytes: 1000, lines: 10))
        // The million-pin file of docs/DESIGN.md (37 MB): a need in the hundreds of MiB.
        let million = LoadEstimate.previewPins.neededBytes(fileBytes: 36_889_313, lines: 1_000_001)
        #expect((200 * Self.mebibyte...2_000 * Self.mebibyte).contains(million))
    }

    @Test("BAD_INPUTS row 51: lines are counted as the CSV reader ends them (LF, CRLF, a lone CR, a last line without an end)")
    func row54LineCount() {
        #expect(LoadEstimate.lineCount(Array("".utf8)) == 0)
        #expect(LoadEstimate.lineCount(Array("a".utf8)) == 1)
        #expect(LoadEstimate.lineCount(Array("a\nb\r\nc\rd".utf8)) == 4)
        #expect(LoadEstimate.lineCount(Array("a\n\n\r\n".utf8)) == 3)
    }

    @Test("BAD_INPUTS row 51: the limits of this process read sanely (the system's available memory at least; each limit positive)")
    func row54CurrentLimits() {
        let current = MemoryLimits.current()
        #expect(current.limits.contains { $0.name.hasPrefix("the system's available memory") })
        for limit in current.limits {
            #expect(limit.limitBytes > 0 && limit.limitBytes < MemoryLimits.unlimited, "\(limit)")
            #expect(limit.usedBytes >= 0, "\(limit)")
        }
    }

    @Test("BAD_INPUTS row 51: an address-space limit is read with the process's size (a limit set in a child process)",
          .enabled(if: !FileTestSupport.underSanitizer, "a sanitizer reserves terabytes of address space: no address-space limit can be set under one"))
    func row54AddressSpaceLimit() throws {
        _ = MemoryLimits.current()
        let (status, output) = FileTestSupport.runInChild {
            // 64 GiB above what is mapped now: nothing in the child notices it.
            guard let status = try? InputFile("/proc/self/status").readBytes(),
                  let size = MemoryLimits.kibibytesField("VmSize", in: String(decoding: status, as: UTF8.self))
            else { return "no VmSize" }
            let wanted = UInt(size + (64 << 30))
            var limit = rlimit(rlim_cur: wanted, rlim_max: UInt.max)
            guard setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0 else { return "setrlimit failed" }
            let found = MemoryLimits.current().limits.first { $0.name == "the address-space limit, ulimit -v" }
            guard let found else { return "no address-space limit found" }
            return found.limitBytes == Int64(wanted) && found.usedBytes >= size / 2 && found.usedBytes < Int64(wanted)
                ? "ok" : "limit \(found.limitBytes) used \(found.usedBytes), expected \(wanted) and about \(size)"
        }
        #expect(status == 0)
        #expect(output == "ok")
    }

    @Test("BAD_INPUTS row 51: /proc and cgroup files are parsed: kB fields, cgroup v1 and v2 mounts (a namespace's root too), memory.stat")
    func row54Parsing() {
        let status = "Name:\tgeobench\nVmPeak:\t  300000 kB\nVmSize:\t  262144 kB\nVmData:\t 1024 kB\n"
        #expect(MemoryLimits.kibibytesField("VmSize", in: status) == Int64(262_144 * 1024))
        #expect(MemoryLimits.kibibytesField("VmData", in: status) == Int64(1024 * 1024))
        #expect(MemoryLimits.kibibytesField("VmSwap", in: status) == nil)
        #expect(MemoryLimits.kibibytesField("MemAvailable", in: "MemAvailable:   123 kB\n") == Int64(123 * 1024))

        let mounts = """
            25 30 0:22 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate
            35 31 0:32 / /sys/fs/cgroup/memory rw,relatime shared:9 - cgroup cgroup rw,memory
            36 31 0:33 /docker/abc /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids
            """
        #expect(MemoryLimits.cgroupDirectory("/user.slice/app", mounts: mounts, fileSystem: "cgroup2", option: nil)?.path
                == "/sys/fs/cgroup/user.slice/app")
        #expect(MemoryLimits.cgroupDirectory("/", mounts: mounts, fileSystem: "cgroup2", option: nil)?.path == "/sys/fs/cgroup")
        #expect(MemoryLimits.cgroupDirectory("/process_api/97b5", mounts: mounts, fileSystem: "cgroup", option: "memory")?.path
                == "/sys/fs/cgroup/memory/process_api/97b5")
        #expect(MemoryLimits.cgroupDirectory("/docker/abc/x", mounts: mounts, fileSystem: "cgroup", option: "pids")?.path
                == "/sys/fs/cgroup/pids/x")
        #expect(MemoryLimits.cgroupDirectory("/a", mounts: mounts, fileSystem: "cgroup", option: "cpu") == nil)

        let stat = "cache 122675200\nrss 1843200\nhierarchical_memory_limit 9223372036854771712\ninactive_file 4096\n"
        #expect(MemoryLimits.statField("inactive_file", in: stat) == 4096)
        #expect(MemoryLimits.statField("hierarchical_memory_limit", in: stat)! >= MemoryLimits.unlimited)
        #expect(MemoryLimits.statField("file", in: stat) == nil)
    }

    @Test("BAD_INPUTS row 51: cgroup limits are found: v2 on the cgroup or an ancestor (its usage less file cache), a namespace's own root, v1's hierarchical limit")
    func row54CgroupLimits() {
        let mounts = """
            25 30 0:22 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate
            35 31 0:32 / /sys/fs/cgroup/memory rw,relatime shared:9 - cgroup cgroup rw,memory
            """
        let gibibyte: Int64 = 1 << 30
        // v2: no limit on the cgroup itself ("max"), 1 GiB on its parent, none at the root.
        let version2: [String: String] = [
            "/proc/self/cgroup": "0::/user.slice/app\n",
            "/proc/self/mountinfo": mounts,
            "/sys/fs/cgroup/user.slice/app/memory.max": "max\n",
            "/sys/fs/cgroup/user.slice/app/memory.current": "1000\n",
            "/sys/fs/cgroup/user.slice/memory.max": "\(gibibyte)\n",
            "/sys/fs/cgroup/user.slice/memory.current": "\(gibibyte / 2)\n",
            "/sys/fs/cgroup/user.slice/memory.stat": "anon 1\ninactive_file 100\nactive_file 200\n",
        ]
        #expect(MemoryLimits.cgroupLimits(read: { version2[$0] }) == [
            .init(name: "the cgroup's memory limit, memory.max", limitBytes: gibibyte, usedBytes: gibibyte / 2 - 300),
        ])
        // In a cgroup namespace the process's cgroup is the mount's root, and has the limit.
        let namespace: [String: String] = [
            "/proc/self/cgroup": "0::/\n",
            "/proc/self/mountinfo": mounts,
            "/sys/fs/cgroup/memory.max": "\(2 * gibibyte)\n",
            "/sys/fs/cgroup/memory.current": "\(gibibyte)\n",
        ]
        #expect(MemoryLimits.cgroupLimits(read: { namespace[$0] }) == [
            .init(name: "the cgroup's memory limit, memory.max", limitBytes: 2 * gibibyte, usedBytes: gibibyte),
        ])
        // v1: the hierarchical limit (its "no limit" value is none).
        var version1: [String: String] = [
            "/proc/self/cgroup": "4:memory:/process_api/97b5\n0::/\n",
            "/proc/self/mountinfo": mounts,
            "/sys/fs/cgroup/memory/process_api/97b5/memory.stat": "total_inactive_file 10\ntotal_active_file 20\nhierarchical_memory_limit \(gibibyte)\n",
            "/sys/fs/cgroup/memory/process_api/97b5/memory.usage_in_bytes": "1030\n",
        ]
        #expect(MemoryLimits.cgroupLimits(read: { version1[$0] }) == [
            .init(name: "the cgroup's memory limit, memory.limit_in_bytes", limitBytes: gibibyte, usedBytes: 1000),
        ])
        version1["/sys/fs/cgroup/memory/process_api/97b5/memory.stat"] = "hierarchical_memory_limit 9223372036854771712\n"
        #expect(MemoryLimits.cgroupLimits(read: { version1[$0] }).isEmpty)
        // Nothing readable: no limit.
        #expect(MemoryLimits.cgroupLimits(read: { _ in nil }).isEmpty)
    }
}
