import GraphQL
import Testing
@testable import LocalAppSync

@Suite struct ConflictTests {
    static let update = """
        mutation ($input: UpdateRealEstatePropertyInput!) {
          updateRealEstateProperty(input: $input) { \(TestServer.allFields) }
        }
        """

    @Test func optimisticConcurrencyRejectsAStaleVersionWithTheServersRecord() async throws {
        try await TestServer.with { server in
            let created = try await server.create(name: "server value")
            try await server.graphQL(Self.update, variables: ["input": ["id": created["id"], "address": "Somewhere", "_version": 1]])
            let stale = try await server.graphQL(Self.update, variables: ["input": ["id": created["id"], "name": "client value", "_version": 1]])
            #expect(sameJSON(stale["data"], ["updateRealEstateProperty": .null]))
            let error = stale["errors"][0]
            #expect(error["errorType"] == "ConflictUnhandled")
            #expect(error["message"] == "Conflict resolver rejects mutation.")
            #expect(sameJSON(error["path"], ["updateRealEstateProperty"]))
            #expect(error["errorInfo"].isNull)
            #expect(sameJSON(error["locations"], [["line": 2, "column": 3, "sourceName": .null]]))
            #expect(error["data"]["name"] == "server value")
            #expect(error["data"]["address"] == "Somewhere")
            #expect(error["data"]["_version"] == 2)
            let missingVersion = try await server.graphQL(Self.update, variables: ["input": ["id": created["id"], "name": "no version"]])
            #expect(missingVersion["errors"][0]["errorType"] == "ConflictUnhandled")
            let staleDelete = try await server.graphQL(
                "mutation ($id: ID!) { deleteRealEstateProperty(input: {id: $id, _version: 1}) { id } }", variables: ["id": created["id"]])
            #expect(staleDelete["errors"][0]["errorType"] == "ConflictUnhandled")
        }
    }

    @Test func theConflictErrorHasAppSyncsFieldOrderOnTheWire() async throws {
        try await TestServer.with { server in
            let created = try await server.create(name: "ordered")
            let id = try #require(created["id"].string)
            let raw = try await server.post(
                body: #"{"query":"mutation { updateRealEstateProperty(input: {id: \"\#(id)\", name: \"x\", _version: 9}) { id } }"}"#)
            #expect(raw.text.hasPrefix(#"{"data":{"updateRealEstateProperty":null},"errors":[{"path":["updateRealEstateProperty"],"data":{"id":"\#(id)","name":"ordered","address":null,"createdAt":"#))
            #expect(raw.text.contains(#""_version":1,"_deleted":null,"_lastChangedAt":"#))
            #expect(raw.text.hasSuffix(#""errorType":"ConflictUnhandled","errorInfo":null,"locations":[{"line":1,"column":12,"sourceName":null}],"message":"Conflict resolver rejects mutation."}]}"#))
        }
    }

    @Test func automergeKeepsTheServersValuesAndFillsItsNulls() async throws {
        try await TestServer.with(configure: { $0.conflictHandler = .automerge }) { server in
            let created = try await server.create(name: "server name")
            try await server.graphQL(Self.update, variables: ["input": ["id": created["id"], "name": "server name 2", "_version": 1]])
            let merged = try await server.graphQL(
                Self.update, variables: ["input": ["id": created["id"], "name": "client name", "address": "client address", "_version": 1]])
            #expect(merged["errors"].isNull)
            let record = merged["data"]["updateRealEstateProperty"]
            #expect(record["name"] == "server name 2")
            #expect(record["address"] == "client address")
            #expect(record["_version"] == 3)
            let current = try await server.graphQL(Self.update, variables: ["input": ["id": created["id"], "name": "current", "_version": 3]])
            #expect(current["data"]["updateRealEstateProperty"]["name"] == "current")
        }
    }

    @Test func aDeletedRecordCannotBeUpdated() async throws {
        try await TestServer.with { server in
            let created = try await server.create(name: "tomb")
            try await server.graphQL("mutation ($id: ID!) { deleteRealEstateProperty(input: {id: $id, _version: 1}) { id } }", variables: ["id": created["id"]])
            let response = try await server.graphQL(Self.update, variables: ["input": ["id": created["id"], "name": "zombie", "_version": 2]])
            #expect(response["errors"][0]["errorType"] == "ConflictUnhandled")
            #expect(response["errors"][0]["data"]["_deleted"] == true)
        }
    }
}
