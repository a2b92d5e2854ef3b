import GRDB
import JSONValues

/// The models store's tables and their migrations, and the relation index kept in step with
/// the models being served.
extension ModelItemDatabase {
    static func migrator(_ dialect: ServedDialect) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("models v1") { db in
            try db.create(table: table) { table in
                table.column("model", .text).notNull()
                table.column("keyText", .text).notNull()
                table.column("scanKey", .integer).notNull()
                table.column("item", .text).notNull()
                table.column("writtenAt", .integer).notNull()
                table.primaryKey(["model", "keyText"])
            }
            try db.create(index: "index_\(table)_on_model_scanKey_keyText", on: table, columns: ["model", "scanKey", "keyText"])
        }
        migrator.registerMigration("models v2: key order, change order, relations, dialect") { db in
            try db.alter(table: table) { table in
                table.add(column: "partitionKey", .text).notNull().defaults(to: "")
                // No declared type (BLOB affinity): a sort key keeps its own type, so numbers
                // order by value and strings by bytes, as DynamoDB orders a sort key.
                table.add(column: "sortKey")
            }
            try rewriteKeys(db)
            try db.create(index: "index_\(table)_on_model_partitionKey_sortKey", on: table, columns: ["model", "partitionKey", "sortKey"])
            try db.create(index: "index_\(table)_on_model_writtenAt_keyText", on: table, columns: ["model", "writtenAt", "keyText"])
            try db.create(table: referenceTable, options: .withoutRowID) { table in
                table.column("model", .text).notNull()
                table.column("relation", .text).notNull()
                table.column("valueText", .text).notNull()
                table.column("keyText", .text).notNull()
                table.primaryKey(["model", "relation", "valueText", "keyText"])
            }
            try db.create(index: "index_\(referenceTable)_on_model_keyText", on: referenceTable, columns: ["model", "keyText"])
            try db.create(table: "modelStoreMeta") { table in
                table.primaryKey("name", .text)
                table.column("value", .text).notNull()
            }
            // The sample's stores were marked before they became models stores.
            if try !db.tableExists(StoreDialectMark.tableName) { try StoreDialectMark.mark(db, as: dialect) }
        }
        migrator.registerMigration("models v3: the sample's own tables") { db in try moveSampleTables(db) }
        migrator.registerMigration("models v4: items kept in scan order") { db in try keepItemsInScanOrder(db) }
        migrator.registerMigration("models v5: secondary indexes") { db in try createIndexEntryTable(db) }
        return migrator
    }

    /// The item table becomes a `WITHOUT ROWID` table keyed in scan order (model, the partition
    /// key's hash, the key), so that a scan's page is one run of neighbouring rows: through an
    /// index on a rowid table, each of a page's 1,000 items was a lookup of its own in another
    /// part of the file (SQLite's reads of a whole scan took 2.6× as long). Lookups by key go
    /// through a unique index on (model, keyText), which also keeps a key's one row.
    private static func keepItemsInScanOrder(_ db: Database) throws {
        let rebuilt = table + "InScanOrder"
        try db.execute(sql: """
            CREATE TABLE \(rebuilt) (
                model TEXT NOT NULL, scanKey INTEGER NOT NULL, keyText TEXT NOT NULL, item TEXT NOT NULL,
                writtenAt INTEGER NOT NULL, partitionKey TEXT NOT NULL DEFAULT '', sortKey,
                PRIMARY KEY (model, scanKey, keyText)
            ) WITHOUT ROWID;
            INSERT INTO \(rebuilt) (model, scanKey, keyText, item, writtenAt, partitionKey, sortKey)
                SELECT model, scanKey, keyText, item, writtenAt, partitionKey, sortKey FROM \(table) ORDER BY model, scanKey, keyText;
            DROP TABLE \(table);
            ALTER TABLE \(rebuilt) RENAME TO \(table);
            CREATE UNIQUE INDEX index_\(table)_on_model_keyText ON \(table) (model, keyText);
            CREATE INDEX index_\(table)_on_model_partitionKey_sortKey ON \(table) (model, partitionKey, sortKey);
            CREATE INDEX index_\(table)_on_model_writtenAt_keyText ON \(table) (model, writtenAt, keyText);
            """)
    }

    /// Rows of a v1 store get their key columns, and their texts as `JSONWriter.sortedText` writes them
    /// (v1 wrote them with `JSONEncoder`, which may differ, and a key's text is its identity).
    private static func rewriteKeys(_ db: Database) throws {
        let rows = try GRDB.Row.fetchAll(db, sql: "SELECT rowid, keyText, item FROM \(table)")
        for row in rows {
            guard let key = ItemKey(text: row["keyText"]), let item = decode(row["item"]) else { continue }
            try db.execute(
                sql: "UPDATE \(table) SET keyText = ?, partitionKey = ?, sortKey = ?, item = ? WHERE rowid = ?",
                arguments: [key.text, key.partitionText, key.sortValue, JSONWriter.sortedText(.object(item.attributes)), row["rowid"] as Int64])
        }
    }

    /// Indexes every item for the relations being served, unless the store was indexed for
    /// exactly these (a models file whose relations changed since the last start).
    func indexReferences() throws {
        let references = references
        try fillAgain(Self.referenceTable, for: "references", signature: references.signature, models: Array(references.byModel.keys)) {
            db, model, item, keyText in
            for entry in references.entries(model: model, item: item) {
                try Self.insertReference(db, model: model, entry: entry, keyText: keyText)
            }
        }
    }

    /// Empties `table` and fills it again from every item of `models` through `insert`, unless the
    /// store was filled for `signature` already (kept in `modelStoreMeta` under `name`): what a
    /// table derived from the items (the relations' references, the secondary indexes' entries)
    /// needs when the models file that says what to derive changed since the last start.
    func fillAgain(
        _ table: String, for name: String, signature: String, models: [String],
        insert: (Database, _ model: String, ModelItem, _ keyText: String) throws -> Void
    ) throws {
        try pool.write { db in
            let stored = try String.fetchOne(db, sql: "SELECT value FROM modelStoreMeta WHERE name = ?", arguments: [name])
            guard stored != signature else { return }
            try db.execute(sql: "DELETE FROM \(table)")
            for model in models.sorted() {
                let rows = try GRDB.Row.fetchCursor(db, sql: "SELECT keyText, item FROM \(Self.table) WHERE model = ?", arguments: [model])
                while let row = try rows.next() {
                    guard let item = Self.decode(row["item"] as String) else { continue }
                    try insert(db, model, item, row["keyText"])
                }
            }
            try db.execute(
                sql: "INSERT INTO modelStoreMeta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                arguments: [name, signature])
        }
    }
}
