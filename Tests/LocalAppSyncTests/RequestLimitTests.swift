import GraphQL
import JSONValues
import Testing
@testable import LocalAppSync

/// The work one request may cause, bounded as AppSync bounds it: resolvers per request,
/// execution time, and (ours) the size of the answer. Each is answered in AppSync's shape, and
/// the server goes on answering.
@Suite struct RequestLimitTests {
    static func errorTypes(_ response: Map) -> [String] { response["errors"].array?.compactMap { $0["errorType"].string } ?? [] }

    @Test func resolversPastTheLimitAnswerResolverExecutionLimitReachedWithoutRunning() async throws {
        try await TestServer.with(configure: { $0.limits.maxResolversPerRequest = 2 }) { server in
            try await server.create(name: "Only")
            let three = "{ a: listRealEstateProperties { items { id } } b: listRealEstateProperties { items { id } } c: listRealEstateProperties { items { id } } }"
            let response = try await server.graphQL(three)
            #expect(Self.errorTypes(response) == ["ResolverExecutionLimitReached"])
            let error = response["errors"][0]
            #expect(error["message"].string?.hasPrefix("Resolver invocation limit reached") == true)
            #expect(error["message"].string?.contains("at most 2") == true)
            let refused = try #require(error["path"][0].string)
            #expect(response["data"][refused].isNull)
            let answered = ["a", "b", "c"].filter { $0 != refused }
            #expect(answered.allSatisfy { response["data"][$0]["items"].array?.count == 1 })

            // Mutations run in order: the third create is refused and writes nothing.
            let creates = """
                mutation { x: createRealEstateProperty(input: {name: "X"}) { id } y: createRealEstateProperty(input: {name: "Y"}) { id }
                  z: createRealEstateProperty(input: {name: "Z"}) { id } }
                """
            let written = try await server.graphQL(creates)
            #expect(Self.errorTypes(written) == ["ResolverExecutionLimitReached"])
            #expect(written["errors"][0]["path"] == ["z"])
            let names = try await server.graphQL("{ listRealEstateProperties { items { name } } }")["data"]["listRealEstateProperties"]["items"]
            #expect(Set(names.array?.compactMap { $0["name"].string } ?? []) == ["Only", "X", "Y"])

            // The limit is per request: the next one runs in full.
            let two = try await server.graphQL("{ a: listRealEstateProperties { items { id } } b: listRealEstateProperties { items { id } } }")
            #expect(two["errors"].isNull)
        }
    }

    @Test func aRequestPastTheExecutionTimeIsAnsweredExecutionTimeoutAndTheServerGoesOn() async throws {
        // The injected latency is spent inside the execution time, as a slow data source's
        // would be: an hour of it against a 10 s limit. The limit is long because the tests run
        // in one process on few cores: the plain query at the end must stay well within it
        // while other suites keep every thread busy.
        try await TestServer.with(configure: {
            $0.limits.executionTimeout = .seconds(10)
            $0.faults.latency = .seconds(3600)
        }) { server in
            async let query = server.graphQL(
                "query Two { a: listRealEstateProperties { items { id } } getRealEstateProperty(id: \"x\") { id } }")
            // A mutation cut off in its latency never runs: nothing is written.
            async let create = server.graphQL(#"mutation { createRealEstateProperty(input: {name: "Late"}) { id } }"#)
            let (response, created) = try await (query, create)
            #expect(response["data"].dictionary?.keys.sorted() == ["a", "getRealEstateProperty"])
            #expect(response["data"]["a"].isNull && response["data"]["getRealEstateProperty"].isNull)
            #expect(Self.errorTypes(response) == ["ExecutionTimeout", "ExecutionTimeout"])
            #expect(response["errors"][0]["message"] == "Execution timed out.")
            #expect(response["errors"][0]["path"] == ["a"])
            #expect(response["errors"][1]["path"] == ["getRealEstateProperty"])
            #expect(response["errors"][0]["locations"][0]["line"] == 1)
            #expect(Self.errorTypes(created) == ["ExecutionTimeout"])

            server.server.faults.update { $0.latency = .zero }
            let list = try await server.graphQL("{ listRealEstateProperties { items { id } } }")
            #expect(list["errors"].isNull)
            #expect(list["data"]["listRealEstateProperties"]["items"] == [])
        }
    }

    @Test func pagesPastTheResponseSizeLimitAreRefusedAndTheAnswerStaysSmall() async throws {
        // ~200 bytes per seeded record: 20 pages of 100 would be ~400 kB; the limit is 50 kB.
        try await TestServer.with(configure: { $0.limits.maxResponseBytes = 50_000 }) { server in
            try await server.server.seedGenerated(count: 100)
            let aliases = (0..<20).map { "p\($0): listRealEstateProperties(limit: 100) { items { id name address } nextToken }" }
            let (status, response, text) = try await server.post(body: try TestServer.body("{ \(aliases.joined(separator: " ")) }"))
            #expect(status == 200)
            let types = Self.errorTypes(response)
            #expect(!types.isEmpty && types.allSatisfy { $0 == "MappingTemplate" })
            #expect(response["errors"][0]["message"].string?.hasPrefix("Transformation too large") == true)
            #expect(response["errors"][0]["message"].string?.contains("50000 bytes") == true)
            let answered = (0..<20).filter { response["data"]["p\($0)"]["items"].array?.count == 100 }
            #expect(answered.count + types.count == 20)
            #expect(!answered.isEmpty, "pages within the limit are answered")
            #expect(text.utf8.count < 50_000 + 20 * 1000, "the answer stays near the limit: \(text.utf8.count) bytes")

            // One page within the limit is answered in full, on the next request too.
            let one = try await server.graphQL("{ listRealEstateProperties(limit: 100) { items { id } } }")
            #expect(one["errors"].isNull)
            #expect(one["data"]["listRealEstateProperties"]["items"].array?.count == 100)
        }
    }

    @Test func aPageOfTheLargestRecordsFitsTheDefaultResponseSize() {
        // The default must never refuse a single page of 1,000 at the length limits, or a
        // client could never sync such a table.
        let limits = ServerLimits()
        let widest = ModelItem(attributes: [
            "id": .string(String(repeating: "i", count: 256)), "name": .string(String(repeating: "é", count: limits.maxNameLength)),
            "address": .string(String(repeating: "東", count: limits.maxAddressLength)), "createdAt": "2026-11-23T03:00:00.000Z",
            "updatedAt": "2026-11-23T03:00:00.000Z", "_version": .int(1), "_deleted": .bool(true), "_lastChangedAt": .int(1_795_408_450_948),
        ])
        #expect(widest.estimatedBytes * limits.maxPageSize <= limits.maxResponseBytes)
    }
}
