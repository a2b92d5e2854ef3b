import AmplifyModels
import AppSync
import Foundation
import OptimisticStore
import Testing
@testable import SyncEngine

/// A start from a large cache shows its first batch at once and reads the rest behind the
/// first frame; the outbox's rows are whole from the first frame; a refresh waits for the
/// whole cache, so a record the server deleted cannot survive it.
@Suite struct CacheStartTests {
    static let fastRetry = RetryPolicy(base: .milliseconds(1), cap: .milliseconds(2))
    static let size = RecordList<ModelRecord>.cacheBatch * 2 + 500

    /// A cache file holding `size` records, the last one stored being "last".
    static func cacheFile(records: [ModelRecord]) throws -> (ModelCache, String) {
        let path = NSTemporaryDirectory() + "proptui-cache-start-\(UUID().uuidString).sqlite"
        let storage = try SyncStorage(path: path).sampleCache()
        try storage.replaceConfirmed(with: records, refreshedAt: Date())
        return (storage, path)
    }

    static func records(_ count: Int) -> [ModelRecord] {
        (0..<count).map { property(RecordKey(String(format: "p%06d", $0)), name: "Property \($0)", version: 1) }
    }

    @Test func theFirstFrameHasTheFirstBatchAndTheOutboxRowsThenTheRestArrives() async throws {
        let records = Self.records(Self.size)
        let (storage, path) = try Self.cacheFile(records: records)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // A rename waiting in the outbox, of the record stored last (far beyond the first batch).
        let renamed = records.last!
        try storage.append(PendingOperation(
            id: OperationID(rawValue: 1), change: .update(renamed.id, propertyPatch(name: "Renamed offline")),
            before: renamed, base: renamed))
        let server = ScriptedServer(records: records)
        await server.setReachable(false)
        let events = EventRecorder()
        let list = try RecordList<ModelRecord>(
            api: server, storage: try SyncStorage(path: path).sampleCache(),
            options: SyncOptions(retryPolicy: Self.fastRetry, probePolicy: Self.fastRetry), onEvent: events.sink)
        await list.start()

        guard case .loaded(let first)? = events.all.first else {
            Issue.record("the first event is not the first frame's rows: \(String(describing: events.all.first))")
            return
        }
        #expect(first.count <= RecordList<ModelRecord>.cacheBatch + 1)
        #expect(first.count < Self.size)
        let pendingRow = first.first { $0.id == renamed.id }
        #expect(pendingRow?.record.name == "Renamed offline")
        #expect(pendingRow?.status == .pending(1))
        #expect(events.all.contains(.loadStateChanged(.cached(refreshedAt: try storage.load().refreshedAt))))

        await eventually("every cached row in the list") { await list.rows.count == Self.size }
        #expect(await list.row(renamed.id)?.record.name == "Renamed offline")
        // The header counted the cache's records while they were read.
        let expectations = events.all.compactMap { event -> Int? in
            if case .loadProgress(let progress?) = event { return progress.expected }
            return nil
        }
        #expect(expectations.allSatisfy { $0 >= Self.size })
    }

    @Test func aRefreshWaitsForTheWholeCacheSoADeletedRecordGoes() async throws {
        // "gone" is stored last in the cache; the server deleted it (it is not in its list).
        // Enough batches that the refresh would begin (and the server answer) long before the
        // last batch is read, were it not waiting.
        let onServer = Self.records(RecordList<ModelRecord>.cacheBatch * 10)
        let gone = property("gone", name: "Sold last week", version: 1)
        let (_, path) = try Self.cacheFile(records: onServer + [gone])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let server = ScriptedServer(records: onServer)
        let events = EventRecorder()
        let list = try RecordList<ModelRecord>(
            api: server, storage: try SyncStorage(path: path).sampleCache(),
            options: SyncOptions(retryPolicy: Self.fastRetry, probePolicy: Self.fastRetry), onEvent: events.sink)
        await list.start()
        // 20,000 records through SQLite twice: generous on a machine busy with other builds.
        await events.first(within: .seconds(120)) { $0 == .loadStateChanged(.loaded) }
        let shown = Set(await list.rows.map(\.id))
        // (Counted rather than compared: a failure would print 20,000 ids.)
        #expect(shown.count == onServer.count)
        #expect(!shown.contains("gone"))
        #expect(try SyncStorage(path: path).sampleCache().load().confirmed.count == onServer.count)
    }
}
