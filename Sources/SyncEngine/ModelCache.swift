import AmplifyModels
import Foundation
import GRDB
import Logging
import OptimisticStore

/// What a list of any model's records (`RecordList<ModelRecord>`) keeps across restarts, in the
/// backend's one file beside every other model's (`SyncStorage.cache(for:)`): the model's cached
/// records in a table of its own, its operations in the shared outbox (`model` = its name), its
/// marks in `meta` under keys prefixed with its name (`Transaction.lastSync`).
///
/// It writes through the storage's one `DatabaseQueue`, so what `SyncStorage` promises holds
/// here too: every write is committed before the call returns, an operation leaves the outbox
/// in the transaction that writes its outcome, and one `seq` orders every model's operations.
public final class ModelCache: RecordCache, Sendable {
    public typealias Record = ModelRecord

    let storage: SyncStorage
    public let layout: RecordLayout
    /// The model's table, quoted for SQL (`"model_Transaction"`).
    let table: String
    /// What `meta` keys are prefixed with (`Transaction.`).
    private let metaPrefix: String
    let logger: Logger

    /// Made by `SyncStorage.cache(for:)`, which creates the table.
    init(storage: SyncStorage, layout: RecordLayout, logger: Logger) {
        self.storage = storage
        self.layout = layout
        table = Self.quoted("model_" + layout.model.name)
        metaPrefix = layout.model.name + "."
        self.logger = logger
    }

    private var modelName: String { layout.model.name }

    /// An SQL identifier in double quotes: a model's name is a GraphQL name, which SQLite may
    /// take for a keyword (`Transaction`), so it is never written bare.
    static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The model's table, if it is not there yet: models are learnt at run time (from the
    /// backend's description), so this is no migration. The key is `keyText`, unique by an index
    /// of its own (a table made before had it as its primary key); the values are
    /// the record's own bytes (`valueBytes`, `ModelRecord.storedBytes`), so a model whose fields
    /// change needs no new columns. A table written before held them as one JSON column
    /// (`fields`), read as before; those rows are written again as bytes when they change.
    ///
    /// Bytes are read only under the layout that wrote them (`RecordLayout.fingerprint`, kept in
    /// `meta`): when the model's description has changed, the rows written under the old one are
    /// dropped and the marks with them, so that the next read is a whole one and brings every
    /// record back (the outbox keeps its operations).
    func createTable(_ db: Database) throws {
        try db.execute(sql: Self.tableDefinition(table))
        try ensureKeyIndex(db)
        if try !db.columns(in: "model_" + modelName).contains(where: { $0.name == "valueBytes" }) {
            try db.execute(sql: "ALTER TABLE \(table) ADD COLUMN valueBytes BLOB")
        }
        let fingerprint = layout.fingerprint
        let written = try meta("layout", db)
        if let written, written != fingerprint {
            logger.notice("the description of \(modelName) changed: its cached records are read again from the server")
            try db.execute(sql: "DELETE FROM \(table) WHERE valueBytes IS NOT NULL")
            try clearMarks(db)
        }
        if written != fingerprint { try setMeta("layout", fingerprint, db) }
    }

    // MARK: - Reading at start

    public func loadStart(firstBatch: Int) throws -> (snapshot: CacheSnapshot<ModelRecord>, next: SyncStorage.CachePosition?) {
        try storage.run {
            try storage.database.read { db in
                let pending = try OutboxEntry.fetchAll(model: modelName, db).map { try $0.pendingOperation(layout: layout) }
                let touched = Set(pending.map { Self.keyText($0.recordID) })
                var confirmed: [ModelRecord] = []
                // One statement for every key (a long outbox touches thousands of records).
                let byKey = try db.cachedStatement(
                    sql: "SELECT rowid, fields, _version, _deleted, _lastChangedAt, valueBytes FROM \(table) WHERE key = ?")
                for key in touched.sorted() {
                    confirmed += try records(from: Row.fetchCursor(byKey, arguments: [key])).records
                }
                let count = try Int.fetchOne(db, sql: "SELECT CAST(value AS INTEGER) FROM meta WHERE key = ?", arguments: [metaPrefix + "rowCount"])
                    ?? Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0
                let (first, next) = try cachedRecords(after: nil, limit: firstBatch, db)
                let snapshot = CacheSnapshot(
                    confirmed: confirmed + first, pending: pending, refreshedAt: try refreshedAt(db), cachedCount: count)
                return (snapshot, next)
            }
        }
    }

    public func cachedRecords(after position: SyncStorage.CachePosition, limit: Int) throws -> (records: [ModelRecord], next: SyncStorage.CachePosition?) {
        try storage.run { try storage.database.read { db in try cachedRecords(after: position, limit: limit, db) } }
    }

    /// A batch in the order the rows were stored. A row left out (it no longer fits the model)
    /// still counts towards the batch, so a batch shorter than `limit` is the last.
    private func cachedRecords(after position: SyncStorage.CachePosition?, limit: Int, _ db: Database) throws -> ([ModelRecord], SyncStorage.CachePosition?) {
        let rows = try Row.fetchCursor(
            db, sql: "SELECT rowid, fields, _version, _deleted, _lastChangedAt, valueBytes FROM \(table) WHERE rowid > ? ORDER BY rowid LIMIT ?",
            arguments: [position?.rowID ?? 0, limit])
        let read = try records(from: rows)
        let next = read.rowsRead < limit ? nil : read.lastRowID.map(SyncStorage.CachePosition.init(rowID:))
        return (read.records, next)
    }

