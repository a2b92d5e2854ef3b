import GraphQL
import Testing
@testable import LocalAppSync

/// Small requests built to cost the server far more than their size (issue 18), on a real server
/// on loopback, in both dialects. Each is sent twice at once beside a `{ __typename }`: every
/// request must be answered (an AppSync-shaped error or a correct answer), and a server that
/// hangs or dies fails the test at the hang detector's bound instead of hanging it.
@Suite struct HostileRequestTests {
    /// A hang detector, not a speed requirement: machines running the suite are shared.
    static let bound = Duration.seconds(60)

    static func errorTypes(_ response: Map) -> [String] { response["errors"].array?.compactMap { $0["errorType"].string } ?? [] }

    /// A filter nested `depth` levels (alternating `and` and `not`) around `name: {eq: "x"}`.
    static func nestedFilter(depth: Int) -> Map {
        var filter: Map = ["name": ["eq": "x"]]
        for level in 0..<depth { filter = level % 2 == 0 ? ["and": [filter]] : ["not": filter] }
        return filter
    }

    static func listLiteral(depth: Int) -> String {
        "{ getRealEstateProperty(id: \(String(repeating: "[", count: depth))1\(String(repeating: "]", count: depth))) { id } }"
    }

    /// Fragment `F<n>` spreads `F<n-1>` twice: 2^n `__typename` once expanded, in ~50 bytes each.
    static func doublingFragments(_ count: Int) -> String {
        var text = "query { ...F\(count) } fragment F0 on Query { __typename }"
        for index in 1...count { text += " fragment F\(index) on Query { ...F\(index - 1) ...F\(index - 1) }" }
        return text
    }

    static func deepSelection(_ depth: Int) -> String {
        String(repeating: "{ a ", count: depth) + String(repeating: "}", count: depth)
    }

    static func schemaAliases(_ count: Int) -> String {
        "{ " + (0..<count).map { "s\($0): __schema { types { name fields { name } } }" }.joined(separator: " ") + " }"
    }

    /// Sends `body` twice at once with a `{ __typename }` beside them; answers the first answer
    /// once all three are in, and checks the server still answers afterwards.
    static func fire(_ body: String, at server: TestServer) async throws -> (status: Int, json: Map, text: String) {
        try await withTimeLimit(bound, waitingFor: "two hostile requests and a { __typename }") {
            async let first = server.post(body: body, timeout: .seconds(55))
            async let second = server.post(body: body, timeout: .seconds(55))
            async let probe = server.graphQL("{ __typename }", timeout: .seconds(55))
            let (answer, _, typename) = try await (first, second, probe)
            #expect(typename["data"]["__typename"] == "Query")
            let after = try await server.graphQL("{ __typename }", timeout: .seconds(55))
            #expect(after["data"]["__typename"] == "Query")
            return answer
        }
    }

    static func inBothDialects(_ body: (TestServer) async throws -> Void) async throws {
        try await TestServer.with { try await body($0) }
        try await TestServer.gen2 { try await body($0) }
    }

    @Test func aFilterNestedInVariablesIsAnsweredInLinearTime() async throws {
        try await Self.inBothDialects { server in
            try await server.create(name: "x")
            let query = "query ($f: ModelRealEstatePropertyFilterInput) { listRealEstateProperties(filter: $f) { items { name } } }"
            // 16 levels took minutes before; 80 (123 levels of JSON) is just within the nesting limit.
            for depth in [16, 80] {
                let body = try TestServer.body(query, variables: ["f": Self.nestedFilter(depth: depth)])
                let (status, answer, _) = try await Self.fire(body, at: server)
                #expect(status == 200)
                #expect(answer["errors"].isNull, "depth \(depth): \(answer["errors"])")
                // An even number of `not`s around a match: the record matches.
                #expect(answer["data"]["listRealEstateProperties"]["items"].array?.count == (depth / 2 % 2 == 0 ? 1 : 0))
            }
        }
    }

