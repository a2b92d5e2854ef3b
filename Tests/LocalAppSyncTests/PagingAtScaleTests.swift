import GraphQL
import Testing
@testable import LocalAppSync

/// Pages that cost one page however deep into the table they are: list and full sync seek by
/// id, a delta sync seeks by (change time, id), and none scans the table or sorts it.
@Suite struct PagingAtScaleTests {
    @Test func everyScanPageSeeksAnIndexInsteadOfScanningTheTable() async throws {
        try await TestServer.with { server in
            let database = try #require(server.server.store as? PropertyDatabase)
            let shapes: [(ScanCursor?, Int64?)] = [
                (nil, nil), (ScanCursor(id: "m"), nil), (nil, 1_700_000_000_000),
                (ScanCursor(id: "m", changedAt: 1_700_000_000_500), 1_700_000_000_000),
            ]
            for (cursor, changedSince) in shapes {
                let plan = try await database.scanPlan(after: cursor, limit: 1000, changedSince: changedSince)
                #expect(plan.allSatisfy { !$0.contains("TEMP B-TREE") }, "no sort per page: \(plan)")
                if cursor != nil || changedSince != nil {
                    #expect(plan.contains { $0.hasPrefix("SEARCH") && $0.contains("INDEX") }, "a seek: \(plan)")
                }
                if changedSince != nil {
                    #expect(plan.contains { $0.contains("lastChangedAt_id") }, "a delta walks the change-order index: \(plan)")
                }
                if let cursor, cursor.changedAt != nil {
                    #expect(plan.contains { $0.contains("(lastChangedAt,id)>(?,?)") }, "on both columns: \(plan)")
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
            let mixed = try await server.graphQL(SeedTests.sync("id"), variables: ["limit": 3, "next": full["nextToken"], "lastSync": 0])
            #expect(mixed["errors"][0]["errorType"] == "DynamoDB:UserIllegalArgumentException")
            // A delta's token continues the delta even when a client leaves lastSync out of later pages.
            let delta = try await server.graphQL(SeedTests.sync("id"), variables: ["limit": 3, "lastSync": 0])["data"]["syncRealEstateProperties"]
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
