import Foundation
import OptimisticStore

/// What a list (`RecordList`) keeps across restarts, for one model: the server's records as
/// last confirmed (the cache it starts from), the outbox of operations not confirmed yet, and
/// where live sync left off: `ModelCache`, every model's in its backend's one file
/// (`SyncStorage`). Every write is committed before the call returns (see `SyncStorage`).
public protocol RecordCache<Record>: Sendable {
    associatedtype Record: ListRecord

    /// What a start needs before its first frame: the outbox, the cached copies of the records it
    /// changes, and the first `firstBatch` cached records; the rest from `cachedRecords`.
    func loadStart(firstBatch: Int) throws -> (snapshot: CacheSnapshot<Record>, next: SyncStorage.CachePosition?)
    /// The next batch of cached records, and where the one after starts (nil: that was the last).
    func cachedRecords(after position: SyncStorage.CachePosition, limit: Int) throws -> (records: [Record], next: SyncStorage.CachePosition?)

    /// A new operation, before the key press that made it returns.
    func append(_ operation: PendingOperation<Record>) throws
    /// Many new operations in one transaction (marked rows changed at once, an import's batch):
    /// all are kept, or none, with one wait for the disk.
    func append(contentsOf operations: [PendingOperation<Record>]) throws
    /// Outbox writes made by the sender, in order, in one transaction (a group commit: one wait
    /// for the disk for every answer that arrived meanwhile), after every write asked for before.
    func commit(_ writes: [OutboxWrite<Record>]) throws
    /// The same, awaited without blocking the caller's thread while SQLite waits for the disk.
    func commitInBackground(_ writes: [OutboxWrite<Record>]) async throws

    /// Server records arriving (the newer version wins).
    func merge(_ records: [Record]) throws
    /// The end of a whole read: these records are gone, and the cache is marked refreshed.
    func remove(_ ids: [Record.ID], refreshedAt: Date, rowCount: Int) throws
    /// After a whole read has ended, off the list's way: what a store keeps tidy (an index a
    /// first load left to build, its log emptied into the file).
    func tidyAfterWholeRead() async throws
    /// Forgets every cached record (the outbox stays).
    func clearCache() throws

    func syncMarks() throws -> SyncStorage.SyncMarks
    func setSyncMarks(lastSync: Int64, baseSync: Date?) throws
    /// The dialect the backend was found to speak (one per backend, for every model).
    func dialect() throws -> APIDialect?
    func setDialect(_ dialect: APIDialect) throws
    /// The views read whole from the server (a filter's canonical text, and when), newest first.
    func viewsRead() throws -> [ViewRead]
    func setViewRead(_ view: ViewRead) throws
}

/// A view the server answered to its last page: its rows are in the cache, so offline the same
/// filter answers as it did then.
public struct ViewRead: Sendable, Equatable {
    /// The filter as the language prints it (`FilterExpression.description`).
    public var filter: String
    public var at: Date

    public init(filter: String, at: Date) {
        self.filter = filter
        self.at = at
    }
}

/// A write the sender makes to the outbox, kept in groups (`RecordCache.commit`), or a record a
/// live event brought, kept in the same groups and in the same order.
public enum OutboxWrite<Record: SyncedRecord>: Sendable, Equatable {
    /// The operation's attempts, last error or base changed.
    case update(PendingOperation<Record>)
    /// Operations counted as sent this many times (ahead of their sends).
    case counted([OperationID: Int])
    /// Operations leave the outbox, taken back or refused, in the same transaction that writes
    /// what the server holds now, if anything.
    case settle([OperationID], writing: Record?)
    /// The server answered the operation: it leaves the outbox in the same transaction that
    /// writes the record as the server holds it now.
    case confirm(OperationID, writing: Record)
    /// Server records a subscription brought (or a read for one): into the cache with the group,
    /// off the list's thread, not in a commit of their own on it. Each live event would otherwise
    /// commit the open group at once while answers wait: a replay of N changes echoed back waited
    /// for the disk N times. (A whole read's batches are still written on their own: sent with the
    /// group they measured no faster, and its events would wait for them.)
    case cache([Record])

    /// Whether a commit holding this write must wait for the disk (`synchronous = FULL`) rather
    /// than only for SQLite's log (`NORMAL`, which a crash of the app never loses; a power cut or
    /// a crash of the system may lose the last such commits, never one before a FULL one: every
    /// FULL commit's sync of the log takes the ones before with it).
    ///
    /// A confirmation lost that way is an answer lost on the wire: its operation is pending again
    /// at the next start, counted as sent (its count reached the disk before it was sent), and the
    /// sender recognises it as already applied on the server (`ConflictResolution.resolve`,
    /// `SyncMachine.read(_:for:)`); a cached copy comes back with the next read. Everything else
    /// must reach the disk: a send's count (after a crash the app must know the server may hold
    /// the change), an operation's new base, an operation taken back by the user (lost, it would
    /// be sent after all) or refused. Not waiting for the disk at every confirmation was worth a
    /// fifth of a 10,000-rename replay's time (`proptui-bench --outbox-only`), where the server's
    /// own commits wait for the same disk.
    var mustReachTheDisk: Bool {
        switch self {
        case .update, .counted, .settle: true
        case .confirm, .cache: false
        }
    }
}

extension RecordCache {
    /// One at a time, where a cache has no transaction to put them in together (a test's).
    public func append(contentsOf operations: [PendingOperation<Record>]) throws {
        for operation in operations { try append(operation) }
    }

    /// A cache that keeps no views (a test's) says none was read.
    public func viewsRead() throws -> [ViewRead] { [] }
    public func setViewRead(_ view: ViewRead) throws {}

    /// The operation's attempts, last error or base changed: committed on its own.
    public func update(_ operation: PendingOperation<Record>) throws { try commit([.update(operation)]) }

    /// Operations settled: committed on their own.
    public func settle(_ operations: [OperationID], writing record: Record?) throws { try commit([.settle(operations, writing: record)]) }
}

/// What was kept: the cache (or its first batch), the outbox in order, and when the cache was
/// last refreshed.
public struct CacheSnapshot<Record: SyncedRecord>: Sendable {
    public var confirmed: [Record]
    public var pending: [PendingOperation<Record>]
    /// When the cache last matched the server's whole list (nil: never).
    public var refreshedAt: Date?
    /// About how many rows the cache holds, whether read yet or not: what the last whole
    /// refresh counted, else a count of the cached records (tombstones included).
    public var cachedCount: Int

    public init(confirmed: [Record], pending: [PendingOperation<Record>], refreshedAt: Date?, cachedCount: Int) {
        self.confirmed = confirmed
        self.pending = pending
        self.refreshedAt = refreshedAt
        self.cachedCount = cachedCount
    }
}
