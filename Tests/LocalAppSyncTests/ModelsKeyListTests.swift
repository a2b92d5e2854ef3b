import AmplifyModels
import Foundation
import GraphQL
import Testing
@testable import LocalAppSync

/// A model with a composite key lists one partition in key order, as the Gen 2 transformer's
/// `list<Plural>(tenantId:, sku:, sortDirection:)` does (`identifier(['tenantId', 'sku'])`).
@Suite struct ModelsKeyListTests {
    static func seedBudgets(_ server: TestServer) async throws {
        for (tenant, sku) in [("t1", "B-1"), ("t1", "A-2"), ("t2", "A-1"), ("t1", "A-1"), ("t1", "A-10")] {
            let created = try await server.graphQL(
                #"mutation { createBudget(input: {tenantId: "\#(tenant)", sku: "\#(sku)", title: "x", limit: 1, months: []}) { sku } }"#)
            #expect(created["errors"].isNull, "\(created)")
        }
    }

    static func skus(_ answer: Map) -> [String] {
        (answer["data"]["listBudgets"]["items"].array ?? []).compactMap { $0["sku"].string }
    }

    @Test func theListTakesTheKeyArgumentsTheTransformerGives() async throws {
        try await ModelsServerTests.serve { server in
            let answer = try await server.graphQL(#"{ __type(name: "Query") { fields { name args { name type { name kind ofType { name } } } } } }"#)
            let list = (answer["data"]["__type"]["fields"].array ?? []).first { $0["name"] == "listBudgets" }
            let arguments = (list?["args"].array ?? []).map { "\($0["name"].string ?? ""): \($0["type"]["name"].string ?? "")" }
            #expect(arguments == [
                "tenantId: ID", "sku: ModelStringKeyConditionInput", "filter: ModelBudgetFilterInput", "limit: Int", "nextToken: String",
                "sortDirection: ModelSortDirection",
            ])
            let condition = try await server.graphQL(#"{ __type(name: "ModelStringKeyConditionInput") { inputFields { name } } }"#)
            let operators = (condition["data"]["__type"]["inputFields"].array ?? []).compactMap { $0["name"].string }
            #expect(operators.sorted() == ["beginsWith", "between", "eq", "ge", "gt", "le", "lt"])
        }
    }

    @Test func aPartitionIsListedInKeyOrder() async throws {
        try await ModelsServerTests.serve { server in
            try await Self.seedBudgets(server)
            let ascending = try await server.graphQL(#"{ listBudgets(tenantId: "t1") { items { sku } nextToken } }"#)
            // Strings compare by bytes, as DynamoDB orders a string sort key: A-10 before A-2.
            #expect(Self.skus(ascending) == ["A-1", "A-10", "A-2", "B-1"], "\(ascending)")
            let descending = try await server.graphQL(#"{ listBudgets(tenantId: "t1", sortDirection: DESC) { items { sku } } }"#)
            #expect(Self.skus(descending) == ["B-1", "A-2", "A-10", "A-1"])
            let prefixed = try await server.graphQL(#"{ listBudgets(tenantId: "t1", sku: {beginsWith: "A-1"}) { items { sku } } }"#)
            #expect(Self.skus(prefixed) == ["A-1", "A-10"], "\(prefixed)")
            let between = try await server.graphQL(#"{ listBudgets(tenantId: "t1", sku: {between: ["A-10", "B-0"]}) { items { sku } } }"#)
            #expect(Self.skus(between) == ["A-10", "A-2"])
            let after = try await server.graphQL(#"{ listBudgets(tenantId: "t1", sku: {gt: "A-2"}, sortDirection: DESC) { items { sku } } }"#)
            #expect(Self.skus(after) == ["B-1"])
            let one = try await server.graphQL(#"{ listBudgets(tenantId: "t2", sku: {eq: "A-1"}) { items { tenantId sku } } }"#)
            #expect(sameJSON(one["data"]["listBudgets"]["items"], [["tenantId": "t2", "sku": "A-1"]]))
        }
    }

    @Test func aPartitionIsPagedWithItsOwnTokens() async throws {
        try await ModelsServerTests.serve { server in
            try await Self.seedBudgets(server)
            var seen: [String] = []
            var token: Map = .null
            for _ in 0..<5 {
                let page = try await server.graphQL(
                    #"query ($t: String) { listBudgets(tenantId: "t1", sortDirection: DESC, limit: 3, nextToken: $t) { items { sku } nextToken } }"#,
                    variables: ["t": token])
                seen += Self.skus(page)
                token = page["data"]["listBudgets"]["nextToken"]
                if token.isNull { break }
            }
            #expect(seen == ["B-1", "A-2", "A-10", "A-1"])
            // A scan's token does not page a partition.
            let scanToken = try await server.graphQL("{ listBudgets(limit: 1) { nextToken } }")["data"]["listBudgets"]["nextToken"]
            let refused = try await server.graphQL(#"query ($t: String) { listBudgets(tenantId: "t1", nextToken: $t) { items { sku } } }"#, variables: ["t": scanToken])
            #expect(refused["errors"][0]["errorType"] == "DynamoDB:UserIllegalArgumentException")
        }
    }

    @Test func keyArgumentsWithoutThePartitionKeyAreRefusedAsTheResolverRefusesThem() async throws {
        try await ModelsServerTests.serve { server in
            let direction = try await server.graphQL("{ listBudgets(sortDirection: ASC) { items { sku } } }")
            #expect(direction["data"]["listBudgets"].isNull)
            #expect(direction["errors"][0]["errorType"] == "InvalidArgumentsError")
            #expect(direction["errors"][0]["message"] == "When providing argument 'sortDirection' you must also provide argument 'tenantId'.")
            let sortKey = try await server.graphQL(#"{ listBudgets(sku: {eq: "A"}) { items { sku } } }"#)
            #expect(sortKey["errors"][0]["message"] == "When providing argument 'sku' you must also provide arguments tenantId")
            // Without key arguments it is a scan: every partition.
            try await Self.seedBudgets(server)
            let all = try await server.graphQL("{ listBudgets { items { sku } } }")
            #expect(Self.skus(all).count == 5)
        }
    }
}
