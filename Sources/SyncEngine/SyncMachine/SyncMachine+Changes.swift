import AppSync
import OptimisticStore

/// The user's changes: each is applied to the engine, written to the outbox by the shell before
/// it counts (`stage`, then `commit` or `discard`: a change that cannot be kept is not shown),
/// recorded for undo, and handed to the sender.
extension SyncMachine {
    /// A change applied to the engine but not shown yet: the shell writes `operation` to the outbox.
    struct Staged {
        let operation: PendingOperation<Record>
        let diff: StoreDiff<Record.ID>
        let before: Record?
    }

    mutating func stage(_ change: LocalChange<Record>) -> Staged? {
        let before = store.record(change.recordID)
        let (operationID, diff) = store.apply(change)
        return store.operation(operationID).map { Staged(operation: $0, diff: diff, before: before) }
    }

    /// The outbox could not keep it: it never happened.
    mutating func discard(_ staged: Staged) {
        store.cancel(staged.operation.id)
    }

    /// Kept in the outbox: shown, recorded for undo (unless it is an undo itself), and sent.
    mutating func commit(_ staged: Staged, kind: OperationKind) -> [Action] {
        var entries: [UndoHistory<Record>.Entry] = []
        let created = note(staged, kind: kind, undoEntries: &entries)
        history.record(batch: entries)
        return created + publish(staged.diff) + pump()
    }

    /// Many changes kept in the outbox together (marked rows deleted or edited, or a batch's undo):
    /// each sent as a change of its own, recorded as one step (which one `u` undoes), and shown in
    /// one event: a thousand rows deleted are one change of the screen, not a thousand.
    mutating func commit(batch staged: [(Staged, OperationKind)]) -> [Action] {
        var entries: [UndoHistory<Record>.Entry] = []
        var actions: [Action] = []
        var diff = StoreDiff<Record.ID>()
        for (one, kind) in staged {
            actions += note(one, kind: kind, undoEntries: &entries)
            diff.formUnion(one.diff)
        }
        history.record(batch: entries)
        return actions + publish(diff) + pump()
    }

    /// A change kept: its undo entry (unless it is an undo itself), its place in the sender's queue.
    private mutating func note(_ staged: Staged, kind: OperationKind, undoEntries: inout [UndoHistory<Record>.Entry]) -> [Action] {
        let change = staged.operation.change
        var created: [Action] = []
        if case .create = change {
            if options.keepsCreationOrder { creationOrder.note(staged.operation.id, of: change.recordID) }
            created.append(.createPending(change.recordID))
        }
        if kind == .undo {
            undoes.insert(staged.operation.id)  // its answer is told as the undo it is
        } else {
            conflicted[change.recordID] = nil  // the user moved on
            undoEntries.append(UndoHistory<Record>.Entry(
                kind: kind, recordID: change.recordID, operation: staged.operation.id, change: change, before: staged.before,
                after: store.record(change.recordID)))
        }
        schedule.waiting(change.recordID)
        return created
    }

    /// After a conflict (`⚡`): the user keeps the other writer's version; their own change is let go.
    mutating func dismissConflict(_ id: Record.ID) -> [Action] {
        conflicted[id] = nil
        return publish(store.dismissConflict(id))
    }

    // MARK: - Undo

    /// What `u` does with the last change: drop it (never sent), or apply its inverse.
    enum UndoStep {
        case nothing
        /// Dropped before it was sent; these actions carry that out.
        case dropped(UndoHistory<Record>.Entry, [Action])
        /// The inverse change, to be applied like any other (without an undo entry of its own).
        case inverse(UndoHistory<Record>.Entry, LocalChange<Record>)
        case notPossible(String)
        /// The last change was made to many records at once: each of its changes as one of the above.
        case batch(BatchUndo)
    }

    /// A batch's undo: what was dropped (and the actions that carry it out), the inverse changes
    /// to apply together, and why the rest cannot be undone.
    struct BatchUndo {
        /// Every change of the batch, as it was recorded.
        var entries: [UndoHistory<Record>.Entry] = []
        var dropped = 0
        var actions: [Action] = []
        var inverses: [(entry: UndoHistory<Record>.Entry, change: LocalChange<Record>)] = []
        var notPossible: [String] = []
    }

    /// Undoes the user's last change (every change of it, for a batch). A change not yet on the
    /// wire is simply dropped (nothing is sent); one the server may have seen is undone by the
    /// inverse change. It never skips to an older change on its own.
    mutating func undo() -> UndoStep {
        guard let step = history.popLast() else { return .nothing }
        guard step.count > 1 else { return undo(step[0]) }
        var batch = BatchUndo(entries: step)
        // In the order made: each is another record's, and undone deletes are made again in the list's order.
        for entry in step {
            switch undo(entry) {
            case .dropped(_, let actions):
                batch.dropped += 1
                batch.actions += actions
            case .inverse(let entry, let change):
                batch.inverses.append((entry, change))
            case .notPossible(let message):
                batch.notPossible.append(message)
            case .nothing, .batch:
                break
            }
        }
        return .batch(batch)
    }

    private mutating func undo(_ entry: UndoHistory<Record>.Entry) -> UndoStep {
        if let operation = store.operation(entry.operation), canCancel(operation) {
            undoes.remove(operation.id)
            var actions = createLeft(operation, refusal: "it was taken back")
            actions += publish(store.cancel(operation.id))
            actions.append(.save(.outbox(.settle([operation.id], writing: nil))))
            actions += pump()  // a create held behind this one may go now
            return .dropped(entry, actions)
        }
        switch entry.inverse(current: store.record(entry.recordID), keepsKeys: undoneDeletesKeepTheirKeys) {
        case .change(let change):
            return .inverse(entry, change)
        case .notPossible(let reason):
            return .notPossible("Cannot undo \(entry.description): \(reason)")
        }
    }

    /// Whether an undone delete comes back under its own key: the plain dialect (Gen 2) keeps no
    /// tombstone, the versioned one does (a create of the old id would be refused).
    var undoneDeletesKeepTheirKeys: Bool { !dialect.hasVersions }

    /// An undone delete made the record again under a new id: older entries about it now concern the new copy.
    mutating func recreated(_ old: Record.ID, as new: Record.ID) {
        history.replaceRecord(old, with: new)
    }

    /// The same for a batch's undone deletes, in one pass over the history.
    mutating func recreated(_ renamed: [Record.ID: Record.ID]) {
        history.replaceRecords(renamed)
    }

    /// Only an operation that never left: not on the wire, never sent, and the last of its record
    /// (so no later change was made on top of it).
    private func canCancel(_ operation: PendingOperation<Record>) -> Bool {
        !operation.mayHaveReachedServer && !schedule.isOnTheWire(operation.id, of: operation.recordID)
            && store.pendingOperations(for: operation.recordID).last?.id == operation.id
    }

    // MARK: - Conflicts

    /// After a conflict (`⚡`): the user's change that lost, to apply again on top of the other
    /// writer's version now shown, so it is sent against that version and wins on purpose.
    mutating func takeConflictedChange(_ id: Record.ID) -> LocalChange<Record>? {
        conflicted.removeValue(forKey: id)?.change
    }
}
