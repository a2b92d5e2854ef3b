import GraphQL
import Testing
@testable import LocalAppSync

/// Pages that cost one page however deep into the table they are: list and full sync seek by
/// (scan order, key), the table's own order, a delta sync by (write time, key), and none scans
/// the table or sorts it.
@Suite struct PagingAtScaleTests {
    @Test(arguments: ServedDialect.allCases)
    func everyScanPageSeeksAnIndexInsteadOfScanningTheTable(dialect: ServedDialect) async throws {
        try await TestServer.with(configure: { $0.schema = dialect }) { server in
            let database = server.server.store
            let key = ItemKey(values: [.string("m")])
            let model = "RealEstateProperty"
            let queries = [
                ModelItemDatabase.scanQuery(model: model, after: nil, limit: 1000),
                ModelItemDatabase.scanQuery(model: model, after: key, limit: 1000),
                ModelItemDatabase.changesQuery(model: model, since: 1_700_000_000_000, after: nil, limit: 1000),
                ModelItemDatabase.changesQuery(model: model, since: 1_700_000_000_000, after: (1_700_000_000_500, key.text), limit: 1000),
            ]
            for (index, (sql, arguments)) in queries.enumerated() {
                let plan = try await database.plan(sql, arguments)
                #expect(plan.allSatisfy { !$0.contains("TEMP B-TREE") }, "no sort per page: \(plan)")
                #expect(plan.contains { $0.hasPrefix("SEARCH") && ($0.contains("INDEX") || $0.contains("PRIMARY KEY")) }, "a seek: \(plan)")
                if index < 2 {
                    // The table is kept in scan order: a scan page reads neighbouring rows, with
                    // no lookup from an index into the table per item.
                    #expect(plan.contains { $0.contains("USING PRIMARY KEY") }, "the table's own order: \(plan)")
                }
                if index == 1 { #expect(plan.contains { $0.contains("(scanKey,keyText)>(?,?)") }, "on both columns: \(plan)") }
                if index >= 2 {
                    #expect(plan.contains { $0.contains("writtenAt_keyText") }, "a delta walks the change-order index: \(plan)")
                    #expect(plan.contains { $0.contains("(writtenAt,keyText)>(?,?)") }, "on both columns: \(plan)")
                }
            }
        }
    }

    @Test func aDeltaSyncReadsEachChangeOnceInChangeOrder() async throws {
        try await TestServer.with { server in
            try await server.server.seedGenerated(count: 2500)
            let base = try await server.graphQL(SeedTests.sync("id"), variables: ["limit": 1])["data"]["syncRealEstateProperties"]
            let startedAt = base["startedAt"]
            // Everything since before the seed: all 2,500 rows share one change time, and the
            // pages still continue where the last one stopped.
            let all = try await SeedTests.allPages(server, lastSync: 0, limit: 700).flatMap { $0 }
            #expect(all.count == 2500)
            #expect(Set(all.compactMap { $0["id"].string }).count == 2500)

            // Changes after the full sync: only those, each once, oldest first.
            var changed: [String] = []
            for item in all.prefix(5) {
                let id = try #require(item["id"].string)
                let answer = try await server.graphQL(
                    "mutation ($id: ID!) { updateRealEstateProperty(input: {id: $id, name: \"Changed\", _version: 1}) { id } }",
                    variables: ["id": .string(id)])
                #expect(answer["errors"].isNull)
                changed.append(id)
            }
            let delta = try await SeedTests.allPages(server, lastSync: startedAt, limit: 2)
            #expect(delta.count == 3)
            #expect(delta.flatMap { $0 }.compactMap { $0["id"].string } == changed)
        }
    }

    @Test func aFullSyncTokenCannotContinueADelta() async throws {
        try await TestServer.with { server in
            try await server.server.seedGenerated(count: 10)
            let full = try await server.graphQL(SeedTests.sync("id"), variables: ["limit": 3])["data"]["syncRealEstateProperties"]
            // (A `lastSync` of 0 is no time at all: the base query, which a full sync's token continues.)
            let mixed = try await server.graphQL(SeedTests.sync("id"), variables: ["limit": 3, "next": full["nextToken"], "lastSync": 1])
            #expect(mixed["errors"][0]["errorType"] == "DynamoDB:UserIllegalArgumentException")
            // A delta's token continues the delta even when a client leaves lastSync out of later pages.
            let delta = try await server.graphQL(SeedTests.sync("id"), variables: ["limit": 3, "lastSync": 1])["data"]["syncRealEstateProperties"]
            var ids = delta["items"].array?.compactMap { $0["id"].string } ?? []
            var token = delta["nextToken"]
            while !token.isNull && ids.count < 20 {
                let page = try await server.graphQL(SeedTests.sync("id"), variables: ["limit": 3, "next": token])["data"]["syncRealEstateProperties"]
                ids += page["items"].array?.compactMap { $0["id"].string } ?? []
                token = page["nextToken"]
            }
            #expect(ids.count == 10 && Set(ids).count == 10)
        }
    }
}
