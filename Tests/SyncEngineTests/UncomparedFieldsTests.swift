import AmplifyModels
import AppSync
import Foundation
@testable import LocalAppSync
import OptimisticStore
@testable import SyncEngine
import Testing

/// Issue 29, item 2: a Gen 2 condition cannot compare a list, JSON or a custom type, so a change
/// to one is guarded by `updatedAt` as the user saw it. For every such field of the fixture's
/// `Transaction` (found from the model, not named here), in both dialects, two users change the
/// record from the same copy: the second change of the same field is a conflict shown to its
/// maker (the server keeps the first); a second change of another field is rebased and sent
/// (the server keeps both); the same value written twice is applied already.
@Suite(.serialized) struct UncomparedFieldsTests {
    /// The editable fields a plain condition cannot compare with `eq`.
    static func uncompared(_ layout: RecordLayout) -> [ModelField] {
        layout.model.editableFields(for: .update).filter { field in
            if field.isList { return true }
            switch field.type {
            case .nonModel, .scalar(.awsJSON): return true
            default: return false
            }
        }
    }

    /// Two lists over their own files, both holding `record` as the server confirmed it, neither
    /// following live sync (so the second knows nothing of the first's change).
    static func twoUsers(
        _ backend: ModelRecordListTests.Backend, holding record: ModelRecord
    ) async throws -> (RecordList<ModelRecord>, RecordList<ModelRecord>) {
        let (first, _) = try backend.list(path: ModelRecordListTests.temporaryPath())
        let (second, _) = try backend.list(path: ModelRecordListTests.temporaryPath())
        await first.start()
        try await first.create(record)
        await ModelRecordListTests.settled(first)
        await second.start()
        await eventually("the second user to hold the record") { await second.row(record.id) != nil }
        return (first, second)
    }

    /// Two different values for `field`, neither null.
    static func twoValues(for field: ModelField, schema: ModelSchema, seed: Int) -> (ModelValue, ModelValue) {
        var random = RandomValues(seed: seed)
        random.nullItems = false
        let codec = FieldValueCodec(field: field, schema: schema)
        while true {
            let one = random.value(for: field, schema: schema, allowNull: false)
            let other = random.value(for: field, schema: schema, allowNull: false)
            // Values as the server answers them (a custom type's null members written out).
            guard one != other, let a = try? codec.value(json: codec.json(one)), let b = try? codec.value(json: codec.json(other)), a != b else { continue }
            return (a, b)
        }
    }

    @Test(arguments: [APIDialect.versioned, .plain])
    func aSecondChangeOfTheSameFieldIsAConflictNotAnOverwrite(dialect: APIDialect) async throws {
        try await ModelRecordListTests.withBackend(dialect) { backend in
            let layout = try backend.api().model.layout
            let fields = Self.uncompared(layout)
            #expect(fields.count >= 2, "the fixture has lists and custom types: \(fields.map(\.name))")
            for (index, field) in fields.enumerated() {
                let record = try ModelRecordListTests.transaction(layout, "Same field \(field.name)")
                let (first, second) = try await Self.twoUsers(backend, holding: record)
                let (mine, theirs) = Self.twoValues(for: field, schema: layout.schema, seed: index)
                try await first.update(record.id, try ModelRecordPatch.checked([field.name: theirs], layout: layout))
                await ModelRecordListTests.settled(first)
                try await second.update(record.id, try ModelRecordPatch.checked([field.name: mine], layout: layout))
                await eventually("the second change of \(field.name) to be a conflict") {
                    if case .conflict? = await second.row(record.id)?.status { return true }
                    return false
                }
                let held = try #require(try await backend.api().get(id: record.id))
                #expect(held[field.name] == theirs, "\(field.name): the server keeps the first change, unseen by no one")
            }
        }
    }

    @Test(arguments: [APIDialect.versioned, .plain])
    func aChangeOfAnotherFieldIsRebasedAndSent(dialect: APIDialect) async throws {
        try await ModelRecordListTests.withBackend(dialect) { backend in
            let layout = try backend.api().model.layout
            for (index, field) in Self.uncompared(layout).enumerated() {
                let record = try ModelRecordListTests.transaction(layout, "Other field \(field.name)")
                let (first, second) = try await Self.twoUsers(backend, holding: record)
                let (mine, _) = Self.twoValues(for: field, schema: layout.schema, seed: 100 + index)
                try await first.update(record.id, try ModelRecordPatch.checked(["amount": .float(Double(1000 + index))], layout: layout))
                await ModelRecordListTests.settled(first)
                try await second.update(record.id, try ModelRecordPatch.checked([field.name: mine], layout: layout))
                await ModelRecordListTests.settled(second)
                let status = await second.row(record.id)?.status
                #expect(status == .synced, "\(field.name): \(String(describing: status))")
                let held = try #require(try await backend.api().get(id: record.id))
                #expect(held[field.name] == mine && held["amount"] == .float(Double(1000 + index)), "\(field.name): both changes kept")
            }
        }
    }

    @Test(arguments: [APIDialect.versioned, .plain])
    func theSameValueWrittenTwiceIsAppliedAlready(dialect: APIDialect) async throws {
        try await ModelRecordListTests.withBackend(dialect) { backend in
            let layout = try backend.api().model.layout
            for (index, field) in Self.uncompared(layout).enumerated() {
                let record = try ModelRecordListTests.transaction(layout, "Same value \(field.name)")
                let (first, second) = try await Self.twoUsers(backend, holding: record)
                let (value, _) = Self.twoValues(for: field, schema: layout.schema, seed: 200 + index)
                for list in [first, second] {
                    try await list.update(record.id, try ModelRecordPatch.checked([field.name: value], layout: layout))
                    await ModelRecordListTests.settled(list)
                    #expect(await list.row(record.id)?.status == .synced)
                }
                #expect(try #require(try await backend.api().get(id: record.id))[field.name] == value)
            }
        }
    }

    /// The condition itself: a change of an uncompared field carries `updatedAt` as seen; a change
    /// of comparable fields alone does not need it.
    @Test func theConditionNamesUpdatedAtOnlyWhenAFieldCannotBeCompared() throws {
        let models = try ServedModels(file: Data(contentsOf: ModelAPITests.fixture))
        let model = try #require(models.schema.models.first { $0.name == "Transaction" })
        let documents = ModelDocuments(model: model, schema: models.schema, dialect: .plain)
        let seen = "2026-11-27T10:00:00.123Z"
        let base: [String: ModelValue] = ["amount": .float(5), "tags": .list([.string("a")]), "updatedAt": .string(seen)]
        #expect(documents.condition(changing: ["amount"], of: base) == .object(["amount": .object(["eq": .double(5)])]))
        #expect(documents.condition(changing: ["tags"], of: base) == .object(["updatedAt": .object(["eq": .string(seen)])]))
        #expect(documents.condition(changing: ["amount", "tags"], of: base) == .object(["and": .array([
            .object(["amount": .object(["eq": .double(5)])]), .object(["updatedAt": .object(["eq": .string(seen)])]),
        ])]))
    }
}
