import Foundation
import GraphQL
import Testing
@testable import LocalAppSync

/// The Gen 2 dialect's writes: DynamoDB's conditional writes, no tombstones, server-set times.
@Suite struct Gen2MutationTests {
    static let fields = TestServer.gen2Fields

    @Test func createSetsBothTimesAndAnswersNoVersionedFields() async throws {
        try await TestServer.gen2 { server in
            let created = try await server.create(name: "Maison Lumière", address: "Paris", id: "p1")
            #expect(created["id"] == "p1" && created["name"] == "Maison Lumière" && created["address"] == "Paris")
            #expect(created["createdAt"] == created["updatedAt"])
            let stamp = try #require(created["createdAt"].string)
            #expect(stamp.hasSuffix("Z") && stamp.count == "2024-05-01T10:05:00.000Z".count, "AWSDateTime with milliseconds: \(stamp)")
            let generated = try await server.create(name: "No id given")
            #expect(generated["id"].string?.count == 36)
        }
    }

    /// The whole answer, as AppSync sends it, for each way a write's condition can fail.
    @Test func everyFailedConditionAnswersConditionalCheckFailedInAppSyncsShape() async throws {
        try await TestServer.gen2 { server in
            try await server.create(name: "First", id: "taken")
            let cases: [(String, String)] = [
                ("createRealEstateProperty", #"mutation { createRealEstateProperty(input: {id: "taken", name: "Second"}) { id } }"#),
                ("updateRealEstateProperty", #"mutation { updateRealEstateProperty(input: {id: "ghost", name: "X"}) { id } }"#),
                ("deleteRealEstateProperty", #"mutation { deleteRealEstateProperty(input: {id: "ghost"}) { id } }"#),
                ("updateRealEstateProperty",
                 #"mutation { updateRealEstateProperty(input: {id: "taken", name: "X"}, condition: {name: {eq: "Other"}}) { id } }"#),
                ("deleteRealEstateProperty",
                 #"mutation { deleteRealEstateProperty(input: {id: "taken"}, condition: {address: {attributeExists: true}}) { id } }"#),
            ]
            for (field, mutation) in cases {
                let response = try await server.graphQL(mutation)
                #expect(sameJSON(response["data"], [field: .null]), "\(mutation)")
                let errors = try #require(response["errors"].array)
                #expect(errors.count == 1)
                let error = errors[0]
                #expect(Set(error.dictionary?.keys.map { $0 } ?? []) == ["path", "data", "errorType", "errorInfo", "locations", "message"])
                #expect(sameJSON(error["path"], [.string(field)]))
                #expect(error["data"].isNull && error["errorInfo"].isNull)
                #expect(error["errorType"] == "DynamoDB:ConditionalCheckFailedException")
                #expect(error["locations"][0]["line"] == 1 && error["locations"][0]["column"] == 12)
                #expect(error["message"].string?.hasPrefix("The conditional request failed (Service: DynamoDb, Status Code: 400, Request ID: ") == true)
            }
            let stored = try await server.graphQL(#"{ getRealEstateProperty(id: "taken") { name } }"#)
            #expect(stored["data"]["getRealEstateProperty"]["name"] == "First", "no failed write changed anything")
        }
    }

    @Test func deleteRemovesTheRecordAndItsIdCanBeCreatedAgain() async throws {
        try await TestServer.gen2 { server in
            try await server.create(name: "Gone soon", address: "Here", id: "again")
            let deleted = try await server.graphQL(#"mutation { deleteRealEstateProperty(input: {id: "again"}) { id name address } }"#)
            #expect(sameJSON(deleted["data"]["deleteRealEstateProperty"], ["id": "again", "name": "Gone soon", "address": "Here"]))
            let got = try await server.graphQL(#"{ getRealEstateProperty(id: "again") { id } }"#)
            #expect(got["data"]["getRealEstateProperty"].isNull)
            let listed = try await server.graphQL("{ listRealEstateProperties { items { id } } }")
            #expect(listed["data"]["listRealEstateProperties"]["items"] == [], "no tombstone")
            let recreated = try await server.create(name: "Back", id: "again")
            #expect(recreated["name"] == "Back" && recreated["address"].isNull)
        }
    }

    @Test func updateIsPartialAndEveryWriteGetsALaterUpdatedAt() async throws {
        try await TestServer.gen2 { server in
            let created = try await server.create(name: "Loft", address: "Old Street 1", id: "loft")
            var previous = try #require(created["updatedAt"].string)
            // Writes faster than one a millisecond still get distinct, increasing times.
            for round in 1...20 {
                let answer = try await server.graphQL(
                    "mutation ($name: String) { updateRealEstateProperty(input: {id: \"loft\", name: $name}) { \(Self.fields) } }",
                    variables: ["name": .string("Loft \(round)")])
                let record = answer["data"]["updateRealEstateProperty"]
                #expect(record["address"] == "Old Street 1" && record["createdAt"] == created["createdAt"])
                let updatedAt = try #require(record["updatedAt"].string)
                #expect(updatedAt > previous, "\(updatedAt) after \(previous)")
                previous = updatedAt
            }
        }
    }

    @Test func aNullInAnUpdateRemovesTheAttribute() async throws {
        try await TestServer.gen2 { server in
            try await server.create(name: "Cleared", address: "Somewhere", id: "c")
            let cleared = try await server.graphQL(#"mutation { updateRealEstateProperty(input: {id: "c", address: null}) { address } }"#)
            #expect(cleared["errors"].isNull, "\(cleared["errors"])")
            #expect(cleared["data"]["updateRealEstateProperty"]["address"].isNull)
            // Removed, not NULL: absent to a condition.
            let absent = try await server.graphQL(
                #"mutation { updateRealEstateProperty(input: {id: "c", name: "Still"}, condition: {address: {attributeExists: false}}) { name } }"#)
            #expect(absent["errors"].isNull, "\(absent["errors"])")
            #expect(absent["data"]["updateRealEstateProperty"]["name"] == "Still")
        }
    }

    @Test func invalidInputIsRefusedAsInTheVersionedDialect() async throws {
        try await TestServer.gen2 { server in
            let empty = try await server.graphQL(#"mutation { createRealEstateProperty(input: {id: "", name: "No id"}) { id } }"#)
            #expect(empty["errors"][0]["errorType"] == "ValidationException")
            let blank = try await server.graphQL(#"mutation { createRealEstateProperty(input: {name: "   "}) { id } }"#)
            #expect(blank["errors"][0]["errorType"] == "ValidationException")
        }
    }
}
