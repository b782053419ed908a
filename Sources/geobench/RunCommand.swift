import ArgumentParser
import MapTooling

/// `geobench run`: performance runs, each operation timed against its baseline in the same run.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Time the library's hot paths against in-run baselines and print a table (or JSON)."
    )

    enum Suite: String, ExpressibleByArgument, CaseIterable {
        case region
        case pins
        case gestures
        case motion
        case clusters
        case frame
    }

    @Option(name: .long, help: "The suite to run: \(Suite.allCases.map(\.rawValue).joined(separator: ", ")). Default: all.")
    var suite: Suite?

    @Flag(name: .long, help: "Print machine-readable JSON instead of the table.")
    var json = false

    @Option(name: .long, parsing: .unconditional, help: "Timed samples per operation, 3 to 1000 (the median is reported).")
    var samples = 15

    @Option(
        name: .long,
        help: "The recorded gesture trace the frame suite replays (default: \(FrameSuite.defaultTracePath), from the current directory); read and played once before any suite runs.")
    var trace: String?

    func validate() throws {
        guard (3...1000).contains(samples) else {
            throw ValidationError("--samples \(samples) is out of range: expected an integer in [3, 1000]")
        }
        if trace != nil, let suite, suite != .frame {
            throw ValidationError("--trace is the frame suite's: it cannot be combined with --suite \(suite.rawValue)")
        }
    }

    func run() throws {
        let suites = suite.map { [$0] } ?? Suite.allCases
        // The frame suite runs last: its trace is read and played once first, so that a missing
        // or unplayable trace is refused at once, not after minutes of the other suites, whose
        // results would be lost with it.
        let recorded = suites.contains(.frame) ? try FrameSuite.checkedTrace(trace ?? FrameSuite.defaultTracePath) : nil
        var results: [Measurement] = []
        for suite in suites {
            switch suite {
            case .region:
                results += RegionSuite.run(samples: samples) { progress in
                    if !json { writeError(progress) }
                }
            case .pins:
                results += try PinsSuite.run(samples: samples) { progress in
                    if !json { writeError(progress) }
                }
            case .gestures:
                results += try GesturesSuite.run(samples: samples) { progress in
                    if !json { writeError(progress) }
                }
            case .motion:
                results += try MotionSuite.run(samples: samples) { progress in
                    if !json { writeError(progress) }
                }
            case .clusters:
                results += try ClustersSuite.run(samples: samples) { progress in
                    if !json { writeError(progress) }
                }
            case .frame:
                guard let recorded else { continue }
                results += try FrameSuite.run(samples: samples, trace: recorded) { progress in
                    if !json { writeError(progress) }
                }
            }
        }
        var output = DescriptorOutput.standardOutput()
        if json {
            try output.write(Measurement.json(results).text + "\n")
        } else {
            try output.write(Measurement.table(results) + "\n")
            for result in results where result.suite == "gestures" && result.operation.hasSuffix(" event") && result.nsPerOp > 0 {
                try output.write("\(result.operation): \(format(1e9 / result.nsPerOp / 1e6, decimals: 1)) million camera events per second\n")
            }
            for result in results where result.baseline?.hasPrefix("the 8.33 ms frame") == true {
                func share(_ nanoseconds: Double) -> String { format(100 * nanoseconds / 8_333_333.3, decimals: 3) + "%" }
                let single = result.framePercentiles.map { " (single frames: p50 \(share($0.p50)), p99 \(share($0.p99)))" } ?? ""
                try output.write("\(result.operation): \(share(result.nsPerOp)) of the 8.33 ms frame at 120 Hz\(single)\n")
            }
            if suites.contains(.region) {
                try output.write("\n" + RegionSuite.naiveErrorTable() + "\n")
            }
        }
        try output.flush()
    }
}
