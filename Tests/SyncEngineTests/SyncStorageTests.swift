import AmplifyModels
import Foundation
import GRDB
import OptimisticStore
import Testing
@testable import SyncEngine

/// The outbox and the cache on a real SQLite file (the sample's model's, `ModelCache`): what is
/// written survives a reopen.
@Suite struct SyncStorageTests {
    func temporaryPath() -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("proptui-storage-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("outbox.sqlite").path
    }

    /// The tidying after a whole read empties the WAL into the database, and so does a
    /// checkpoint (at quit): the next start reads no WAL, and what was written is all there.
    @Test func theTidyingAfterAWholeReadLeavesNoWAL() async throws {
        let path = temporaryPath()
        let records = (0..<3_000).map { property("p\($0)", name: "Villa \($0)", address: "\($0) Via Roma", version: 1) }
        do {
            let storage = try SyncStorage(path: path)
            let cache = try storage.sampleCache()
            for page in stride(from: 0, to: records.count, by: 1_000) { try cache.merge(Array(records[page..<page + 1_000])) }
            #expect(storage.walSize() > 0)
            try cache.remove(["p0"], refreshedAt: Date(timeIntervalSince1970: 1_800_000_000), rowCount: records.count - 1)
            try await cache.tidyAfterWholeRead()
            #expect(storage.walSize() == 0)
            try cache.merge([property("p1", name: "Villa Blu", version: 2)])
            #expect(storage.walSize() > 0)
            try storage.checkpoint()
            #expect(storage.walSize() == 0)
        }
        let kept = try SyncStorage(path: path).sampleCache().load()
        #expect(kept.confirmed.count == records.count - 1)
        #expect(kept.confirmed.first { $0.id == "p1" }?.name == "Villa Blu")
    }

