import Foundation
import GRDB
import JSONValues

/// The store of `serve --models`: every model's items in one SQLite table, keyed by the model's
/// name and the item's key (`ItemKey`, every field of a composite key), each item one JSON
/// object of its attributes. One table rather than one per model: the models are known only
/// when the server starts, and a fixed table means no table or column is ever named from a
/// description (nothing of a models file reaches SQL as text), and no migration when the file
/// changes: a field added or removed is an attribute present or absent, as in DynamoDB, whose
/// items have no columns either. Three indexes give DynamoDB's orders: a scan by the hash of the
/// partition key (`scanKey`), a query of one partition by sort key, and (the versioned dialect's
/// delta sync) by write time; `modelReference` is the secondary index of each relation
/// (`ModelReferences`). Each dialect has its own file, marked with the dialect that wrote it.
final class ModelItemDatabase: PropertyStore {
    let pool: DatabasePool
    let clock = WriteClock()
    let dialect: ServedDialect
    let references: ModelReferences
    /// What `--seed` fills the store with (`ModelSeed`); nil: seeding is refused.
    let seed: ModelSeed?
    static let table = "modelItem"
    static let referenceTable = "modelReference"

    /// Beside the sample's stores in the data directory, never mixed with them.
    static func fileName(_ dialect: ServedDialect) -> String {
        switch dialect {
        case .gen2: "proptui-server-models.sqlite"
        case .versioned: "proptui-server-models-versioned.sqlite"
        }
    }

    init(path: String, dialect: ServedDialect, references: ModelReferences, seed: ModelSeed? = nil) throws {
        var configuration = Configuration()
        configuration.label = "LocalAppSync.models"
        configuration.busyMode = .timeout(5)
        pool = try DatabasePool(path: path, configuration: configuration)
        self.dialect = dialect
        self.references = references
        self.seed = seed
        try StoreDialectMark.check(pool, expecting: dialect)
        try Self.migrator(dialect).migrate(pool)
        let latest = try pool.read { db in try Int64.fetchOne(db, sql: "SELECT MAX(writtenAt) FROM \(Self.table)") }
        clock.advance(past: latest ?? 0)
        try indexReferences()
    }

    /// One row as read.
    struct Row: Sendable {
        var key: ItemKey
        var writtenAt: Int64
        var item: ModelItem
    }

    static let columns = "keyText, item, writtenAt"

    static func row(_ row: GRDB.Row) -> Row? {
        guard let key = ItemKey(text: row["keyText"]), let item = decode(row["item"]) else { return nil }
        return Row(key: key, writtenAt: row["writtenAt"], item: item)
    }

    static func decode(_ text: String) -> ModelItem? {
        guard case .object(let attributes)? = JSONValue(jsonText: Array(text.utf8)) else { return nil }
        return ModelItem(attributes: attributes)
    }

    func item(model: String, key: ItemKey) async throws -> ModelItem? {
        try await pool.read { db in try Self.fetchItem(db, model: model, keyText: key.text) }
    }

    static func fetchItem(_ db: Database, model: String, keyText: String) throws -> ModelItem? {
        let text = try String.fetchOne(db, sql: "SELECT item FROM \(table) WHERE model = ? AND keyText = ?", arguments: [model, keyText])
        return text.flatMap(decode)
    }

    /// Runs `body` in one write transaction with the item's current value (nil: absent) and this
    /// write's time (later than every earlier write's); what `body` answers as the new item is
    /// written (nil: the item is removed), with its relation index rows.
    func write<T: Sendable>(
        model: String, key: ItemKey, _ body: @Sendable @escaping (ModelItem?, Int64) throws -> (ModelItem?, T)
    ) async throws -> T {
        let (clock, references) = (clock, references)
        return try await pool.write { db in
            let keyText = key.text
            let current = try Self.fetchItem(db, model: model, keyText: keyText)
            let time = clock.nextWriteTime()
            let (next, answer) = try body(current, time)
            try db.execute(sql: "DELETE FROM \(Self.referenceTable) WHERE model = ? AND keyText = ?", arguments: [model, keyText])
            if let next {
                try db.execute(sql: """
                    INSERT INTO \(Self.table) (model, keyText, scanKey, partitionKey, sortKey, item, writtenAt) VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (model, keyText) DO UPDATE SET item = excluded.item, writtenAt = excluded.writtenAt
                    """, arguments: [model, keyText, key.scanKey, key.partitionText, key.sortValue, StoredJSON.text(.object(next.attributes)), time])
                for entry in references.entries(model: model, item: next) {
                    try Self.insertReference(db, model: model, entry: entry, keyText: keyText)
                }
            } else {
                try db.execute(sql: "DELETE FROM \(Self.table) WHERE model = ? AND keyText = ?", arguments: [model, keyText])
            }
            return answer
        }
    }

    static func insertReference(_ db: Database, model: String, entry: (relation: String, valueText: String), keyText: String) throws {
        try db.execute(
            sql: "INSERT OR IGNORE INTO \(referenceTable) (model, relation, valueText, keyText) VALUES (?, ?, ?, ?)",
            arguments: [model, entry.relation, entry.valueText, keyText])
    }

    // MARK: PropertyStore

    var isEmpty: Bool {
        get async throws {
            try await pool.read { db in try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM \(Self.table))") ?? true }
        }
    }

    /// Your own models have no samples: a new store starts empty.
    func seedSamples() async throws {}

    func journalMode() async throws -> String? {
        try await pool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
    }
}
