import GraphQL
import Testing
@testable import LocalAppSync

@Suite struct LimitTests {
    @Test func anOversizedBodyIsRefused() async throws {
        try await TestServer.with(configure: { $0.limits.maxBodyBytes = 1000 }) { server in
            let padding = String(repeating: " ", count: 2000)
            let response = try await server.post(body: #"{"query":"{ __typename \#(padding)}"}"#)
            #expect(response.status == 413)
            #expect(response.json["errors"][0]["errorType"] == "PayloadTooLargeException")
            #expect(response.json["errors"][0]["message"].string?.contains("1000 bytes") == true)
        }
    }

    @Test func aTooDeepQueryIsRefused() async throws {
        try await TestServer.with(configure: { $0.limits.maxQueryDepth = 3 }) { server in
            let shallow = try await server.graphQL("{ listRealEstateProperties { items { id } } }")
            #expect(shallow["errors"].isNull)
            let deep = try await server.graphQL("{ __schema { types { fields { name } } } }")
            #expect(deep["data"].isNull)
            #expect(deep["errors"][0]["errorType"] == "QueryDepthLimitExceeded")
            #expect(deep["errors"][0]["message"].string?.contains("at most 3") == true)
            let throughFragment = try await server.graphQL("{ __schema { ...T } } fragment T on __Schema { types { fields { name } } }")
            #expect(throughFragment["errors"][0]["errorType"] == "QueryDepthLimitExceeded")
        }
    }

    @Test func aPageLargerThanTheLimitIsRefused() async throws {
        try await TestServer.with(configure: { $0.limits.maxPageSize = 50 }) { server in
            let response = try await server.graphQL("{ listRealEstateProperties(limit: 51) { items { id } } }")
            #expect(response["errors"][0]["errorType"] == "ValidationException")
            #expect(response["errors"][0]["message"].string?.contains("(50)") == true)
            let sync = try await server.graphQL("{ syncRealEstateProperties(limit: 1000) { items { id } } }")
            #expect(sync["errors"][0]["errorType"] == "ValidationException")
        }
    }

    @Test func overlongNamesAndAddressesAreRefused() async throws {
        try await TestServer.with(configure: {
            $0.limits.maxNameLength = 10
            $0.limits.maxAddressLength = 20
        }) { server in
            let name = try await server.graphQL(#"mutation { createRealEstateProperty(input: {name: "東京タワー アパート 123"}) { id } }"#)
            #expect(name["errors"][0]["errorType"] == "ValidationException")
            #expect(name["errors"][0]["message"].string?.contains("limit is 10") == true)
            let address = try await server.graphQL(
                #"mutation { createRealEstateProperty(input: {name: "ok", address: "123456789012345678901"}) { id } }"#)
            #expect(address["errors"][0]["message"].string?.contains("limit is 20") == true)
            let fits = try await server.create(name: "東京タワー", address: "12345678901234567890")
            #expect(fits["name"] == "東京タワー")
        }
    }
}
