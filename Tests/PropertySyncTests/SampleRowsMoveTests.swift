import AmplifyModels
import Foundation
import OptimisticStore
import Testing
@testable import PropertySync

/// The sample's own screen's outbox rows and cache, written as that screen writes them, read
/// through the model `RealEstateProperty`'s cache once it takes them (`moveSampleRows`): on a
/// real file, reopened, every pending change the same change with its attempts and failure, in
/// the same order, none twice; the cache and its marks moved (a plain id by SQLite itself, any
/// other one row at a time: both read back the same); nothing of another model touched.
@Suite struct SampleRowsMoveTests {
    let sample = try! RecordLayout(model: .realEstateProperty, schema: .realEstateProperty)

    let villa = RealEstateProperty(
        id: "villa", name: "Villa Rosa", address: "88 Via Roma", createdAt: "2026-11-01T09:30:00.000Z",
        updatedAt: "2026-11-02T10:00:00.000Z", version: 3, lastChangedAt: 1_800_000_000_000)
    /// An id SQLite does not copy itself (a space, an accent, a `#`): moved one row at a time.
    let gone = RealEstateProperty(id: "gone é #2", name: "Gone", version: 2, isDeleted: true, lastChangedAt: 1_800_000_000_001)

    func modelRecord(_ property: RealEstateProperty) -> ModelRecord {
        var values: [String: ModelValue] = ["id": .string(property.id.text), "name": .string(property.name)]
        values["address"] = property.address.map(ModelValue.string)
        values["createdAt"] = property.createdAt.map(ModelValue.string)
        values["updatedAt"] = property.updatedAt.map(ModelValue.string)
        return ModelRecord(
            layout: sample, key: RecordKey(property.id.text), values: values, version: property.version,
            isDeleted: property.isDeleted, lastChangedAt: property.lastChangedAt)
    }

    /// What the sample's screen leaves behind: three operations (one tried and failed), two
    /// cached records (one a tombstone), the marks of its last read.
    func writeAsTheSampleDoes(_ storage: SyncStorage) throws {
        let created = RealEstateProperty(id: "new-1", name: "Harbour “Loft”", address: nil)
        try storage.append(PendingOperation(id: OperationID(rawValue: 1), change: .create(created), before: nil, base: nil))
        try storage.append(PendingOperation(
            id: OperationID(rawValue: 2), change: .update("villa", RealEstatePropertyPatch(name: "Villa Blu", address: .some(nil))),
            before: villa, base: villa, attempts: 2, lastFailure: "HTTP 503"))
        try storage.append(PendingOperation(id: OperationID(rawValue: 3), change: .delete("villa"), before: villa, base: villa))
        try storage.merge([villa, gone])
        try storage.setSyncMarks(lastSync: 1_800_000_000_500, baseSync: Date(timeIntervalSince1970: 1_800_000_000))
        try storage.remove([], refreshedAt: Date(timeIntervalSince1970: 1_800_000_001), rowCount: 2)
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
                before: modelRecord(villa), base: modelRecord(villa), attempts: 2, lastFailure: "HTTP 503"),
            PendingOperation(id: OperationID(rawValue: 3), change: .delete(RecordKey("villa")), before: modelRecord(villa), base: modelRecord(villa)),
        ]
        #expect(snapshot.pending == expected)
        #expect(Set(snapshot.confirmed) == [modelRecord(villa), modelRecord(gone)])
        #expect(snapshot.cachedCount == 2)
        #expect(snapshot.refreshedAt == Date(timeIntervalSince1970: 1_800_000_001))
        #expect(try cache.syncMarks() == SyncStorage.SyncMarks(lastSync: 1_800_000_000_500, lastBaseSync: Date(timeIntervalSince1970: 1_800_000_000)))
        // Nothing is left where the sample's screen read it, and nothing is there twice.
        let left = try storage.load()
        #expect(left.confirmed.isEmpty && left.pending.isEmpty)
        #expect(try storage.outboxCount() == 3)
        #expect(try storage.syncMarks() == SyncStorage.SyncMarks())

        // A row SQLite copied has the key text the model's own writes use: the next read's copy
        // replaces it, never stands beside it.
        var newer = modelRecord(villa)
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
        let kept = try storage.load()
        #expect(kept.pending.count == 3 && kept.confirmed.count == 2, "the sample's screen still reads them")
    }
}
