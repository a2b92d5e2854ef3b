import Foundation
import GRDB
import Logging
import OptimisticStore

/// The list's memory across restarts, in one SQLite file (WAL, through GRDB):
/// - `confirmed`: the server's records as last confirmed (the cache the app starts from);
/// - `outbox`: the user's operations the server has not confirmed yet, in order;
/// - `meta`: when the cache was last refreshed.
///
/// The sample's records are `RealEstateProperty` rows of `confirmed`; every other model's are in a
/// table of their own, made on first use (`cache(for:)`, `ModelCache`). The outbox is one table
/// for all of them: its `model` column says whose an operation is (NULL: the sample's), and its
/// `seq` orders every model's operations together.
///
/// Every write is one transaction, committed before the call returns, so an
/// operation that reached the screen is on disk, and an operation is removed in
/// the same transaction that writes what the server answered: a crash at any
/// point leaves either the operation or its outcome, never neither.
public final class SyncStorage: RecordCache, Sendable {
    /// Shared with every model's `ModelCache`: one queue, so one writer and one order.
    let database: DatabaseQueue
    /// Where it lives, for messages (":memory:" for a test's database).
    public let path: String

    /// Opens (or creates) the file. `synchronous = FULL`: a commit is on the disk, not
    /// only in the OS's cache, so even a power cut keeps what the user was shown.
    ///
    /// An existing file is first read without writing (`OutboxPreflight`): one a newer build
    /// wrote, or one with damaged pages, is refused before a byte of it changes. Every refusal
    /// goes to `logger` with the file's path and a way out that keeps the file.
    public init(path: String, logger: Logger = Logger(label: "proptui.outbox")) throws {
        var configuration = Configuration()
        configuration.label = "proptui.outbox"
        configuration.journalMode = .wal
        configuration.busyMode = .timeout(5)
        do {
            try OutboxPreflight.check(path: path, knownMigrations: Self.migrator)
            database = try DatabaseQueue(path: path, configuration: configuration)
            // After the queue is open: GRDB's WAL set-up sets NORMAL once `prepareDatabase` has run.
            try database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
            try Self.migrator.migrate(database)
        } catch {
            let refusal = error as? SyncStorageError ?? .cannotOpen(path: path, reason: "\(error)")
            logger.error("\(refusal)")
            throw refusal
        }
        self.path = path
    }

