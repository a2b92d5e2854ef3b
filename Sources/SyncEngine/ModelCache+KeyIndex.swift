import GRDB

/// A first load writes a model's rows without the key's index, and builds it once at the end.
///
/// A server lists records in its own order (DynamoDB's scan: a hash of the key), so each batch
/// of a whole read inserted into the unique index on `key` lands on pages all over it. Once the
/// index outgrows SQLite's page cache every insert reads a page back and every commit writes
/// most of the index into the WAL again: a million records wrote gigabytes, and the cache's
/// writes took longer than the server's pages. Appended to a table with no index, then indexed
/// by one sort, the same rows cost a fraction of that.
///
/// So a large batch merged into an empty table drops the index (`appendsWithoutKeyIndex`); rows
/// are then appended, a record written twice meanwhile kept twice. Whatever needs the key (a
/// removal, the tidying after the read, a start) builds the index first (`ensureKeyIndex`),
/// keeping of each record the row an upsert would have kept: the newest version, the last
/// written among equal ones. A crash before then leaves the table without it, and the next open
/// builds it.
extension ModelCache {
    /// The index on `key` (the table's only one), named with a dot: no model's table name has one.
    var keyIndex: String { Self.quoted("model_" + layout.model.name + ".key") }

    /// Batches this large go to an empty table without the index; smaller ones are upserted as
    /// they come (a first page, a live event).
    static var appendingBatch: Int { 1_000 }

    /// Whether rows are appended now (the index is gone): it goes when a batch of at least
    /// `appendingBatch` rows meets an empty table. Read from the file's schema (GRDB keeps it
    /// until the schema changes), so a transaction rolled back leaves nothing to undo here.
    func appendsWithoutKeyIndex(batch: Int, _ db: Database) throws -> Bool {
        if try !hasKeyIndex(db) { return true }
        guard batch >= Self.appendingBatch, try !(Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(table))") ?? true) else {
            return false
        }
        if try db.indexes(on: "model_" + layout.model.name).contains(where: { $0.origin == .primaryKeyConstraint }) {
            // A table made before the index was its own (`key TEXT PRIMARY KEY`, which cannot
            // be dropped): it is empty, so it is made again as tables are made now.
            try db.execute(sql: "DROP TABLE \(table)")
            try db.execute(sql: Self.tableDefinition(table))
        } else {
            try db.execute(sql: "DROP INDEX IF EXISTS \(keyIndex)")
        }
        return true
    }

    /// Builds the index if rows were appended without it (here or before a crash).
    func ensureKeyIndex(_ db: Database) throws {
        if try !hasKeyIndex(db) { try buildKeyIndex(db) }
    }

    /// Whether the table's key is indexed (a table made before has it as its primary key).
    func hasKeyIndex(_ db: Database) throws -> Bool {
        try db.indexes(on: "model_" + layout.model.name).contains { $0.isUnique && $0.columns == ["key"] }
    }

    private func buildKeyIndex(_ db: Database) throws {
        let create = "CREATE UNIQUE INDEX IF NOT EXISTS \(keyIndex) ON \(table) (key)"
        do {
            try db.execute(sql: create)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            // A record appended twice: the copy an upsert would have kept stays.
            try db.execute(sql: """
                DELETE FROM \(table) WHERE rowid IN (
                  SELECT rowid FROM (
                    SELECT rowid, row_number() OVER (PARTITION BY key ORDER BY _version DESC, rowid DESC) AS rank FROM \(table))
                  WHERE rank > 1)
                """)
            try db.execute(sql: create)
        }
    }

    /// The statement that writes one row now: an upsert (the newer version wins), or while the
    /// index is gone an append.
    func rowWriteStatement(appending: Bool, _ db: Database) throws -> Statement {
        guard appending else { return try upsertStatement(db) }
        return try db.cachedStatement(
            sql: "INSERT INTO \(table) (key, fields, _version, _deleted, _lastChangedAt, valueBytes) VALUES (?, '', ?, ?, ?, ?)")
    }

    /// A model's table as it is made now: its key's index apart (see above).
    static func tableDefinition(_ table: String) -> String {
        """
        CREATE TABLE IF NOT EXISTS \(table) (
          key TEXT NOT NULL, fields TEXT NOT NULL,
          _version INTEGER NOT NULL, _deleted BOOLEAN NOT NULL, _lastChangedAt INTEGER, valueBytes BLOB)
        """
    }
}
