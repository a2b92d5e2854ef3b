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
/// Not thread-safe by design: one owner (an actor such as `SyncEngine`'s `RecordList`)
/// serialises access. Every change returns its diff, for the owner to publish.
public final class OptimisticStore<Record: SyncedRecord> {
    public typealias ID = Record.ID
    public typealias Diff = StoreDiff<ID>
    public typealias Operation = PendingOperation<Record>

    // The hot path (apply, confirm, record, status and what they call) is `@inlinable`, and
    // so is the state it touches (`@usableFromInline`): a caller in another module gets it
    // specialised for its record type instead of running generic code through witness
    // tables. That is what `-cross-module-optimization`, an unsafe flag, used to do.

    /// The confirmed records, tombstones included (stripped: see `strippedTombstone`).
    @usableFromInline var confirmed: ConfirmedTable<Record>
    /// Pending operations per record, oldest first.
    @usableFromInline var pendingByRecord: [ID: [Operation]] = [:]
    @usableFromInline var recordOfOperation: [OperationID: ID] = [:]
    /// What the user sees of the records that have pending operations (nil: hidden
    /// by a pending delete). Records without pending operations show their
    /// confirmed copy, so this holds only the overlay, not a second copy of the list.
    @usableFromInline var overlay: [ID: Record?] = [:]
    /// Records whose change lost to another writer's (`⚡`), with the reason: kept until a new
    /// change to the record or `dismissConflict`. A plain refusal is not kept here: the change is
    /// dropped, and showing it until the user has seen it is the screen's business.
    @usableFromInline var conflicts: [ID: String] = [:]
    /// The tombstones kept, oldest first (see `tombstoneLimit`).
    @usableFromInline var tombstones: TombstoneLog<ID>
    /// The number of visible records, kept as records appear and disappear.
    public var count: Int { visibleCount }
    @usableFromInline var visibleCount = 0
    @usableFromInline var clock: UInt64 = 0
    /// Bumped by every change (a whole read's page once): whoever reads the store can tell
    /// whether anything changed it since they last looked.
    public var revision: UInt64 { changes }
    @usableFromInline var changes: UInt64 = 0
    @usableFromInline var lastOperation: UInt64 = 0

    /// How many tombstones are kept at most (the oldest go first). A tombstone stops an
    /// older copy of a deleted record (a late event or page) from showing it again; such
    /// copies arrive within seconds, so the most recent deletes are the ones that matter.
    /// Tombstones a pending operation refers to are never dropped, and a full refresh drops
    /// the ones the server no longer lists.
    public let tombstoneLimit: Int

    public static var defaultTombstoneLimit: Int { 10_000 }

    /// A store starting from a confirmed set and, after a restart, the pending log read back from the outbox.
    public init(
        confirmed records: [Record] = [], pending operations: [Operation] = [],
        tombstoneLimit: Int = defaultTombstoneLimit
    ) {
        precondition(tombstoneLimit >= 0)
        self.tombstoneLimit = tombstoneLimit
        confirmed = ConfirmedTable(minimumCapacity: records.count)
        tombstones = TombstoneLog()
        for operation in operations.sorted(by: { $0.id < $1.id }) {
            lastOperation = max(lastOperation, operation.id.rawValue)
            pendingByRecord[operation.recordID, default: []].append(operation)
            recordOfOperation[operation.id] = operation.recordID
        }
        for record in records { writeConfirmed(record) }
        for id in pendingByRecord.keys { overlay[id] = fold(id) }
        var shownConfirmed = 0
        confirmed.forEach { entry in
            if !entry.record.isDeleted && overlay[entry.record.id] == nil { shownConfirmed += 1 }
        }
        visibleCount = shownConfirmed + overlay.values.lazy.filter { $0 != nil }.count
    }

    // MARK: - Reading

    /// What the user sees of a record: nil if it does not exist or is hidden.
    @inlinable
    public func record(_ id: ID) -> Record? {
        // The overlay and the conflicts are usually empty: skip hashing the id for them.
        if !overlay.isEmpty, let shown = overlay[id] { return shown }
        guard let record = confirmed[id]?.record, !record.isDeleted else { return nil }
        return record
    }

