import Foundation

/// A rename end to end, in proptui and in the Amplify sample's algorithm, at the same sizes in
/// the same process: from ⏎ in the rename field to the frame that shows the new name.
///
/// - proptui (`RenameOnProptui`): the reducer's `.update` effect, `RecordList.update`
///   on a file-backed `SyncStorage` (the change committed to the SQLite outbox with
///   `synchronous = FULL` before the call returns; the API is unreachable, so it stays pending),
///   the list's events into the reducer (`BrowserAction.list`), and `render()`.
/// - proptui on the 13-field model (`BenchModel.transaction`), the same path, its display field renamed;
/// - the sample (`RenameOnSample`): the same key and effect, the sample's `updateProperty` (a
///   `firstIndex` scan, the whole list published), the screen given the whole published list
///   (`RecordListEvent.loaded`), and `render()`. The sample keeps nothing on disk.
///
/// Not timed on either side: copying the frame to curses (`FramePainter` draws into curses'
/// screen, which needs a terminal and which the bench does not link).
struct RenameKeyToFrameBenchmark {
    let sizes: [Int]
    /// Timed renames per size for proptui, and for the sample at sizes up to `largeSize`.
    let samples: Int
    /// Timed renames for the sample above `largeSize`, where each one takes seconds.
    let sampleSamplesWhenLarge: Int
    static let largeSize = 100_000

    struct Timing: Codable, Sendable {
        var samples: Int
        var medianMicroseconds: Double
        var p99Microseconds: Double

        init(_ nanoseconds: [UInt64]) {
            let percentiles = Percentiles(nanoseconds)
            samples = nanoseconds.count
            medianMicroseconds = Double(percentiles.median) / 1_000
            p99Microseconds = Double(percentiles.p99) / 1_000
        }
    }

    struct SizeResult: Codable, Sendable {
        var records: Int
        /// ⏎ → outbox write (durable) → the list's diff → reducer → frame.
        var proptui: Timing
        /// The list's `rename` alone (the outbox's commit to disk is most of it), without the key and the screen.
        var proptuiListOnly: Timing
        /// ⏎ → `updateProperty` → the whole list published → `RecordListEvent.loaded` → frame; nothing durable.
        var sample: Timing
        /// The sample's list alone (`updateProperty` and receiving the published list), without the screen.
        var sampleListOnly: Timing
        /// proptui / sample: below 1, proptui is faster.
        var proptuiOverSampleMedian: Double
        var proptuiOverSampleP99: Double
        /// The same path as `proptui` for the 13-field model (`BenchModel.transaction`): its
        /// description renamed, on a list of as many `Transaction`s.
        var transaction: Timing
        var transactionListOnly: Timing
    }

    struct Result: Codable, Sendable {
        var measures: String
        var width: Int
        var height: Int
        var sizes: [SizeResult]
    }

    static let measures = """
        a rename, from ⏎ in the rename field to the rendered frame: proptui's path through the list's durable \
        SQLite outbox and its diff, against the sample's algorithm (firstIndex scan, the whole list published \
        and given to the screen; nothing durable)
        """

    @MainActor
    func run() async throws -> Result {
        var results: [SizeResult] = []
        let transactions = try BenchModel.transaction()
        for records in sizes {
            let start = ContinuousClock.now
            let proptui = try await RenameOnProptui(records: records, samples: samples).run()
            let transaction = try await RenameOnProptui(model: transactions, records: records, samples: samples).run()
            let sampleSamples = records > Self.largeSize ? sampleSamplesWhenLarge : samples
            let sample = try await RenameOnSample(records: records, samples: sampleSamples).run()
            results.append(SizeResult(
                records: records, proptui: proptui.keyToFrame, proptuiListOnly: proptui.listOnly, sample: sample.keyToFrame, sampleListOnly: sample.listOnly,
                proptuiOverSampleMedian: proptui.keyToFrame.medianMicroseconds / max(sample.keyToFrame.medianMicroseconds, 0.001),
                proptuiOverSampleP99: proptui.keyToFrame.p99Microseconds / max(sample.keyToFrame.p99Microseconds, 0.001),
                transaction: transaction.keyToFrame, transactionListOnly: transaction.listOnly))
            progress("rename key-to-frame at \(records) records measured in \(ContinuousClock.now - start)")
        }
        return Result(measures: Self.measures, width: RenameScreen.width, height: RenameScreen.height, sizes: results)
    }

    static func text(_ result: Result) -> String {
        func figures(_ timing: Timing) -> String {
            "median \(Format.duration(UInt64(timing.medianMicroseconds * 1_000))), "
                + "p99 \(Format.duration(UInt64(timing.p99Microseconds * 1_000))) (\(timing.samples) renames)"
        }
        var lines = [
            "",
            "A rename end to end, ⏎ to the rendered \(result.width)×\(result.height) frame (no curses), against the sample's algorithm in the same run:",
            "  proptui: the reducer's effect, RecordList.update committing to the SQLite outbox (synchronous=FULL; "
                + "the API unreachable, so the change stays pending), the list's diff into the reducer, render()",
            "  sample:  the same key, the sample's updateProperty (firstIndex scan, the whole list published), "
                + "the screen given the whole list (RecordListEvent.loaded), render(); nothing durable",
        ]
        for size in result.sizes {
            lines.append("  \(size.records.formatted()) records:")
            lines.append("    proptui  \(figures(size.proptui)); its list's rename alone: \(figures(size.proptuiListOnly))")
            lines.append("    sample   \(figures(size.sample)); its list alone: \(figures(size.sampleListOnly))")
            lines.append("    proptui, Transaction (13 fields): \(figures(size.transaction)); its list alone: \(figures(size.transactionListOnly))")
            lines.append(
                "    proptui/sample: median \(ratio(size.proptuiOverSampleMedian)), p99 \(ratio(size.proptuiOverSampleP99)) "
                    + "(the sample takes \(Format.ratio(1 / max(size.proptuiOverSampleMedian, 1e-9))) "
                    + "and \(Format.ratio(1 / max(size.proptuiOverSampleP99, 1e-9))) as long)")
        }
        if let first = result.sizes.first, let last = result.sizes.last, last.records > first.records {
            func growth(_ timing: (SizeResult) -> Timing) -> String {
                Format.ratio(timing(last).medianMicroseconds / max(timing(first).medianMicroseconds, 0.001))
            }
            lines.append(
                "  \(last.records.formatted()) against \(first.records.formatted()) records, median: the sample's model \(growth(\.proptui)), "
                    + "Transaction \(growth(\.transaction))")
        }
        lines.append("  p99 of fewer than 100 renames is the slowest one")
        return lines.joined(separator: "\n")
    }

    /// A ratio below 1 with enough digits to read: 0.00042, 0.031, 1.2.
    private static func ratio(_ value: Double) -> String {
        value >= 1 ? String(format: "%.2f", value) : String(format: "%.2g", value)
    }

    private func progress(_ message: String) {
        FileHandle.standardError.write(Data("proptui-bench: \(message)\n".utf8))
    }
}
