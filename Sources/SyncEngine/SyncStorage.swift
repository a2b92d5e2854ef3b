import Foundation
import GRDB
import Logging
import OptimisticStore

/// The lists' memory across restarts, one SQLite file per backend (WAL, through GRDB):
/// - each model's cached records, in a table of its own made on first use (`cache(for:)`,
///   `ModelCache`);
/// - `outbox`: the user's operations the server has not confirmed yet, every model's in one
///   table: its `model` column says whose an operation is, and its `seq` orders them all;
/// - `meta`: the backend's dialect, and each model's marks (when its cache was last refreshed,
///   where live sync left off).
///
/// A file the sample's own screen wrote also holds its cache in `confirmed` and its operations
/// with `model` NULL, until the sample's model takes them (`ModelCache.moveSampleRows`).
///
/// Every write is one transaction, committed before the call returns, so an
/// operation that reached the screen is on disk, and an operation is removed in
/// the same transaction that writes what the server answered: a crash at any
/// point leaves either the operation or its outcome, never neither.
public final class SyncStorage: Sendable {
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

    /// Where a batched read of the cache goes on from (SQLite's rowid).
    public struct CachePosition: Sendable, Equatable {
        let rowID: Int64
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

    /// Keeps the dialect. A change of dialect also drops every model's sync marks (and those the
    /// sample's own screen left): a `startedAt` of one dialect means nothing to the other.
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

