import ArgumentParser
import Foundation
import Logging

/// `swift run -c release proptui-bench`. The entry point is `@main` (as in `proptui`), not a
/// main.swift: a top-level `await BenchCommand.main()` resolves to the synchronous `main()`.
@main
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "proptui-bench",
        abstract: "Time one optimistic operation in OptimisticStore and in a port of the Amplify sample.",
        discussion: """
            One operation = optimistic apply + immediate successful settle + publishing to the UI. \
            Both engines play the same seeded sequence (70% renames, 10% address edits, 10% deletes, \
            10% creates) on the same records; each operation is timed on its own after a warm-up. \
            The baseline runs as many operations as fit in about 1.5 s per size (30 to 20,000).

            Build with -c release: a debug build measures the optimiser's absence.
            """)

    @Option(help: ArgumentHelp("Record counts to measure, comma-separated (k and M suffixes allowed).", valueName: "n,n,…"))
    var sizes = SizeList([1_000, 10_000, 100_000, 1_000_000])

    @Option(help: "Operations timed per size for proptui; also the most the baseline runs (at most 20000).")
    var operations = 20_000

    @Option(help: ArgumentHelp("Also write the results as JSON to this file.", valueName: "path"))
    var json: String?

    @Option(help: "Seed of the operation sequence and of the records.")
    var seed: UInt64 = 0x5EED_2024

    @Option(help: "Durable enqueues timed in the outbox benchmark.")
    var enqueues = 2_000

    @Option(help: "Queued operations replayed to the embedded server in the outbox benchmark (0 skips the outbox benchmark).")
    var replay = 10_000

    @Flag(help: "Skip the engine comparison (the other sections still run).")
    var skipEngines = false

    @Option(help: "Records on the server for the live-sync benchmark (0 skips it).")
    var liveRecords = 10_000

    @Option(help: "Changes between the base and the delta query in the live-sync benchmark.")
    var liveChanges = 10

    @Option(help: ArgumentHelp("Row counts for the row index benchmark (0 skips it).", valueName: "n,n,…"))
    var rowsSizes = SizeList([100_000, 1_000_000])

    @Flag(help: "Only the row index benchmark (loading, filtering and sorting the screen's list).")
    var rowsOnly = false


    @Option(help: ArgumentHelp("Row counts for the list screen benchmark: frame and key-to-frame costs (0 skips it).", valueName: "n,n,…"))
    var screenSizes = SizeList([1_000, 100_000, 1_000_000])

    @Option(help: "Timings per measure and size in the list screen benchmark.")
    var screenSamples = 300

    @Flag(help: "Only the list screen benchmark (frame render and key-to-frame costs against the list's length).")
    var screenOnly = false


    @Option(help: ArgumentHelp(
        "Row counts for the load benchmark: first rows and full load from the server and the cache, app memory (0 skips it).",
        valueName: "n,n,…"))
    var loadSizes = SizeList([100_000, 1_000_000])

    @Flag(help: "Only the load benchmark.")
    var loadOnly = false

    @Option(help: ArgumentHelp(
        "Record counts for the rename benchmark: ⏎ to frame through the durable outbox, against the sample's algorithm (0 skips it).",
        valueName: "n,n,…"))
    var renameSizes = SizeList([1_000, 1_000_000])

    @Option(help: "Renames timed per size in the rename benchmark (proptui; the sample too, up to 100,000 records).")
    var renameSamples = 200

    @Option(help: "Renames timed for the sample above 100,000 records in the rename benchmark (each one takes seconds).")
    var renameSampleSamplesLarge = 10

    @Flag(help: "Only the outbox benchmark (durable enqueues, and replaying queued creates and renames).")
    var outboxOnly = false

    @Option(help: "Ledger entries on the server for the views benchmark (issue 31: a key lookup, an index query, a scan, Esc; 0 skips it).")
    var viewRecords = 1_000_000

    @Flag(help: "Only the views benchmark.")
    var viewsOnly = false

    @Option(help: "Transactions on the server for the export benchmark (issue 32: proptui export in NDJSON and CSV against the wire; 0 skips it).")
    var exportRecords = 1_000_000

    @Flag(help: "Only the export benchmark.")
    var exportOnly = false

    @Flag(help: "Only the rename benchmark (a rename from the key press to the frame, proptui against the sample).")
    var renameOnly = false

    func validate() throws {
        guard operations > 0 else { throw ValidationError("--operations must be at least 1") }
        guard !sizes.values.contains(0) else { throw ValidationError("--sizes must be at least 1 each") }
    }

    func run() async throws {
        // The lists' sending logs (refused connections while the server is down on purpose)
        // would bury the results; nothing the bench measures is logged.
        LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
        let rowSizes = rowsSizes.values.filter { $0 > 0 }
        let screenSizes = screenSizes.values.filter { $0 > 0 }
        let loadSizes = loadSizes.values.filter { $0 > 0 }
        let renameSizes = renameSizes.values.filter { $0 > 0 }
        let only = screenOnly || rowsOnly || loadOnly || renameOnly || outboxOnly || viewsOnly || exportOnly
        var machine = MachineLoad()
        let results = skipEngines || only ? [] : try await Benchmark(sizes: sizes.values, operations: operations, seed: seed).run()
        let outbox = replay > 0 && (!only || outboxOnly) ? try await OutboxBenchmark(enqueues: enqueues, replayed: replay).run() : nil
        let modelOutbox = replay > 0 && (!only || outboxOnly)
            ? try await OutboxBenchmark(model: .transaction(), enqueues: enqueues, replayed: replay).run() : nil
        let live = liveRecords > 0 && !only
            ? try await LiveSyncBenchmark(records: liveRecords, changes: min(liveChanges, liveRecords), samples: min(21, liveRecords)).run() : nil
        let load = !loadSizes.isEmpty && (!only || loadOnly) ? try await LoadBenchmark(sizes: loadSizes).run() : []
        let modelLoad = !loadSizes.isEmpty && (!only || loadOnly) ? try await ModelLoadBenchmark(sizes: loadSizes).run() : []
        let rows = !rowSizes.isEmpty && (!only || rowsOnly) ? RowsBenchmark(sizes: rowSizes).run() : nil
        let screen = !screenSizes.isEmpty && (!only || screenOnly)
            ? try FrameBenchmark(sizes: screenSizes, samples: max(1, screenSamples)).run() : nil
        let rename = !renameSizes.isEmpty && (!only || renameOnly)
            ? try await RenameKeyToFrameBenchmark(
                sizes: renameSizes, samples: max(1, renameSamples), sampleSamplesWhenLarge: max(1, renameSampleSamplesLarge)).run()
            : nil
        let views = viewRecords > 0 && (!only || viewsOnly) ? try await ViewBenchmark(records: viewRecords).run() : nil
        let export = exportRecords > 0 && (!only || exportOnly) ? try await ExportBenchmark(records: exportRecords).run() : nil
        machine.finish()

        let report = Report(results: results, outbox: outbox, live: live, seed: seed, machine: machine)
        if !only { print(report.text) }
        if let outbox { print(OutboxBenchmark.text(outbox)) }
        if let modelOutbox { print(OutboxBenchmark.text(modelOutbox)) }
        if let live { print(LiveSyncBenchmark.text(live)) }
        if !load.isEmpty { print(LoadBenchmark.text(load)) }
        if !modelLoad.isEmpty { print(ModelLoadBenchmark.text(modelLoad, sample: load)) }
        if let rows { print(RowsBenchmark.text(rows.results, old: rows.old)) }
        if let screen { print(FrameBenchmark.text(screen)) }
        if let rename { print(RenameKeyToFrameBenchmark.text(rename)) }
        if let views { print(ViewBenchmark.text(views)) }
        if let export { print(ExportBenchmark.text(export)) }
        if let json {
            // One file for every section that ran; a section that did not run is absent.
            var document = try JSONDocument(report.json())
            if !load.isEmpty { document = try document.adding("load", load) }
            if !modelLoad.isEmpty { document = try document.adding("modelLoad", modelLoad) }
            if let modelOutbox { document = try document.adding("modelOutbox", modelOutbox) }
            if let rows { document = try document.adding("rowIndex", RowsDocument(results: rows.results, oneInsertPerRow: rows.old)) }
            if let screen { document = try document.adding("screen", screen) }
            if let rename { document = try document.adding("renameKeyToFrame", rename) }
            if let views { document = try document.adding("views", views) }
            if let export { document = try document.adding("export", export) }
            try document.data().write(to: URL(fileURLWithPath: json))
        }
        // Missed goals are a result, not a failure: the exit code stays 0.
    }

    private struct RowsDocument: Encodable {
        let results: [RowsBenchmark.Result]
        let oneInsertPerRow: RowsBenchmark.OldIndexResult
    }
}

