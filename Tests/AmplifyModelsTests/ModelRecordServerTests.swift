import AmplifyModels
import Foundation
import LocalAppSync
import Testing

/// Every model of every fixture, in both dialects, against the real embedded server on
/// loopback: a record with a value for every editable field is created with the generated
/// document and the variables `ModelRecordSync` writes, read back with `get` and `list`, updated
/// and deleted; each decoded `ModelRecord` is what was sent plus the server's fields.
@Suite struct ModelRecordServerTests {
    @Test(arguments: Fixtures.all, [DocumentDialect.plain, .versioned])
    func everyModelsRecordsGoThroughTheServerAndComeBackAsSent(fixture: String, dialect: DocumentDialect) async throws {
        let models = try ServedModels(file: Fixtures.data(fixture))
        try await RecordServer.with(models, dialect: dialect) { server in
            for (index, model) in models.schema.models.enumerated() {
                var trip = RecordRoundTrip(
                    server: server, sync: try server.sync(model), seed: index + fixture.count,
                    context: "\(fixture) \(model.name) (\(dialect))")
                let created = try await trip.create(trip.newRecord(serial: 1))
                let updated = try await trip.update(created)
                try await trip.delete(updated)
            }
        }
    }

    /// A `[String]` holding a null. AppSync stores and answers it; the embedded server's GraphQL
    /// library cannot answer it (its completed list goes through `map(from:)`, where a nil item
    /// is a boxed `Optional` it does not know, failing the whole answer and every later read of
    /// the record). So the server refuses it before storing anything, saying where and why, and
    /// the model's records stay readable.
    @Test func aListHoldingNullIsRefusedWithItsPlaceAndNothingStored() async throws {
        let models = try ServedModels(file: Fixtures.data("household-budget.json"))
        try await RecordServer.with(models, dialect: .plain) { server in
            let sync = try server.sync(try models.schema.require("Transaction"))
            let record = ModelRecord(
                layout: sync.layout, key: .random(),
                values: ["description": .string("x"), "amount": .float(1), "kind": .enumValue("INCOME"), "date": .string("2026-11-25"),
                         "tags": .list([.string("a"), .null])])
            do {
                _ = try await server.create(record, sync)
                Issue.record("a null list item was taken")
            } catch {
                #expect("\(error)".contains("input.tags[1] is null: this server cannot keep a null item in a list"), "\(error)")
            }
            let fine = ModelRecord(
                layout: sync.layout, key: .random(),
                values: ["description": .string("y"), "amount": .float(1), "kind": .enumValue("INCOME"), "date": .string("2026-11-25"),
                         "tags": .list([.string("a")])])
            #expect(try await server.create(fine, sync)?["tags"] == .list([.string("a")]), "the model's records are still answered")
        }
    }
}
