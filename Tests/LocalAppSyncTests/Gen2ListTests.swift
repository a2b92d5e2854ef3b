import Foundation
import GraphQL
import Testing
@testable import LocalAppSync

/// The Gen 2 dialect's list: a DynamoDB scan in hash order, where `limit` counts the items read
/// and the filter applies after.
@Suite struct Gen2ListTests {
    static let page = """
        query ($filter: ModelRealEstatePropertyFilterInput, $limit: Int, $nextToken: String) {
          listRealEstateProperties(filter: $filter, limit: $limit, nextToken: $nextToken) { items { id name } nextToken }
        }
        """

    /// Every page of a list, walked to its end: the ids of each page, and each page's token.
    static func walk(_ server: TestServer, limit: Int?, filter: Map = .null) async throws -> [(ids: [String], token: String?)] {
        var pages: [(ids: [String], token: String?)] = []
        var token: Map = .null
        repeat {
            let answer = try await server.graphQL(
                page, variables: ["filter": filter, "limit": limit.map { .number(Number($0)) } ?? .null, "nextToken": token])
            #expect(answer["errors"].isNull, "\(answer)")
            let connection = answer["data"]["listRealEstateProperties"]
            let ids = (connection["items"].array ?? []).compactMap { $0["id"].string }
            pages.append((ids, connection["nextToken"].string))
            token = connection["nextToken"]
        } while !token.isNull && pages.count < 1000
        return pages
    }

    @Test func aScanIsInHashOrderNotCreationOrIdOrder() async throws {
        try await TestServer.gen2 { server in
            let created = (0..<30).map { String(format: "p%02d", $0) }
            for id in created { try await server.create(name: "Property \(id)", id: id) }
            let listed = try await Self.walk(server, limit: 7).flatMap(\.ids)
            #expect(Set(listed) == Set(created) && listed.count == created.count)
            #expect(listed != created, "not creation (here also id) order")
            #expect(listed == created.sorted { (ScanOrder.key(of: $0), $0) < (ScanOrder.key(of: $1), $1) })
        }
    }

    @Test func limitCountsTheItemsReadAndTheFilterAppliesAfter() async throws {
        try await TestServer.gen2 { server in
            for index in 0..<9 { try await server.create(name: index == 4 ? "Needle" : "Hay \(index)", id: "i\(index)") }
            let pages = try await Self.walk(server, limit: 3, filter: ["name": ["eq": "Needle"]])
            // 9 items read 3 at a time: three full reads, each with a token (DynamoDB answers
            // LastEvaluatedKey whenever it read `limit` items), then an empty last read.
            #expect(pages.count == 4)
            #expect(pages.flatMap(\.ids) == ["i4"])
            #expect(pages.filter { $0.ids.isEmpty && $0.token != nil }.count >= 2, "filtered pages may be empty and still go on")
            #expect(pages.dropLast().allSatisfy { $0.token != nil } && pages.last?.token == nil && pages.last?.ids == [])
        }
    }

    @Test func theDefaultLimitIs100AndTheLargestPage1000() async throws {
        try await TestServer.gen2 { server in
            try await server.server.seedGenerated(count: 150)
            let first = try await server.graphQL("{ listRealEstateProperties { items { id } nextToken } }")
            #expect(first["data"]["listRealEstateProperties"]["items"].array?.count == 100)
            #expect(first["data"]["listRealEstateProperties"]["nextToken"].string != nil)
            let all = try await Self.walk(server, limit: 1000)
            #expect(all.count == 1 && all[0].ids.count == 150 && all[0].token == nil)
            let tooMany = try await server.graphQL("{ listRealEstateProperties(limit: 1001) { items { id } } }")
            #expect(tooMany["errors"][0]["errorType"] == "ValidationException")
        }
    }

    @Test func aTokenIsOpaqueAndOneNotIssuedIsRefused() async throws {
        try await TestServer.gen2 { server in
            let refused = try await server.graphQL(#"{ listRealEstateProperties(nextToken: "not-a-token") { items { id } } }"#)
            #expect(refused["data"]["listRealEstateProperties"].isNull)
            #expect(refused["errors"][0]["errorType"] == "DynamoDB:UserIllegalArgumentException")
        }
    }

    /// A restart keeps the order: it comes from the ids, not from the process.
    @Test func theScanOrderSurvivesARestart() async throws {
        let directory = TestServer.temporaryDirectory()
        let before = try await TestServer.gen2(directory: directory) { server in
            for index in 0..<12 { try await server.create(name: "R\(index)", id: "r\(index)") }
            return try await Self.walk(server, limit: 5).flatMap(\.ids)
        }
        let after = try await TestServer.gen2(directory: directory) { server in try await Self.walk(server, limit: 5).flatMap(\.ids) }
        #expect(before == after && before.count == 12)
    }

    /// The fast page path answers exactly what the library's execution answers.
    @Test func theFastPagePathAnswersAsTheLibraryDoes() async throws {
        let directory = TestServer.temporaryDirectory()
        try await TestServer.gen2(directory: directory) { server in
            try await server.server.seedGenerated(count: 40)
            try await server.graphQL(#"mutation { createRealEstateProperty(input: {id: "n", name: "Null", address: null}) { id } }"#)
        }
        let query = """
            { a: listRealEstateProperties(limit: 15, filter: {name: {beginsWith: "S"}}) { items { id name address createdAt updatedAt __typename } nextToken __typename }
              b: getRealEstateProperty(id: "n") { id address } }
            """
        let fast = try await TestServer.gen2(directory: directory) { try await $0.post(body: TestServer.body(query)).text }
        let slow = try await TestServer.gen2(directory: directory, configure: { $0.fastPagePath = false }) {
            try await $0.post(body: TestServer.body(query)).json
        }
        let fastJSON = try JSONDecoder().decode(Map.self, from: Data(fast.utf8))
        #expect(sameJSON(fastJSON, slow))
        #expect(slow["data"]["a"]["nextToken"].string != nil)
    }
}
