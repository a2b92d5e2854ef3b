import GraphQL
import Testing
@testable import LocalAppSync

@Suite struct PersistenceTests {
    @Test func everythingSurvivesARestart() async throws {
        let directory = TestServer.temporaryDirectory()
        let created = try await TestServer.with(directory: directory) { first in
            try await first.create(name: "Casa São João", address: "Lisboa")
        }
        try await TestServer.with(directory: directory) { second in
            let found = try await second.graphQL(
                "query ($id: ID!) { getRealEstateProperty(id: $id) { \(TestServer.allFields) } }", variables: ["id": created["id"]])
            #expect(sameJSON(found["data"]["getRealEstateProperty"], created))
            let next = try await second.create(name: "After restart")
            #expect((next["_lastChangedAt"].double ?? 0) > (created["_lastChangedAt"].double ?? 0))
        }
    }

    @Test func aNewStoreIsSeededOnceWithNonASCIINames() async throws {
        let directory = TestServer.temporaryDirectory()
        let names = try await TestServer.with(directory: directory, configure: { $0.seedSamples = true }) { first in
            let listed = try await first.graphQL("{ listRealEstateProperties { items { name } } }")
            return listed["data"]["listRealEstateProperties"]["items"].array?.compactMap { $0["name"].string } ?? []
        }
        #expect(names.count >= 5)
        #expect(names.contains("東京タワー アパート") && names.contains("Café Müller"))
        try await TestServer.with(directory: directory, configure: { $0.seedSamples = true }) { second in
            let again = try await second.graphQL("{ listRealEstateProperties { items { name } } }")
            #expect(again["data"]["listRealEstateProperties"]["items"].array?.count == names.count)
        }
    }

    @Test func emptySkipsTheSeed() async throws {
        try await TestServer.with(configure: { $0.seedSamples = false }) { server in
            let listed = try await server.graphQL("{ listRealEstateProperties { items { name } } }")
            #expect(sameJSON(listed["data"]["listRealEstateProperties"]["items"], []))
        }
    }

    @Test func theDatabaseIsInWALMode() async throws {
        try await TestServer.with { server in
            let mode = try await server.server.store.journalMode()
            #expect(mode == "wal")
        }
    }
}
