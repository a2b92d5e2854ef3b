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

    /// `AWSDateTime` for epoch milliseconds: ISO-8601 UTC with milliseconds and `Z`.
    static func awsDateTime(milliseconds: Int64) -> String {
        let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        return Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
    }
}