    /// The row's sync state: a conflict not yet settled, else pending, else synced.
    @inlinable
    public func status(_ id: ID) -> RowStatus {
        if !conflicts.isEmpty, let message = conflicts[id] { return .conflict(message) }
        // Nothing pending (a load, live sync on a quiet list): no hashing of the id.
        if pendingByRecord.isEmpty { return .synced }
        let pending = pendingByRecord[id]?.count ?? 0
        return pending > 0 ? .pending(pending) : .synced
    }

    /// Every visible record: the confirmed ones as the table keeps them, then those with pending
    /// operations in the order of their first one. O(n): for a full redraw or a refresh, not per event.
    public var records: [Record] {
        var all: [Record] = []
        all.reserveCapacity(visibleCount)
        confirmed.forEach { entry in
            if !entry.record.isDeleted && overlay[entry.record.id] == nil { all.append(entry.record) }
        }
        // Records with pending operations in the order of their first one (a record made here and
        // not confirmed yet shows where it was made), not the dictionary's, which differs on every
        // run: unsent creates would come back shuffled after a restart.
        let pending = overlay.compactMap { id, record in record.map { (pendingByRecord[id]?.first?.id, $0) } }
        all.append(contentsOf: pending.sorted { ($0.0?.rawValue ?? .max) < ($1.0?.rawValue ?? .max) }.map(\.1))
        return all
    }

    /// Every confirmed record, tombstones included, in no particular order. O(n): for saving a refresh.
    public var confirmedRecords: [Record] { confirmed.entries.map(\.record) }

    /// How many tombstones the store keeps now (at most `tombstoneLimit`, plus those that
    /// pending operations refer to).
    public var tombstoneCount: Int { tombstones.count }

    /// The id of every confirmed record, tombstones included. O(n): for the end of a refresh.
    public var confirmedIDs: [ID] {
        var ids: [ID] = []
        ids.reserveCapacity(confirmed.count)
        confirmed.forEach { ids.append($0.record.id) }
        return ids
    }

    /// The last confirmed copy, tombstones included.
    public func confirmedRecord(_ id: ID) -> Record? { confirmed[id]?.record }

    @inlinable
    public func operation(_ id: OperationID) -> Operation? {
        guard let record = recordOfOperation[id] else { return nil }
        return pendingByRecord[record]?.first { $0.id == id }
    }

    /// The record's pending operations, oldest first: the first is the next to send.
    public func pendingOperations(for id: ID) -> [Operation] { pendingByRecord[id] ?? [] }

    /// Every pending operation, oldest first.
    @inlinable
    public var pendingOperations: [Operation] {
        // Their positions are sorted, not the operations: each carries records, and a sort that
        // moves them (unspecialised, across the module) was most of a 10,000-change outbox's resume.
        let operations = pendingByRecord.values.flatMap { $0 }
        return operations.indices.sorted { operations[$0].id < operations[$1].id }.map { operations[$0] }
    }

    /// The oldest `limit` of the operations next to send (each record's first) that `isIncluded`
    /// keeps, oldest first. Sorts the operations' ids only, not every pending operation: the
    /// sender asks this every half `countedAheadLimit` sends of a queue of thousands.
    @inlinable
    public func oldestFirstOperations(limit: Int, where isIncluded: (Operation) -> Bool) -> [Operation] {
        var firsts: [(id: OperationID, record: ID)] = []
        firsts.reserveCapacity(pendingByRecord.count)
        for (record, operations) in pendingByRecord {
            if let first = operations.first, isIncluded(first) { firsts.append((first.id, record)) }
        }
        firsts.sort { $0.id < $1.id }
        return firsts.prefix(limit).map { pendingByRecord[$0.record]![0] }
    }

    @inlinable
    public var pendingCount: Int { recordOfOperation.count }

    /// Records in a conflict not yet settled.
    public var conflictedIDs: Dictionary<ID, String>.Keys { conflicts.keys }

    // MARK: - Local changes