    private func refreshedAt(_ db: Database) throws -> Date? {
        try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [metaPrefix + "refreshedAt"])
            .flatMap(Int64.init).map { Date(timeIntervalSince1970: Double($0) / 1000) }
    }

    // MARK: - The outbox

    public func append(_ operation: PendingOperation<ModelRecord>) throws {
        let entry = OutboxEntry(operation, model: modelName)
        try storage.run { try storage.database.write { db in try entry.insert(db) } }
    }

    /// One transaction, one wait for the disk: a thousand marked rows deleted are not a thousand commits.
    public func append(contentsOf operations: [PendingOperation<ModelRecord>]) throws {
        let entries = operations.map { OutboxEntry($0, model: modelName) }
        try storage.run { try storage.database.write { db in for entry in entries { try entry.insert(db) } } }
    }

    /// Waits for the disk only if a write must reach it (`OutboxWrite.mustReachTheDisk`).
    public func commit(_ writes: [OutboxWrite<ModelRecord>]) throws {
        let waitsForTheDisk = writes.contains(where: \.mustReachTheDisk)
        try storage.run {
            try storage.database.writeWithoutTransaction { db in
                try Self.transaction(waitingForTheDisk: waitsForTheDisk, db) { try apply(writes, db) }
            }
        }
    }

    public func commitInBackground(_ writes: [OutboxWrite<ModelRecord>]) async throws {
        let waitsForTheDisk = writes.contains(where: \.mustReachTheDisk)
        do {
            try await storage.database.writeWithoutTransaction { db in
                try Self.transaction(waitingForTheDisk: waitsForTheDisk, db) { try self.apply(writes, db) }
            }
        } catch {
            try storage.run { throw error }
        }
    }

    private func apply(_ writes: [OutboxWrite<ModelRecord>], _ db: Database) throws {
        // A live event or a settled change during a first load is appended like the load's rows.
        let appending = try !hasKeyIndex(db)
        try OutboxEntry.apply(writes, model: modelName, db, entry: { OutboxEntry($0, model: modelName) }) { record in
            var buffer: [UInt8] = []
            try writeRow(record, with: rowWriteStatement(appending: appending, db), buffer: &buffer)
        }
    }

    /// How many of this model's operations wait in the outbox.
    public func outboxCount() throws -> Int {
        try storage.run {
            try storage.database.read { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM outbox WHERE model = ?", arguments: [modelName]) ?? 0
            }
        }
    }

    /// One transaction; unless `waitingForTheDisk`, committed with `synchronous = NORMAL` (for
    /// this transaction only: the file's setting stays FULL).
    private static func transaction(waitingForTheDisk: Bool, _ db: Database, _ body: () throws -> Void) throws {
        if !waitingForTheDisk { try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        defer { if !waitingForTheDisk { try? db.execute(sql: "PRAGMA synchronous = FULL") } }
        try db.inTransaction {
            try body()
            return .commit
        }
    }

    // MARK: - The cache

    /// The newer version wins. Committed without waiting for the disk (`synchronous = NORMAL` for
    /// this transaction only): the cache is a copy of the server's, and a power cut that loses its
    /// last pages loses nothing the next read does not bring back. The outbox's commits stay FULL,
    /// and each one's sync of the WAL makes every commit before it durable too, so no order is
    /// broken. A whole read of a million records is a thousand such commits: an fsync each cost
    /// seconds.
    public func merge(_ records: [ModelRecord]) throws {
        guard !records.isEmpty else { return }
        try storage.run {
            try storage.database.writeWithoutTransaction { db in
                try Self.transaction(waitingForTheDisk: false, db) {
                    let appending = try appendsWithoutKeyIndex(batch: records.count, db)
                    let statement = try rowWriteStatement(appending: appending, db)
                    var buffer: [UInt8] = []
                    for record in records { try writeRow(record, with: statement, buffer: &buffer) }
                }
            }
        }
    }

    public func remove(_ ids: [RecordKey], refreshedAt: Date, rowCount: Int) throws {
        try storage.run {
            try storage.database.write { db in
                // Deleting by key needs the key's index. A first load's end (nothing to delete)
                // leaves building it to `tidyAfterWholeRead`, after the list has said it is loaded.
                if !ids.isEmpty { try ensureKeyIndex(db) }
                let statement = try db.makeStatement(sql: "DELETE FROM \(table) WHERE key = ?")
                for id in ids { try statement.execute(arguments: [Self.keyText(id)]) }
                try setMeta("rowCount", String(rowCount), db)
                try setMeta("refreshedAt", String(Int64(refreshedAt.timeIntervalSince1970 * 1000)), db)
            }
        }
    }

    /// After a whole read, on the writer's queue without holding the list: builds the key's index
    /// if a first load appended without it (a sort of every row: 1.2 s at a million, which the
    /// load's end used to wait for before the list said it was loaded), then empties the WAL into
    /// the file, so that the next start reads no WAL. Writes that come meanwhile queue behind it;
    /// those that come before it append, as during the load, and the index keeps of each record
    /// the copy an upsert would have kept.
    public func tidyAfterWholeRead() async throws {
        do {
            try await storage.database.write { db in try ensureKeyIndex(db) }
            try await storage.database.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        } catch {
            try storage.run { throw error }
        }
    }

    /// Forgets this model's cached records and marks (its operations in the outbox stay, and
    /// no other model's rows are touched).
    public func clearCache() throws {
        try storage.run {
            try storage.database.write { db in
                try db.execute(sql: "DELETE FROM \(table)")
                try clearMarks(db)
            }
        }
    }

    /// The marks of the last read (so the next one reads everything), not the layout's.
    private func clearMarks(_ db: Database) throws {
        let keys = ["lastSync", "lastBaseSync", "refreshedAt", "rowCount"].map { metaPrefix + $0 }
        try db.execute(sql: "DELETE FROM meta WHERE key IN (?, ?, ?, ?)", arguments: StatementArguments(keys))
        // The views read whole were read into the rows just dropped.
        try db.execute(sql: "DELETE FROM meta WHERE substr(key, 1, ?) = ?", arguments: [viewPrefix.count, viewPrefix])
    }

    // MARK: - Marks

    public func syncMarks() throws -> SyncStorage.SyncMarks {
        try storage.run {
            try storage.database.read { db in
                let lastSync = try meta("lastSync", db).flatMap(Int64.init)
                let base = try meta("lastBaseSync", db).flatMap(Double.init).map { Date(timeIntervalSince1970: $0) }
                return SyncStorage.SyncMarks(lastSync: lastSync, lastBaseSync: base)
            }
        }
    }

    public func setSyncMarks(lastSync: Int64, baseSync: Date?) throws {
        try storage.run {
            try storage.database.write { db in
                try setMeta("lastSync", String(lastSync), db)
                if let baseSync { try setMeta("lastBaseSync", String(baseSync.timeIntervalSince1970), db) }
            }
        }
    }

    /// Views read whole, kept in `meta` under `view:` and their filter's text; the newest
    /// `viewsKept`, so that years of filters do not pile up.
    public func viewsRead() throws -> [ViewRead] {
        try storage.run {
            try storage.database.read { db in
                let rows = try Row.fetchAll(
                    db, sql: "SELECT key, value FROM meta WHERE substr(key, 1, ?) = ? ORDER BY CAST(value AS REAL) DESC",
                    arguments: [viewPrefix.count, viewPrefix])
                return rows.compactMap { row -> ViewRead? in
                    guard let key = row["key"] as String?, let time = (row["value"] as String?).flatMap(Double.init) else { return nil }
                    return ViewRead(filter: String(key.dropFirst(viewPrefix.count)), at: Date(timeIntervalSince1970: time))
                }
            }
        }
    }

    public func setViewRead(_ view: ViewRead) throws {
        try storage.run {
            try storage.database.write { db in
                try db.execute(
                    sql: "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                    arguments: [viewPrefix + view.filter, String(view.at.timeIntervalSince1970)])
                try db.execute(
                    sql: """
                        DELETE FROM meta WHERE substr(key, 1, ?) = ? AND key NOT IN
                        (SELECT key FROM meta WHERE substr(key, 1, ?) = ? ORDER BY CAST(value AS REAL) DESC LIMIT ?)
                        """,
                    arguments: [viewPrefix.count, viewPrefix, viewPrefix.count, viewPrefix, Self.viewsKept])
            }
        }
    }

    static let viewsKept = 100
    private var viewPrefix: String { metaPrefix + "view:" }

    /// The backend's, shared with every model (a change drops every model's marks).
    public func dialect() throws -> APIDialect? { try storage.dialect() }

    public func setDialect(_ dialect: APIDialect) throws { try storage.setDialect(dialect) }

    private func meta(_ name: String, _ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [metaPrefix + name])
    }

    private func setMeta(_ name: String, _ value: String, _ db: Database) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", arguments: [metaPrefix + name, value])
    }
}

extension SyncStorage {
    /// The cache and outbox of one model, in this file: its table is made if it is not there yet.
    /// Every model's cache shares this storage's connection, so writes of every model are one
    /// sequence.
    ///
    /// `takingTheSamplesRows`: the pending changes and cache the sample's own screen left in the
    /// file (before the sample ran as a model) become this model's, if it is the sample's
    /// (`moveSampleRows`), in the same transaction. Only the app running the sample asks it.
    public func cache(
        for layout: RecordLayout, takingTheSamplesRows: Bool = false, logger: Logger = Logger(label: "proptui.outbox")
    ) throws -> ModelCache {
        let cache = ModelCache(storage: self, layout: layout, logger: logger)
        try run {
            try database.write { db in
                try cache.createTable(db)
                if takingTheSamplesRows { try cache.moveSampleRows(db) }
            }
        }
        return cache
    }
}
