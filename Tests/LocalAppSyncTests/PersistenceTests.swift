import GraphQL
import Testing
@testable import LocalAppSync

@Suite struct PersistenceTests {
    @Test func everythingSurvivesARestart() async throws {
        let directory = TestServer.temporaryDirectory()
        let first = try await TestServer.start(directory: directory)
        let created = try await first.create(name: "Casa São João", address: "Lisboa")
        await first.stop()
        let second = try await TestServer.start(directory: directory)
        defer { Task { await second.stop() } }
        let found = try await second.graphQL(
            "query ($id: ID!) { getRealEstateProperty(id: $id) { \(TestServer.allFields) } }", variables: ["id": created["id"]])
        #expect(sameJSON(found["data"]["getRealEstateProperty"], created))
        let next = try await second.create(name: "After restart")
        #expect((next["_lastChangedAt"].double ?? 0) > (created["_lastChangedAt"].double ?? 0))
    }

    @Test func aNewStoreIsSeededOnceWithNonASCIINames() async throws {
        let directory = TestServer.temporaryDirectory()
        let first = try await TestServer.start(directory: directory) { $0.seedSamples = true }
        let listed = try await first.graphQL("{ listRealEstateProperties { items { name } } }")
        let names = listed["data"]["listRealEstateProperties"]["items"].array?.compactMap { $0["name"].string } ?? []
        #expect(names.count >= 5)
        #expect(names.contains("東京タワー アパート") && names.contains("Café Müller"))
        await first.stop()
        let second = try await TestServer.start(directory: directory) { $0.seedSamples = true }
        defer { Task { await second.stop() } }
        let again = try await second.graphQL("{ listRealEstateProperties { items { name } } }")
        #expect(again["data"]["listRealEstateProperties"]["items"].array?.count == names.count)
    }

    @Test func emptySkipsTheSeed() async throws {
        let server = try await TestServer.start { $0.seedSamples = false }
        defer { Task { await server.stop() } }
        let listed = try await server.graphQL("{ listRealEstateProperties { items { name } } }")
        #expect(sameJSON(listed["data"]["listRealEstateProperties"]["items"], []))
    }

    @Test func theDatabaseIsInWALMode() async throws {
        let server = try await TestServer.start()
        defer { Task { await server.stop() } }
        let mode = try await server.server.database.journalMode()
        #expect(mode == "wal")
    }
}
