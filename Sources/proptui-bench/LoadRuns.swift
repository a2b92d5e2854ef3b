import Foundation
import SyncEngine

/// A load and its wire timed in turn, several times, the run of the median ratio kept.
///
/// The machines are shared: two runs of the same load, one after the other, differed by up to a
/// third, and the processor time they used by a quarter. One run decided nothing a tenth wide;
/// the wire and the load timed together, three times, give a ratio that moves far less.
struct LoadRuns<Run> {
    static var count: Int { 3 }

    private(set) var runs: [(run: Run, ratio: Double)] = []

    mutating func add(_ run: Run, ratio: Double) { runs.append((run, ratio)) }

    /// The run whose ratio is the median.
    var median: Run { runs.sorted { $0.ratio < $1.ratio }[runs.count / 2].run }

    /// Every run's ratio, in the order run.
    var ratios: [Double] { runs.map(\.ratio) }
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
