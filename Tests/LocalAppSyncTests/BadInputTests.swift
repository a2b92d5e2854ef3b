import GraphQL
import Testing
@testable import LocalAppSync

@Suite struct BadInputTests {
    @Test func anUndefinedFieldIsAnAppSyncValidationError() async throws {
        try await TestServer.with { server in
            let response = try await server.post(body: #"{"query":"{ getRealEstateProperty(id: \"1\") { id colour } }"}"#)
            #expect(response.status == 200)
            #expect(response.json["data"].isNull)
            let error = response.json["errors"][0]
            #expect(error["path"].isNull)
            #expect(error["locations"][0]["line"] == 1)
            #expect(error["message"].string?.hasPrefix("Validation error of type FieldUndefined: Field 'colour' in type 'RealEstateProperty' is undefined") == true)
        }
    }

    @Test func anUnknownInputFieldIsRefused() async throws {
        try await TestServer.with { server in
            let response = try await server.graphQL(#"mutation { createRealEstateProperty(input: {name: "A", colour: "red"}) { id } }"#)
            #expect(response["data"].isNull)
            #expect(response["errors"][0]["message"].string?.hasPrefix("Validation error of type WrongType") == true)
        }
    }

    @Test func aWrongTypedVariableIsRefused() async throws {
        try await TestServer.with { server in
            let response = try await server.graphQL(
                "query ($limit: Int) { listRealEstateProperties(limit: $limit) { items { id } } }", variables: ["limit": "ten"])
            #expect(response["data"].isNull)
            #expect(response["errors"][0]["message"].string?.contains("limit") == true)
        }
    }

    @Test func malformedJSONAndUnknownBodyFieldsAreBadRequests() async throws {
        try await TestServer.with { server in
            let malformed = try await server.post(body: #"{"query": "{ listRealEstateProperties { items { id } } }""#)
            #expect(malformed.status == 400)
            #expect(malformed.json["errors"][0]["errorType"] == "MalformedHttpRequestException")
            let unknown = try await server.post(body: #"{"query": "{ __typename }", "variabels": {}}"#)
            #expect(unknown.status == 400)
            #expect(unknown.json["errors"][0]["message"].string?.contains("variabels") == true)
            let noQuery = try await server.post(body: #"{"variables": {}}"#)
            #expect(noQuery.status == 400)
        }
    }

    @Test func aSyntaxErrorSaysWhere() async throws {
        try await TestServer.with { server in
            let response = try await server.graphQL("{ listRealEstateProperties { items { id }")
            #expect(response["data"].isNull)
            #expect(response["errors"][0]["message"].string?.hasPrefix("Invalid Syntax") == true)
        }
    }

    @Test func subscriptionsOverHTTPAreRefusedWithAReason() async throws {
        try await TestServer.with { server in
            let response = try await server.graphQL("subscription { onCreateRealEstateProperty { id } }")
            #expect(response["errors"][0]["message"].string?.contains("WebSocket") == true)
        }
    }
}
