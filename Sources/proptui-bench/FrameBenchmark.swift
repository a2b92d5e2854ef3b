import Foundation
import SyncEngine
import ScreenValues

/// The list screen at the size of a real table, through the code the app runs (`BrowserState`,
/// `ModelBenchScreen`), for the sample's model and for a 13-field model of every kind of value: `reduce` for keys and row changes, `render()` for the
/// frame (the pure screen code; copying the frame to curses is not included). Each figure is the
/// median and p99 of `samples` timings, at each size; the ratios to the smallest size say whether
/// a cost grows with the list, and the model's to the sample's at the same size what a model of
/// your own costs more.
///
/// - frame: `render()` alone, the selection somewhere else each time;
/// - move: `j`, then the frame; jump: `G` or `g` (alternately), then the frame;
/// - filter keystroke: a character typed into the filter field, then the frame: the part on the
///   event loop. On a large list the filter pass itself is a job run off the loop (timed in the
///   row index benchmark); on a list of at most 20,000 rows it runs inside the key press;
/// - edit: the form (C-s after `e` and a new text in the first field), the list's change arriving (`rowsChanged` with the row, pending), then the frame.
struct FrameBenchmark {
    let sizes: [Int]
    let samples: Int
    static let width = 100
    static let height = 30

    struct Timing: Sendable, Codable {
        var medianMicroseconds: Double
        var p99Microseconds: Double

        init(_ nanoseconds: [UInt64]) {
            let percentiles = Percentiles(nanoseconds)
            medianMicroseconds = Double(percentiles.median) / 1000
            p99Microseconds = Double(percentiles.p99) / 1000
        }
    }

    struct SizeResult: Sendable, Codable {
        var rows: Int
        var frame: Timing
        var moveDown: Timing
        var jump: Timing
        var filterKeystroke: Timing
        var edit: Timing
    }

    /// A cost at a size over the same cost at the smallest size (median and p99).
    struct Ratio: Sendable, Codable {
        var measure: String
        var rows: Int
        var againstRows: Int
        var median: Double
        var p99: Double
    }

    /// One screen's figures at every size, and each against its smallest size.
    struct ScreenResult: Sendable, Codable {
        var screen: String
        var sizes: [SizeResult]
        var ratios: [Ratio]
    }

    struct Result: Sendable, Codable {
        var samples: Int
        var width: Int
        var height: Int
        var sample: ScreenResult
        var model: ScreenResult
        /// The model's figures over the sample's at the same size.
        var modelAgainstSample: [Ratio]
    }

    func run() throws -> Result {
        let sample = screenResult("the sample (RealEstateProperty)", try measure(sizes.map {
            try ModelBenchScreen(sampleRows: $0, width: Self.width, height: Self.height)
        }))
        let model = screenResult("Transaction, 13 fields", try measure(sizes.map {
            try ModelBenchScreen(rows: $0, width: Self.width, height: Self.height)
        }))
        let against = zip(model.sizes, sample.sizes).flatMap { Self.ratios($0, against: $1) }
        return Result(samples: samples, width: Self.width, height: Self.height, sample: sample, model: model, modelAgainstSample: against)
    }

    private func screenResult(_ name: String, _ results: [SizeResult]) -> ScreenResult {
        let ratios = results.first.map { base in results.dropFirst().flatMap { Self.ratios($0, against: base) } } ?? []
        return ScreenResult(screen: name, sizes: results, ratios: ratios)
    }

    private static func ratios(_ result: SizeResult, against base: SizeResult) -> [Ratio] {
        measures.map { name, path in
            let a = result[keyPath: path]
            let b = base[keyPath: path]
            return Ratio(
                measure: name, rows: result.rows, againstRows: base.rows,
                median: a.medianMicroseconds / max(b.medianMicroseconds, 0.001), p99: a.p99Microseconds / max(b.p99Microseconds, 0.001))
        }
    }

    static var measures: [(String, KeyPath<SizeResult, Timing>)] { [
        ("frame", \.frame), ("move (j)", \.moveDown), ("jump (G/g)", \.jump),
        ("filter keystroke", \.filterKeystroke), ("edit", \.edit),
    ] }

