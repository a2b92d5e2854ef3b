import AppSync
import Foundation
import GRDB

/// The store of `serve --models`: every model's items in one SQLite table, keyed by the model's
/// name and the item's key (`ModelItem.keyText`, every field of a composite key), each item one
/// JSON object of its attributes. One table rather than one per model: the models are known only
/// when the server starts, and a fixed table means no table or column is ever named from a
/// description (nothing of a models file reaches SQL as text), and no migration when the file
/// changes: a field added or removed is an attribute present or absent, as in DynamoDB, whose
/// items have no columns either. Scan order per model is DynamoDB's: by the hash of the
/// partition key (`ScanOrder`), then the key, through an index, so page k seeks to its start.
final class ModelItemDatabase: PropertyStore {
    let pool: DatabasePool
    let clock = WriteClock()
    static let table = "modelItem"
    /// Beside the sample's stores in the data directory, never mixed with them.
    static let fileName = "proptui-server-models.sqlite"

    init(path: String) throws {
        var configuration = Configuration()
        configuration.label = "LocalAppSync.models"
        configuration.busyMode = .timeout(5)
        pool = try DatabasePool(path: path, configuration: configuration)
        try Self.migrator.migrate(pool)
        let latest = try pool.read { db in try Int64.fetchOne(db, sql: "SELECT MAX(writtenAt) FROM \(Self.table)") }
        clock.advance(past: latest ?? 0)
    }

    private static var migrator: DatabaseMigrator {
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
        return migrator
    }

    /// One row as read: its place in the scan, and the item.
    struct Row: Sendable {
        var scanKey: Int64
        var keyText: String
        var item: ModelItem
    }

    func item(model: String, keyText: String) async throws -> ModelItem? {
        try await pool.read { db in try Self.fetchItem(db, model: model, keyText: keyText) }
    }

    static func fetchItem(_ db: Database, model: String, keyText: String) throws -> ModelItem? {
        let text = try String.fetchOne(db, sql: "SELECT item FROM \(table) WHERE model = ? AND keyText = ?", arguments: [model, keyText])
        return text.flatMap(decode)
    }

    private static func decode(_ text: String) -> ModelItem? {
        guard case .object(let attributes)? = JSONValue(jsonText: Array(text.utf8)) else { return nil }
        return ModelItem(attributes: attributes)
    }

    /// One scan page of `model`: the next `limit` items in scan order after `cursor`.
    func scan(model: String, after cursor: ModelScanCursor?, limit: Int) async throws -> [Row] {
        try await pool.read { db in
            let rows: [GRDB.Row]
            if let cursor {
                rows = try GRDB.Row.fetchAll(db, sql: """
                    SELECT scanKey, keyText, item FROM \(Self.table) WHERE model = ? AND (scanKey, keyText) > (?, ?)
                    ORDER BY scanKey, keyText LIMIT ?
                    """, arguments: [model, cursor.afterScanKey, cursor.afterKeyText, limit])
            } else {
                rows = try GRDB.Row.fetchAll(db, sql: """
                    SELECT scanKey, keyText, item FROM \(Self.table) WHERE model = ? ORDER BY scanKey, keyText LIMIT ?
                    """, arguments: [model, limit])
            }
            return rows.compactMap { row in
                Self.decode(row["item"]).map { Row(scanKey: row["scanKey"], keyText: row["keyText"], item: $0) }
            }
        }
    }

    /// Runs `body` in one write transaction with the item's current value (nil: absent); what
    /// `body` answers as the new item is written (nil: the item is deleted).
    func write<T: Sendable>(
        model: String, keyText: String, partitionText: String,
        _ body: @Sendable @escaping (ModelItem?) throws -> (ModelItem?, T)
    ) async throws -> T {
        let clock = clock
        return try await pool.write { db in
            let current = try Self.fetchItem(db, model: model, keyText: keyText)
            let (next, answer) = try body(current)
            if let next {
                try db.execute(sql: """
                    INSERT INTO \(Self.table) (model, keyText, scanKey, item, writtenAt) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (model, keyText) DO UPDATE SET item = excluded.item, writtenAt = excluded.writtenAt
                    """, arguments: [model, keyText, ScanOrder.key(of: partitionText), JSONValue.object(next.attributes).jsonText, clock.now()])
            } else {
                try db.execute(sql: "DELETE FROM \(Self.table) WHERE model = ? AND keyText = ?", arguments: [model, keyText])
            }
            return answer
        }
    }

    // MARK: PropertyStore

    var isEmpty: Bool {
        get async throws {
            try await pool.read { db in try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM \(Self.table))") ?? true }
        }
    }

    /// Your own models have no samples: a new store starts empty.
    func seedSamples() async throws {}

    func seedGenerated(count: Int, progressInterval: Int, progress: @Sendable @escaping (Int) -> Void) async throws {
        throw ModelsServingError.seedingNotSupported
    }

    func journalMode() async throws -> String? {
        try await pool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
    }
}

/// Where a scan page of one model starts, served as a signed, opaque `nextToken`; a token of
/// another model's list is refused as AppSync refuses a token it did not issue.
struct ModelScanCursor: Codable, Equatable, Sendable {
    var model: String
    var afterScanKey: Int64
    var afterKeyText: String

    func token(signedBy signer: PageTokenSigner) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return signer.seal((try? encoder.encode(self)) ?? Data())
    }

    init(model: String, after row: ModelItemDatabase.Row) {
        self.model = model
        afterScanKey = row.scanKey
        afterKeyText = row.keyText
    }

    init(token: String, model: String, signer: PageTokenSigner) throws(AppSyncResolverError) {
        guard let decoded = try? JSONDecoder().decode(ModelScanCursor.self, from: signer.open(token)), decoded.model == model else {
            throw .invalidNextToken
        }
        self = decoded
    }
}
