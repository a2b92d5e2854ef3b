import Synchronization

/// Holds the one background task of a kind that matters: starting a new one cancels
/// the one before (a filter typed on makes the last keystroke's scan useless).
final class LatestTask: Sendable {
    private let current = Mutex<Task<Void, Never>?>(nil)

    func replace(with task: Task<Void, Never>) {
        let previous = current.withLock { slot in
            defer { slot = task }
            return slot
        }
        previous?.cancel()
    }
}
