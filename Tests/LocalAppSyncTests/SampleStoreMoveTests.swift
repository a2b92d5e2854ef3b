import Foundation
import GRDB
import GraphQL
import Testing
@testable import LocalAppSync

/// A data directory written while the sample had stores of its own (a `realEstateProperty`
/// table on the versioned dialect, `gen2RealEstateProperty` on Gen 2) keeps every property when
/// the sample is served by the models store: each row becomes the item it stood for (versions,
/// tombstones, a NULL address and an absent one told apart), a delta sync since before the move
/// still answers what changed after it, and the old table is gone.
@Suite struct SampleStoreMoveTests {
    @Test func aVersionedStoreOfTheSamplesOwnKeepsItsProperties() async throws {
        let directory = TestServer.temporaryDirectory()
        let queue = try DatabaseQueue(path: directory + "/" + ModelItemDatabase.fileName(.versioned, sample: true))
        try await queue.write { db in
            try db.execute(sql: """
                CREATE TABLE realEstateProperty (id TEXT PRIMARY KEY, name TEXT NOT NULL, address TEXT, createdAt TEXT NOT NULL,
                  updatedAt TEXT NOT NULL, version INTEGER NOT NULL, deleted BOOLEAN, lastChangedAt INTEGER NOT NULL);
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('v1'), ('v2: change-order index');
                INSERT INTO realEstateProperty VALUES
                  ('a', 'Café Müller', 'Hauptstraße 12', '2026-11-01T10:00:00.000Z', '2026-11-02T10:00:00.000Z', 3, NULL, 1790000000000),
                  ('b', 'Gone', NULL, '2026-11-01T10:00:00.000Z', '2026-11-03T10:00:00.000Z', 2, 1, 1790000000500);
                """)
        }
        try queue.close()
        try await TestServer.with(directory: directory) { server in
            let all = try await server.graphQL(#"{ syncRealEstateProperties { items { \#(TestServer.allFields) } } }"#)
            let items = (all["data"]["syncRealEstateProperties"]["items"].array ?? []).sorted { ($0["id"].string ?? "") < ($1["id"].string ?? "") }
            #expect(items.count == 2)
            #expect(items.first?["name"] == "Café Müller" && items.first?["address"] == "Hauptstraße 12" && items.first?["_version"] == 3)
            #expect(items.first?["updatedAt"] == "2026-11-02T10:00:00.000Z" && items.first?["_lastChangedAt"] == 1_790_000_000_000)
            #expect(items.last?["_deleted"] == true && items.last?["address"].isNull == true && items.last?["_version"] == 2)
            // A delta since between the two writes answers the later one only.
            let delta = try await server.graphQL(#"{ syncRealEstateProperties(lastSync: 1790000000100) { items { id } } }"#)
            #expect(delta["data"]["syncRealEstateProperties"]["items"] == [["id": "b"]])
            // A write after the move gets a later time and the next version.
            let renamed = try await server.graphQL(#"mutation { updateRealEstateProperty(input: {id: "a", name: "Renamed", _version: 3}) { _version } }"#)
            #expect(renamed["data"]["updateRealEstateProperty"]["_version"] == 4)
        }
        let tables = try await DatabaseQueue(path: directory + "/" + ModelItemDatabase.fileName(.versioned, sample: true)).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        #expect(!tables.contains("realEstateProperty"))
    }

    @Test func aGen2StoreOfTheSamplesOwnKeepsItsItems() async throws {
        let directory = TestServer.temporaryDirectory()
        let queue = try DatabaseQueue(path: directory + "/" + ModelItemDatabase.fileName(.gen2, sample: true))
        try await queue.write { db in
            try db.execute(sql: """
                CREATE TABLE storeDialect (name TEXT NOT NULL);
                INSERT INTO storeDialect VALUES ('gen2');
                CREATE TABLE gen2RealEstateProperty (id TEXT PRIMARY KEY, name TEXT NOT NULL, address TEXT, hasAddress BOOLEAN NOT NULL,
                  createdAt TEXT NOT NULL, updatedAt TEXT NOT NULL, writtenAt INTEGER NOT NULL, scanKey INTEGER NOT NULL);
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('gen2 v1');
                INSERT INTO gen2RealEstateProperty VALUES
                  ('with', 'With', 'Somewhere', 1, '2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.000Z', 1790000000000, 1),
                  ('null', 'Null', NULL, 1, '2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.000Z', 1790000000001, 2),
                  ('absent', 'Absent', NULL, 0, '2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.000Z', 1790000000002, 3);
                """)
        }
        try queue.close()
        try await TestServer.gen2(directory: directory) { server in
            let all = try await server.graphQL("{ listRealEstateProperties { items { id name address } } }")
            #expect(Set(all["data"]["listRealEstateProperties"]["items"].array?.compactMap { $0["id"].string } ?? []) == ["with", "null", "absent"])
            // NULL and absent stay apart: only the absent one has no address attribute.
            let absent = try await server.graphQL("{ listRealEstateProperties(filter: {address: {attributeExists: false}}) { items { id } } }")
            #expect(absent["data"]["listRealEstateProperties"]["items"] == [["id": "absent"]])
        }
    }
}
