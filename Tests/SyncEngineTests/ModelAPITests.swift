import ServerSlots
import AmplifyModels
import AppSync
import Foundation
@testable import LocalAppSync
@testable import SyncEngine
import Testing

/// `AppSyncModelAPI` for a model the app does not know at compile time (`ModelRecordSync`, a
/// fixture's `Transaction`), against the embedded server in each dialect: the same wire code the
/// sample goes through creates, reads, pages, updates and deletes its records, and a stale write
/// is refused.
@Suite struct ModelAPITests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("AmplifyModelsTests/Fixtures/household-budget.json")

    @Test(arguments: [APIDialect.versioned, .plain])
    func aFixturesModelGoesOverTheWire(dialect: APIDialect) async throws {
        let models = try ServedModels(file: Data(contentsOf: Self.fixture))
        let model = try #require(models.schema.models.first { $0.name == "Transaction" })
        try await Self.withServer(models, dialect: dialect) { client in
            let api = AppSyncModelAPI(
                client: client, model: try ModelRecordSync(model: model, schema: models.schema, dialect: .versioned), dialect: dialect)
            #expect(api.model.dialect == dialect.documentDialect)
            let sync = api.model
            let new = ModelRecord(
                layout: sync.layout, key: .random(),
                values: ["description": .string("Rent"), "amount": .float(900), "kind": .enumValue("EXPENSE"), "date": .string("2026-11-01")])

            let created = try await api.send(.create(new))
            #expect(created.id == new.id && created["description"] == .string("Rent") && !created.isDeleted)
            #expect(try await api.get(id: new.id) == created)
            let page = try await api.syncPage(limit: 100, nextToken: nil, lastSync: nil)
            #expect(page.records.contains(created))

            let updated = try await api.send(.update(id: new.id, ModelRecordPatch(["description": .string("Rent, November")]), base: created))
            #expect(updated["description"] == .string("Rent, November"))
            // Made against a copy the server has moved past: refused, in either dialect's way.
            await #expect(throws: AppSyncFailure.self) {
                _ = try await api.send(.update(id: new.id, ModelRecordPatch(["description": .string("Stale")]), base: created))
            }

            let deleted = try await api.send(.delete(id: new.id, base: updated))
            #expect(deleted.isDeleted && deleted.version > updated.version)
            let after = try await api.get(id: new.id)
            #expect(after == nil || after?.isDeleted == true)
        }
    }

    static func withServer(_ models: ServedModels, dialect: APIDialect, _ body: (AppSyncClient) async throws -> Void) async throws {
        try await ServerSlots.withSlot { try await withoutSlot(models, dialect: dialect, body) }
    }

    private static func withoutSlot(_ models: ServedModels, dialect: APIDialect, _ body: (AppSyncClient) async throws -> Void) async throws {
        let directory = NSTemporaryDirectory() + "proptui-model-api-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let apiKey = "da2-modelapimodelapimodelapi01"
        var configuration = LocalAppSyncConfiguration(dataDirectory: directory, apiKey: apiKey, seedSamples: false)
        configuration.schema = dialect.hasVersions ? .versioned : .gen2
        configuration.models = models
        let server = try LocalAppSyncServer(configuration: configuration)
        let port = try await server.start()
        do {
            try await body(AppSyncClient(configuration: try AppSyncConfiguration(endpoint: "http://127.0.0.1:\(port)/graphql", apiKey: apiKey)))
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }
}
