import Foundation

/// Both engines measured at one size.
struct SizeResult: Sendable {
    let proptui: EngineRun
    let baseline: EngineRun

    var records: Int { proptui.records }
    /// How many times faster ours is: baseline time / our time.
    var speedUpMedian: Double { Double(baseline.latency.median) / Double(max(1, proptui.latency.median)) }
    var speedUpP99: Double { Double(baseline.latency.p99) / Double(max(1, proptui.latency.p99)) }
}

/// One of the two targets the engine was designed for, and whether this run met it.
struct GoalVerdict: Encodable {
    let goal: String
    let records: Int
    let target: Double
    /// The speed-up (×) or the p99 in nanoseconds; absent when the size was not run.
    let measured: Double?
    let met: Bool?
    /// The sentence printed under the table.
    let statement: String

    /// Written out so that `measured` and `met` are null, not missing, when the size was not run.
    func encode(to encoder: any Encoder) throws {
        enum Key: String, CodingKey { case goal, records, target, measured, met, statement }
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(goal, forKey: .goal)
        try container.encode(records, forKey: .records)
        try container.encode(target, forKey: .target)
        try container.encode(measured, forKey: .measured)
        try container.encode(met, forKey: .met)
        try container.encode(statement, forKey: .statement)
    }
}

/// The table, the goal lines and the JSON, from the measurements.
struct Report {
    let results: [SizeResult]
    let outbox: OutboxBenchmark.Result?
    let live: LiveSyncBenchmark.Result?
    let seed: UInt64
    let machine: MachineLoad

    /// At 100k records, ours at least 100× faster than the baseline (median).
    var speedUpGoal: GoalVerdict {
        let records = 100_000, target = 100.0
        guard let result = results.first(where: { $0.records == records }) else {
            return GoalVerdict(
                goal: "medianSpeedUp", records: records, target: target, measured: nil, met: nil,
                statement: "at 100k records: not measured (goal ≥ 100× faster than the baseline; add 100000 to --sizes)")
        }
        let met = result.speedUpMedian >= target
        return GoalVerdict(
            goal: "medianSpeedUp", records: records, target: target, measured: result.speedUpMedian, met: met,
            statement: "at 100k records proptui is \(Format.ratio(result.speedUpMedian)) faster than the baseline "
                + "(median \(Format.duration(result.proptui.latency.median)) vs "
                + "\(Format.duration(result.baseline.latency.median)); goal ≥ 100×): \(met ? "met" : "MISSED")")
    }

    /// At 1M records, our p99 under 50 µs.
    var p99Goal: GoalVerdict {
        let records = 1_000_000, target = 50_000.0
        guard let result = results.first(where: { $0.records == records }) else {
            return GoalVerdict(
                goal: "p99Nanoseconds", records: records, target: target, measured: nil, met: nil,
                statement: "p99 at 1M records: not measured (goal < 50 µs; add 1000000 to --sizes)")
        }
        let p99 = result.proptui.latency.p99
        let met = Double(p99) < target
        return GoalVerdict(
            goal: "p99Nanoseconds", records: records, target: target, measured: Double(p99), met: met,
            statement: "p99 at 1M records: \(Format.duration(p99)) (goal < 50 µs): \(met ? "met" : "MISSED")")
    }

    /// How "bytes per record" was measured: the growth of memory in use from just before the
    /// engine is built to the larger of the readings after the build and after the operations.
    var memoryDescription: String {
        let runs = results.flatMap { [$0.proptui, $0.baseline] }
        var description = "growth of the \(MemoryReading.heapDescription) from before the build to its peak, / records"
        if runs.contains(where: { $0.memorySource == .residentSetSize }) {
            description += "; rows marked VmRSS had no heap reading: \(MemoryReading.residentSetSizeDescription)"
        }
        return description
    }

