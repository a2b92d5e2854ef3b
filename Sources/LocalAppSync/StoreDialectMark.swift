import GRDB

/// Each store remembers which dialect wrote it (a one-row table), so that a file is never
/// served under the other dialect, whose rows mean something else (a versioned tombstone is a
/// live row to Gen 2; a Gen 2 row has no `_version`). Checked before any migration runs, so a
/// refused file is left exactly as it was.
enum StoreDialectMark {
    static let tableName = "storeDialect"

    /// Throws `Mismatch` when the store at `pool` was written by another dialect.
    static func check(_ pool: DatabasePool, expecting expected: ServedDialect) throws {
        let found: String? = try pool.read { db in
            if try db.tableExists(tableName) {
                return try String.fetchOne(db, sql: "SELECT name FROM \(tableName)") ?? "unknown"
            }
            // The versioned store's table, from before stores were marked.
            if try db.tableExists("realEstateProperty") { return ServedDialect.versioned.rawValue }
            return nil  // a new file
        }
        if let found, found != expected.rawValue { throw Mismatch(stored: found, requested: expected) }
    }

    /// Marks a store (in a migration, so once).
    static func mark(_ db: Database, as dialect: ServedDialect) throws {
        try db.create(table: tableName) { table in table.column("name", .text).notNull() }
        try db.execute(sql: "INSERT INTO \(tableName) (name) VALUES (?)", arguments: [dialect.rawValue])
    }

    struct Mismatch: Error {
        let stored: String
        let requested: ServedDialect
    }
}
