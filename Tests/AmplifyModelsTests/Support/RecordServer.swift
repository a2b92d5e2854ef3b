import ServerSlots
import AmplifyModels
import AppSync
import Foundation
@testable import LocalAppSync

/// A real embedded server on a loopback port serving `models` in one dialect, with a fresh
/// SQLite store, and the app's own client (`AppSyncClient`) to talk to it: records go over the
/// wire exactly as the app will send and read them.
struct RecordServer {
    let client: AppSyncClient
    let dialect: DocumentDialect
    let schema: ModelSchema

    static let apiKey = "da2-recordsrecordsrecords0001"

    /// Starts the server, runs `body`, and stops it (awaited) whether `body` returns or throws.
    static func with<T>(_ models: ServedModels, dialect: DocumentDialect, _ body: (RecordServer) async throws -> T) async throws -> T {
        try await ServerSlots.withSlot { try await withoutSlot(models, dialect: dialect, body) }
    }

    private static func withoutSlot<T>(
        _ models: ServedModels, dialect: DocumentDialect, _ body: (RecordServer) async throws -> T
    ) async throws -> T {
        let directory = NSTemporaryDirectory() + "proptui-record-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var configuration = LocalAppSyncConfiguration(dataDirectory: directory, apiKey: apiKey, seedSamples: false)
        configuration.schema = dialect == .versioned ? .versioned : .gen2
        configuration.models = models
        let server = try LocalAppSyncServer(configuration: configuration)
        let port = try await server.start()
        do {
            let client = AppSyncClient(configuration: try AppSyncConfiguration(endpoint: "http://127.0.0.1:\(port)/graphql", apiKey: apiKey))
            let result = try await body(RecordServer(client: client, dialect: dialect, schema: models.schema))
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    static func with<T>(_ schema: ModelSchema, dialect: DocumentDialect, _ body: (RecordServer) async throws -> T) async throws -> T {
        try await with(ServedModels(schema: schema, introspectionText: Array("{}".utf8)), dialect: dialect, body)
    }

    func sync(_ model: AmplifyModel) throws -> ModelRecordSync {
        try ModelRecordSync(model: model, schema: schema, dialect: dialect)
    }

    // MARK: The operations, as the sender and the reads will run them

    func create(_ record: ModelRecord, _ sync: ModelRecordSync) async throws -> ModelRecord? {
        try await mutate(.create, sync.createVariables(record), sync)
    }

    func update(_ id: RecordKey, _ patch: ModelRecordPatch, base: ModelRecord, _ sync: ModelRecordSync) async throws -> ModelRecord? {
        try await mutate(.update, sync.updateVariables(id, patch, base: base), sync)
    }

    func delete(_ id: RecordKey, base: ModelRecord, _ sync: ModelRecordSync) async throws -> ModelRecord? {
        try await mutate(.delete, sync.deleteVariables(id, base: base), sync)
    }

    private func mutate(_ kind: MutationKind, _ variables: [String: JSONValue], _ sync: ModelRecordSync) async throws -> ModelRecord? {
        try await run(sync.mutation(kind, variables: variables), variables) { reader throws(JSONReadError) in try sync.readRecord(&reader) } ?? nil
    }

    /// Sends `document` and reads its field with `read`; a failure says what was sent.
    private func run<Value>(
        _ document: GraphQLDocument, _ variables: [String: JSONValue], _ read: (inout JSONReader) throws(JSONReadError) -> Value
    ) async throws -> Value? {
        do {
            return try await client.execute(
                GraphQLRequest(query: document.text, variables: variables, operationName: document.operationName), field: document.field,
                reading: read)
        } catch {
            throw RequestFailure(failure: error, document: document.text, variables: JSONValue.object(variables).jsonText)
        }
    }

    /// A failed request, with what was sent: a random record's failure says which values it held.
    struct RequestFailure: Error, CustomStringConvertible {
        var failure: AppSyncFailure
        var document: String
        var variables: String

        var description: String { "\(failure)\n  sent \(document)\n  with \(variables)" }
    }

    func get(_ id: RecordKey, _ sync: ModelRecordSync) async throws -> ModelRecord? {
        try await run(sync.documents.get, sync.getVariables(id)) { reader throws(JSONReadError) in try sync.readRecord(&reader) } ?? nil
    }

    /// Every record the list query answers, page by page.
    func list(_ sync: ModelRecordSync) async throws -> [ModelRecord] {
        let document = sync.documents.list
        var records: [ModelRecord] = []
        var token: String?
        repeat {
            var variables: [String: JSONValue] = ["limit": 100]
            if let token { variables["nextToken"] = .string(token) }
            let page = try await run(document, variables) { reader throws(JSONReadError) in try sync.readPage(&reader) }
            records += page?.records ?? []
            token = page?.nextToken
        } while token != nil
        return records
    }
}
