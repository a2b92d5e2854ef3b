import GraphQL
import Testing
@testable import LocalAppSync

@Suite struct SyncTests {
    static let sync = """
        query ($lastSync: AWSTimestamp, $next: String, $limit: Int) {
          syncRealEstateProperties(lastSync: $lastSync, nextToken: $next, limit: $limit) {
            items { id name _version _deleted _lastChangedAt } nextToken startedAt
          }
        }
        """

    @Test func deltaSyncAnswersOnlyTheChangesAndTheTombstones() async throws {
        try await TestServer.with { server in
            let kept = try await server.create(name: "Unchanged")
            let edited = try await server.create(name: "Edited")
            let removed = try await server.create(name: "Removed")

            let base = try await server.graphQL(Self.sync, variables: ["lastSync": .null])["data"]["syncRealEstateProperties"]
            #expect(base["items"].array?.count == 3)
            let startedAt = base["startedAt"]
            #expect(startedAt.isNumber)

            try await server.graphQL(
                "mutation ($id: ID!) { updateRealEstateProperty(input: {id: $id, name: \"Edited 2\", _version: 1}) { id } }",
                variables: ["id": edited["id"]])
            try await server.graphQL(
                "mutation ($id: ID!) { deleteRealEstateProperty(input: {id: $id, _version: 1}) { id } }", variables: ["id": removed["id"]])
            let added = try await server.create(name: "Added")

            let delta = try await server.graphQL(Self.sync, variables: ["lastSync": startedAt])["data"]["syncRealEstateProperties"]
            let items = delta["items"].array ?? []
            let byID = Dictionary(uniqueKeysWithValues: items.map { ($0["id"].string ?? "", $0) })
            #expect(Set(byID.keys) == Set([edited, removed, added].compactMap { $0["id"].string }))
            #expect(byID[kept["id"].string ?? ""] == nil)
            #expect(byID[removed["id"].string ?? ""]?["_deleted"] == true)
            #expect(byID[edited["id"].string ?? ""]?["name"] == "Edited 2")
            #expect((delta["startedAt"].double ?? 0) >= (startedAt.double ?? 0))
        }
    }

    @Test func syncPagesKeepTheFirstPagesStartedAt() async throws {
        try await TestServer.with { server in
            for index in 0..<5 { try await server.create(name: "P\(index)") }
            var token: Map = .null
            var startedAts: [Map] = []
            var count = 0
            repeat {
                let page = try await server.graphQL(Self.sync, variables: ["next": token, "limit": 2])["data"]["syncRealEstateProperties"]
                count += page["items"].array?.count ?? 0
                startedAts.append(page["startedAt"])
                token = page["nextToken"]
            } while !token.isNull && startedAts.count < 10
            #expect(count == 5)
            #expect(startedAts.count == 3)
            #expect(Set(startedAts.compactMap { $0.double }).count == 1)
        }
    }
}
