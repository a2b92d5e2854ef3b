import Foundation
import SyncEngine

/// A load and its wire timed in turn, several times, the run of the median ratio kept.
///
/// The machines are shared: two runs of the same load, one after the other, differed by up to a
/// third, and the processor time they used by a quarter. One run decided nothing a tenth wide;
/// the wire and the load timed together, three times, give a ratio that moves far less.
struct LoadRuns<Extra> {
    struct Run {
        var wire: WireRun
        var load: LoadBenchmark.Timing
        /// What the load handed back besides its timing (the sample's: its cache's WAL size).
        var extra: Extra
        /// The cache file the load filled (`cachePath-N`), for a start from it.
        var cachePath: String
    }

    private(set) var runs: [Run] = []

    /// The wire's every page, then `load` over an empty cache file, three times in turn. The
    /// cache files are left in place; `median`'s is moved to `cachePath`.
    static func measure(
        wire: WireClient, size: Int, cachePath: String, load: (String) async throws -> (LoadBenchmark.Timing, Extra)
    ) async throws -> LoadRuns {
        var runs = LoadRuns()
        for attempt in 0..<3 {
            let wireRun = try await WireRun.measure(wire, expecting: size)
            let path = cachePath + "-\(attempt)"
            let (timing, extra) = try await load(path)
            runs.runs.append(Run(wire: wireRun, load: timing, extra: extra, cachePath: path))
            // The list ends outside any timing (freeing a million rows takes a core a while).
            try await Task.sleep(for: .seconds(size >= 500_000 ? 3 : 1))
        }
        try FileManager.default.moveItem(atPath: runs.median.cachePath, toPath: cachePath)
        return runs
    }

    /// The load against its wire.
    private static func ratio(_ run: Run) -> Double { run.load.fullyLoadedMs / run.wire.ms }

    /// The run whose ratio is the median.
    var median: Run { runs.sorted { Self.ratio($0) < Self.ratio($1) }[runs.count / 2] }

    /// Every run's ratio, in the order run.
    var ratios: [Double] { runs.map(Self.ratio) }
}

/// The wire's every page, timed with the processor time it used.
struct WireRun {
    var ms: Double
    var processorMs: Double

    static func measure(_ wire: WireClient, expecting size: Int) async throws -> WireRun {
        let start = ContinuousClock.now
        let processor = ProcessorTime.now()
        let pages = try await wire.readAll()
        let run = WireRun(ms: (ContinuousClock.now - start).milliseconds, processorMs: ProcessorTime.now().milliseconds(since: processor))
        let pageSize = SyncOptions().pageSize
        let expected = max(1, (size + pageSize - 1) / pageSize)
        guard pages >= expected else { throw LoadBenchmarkError("the wire read \(pages) pages, expected \(expected)") }
        return run
    }
}

extension SyncOptions {
    /// The app's options reading every page: a load of a million measures the whole list, not
    /// the sync policy's first 100,000 rows.
    static let everyPage = SyncOptions(syncPolicy: .all)
}
