import AmplifyModels
import AppSync
import Foundation
import GRDB
import OptimisticStore
import Testing
@testable import SyncEngine

/// The sample's own screen's outbox rows and cache, written with SQL as that screen wrote them,
/// read through the model `RealEstateProperty`'s cache once it takes them (`moveSampleRows`): on a
/// real file, reopened, every pending change the same change with its attempts and failure, in
/// the same order, none twice; the cache and its marks moved (a plain id by SQLite itself, any
/// other one row at a time: both read back the same); nothing of another model touched.
@Suite struct SampleRowsMoveTests {
    let sample = sampleLayout

    let villa = property(
        "villa", name: "Villa Rosa", address: "88 Via Roma", createdAt: "2026-11-01T09:30:00.000Z",
        updatedAt: "2026-11-02T10:00:00.000Z", version: 3, lastChangedAt: 1_800_000_000_000)
    /// An id SQLite does not copy itself (a space, an accent, a `#`): moved one row at a time.
    let gone = property("gone é #2", name: "Gone", version: 2, isDeleted: true, lastChangedAt: 1_800_000_000_001)

    /// A property as the sample's screen wrote it in the outbox: its JSON, with the server's
    /// numbers under AppSync's names and absent values left out.
    static func sampleJSON(_ record: ModelRecord) -> String {
        var object: [String: JSONValue] = [
            "id": .string(record.id.text), "name": .string(record.name), "_version": .int(Int64(record.version)),
            "_deleted": .bool(record.isDeleted),
        ]
        object["address"] = record.address.map(JSONValue.string)
        object["createdAt"] = record.createdAt.map(JSONValue.string)
        object["updatedAt"] = record.updatedAt.map(JSONValue.string)
        object["_lastChangedAt"] = record.lastChangedAt.map(JSONValue.int)
        return JSONValue.object(object).jsonText
    }

    /// What the sample's screen leaves behind, written with SQL as it wrote it: three operations
    /// (one tried and failed) with `model` NULL, two cached records (one a tombstone) in
    /// `confirmed`, the marks of its last read unprefixed in `meta`.
    func writeAsTheSampleDoes(_ storage: SyncStorage) throws {
        let created = property("new-1", name: "Harbour “Loft”")
        let villaJSON = Self.sampleJSON(villa)
        try storage.database.write { db in
            let outbox = """
                INSERT INTO outbox (model, operation, recordID, kind, patch, base, before, attempts, lastError)
                VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, ?)
                """
            try db.execute(sql: outbox, arguments: [1, "new-1", "create", Self.sampleJSON(created), nil, nil, 0, nil])
            try db.execute(sql: outbox, arguments: [2, "villa", "update", #"{"name":"Villa Blu","address":null}"#, villaJSON, villaJSON, 2, "HTTP 503"])
            try db.execute(sql: outbox, arguments: [3, "villa", "delete", "{}", villaJSON, villaJSON, 0, nil])
            for record in [villa, gone] {
                try db.execute(
                    sql: "INSERT INTO confirmed (id, name, address, createdAt, updatedAt, _version, _deleted, _lastChangedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    arguments: [
                        record.id.text, record.name, record.address, record.createdAt, record.updatedAt, record.version, record.isDeleted,
                        record.lastChangedAt,
                    ])
            }
            for (key, value) in [
                ("lastSync", "1800000000500"), ("lastBaseSync", String(1_800_000_000.0)), ("refreshedAt", "1800000001000"), ("rowCount", "2"),
            ] {
                try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", arguments: [key, value])
            }
        }
    }

    /// The sample's marks left in `meta`, unprefixed.
    func sampleMarksLeft(_ storage: SyncStorage) throws -> Int {
        try storage.database.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM meta WHERE key IN ('lastSync', 'lastBaseSync', 'refreshedAt', 'rowCount')") ?? 0
        }
    }

