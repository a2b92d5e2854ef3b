import AmplifyModels
import Foundation
import GraphQL
import Testing
@testable import LocalAppSync

/// `serve --models FILE --schema versioned`: your own models in the DataStore dialect, from a
/// real server on loopback with a real SQLite store, checked against what the sample's
/// versioned server answers (`ConflictTests`, `SyncTests`).
@Suite struct ModelsVersionedServerTests {
    static func serve<T>(
        _ models: ServedModels? = nil, configure: @escaping (inout LocalAppSyncConfiguration) -> Void = { _ in },
        _ body: (TestServer) async throws -> T
    ) async throws -> T {
        let models = try models ?? ModelsServerTests.models()
        return try await TestServer.with(configure: {
            $0.models = models
            $0.schema = .versioned
            configure(&$0)
        }, body)
    }

    static let categoryFields = "id name kind isArchived createdAt updatedAt _version _deleted _lastChangedAt"

    @Test func theSampleServedFromItsDescriptionIsTodaysVersionedSchemaWhereTheAppLooks() async throws {
        let outputs = Data(LocalAppSyncServer.sampleIntrospection(authModes: [.apiKey]))
        let served = try await Self.serve(try ServedModels(file: outputs)) { server in try await server.graphQL(SchemaFileTests.introspection) }
        let today = try await TestServer.with { server in try await server.graphQL(SchemaFileTests.introspection) }
        let servedTypes = Gen2SchemaTests.typesByName(served["data"])
        let todayTypes = Gen2SchemaTests.typesByName(today["data"])
        // The types the app's documents use are the sample's own, member for member.
        for name in [
            "RealEstateProperty", "ModelRealEstatePropertyConnection", "Query", "Mutation", "CreateRealEstatePropertyInput",
            "UpdateRealEstatePropertyInput", "DeleteRealEstatePropertyInput",
        ] {
            #expect(servedTypes[name] == todayTypes[name], "type \(name)")
        }
    }

