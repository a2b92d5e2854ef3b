import AmplifyModels
import AppSync
import Foundation
@testable import LocalAppSync
import OptimisticStore
@testable import SyncEngine
import Testing

/// Issue 29, item 3: an undone delete puts back the same record, under its key, wherever the
/// dialect allows it (Gen 2 keeps no tombstone), so the records that point at it find it again;
/// on the versioned dialect (a tombstone holds the id) it comes back as a new record, and the
/// delete question says so before the delete is sent.
@Suite(.serialized) struct UndoDeleteTests {
    static func list(
        _ backend: ModelRecordListTests.Backend, model name: String
    ) throws -> (RecordList<ModelRecord>, AppSyncModelAPI<ModelRecordSync>) {
        let model = try #require(backend.models.schema.models.first { $0.name == name })
        let configuration = try AppSyncConfiguration(endpoint: backend.endpoint, apiKey: ModelRecordListTests.Backend.apiKey)
        let api = AppSyncModelAPI(
            client: AppSyncClient(configuration: configuration, timeout: .seconds(20)),
            model: try ModelRecordSync(model: model, schema: backend.models.schema, dialect: .versioned), dialect: backend.dialect)
        let cache = try SyncStorage(path: ModelRecordListTests.temporaryPath()).cache(for: api.model.layout)
        let list = try RecordList<ModelRecord>(
            api: api, storage: cache, options: SyncOptions(retryPolicy: ModelRecordListTests.fast, probePolicy: ModelRecordListTests.fast),
            onEvent: { (_: RecordListEvent<ModelRecord>) in })
        return (list, api)
    }

    @Test(arguments: [APIDialect.versioned, .plain])
    func anUndoneDeleteComesBackUnderItsKeyWhereTheAPIAllows(dialect: APIDialect) async throws {
        try await ModelRecordListTests.withBackend(dialect) { backend in
            let (categories, api) = try Self.list(backend, model: "Category")
            await categories.start()
            let layout = api.model.layout
            let shelf = try ModelRecord.checked(["name": .string("Groceries"), "kind": .enumValue("EXPENSE")], layout: layout)
            try await categories.create(shelf)
            await ModelRecordListTests.settled(categories)
            // Its children: transactions pointing at it.
            let (transactions, _) = try backend.list(path: ModelRecordListTests.temporaryPath())
            await transactions.start()
            var child = try ModelRecordListTests.transaction(try backend.api().model.layout, "Bread")
            child["categoryId"] = .string(shelf.id.text)
            try await transactions.create(child)
            await ModelRecordListTests.settled(transactions)

            try await categories.delete(shelf.id)
            await ModelRecordListTests.settled(categories)
            #expect(try await api.get(id: shelf.id).map(\.isDeleted) ?? true)
            let outcome = await categories.undo()
            await ModelRecordListTests.settled(categories)
            guard case .undone(let message, let back) = outcome else {
                Issue.record("not undone: \(outcome.message)")
                return
            }
            let held = try #require(try await api.get(id: back))
            #expect(!held.isDeleted && held["name"] == .string("Groceries"))
            if dialect.hasVersions {
                #expect(back != shelf.id && message.contains("as a new record"), "\(message)")
            } else {
                #expect(back == shelf.id, "the same key: its children point at it again")
                #expect(message.hasSuffix("it is back."), "\(message)")
                let children = try #require(try await backend.api().get(id: child.id))
                #expect(children["categoryId"] == .string(held.id.text))
            }
            #expect(await categories.row(back)?.status == .synced)
        }
    }

    /// What the question says, before anything is sent.
    @Test func theDeleteQuestionSaysWhatUndoCanDo() {
        #expect(DeleteConfirmation.notes(children: [], dialect: nil, keyIsGenerated: true).isEmpty)
        #expect(DeleteConfirmation.notes(children: [], dialect: .plain, keyIsGenerated: true).isEmpty)
        #expect(DeleteConfirmation.notes(children: [("Volume", 5)], dialect: .plain, keyIsGenerated: true)
            == ["5 Volume records point at it.", "u brings it back under its own key."])
        let versioned = DeleteConfirmation.notes(children: [("Volume", 1)], dialect: .versioned, keyIsGenerated: true)
        #expect(versioned.first == "1 Volume record points at it.")
        #expect(versioned.last?.contains("as a new record") == true)
        #expect(DeleteConfirmation.notes(children: [], dialect: .versioned, keyIsGenerated: false) == [
            "This API keeps a deleted record's key: it cannot be undone.",
        ])
    }
}