    var text: String {
        let columns = [9, 11, 10, 10, 10, 8, 15, 20, 15]
        func line(_ cells: [String]) -> String {
            zip(cells, columns).map { cell, width in
                cell.count >= width ? cell + " " : cell + String(repeating: " ", count: width - cell.count)
            }.joined().trimmingCharacters(in: .whitespaces)
        }
        var lines = [
            "proptui-bench, the engine against the sample's algorithm: one operation = optimistic apply + successful settle + publishing (seed \(seed))",
            "publishing: proptui yields each change's diff (the records it touched) to an AsyncStream, as the list's sink sends its events; "
                + "the baseline yields the whole list on every change, as the sample does",
            "machine: \(machine.description)",
            "bytes/record: \(memoryDescription)",
            "",
            line(["records", "engine", "mean", "median", "p99", "ops", "bytes/record", "speed-up (median)", "speed-up (p99)"]),
        ]
        for result in results {
            for run in [result.proptui, result.baseline] {
                let isBaseline = run.engine == BaselineEngine.name
                lines.append(line([
                    "\(run.records)", run.engine, Format.duration(run.latency.mean), Format.duration(run.latency.median),
                    Format.duration(run.latency.p99),
                    "\(run.operations)",
                    run.memorySource == .heap ? "\(run.bytesPerRecord)" : "\(run.bytesPerRecord) (VmRSS)",
                    isBaseline ? Format.ratio(result.speedUpMedian) : "",
                    isBaseline ? Format.ratio(result.speedUpP99) : "",
                ]))
            }
        }
        lines.append("speed-up = baseline time / proptui time, on each baseline row")
        lines.append("")
        lines.append(speedUpGoal.statement)
        lines.append(p99Goal.statement)
        return lines.joined(separator: "\n")
    }

    func json() throws -> Data {
        struct Row: Encodable {
            let records: Int
            let engine: String
            let meanNanoseconds: UInt64
            let medianNanoseconds: UInt64
            let p99Nanoseconds: UInt64
            let operations: Int
            let bytesPerRecord: Int
            /// "heap in use" or "VmRSS": see `memoryMeasure`.
            let memorySource: String
            /// Baseline / proptui, on baseline rows.
            let speedUpMedian: Double?
            let speedUpP99: Double?
        }
        struct Document: Encodable {
            let measures: String
            let seed: UInt64
            let cores: Int
            /// 1-minute load averages: other processes' work inflates the timings.
            let loadAverageAtStart: Double?
            let loadAverageAtEnd: Double?
            let memoryMeasure: String
            let rows: [Row]
            let goals: [GoalVerdict]
            let outbox: OutboxBenchmark.Result?
            let liveSync: LiveSyncBenchmark.Result?
        }
        let rows = results.flatMap { result in
            [result.proptui, result.baseline].map { run in
                let isBaseline = run.engine == BaselineEngine.name
                return Row(
                    records: run.records, engine: run.engine, meanNanoseconds: run.latency.mean,
                    medianNanoseconds: run.latency.median,
                    p99Nanoseconds: run.latency.p99, operations: run.operations, bytesPerRecord: run.bytesPerRecord,
                    memorySource: run.memorySource.rawValue,
                    speedUpMedian: isBaseline ? result.speedUpMedian : nil,
                    speedUpP99: isBaseline ? result.speedUpP99 : nil)
            }
        }
        let document = Document(
            measures: "the engine against the sample's algorithm: optimistic apply + successful settle + publishing, per operation", seed: seed,
            cores: machine.cores, loadAverageAtStart: machine.loadAtStart, loadAverageAtEnd: machine.loadAtEnd,
            memoryMeasure: memoryDescription, rows: rows, goals: [speedUpGoal, p99Goal], outbox: outbox, liveSync: live)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(document)
    }
}

enum Format {
    /// "0.8 µs", "15 µs", "12.3 ms": three significant digits at most, the unit that keeps them short.
    static func duration(_ nanoseconds: UInt64) -> String {
        let microseconds = Double(nanoseconds) / 1_000
        switch microseconds {
        case ..<10: return String(format: "%.1f µs", microseconds)
        case ..<1_000: return String(format: "%.0f µs", microseconds)
        case ..<10_000: return String(format: "%.2f ms", microseconds / 1_000)
        case ..<100_000: return String(format: "%.1f ms", microseconds / 1_000)
        default: return String(format: "%.0f ms", microseconds / 1_000)
        }
    }

    static func ratio(_ value: Double) -> String {
        value < 10 ? String(format: "%.1f×", value) : String(format: "%.0f×", value)
    }
}

/// How busy the machine was: the timings are wall-clock, so other processes show in them.
struct MachineLoad {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let loadAtStart: Double?
    var loadAtEnd: Double?

    init() { loadAtStart = Self.oneMinuteLoadAverage() }

    mutating func finish() { loadAtEnd = Self.oneMinuteLoadAverage() }

    var description: String {
        func format(_ load: Double?) -> String { load.map { String(format: "%.1f", $0) } ?? "?" }
        return "\(cores) cores, 1-minute load average \(format(loadAtStart)) at start, \(format(loadAtEnd)) at end"
            + " (a load above the core count inflates both engines' times, p99 most)"
    }

    private static func oneMinuteLoadAverage() -> Double? {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))
            .flatMap { $0.split(separator: " ").first }.flatMap { Double($0) }
    }
}
