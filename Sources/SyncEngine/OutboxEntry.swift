import Foundation
import GRDB
import OptimisticStore

/// One row of the outbox table: a pending operation of any model, as it is kept on disk. Every list of one backend writes to the same table, and `seq` (SQLite's next
/// rowid) orders them all: the outbox's order is the order the user acted in, across models.
///
/// The operation's id is its list's own (`OptimisticStore` numbers its operations), so two lists
/// may hold the same id: a row is found by `model` and `operation` together. A row written
/// before `model` and `operation` existed (migration "v1") is the sample's own screen's, and its id
/// is its `seq`.
struct OutboxEntry: Codable, FetchableRecord, TableRecord {
    static let databaseTableName = "outbox"

    /// The row's place in the one order of every model's operations; nil until inserted.
    var seq: Int64?
    /// The model's name; nil: an operation the sample's own screen left, until the sample's model
    /// takes it (`ModelCache.moveSampleRows`).
    var model: String?
    /// The operation's id in its list (nil in a row written before "v2": then it is `seq`).
    var operation: Int64?
    /// The record's key: a model's `ModelCache.keyText` (the sample's own screen wrote its id).
    var recordID: String
    /// `create`, `update` or `delete`.
    var kind: String
    /// JSON: the new record for a create, the patch for an update, `{}` for a delete.
    var patch: String
    /// JSON of the confirmed record the change was made against (nil: none).
    var base: String?
    /// JSON of what the user saw before the change (nil: nothing), for undo and messages.
    var before: String?
    var attempts: Int
    var lastError: String?

    var operationID: OperationID { OperationID(rawValue: UInt64(operation ?? seq ?? 0)) }

    // MARK: Rows of one model

    /// The model's operations, in order (`model` nil: those the sample's own screen left).
    static func fetchAll(model: String?, _ db: Database) throws -> [OutboxEntry] {
        try fetchAll(db, sql: "SELECT * FROM outbox WHERE model IS ? ORDER BY seq", arguments: [model])
    }

    /// Appended at the end of the one order.
    func insert(_ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO outbox (model, operation, recordID, kind, patch, base, before, attempts, lastError)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [model, operation, recordID, kind, patch, base, before, attempts, lastError])
    }

    /// One operation's row, found through the `outbox_operation` index, or, for a v1 row (which
    /// has no `operation`), by its `seq`. (`coalesce(operation, seq) = ?` said the same, but
    /// SQLite can answer it only by reading the whole outbox: each send and answer of a long
    /// queue then cost a scan of it.)
    static let operationRow = """
        ((ifnull(model, '') = ifnull(:model, '') AND operation = :operation) OR (operation IS NULL AND model IS :model AND seq = :operation))
        """

    /// Rewrites the operation's row in place (its place in the order stays).
    func update(_ db: Database) throws {
        try db.execute(
            sql: """
                UPDATE outbox SET recordID = :recordID, kind = :kind, patch = :patch, base = :base, before = :before,
                    attempts = :attempts, lastError = :lastError
                WHERE \(Self.operationRow)
                """,
            arguments: [
                "recordID": recordID, "kind": kind, "patch": patch, "base": base, "before": before, "attempts": attempts,
                "lastError": lastError, "model": model, "operation": Int64(operationID.rawValue),
            ])
        // As GRDB's `update` did: a rewrite of an operation no longer there is a failed write.
        guard db.changesCount > 0 else { throw RowMissing(operation: operationID) }
    }

    /// Sets operations' attempts (those still there).
    static func count(_ attempts: [OperationID: Int], model: String?, _ db: Database) throws {
        let statement = try db.cachedStatement(sql: "UPDATE outbox SET attempts = :attempts WHERE \(operationRow)")
        for (operation, count) in attempts {
            try statement.execute(arguments: ["attempts": count, "model": model, "operation": Int64(operation.rawValue)])
        }
    }

    /// The sender's writes to `model`'s rows, in order, in the caller's transaction: `entry` makes
    /// an operation's row, and a settled operation's record goes to the cache through `cache`.
    static func apply<Record>(
        _ writes: [OutboxWrite<Record>], model: String?, _ db: Database,
        entry: (PendingOperation<Record>) throws -> OutboxEntry, cache: (Record) throws -> Void
    ) throws {
        for write in writes {
            switch write {
            case .update(let operation):
                try entry(operation).update(db)
            case .counted(let attempts):
                try count(attempts, model: model, db)
            case .settle(let operations, let record):
                try delete(operations, model: model, db)
                if let record { try cache(record) }
            case .confirm(let operation, let record):
                try delete([operation], model: model, db)
                try cache(record)
            case .cache(let records):
                for record in records { try cache(record) }
            }
        }
    }

    struct RowMissing: Error, CustomStringConvertible {
        let operation: OperationID
        var description: String { "operation \(operation.rawValue) is not in the outbox" }
    }

    /// The operations leave the outbox.
    static func delete(_ operations: [OperationID], model: String?, _ db: Database) throws {
        let statement = try db.cachedStatement(sql: "DELETE FROM outbox WHERE \(operationRow)")
        for operation in operations { try statement.execute(arguments: ["model": model, "operation": Int64(operation.rawValue)]) }
    }
}

extension OutboxEntry {
    /// A row read by its columns, not through Codable's decoder, which cost an outbox of
    /// thousands of changes more than SQLite's read at every start. A value of the wrong kind (a
    /// damaged or hostile file) throws, as the decoder did, and is said as a damaged outbox.
    init(row: Row) throws {
        seq = try row.decode(forColumn: "seq")
        model = try row.decode(forColumn: "model")
        operation = try row.decode(forColumn: "operation")
        recordID = try row.decode(forColumn: "recordID")
        kind = try row.decode(forColumn: "kind")
        patch = try row.decode(forColumn: "patch")
        base = try row.decode(forColumn: "base")
        before = try row.decode(forColumn: "before")
        attempts = try row.decode(forColumn: "attempts")
        lastError = try row.decode(forColumn: "lastError")
    }
}
