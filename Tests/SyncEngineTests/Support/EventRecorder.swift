import AmplifyModels
import Foundation
import Synchronization
import Testing
@testable import SyncEngine

/// How long a test waits for something that should happen before it calls it a hang. Not a
/// speed limit: the whole suite runs at once on a 2-core machine that other jobs share, and
/// there a step that takes milliseconds alone has waited over 30 s for a thread.
let hangGuard = Duration.seconds(120)

/// Collects what a list tells the screen, in order, and lets a test wait for one
/// event with a time limit that fails the test instead of hanging.
final class EventRecorder: Sendable {
    private let events = Mutex<[RecordListEvent<ModelRecord>]>([])

    var sink: @Sendable (RecordListEvent<ModelRecord>) -> Void { { event in self.events.withLock { $0.append(event) } } }

    var all: [RecordListEvent<ModelRecord>] { events.withLock { $0 } }

    /// The first event (from the start) that matches, waiting up to `timeout`.
    @discardableResult
    func first(
        within timeout: Duration = hangGuard, sourceLocation: SourceLocation = #_sourceLocation,
        where matches: (RecordListEvent<ModelRecord>) -> Bool
    ) async -> RecordListEvent<ModelRecord>? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let event = all.first(where: matches) { return event }
            try? await Task.sleep(for: .milliseconds(2))
        }
        Issue.record("no matching event within \(timeout)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Waits until the condition holds; giving up fails the test (it never returns quietly).
func eventually(
    _ what: String, within timeout: Duration = hangGuard, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async -> Bool
) async {
    let deadline = ContinuousClock.now + timeout
    while !(await condition()) {
        guard ContinuousClock.now < deadline else {
            Issue.record("gave up waiting for \(what) after \(timeout)", sourceLocation: sourceLocation)
            return
        }
        try? await Task.sleep(for: .milliseconds(2))
    }
}

/// Waits until the list has nothing left to send.
func settled<Record>(_ list: RecordList<Record>, within timeout: Duration = hangGuard, sourceLocation: SourceLocation = #_sourceLocation) async {
    await eventually("the list to settle", within: timeout, sourceLocation: sourceLocation) { await list.pendingCount == 0 }
}
