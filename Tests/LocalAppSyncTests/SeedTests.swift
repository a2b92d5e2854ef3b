import Foundation
import GraphQL
import Testing
@testable import LocalAppSync

/// `seedGenerated` (`proptui serve --seed N`): a bulk insert into an empty store, read back
/// through the real server's sync query.
@Suite struct SeedTests {
    static let sync = """
        query ($lastSync: AWSTimestamp, $next: String, $limit: Int) {
          syncRealEstateProperties(lastSync: $lastSync, nextToken: $next, limit: $limit) {
            items { id name address createdAt updatedAt _version _deleted _lastChangedAt } nextToken startedAt
          }
        }
        """

    /// Every page of a sync, in order (fails the test rather than looping on a token that never ends).
    static func allPages(_ server: TestServer, lastSync: Map = .null, limit: Int = 1000) async throws -> [[Map]] {
        var pages: [[Map]] = []
        var token: Map = .null
        repeat {
            let response = try await server.graphQL(sync, variables: ["lastSync": lastSync, "next": token, "limit": .number(Number(limit))])
            #expect(response["errors"].isNull, "\(response["errors"])")
            let page = response["data"]["syncRealEstateProperties"]
            pages.append(page["items"].array ?? [])
            token = page["nextToken"]
        } while !token.isNull && pages.count <= 10_000
        #expect(token.isNull, "the sync never ended")
        return pages
    }

    @Test func aFullSyncReadsEverySeededPropertyOnceInIDOrder() async throws {
        try await TestServer.with { server in
            try await server.server.seedGenerated(count: 5000)
            let pages = try await Self.allPages(server)
            #expect(pages.count == 5)
            let items = pages.flatMap { $0 }
            let ids = items.compactMap { $0["id"].string }
            #expect(ids.count == 5000)
            #expect(Set(ids).count == 5000, "no property is read twice")
            #expect(ids == ids.sorted(), "in id order, page after page")
            // Ids as the app makes them: lowercase UUIDs.
            #expect(ids.allSatisfy { UUID(uuidString: $0) != nil && $0 == $0.lowercased() })
            let first = try #require(items.first)
            #expect(items.allSatisfy { $0["_version"] == 1 && $0["_deleted"].isNull })
            #expect(items.allSatisfy { !($0["name"].string ?? "").isEmpty && !($0["address"].string ?? "").isEmpty })
            // One bulk write: one write time, stamped as a mutation's would be.
            #expect(items.allSatisfy { $0["_lastChangedAt"] == first["_lastChangedAt"] && $0["createdAt"] == first["createdAt"] })
            #expect(first["createdAt"] == first["updatedAt"])
            #expect(first["createdAt"].string.map { $0.hasSuffix("Z") && $0.count == 24 } == true)
            #expect(Set(items.compactMap { $0["name"].string }).count > 1000, "names vary")
        }
    }

    @Test func theSameCountGivesTheSameProperties() async throws {
        func firstPage() async throws -> [Map] {
            try await TestServer.with { server in
                try await server.server.seedGenerated(count: 300)
                return try await Self.allPages(server, limit: 100)[0]
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
            let items = try await Self.allPages(server).flatMap { $0 }
            #expect(items.count == 1)
            #expect(items.first?["id"] == kept["id"])
            #expect(items.first?["_version"] == 1)
        }
    }

    @Test func writesAfterASeedAreOrderedAfterIt() async throws {
        try await TestServer.with { server in
            try await server.server.seedGenerated(count: 50)
            let seeded = try await Self.allPages(server)[0]
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
