import Foundation
import GRDB

/// The Gen 2 dialect's store: one SQLite file (WAL, a GRDB `DatabasePool`) of `StoredItem`s,
/// read in scan order (`ScanOrder`) through an index on (scanKey, id), so page k seeks straight
/// to its first item. There are no tombstones: a delete removes the row.
final class ItemDatabase: PropertyStore {
    let pool: DatabasePool
    let clock = WriteClock()
    private static let table = StoredItem.databaseTableName

    init(path: String) throws {
        var configuration = Configuration()
        configuration.label = "LocalAppSync.gen2"
        // A writer waiting on a reader's checkpoint should wait, not fail.
        configuration.busyMode = .timeout(5)
        pool = try DatabasePool(path: path, configuration: configuration)
        try StoreDialectMark.check(pool, expecting: .gen2)
        try Self.migrator.migrate(pool)
        let latest = try pool.read { db in try Int64.fetchOne(db, sql: "SELECT MAX(writtenAt) FROM \(Self.table)") }
        clock.advance(past: latest ?? 0)
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("gen2 v1") { db in
            try StoreDialectMark.mark(db, as: .gen2)
            try db.create(table: table) { table in
                table.primaryKey("id", .text)
                table.column("name", .text).notNull()
                table.column("address", .text)
                table.column("hasAddress", .boolean).notNull()
                table.column("createdAt", .text).notNull()
                table.column("updatedAt", .text).notNull()
                table.column("writtenAt", .integer).notNull()
                table.column("scanKey", .integer).notNull()
            }
            try db.create(index: "index_\(table)_on_scanKey_id", on: table, columns: ["scanKey", "id"])
        }
        return migrator
    }

    var isEmpty: Bool {
        get async throws {
            try await pool.read { db in try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM \(Self.table))") ?? true }
        }
    }

    func journalMode() async throws -> String? {
        try await pool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
    }

    func item(id: String) async throws -> StoredItem? {
        try await pool.read { db in try StoredItem.fetchOne(db, key: id) }
    }

    /// One scan page: the next `limit` items in scan order after `cursor`.
    func scan(after cursor: ScanOrder.Cursor?, limit: Int) async throws -> [StoredItem] {
        let (sql, arguments) = Self.scanQuery(after: cursor, limit: limit)
        return try await pool.read { db in try StoredItem.fetchAll(db, sql: sql, arguments: arguments) }
    }

    static func scanQuery(after cursor: ScanOrder.Cursor?, limit: Int) -> (String, StatementArguments) {
        guard let cursor else { return ("SELECT * FROM \(table) ORDER BY scanKey, id LIMIT ?", [limit]) }
        // The row value lets SQLite seek on both columns of the index at once.
        return ("SELECT * FROM \(table) WHERE (scanKey, id) > (?, ?) ORDER BY scanKey, id LIMIT ?", [cursor.afterKey, cursor.afterID, limit])
    }

    /// SQLite's plan for a scan page, one line per step: for the test that keeps pages off
    /// full-table scans and sorts.
    func scanPlan(after cursor: ScanOrder.Cursor?, limit: Int) async throws -> [String] {
        let (sql, arguments) = Self.scanQuery(after: cursor, limit: limit)
        return try await pool.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }
        }
    }

    /// Runs `body` in one write transaction with the item's current row (nil: absent).
    func write<T: Sendable>(id: String, _ body: @Sendable @escaping (Database, StoredItem?) throws -> T) async throws -> T {
        try await pool.write { db in try body(db, try StoredItem.fetchOne(db, key: id)) }
    }

    /// A new item written now: both timestamps from the write clock.
    func newItem(id: String, name: String, address: String??) -> StoredItem {
        let time = clock.nextWriteTime()
        let stamp = WriteClock.awsDateTime(milliseconds: time)
        return StoredItem(
            id: id, name: name, address: address ?? nil, hasAddress: address != nil, createdAt: stamp, updatedAt: stamp,
            writtenAt: time, scanKey: ScanOrder.key(of: id))
    }

    func seedSamples() async throws {
        for (name, address) in PropertyDatabase.samples {
            // A sample without an address never wrote one: the attribute is absent.
            let item = newItem(id: UUID().uuidString.lowercased(), name: name, address: address.map { .some($0) })
            try await pool.write { db in try item.insert(db) }
        }
    }

    func seedGenerated(count: Int, progressInterval: Int, progress: @Sendable @escaping (Int) -> Void) async throws {
        let clock = clock
        try await pool.write { db in
            let held = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM (SELECT 1 FROM \(Self.table) LIMIT 1)") ?? 0
            guard held == 0 else { throw PropertyDatabase.SeedRefusal.storeNotEmpty }
            let time = clock.nextWriteTime()
            let stamp = WriteClock.awsDateTime(milliseconds: time)
            let insert = try db.makeStatement(sql: """
                INSERT INTO \(Self.table) (id, name, address, hasAddress, createdAt, updatedAt, writtenAt, scanKey)
                VALUES (?, ?, ?, 1, ?, ?, ?, ?)
                """)
            var written = 0
            for property in GeneratedProperties(count: count) {
                try insert.execute(arguments: [
                    property.id, property.name, property.address, stamp, stamp, time, ScanOrder.key(of: property.id),
                ])
                written += 1
                if written % progressInterval == 0 { progress(written) }
            }
        }
        try await pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    }
}
