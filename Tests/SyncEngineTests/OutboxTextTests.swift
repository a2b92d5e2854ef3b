import AmplifyModels
import Foundation
import LocalAppSync
import OptimisticStore
import Testing
@testable import SyncEngine

/// A model's operation as an outbox row's text: written by hand and read back as the user made
/// it, and a row `JSONEncoder` wrote (before the text was written by hand) still read.
@Suite struct OutboxTextTests {
    let layout: RecordLayout

    init() throws {
        let models = try ServedModels(file: Data(contentsOf: ModelAPITests.fixture))
        layout = try RecordLayout(model: try #require(models.schema.models.first { $0.name == "Transaction" }), schema: models.schema)
    }

    func record(_ values: [String: ModelValue], version: Int = 1, lastChangedAt: Int64? = nil) -> ModelRecord {
        ModelRecord(layout: layout, key: RecordKey("rent"), values: values, version: version, lastChangedAt: lastChangedAt)
    }

    @Test func everyKindOfOperationReadsBackAsMade() throws {
        let rent = record(
            ["id": .string("rent"), "description": .string("Rent \"May\"\n"), "amount": .float(900.25), "kind": .enumValue("EXPENSE"),
             "date": .string("2026-11-01"), "tags": .list([.string("home"), .null])],
            version: 3, lastChangedAt: 1_764_000_000_123)
        let operations: [PendingOperation<ModelRecord>] = [
            PendingOperation(id: OperationID(rawValue: 1), change: .create(rent), before: nil, base: nil, attempts: 0, lastFailure: nil),
            PendingOperation(
                id: OperationID(rawValue: 2), change: .update(rent.id, ModelRecordPatch(["amount": .float(-0.5), "description": .null])),
                before: rent, base: rent.tombstone(atLeast: 4), attempts: 2, lastFailure: "timed out"),
            PendingOperation(id: OperationID(rawValue: 3), change: .delete(rent.id), before: rent, base: rent, attempts: 1, lastFailure: nil),
        ]
        for operation in operations {
            #expect(try OutboxEntry(operation, model: "Transaction").pendingOperation(layout: layout) == operation)
        }
    }

    @Test func aRowJSONEncoderWroteIsRead() throws {
        var entry = OutboxEntry(
            PendingOperation(id: OperationID(rawValue: 7), change: .delete(RecordKey("rent")), before: nil, base: nil, attempts: 0, lastFailure: nil),
            model: "Transaction")
        entry.kind = "update"
        entry.patch = #"{"amount":{"float":900},"kind":{"enum":"INCOME"}}"#
        entry.base = #"{"version":2,"values":{"id":{"string":"rent"},"description":{"string":"R\/ent"},"amount":{"float":1.5}},"deleted":false}"#
        let read = try entry.pendingOperation(layout: layout)
        #expect(read.change == .update(RecordKey("rent"), ModelRecordPatch(["amount": .float(900), "kind": .enumValue("INCOME")])))
        #expect(read.base == record(["id": .string("rent"), "description": .string("R/ent"), "amount": .float(1.5)], version: 2))
    }

    @Test func aRowThatIsNotAnOperationIsCorrupt() {
        var entry = OutboxEntry(
            PendingOperation(id: OperationID(rawValue: 7), change: .delete(RecordKey("rent")), before: nil, base: nil, attempts: 0, lastFailure: nil),
            model: "Transaction")
        entry.base = #"{"values":{"amount":{"float":1}},"deleted":false}"#
        #expect(throws: SyncStorageError.self) { try entry.pendingOperation(layout: layout) }
    }
}