    @Test func jsonNestedPastTheLimitIsRefusedAsAMalformedRequest() async throws {
        try await Self.inBothDialects { server in
            let body = try TestServer.body(
                "query ($f: ModelRealEstatePropertyFilterInput) { listRealEstateProperties(filter: $f) { items { id } } }",
                variables: ["f": Self.nestedFilter(depth: 400)])
            let (status, answer, _) = try await Self.fire(body, at: server)
            #expect(status == 400)
            #expect(answer["errors"][0]["errorType"] == "MalformedHttpRequestException")
            #expect(answer["errors"][0]["message"].string?.contains("deeper than 128") == true)
            // Flat arrays of any length are not nesting.
            let wide = "[" + Array(repeating: "1", count: 50_000).joined(separator: ",") + "]"
            let (wideStatus, _, _) = try await Self.fire(#"{"query":"{ __typename }","variables":{"a":\#(wide)}}"#, at: server)
            #expect(wideStatus == 200)
        }
    }

    @Test func aListLiteralNestedDeepIsRefusedBeforeValidation() async throws {
        try await Self.inBothDialects { server in
            for depth in [40, 100, 126] {
                let (status, answer, _) = try await Self.fire(try TestServer.body(Self.listLiteral(depth: depth)), at: server)
                #expect(status == 200)
                #expect(Self.errorTypes(answer) == ["QueryComplexityLimitExceeded"], "depth \(depth)")
                #expect(answer["data"].isNull)
            }
            // A shallow wrong literal is still answered by validation, in graphql-java's words.
            let shallow = try await server.graphQL(Self.listLiteral(depth: 2))
            #expect(shallow["errors"][0]["message"].string?.hasPrefix("Validation error of type WrongType") == true)
        }
    }

    @Test func fragmentsThatDoubleAreCountedNotExpanded() async throws {
        try await Self.inBothDialects { server in
            let (status, answer, _) = try await Self.fire(try TestServer.body(Self.doublingFragments(40)), at: server)
            #expect(status == 200)
            #expect(Self.errorTypes(answer) == ["QueryComplexityLimitExceeded"])
            #expect(answer["errors"][0]["message"].string?.contains("1099511627776 fields") == true)
            // Within the limit the same shape is answered: 2^10 selections of one key.
            let fits = try await server.graphQL(Self.doublingFragments(10))
            #expect(fits["data"]["__typename"] == "Query")
            // A fragment that spreads itself is refused, not followed.
            let cycle = try await server.graphQL("query { ...A } fragment A on Query { ...B } fragment B on Query { ...A }")
            #expect(cycle["errors"][0]["message"].string?.contains("within itself") == true)
        }
    }

    @Test func nestingDeepInTheTextIsRefusedBeforeParsing() async throws {
        try await Self.inBothDialects { server in
            for query in [Self.deepSelection(50_000), Self.listLiteral(depth: 10_000), String(repeating: "(", count: 200_000)] {
                let (status, answer, _) = try await Self.fire(try TestServer.body(query), at: server)
                #expect(status == 200)
                #expect(Self.errorTypes(answer) == ["InvalidSyntax"])
                #expect(answer["errors"][0]["message"].string?.contains("More than 128 levels of nested brackets") == true)
                #expect(answer["errors"][0]["locations"][0]["line"] == 1)
            }
            // Selections nested just within the bracket limit reach the depth limit instead.
            let (_, deep, _) = try await Self.fire(try TestServer.body(Self.deepSelection(127)), at: server)
            #expect(Self.errorTypes(deep) == ["QueryDepthLimitExceeded"])
        }
    }

    /// The library's lexer traps on a string cut inside an escape; the server answers it instead.
    @Test func aStringCutInsideAnEscapeIsASyntaxErrorAndTheServerGoesOn() async throws {
        try await Self.inBothDialects { server in
            for query in ["{ getRealEstateProperty(id: \"\\u00", "{ getRealEstateProperty(id: \"x\\"] {
                let (status, answer, _) = try await Self.fire(try TestServer.body(query), at: server)
                #expect(status == 200)
                #expect(Self.errorTypes(answer) == ["InvalidSyntax"])
                #expect(answer["errors"][0]["message"].string?.hasPrefix("Invalid Syntax : token recognition error at: '\"") == true)
                #expect(answer["errors"][0]["locations"][0]["column"] == 29)
            }
            let after = try await server.graphQL("{ __typename }")
            #expect(after["data"]["__typename"] == "Query")
        }
    }

    @Test func tooManyTokensAreRefusedBeforeParsing() async throws {
        try await Self.inBothDialects { server in
            let many = "{ " + Array(repeating: "__typename", count: 15_000).joined(separator: " ") + " }"
            let (status, answer, _) = try await Self.fire(try TestServer.body(many), at: server)
            #expect(status == 200)
            #expect(Self.errorTypes(answer) == ["InvalidSyntax"])
            #expect(answer["errors"][0]["message"].string?.hasPrefix("Invalid Syntax : More than 15000 'grammar' tokens") == true)
            // Strings and comments are one token, or none, however long.
            let long = "# \(String(repeating: "{", count: 5000))\n{ getRealEstateProperty(id: \"\(String(repeating: "[", count: 5000))\") { id } }"
            let fine = try await server.graphQL(long)
            #expect(fine["errors"].isNull)
        }
    }

    @Test func introspectionAliasesStopAtTheAnswerSizeLimit() async throws {
        try await Self.inBothDialects { server in
            let (status, answer, text) = try await Self.fire(try TestServer.body(Self.schemaAliases(1000)), at: server)
            #expect(status == 200)
            // One error for the whole answer, not one per value the library tried after the limit.
            #expect(Self.errorTypes(answer) == ["MappingTemplate"])
            #expect(answer["data"].isNull)
            #expect(text.utf8.count < 1000, "\(text.utf8.count) bytes")
            // One full introspection is well within the limit.
            let one = try await server.graphQL(Self.schemaAliases(1))
            #expect(one["errors"].isNull)
            #expect((one["data"]["s0"]["types"].array?.count ?? 0) > 10)
        }
    }

    /// 300 aliases of `name` under the items of a 1,000-record page: a few KB asking for ~10 MB.
    @Test func aliasesInsideAPageAreChargedPerCopy() async throws {
        try await Self.inBothDialects { server in
            try await server.server.seedGenerated(count: 1000)
            let aliases = (0..<300).map { "n\($0): name" }.joined(separator: " ")
            let (status, answer, text) = try await Self.fire(
                try TestServer.body("{ listRealEstateProperties(limit: 1000) { items { \(aliases) } } }"), at: server)
            #expect(status == 200)
            #expect(Self.errorTypes(answer) == ["MappingTemplate"])
            #expect(answer["data"]["listRealEstateProperties"].isNull)
            #expect(text.utf8.count < 2000, "\(text.utf8.count) bytes")
            // The same page with each field once is well within the limit.
            let plain = try await server.graphQL("{ listRealEstateProperties(limit: 1000) { items { id name address createdAt updatedAt } } }")
            #expect(plain["errors"].isNull)
            #expect(plain["data"]["listRealEstateProperties"]["items"].array?.count == 1000)
        }
    }

    @Test func aSubscriptionIsHeldToTheSameLimits() async throws {
        try await TestServer.with { server in
            let client = RealtimeTestClient.connectWithQueryAuth(port: server.port, apiKey: server.server.apiKey)
            defer { client.close() }
            #expect(await client.initialize()?["type"] == "connection_ack")
            let (apiKey, port) = (server.server.apiKey, server.port)
            let deep = "subscription " + Self.deepSelection(1000)
            let error = await client.start(id: "deep", query: deep, apiKey: apiKey, port: port)
            #expect(error?["type"] == "error")
            #expect(error?["payload"]["errors"][0]["errorType"] == "InvalidSyntax")
            var doubled = "subscription { ...F40 } fragment F0 on Subscription { onCreateRealEstateProperty { id } }"
            for index in 1...40 { doubled += " fragment F\(index) on Subscription { ...F\(index - 1) ...F\(index - 1) }" }
            let wide = await client.start(id: "wide", query: doubled, apiKey: apiKey, port: port)
            #expect(wide?["payload"]["errors"][0]["errorType"] == "QueryComplexityLimitExceeded")
            let variables = "{\"f\":" + String(repeating: "{\"not\":", count: 400) + "{}" + String(repeating: "}", count: 401)
            let nested = await client.start(
                id: "nested", query: "subscription ($f: ModelSubscriptionRealEstatePropertyFilterInput) { onCreateRealEstateProperty(filter: $f) { id } }",
                variables: variables, apiKey: apiKey, port: port)
            #expect(nested?["type"] == "error")
            let typename = try await server.graphQL("{ __typename }", timeout: .seconds(30))
            #expect(typename["data"]["__typename"] == "Query")
        }
    }
}