/// The orchestration: for each size, one workload, then each engine built, measured and released.
/// On the main actor so that the timed loop runs on the main queue's thread and leaves the
/// cooperative pool (one thread per core) to the consumers that drain the engines' streams.
@MainActor
struct Benchmark {
    let sizes: [Int]
    let operations: Int
    let seed: UInt64

    /// Untimed steps before the timed ones (the baseline also stops warming up after 0.25 s).
    private var warmUpSteps: Int { min(1_000, max(100, operations / 20)) }

    func run() async throws -> [SizeResult] {
        // A discarded round first, so that code pages, the consumer threads and the
        // allocator's arenas are in place before any reading that counts.
        _ = try await measureBoth(records: 200, operations: min(operations, 200))
        var results: [SizeResult] = []
        for records in sizes {
            let start = ContinuousClock.now
            results.append(try await measureBoth(records: records, operations: operations))
            progress("\(records) records measured in \(ContinuousClock.now - start)")
        }
        return results
    }

    private func measureBoth(records: Int, operations: Int) async throws -> SizeResult {
        // Generated before any memory reading, so neither engine is charged for it.
        let workload = Workload(records: records, steps: warmUpSteps + operations, seed: seed)
        let proptui = try await measure(
            ProptuiEngine.self, on: workload,
            plan: RunPlan(
                warmUpSteps: warmUpSteps, warmUpBudget: nil,
                minimumSteps: operations, maximumSteps: operations, budget: nil))
        let baseline = try await measure(
            BaselineEngine.self, on: workload,
            plan: RunPlan(
                warmUpSteps: warmUpSteps, warmUpBudget: 250_000_000,
                minimumSteps: min(30, operations), maximumSteps: min(20_000, operations), budget: 1_500_000_000))
        return SizeResult(proptui: proptui, baseline: baseline)
    }

    private func progress(_ message: String) {
        FileHandle.standardError.write(Data("proptui-bench: \(message)\n".utf8))
    }
}

/// "1000,10k,1M" → [1000, 10000, 1000000].
struct SizeList: ExpressibleByArgument, Sendable {
    let values: [Int]

    init(_ values: [Int]) { self.values = values }

    init?(argument: String) {
        var values: [Int] = []
        for item in argument.split(separator: ",") {
            var digits = item.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "")
            var multiplier = 1
            if let suffix = digits.last, let scale = ["k": 1_000, "K": 1_000, "m": 1_000_000, "M": 1_000_000][suffix] {
                multiplier = scale
                digits.removeLast()
            }
            guard let value = Int(digits), value >= 0 else { return nil }  // 0: "skip", where an option allows it
            values.append(value * multiplier)
        }
        guard !values.isEmpty else { return nil }
        self.values = values
    }

    var defaultValueDescription: String { values.map(String.init).joined(separator: ",") }
}
