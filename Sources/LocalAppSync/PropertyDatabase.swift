import Foundation
import GRDB

/// The server's storage: one SQLite file (WAL mode, through a GRDB `DatabasePool`) in the
/// data directory. Everything the server answers comes from here, so it survives a restart.
final class PropertyDatabase: Sendable {
    let pool: DatabasePool
    let clock = WriteClock()

    init(path: String) throws {
        var configuration = Configuration()
        configuration.label = "LocalAppSync"
        // A writer waiting on a reader's checkpoint should wait, not fail.
        configuration.busyMode = .timeout(5)
        pool = try DatabasePool(path: path, configuration: configuration)
        try Self.migrator.migrate(pool)
        let latest = try pool.read { db in
            try Int64.fetchOne(db, sql: "SELECT MAX(lastChangedAt) FROM realEstateProperty")
        }
        clock.advance(past: latest ?? 0)
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: PropertyRecord.databaseTableName) { table in
                table.primaryKey("id", .text)
                table.column("name", .text).notNull()
                table.column("address", .text)
                table.column("createdAt", .text).notNull()
                table.column("updatedAt", .text).notNull()
                table.column("version", .integer).notNull()
                table.column("deleted", .boolean)
                table.column("lastChangedAt", .integer).notNull().indexed()
            }
        }
        return migrator
    }

    var isEmpty: Bool {
        get async throws {
            try await pool.read { db in try PropertyRecord.fetchCount(db) == 0 }
        }
    }

    /// SQLite's journal mode ("wal" for a `DatabasePool`).
    func journalMode() async throws -> String? {
        try await pool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
    }

    func record(id: String) async throws -> PropertyRecord? {
        try await pool.read { db in try PropertyRecord.fetchOne(db, key: id) }
    }

    /// One scan page in id order, DynamoDB style: `limit` rows after `afterID`, optionally
    /// only rows changed at or after `changedSince`; `hasMore` says whether rows remain.
    func scan(afterID: String?, limit: Int, changedSince: Int64?) async throws -> (records: [PropertyRecord], hasMore: Bool) {
        try await pool.read { db in
            var request = PropertyRecord.order(Column("id"))
            if let afterID { request = request.filter(Column("id") > afterID) }
            if let changedSince { request = request.filter(Column("lastChangedAt") >= changedSince) }
            let rows = try request.limit(limit + 1).fetchAll(db)
            return (Array(rows.prefix(limit)), rows.count > limit)
        }
    }

    /// Runs `body` in one write transaction with the record's current row.
    func write<T: Sendable>(id: String, _ body: @Sendable @escaping (Database, PropertyRecord?) throws -> T) async throws -> T {
        try await pool.write { db in
            try body(db, try PropertyRecord.fetchOne(db, key: id))
        }
    }

    /// Seeds a handful of sample properties, some with non-ASCII names, into an empty store.
    func seedSamples() async throws {
        let samples: [(String, String?)] = [
            ("東京タワー アパート", "4-2-8 Shibakoen, Minato-ku, Tokyo"),
            ("Café Müller", "Hauptstraße 12, 10827 Berlin"),
            ("Maison Lumière", "7 Rue de Rivoli, 75001 Paris"),
            ("Harbour View Loft", "21 Circular Quay, Sydney NSW 2000"),
            ("Casa São João", "Rua Augusta 101, Lisboa"),
            ("Sunset Bungalow", nil),
        ]
        for (name, address) in samples {
            let time = clock.nextWriteTime()
            let stamp = WriteClock.awsDateTime(milliseconds: time)
            let record = PropertyRecord(
                id: UUID().uuidString.lowercased(), name: name, address: address,
                createdAt: stamp, updatedAt: stamp, version: 1, deleted: nil, lastChangedAt: time)
            try await pool.write { db in try record.insert(db) }
        }
    }
}
