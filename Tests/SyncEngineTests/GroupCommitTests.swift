import AmplifyModels
import AppSync
import Foundation
import OptimisticStore
import Synchronization
import Testing
@testable import SyncEngine

/// The sender's writes are committed in groups (`RecordList+GroupCommit`): what the screen hears
/// is on disk when it hears it, and a settlement lost to a crash costs a second send, recognised
/// as applied, never a lost or doubled change.
@Suite struct GroupCommitTests {
    static let fast = RetryPolicy(base: .milliseconds(1), cap: .milliseconds(2))

    @Test func theScreenHearsOfAConfirmationOnlyOnceTheOutboxOnDiskSaysSo() async throws {
        let path = NSTemporaryDirectory() + "proptui-group-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let storage = try SyncStorage(path: path).sampleCache()
        let reader = try SyncStorage(path: path).sampleCache()  // another connection: it sees only what is committed
        let server = ScriptedServer(records: [])
        // Each confirmation the screen is told of, with what the disk held at that moment.
        let told = Mutex<[(record: RecordKey, stillInOutbox: Bool, cached: Bool)]>([])
        let list = try RecordList<ModelRecord>(
            api: server, storage: storage, options: SyncOptions(retryPolicy: Self.fast, probePolicy: Self.fast)
        ) { event in
            guard case .succeeded(let summary) = event, let kept = try? reader.load() else { return }
            let stillInOutbox = kept.pending.contains { $0.recordID == summary.recordID }
            let cached = kept.confirmed.contains { $0.id == summary.recordID }
            told.withLock { $0.append((summary.recordID, stillInOutbox, cached)) }
        }
        await list.refresh()
        for index in 0..<40 { _ = try await list.create(name: "Made \(index)") }
        await eventually("every create to be confirmed") { await list.pendingCount == 0 }
        let seen = told.withLock { $0 }
        #expect(seen.count == 40)
        for confirmation in seen {
            #expect(!confirmation.stillInOutbox, "\(confirmation.record) was said confirmed while the outbox on disk still held it")
            #expect(confirmation.cached, "\(confirmation.record) was said confirmed before the cache held the server's copy")
        }
        #expect(try storage.outboxCount() == 0)
        #expect(await server.records.count == 40)
    }

    /// A key press's change reaches the screen before the call that made it returns, though its
    /// send's count goes through a group commit: a key typed ahead of a create acts on the new row.
    @Test func aChangeIsOnScreenWhenTheCallThatMadeItReturns() async throws {
        let path = NSTemporaryDirectory() + "proptui-group-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let events = EventRecorder()
        let list = try RecordList<ModelRecord>(
            api: ScriptedServer(records: []), storage: try SyncStorage(path: path).sampleCache(),
            options: SyncOptions(retryPolicy: Self.fast, probePolicy: Self.fast), onEvent: events.sink)
        await list.refresh()
        for index in 0..<20 {
            let id = try await list.create(name: "Made \(index)")
            let shown = events.all.contains { event in
                guard case .rowsChanged(let update) = event else { return false }
                return update.upserted.contains { $0.id == id }
            }
            #expect(shown, "create \(index) was not on screen when `create` returned")
        }
    }
}
