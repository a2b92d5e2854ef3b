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
        let change = staged.operation.change
        var created: [Action] = []
        if case .create = change {
            creationOrder.note(staged.operation.id, of: change.recordID)
            created.append(.createPending(change.recordID))
        }
        if kind == .undo {
            undoes.insert(staged.operation.id)  // its answer is told as the undo it is
        } else {
            conflicted[change.recordID] = nil  // the user moved on
            history.record(UndoHistory<Record>.Entry(
                kind: kind, recordID: change.recordID, operation: staged.operation.id, change: change, before: staged.before,
                after: store.record(change.recordID)))
        }
        schedule.waiting(change.recordID)
        return created + publish(staged.diff) + pump()
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
    }

    /// Undoes the user's last change. A change not yet on the wire is simply dropped (nothing is
    /// sent); one the server may have seen is undone by the inverse change. It never skips to an
    /// older change on its own.
    mutating func undo() -> UndoStep {
        guard let entry = history.popLast() else { return .nothing }
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