    @Test func theSamplesPendingChangesAndCacheBecomeTheModels() throws {
        let path = ModelCacheTests.temporaryPath()
        try writeAsTheSampleDoes(try SyncStorage(path: path))

        let storage = try SyncStorage(path: path)
        let cache = try storage.cache(for: sample, takingTheSamplesRows: true)
        let (snapshot, _) = try cache.loadStart(firstBatch: 100)
        let expected: [PendingOperation<ModelRecord>] = [
            PendingOperation(id: OperationID(rawValue: 1), change: .create(ModelRecord(
                layout: sample, key: RecordKey("new-1"), values: ["id": .string("new-1"), "name": .string("Harbour “Loft”")])), before: nil, base: nil),
            PendingOperation(
                id: OperationID(rawValue: 2),
                change: .update(RecordKey("villa"), ModelRecordPatch(["name": .string("Villa Blu"), "address": .null])),
                before: villa, base: villa, attempts: 2, lastFailure: "HTTP 503"),
            PendingOperation(id: OperationID(rawValue: 3), change: .delete(RecordKey("villa")), before: villa, base: villa),
        ]
        #expect(snapshot.pending == expected)
        #expect(Set(snapshot.confirmed) == [villa, gone])
        #expect(snapshot.cachedCount == 2)
        #expect(snapshot.refreshedAt == Date(timeIntervalSince1970: 1_800_000_001))
        #expect(try cache.syncMarks() == SyncStorage.SyncMarks(lastSync: 1_800_000_000_500, lastBaseSync: Date(timeIntervalSince1970: 1_800_000_000)))
        // Nothing is left where the sample's screen read it, and nothing is there twice.
        let left = try storage.sampleRowsLeft()
        #expect(left.records == 0 && left.operations == 0)
        #expect(try storage.outboxCount() == 3)
        #expect(try sampleMarksLeft(storage) == 0)

        // A row SQLite copied has the key text the model's own writes use: the next read's copy
        // replaces it, never stands beside it.
        var newer = villa
        newer.version = 4
        try cache.merge([newer])
        let reread = try cache.loadStart(firstBatch: 100).snapshot.confirmed.filter { $0.id == RecordKey("villa") }
        let rows = try cache.cachedRecords(after: .init(rowID: 0), limit: 100).records
        #expect(Set(reread.map(\.version)) == [4] && rows.count == 2, "\(rows)")

        // Reopened and taken again: the same, nothing moved twice.
        let again = try SyncStorage(path: path).cache(for: sample, takingTheSamplesRows: true)
        #expect(try again.loadStart(firstBatch: 100).snapshot.pending == expected)
        #expect(try again.outboxCount() == 3)
    }

    @Test func movedOperationsAreNumberedAfterTheModelsOwnAndStayInOrder() throws {
        let path = ModelCacheTests.temporaryPath()
        let storage = try SyncStorage(path: path)
        let own = try storage.cache(for: sample)
        let mine = ModelRecord(layout: sample, key: RecordKey("mine"), values: ["id": .string("mine"), "name": .string("Mine")])
        try own.append(PendingOperation(id: OperationID(rawValue: 7), change: .create(mine), before: nil, base: nil))
        try own.merge([mine])
        try writeAsTheSampleDoes(storage)

        let cache = try storage.cache(for: sample, takingTheSamplesRows: true)
        let snapshot = try cache.loadStart(firstBatch: 100).snapshot
        #expect(snapshot.pending.map(\.id.rawValue) == [7, 8, 9, 10], "after the model's own, in the order made")
        #expect(Set(snapshot.confirmed.map(\.id)) == [RecordKey("mine"), RecordKey("villa"), RecordKey("gone é #2")])
        #expect(try cache.syncMarks() == SyncStorage.SyncMarks(), "neither read's marks say what both hold: the next read is a whole one")
    }

    @Test func onlyTheSamplesModelTakesThemAndOnlyWhenAsked() throws {
        let path = ModelCacheTests.temporaryPath()
        let storage = try SyncStorage(path: path)
        try writeAsTheSampleDoes(storage)
        _ = try storage.cache(for: sample)
        let other = try RecordLayout(
            model: AmplifyModel(name: "House", pluralName: "Houses", fields: AmplifyModel.realEstateProperty.fields, primaryKey: .id),
            schema: .realEstateProperty)
        _ = try storage.cache(for: other, takingTheSamplesRows: true)
        let left = try storage.sampleRowsLeft()
        #expect(left.operations == 3 && left.records == 2, "still there for the sample's model to take")
    }
}
