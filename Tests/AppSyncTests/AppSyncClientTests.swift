import Foundation
import Testing
@testable import AppSync

@Suite struct AppSyncClientTests {
    @Test func successfulAnswerIsReturned() throws {
        let response = try AppSyncClient.interpret(status: 200, body: Data(#"{"data":{"getRealEstateProperty":null}}"#.utf8))
        #expect(response.data?["getRealEstateProperty"] == .null)
    }

    @Test func conflictKeepsTheServerRecord() throws {
        let body = #"""
            {"data":{"updateRealEstateProperty":null},"errors":[{"path":["updateRealEstateProperty"],
             "data":{"id":"p1","name":"server value","_version":3},"errorType":"ConflictUnhandled",
             "errorInfo":null,"locations":[{"line":2,"column":3,"sourceName":null}],"message":"Conflict resolver rejects mutation."}]}
            """#
        let response = try AppSyncClient.interpret(status: 200, body: Data(body.utf8))
        #expect {
            try response.field("updateRealEstateProperty", as: JSONValue.self)
        } throws: { error in
            guard case .rejected(let graphQLError) = error as? AppSyncFailure else { return false }
            return graphQLError.isConflict && graphQLError.data?["_version"] == .int(3)
        }
    }

    @Test(arguments: [
        (401, #"{"errors":[{"errorType":"UnauthorizedException","message":"You are not authorized to make this call."}]}"#,
         AppSyncFailure.unauthorized("You are not authorized to make this call.")),
        (503, "<html>Service Unavailable</html>", .transient("the server is unavailable (HTTP 503)")),
        (200, "<html>captive portal</html>", .misconfigured("the server answered HTTP 200 with something that is not GraphQL")),
        (200, "{}", .misconfigured("the server answered HTTP 200 with something that is not GraphQL")),
        (413, #"{"errors":[{"message":"Request too large"}]}"#, .rejected(GraphQLError(message: "Request too large"))),
        (501, "Not Implemented", .misconfigured("the server answered HTTP 501: is the endpoint an AppSync GraphQL URL (…/graphql)?")),
        (404, "<html>Not Found</html>", .misconfigured("the server answered HTTP 404: is the endpoint an AppSync GraphQL URL (…/graphql)?")),
        (403, "{}", .unauthorized("the server refused the credentials (HTTP 403)")),
    ])
    func failuresAreClassified(status: Int, body: String, expected: AppSyncFailure) {
        #expect(throws: expected) { try AppSyncClient.interpret(status: UInt(status), body: Data(body.utf8)) }
    }

    // MARK: - One field read straight into its type

    /// A record with a required name: what a page's reader does, small.
    struct Named: JSONReadable, Equatable {
        var name: String
        init(name: String) { self.name = name }
        init(json: inout JSONReader) throws(JSONReadError) {
            var name: String?
            try json.readObject { reader, key throws(JSONReadError) in
                if key == "name" { name = try reader.readString() } else { try reader.skipValue() }
            }
            guard let name else { throw .missing("name", at: json.offset) }
            self.name = name
        }
    }

    private func field(_ body: String, status: UInt = 200) throws(AppSyncFailure) -> Named? {
        try AppSyncClient.interpret(status: status, body: Data(body.utf8), field: "getThing") { reader throws(JSONReadError) in
            try Named(json: &reader)
        }
    }

    @Test func aFieldIsReadStraightIntoItsType() throws {
        #expect(try field(#"{"data":{"other":[1,{"x":null}],"getThing":{"id":"p1","name":"Villa é"}},"extensions":{}}"#)
            == Named(name: "Villa é"))
        #expect(try field(#"{"data":{"getThing":null}}"#) == nil)
        #expect(try field(#"{"data":{"somethingElse":1}}"#) == nil)
    }

    @Test func aTypedFieldKeepsAppSyncsErrors() {
        // The errors may come before the data; the error that names the field is the one thrown.
        let conflict = #"""
            {"errors":[{"path":["other"],"message":"not this one"},{"path":["getThing"],"data":{"id":"p1","name":"server value","_version":3},
             "errorType":"ConflictUnhandled","errorInfo":null,"locations":[{"line":2,"column":3,"sourceName":null}],
             "message":"Conflict resolver rejects mutation."}],"data":{"getThing":null}}
            """#
        #expect {
            try field(conflict)
        } throws: { error in
            guard case .rejected(let graphQLError) = error as? AppSyncFailure else { return false }
            return graphQLError.isConflict && graphQLError.data?["_version"] == .int(3) && graphQLError.data?["name"] == "server value"
        }
        let duplicate = #"{"data":{"getThing":null},"errors":[{"path":["getThing"],"errorType":"DynamoDB:ConditionalCheckFailedException","message":"The conditional request failed (Service: DynamoDb)"}]}"#
        #expect {
            try field(duplicate)
        } throws: { error in
            guard case .rejected(let graphQLError) = error as? AppSyncFailure else { return false }
            return graphQLError.isConditionalCheckFailure
        }
        // Partial data with an error: the error says more than the half-read value.
        let partial = #"{"data":{"getThing":{"id":"p1"}},"errors":[{"path":["getThing","name"],"errorType":"ExecutionTimeout","message":"slow"}]}"#
        #expect(throws: AppSyncFailure.transient("slow")) { try field(partial) }
    }

    @Test func aFieldOfAnotherShapeSaysWhereItDiffers() {
        #expect(throws: AppSyncFailure.transient("the server's answer has an unexpected shape (getThing.name: expected a string, found a number)")) {
            try field(#"{"data":{"getThing":{"name":5}}}"#)
        }
        #expect(throws: AppSyncFailure.transient("the server's answer has an unexpected shape (getThing: missing field name)")) {
            try field(#"{"data":{"getThing":{"id":"p1"}}}"#)
        }
    }

    @Test(arguments: [
        (401, #"{"errors":[{"errorType":"UnauthorizedException","message":"You are not authorized to make this call."}]}"#,
         AppSyncFailure.unauthorized("You are not authorized to make this call.")),
        (503, "<html>Service Unavailable</html>", .transient("the server is unavailable (HTTP 503)")),
        (200, "<html>captive portal</html>", .misconfigured("the server answered HTTP 200 with something that is not GraphQL")),
        (200, "{}", .misconfigured("the server answered HTTP 200 with something that is not GraphQL")),
        (200, #"{"data":null}"#, .misconfigured("the server answered HTTP 200 with something that is not GraphQL")),
        (200, #"{"data":{"getThing":{"name":"a"}}} trailing"#, .misconfigured("the server answered HTTP 200 with something that is not GraphQL")),
        (200, #"{"data":{"getThing":{"name":"a"}},"errors":5}"#, .misconfigured("the server answered HTTP 200 with something that is not GraphQL")),
        (413, #"{"errors":[{"message":"Request too large"}]}"#, .rejected(GraphQLError(message: "Request too large"))),
        (400, #"{"errors":[{"errorType":"ValidationError","message":"Validation error of type FieldUndefined: Field '_version' in type 'RealEstateProperty' is undefined @ 'x'"}]}"#,
         .notOffered("the API refused the request as invalid GraphQL: it has no field _version in RealEstateProperty")),
        (404, "<html>Not Found</html>", .misconfigured("the server answered HTTP 404: is the endpoint an AppSync GraphQL URL (…/graphql)?")),
    ])
    func aTypedFieldsFailuresAreClassifiedAsTheTreesAre(status: Int, body: String, expected: AppSyncFailure) {
        #expect(throws: expected) { try field(body, status: UInt(status)) }
        #expect(throws: expected) { try AppSyncClient.interpret(status: UInt(status), body: Data(body.utf8)) }
    }

    @Test func graphQLErrorTypesAreClassified() {
        #expect(GraphQLError(message: "slow", errorType: "ExecutionTimeout").failure == .transient("slow"))
        #expect(GraphQLError(message: "no", errorType: "UnauthorizedException").failure == .unauthorized("no"))
        let duplicate = GraphQLError(
            message: "The conditional request failed (Service: DynamoDb)", errorType: "DynamoDB:ConditionalCheckFailedException")
        #expect(duplicate.isConditionalCheckFailure)
        #expect(duplicate.failure == .rejected(duplicate))
    }

    @Test func refusedConnectionIsReportedAsRefused() async throws {
        // Port 1 on loopback: nothing listens there, the connection is refused at once.
        let configuration = try AppSyncConfiguration(endpoint: "http://127.0.0.1:1/graphql", apiKey: "da2-secretsecret")
        let client = AppSyncClient(configuration: configuration, timeout: .seconds(5))
        await #expect {
            try await client.execute(GraphQLRequest(query: "{ __typename }"))
        } throws: { error in
            guard case .unreachable(let reason) = error as? AppSyncFailure else { return false }
            return reason.contains("refused") && !reason.contains("da2-secretsecret")
        }
    }

    @Test func variablesKeepIntegersIntegral() throws {
        let request = GraphQLRequest(query: "q", variables: ["input": ["_version": 3, "address": nil]])
        let json = String(decoding: try JSONEncoder().encode(request), as: UTF8.self)
        #expect(json.contains(#""_version":3"#))
        #expect(json.contains(#""address":null"#))
    }
}

@Suite struct RetryPolicyTests {
    @Test func delaysGrowWithinTheCapAndAreJittered() {
        let policy = RetryPolicy(base: .milliseconds(100), cap: .seconds(2))
        var random = SystemRandomNumberGenerator()
        for attempt in 1...20 {
            let ceiling = min(Duration.seconds(2), .milliseconds(100) * (1 << min(attempt - 1, 30)))
            let delays = (0..<50).map { _ in policy.delay(afterFailure: attempt, using: &random) }
            #expect(delays.allSatisfy { $0 >= .zero && $0 <= ceiling })
            if attempt > 3 { #expect(Set(delays).count > 1) }  // full jitter, not a fixed step
        }
    }
}
