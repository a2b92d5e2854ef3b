import AsyncHTTPClient
import Foundation
import GraphQL
import NIOCore
import Testing
@testable import LocalAppSync

/// What the GraphQL spec and AppSync require where the library or a shortcut let more through:
/// integral `Int` variables, plain `GET`s, control characters in stored text, signed page tokens.
@Suite struct SpecConformanceTests {
    @Test func anIntVariableWithAFractionIsRefusedAsTheSpecRequires() async throws {
        try await TestServer.with { server in
            _ = try await server.create(name: "Villa Rosa")
            let query = "query ($limit: Int) { listRealEstateProperties(limit: $limit) { items { id } } }"
            let fraction = try await server.graphQL(query, variables: ["limit": 2.5])
            #expect(fraction["data"].isNull)
            #expect(fraction["errors"][0]["errorType"] == "BadRequestException")
            #expect(fraction["errors"][0]["message"].string?.contains("Int cannot represent non-integer value: 2.5") == true)
            // Nested in an input object and in a list, too.
            let nested = try await server.graphQL(
                "mutation ($input: UpdateRealEstatePropertyInput!) { updateRealEstateProperty(input: $input) { id } }",
                variables: ["input": ["id": "p1", "_version": 1.5]])
            #expect(nested["data"].isNull)
            #expect(nested["errors"][0]["message"].string?.contains("$input") == true)
            // A whole number written with a fraction of zero is an integer.
            let whole = try await server.graphQL(query, variables: ["limit": 1.0])
            #expect(whole["errors"].isNull)
            #expect(whole["data"]["listRealEstateProperties"]["items"].array?.count == 1)
        }
    }

    @Test func aPlainGetIsAnsweredAsARequestWithoutABody() async throws {
        try await TestServer.with { server in
            for path in ["/graphql", "/graphql/realtime"] {
                var request = HTTPClientRequest(url: "http://127.0.0.1:\(server.port)\(path)")
                request.headers.add(name: "x-api-key", value: server.server.apiKey)
                let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
                let body = try await response.body.collect(upTo: 1 << 16)
                let json = try JSONDecoder().decode(Map.self, from: Data(buffer: body))
                #expect(response.status.code == 400, "GET \(path)")
                #expect(json["errors"][0]["errorType"] == "MalformedHttpRequestException")
                #expect(json["errors"][0]["message"] == "Request body is empty.")
            }
            var unauthorized = HTTPClientRequest(url: server.graphQLURL)
            unauthorized.method = .GET
            #expect(try await HTTPClient.shared.execute(unauthorized, timeout: .seconds(10)).status.code == 401)
        }
    }

    @Test(arguments: [ServedDialect.versioned, .gen2])
    func namesAndAddressesWithControlCharactersAreRefused(_ dialect: ServedDialect) async throws {
        try await TestServer.with(configure: { $0.schema = dialect }) { server in
            let kept = try await server.create(name: "Tower", address: "Rue 7")
            let id = try #require(kept["id"].string)
            for bad in ["Esc\u{1B}[31mRed", "Bell\u{7}", "Zero\u{0}Nul", "Line\nBreak", "C1\u{9B}", "Bidi\u{202E}txt"] {
                for input: Map in [["name": .string(bad)], ["name": "ok", "address": .string(bad)]] {
                    let created = try await server.graphQL(
                        "mutation ($input: CreateRealEstatePropertyInput!) { createRealEstateProperty(input: $input) { id } }",
                        variables: ["input": input])
                    #expect(created["errors"][0]["errorType"] == "ValidationException", "\(dialect) \(bad.debugDescription)")
                    #expect(created["errors"][0]["message"].string?.contains("control characters") == true)
                }
                var update: Map = ["id": .string(id), "name": .string(bad)]
                if dialect == .versioned { update["_version"] = kept["_version"] }
                let updated = try await server.graphQL(
                    "mutation ($input: UpdateRealEstatePropertyInput!) { updateRealEstateProperty(input: $input) { id } }",
                    variables: ["input": update])
                #expect(updated["errors"][0]["errorType"] == "ValidationException", "\(dialect) update \(bad.debugDescription)")
            }
            // Nothing was written: only the first record, unchanged.
            let list = try await server.graphQL("{ listRealEstateProperties { items { id name address } } }")
            let items = list["data"]["listRealEstateProperties"]["items"]
            #expect(items.array?.count == 1)
            #expect(items[0]["id"].string == id && items[0]["name"] == "Tower" && items[0]["address"] == "Rue 7")
        }
    }

    @Test(arguments: [(ServedDialect.versioned, "listRealEstateProperties"), (.versioned, "syncRealEstateProperties"), (.gen2, "listRealEstateProperties")])
    func aForgedOrAlteredPageTokenIsRefusedAndAnIssuedOneWorksAfterARestart(_ dialect: ServedDialect, _ query: String) async throws {
        let directory = TestServer.temporaryDirectory()
        let page = "query ($token: String) { \(query)(limit: 2, nextToken: $token) { items { id } nextToken } }"
        let issued = try await TestServer.with(directory: directory, configure: { $0.schema = dialect }) { server in
            for index in 1...5 { try await server.create(name: "P\(index)") }
            let first = try await server.graphQL(page)
            let token = try #require(first["data"][query]["nextToken"].string)
            let sealed = try #require(Data(base64Encoded: token))
            // The same JSON with another start, and the MAC left as it was; and an unsigned token
            // of the earlier shape (base64 of the JSON alone).
            var altered = sealed
            altered[altered.count - 3] ^= 0x01
            let unsigned = sealed.dropFirst(32).base64EncodedString()
            for forged in [altered.base64EncodedString(), unsigned, "garbage"] {
                let refused = try await server.graphQL(page, variables: ["token": .string(forged)])
                #expect(refused["data"][query].isNull)
                #expect(refused["errors"][0]["errorType"] == "DynamoDB:UserIllegalArgumentException")
                #expect(refused["errors"][0]["message"].string?.hasSuffix("Invalid pagination token given.") == true)
            }
            return token
        }
        // The key is kept in the data directory: the token still works after a restart.
        try await TestServer.with(directory: directory, configure: { $0.schema = dialect }) { server in
            let next = try await server.graphQL(page, variables: ["token": .string(issued)])
            #expect(next["errors"].isNull)
            #expect(next["data"][query]["items"].array?.isEmpty == false)
        }
    }
}
