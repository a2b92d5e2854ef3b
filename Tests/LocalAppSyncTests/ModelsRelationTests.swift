import AmplifyModels
import Foundation
import GraphQL
import Testing
@testable import LocalAppSync

/// Relations of your own models resolve as Amplify's Gen 2 resolvers resolve them: a
/// `belongsTo` is its parent (or null), a `hasMany` a connection of the children, read through
/// the relation's index; and nested connections stop at the request's limits.
@Suite struct ModelsRelationTests {
    static func seedCategories(_ server: TestServer) async throws {
        for (id, name) in [("c1", "Food"), ("c2", "Rent")] {
            try await server.graphQL(#"mutation { createCategory(input: {id: "\#(id)", name: "\#(name)"}) { id } }"#)
        }
        for (id, category) in [("t1", "c1"), ("t2", "c1"), ("t3", "c2"), ("t4", nil), ("t5", "gone")] {
            let reference = category.map { #", categoryId: "\#($0)""# } ?? ""
            try await server.graphQL(
                #"mutation { createTransaction(input: {id: "\#(id)", description: "\#(id)", amount: 1, kind: EXPENSE, date: "2026-11-25"\#(reference)}) { id } }"#)
        }
    }

    @Test func aBelongsToIsItsParentOrNull() async throws {
        try await ModelsServerTests.serve { server in
            try await Self.seedCategories(server)
            let listed = try await server.graphQL("{ listTransactions { items { id category { id name } } } }")
            #expect(listed["errors"].isNull, "\(listed)")
            var parents: [String: Map] = [:]
            for item in listed["data"]["listTransactions"]["items"].array ?? [] { parents[item["id"].string ?? ""] = item["category"] }
            #expect(parents["t1"]?["name"] == "Food" && parents["t3"]?["name"] == "Rent")
            // No key, or the key of nothing: null, no error.
            #expect(parents["t4"]?.isNull == true && parents["t5"]?.isNull == true)
        }
    }

    @Test func aHasManyIsAPagedConnectionOfTheChildren() async throws {
        try await ModelsServerTests.serve { server in
            try await Self.seedCategories(server)
            let all = try await server.graphQL(#"{ getCategory(id: "c1") { name transactions { items { id } nextToken } } }"#)
            #expect(all["data"]["getCategory"]["transactions"]["items"] == [["id": "t1"], ["id": "t2"]], "\(all)")
            let first = try await server.graphQL(#"{ getCategory(id: "c1") { transactions(limit: 1) { items { id } nextToken } } }"#)
            let page = first["data"]["getCategory"]["transactions"]
            #expect(page["items"] == [["id": "t1"]])
            let token = try #require(page["nextToken"].string)
            let second = try await server.graphQL(
                #"query ($t: String) { getCategory(id: "c1") { transactions(limit: 1, nextToken: $t) { items { id } } } }"#, variables: ["t": .string(token)])
            #expect(second["data"]["getCategory"]["transactions"]["items"] == [["id": "t2"]])
            let backwards = try await server.graphQL(#"{ getCategory(id: "c1") { transactions(sortDirection: DESC) { items { id } } } }"#)
            #expect(backwards["data"]["getCategory"]["transactions"]["items"] == [["id": "t2"], ["id": "t1"]])
            let filtered = try await server.graphQL(#"{ getCategory(id: "c1") { transactions(filter: {description: {eq: "t2"}}) { items { id } } } }"#)
            #expect(filtered["data"]["getCategory"]["transactions"]["items"] == [["id": "t2"]])
            // A token of one parent's children is not another's.
            let foreign = try await server.graphQL(
                #"query ($t: String) { getCategory(id: "c2") { transactions(nextToken: $t) { items { id } } } }"#, variables: ["t": .string(token)])
            #expect(foreign["errors"][0]["errorType"] == "DynamoDB:UserIllegalArgumentException")
        }
    }

    @Test func theChildrenFollowTheirWrites() async throws {
        try await ModelsServerTests.serve { server in
            try await Self.seedCategories(server)
            try await server.graphQL(#"mutation { updateTransaction(input: {id: "t2", categoryId: "c2"}) { id } }"#)
            try await server.graphQL(#"mutation { deleteTransaction(input: {id: "t1"}) { id } }"#)
            try await server.graphQL(#"mutation { updateTransaction(input: {id: "t3", categoryId: null}) { id } }"#)
            let answer = try await server.graphQL("{ listCategories { items { id transactions { items { id } } } } }")
            var children: [String: Map] = [:]
            for item in answer["data"]["listCategories"]["items"].array ?? [] { children[item["id"].string ?? ""] = item["transactions"]["items"] }
            #expect(children["c1"] == [] && children["c2"] == [["id": "t2"]], "\(answer)")
            // The mutation's own answer resolves its relation too.
            let moved = try await server.graphQL(#"mutation { updateTransaction(input: {id: "t4", categoryId: "c1"}) { category { name } } }"#)
            #expect(moved["data"]["updateTransaction"]["category"]["name"] == "Food")
        }
    }

    @Test func nestedRelationsStopAtTheRequestsResolverLimit() async throws {
        let models = try ModelsServerTests.models()
        try await TestServer.gen2(configure: { $0.models = models; $0.limits.maxResolversPerRequest = 6 }) { server in
            try await Self.seedCategories(server)
            let answer = try await server.graphQL(
                "{ listTransactions { items { id category { transactions { items { category { transactions { items { id } } } } } } } } }")
            let errors = answer["errors"].array ?? []
            #expect(!errors.isEmpty && errors.allSatisfy { $0["errorType"] == "ResolverExecutionLimitReached" }, "\(answer)")
        }
    }

    @Test func nestedPagesStopAtTheAnswersSize() async throws {
        let models = try ModelsServerTests.models()
        try await TestServer.gen2(configure: { $0.models = models; $0.limits.maxResponseBytes = 2_000 }) { server in
            try await Self.seedCategories(server)
            // Each nested page is reserved before it is read (300 bytes a row of its limit).
            let answer = try await server.graphQL("{ listCategories { items { id transactions(limit: 1000) { items { id } } } } }")
            #expect(answer["errors"][0]["errorType"] == "MappingTemplate", "\(answer)")
        }
    }

    @Test func aVersionedChildrenConnectionCarriesVersions() async throws {
        try await ModelsVersionedServerTests.serve { server in
            try await Self.seedCategories(server)
            let answer = try await server.graphQL(#"{ getCategory(id: "c1") { transactions { items { id _version } startedAt } } }"#)
            #expect(sameJSON(answer["data"]["getCategory"]["transactions"]["items"], [["id": "t1", "_version": 1], ["id": "t2", "_version": 1]]), "\(answer)")
        }
    }
}