    @Test func operationsAndRecordsSurviveAReopenInOrder() throws {
        let path = temporaryPath()
        do {
            let cache = try SyncStorage(path: path).sampleCache()
            let store = OptimisticStore<ModelRecord>(confirmed: [villa])
            try cache.replaceConfirmed(with: [villa], refreshedAt: Date(timeIntervalSince1970: 1_800_000_000))
            let rename = store.apply(.update("villa", propertyPatch(name: "Villa Blu"))).operation
            let clear = store.apply(.update("villa", propertyPatch(address: .some(nil)))).operation
            let create = store.apply(.create(property("new", name: "Sea Breeze"))).operation
            for id in [rename, clear, create] { try cache.append(try #require(store.operation(id))) }
            store.noteSent(rename)
            try cache.update(try #require(store.operation(rename)))
        }
        let kept = try SyncStorage(path: path).sampleCache().load()
        #expect(kept.confirmed == [villa])
        #expect(kept.refreshedAt == Date(timeIntervalSince1970: 1_800_000_000))
        #expect(kept.pending.map(\.id.rawValue) == [1, 2, 3])
        #expect(kept.pending[0].change == .update("villa", propertyPatch(name: "Villa Blu")))
        #expect(kept.pending[0].attempts == 1)
        #expect(kept.pending[0].base == villa)
        #expect(kept.pending[1].change == .update("villa", propertyPatch(address: .some(nil))))
        #expect(kept.pending[2].change == .create(property("new", name: "Sea Breeze")))
        #expect(kept.pending[2].before == nil)
        // A store rebuilt from them shows what the user saw.
        let store = OptimisticStore(confirmed: kept.confirmed, pending: kept.pending)
        #expect(store.record("villa")?.name == "Villa Blu")
        #expect(store.record("villa")?.address == nil)
        #expect(store.record("new")?.name == "Sea Breeze")
        #expect(store.apply(.delete("new")).operation.rawValue == 4, "new operations continue the sequence")
    }

    @Test func aStartReadsTheFirstBatchAndTheLastRefreshsCountNotTheWholeCache() throws {
        let cache = try SyncStorage(path: temporaryPath()).sampleCache()
        let records = (0..<30).map { property("p\($0)", name: "Property \($0)", version: 1) }
        try cache.merge(records)
        // No refresh has counted the list yet: the records are counted.
        var (start, next) = try cache.loadStart(firstBatch: 10)
        #expect(start.confirmed.count == 10)
        #expect(start.cachedCount == 30)
        var read = start.confirmed.map(\.id)
        while let position = next {
            let batch = try cache.cachedRecords(after: position, limit: 10)
            read += batch.records.map(\.id)
            next = batch.next
        }
        #expect(read.sorted() == records.map(\.id).sorted())
        // A whole refresh leaves its count (and takes the gone records away).
        try cache.remove(["p0"], refreshedAt: Date(), rowCount: 29)
        (start, _) = try cache.loadStart(firstBatch: 10)
        #expect(start.cachedCount == 29)
        #expect(try cache.load().confirmed.count == 29)
    }

    @Test func settlingRemovesTheOperationAndWritesTheRecordTogether() throws {
        let cache = try sampleCache()
        let store = OptimisticStore<ModelRecord>(confirmed: [villa])
        let rename = store.apply(.update("villa", propertyPatch(name: "Villa Blu"))).operation
        try cache.append(try #require(store.operation(rename)))
        let confirmed = property("villa", name: "Villa Blu", address: "88 Via Roma", version: 2)
        try cache.settle([rename], writing: confirmed)
        let kept = try cache.load()
        #expect(kept.pending.isEmpty)
        #expect(kept.confirmed == [confirmed])
    }

    /// A confirmation is an answer kept: lost to a power cut, it is found again as already
    /// applied, so its commit need not wait for the disk. What the user took back, a send's count
    /// or an operation's new base must reach it (lost, a change taken back would be sent).
    @Test func onlyConfirmationsAndServerCopiesCommitWithoutWaitingForTheDisk() throws {
        let storage = try SyncStorage(path: temporaryPath())
        let cache = try storage.sampleCache()
        let store = OptimisticStore<ModelRecord>(confirmed: [villa])
        let rename = store.apply(.update("villa", propertyPatch(name: "Villa Blu"))).operation
        let pending = try #require(store.operation(rename))
        try cache.append(pending)
        let confirmed = property("villa", name: "Villa Blu", address: "88 Via Roma", version: 2)
        let writes: [OutboxWrite<ModelRecord>] = [.confirm(rename, writing: confirmed), .cache([confirmed])]
        #expect(writes.allSatisfy { !$0.mustReachTheDisk })
        #expect(OutboxWrite<ModelRecord>.settle([rename], writing: nil).mustReachTheDisk, "taken back or refused")
        #expect(OutboxWrite<ModelRecord>.counted([rename: 1]).mustReachTheDisk)
        #expect(OutboxWrite<ModelRecord>.update(pending).mustReachTheDisk)
        try cache.commit(writes)
        #expect(try storage.synchronousSetting() == 2, "FULL again after the confirmation's transaction")
        let kept = try cache.load()
        #expect(kept.pending.isEmpty && kept.confirmed == [confirmed])
    }

    @Test func anOlderRecordNeverOverwritesANewerOne() throws {
        let cache = try sampleCache()
        let newer = property("villa", name: "Three", version: 3)
        try cache.merge([newer])
        try cache.merge([property("villa", name: "Two", version: 2)])
        #expect(try cache.load().confirmed == [newer])
    }

    /// The cache's pages commit without an fsync each; the outbox's writes still wait for the disk.
    @Test func aCacheWriteLeavesTheOutboxDurable() throws {
        let storage = try SyncStorage(path: temporaryPath())
        let cache = try storage.sampleCache()
        #expect(try storage.synchronousSetting() == 2, "FULL: a power cut keeps what the outbox was told")
        try cache.merge([property("villa", name: "Villa", version: 1)])
        #expect(try storage.synchronousSetting() == 2, "FULL again after the cache's transaction")
        #expect(try cache.load().confirmed.map(\.id) == ["villa"])
    }

    @Test func theFileIsInWALMode() throws {
        let path = temporaryPath()
        #expect(try SyncStorage(path: path).journalMode() == "wal")
    }

    @Test func anUnreadableFolderIsAClearError() {
        #expect {
            try SyncStorage(path: "/proc/proptui-cannot-be-here/outbox.sqlite")
        } throws: { error in
            "\(error)".hasPrefix("cannot open the outbox /proc/proptui-cannot-be-here/outbox.sqlite")
        }
    }
}

extension SyncStorageTests {
    @Test func aDamagedOutboxIsAClearErrorNamingTheFile() throws {
        let path = temporaryPath()
        do {
            let cache = try SyncStorage(path: path).sampleCache()
            let store = OptimisticStore<ModelRecord>(confirmed: [villa])
            let rename = store.apply(.update("villa", propertyPatch(name: "Villa Blu"))).operation
            try cache.append(try #require(store.operation(rename)))
        }
        // Something else wrote into the file.
        let other = try DatabaseQueue(path: path)
        try other.write { db in try db.execute(sql: "UPDATE outbox SET kind = 'teleport'") }
        try other.close()
        #expect {
            try SyncStorage(path: path).sampleCache().load()
        } throws: { error in
            let text = "\(error)"
            return text.contains("damaged") && text.contains("teleport") && text.contains(path)
        }
    }

    /// A send, an answer and a count each find their operation's row through the index: with a
    /// scan, every step of draining a queue of 10,000 read the whole outbox.
    @Test func anOperationsRowIsFoundThroughTheIndexNotAScan() throws {
        let storage = try SyncStorage()
        for statement in [
            "UPDATE outbox SET attempts = 1 WHERE \(OutboxEntry.operationRow)",
            "DELETE FROM outbox WHERE \(OutboxEntry.operationRow)",
        ] {
            let plan = try storage.database.read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + statement, arguments: ["model": "Todo", "operation": 7])
                    .map { $0["detail"] as String? ?? "" }
            }
            #expect(!plan.contains { $0.hasPrefix("SCAN") }, "\(statement): \(plan)")
            #expect(plan.contains { $0.contains("outbox_operation") }, "\(statement): \(plan)")
        }
    }
}