    /// The screens (one a size) measured round by round in turn, not one size after the other:
    /// the ratio of two sizes then compares timings taken in the same moments of a shared, noisy
    /// machine (measured one after the other, the same binary's 1M/1k frame ratio moved from
    /// 0.6× to 1.4× between runs).
    private func measure<Screen: BenchScreen>(_ screens: [Screen]) -> [SizeResult] {
        var rounds = screens.map { ScreenRounds(screen: $0) }
        // The first rounds warm caches and allocations up and are not kept.
        let warmUp = min(50, samples)
        for sample in 0..<(warmUp + samples) {
            for index in rounds.indices {
                if sample == warmUp { rounds[index].timings = ScreenRounds.Timings() }
                rounds[index].round(sample)
            }
        }
        return rounds.map { rounds in
            let size = rounds.screen.rowCount
            precondition(size == rounds.startingRows, "the benchmark lost rows: \(size) of \(rounds.startingRows)")
            precondition(rounds.timings.edited == samples, "only \(rounds.timings.edited) of \(samples) edits were made")
            let timings = rounds.timings
            return SizeResult(
                rows: size, frame: Timing(timings.frame), moveDown: Timing(timings.move), jump: Timing(timings.jump),
                filterKeystroke: Timing(timings.filter), edit: Timing(timings.edit))
        }
    }

    /// One screen's rounds of timings: each round wanders somewhere else in the list (untimed),
    /// then times a frame, a move, a jump, a filter keystroke and an edit.
    private struct ScreenRounds<Screen: BenchScreen> {
        struct Timings {
            var frame: [UInt64] = []
            var move: [UInt64] = []
            var jump: [UInt64] = []
            var filter: [UInt64] = []
            var edit: [UInt64] = []
            var edited = 0
        }

        var screen: Screen
        let startingRows: Int
        var generator: SplitMix64
        var timings = Timings()

        init(screen: Screen) {
            self.screen = screen
            startingRows = screen.rowCount
            generator = SplitMix64(seed: UInt64(screen.rowCount))
        }

        mutating func round(_ sample: Int) {
            wander()
            timings.frame.append(timed { screen in blackHole(screen.frameCells()) })
            timings.move.append(timed { screen in
                screen.press(.character("j"))
                blackHole(screen.frameCells())
            })
            let jumpKey: Key = sample.isMultiple(of: 2) ? .character("G") : .character("g")
            timings.jump.append(timed { screen in
                screen.press(jumpKey)
                blackHole(screen.frameCells())
            })
            // The filter field holds "p" (every row matches); one more character, then it goes again.
            screen.press(.character("/"))
            screen.press(.character("p"))
            timings.filter.append(timed { screen in
                screen.press(.character("r"))
                blackHole(screen.frameCells())
            })
            screen.press(.escape)  // clears the filter (immediate) and closes the field
            wander()
            screen.startEdit()
            var edited = false
            timings.edit.append(timed { screen in
                edited = screen.finishEdit()
                blackHole(screen.frameCells())
            })
            if edited { timings.edited += 1 }
        }

        /// Somewhere else in the list (untimed): a jump to the top, then pages down.
        private mutating func wander() {
            screen.press(.character("g"))
            for _ in 0..<Int.random(in: 0..<8, using: &generator) { screen.press(.pageDown) }
        }

        private mutating func timed(_ body: (inout Screen) -> Void) -> UInt64 {
            let start = MonotonicClock.now()
            body(&screen)
            return MonotonicClock.now() - start
        }
    }

    static func text(_ result: Result) -> String {
        func us(_ timing: Timing) -> String {
            String(format: "median %.0f µs, p99 %.0f µs", timing.medianMicroseconds, timing.p99Microseconds)
        }
        func ratioLine(_ ratio: Ratio) -> String {
            "    " + ratio.measure.padding(toLength: 18, withPad: " ", startingAt: 0)
                + String(format: "%d/%d rows: median %.2f×, p99 %.2f×", ratio.rows, ratio.againstRows, ratio.median, ratio.p99)
        }
        var lines = ["", "The list screen (reduce + render to a \(result.width)×\(result.height) frame, no curses), \(result.samples) samples each:"]
        for screen in [result.sample, result.model] {
            lines.append("  \(screen.screen):")
            for size in screen.sizes {
                lines.append("    \(size.rows) rows:")
                for (name, path) in measures {
                    lines.append("      " + name.padding(toLength: 18, withPad: " ", startingAt: 0) + us(size[keyPath: path]))
                }
            }
            if !screen.ratios.isEmpty {
                lines.append("    against its smallest size (goal: within 1.1×):")
                lines += screen.ratios.map { "  " + ratioLine($0) }
            }
        }
        lines.append("  the model against the sample at the same size:")
        lines += result.modelAgainstSample.map { ratioLine(Ratio(measure: $0.measure, rows: $0.rows, againstRows: $0.rows, median: $0.median, p99: $0.p99)) }
        return lines.joined(separator: "\n")
    }
}
