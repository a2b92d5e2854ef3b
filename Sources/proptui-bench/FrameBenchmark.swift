import Foundation
import PropertySync
import ScreenValues
import TUI

/// The list screen at the size of a real table, through the code the app runs: `AppState.reduce`
/// for keys and row changes, `AppState.render()` for the frame (the pure TUI code; copying the
/// frame to curses is not included). Each figure is the median and p99 of `samples` timings, at
/// each size; the ratios to the smallest size say whether a cost grows with the list.
///
/// - frame: `render()` alone, the selection somewhere else each time;
/// - move: `j`, then the frame; jump: `G` or `g` (alternately), then the frame;
/// - filter keystroke: a character typed into the filter field, then the frame: the part on the
///   event loop. On a large list the filter pass itself is a `RowViewJob` run off the loop (timed
///   in the row index benchmark); on a list of at most 20,000 rows it runs inside the key press;
/// - rename: ⏎ in the rename field (the reducer makes the rename effect), the list's change
///   arriving (`rowsChanged` with the renamed row, pending), then the frame.
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
        var rename: Timing
    }

    /// A cost at a size over the same cost at the smallest size (median and p99).
    struct Ratio: Sendable, Codable {
        var measure: String
        var rows: Int
        var againstRows: Int
        var median: Double
        var p99: Double
    }

    struct Result: Sendable, Codable {
        var samples: Int
        var width: Int
        var height: Int
        var sizes: [SizeResult]
        var ratios: [Ratio]
    }

    func run() -> Result {
        let results = sizes.map(measure(size:))
        var ratios: [Ratio] = []
        if let base = results.first {
            for result in results.dropFirst() {
                for (name, path) in Self.measures {
                    let a = result[keyPath: path]
                    let b = base[keyPath: path]
                    ratios.append(Ratio(
                        measure: name, rows: result.rows, againstRows: base.rows,
                        median: a.medianMicroseconds / max(b.medianMicroseconds, 0.001),
                        p99: a.p99Microseconds / max(b.p99Microseconds, 0.001)))
                }
            }
        }
        return Result(samples: samples, width: Self.width, height: Self.height, sizes: results, ratios: ratios)
    }

    static var measures: [(String, KeyPath<SizeResult, Timing>)] { [
        ("frame", \.frame), ("move (j)", \.moveDown), ("jump (G/g)", \.jump),
        ("filter keystroke", \.filterKeystroke), ("rename", \.rename),
    ] }

    /// An app showing `size` rows, loaded, on a 100×30 screen.
    static func app(size: Int) -> AppState {
        let start = ContinuousClock.now
        var app = AppState(options: AppOptions(colorEnabled: true))
        _ = app.reduce(.resized(width: width, height: height), now: start)
        _ = app.reduce(.list(.loaded(RowsBenchmark.rows(size))), now: start)
        _ = app.reduce(.list(.connectivityChanged(.online)), now: start)
        _ = app.reduce(.list(.loadStateChanged(.loaded)), now: start)
        return app
    }

    private func measure(size: Int) -> SizeResult {
        var app = Self.app(size: size)
        let now = ContinuousClock.now
        var generator = SplitMix64(seed: UInt64(size))
        func press(_ key: Key) -> [Effect] { app.reduce(.keyPressed(key), now: now) }
        /// Somewhere else in the list (untimed): a jump to the top, then pages down.
        func wander() {
            _ = press(.character("g"))
            for _ in 0..<Int.random(in: 0..<8, using: &generator) { _ = press(.pageDown) }
        }
        func timed(_ body: () -> Void) -> UInt64 {
            let start = MonotonicClock.now()
            body()
            return MonotonicClock.now() - start
        }

        var frame: [UInt64] = []
        var move: [UInt64] = []
        var jump: [UInt64] = []
        var filter: [UInt64] = []
        var rename: [UInt64] = []
        var renamed = 0
        // The first rounds warm caches and allocations up and are not kept.
        let warmUp = min(50, samples)
        for sample in 0..<(warmUp + samples) {
            if sample == warmUp {
                frame = []
                move = []
                jump = []
                filter = []
                rename = []
                renamed = 0
            }
            wander()
            frame.append(timed { blackHole(app.render().cells.count) })
            move.append(timed {
                _ = press(.character("j"))
                blackHole(app.render().cells.count)
            })
            let jumpKey: Key = sample.isMultiple(of: 2) ? .character("G") : .character("g")
            jump.append(timed {
                _ = press(jumpKey)
                blackHole(app.render().cells.count)
            })
            // The filter field holds "p" (every row matches); one more character, then it goes again.
            _ = press(.character("/"))
            _ = press(.character("p"))
            filter.append(timed {
                _ = press(.character("r"))
                blackHole(app.render().cells.count)
            })
            _ = press(.escape)  // clears the filter (immediate) and closes the field
            wander()
            _ = press(.character("r"))
            _ = press(.character("x"))
            rename.append(timed {
                let effects = press(.enter)
                for case .edit(let id, .name(let name)) in effects {
                    guard var row = app.rows.row(id: id) else { continue }
                    row.property.name = name.text
                    row.status = .pending(1)
                    _ = app.reduce(.list(.rowsChanged(RowUpdate(upserted: [row]))), now: now)
                    renamed += 1
                }
                blackHole(app.render().cells.count)
            })
        }
        precondition(app.rows.count == size, "the benchmark lost rows: \(app.rows.count) of \(size)")
        precondition(renamed == samples, "only \(renamed) of \(samples) renames were made")
        return SizeResult(
            rows: size, frame: Timing(frame), moveDown: Timing(move), jump: Timing(jump),
            filterKeystroke: Timing(filter), rename: Timing(rename))
    }

    static func text(_ result: Result) -> String {
        func us(_ timing: Timing) -> String {
            String(format: "median %.0f µs, p99 %.0f µs", timing.medianMicroseconds, timing.p99Microseconds)
        }
        var lines = ["", "The list screen (reduce + render to a \(result.width)×\(result.height) frame, no curses), \(result.samples) samples each:"]
        for size in result.sizes {
            lines.append("  \(size.rows) rows:")
            for (name, path) in measures {
                lines.append("    " + name.padding(toLength: 18, withPad: " ", startingAt: 0) + us(size[keyPath: path]))
            }
        }
        if !result.ratios.isEmpty {
            lines.append("  against the smallest size (goal: within 1.5×):")
            for ratio in result.ratios {
                lines.append("    " + ratio.measure.padding(toLength: 18, withPad: " ", startingAt: 0)
                    + String(format: "%d/%d rows: median %.2f×, p99 %.2f×", ratio.rows, ratio.againstRows, ratio.median, ratio.p99))
            }
        }
        return lines.joined(separator: "\n")
    }
}
