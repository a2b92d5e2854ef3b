import Foundation
import GRDB

/// The server's storage: one SQLite file (WAL mode, through a GRDB `DatabasePool`) in the
/// data directory. Everything the server answers comes from here, so it survives a restart.
final class PropertyDatabase: PropertyStore {
    let pool: DatabasePool
    let clock = WriteClock()

    init(path: String) throws {
        var configuration = Configuration()
        configuration.label = "LocalAppSync"
        // A writer waiting on a reader's checkpoint should wait, not fail.
        configuration.busyMode = .timeout(5)
        pool = try DatabasePool(path: path, configuration: configuration)
        try StoreDialectMark.check(pool, expecting: .versioned)
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
        // Delta sync pages walk (lastChangedAt, id): with both in one index, page k seeks to its
        // start whatever k is, even when many rows share one change time (a bulk seed).
        migrator.registerMigration("v2: change-order index") { db in
            // The v1 index (lastChangedAt alone) is a prefix of this one: nothing needs it now.
            try db.execute(sql: "DROP INDEX IF EXISTS index_realEstateProperty_on_lastChangedAt")
            try db.create(index: "index_realEstateProperty_on_lastChangedAt_id", on: PropertyRecord.databaseTableName, columns: ["lastChangedAt", "id"])
        }
        migrator.registerMigration("v3: dialect mark") { db in try StoreDialectMark.mark(db, as: .versioned) }
        return migrator
    }

    var isEmpty: Bool {
        get async throws {
            // Not COUNT(*): that reads every row of a big table.
            try await pool.read { db in try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM realEstateProperty)") ?? true }
        }
    }

    /// SQLite's journal mode ("wal" for a `DatabasePool`).
    func journalMode() async throws -> String? {
        try await pool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
    }

    func record(id: String) async throws -> PropertyRecord? {
        try await pool.read { db in try PropertyRecord.fetchOne(db, key: id) }
    }

    /// One scan page, DynamoDB style: `limit` rows after `cursor`; `hasMore` says whether rows
    /// remain. Without `changedSince` the scan is in id order (the primary key). With it (a delta
    /// sync) only rows changed at or after `changedSince` are read, in change order
    /// (lastChangedAt, then id) through the change-order index, so a delta never reads the rest
    /// of the table. Either way a page seeks straight to its first row: page k costs one page.
    func scan(after cursor: ScanCursor?, limit: Int, changedSince: Int64?) async throws -> (records: [PropertyRecord], hasMore: Bool) {
        let (sql, arguments) = Self.scanQuery(after: cursor, limit: limit, changedSince: changedSince)
        return try await pool.read { db in
            let rows = try PropertyRecord.fetchAll(db, sql: sql, arguments: arguments)
            return (Array(rows.prefix(limit)), rows.count > limit)
        }
    }

    /// The SQL of one scan page (one row more than `limit`, to know whether more remain).
    static func scanQuery(after cursor: ScanCursor?, limit: Int, changedSince: Int64?) -> (String, StatementArguments) {
        let table = PropertyRecord.databaseTableName
        guard let changedSince else {
            if let cursor { return ("SELECT * FROM \(table) WHERE id > ? ORDER BY id LIMIT ?", [cursor.id, limit + 1]) }
            return ("SELECT * FROM \(table) ORDER BY id LIMIT ?", [limit + 1])
        }
        if let cursor, let changedAt = cursor.changedAt {
            // The row value alone lets SQLite seek on both columns; adding `lastChangedAt >= ?`
            // (implied: the cursor's time is at least `changedSince`) makes it seek on the time
            // only and walk every row of that time before the cursor.
            return (
                "SELECT * FROM \(table) WHERE (lastChangedAt, id) > (?, ?) ORDER BY lastChangedAt, id LIMIT ?",
                [max(changedAt, changedSince), changedAt >= changedSince ? cursor.id : "", limit + 1]
            )
        }
        return ("SELECT * FROM \(table) WHERE lastChangedAt >= ? ORDER BY lastChangedAt, id LIMIT ?", [changedSince, limit + 1])
    }

    /// SQLite's plan for a scan page, one line per step ("SEARCH … USING INDEX …"): for the
    /// tests that keep pages off full-table scans.
    func scanPlan(after cursor: ScanCursor?, limit: Int, changedSince: Int64?) async throws -> [String] {
        let (sql, arguments) = Self.scanQuery(after: cursor, limit: limit, changedSince: changedSince)
        return try await pool.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }
        }
    }

    /// Runs `body` in one write transaction with the record's current row.
    func write<T: Sendable>(id: String, _ body: @Sendable @escaping (Database, PropertyRecord?) throws -> T) async throws -> T {
        try await pool.write { db in
            try body(db, try PropertyRecord.fetchOne(db, key: id))
        }
    }

    /// Fills an empty store with `count` generated properties (`GeneratedProperties`): one
    /// transaction, one prepared INSERT run per row, rows in primary-key order. The emptiness
    /// check is in the same transaction, so a store that holds anything is left exactly as it
    /// was. Every row is one write, so all share one write time, as one mutation's row would.
    /// `progress` hears the number of rows written so far, every `progressInterval` rows.
    func seedGenerated(
        count: Int, progressInterval: Int = 100_000, progress: @Sendable @escaping (Int) -> Void = { _ in }
    ) async throws {
        let clock = clock
        try await pool.write { db in
            let held = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM (SELECT 1 FROM realEstateProperty LIMIT 1)") ?? 0
            guard held == 0 else { throw SeedRefusal.storeNotEmpty }
            let time = clock.nextWriteTime()
            let stamp = WriteClock.awsDateTime(milliseconds: time)
            let insert = try db.makeStatement(sql: """
                INSERT INTO realEstateProperty (id, name, address, createdAt, updatedAt, version, deleted, lastChangedAt)
                VALUES (?, ?, ?, ?, ?, 1, NULL, ?)
                """)
            var written = 0
            for property in GeneratedProperties(count: count) {
                try insert.execute(arguments: [property.id, property.name, property.address, stamp, stamp, time])
                written += 1
                if written % progressInterval == 0 { progress(written) }
            }
        }
        // The transaction went through the WAL (as large as the rows): fold it into the
        // database file and give the space back now rather than at some later checkpoint.
        try await pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    }

    /// Why `seedGenerated` changed nothing.
    enum SeedRefusal: Error { case storeNotEmpty }

    /// Seeds a handful of sample properties, some with non-ASCII names, into an empty store.
    func seedSamples() async throws {
        for (name, address) in Self.samples {
            let time = clock.nextWriteTime()
            let stamp = WriteClock.awsDateTime(milliseconds: time)
            let record = PropertyRecord(
                id: UUID().uuidString.lowercased(), name: name, address: address,
                createdAt: stamp, updatedAt: stamp, version: 1, deleted: nil, lastChangedAt: time)
            try await pool.write { db in try record.insert(db) }
        }
    }

    /// The sample properties a new store is seeded with, some with non-ASCII names.
    static let samples: [(name: String, address: String?)] = [
        ("東京タワー アパート", "4-2-8 Shibakoen, Minato-ku, Tokyo"),
        ("Café Müller", "Hauptstraße 12, 10827 Berlin"),
        ("Maison Lumière", "7 Rue de Rivoli, 75001 Paris"),
        ("Harbour View Loft", "21 Circular Quay, Sydney NSW 2000"),
        ("Casa São João", "Rua Augusta 101, Lisboa"),
        ("Sunset Bungalow", nil),
    ]
}
