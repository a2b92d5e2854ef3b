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

    /// A `[String]` holding a null, sent and read back. The embedded server stores it, but cannot
    /// answer it: GraphQLSwift's `map(from:)` turns the completed list into a `Map` through `[Any]`,
    /// where a nil item is a boxed `Optional` it does not know (`MapError.incompatibleType`, the
    /// whole request a `BadRequestException`). A bug of the server, not of the record.
    @Test func aListHoldingNullComesBack() async throws {
        let models = try ServedModels(file: Fixtures.data("household-budget.json"))
        try await RecordServer.with(models, dialect: .plain) { server in
            let sync = try server.sync(try models.schema.require("Transaction"))
            let record = ModelRecord(
                layout: sync.layout, key: .random(),
                values: ["description": .string("x"), "amount": .float(1), "kind": .enumValue("INCOME"), "date": .string("2026-11-25"),
                         "tags": .list([.string("a"), .null])])
            await withKnownIssue("the embedded server cannot answer a list holding null") {
                let created = try await server.create(record, sync)
                #expect(created?["tags"] == .list([.string("a"), .null]))
            }
        }
    }
}
