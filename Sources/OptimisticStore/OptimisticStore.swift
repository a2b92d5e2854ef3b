/// The rebase engine: the server's confirmed records plus an ordered log of
/// pending local operations; what the user sees is, per record,
/// `fold(pending, over: confirmed)`.
///
/// Nothing is ever rolled back by index or restored from a snapshot: a rejected
/// operation is dropped from the log and its record re-derived, so later
/// operations on the same record stay applied. Every event touches one record
/// (or, for a refresh, the records in it), and only that record is recomputed.
///
/// Cost: applying or settling an operation is a few hash look-ups plus a fold over
/// the operations pending on that record, independent of the number of records.
///
/// Not thread-safe by design: one owner (an actor such as `RealEstatePropertyList`)
/// serialises access. Diffs are handed out through `diffs`.
public final class OptimisticStore<Record: SyncedRecord> {
    public typealias ID = Record.ID
    public typealias Diff = StoreDiff<ID>
    public typealias Operation = PendingOperation<Record>

    /// A server-confirmed record and the logical time it was written (see `RefreshToken`).
    private struct Confirmed {
        var record: Record
        var stamp: UInt64
    }

    private var confirmed: [ID: Confirmed] = [:]
    /// Pending operations per record, oldest first.
    private var pendingByRecord: [ID: [Operation]] = [:]
    private var recordOfOperation: [OperationID: ID] = [:]
    /// What the user sees of the records that have pending operations (nil: hidden
    /// by a pending delete). Records without pending operations show their
    /// confirmed copy, so this holds only the overlay, not a second copy of the list.
    private var overlay: [ID: Record?] = [:]
    private var flags: [ID: Rejection] = [:]
    /// The number of visible records, kept as records appear and disappear.
    public private(set) var count = 0
    private var clock: UInt64 = 0
    private var lastOperation: UInt64 = 0
    private var publisher: AsyncStream<Diff>.Continuation?

    /// A store starting from a confirmed set and, after a restart, the pending log read back from the outbox.
    public init(confirmed records: [Record] = [], pending operations: [Operation] = []) {
        for record in records { writeConfirmed(record) }
        for operation in operations.sorted(by: { $0.id < $1.id }) {
            lastOperation = max(lastOperation, operation.id.rawValue)
            pendingByRecord[operation.recordID, default: []].append(operation)
            recordOfOperation[operation.id] = operation.recordID
        }
        for id in pendingByRecord.keys { overlay[id] = fold(id) }
        count = confirmed.values.lazy.filter { !$0.record.isDeleted && self.overlay[$0.record.id] == nil }.count
            + overlay.values.lazy.filter { $0 != nil }.count
    }

    deinit { publisher?.finish() }

    /// Every non-empty diff, in order, from the moment this is first read.
    /// One consumer; the buffer is unbounded so that no change is ever lost.
    public private(set) lazy var diffs: AsyncStream<Diff> = {
        let (stream, continuation) = AsyncStream<Diff>.makeStream(bufferingPolicy: .unbounded)
        publisher = continuation
        return stream
    }()

    // MARK: - Reading

    /// What the user sees of a record: nil if it does not exist or is hidden.
    public func record(_ id: ID) -> Record? {
        if let shown = overlay[id] { return shown }
        guard let record = confirmed[id]?.record, !record.isDeleted else { return nil }
        return record
    }

    /// The row's sync state: a refusal the user has not acknowledged, else pending, else synced.
    public func status(_ id: ID) -> RowStatus {
        if let rejection = flags[id] { return rejection.rowStatus }
        let pending = pendingByRecord[id]?.count ?? 0
        return pending > 0 ? .pending(pending) : .synced
    }

    /// Every visible record, in no particular order. O(n): for a full redraw or a refresh, not per event.
    public var records: [Record] {
        var all = confirmed.values.compactMap { entry -> Record? in
            entry.record.isDeleted || overlay[entry.record.id] != nil ? nil : entry.record
        }
        all.append(contentsOf: overlay.values.compactMap { $0 })
        return all
    }

    /// Every confirmed record, tombstones included, in no particular order. O(n): for saving a refresh.
    public var confirmedRecords: [Record] { confirmed.values.map(\.record) }

    /// The id of every confirmed record, tombstones included. O(n): for the end of a refresh.
    public var confirmedIDs: [ID] { Array(confirmed.keys) }

