import Foundation
import Synchronization

/// The server's clock for writes: epoch milliseconds that strictly increase from one write to
/// the next, so that `_lastChangedAt` orders writes and a delta sync from a `startedAt` never
/// misses a write made in the same millisecond.
final class WriteClock: Sendable {
    private let last = Mutex<Int64>(0)

    /// The current wall-clock time in epoch milliseconds (for `startedAt`).
    func now() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// A sync's `startedAt`: no earlier than the last write's time. Writes faster than one a
    /// millisecond push the write times ahead of the wall clock; a `startedAt` from the wall
    /// clock alone would then be earlier than writes already read, and the next delta would
    /// send them all again. Any later write gets a later time, so none is missed.
    func syncStart() -> Int64 {
        let wall = now()
        return last.withLock { max(wall, $0) }
    }

    /// A fresh timestamp for one write, later than every earlier one.
    func nextWriteTime() -> Int64 {
        let wall = now()
        return last.withLock { last in
            last = max(wall, last + 1)
            return last
        }
    }

    /// Remembers a time already stored (on open), so writes after a restart stay ordered.
    func advance(past stored: Int64) {
        last.withLock { $0 = max($0, stored) }
    }

    /// `AWSDateTime` for epoch milliseconds: ISO-8601 UTC with milliseconds and `Z`. The
    /// milliseconds are written from the integer: formatting `Double(ms) / 1000` truncates
    /// …281.004 to .003, giving two writes a millisecond apart the same `createdAt`.
    static func awsDateTime(milliseconds: Int64) -> String {
        let (seconds, fraction) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let (wholeSeconds, millisecond) = fraction < 0 ? (seconds - 1, fraction + 1000) : (seconds, fraction)
        let date = Date(timeIntervalSince1970: Double(wholeSeconds))
        let stamp = Date.ISO8601FormatStyle().format(date)  // yyyy-MM-ddTHH:mm:ssZ
        let digits = String(millisecond)
        return stamp.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }
}
