import AmplifyModels
import SyncEngine
import Synchronization

/// The list's event sink for the bench: keeps each event until the screen takes it.
/// The list calls its sink before the call that caused the event returns, so after
/// `await list.update(…)` every event of that change is here, and nothing is waited for.
/// (The app's sink posts to its loop's mailbox instead: a pipe write per event.)
final class ListEventCollector: Sendable {
    private let events = Mutex<[RecordListEvent<ModelRecord>]>([])

    func append(_ event: RecordListEvent<ModelRecord>) {
        events.withLock { $0.append(event) }
    }

    /// Every event since the last call, oldest first.
    func take() -> [RecordListEvent<ModelRecord>] {
        events.withLock { events in
            defer { events.removeAll(keepingCapacity: true) }
            return events
        }
    }
}