    /// The last confirmed copy, tombstones included.
    public func confirmedRecord(_ id: ID) -> Record? { confirmed[id]?.record }

    public func operation(_ id: OperationID) -> Operation? {
        guard let record = recordOfOperation[id] else { return nil }
        return pendingByRecord[record]?.first { $0.id == id }
    }

    /// The record's pending operations, oldest first: the first is the next to send.
    public func pendingOperations(for id: ID) -> [Operation] { pendingByRecord[id] ?? [] }

    /// Every pending operation, oldest first.
    public var pendingOperations: [Operation] {
        pendingByRecord.values.flatMap { $0 }.sorted { $0.id < $1.id }
    }

    public var pendingCount: Int { recordOfOperation.count }

    /// Records the server refused a change to, not yet acknowledged.
    public var flaggedIDs: Dictionary<ID, Rejection>.Keys { flags.keys }

    // MARK: - Local changes

    /// Applies a local change at once and logs it as pending.
    @discardableResult
    public func apply(_ change: LocalChange<Record>) -> (operation: OperationID, diff: Diff) {
        lastOperation += 1
        let id = change.recordID
        let operation = Operation(
            id: OperationID(rawValue: lastOperation), change: change, before: record(id),
            base: baseForNewOperation(on: id))
        let diff = edit(id) {
            flags[id] = nil  // a new change to the row acknowledges its last refusal
            pendingByRecord[id, default: []].append(operation)
            recordOfOperation[operation.id] = id
        }
        return (operation.id, diff)
    }

    // MARK: - Settling operations

    /// The server accepted the operation and answered with this record. The
    /// record's later operations are now made against this answer.
    /// An answer for another record settles nothing (the caller checks ids first).
    @discardableResult
    public func confirm(_ operation: OperationID, with serverRecord: Record) -> Diff {
        guard let id = recordOfOperation[operation], serverRecord.id == id else { return Diff() }
        return edit(id) {
            removeOperation(operation, of: id)
            writeConfirmed(serverRecord)
            advanceBase(of: id, to: serverRecord)
        }
    }

    /// Drops an operation the server never needs to see (undone before it was sent,
    /// or cancelled out by a later one). Unlike `reject`, the row is not flagged.
    @discardableResult
    public func cancel(_ operation: OperationID) -> Diff {
        guard let id = recordOfOperation[operation] else { return Diff() }
        return edit(id) { removeOperation(operation, of: id) }
    }

    /// The operation is being put on the wire: from now on the server may have applied it.
    public func noteSent(_ operation: OperationID) {
        modify(operation) { $0.attempts += 1 }
    }

    /// The last attempt never left (the connection was refused): it does not count.
    public func noteNotSent(_ operation: OperationID) {
        modify(operation) { $0.attempts = max(0, $0.attempts - 1) }
    }

    /// The operation is sent again against the server's newer copy, whose changes
    /// it does not touch. That copy becomes what the user sees under it.
    @discardableResult
    public func rebase(_ operation: OperationID, onto serverRecord: Record) -> Diff {
        guard let id = recordOfOperation[operation], serverRecord.id == id else { return Diff() }
        return edit(id) {
            writeConfirmed(serverRecord)
            modify(operation) { $0.base = serverRecord }
        }
    }

    /// The server refused the operation: it is dropped (this *is* the revert) and the
    /// row is flagged. A conflict may carry the server's current record, which is kept.
    @discardableResult
    public func reject(_ operation: OperationID, because rejection: Rejection, serverRecord: Record? = nil) -> Diff {
        guard let id = recordOfOperation[operation] else { return Diff() }
        return edit(id) {
            removeOperation(operation, of: id)
            if let serverRecord { writeConfirmed(serverRecord) }
            flags[id] = rejection
        }
    }

    /// Sending failed for a reason worth retrying (offline, timeout, 5xx): the
    /// operation stays pending and applied. Nothing the user sees changes.
    @discardableResult
    public func noteTransientFailure(_ operation: OperationID, message: String) -> Diff {
        modify(operation) { $0.lastFailure = message }
        return Diff()
    }

    // MARK: - Server state arriving

    /// One record from a subscription or a delta sync: the newer `_version` wins;
    /// a tombstone hides the record. Pending operations stay on top.
    @discardableResult
    public func merge(_ serverRecord: Record) -> Diff {
        edit(serverRecord.id) { writeConfirmed(serverRecord) }
    }