    @Test func writesCarryVersionsAndAStaleOneIsRefusedWithTheServersRecord() async throws {
        try await Self.serve { server in
            let created = try await server.graphQL(
                #"mutation { createCategory(input: {id: "c1", name: "Food", kind: EXPENSE}) { \#(Self.categoryFields) } }"#)
            let category = created["data"]["createCategory"]
            #expect(category["_version"] == 1 && category["_deleted"].isNull && category["_lastChangedAt"].isNumber, "\(created)")

            let renamed = try await server.graphQL(#"mutation { updateCategory(input: {id: "c1", name: "Meals", _version: 1}) { name _version _lastChangedAt } }"#)
            #expect(renamed["data"]["updateCategory"]["_version"] == 2 && renamed["data"]["updateCategory"]["name"] == "Meals")
            #expect((renamed["data"]["updateCategory"]["_lastChangedAt"].double ?? 0) > (category["_lastChangedAt"].double ?? 0))

            for stale in [
                #"mutation { updateCategory(input: {id: "c1", name: "Late", _version: 1}) { id } }"#,
                #"mutation { updateCategory(input: {id: "c1", name: "No version"}) { id } }"#,
                #"mutation { deleteCategory(input: {id: "c1", _version: 1}) { id } }"#,
            ] {
                let answer = try await server.graphQL(stale)
                let field = try #require(answer["data"].dictionary?.keys.first)
                let error = answer["errors"][0]
                #expect(answer["data"][field].isNull, "\(stale)")
                #expect(error["errorType"] == "ConflictUnhandled" && error["message"] == "Conflict resolver rejects mutation.", "\(stale)")
                #expect(error["path"] == [.string(field)])
                // The server's copy, every field, as the sample's conflict answers it.
                #expect(error["data"]["name"] == "Meals" && error["data"]["_version"] == 2 && error["data"]["kind"] == "EXPENSE", "\(error)")
                #expect(error["data"].dictionary?.keys.contains("isArchived") == true && error["data"]["_deleted"].isNull)
            }
            let again = try await server.graphQL(#"mutation { createCategory(input: {id: "c1", name: "Again"}) { id } }"#)
            #expect(again["errors"][0]["errorType"] == "DynamoDB:ConditionalCheckFailedException")
            let missing = try await server.graphQL(#"mutation { updateCategory(input: {id: "nowhere", name: "X", _version: 1}) { id } }"#)
            #expect(missing["errors"][0]["errorType"] == "DynamoDB:ConditionalCheckFailedException")
        }
    }

    @Test func aDeleteLeavesATombstoneThatListAndSyncStillAnswer() async throws {
        try await Self.serve { server in
            try await server.graphQL(#"mutation { createCategory(input: {id: "c1", name: "Food"}) { id } }"#)
            let deleted = try await server.graphQL(#"mutation { deleteCategory(input: {id: "c1", _version: 1}) { id name _version _deleted } }"#)
            #expect(sameJSON(deleted["data"]["deleteCategory"], ["id": "c1", "name": "Food", "_version": 2, "_deleted": true]), "\(deleted)")
            let read = try await server.graphQL(#"{ getCategory(id: "c1") { _deleted _version } }"#)
            #expect(read["data"]["getCategory"]["_deleted"] == true)
            let listed = try await server.graphQL("{ listCategories { items { id _deleted } } }")
            #expect(sameJSON(listed["data"]["listCategories"]["items"], [["id": "c1", "_deleted": true]]))
            let synced = try await server.graphQL("{ syncCategories { items { id _deleted } startedAt } }")
            #expect(sameJSON(synced["data"]["syncCategories"]["items"], [["id": "c1", "_deleted": true]]))
            // A tombstone is not brought back by an update, and its key is not free again.
            let zombie = try await server.graphQL(#"mutation { updateCategory(input: {id: "c1", name: "Zombie", _version: 2}) { id } }"#)
            #expect(zombie["errors"][0]["errorType"] == "ConflictUnhandled" && zombie["errors"][0]["data"]["_deleted"] == true)
            let recreated = try await server.graphQL(#"mutation { createCategory(input: {id: "c1", name: "Again"}) { id } }"#)
            #expect(recreated["errors"][0]["errorType"] == "DynamoDB:ConditionalCheckFailedException")
            // Only tombstones, by the filter on _deleted.
            let live = try await server.graphQL("{ listCategories(filter: {_deleted: {ne: true}}) { items { id } } }")
            #expect(live["data"]["listCategories"]["items"] == [])
        }
    }

    @Test func aDeltaSyncAnswersWhatChangedSinceTheLastOne() async throws {
        try await Self.serve { server in
            for id in ["a", "b", "c"] { try await server.graphQL(#"mutation { createCategory(input: {id: "\#(id)", name: "\#(id)"}) { id } }"#) }
            let base = try await server.graphQL("{ syncCategories(limit: 2) { items { id } nextToken startedAt } }")
            let firstPage = base["data"]["syncCategories"]
            let startedAt = try #require(firstPage["startedAt"].double)
            let token = try #require(firstPage["nextToken"].string)
            let rest = try await server.graphQL("query ($t: String) { syncCategories(limit: 2, nextToken: $t) { items { id } startedAt } }", variables: ["t": .string(token)])
            // Every page of one sync answers the first page's startedAt.
            #expect(rest["data"]["syncCategories"]["startedAt"].double == startedAt)
            let ids = Set(((firstPage["items"].array ?? []) + (rest["data"]["syncCategories"]["items"].array ?? [])).compactMap { $0["id"].string })
            #expect(ids == ["a", "b", "c"])

            try await server.graphQL(#"mutation { updateCategory(input: {id: "b", name: "B", _version: 1}) { id } }"#)
            try await server.graphQL(#"mutation { deleteCategory(input: {id: "c", _version: 1}) { id } }"#)
            let delta = try await server.graphQL(
                "query ($since: AWSTimestamp) { syncCategories(lastSync: $since) { items { id name _deleted } startedAt } }",
                variables: ["since": .number(Number(Int(startedAt)))])
            #expect(sameJSON(delta["data"]["syncCategories"]["items"], [["id": "b", "name": "B", "_deleted": .null], ["id": "c", "name": "c", "_deleted": true]]), "\(delta)")
            #expect((delta["data"]["syncCategories"]["startedAt"].double ?? 0) >= startedAt)
            // A list token is not a sync token.
            let listToken = try await server.graphQL("{ listCategories(limit: 1) { nextToken } }")["data"]["listCategories"]["nextToken"]
            let refused = try await server.graphQL("query ($t: String) { syncCategories(nextToken: $t) { items { id } } }", variables: ["t": listToken])
            #expect(refused["errors"][0]["errorType"] == "DynamoDB:UserIllegalArgumentException")
        }
    }

    @Test func automergeKeepsTheServersValuesAndFillsWhatItLacks() async throws {
        try await Self.serve(configure: { $0.conflictHandler = .automerge }) { server in
            try await server.graphQL(#"mutation { createCategory(input: {id: "c1", name: "Server"}) { id } }"#)
            try await server.graphQL(#"mutation { updateCategory(input: {id: "c1", name: "Server 2", _version: 1}) { id } }"#)
            let merged = try await server.graphQL(
                #"mutation { updateCategory(input: {id: "c1", name: "Client", kind: INCOME, _version: 1}) { name kind _version } }"#)
            #expect(sameJSON(merged["data"]["updateCategory"], ["name": "Server 2", "kind": "INCOME", "_version": 3]), "\(merged)")
        }
    }

    @Test func aCompositeKeyIsVersionedToo() async throws {
        try await Self.serve { server in
            try await server.graphQL(#"mutation { createBudget(input: {tenantId: "t1", sku: "A", title: "Rent", limit: 900, months: []}) { sku } }"#)
            let updated = try await server.graphQL(#"mutation { updateBudget(input: {tenantId: "t1", sku: "A", limit: 950, _version: 1}) { limit _version } }"#)
            #expect(sameJSON(updated["data"]["updateBudget"], ["limit": 950.0, "_version": 2]), "\(updated)")
            let stale = try await server.graphQL(#"mutation { deleteBudget(input: {tenantId: "t1", sku: "A", _version: 1}) { sku } }"#)
            #expect(stale["errors"][0]["errorType"] == "ConflictUnhandled" && stale["errors"][0]["data"]["limit"] == 950.0)
        }
    }

    @Test func subscriptionsCarryTheVersionedFields() async throws {
        try await Self.serve { server in
            let key = server.server.apiKey
            let client = RealtimeTestClient.connectWithQueryAuth(port: server.port, apiKey: key)
            defer { client.close() }
            _ = await client.initialize()
            _ = await client.start(id: "deletes", query: "subscription { onDeleteCategory { id _version _deleted _lastChangedAt } }", apiKey: key, port: server.port)
            try await server.graphQL(#"mutation { createCategory(input: {id: "c1", name: "Food"}) { id } }"#)
            try await server.graphQL(#"mutation { deleteCategory(input: {id: "c1", _version: 1}) { id _version _deleted _lastChangedAt } }"#)
            let event = await client.next(type: "data")
            let record = event?["payload"]["data"]["onDeleteCategory"]
            #expect(record?["id"] == "c1" && record?["_version"] == 2 && record?["_deleted"] == true && record?["_lastChangedAt"].isNumber == true, "\(String(describing: event))")
        }
    }

    /// The two dialects keep separate stores: what one wrote, the other does not serve.
    @Test func eachDialectKeepsItsOwnStore() async throws {
        let directory = TestServer.temporaryDirectory()
        let models = try ModelsServerTests.models()
        try await TestServer.with(directory: directory, configure: { $0.models = models; $0.schema = .versioned }) { server in
            try await server.graphQL(#"mutation { createCategory(input: {id: "v1", name: "Versioned"}) { id } }"#)
        }
        try await TestServer.gen2(directory: directory, configure: { $0.models = models }) { server in
            let listed = try await server.graphQL("{ listCategories { items { id } } }")
            #expect(listed["data"]["listCategories"]["items"] == [])
        }
    }
}