    /// A private database in memory, for tests: the same SQL, no file.
    public init() throws {
        database = try DatabaseQueue()
        try Self.migrator.migrate(database)
        path = ":memory:"
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "confirmed") { table in
                table.primaryKey("id", .text)
                table.column("name", .text).notNull()
                table.column("address", .text)
                table.column("createdAt", .text)
                table.column("updatedAt", .text)
                table.column("_version", .integer).notNull()
                table.column("_deleted", .boolean).notNull()
                table.column("_lastChangedAt", .integer)
            }
            try db.create(table: OutboxEntry.databaseTableName) { table in
                table.primaryKey("seq", .integer)
                table.column("recordID", .text).notNull()
                table.column("kind", .text).notNull()
                table.column("patch", .text).notNull()
                table.column("base", .text)
                table.column("before", .text)
                table.column("attempts", .integer).notNull()
                table.column("lastError", .text)
            }
            try db.create(table: "meta") { table in
                table.primaryKey("key", .text)
                table.column("value", .text).notNull()
            }
        }
        // Any model's operations in the outbox: whose (`model`, NULL for the sample's, so that a
        // v1 file's rows stay the sample's) and the list's own id of the operation (`operation`,
        // NULL in a v1 row, whose id is its `seq`). `seq` is SQLite's next rowid from then on.
        // One list's operation is one row, as when `seq` was the id: a second append of it fails
        // (the sample's `model` counts as '', which no GraphQL name is; NULLs would not clash).
        migrator.registerMigration("v2") { db in
            try db.alter(table: OutboxEntry.databaseTableName) { table in
                table.add(column: "model", .text)
                table.add(column: "operation", .integer)
            }
            try db.execute(sql: "CREATE UNIQUE INDEX outbox_operation ON outbox (ifnull(model, ''), operation)")
        }
        return migrator
    }

    // MARK: - Reading at start

    /// Everything kept: the cache, the outbox in order, and when the cache was last refreshed.
    public func load() throws -> Snapshot {
        try run {
            try database.read { db in
                let confirmed = try RealEstateProperty.fetchAll(db)
                let pending = try OutboxEntry.fetchAll(model: nil, db).map { try $0.pendingOperation() }
                return Snapshot(
                    confirmed: confirmed, pending: pending, refreshedAt: try Self.refreshedAt(db), cachedCount: confirmed.count)
            }
        }
    }

    /// What a start needs before its first frame, read in a few milliseconds whatever the
    /// cache's size: the outbox, the cached copies of the records it changes (so a pending
    /// row is whole on the first frame), and the first `firstBatch` cached records. The
    /// rest comes from `cachedRecords(after:limit:)`, a batch at a time, behind the screen.
    public func loadStart(firstBatch: Int) throws -> (snapshot: Snapshot, next: CachePosition?) {
        try run {
            try database.read { db in
                let pending = try OutboxEntry.fetchAll(model: nil, db).map { try $0.pendingOperation() }
                let touched = Array(Set(pending.map(\.recordID)))
                let confirmed = try RealEstateProperty.filter(keys: touched).fetchAll(db)
                // Counting a million rows takes SQLite a tenth of a second: the count the last
                // refresh left is estimate enough for the header ("of ~N").
                let count = try Int.fetchOne(db, sql: "SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'rowCount'")
                    ?? RealEstateProperty.fetchCount(db)
                let (first, next) = try Self.cachedRecords(after: nil, limit: firstBatch, db)
                return (Snapshot(confirmed: confirmed + first, pending: pending, refreshedAt: try Self.refreshedAt(db), cachedCount: count), next)
            }
        }
    }

    /// The next batch of cached records, in the order they were stored, and where the one after
    /// starts (nil: that was the last). Each batch is its own read: records written meanwhile may
    /// come twice or not at all, which merging by `_version` makes harmless (a record written
    /// meanwhile came from the server, and is already in the list).
    public func cachedRecords(after position: CachePosition, limit: Int) throws -> (records: [RealEstateProperty], next: CachePosition?) {
        try run { try database.read { db in try Self.cachedRecords(after: position, limit: limit, db) } }
    }

    /// Where a batched read of the cache goes on from (SQLite's rowid).
    public struct CachePosition: Sendable, Equatable {
        let rowID: Int64
    }

    private static func cachedRecords(
        after position: CachePosition?, limit: Int, _ db: Database
    ) throws -> ([RealEstateProperty], CachePosition?) {
        // Columns by position, each row read in place from a cursor: looking columns up by name
        // (case-folded per row and column) was most of the cost of reading a million rows.
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT rowid, id, name, address, createdAt, updatedAt, _version, _deleted, _lastChangedAt
                FROM confirmed WHERE rowid > ? ORDER BY rowid LIMIT ?
                """,
            arguments: [position?.rowID ?? 0, limit])
        var records: [RealEstateProperty] = []
        records.reserveCapacity(limit)
        var last: Int64?
        while let row = try rows.next() {
            last = row[0]
            records.append(RealEstateProperty(
                id: row[1], name: row[2], address: row[3], createdAt: row[4], updatedAt: row[5], version: row[6],
                isDeleted: row[7], lastChangedAt: row[8]))
        }
        let next = records.count < limit ? nil : last.map(CachePosition.init(rowID:))
        return (records, next)
    }

    private static func refreshedAt(_ db: Database) throws -> Date? {
        try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'refreshedAt'")
            .flatMap(Int64.init).map { Date(timeIntervalSince1970: Double($0) / 1000) }
    }

    public typealias Snapshot = CacheSnapshot<RealEstateProperty>

    // MARK: - The outbox

    /// A new operation, before the key press that made it returns.
    public func append(_ operation: PendingOperation<RealEstateProperty>) throws {
        let entry = try OutboxEntry(operation)
        try run { try database.write { db in try entry.insert(db) } }
    }

    /// The sender's writes, in order, in one transaction: an operation settled leaves the outbox
    /// in the same transaction that writes what the server holds now.
    public func commit(_ writes: [OutboxWrite<RealEstateProperty>]) throws {
        try run { try database.write { db in try Self.apply(writes, db) } }
    }

    /// The same, waited for without blocking a thread: SQLite's commit (and its wait for the
    /// disk) runs on the database's own queue, after every write asked for before it.
    public func commitInBackground(_ writes: [OutboxWrite<RealEstateProperty>]) async throws {
        do {
            try await database.write { db in try Self.apply(writes, db) }
        } catch {
            try run { throw error }
        }
    }

    private static func apply(_ writes: [OutboxWrite<RealEstateProperty>], _ db: Database) throws {
        try OutboxEntry.apply(writes, model: nil, db, entry: OutboxEntry.init) { record in
            try upsert(record, with: upsertStatement(db), in: db)
        }
    }

    // MARK: - The cache

    /// Server records arriving one by one (an answer, a conflict's copy, a read): the newer version wins.
    ///
    /// Committed without waiting for the disk (`synchronous = NORMAL` for this transaction only): the
    /// cache is a copy of the server's, and a power cut that loses its last pages loses nothing the
    /// next read does not bring back. The outbox's commits stay FULL, and each one's sync of the
    /// WAL makes every commit before it durable too, so no order is broken. A whole read of a
    /// million records is a thousand such commits: an fsync each cost seconds.
    public func merge(_ records: [RealEstateProperty]) throws {
        guard !records.isEmpty else { return }
        try run {
            try database.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
                defer { try? db.execute(sql: "PRAGMA synchronous = FULL") }
                try db.inTransaction {
                    let statement = try Self.upsertStatement(db)
                    for record in records { try Self.upsert(record, with: statement, in: db) }
                    return .commit
                }
            }
        }
    }

    /// The end of a whole list read whose pages were merged as they came: the records the
    /// list no longer has go, and the cache is marked as refreshed, in one transaction.
    /// `rowCount`: how many rows the list now has, kept as the next start's estimate.
    /// Then the WAL is checkpointed (see `checkpoint`): a read of a million records leaves it
    /// at about 12 MB.
    public func remove(_ ids: [PropertyID], refreshedAt: Date, rowCount: Int) throws {
        defer { try? checkpoint() }
        try run {
            try database.write { db in
                let statement = try db.makeStatement(sql: "DELETE FROM confirmed WHERE id = ?")
                for id in ids { try statement.execute(arguments: [id]) }
                try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('rowCount', ?)", arguments: [String(rowCount)])
                try db.execute(
                    sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('refreshedAt', ?)",
                    arguments: [String(Int64(refreshedAt.timeIntervalSince1970 * 1000))])
            }
        }
    }

    /// A whole refresh: the cache becomes exactly the given confirmed set.
    public func replaceConfirmed(with records: [RealEstateProperty], refreshedAt: Date) throws {
        try run {
            try database.write { db in
                try db.execute(sql: "DELETE FROM confirmed")
                for record in records { try record.insert(db) }
                try db.execute(
                    sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('refreshedAt', ?)",
                    arguments: [String(Int64(refreshedAt.timeIntervalSince1970 * 1000))])
            }
        }
    }

    /// Where live sync left off: the last sync query's `startedAt` (epoch ms), and when the last base query ran.
    public struct SyncMarks: Sendable, Equatable {
        public var lastSync: Int64?
        public var lastBaseSync: Date?
        public init(lastSync: Int64? = nil, lastBaseSync: Date? = nil) {
            self.lastSync = lastSync
            self.lastBaseSync = lastBaseSync
        }
    }

    public func syncMarks() throws -> SyncMarks {
        try run {
            try database.read { db in
                let lastSync = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'lastSync'").flatMap(Int64.init)
                let base = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'lastBaseSync'")
                    .flatMap(Double.init).map { Date(timeIntervalSince1970: $0) }
                return SyncMarks(lastSync: lastSync, lastBaseSync: base)
            }
        }
    }

    /// The dialect this backend was found to speak (see `APIDialect`), kept with its cache and
    /// outbox so that the next start asks nothing before its first request; nil: not known yet.
    public func dialect() throws -> APIDialect? {
        try run {
            try database.read { db in
                try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'dialect'")
                    .flatMap { try? JSONDecoder().decode(APIDialect.self, from: Data($0.utf8)) }
            }
        }
    }

    /// Keeps the dialect. A change of dialect also drops the sync marks, the sample's and every
    /// model's: a `startedAt` of one dialect means nothing to the other.
    public func setDialect(_ dialect: APIDialect) throws {
        let text = String(decoding: try JSONEncoder().encode(dialect), as: UTF8.self)
        try run {
            try database.write { db in
                let old = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'dialect'")
                guard old != text else { return }
                try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('dialect', ?)", arguments: [text])
                // Every model's too (`ModelCache` keeps them as `<model>.lastSync`).
                try db.execute(
                    sql: "DELETE FROM meta WHERE key IN ('lastSync', 'lastBaseSync') OR key LIKE '%.lastSync' OR key LIKE '%.lastBaseSync'")
            }
        }
    }

    /// Forgets every cached record (the outbox stays): what the cache holds is of no use any more.
    public func clearCache() throws {
        try run {
            try database.write { db in
                try db.execute(sql: "DELETE FROM confirmed")
                try db.execute(sql: "DELETE FROM meta WHERE key IN ('lastSync', 'lastBaseSync', 'refreshedAt', 'rowCount')")
            }
        }
    }

    /// Keeps the sync's `startedAt` for the next delta query (and the time of a base query, if this was one).
    public func setSyncMarks(lastSync: Int64, baseSync: Date?) throws {
        try run {
            try database.write { db in
                try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('lastSync', ?)", arguments: [String(lastSync)])
                if let baseSync {
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('lastBaseSync', ?)",
                        arguments: [String(baseSync.timeIntervalSince1970)])
                }
            }
        }
    }

    /// Copies what the WAL holds into the database file and empties the WAL (SQLite's `TRUNCATE`
    /// checkpoint): after a large load, and when the app quits, so that the next start opens a
    /// database with no WAL to read through (and the file with its `-wal` stays small). A reader
    /// still under way makes it a partial checkpoint, which is harmless.
    public func checkpoint() throws {
        _ = try run { try database.writeWithoutTransaction { db in try db.checkpoint(.truncate) } }
    }

    /// The size of the WAL file, in bytes (0 when there is none).
    public func walSize() -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? NSNumber)?.int64Value ?? 0
    }

    /// SQLite's `synchronous` setting now (2: FULL, every commit waits for the disk).
    func synchronousSetting() throws -> Int? {
        try run { try database.read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") } }
    }

    /// SQLite's journal mode ("wal" for a file).
    public func journalMode() throws -> String? {
        try run { try database.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } }
    }

    /// How many operations wait in the outbox, every model's (for tests and the quit message).
    public func outboxCount() throws -> Int {
        try run { try database.read { db in try OutboxEntry.fetchCount(db) } }
    }

    /// Turns GRDB's errors into ones that name the file.
    func run<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch SyncStorageError.corruptOutbox(let reason) {
            throw SyncStorageError.corruptOutbox(
                "\(reason). The file is \(path): move it aside to start without its unsent changes")
        } catch let error as SyncStorageError {
            throw error
        } catch {
            throw SyncStorageError.writeFailed(path: path, reason: "\(error)")
        }
    }
}

/// The cached records are rows of `confirmed`, under AppSync's field names.
/// Columns read and written by name rather than through `Codable`, which costs several times
/// more per row: a million-row cache is read at every start and written at every refresh.
extension RealEstateProperty: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "confirmed"

    public init(row: Row) throws {
        self.init(
            id: row["id"], name: row["name"], address: row["address"], createdAt: row["createdAt"],
            updatedAt: row["updatedAt"], version: row["_version"], isDeleted: row["_deleted"],
            lastChangedAt: row["_lastChangedAt"])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["name"] = name
        container["address"] = address
        container["createdAt"] = createdAt
        container["updatedAt"] = updatedAt
        container["_version"] = version
        container["_deleted"] = isDeleted
        container["_lastChangedAt"] = lastChangedAt
    }
}

public enum SyncStorageError: Error, Sendable, Equatable, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    /// The file holds migrations this build does not know: a newer proptui wrote it.
    case newerVersion(path: String, unknownMigrations: [String])
    /// SQLite finds damaged pages or structure; nothing was written to it.
    case damaged(path: String, reason: String)
    case writeFailed(path: String, reason: String)
    case corruptOutbox(String)
    case inUse(path: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "cannot open the outbox \(path): \(reason). \(Self.wayOut(path))"
        case .newerVersion(let path, let unknown):
            "the outbox \(path) was written by a newer proptui (it has \(unknown.joined(separator: ", ")), which this build does not know); "
                + "this build leaves it untouched. Run the newer proptui, or \(Self.wayOut(path))"
        case .damaged(let path, let reason):
            "the outbox \(path) is damaged (\(reason)); nothing was written to it. \(Self.wayOut(path).capitalizedFirst) "
                + "(SQLite's `.recover` may get its changes back)"
        case .writeFailed(let path, let reason): "cannot save to \(path): \(reason)"
        case .corruptOutbox(let reason): "the outbox is damaged: \(reason)"
        case .inUse(let path): "another proptui is already using \(path)"
        }
    }

    /// What to do that loses nothing: the file (and its WAL, which holds the latest commits)
    /// moved aside is kept whole, and the app starts with an empty outbox beside it.
    static func wayOut(_ path: String) -> String {
        "move it aside to start with an empty outbox, keeping it whole: mv '\(path)' '\(path).aside' "
            + "(and '\(path)-wal' to '\(path).aside-wal' if it exists)"
    }
}