    /// Marks the moment a full refresh is requested, before its request is sent.
    public func beginRefresh() -> RefreshToken { RefreshToken(stamp: clock) }

    /// Replaces the confirmed set with a full refresh that began at `token`.
    /// Records confirmed after the token are newer than the snapshot and stay;
    /// older records missing from it are gone from the server. Pending
    /// operations stay on top, so nothing the user did flickers.
    @discardableResult
    public func replaceConfirmed(with snapshot: [Record], startedAt token: RefreshToken) -> Diff {
        var snapshotIDs = Set<ID>(minimumCapacity: snapshot.count)
        var touched: [ID] = []
        for record in snapshot where snapshotIDs.insert(record.id).inserted { touched.append(record.id) }
        for (id, entry) in confirmed where entry.stamp <= token.stamp && !snapshotIDs.contains(id) {
            touched.append(id)
        }
        return edit(touched) {
            for record in snapshot { writeConfirmed(record) }
            for id in touched where !snapshotIDs.contains(id) { confirmed[id] = nil }
        }
    }

    /// A refresh whose snapshot was taken just now.
    @discardableResult
    public func replaceConfirmed(with snapshot: [Record]) -> Diff {
        replaceConfirmed(with: snapshot, startedAt: beginRefresh())
    }

    /// The user has seen the refusals (the next key press): rows go back to pending or synced.
    @discardableResult
    public func acknowledgeRejections() -> Diff {
        let ids = Array(flags.keys)
        return edit(ids) { flags.removeAll() }
    }

    // MARK: - Internals

    /// Runs a change to some records' state and publishes what it changed for the user.
    private func edit(_ id: ID, _ change: () -> Void) -> Diff {
        let before = (record(id), status(id))
        change()
        var diff = Diff()
        refold(id, before: before, into: &diff)
        publish(diff)
        return diff
    }

    private func edit(_ ids: [ID], _ change: () -> Void) -> Diff {
        let before = ids.map { (record($0), status($0)) }
        change()
        var diff = Diff()
        for (id, before) in zip(ids, before) { refold(id, before: before, into: &diff) }
        publish(diff)
        return diff
    }

    /// Recomputes what the user sees of one record and records the difference.
    private func refold(_ id: ID, before: (Record?, RowStatus), into diff: inout Diff) {
        if pendingByRecord[id] == nil {
            overlay[id] = nil
        } else {
            overlay[id] = .some(fold(id))
        }
        let after = (record(id), status(id))
        switch (before.0, after.0) {
        case (nil, nil): break
        case (nil, _?): diff.inserted.insert(id); count += 1
        case (_?, nil): diff.removed.insert(id); count -= 1
        case (let old?, let new?): if old != new || before.1 != after.1 { diff.updated.insert(id) }
        }
    }

    private func fold(_ id: ID) -> Record? {
        let confirmedRecord = confirmed[id].flatMap { $0.record.isDeleted ? nil : $0.record }
        return (pendingByRecord[id] ?? []).reduce(confirmedRecord) { $1.change.applied(to: $0) }
    }

    private func modify(_ operation: OperationID, _ change: (inout Operation) -> Void) {
        guard let id = recordOfOperation[operation],
              let index = pendingByRecord[id]?.firstIndex(where: { $0.id == operation })
        else { return }
        change(&pendingByRecord[id]![index])
    }

    /// A new operation is made against the confirmed copy the user sees it over now.
    private func baseForNewOperation(on id: ID) -> Record? { confirmed[id]?.record }

    private func advanceBase(of id: ID, to serverRecord: Record) {
        guard let count = pendingByRecord[id]?.count else { return }
        for index in 0..<count { pendingByRecord[id]![index].base = serverRecord }
    }

    private func removeOperation(_ operation: OperationID, of id: ID) {
        recordOfOperation[operation] = nil
        pendingByRecord[id]?.removeAll { $0.id == operation }
        if pendingByRecord[id]?.isEmpty == true { pendingByRecord[id] = nil }
    }

    /// Keeps the newer of two confirmed copies; on a tie the later answer wins.
    private func writeConfirmed(_ record: Record) {
        if let existing = confirmed[record.id], existing.record.version > record.version { return }
        clock += 1
        confirmed[record.id] = Confirmed(record: record, stamp: clock)
    }

    private func publish(_ diff: Diff) {
        if !diff.isEmpty { publisher?.yield(diff) }
    }
}