    /// Applies a local change at once and logs it as pending.
    @discardableResult
    @inlinable
    public func apply(_ change: LocalChange<Record>) -> (operation: OperationID, diff: Diff) {
        lastOperation += 1
        let id = change.recordID
        let operation = Operation(
            id: OperationID(rawValue: lastOperation), change: change, before: record(id),
            base: baseForNewOperation(on: id))
        let diff = edit(id) {
            conflicts[id] = nil  // a new change to the row settles its conflict
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
    @inlinable
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
    @inlinable
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

    /// The server refused the operation: it is dropped (this *is* the revert). A conflict marks
    /// the row until it is settled, and may carry the server's current record, which is kept.
    @discardableResult
    @inlinable
    public func reject(_ operation: OperationID, because rejection: Rejection, serverRecord: Record? = nil) -> Diff {
        guard let id = recordOfOperation[operation] else { return Diff() }
        return edit(id) {
            removeOperation(operation, of: id)
            if let serverRecord { writeConfirmed(serverRecord) }
            if rejection.kind == .conflict { conflicts[id] = rejection.message }
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
    @inlinable
    public func merge(_ serverRecord: Record) -> Diff {
        edit(serverRecord.id) { writeConfirmed(serverRecord) }
    }

    /// Marks the moment a full refresh is requested, before its request is sent.
    public func beginRefresh() -> RefreshToken { RefreshToken(stamp: clock) }

    /// Replaces the confirmed set with a full refresh that began at `token`.
    /// Records confirmed after the token are newer than the snapshot and stay;
    /// older records missing from it are gone from the server. Pending
    /// operations stay on top, so nothing the user did flickers.
    ///
    /// A whole read merges its pages as they arrive, so at its end nearly every record of the
    /// snapshot is already confirmed as it is: those are neither rewritten nor refolded, and only
    /// the records confirmed before the token are looked for in the snapshot. The end of a
    /// million-record read costs one lookup per record, not a rewrite of the table.
    @discardableResult
    public func replaceConfirmed(with snapshot: [Record], startedAt token: RefreshToken) -> Diff {
        // Confirmed before the refresh began: gone, unless the snapshot lists them.
        var unlisted = Set<ID>()
        confirmed.forEach { entry in
            if entry.stamp <= token.stamp { unlisted.insert(entry.record.id) }
        }
        var changed: [Record] = []
        var touched: [ID] = []
        var touchedIDs = Set<ID>()
        for record in snapshot {
            let id = record.id
            let current = confirmed[id]
            if let current, current.stamp <= token.stamp, !unlisted.isEmpty { unlisted.remove(id) }
            // Skipped: confirmed since the token began, exactly as listed. (Once a record is written,
            // its later copies in the snapshot are written after it, in order.)
            let kept = record.isDeleted ? record.strippedTombstone() : record
            if let current, current.stamp > token.stamp, current.record == kept, !touchedIDs.contains(id) { continue }
            changed.append(record)
            if touchedIDs.insert(id).inserted { touched.append(id) }
        }
        for id in unlisted where touchedIDs.insert(id).inserted { touched.append(id) }
        return edit(touched) {
            for record in changed { writeConfirmed(record) }
            for id in unlisted { removeConfirmed(id) }
            compactTombstones()
        }
    }

    /// A page of a whole read that began at `token` (see `removeUnlisted(since:)`): each record
    /// merged as `merge` does (the newer version wins), and noted as listed now, also when the
    /// copy kept is newer than the page's. What it changes is added to `diff`, so that a read
    /// gathers one diff for its pages instead of one per record.
    ///
    /// Answers whether every record was new to the list and now shows as it came, with nothing
    /// pending and no conflict (a first load): then those records are what the user sees of
    /// them, and the reader may show them without looking each one up again.
    @inlinable
    @discardableResult
    public func mergeListed(_ records: some Sequence<Record>, into diff: inout Diff) -> Bool {
        mergeListed(records, into: &diff) { _ in }
    }

    /// The same, and each record that changed the confirmed copy is handed to `changed`: a
    /// record listed as it is confirmed already, or older than the copy kept, changes nothing a
    /// cache of the confirmed copies holds (a refresh of a cached list lists nearly every record
    /// unchanged, and writing them again cost most of its time).
    @inlinable
    @discardableResult
    public func mergeListed(_ records: some Sequence<Record>, into diff: inout Diff, changed: (Record) -> Void) -> Bool {
        changes += 1
        var allNew = true
        for record in records {
            let id = record.id
            guard overlay.isEmpty, pendingByRecord.isEmpty, conflicts.isEmpty else {
                let before = (self.record(id), status(id))
                let (previous, _) = writeConfirmed(record, noteListed: true)
                if Self.changes(previous, to: record) { changed(record) }
                refold(id, before: before, into: &diff)
                allNew = false
                continue
            }
            // Nothing pending and no conflict (a load): what shows is the confirmed copy, before
            // and after, and the write's one probe tells both.
            let (previous, kept) = writeConfirmed(record, noteListed: true)
            if Self.changes(previous, to: record) { changed(record) }
            let before = previous.flatMap { $0.isDeleted ? nil : $0 }, after = kept.isDeleted ? nil : kept
            allNew = allNew && before == nil && after == record
            note(id, before: before, after: after, into: &diff)
        }
        return allNew
    }

    /// Whether `record` (listed) changes a confirmed copy that was `previous`: not when it is the
    /// same copy, nor when the copy kept is newer (it stays).
    @inlinable
    static func changes(_ previous: Record?, to record: Record) -> Bool {
        guard let previous else { return true }
        return previous.version <= record.version && previous != record
    }

    /// The end of a whole read that began at `token`, its pages merged with `mergeListed`: the
    /// records confirmed before it and neither listed nor written since are gone from the
    /// server. Returns what the user saw change and the ids removed (for the cache). One pass
    /// over the table and a lookup per record removed: the read keeps no copy of what it listed.
    @discardableResult
    public func removeUnlisted(since token: RefreshToken) -> (diff: Diff, removed: [ID]) {
        var unlisted: [ID] = []
        confirmed.forEach { entry in
            if entry.stamp <= token.stamp { unlisted.append(entry.record.id) }
        }
        let diff = edit(unlisted) {
            for id in unlisted { removeConfirmed(id) }
            compactTombstones()
        }
        return (diff, unlisted)
    }

    /// A refresh whose snapshot was taken just now.
    @discardableResult
    public func replaceConfirmed(with snapshot: [Record]) -> Diff {
        replaceConfirmed(with: snapshot, startedAt: beginRefresh())
    }

    /// A conflict's reason said anew (the other writer's copy changed again); nothing if the
    /// record is in no conflict.
    @discardableResult
    public func restateConflict(_ id: ID, as message: String) -> Diff {
        guard let current = conflicts[id], current != message else { return Diff() }
        return edit(id) { conflicts[id] = message }
    }

    /// The user keeps the other writer's version: the record's conflict is settled.
    @discardableResult
    public func dismissConflict(_ id: ID) -> Diff {
        guard conflicts[id] != nil else { return Diff() }
        return edit(id) { conflicts[id] = nil }
    }

    // MARK: - Internals

    /// Runs a change to some records' state and answers what it changed for the user.
    @inlinable
    func edit(_ id: ID, _ change: () -> Void) -> Diff {
        changes += 1
        let before = (record(id), status(id))
        change()
        var diff = Diff()
        refold(id, before: before, into: &diff)
        return diff
    }

    @usableFromInline
    func edit(_ ids: [ID], _ change: () -> Void) -> Diff {
        changes += 1
        let before = ids.map { (record($0), status($0)) }
        change()
        var diff = Diff()
        for (id, before) in zip(ids, before) { refold(id, before: before, into: &diff) }
        return diff
    }

    /// Recomputes what the user sees of one record and records the difference.
    @inlinable
    func refold(_ id: ID, before: (Record?, RowStatus), into diff: inout Diff) {
        if pendingByRecord.isEmpty || pendingByRecord[id] == nil {
            if !overlay.isEmpty { overlay[id] = nil }
        } else {
            overlay[id] = .some(fold(id))
        }
        let after = (record(id), status(id))
        note(id, before: before.0, after: after.0, statusChanged: before.1 != after.1, into: &diff)
    }

    /// Records what the user saw of a record change, from what it showed before and after.
    @inlinable
    func note(_ id: ID, before: Record?, after: Record?, statusChanged: Bool = false, into diff: inout Diff) {
        switch (before, after) {
        case (nil, nil): break
        case (nil, _?): diff.inserted.insert(id); visibleCount += 1
        case (_?, nil): diff.removed.insert(id); visibleCount -= 1
        case (let old?, let new?): if old != new || statusChanged { diff.updated.insert(id) }
        }
    }

    @inlinable
    func fold(_ id: ID) -> Record? {
        let confirmedRecord = confirmed[id].flatMap { $0.record.isDeleted ? nil : $0.record }
        return (pendingByRecord[id] ?? []).reduce(confirmedRecord) { $1.change.applied(to: $0) }
    }

    @usableFromInline
    func modify(_ operation: OperationID, _ change: (inout Operation) -> Void) {
        guard let id = recordOfOperation[operation],
              let index = pendingByRecord[id]?.firstIndex(where: { $0.id == operation })
        else { return }
        change(&pendingByRecord[id]![index])
    }

    /// A new operation is made against the confirmed copy the user sees it over now.
    @inlinable
    func baseForNewOperation(on id: ID) -> Record? { confirmed[id]?.record }

    /// Not `@inlinable`: it sets `base`, whose setter is internal; it only loops when
    /// later operations of the record are pending.
    @usableFromInline
    func advanceBase(of id: ID, to serverRecord: Record) {
        guard let count = pendingByRecord[id]?.count else { return }
        for index in 0..<count { pendingByRecord[id]![index].base = serverRecord }
    }

    @inlinable
    func removeOperation(_ operation: OperationID, of id: ID) {
        recordOfOperation[operation] = nil
        pendingByRecord[id]?.removeAll { $0.id == operation }
        if pendingByRecord[id]?.isEmpty == true { pendingByRecord[id] = nil }
    }

    /// Keeps the newer of two confirmed copies; on a tie the later answer wins.
    /// A tombstone is kept stripped, and the oldest tombstones beyond the limit are dropped.
    /// Answers the copy there before and the one kept now.
    ///
    /// `noteListed`: a whole read's page (see `mergeListed`); a newer copy kept is stamped now,
    /// so that the read's end does not take it for a record the server no longer lists.
    @inlinable
    @discardableResult
    func writeConfirmed(_ record: Record, noteListed: Bool = false) -> (previous: Record?, kept: Record) {
        clock += 1
        let stamp = clock
        var kept = record
        let existing = confirmed.upsert(record.id) { existing in
            if let existing, existing.record.version > record.version {
                kept = existing.record
                return noteListed ? .init(record: existing.record, stamp: stamp) : nil
            }
            if record.isDeleted { kept = record.strippedTombstone() }
            return .init(record: kept, stamp: stamp)
        }?.record
        if let existing, existing.version > record.version { return (existing, kept) }
        if record.isDeleted {
            if existing?.isDeleted != true {
                tombstones.append(record.id, stamp: stamp)
                if tombstones.count > tombstoneLimit { dropOldTombstones() }  // O(1) amortised, O(pending) at worst
                if tombstones.isMostlyStale { compactTombstones() }
            }
        } else if existing?.isDeleted == true {
            tombstones.forget()
        }
        return (existing, kept)
    }

    /// Drops the oldest tombstones until at most `tombstoneLimit` are kept, skipping those
    /// a pending operation refers to (its base may be the tombstone). Nothing the user sees
    /// changes: a record with no pending operation shows nothing whether its tombstone is kept or not.
    @usableFromInline
    func dropOldTombstones() {
        // Tombstones under pending operations do not count against the limit: they are set
        // aside and go back at the end of the log.
        var kept: [(ID, UInt64)] = []
        while tombstones.count - kept.count > tombstoneLimit, let (id, stamp) = tombstones.popOldest() {
            // An entry rewritten since (a newer tombstone, or revived) is not this tombstone.
            guard let entry = confirmed[id], entry.record.isDeleted, entry.stamp >= stamp else { continue }
            if pendingByRecord[id] != nil {
                kept.append((id, stamp))
                continue
            }
            confirmed.remove(id)
            tombstones.forget()
        }
        for (id, stamp) in kept { tombstones.append(id, stamp: stamp, counted: false) }
    }

    /// Drops the log's stale entries. O(tombstones logged).
    @usableFromInline
    func compactTombstones() {
        tombstones.compact { id, stamp in
            confirmed[id].map { $0.record.isDeleted && $0.stamp >= stamp } ?? false
        }
    }

    /// Removes a confirmed record (gone from the server), keeping the tombstone count right.
    @usableFromInline
    func removeConfirmed(_ id: ID) {
        if confirmed.remove(id)?.record.isDeleted == true { tombstones.forget() }
    }
}
