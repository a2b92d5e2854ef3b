import GRDB
import JSONValues

/// The secondary indexes' table (`modelIndexEntry`, `ModelIndexEntries`): made by a migration,
/// kept in step with every write, filled again when the indexes served change, and read a
/// partition at a time in sort key order.
extension ModelItemDatabase {
    static let indexEntryTable = "modelIndexEntry"

    /// Keyed in the order a query reads it (index, partition, sort key, then the item's key,
    /// which breaks ties: unlike a table's, an index's sort key need not be unique); a second
    /// index finds an item's rows when it is written.
    static func createIndexEntryTable(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE \(indexEntryTable) (
                model TEXT NOT NULL, indexName TEXT NOT NULL, partitionKey TEXT NOT NULL, sortKey NOT NULL, keyText TEXT NOT NULL,
                PRIMARY KEY (model, indexName, partitionKey, sortKey, keyText)
            ) WITHOUT ROWID;
            CREATE INDEX index_\(indexEntryTable)_on_model_keyText ON \(indexEntryTable) (model, keyText);
            """)
    }

    static func insertIndexEntry(_ db: Database, model: String, entry: ModelIndexEntries.Entry, keyText: String) throws {
        try db.execute(
            sql: "INSERT OR IGNORE INTO \(indexEntryTable) (model, indexName, partitionKey, sortKey, keyText) VALUES (?, ?, ?, ?, ?)",
            arguments: [model, entry.index, entry.partitionText, entry.sortValue, keyText])
    }

    /// Indexes every item for the indexes being served, unless the store was indexed for exactly
    /// these (as `indexReferences` does for relations).
    func indexSecondaryIndexes() throws {
        let indexes = indexEntries
        try fillAgain(Self.indexEntryTable, for: "indexes", signature: indexes.signature, models: Array(indexes.byModel.keys)) {
            db, model, item, keyText in
            for entry in indexes.entries(model: model, item: item) {
                try Self.insertIndexEntry(db, model: model, entry: entry, keyText: keyText)
            }
        }
    }

    /// One page of an index's partition, in sort key order (then key order, among equal sort
    /// keys), after `cursor` (the last row's sort key and key), each item read by its key.
    func indexPartition(
        model: String, index: String, partitionText: String, condition: SortCondition?, descending: Bool,
        after cursor: (sortValue: DatabaseValue, keyText: String)?, limit: Int
    ) async throws -> [Row] {
        var sql = """
            SELECT i.keyText AS keyText, i.item AS item, i.writtenAt AS writtenAt FROM \(Self.indexEntryTable) e
            JOIN \(Self.table) i ON i.model = e.model AND i.keyText = e.keyText
            WHERE e.model = ? AND e.indexName = ? AND e.partitionKey = ?
            """
        var arguments: StatementArguments = [model, index, partitionText]
        if let (clause, values) = condition?.sql(column: "e.sortKey") {
            sql += " AND " + clause
            arguments += values
        }
        if let cursor {
            // The row value lets SQLite seek on both columns at once.
            sql += descending ? " AND (e.sortKey, e.keyText) < (?, ?)" : " AND (e.sortKey, e.keyText) > (?, ?)"
            arguments += [cursor.sortValue, cursor.keyText]
        }
        sql += descending ? " ORDER BY e.sortKey DESC, e.keyText DESC LIMIT ?" : " ORDER BY e.sortKey, e.keyText LIMIT ?"
        arguments += [limit]
        return try await rows(sql, arguments)
    }
}
