import AmplifyModels
import AppSync
import OptimisticStore

/// Changes to many records at once (marked rows deleted or edited, and their undo): each record's
/// change is an operation of its own, made, sent, answered, refused and rebased as a single change
/// is, so every promise of one holds for each (durable, sent once, a conflict refused, either
/// dialect). What a batch adds: its operations go into the outbox in one transaction (all of them
/// or none), the screen hears of them together first (`RecordListEvent.batchStarted`), and one
/// `undo` takes back the whole batch.
extension RecordList {
    /// Deletes every record of `ids` still there. Answers how many deletes were made.
    @discardableResult
    public func delete(_ ids: [Record.ID]) throws(InvalidInput) -> Int {
        let changes = Self.distinct(ids).compactMap { id in store.record(id).map { _ in (LocalChange<Record>.delete(id), OperationKind.delete) } }
        return try applyBatch(changes, as: RecordBatch(kind: .delete, recordIDs: [])).count
    }

    /// Sets `patch`'s fields on every record of `ids` still there that does not hold them already.
    /// Answers how many records it changes.
    @discardableResult
    public func update(_ ids: [Record.ID], _ patch: Record.Patch) throws(InvalidInput) -> Int {
        var heldAlready = 0
        let changes = Self.distinct(ids).compactMap { id -> (LocalChange<Record>, OperationKind)? in
            guard let current = store.record(id) else { return nil }
            guard !current.holds(patch) else {
                heldAlready += 1
                return nil
            }
            return (.update(id, patch), current.kind(of: patch))
        }
        return try applyBatch(changes, as: RecordBatch(kind: .edit, recordIDs: [], heldAlready: heldAlready)).count
    }

    /// Stages every change, keeps them all in the outbox in one transaction (or none, and the
    /// changes are taken back before anything is shown), then shows and sends them, named as
    /// `batch` with the records staged. An undo's changes are not recorded for undo; any other
    /// batch is one step of the history.
    func applyBatch(_ changes: [(LocalChange<Record>, OperationKind)], as batch: RecordBatch<Record.ID>) throws(InvalidInput) -> [Record.ID] {
        var staged: [(SyncMachine<Record>.Staged, OperationKind)] = []
        staged.reserveCapacity(changes.count)
        for (change, kind) in changes {
            if let one = machine.stage(change) { staged.append((one, kind)) }
        }
        guard !staged.isEmpty else { return [] }
        // As for a single change: every write before it is on disk first.
        commitNow()
        do {
            try storage.append(contentsOf: staged.map { $0.0.operation })
        } catch {
            for (one, _) in staged.reversed() { machine.discard(one) }
            logger.error("could not save \(staged.count) changes: \(error)")
            throw InvalidInput(message: "The changes could not be saved, so none was made (\(error)).")
        }
        var started = batch
        started.recordIDs = staged.map { $0.0.operation.recordID }
        runForTheUser([.emit(.batchStarted(started))] + machine.commit(batch: staged))
        return started.recordIDs
    }

    /// `u` after a batch: the changes not sent yet are dropped, the others undone by their inverse
    /// changes, made as a batch of their own (an undone delete on the versioned dialect comes back
    /// as a new record, its key held by the server's tombstone, as a single one does).
    func undo(_ batch: SyncMachine<Record>.BatchUndo) -> RecordUndoOutcome<Record.ID> {
        let deletes = batch.entries.allSatisfy { $0.kind == .delete }
        let what = deletes ? "deleting \(Self.records(batch.entries.count))" : "the change of \(Self.records(batch.entries.count))"
        runForTheUser(batch.actions)
        var made: [Record.ID] = []
        do throws(InvalidInput) {
            made = try applyBatch(
                batch.inverses.map { ($0.change, OperationKind.undo) }, as: RecordBatch(kind: .undo, undoing: deletes ? .delete : .edit, recordIDs: [], notSent: batch.dropped))
        } catch {
            return .notPossible("Cannot undo \(what): \(error.message)")
        }
        var renamed: [Record.ID: Record.ID] = [:]
        for (entry, change) in batch.inverses {
            if case .create(let recreated) = change, entry.kind == .delete, recreated.id != entry.recordID { renamed[entry.recordID] = recreated.id }
        }
        machine.recreated(renamed)
        let undone = batch.dropped + made.count
        let refusals = batch.notPossible.count
        guard undone > 0 else {
            let first = batch.notPossible.first ?? "Nothing to undo."
            return .notPossible(refusals > 1 ? "\(first) (and \(refusals - 1) more)" : first)
        }
        var message = "Undid \(what)"
        if undone < batch.entries.count { message += " (\(Self.grouped(undone)) of them)" }
        if deletes {
            // Only the deletes the server applied come back under new keys (versioned dialect); the
            // ones dropped before they were sent keep theirs.
            message += renamed.isEmpty ? ": they are back"
                : renamed.count == undone ? ": they are back, as new records"
                : ": they are back (\(Self.grouped(renamed.count)) of them as new records)"
        }
        if let first = batch.notPossible.first { message += "; \(Self.grouped(refusals)) could not be: \(first)" }
        return .undone(message + ".", recordID: made.first ?? batch.entries[batch.entries.count - 1].recordID)
    }

    /// "1 record", "1,000 records".
    static func records(_ count: Int) -> String {
        count == 1 ? "1 record" : "\(grouped(count)) records"
    }

    /// "1,000": a count as the screen writes it, whatever the locale.
    static func grouped(_ count: Int) -> String {
        var digits = String(count.magnitude)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(Substring(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        return (count < 0 ? "-" : "") + ([Substring(digits)] + groups).joined(separator: ",")
    }

    /// Each id once, in the order given.
    static func distinct(_ ids: [Record.ID]) -> [Record.ID] {
        var seen = Set<Record.ID>(minimumCapacity: ids.count)
        return ids.filter { seen.insert($0).inserted }
    }
}
