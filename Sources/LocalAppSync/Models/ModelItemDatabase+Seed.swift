import GRDB
import JSONValues

/// `serve --models --seed N`: `ModelSeed`'s items of every model in one transaction, one
/// prepared INSERT run per row (and one per relation or secondary index row), not N mutations.
extension ModelItemDatabase {
    /// Drops the item table's secondary indexes; answers the SQL that makes them again.
    private static func dropSecondaryIndexes(_ db: Database) throws -> [String] {
        let indexes = try GRDB.Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL", arguments: [table])
        for index in indexes { try db.execute(sql: "DROP INDEX \(index["name"] as String)") }
        return indexes.map { $0["sql"] }
    }

    func seedGenerated(count: Int, progressInterval: Int, progress: @Sendable @escaping (Int) -> Void) async throws {
        let (seed, clock, references, indexEntries, versioned) = (seed, clock, references, indexEntries, dialect == .versioned)
        try await pool.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM \(Self.table))") ?? true else {
                throw SeedRefusal.storeNotEmpty
            }
            // Into an empty table, building the indexes once after the rows is several times faster
            // than keeping four B-trees ordered through random keys; it is one transaction either way.
            let indexes = try Self.dropSecondaryIndexes(db)
            // Every row is one write, so all share one write time, as the sample's seed does.
            let time = clock.nextWriteTime()
            let stamp = JSONValue.string(WriteClock.awsDateTime(milliseconds: time))
            // The items go to a scratch table first, in the order they are made, then into the item
            // table in its own order (scan order) in one pass: SQLite sorts them on the way (its
            // sorter spills to disk, so memory stays bounded), and the table's B-tree is written
            // left to right instead of at a random place per item (1,000,000 of the sample: 47 s
            // inserted in the order made).
            try db.execute(sql: "CREATE TEMP TABLE seedItem (model, keyText, scanKey, partitionKey, sortKey, item, writtenAt)")
            let insert = try db.makeStatement(sql: """
                INSERT INTO temp.seedItem (model, keyText, scanKey, partitionKey, sortKey, item, writtenAt) VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
            // Secondary index rows likewise: made in item order, written in the index's order.
            try db.execute(sql: "CREATE TEMP TABLE seedIndexEntry (model, indexName, partitionKey, sortKey, keyText)")
            let indexEntry = try db.makeStatement(sql: "INSERT INTO temp.seedIndexEntry (model, indexName, partitionKey, sortKey, keyText) VALUES (?, ?, ?, ?, ?)")
            let reference = try db.makeStatement(sql: "INSERT OR IGNORE INTO \(Self.referenceTable) (model, relation, valueText, keyText) VALUES (?, ?, ?, ?)")
            var written = 0
            for model in seed.schema.models {
                for index in 0..<count {
                    var item = seed.item(model, index: index, count: count)
                    item.attributes["createdAt"] = stamp
                    item.attributes["updatedAt"] = stamp
                    if versioned {
                        item.attributes["_version"] = .int(1)
                        item.attributes["_lastChangedAt"] = .int(time)
                    }
                    guard let key = item.key(in: model) else { continue }
                    let (keyText, partitionText) = (key.text, key.partitionText)
                    try insert.execute(arguments: [
                        model.name, keyText, ScanOrder.key(of: partitionText), partitionText, key.sortValue, JSONWriter.sortedText(.object(item.attributes)), time,
                    ])
                    for entry in references.entries(model: model.name, item: item) {
                        try reference.execute(arguments: [model.name, entry.relation, entry.valueText, keyText])
                    }
                    for entry in indexEntries.entries(model: model.name, item: item) {
                        try indexEntry.execute(arguments: [model.name, entry.index, entry.partitionText, entry.sortValue, keyText])
                    }
                    written += 1
                    if written % progressInterval == 0 { progress(written) }
                }
            }
            try db.execute(sql: """
                INSERT INTO \(Self.table) (model, keyText, scanKey, partitionKey, sortKey, item, writtenAt)
                    SELECT model, keyText, scanKey, partitionKey, sortKey, item, writtenAt FROM temp.seedItem ORDER BY model, scanKey, keyText;
                DROP TABLE temp.seedItem;
                INSERT OR IGNORE INTO \(Self.indexEntryTable) (model, indexName, partitionKey, sortKey, keyText)
                    SELECT model, indexName, partitionKey, sortKey, keyText FROM temp.seedIndexEntry
                    ORDER BY model, indexName, partitionKey, sortKey, keyText;
                DROP TABLE temp.seedIndexEntry;
                """)
            for sql in indexes { try db.execute(sql: sql) }
        }
        // The transaction went through the WAL: fold it into the file now, as the sample's seed does.
        _ = try await pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    }
}
