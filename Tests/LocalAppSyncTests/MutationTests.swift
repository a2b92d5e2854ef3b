import GraphQL
import Testing
@testable import LocalAppSync

@Suite struct MutationTests {
    @Test func createSetsTheServerOwnedFields() async throws {
        try await TestServer.with { server in
            let generated = try await server.create(name: "Maison Lumière", address: "Paris")
            #expect(generated["id"].string?.isEmpty == false)
            #expect(generated["_version"] == 1)
            #expect(generated["_deleted"].isNull)
            #expect(generated["createdAt"] == generated["updatedAt"])
            let createdAt = try #require(generated["createdAt"].string)
            #expect(createdAt.hasSuffix("Z") && createdAt.count == "2024-05-01T10:05:00.000Z".count)
            #expect((generated["_lastChangedAt"].double ?? 0) > 1_600_000_000_000)
            let chosen = try await server.create(name: "Client id", id: "client-chosen-id")
            #expect(chosen["id"] == "client-chosen-id")
        }
    }

    @Test func aDuplicateCreateFailsTheConditionalCheck() async throws {
        try await TestServer.with { server in
            try await server.create(name: "First", id: "same-id")
            let response = try await server.graphQL(
                #"mutation { createRealEstateProperty(input: {id: "same-id", name: "Second"}) { id name } }"#)
            #expect(response["data"]["createRealEstateProperty"].isNull)
            let error = response["errors"][0]
            #expect(error["errorType"] == "DynamoDB:ConditionalCheckFailedException")
            #expect(error["message"].string?.hasPrefix("The conditional request failed") == true)
            #expect(sameJSON(error["path"], ["createRealEstateProperty"]))
            let stored = try await server.graphQL(#"{ getRealEstateProperty(id: "same-id") { name } }"#)
            #expect(stored["data"]["getRealEstateProperty"]["name"] == "First")
        }
    }

    @Test func updateIsPartialAndBumpsTheVersion() async throws {
        try await TestServer.with { server in
            let created = try await server.create(name: "Loft", address: "Old Street 1")
            let renamed = try await server.graphQL(
                "mutation ($id: ID!) { updateRealEstateProperty(input: {id: $id, name: \"Loft 2\", _version: 1}) { \(TestServer.allFields) } }",
                variables: ["id": created["id"]])
            let record = renamed["data"]["updateRealEstateProperty"]
            #expect(record["name"] == "Loft 2")
            #expect(record["address"] == "Old Street 1")
            #expect(record["_version"] == 2)
            #expect(record["createdAt"] == created["createdAt"])
            #expect((record["_lastChangedAt"].double ?? 0) > (created["_lastChangedAt"].double ?? 0))
            let cleared = try await server.graphQL(
                "mutation ($input: UpdateRealEstatePropertyInput!) { updateRealEstateProperty(input: $input) { name address _version } }",
                variables: ["input": ["id": created["id"], "address": .null, "_version": 2]])
            #expect(sameJSON(cleared["data"]["updateRealEstateProperty"], ["name": "Loft 2", "address": .null, "_version": 3]))
        }
    }

    @Test func deleteIsSoftAndListStillAnswersTheTombstone() async throws {
        try await TestServer.with { server in
            let created = try await server.create(name: "Gone soon")
            let deleted = try await server.graphQL(
                "mutation ($id: ID!) { deleteRealEstateProperty(input: {id: $id, _version: 1}) { id _deleted _version } }",
                variables: ["id": created["id"]])
            #expect(sameJSON(deleted["data"]["deleteRealEstateProperty"], ["id": created["id"], "_deleted": true, "_version": 2]))
            let listed = try await server.graphQL("{ listRealEstateProperties { items { id _deleted } } }")
            #expect(sameJSON(listed["data"]["listRealEstateProperties"]["items"], [["id": created["id"], "_deleted": true]]))
        }
    }

    @Test func conditionIsHonoured() async throws {
        try await TestServer.with { server in
            let created = try await server.create(name: "Guarded", address: "A")
            let refused = try await server.graphQL(
                #"mutation ($id: ID!) { updateRealEstateProperty(input: {id: $id, name: "X", _version: 1}, condition: {address: {eq: "B"}}) { id } }"#,
                variables: ["id": created["id"]])
            #expect(refused["errors"][0]["errorType"] == "DynamoDB:ConditionalCheckFailedException")
            let accepted = try await server.graphQL(
                #"mutation ($id: ID!) { updateRealEstateProperty(input: {id: $id, name: "X", _version: 1}, condition: {address: {eq: "A"}}) { name } }"#,
                variables: ["id": created["id"]])
            #expect(accepted["data"]["updateRealEstateProperty"]["name"] == "X")
            let createRefused = try await server.graphQL(
                #"mutation { createRealEstateProperty(input: {name: "N"}, condition: {name: {attributeExists: true}}) { id } }"#)
            #expect(createRefused["errors"][0]["errorType"] == "DynamoDB:ConditionalCheckFailedException")
        }
    }

    @Test func updatingAMissingRecordFailsTheConditionalCheck() async throws {
        try await TestServer.with { server in
            let response = try await server.graphQL(#"mutation { updateRealEstateProperty(input: {id: "ghost", name: "X", _version: 1}) { id } }"#)
            #expect(response["errors"][0]["errorType"] == "DynamoDB:ConditionalCheckFailedException")
        }
    }
}

extension MutationTests {
    @Test func anEmptyClientIDIsRefused() async throws {
        try await TestServer.with { server in
            let response = try await server.graphQL(#"mutation { createRealEstateProperty(input: {id: "", name: "No id"}) { id } }"#)
            #expect(response["errors"][0]["errorType"] == "ValidationException")
        }
    }
}
