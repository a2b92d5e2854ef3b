import Foundation
import OptimisticStore

/// What a list (`RecordList`) keeps across restarts, for one model: the server's records as
/// last confirmed (the cache it starts from), the outbox of operations not confirmed yet, and
/// where live sync left off. `SyncStorage` is the sample's; `ModelCache` any other model's, in
/// the same file. Every write is committed before the call returns (see `SyncStorage`).
public protocol RecordCache<Record>: Sendable {
    associatedtype Record: ListRecord

    /// What a start needs before its first frame: the outbox, the cached copies of the records it
    /// changes, and the first `firstBatch` cached records; the rest from `cachedRecords`.
    func loadStart(firstBatch: Int) throws -> (snapshot: CacheSnapshot<Record>, next: SyncStorage.CachePosition?)
    /// The next batch of cached records, and where the one after starts (nil: that was the last).
    func cachedRecords(after position: SyncStorage.CachePosition, limit: Int) throws -> (records: [Record], next: SyncStorage.CachePosition?)

    /// A new operation, before the key press that made it returns.
    func append(_ operation: PendingOperation<Record>) throws
    /// The operation's attempts, last error or base changed.
    func update(_ operation: PendingOperation<Record>) throws
    /// Operations leave the outbox in the same transaction that writes what the server holds now.
    func settle(_ operations: [OperationID], writing record: Record?) throws

    /// Server records arriving (the newer version wins).
    func merge(_ records: [Record]) throws
    /// The end of a whole read: these records are gone, and the cache is marked refreshed.
    func remove(_ ids: [Record.ID], refreshedAt: Date, rowCount: Int) throws
    /// Forgets every cached record (the outbox stays).
    func clearCache() throws

    func syncMarks() throws -> SyncStorage.SyncMarks
    func setSyncMarks(lastSync: Int64, baseSync: Date?) throws
    /// The dialect the backend was found to speak (one per backend, for every model).
    func dialect() throws -> APIDialect?
    func setDialect(_ dialect: APIDialect) throws
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
