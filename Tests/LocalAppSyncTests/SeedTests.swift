import Foundation
import GraphQL
import Testing
@testable import LocalAppSync

/// `seedGenerated` (`proptui serve --seed N`): a bulk insert into an empty store, read back
/// through the real server's sync query.
@Suite struct SeedTests {
    /// The sync query selecting `fields` of each item.
    static func sync(_ fields: String = TestServer.allFields) -> String {
        """
        query ($lastSync: AWSTimestamp, $next: String, $limit: Int) {
          syncRealEstateProperties(lastSync: $lastSync, nextToken: $next, limit: $limit) { items { \(fields) } nextToken startedAt }
        }
        """
    }

    /// Every page of a sync, in order (fails the test rather than looping on a token that never
    /// ends). Only the ids by default: the tests share a few cores with other suites whose
    /// clients wait briefly, and every selected field of every item is work for the server.
    static func allPages(_ server: TestServer, lastSync: Map = .null, limit: Int = 1000, fields: String = "id") async throws -> [[Map]] {
        var pages: [[Map]] = []
        var token: Map = .null
        repeat {
            let response = try await server.graphQL(
                sync(fields), variables: ["lastSync": lastSync, "next": token, "limit": .number(Number(limit))])
            #expect(response["errors"].isNull, "\(response["errors"])")
            let page = response["data"]["syncRealEstateProperties"]
            pages.append(page["items"].array ?? [])
            token = page["nextToken"]
        } while !token.isNull && pages.count <= 10_000
        #expect(token.isNull, "the sync never ended")
        return pages
    }

    @Test func aFullSyncReadsEverySeededPropertyOnce() async throws {
        try await TestServer.with { server in
            try await server.server.seedGenerated(count: 5000)
            let pages = try await Self.allPages(server)
            // DynamoDB's paging: a page that read its limit carries a token, even when nothing follows.
            #expect(pages.count == 6 && pages.last?.isEmpty == true)
            let ids = pages.flatMap { $0 }.compactMap { $0["id"].string }
            #expect(ids.count == 5000)
            #expect(Set(ids).count == 5000, "no property is read twice")
            #expect(ids != ids.sorted(), "in scan order (the key's hash), as DynamoDB scans, not in id order")
            // Ids as the app makes them: lowercase UUIDs.
            #expect(ids.allSatisfy { UUID(uuidString: $0) != nil && $0 == $0.lowercased() })
            // Every field, on the first 500.
            let fullPage = try await server.graphQL(Self.sync(), variables: ["limit": 500])["data"]["syncRealEstateProperties"]["items"]
            let items = fullPage.array ?? []
            #expect(items.count == 500)
            let first = try #require(items.first)
            #expect(items.allSatisfy { $0["_version"] == 1 && $0["_deleted"].isNull })
            #expect(items.allSatisfy { !($0["name"].string ?? "").isEmpty })
            // The address is optional: one in six or so is left out, as a form would leave it.
            #expect(items.filter { !($0["address"].string ?? "").isEmpty }.count > 350)
            // One bulk write: one write time, stamped as a mutation's would be.
            #expect(items.allSatisfy { $0["_lastChangedAt"] == first["_lastChangedAt"] && $0["createdAt"] == first["createdAt"] })
            #expect(first["createdAt"] == first["updatedAt"])
            #expect(first["createdAt"].string.map { $0.hasSuffix("Z") && $0.count == 24 } == true)
            #expect(Set(items.compactMap { $0["name"].string }).count > 200, "names vary")
        }
    }

    @Test func theSameCountGivesTheSameProperties() async throws {
        func firstPage() async throws -> [Map] {
            try await TestServer.with { server in
                try await server.server.seedGenerated(count: 300)
                return try await server.graphQL(Self.sync("id name address"), variables: ["limit": 100])["data"]["syncRealEstateProperties"]["items"].array ?? []
            }
        }
        let (one, two) = (try await firstPage(), try await firstPage())
        #expect(one.count == 100)
        let fields = { (items: [Map]) in items.map { [$0["id"], $0["name"], $0["address"]] } }
        #expect(fields(one) == fields(two))
    }

    @Test func seedingAStoreThatHoldsAnythingFailsAndChangesNothing() async throws {
        try await TestServer.with { server in
            let kept = try await server.create(name: "Already here")
            await #expect(throws: LocalAppSyncError.storeNotEmpty(dataDirectory: server.directory)) {
                try await server.server.seedGenerated(count: 1000)
            }
            let items = try await Self.allPages(server, fields: "id _version").flatMap { $0 }
            #expect(items.count == 1)
            #expect(items.first?["id"] == kept["id"])
            #expect(items.first?["_version"] == 1)
        }
    }

    @Test func writesAfterASeedAreOrderedAfterIt() async throws {
        try await TestServer.with { server in
            try await server.server.seedGenerated(count: 50)
            let seeded = try await Self.allPages(server, fields: "id _lastChangedAt")[0]
            let added = try await server.create(name: "After the seed")
            #expect((added["_lastChangedAt"].double ?? 0) > (seeded.first?["_lastChangedAt"].double ?? .infinity))
        }
    }

    @Test func seededStoreSurvivesARestart() async throws {
        let directory = TestServer.temporaryDirectory()
        try await TestServer.with(directory: directory) { server in try await server.server.seedGenerated(count: 1200) }
        try await TestServer.with(directory: directory) { server in
            let items = try await Self.allPages(server).flatMap { $0 }
            #expect(items.count == 1200)
        }
    }
}
