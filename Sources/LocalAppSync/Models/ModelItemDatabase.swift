import Foundation
import GRDB
import JSONValues

/// The store of `serve --models`: every model's items in one SQLite table, keyed by the model's
/// name and the item's key (`ItemKey`, every field of a composite key), each item one JSON
/// object of its attributes. One table rather than one per model: the models are known only
/// when the server starts, and a fixed table means no table or column is ever named from a
/// description (nothing of a models file reaches SQL as text), and no migration when the file
/// changes: a field added or removed is an attribute present or absent, as in DynamoDB, whose
/// items have no columns either. The table itself is kept in scan order (the hash of the
/// partition key, `scanKey`; `WITHOUT ROWID`), and three indexes give the other orders: a key's
/// row, a query of one partition by sort key, and (the versioned dialect's
/// delta sync) by write time; `modelReference` is the secondary index of each relation
/// (`ModelReferences`), `modelIndexEntry` those of the models' own indexes (`ModelIndexEntries`). Each dialect has its own file, marked with the dialect that wrote it.
final class ModelItemDatabase: Sendable {
    let pool: DatabasePool
    let clock = WriteClock()
    let dialect: ServedDialect
    let references: ModelReferences
    /// The secondary indexes with queries (`ModelIndexEntries`), kept in `modelIndexEntry`.
    let indexEntries: ModelIndexEntries
    /// What `--seed` fills the store with.
    let seed: ModelSeed
    /// The models served, with what a new store starts with unless told not to (`ServedModels.samples`).
    let served: ServedModels
    static let table = "modelItem"
    static let referenceTable = "modelReference"

    /// The file of a dialect's store in the data directory: the sample's (the names its stores
    /// always had, so a data directory keeps its properties) or your models', never mixed.
    static func fileName(_ dialect: ServedDialect, sample: Bool) -> String {
        switch (dialect, sample) {
        case (.versioned, true): "proptui-server.sqlite"
        case (.gen2, true): "proptui-server-gen2.sqlite"
        case (.gen2, false): "proptui-server-models.sqlite"
        case (.versioned, false): "proptui-server-models-versioned.sqlite"
        }
    }

    init(path: String, dialect: ServedDialect, served: ServedModels) throws {
        var configuration = Configuration()
        configuration.label = "LocalAppSync.models"
        configuration.busyMode = .timeout(5)
        pool = try DatabasePool(path: path, configuration: configuration)
        self.dialect = dialect
        self.served = served
        references = ModelReferences(schema: served.schema)
        indexEntries = ModelIndexEntries(schema: served.schema)
        seed = ModelSeed(schema: served.schema)
        try StoreDialectMark.check(pool, expecting: dialect)
        try Self.migrator(dialect).migrate(pool)
        let latest = try pool.read { db in try Int64.fetchOne(db, sql: "SELECT MAX(writtenAt) FROM \(Self.table)") }
        clock.advance(past: latest ?? 0)
        try indexReferences()
        try indexSecondaryIndexes()
    }

    /// One row as read: its item's JSON text as stored (`JSONWriter.sortedText`), decoded only where an
    /// item's values are needed (a filter, the library's resolvers); the fast path writes pages
    /// from the text itself (`StoredJSONView`).
    struct Row: Sendable {
        /// The key as stored (`ItemKey.text`), read into an `ItemKey` only where it is needed.
        var keyText: String
        var writtenAt: Int64
        var text: [UInt8]

        /// The item; nil when the text is not one (a damaged row, left out).
        var item: ModelItem? { ModelItemDatabase.decode(text) }
    }

    /// A page's columns, in the order `rows` reads them.
    static let columns = "keyText, item, writtenAt"

    static func decode(_ text: String) -> ModelItem? {
        decode(Array(text.utf8))
    }

    static func decode(_ text: [UInt8]) -> ModelItem? {
        guard case .object(let attributes)? = JSONValue(jsonText: text) else { return nil }
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
    /// written (nil: the item is removed), with its relation and secondary index rows.
    func write<T: Sendable>(
        model: String, key: ItemKey, _ body: @Sendable @escaping (ModelItem?, Int64) throws -> (ModelItem?, T)
    ) async throws -> T {
        let (clock, references, indexEntries) = (clock, references, indexEntries)
        return try await pool.write { db in
            let keyText = key.text
            let current = try Self.fetchItem(db, model: model, keyText: keyText)
            let time = clock.nextWriteTime()
            let (next, answer) = try body(current, time)
            try db.execute(sql: "DELETE FROM \(Self.referenceTable) WHERE model = ? AND keyText = ?", arguments: [model, keyText])
            try db.execute(sql: "DELETE FROM \(Self.indexEntryTable) WHERE model = ? AND keyText = ?", arguments: [model, keyText])
            if let next {
                try db.execute(sql: """
                    INSERT INTO \(Self.table) (model, keyText, scanKey, partitionKey, sortKey, item, writtenAt) VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (model, keyText) DO UPDATE SET item = excluded.item, writtenAt = excluded.writtenAt
                    """, arguments: [model, keyText, key.scanKey, key.partitionText, key.sortValue, JSONWriter.sortedText(.object(next.attributes)), time])
                for entry in references.entries(model: model, item: next) {
                    try Self.insertReference(db, model: model, entry: entry, keyText: keyText)
                }
                for entry in indexEntries.entries(model: model, item: next) {
                    try Self.insertIndexEntry(db, model: model, entry: entry, keyText: keyText)
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

    var isEmpty: Bool {
        get async throws {
            try await pool.read { db in try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM \(Self.table))") ?? true }
        }
    }

    /// Writes `samples` (the sample's handful of properties; your own models have none), each a
    /// create of its own: a new id, its write's timestamps and, versioned, version 1.
    func seedSamples() async throws {
        for (modelName, items) in served.samples.sorted(by: { $0.key < $1.key }) {
            guard let model = served.schema.model(named: modelName) else { continue }
            for attributes in items {
                var item = ModelItem(attributes: attributes)
                if model.primaryKey.fields == ["id"] { item.attributes["id"] = .string(UUID().uuidString.lowercased()) }
                guard let key = item.key(in: model) else { continue }
                let (versioned, given) = (dialect == .versioned, item)
                try await write(model: modelName, key: key) { _, time in
                    var item = given
                    let stamp = JSONValue.string(WriteClock.awsDateTime(milliseconds: time))
                    (item.attributes["createdAt"], item.attributes["updatedAt"]) = (stamp, stamp)
                    if versioned { (item.attributes["_version"], item.attributes["_lastChangedAt"]) = (.int(1), .int(time)) }
                    return (item, ())
                }
            }
        }
    }

    /// Why `seedGenerated` changed nothing.
    enum SeedRefusal: Error { case storeNotEmpty }

    func journalMode() async throws -> String? {
        try await pool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
    }
}
