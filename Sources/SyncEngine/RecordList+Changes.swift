import AmplifyModels
import AppSync
import OptimisticStore

/// The user's changes, checked already (`ModelRecord.checked`, `ModelRecordPatch.checked`): each
/// is applied at once, and is written to the outbox before the call returns; then the sender
/// takes over.
extension RecordList {
    /// Adds a record at once (its key chosen by the client, so a retried create is recognised).
    public func create(_ record: Record) throws(InvalidInput) {
        try apply(.create(record), kind: .create)
    }

    /// Changes fields at once (nothing is sent when the record already holds them).
    public func update(_ id: Record.ID, _ patch: Record.Patch) throws(InvalidInput) {
        guard let current = store.record(id) else { throw InvalidInput(message: "That \(recordNoun) is gone.") }
        guard !current.holds(patch) else { return }
        try apply(.update(id, patch), kind: current.kind(of: patch))
    }

    public func delete(_ id: Record.ID) throws(InvalidInput) {
        guard store.record(id) != nil else { throw InvalidInput(message: "That \(recordNoun) is gone.") }
        try apply(.delete(id), kind: .delete)
    }

    /// What messages call a record when there is none to ask: the model's name.
    var recordNoun: String { server.modelDescription.name }

    /// After a conflict (`⚡`): the user keeps the other writer's version; their own change is let go.
    public func dismissConflict(_ id: Record.ID) {
        runForTheUser(machine.dismissConflict(id))
    }

    /// Undoes the user's last change, and says what it did. A change not yet on the
    /// wire is simply dropped (nothing is sent); one the server may have seen is
    /// undone by the inverse change. It never skips to an older change on its own.
    public func undo() -> RecordUndoOutcome<Record.ID> {
        switch machine.undo() {
        case .nothing:
            return .nothing
        case .dropped(let entry, let actions):
            runForTheUser(actions)
            return .undone("Undid \(entry.description) (it had not been sent).", recordID: entry.recordID)
        case .inverse(let entry, let change):
            do throws(InvalidInput) {
                try apply(change, kind: .undo)
            } catch {
                return .notPossible("Cannot undo \(entry.description): \(error.message)")
            }
            if case .create(let recreated) = change, entry.kind == .delete {
                machine.recreated(entry.recordID, as: recreated.id)
                let how = recreated.id == entry.recordID ? "" : ", as a new record"
                return .undone("Undid \(entry.description): it is back\(how).", recordID: recreated.id)
            }
            return .undone("Undid \(entry.description)\(entry.kind == .create ? ": it is deleted" : "").", recordID: entry.recordID)
        case .notPossible(let message):
            return .notPossible(message)
        case .batch(let batch):
            return undo(batch)
        }
    }

    /// After a conflict (`⚡`): the user's change again, on top of the other writer's
    /// version now shown, so it is sent against that version and wins on purpose.
    public func reapplyMine(_ id: Record.ID) throws(InvalidInput) -> String {
        guard machine.conflicted[id] != nil else {
            throw InvalidInput(message: "Nothing to apply again: this row has no conflict.")
        }
        guard let current = store.record(id) else { throw InvalidInput(message: "That \(recordNoun) is gone.") }
        guard let change = machine.takeConflictedChange(id) else { return "Nothing to apply again." }
        switch change {
        case .update(_, let patch):
            let kind = current.kind(of: patch)
            try apply(change, kind: kind)
            let yours =
                switch kind {
                case .rename: "rename to “\(current.displayName(after: patch) ?? "")”"
                case .editField(let field): "\(field) change"
                default: "change"
                }
            return "Applied your \(yours) again, over the other change to “\(current.displayName)”."
        case .delete:
            try apply(change, kind: .delete)
            return "Deleting “\(current.displayName)” anyway, with the other change."
        case .create(let sent):
            // Its key was taken: your values go over the record that holds it.
            guard let patch = current.patch(becoming: sent) else { return "“\(current.displayName)” already holds your values." }
            try apply(.update(id, patch), kind: current.kind(of: patch))
            return "Applied your values over the other \(current.kindName) “\(current.displayName)”."
        }
    }

    /// Applies a change, keeps it in the outbox (refusing it if that fails: a change
    /// that cannot be kept is not shown), records it for undo, and wakes the sender.
    @_specialize(where Record == ModelRecord)
    func apply(_ change: LocalChange<Record>, kind: OperationKind) throws(InvalidInput) {
        guard let staged = machine.stage(change) else { return }
        // Every write before it is on disk first, and the screen told of it: the change's own
        // events then go out with it, in order, not behind a group commit under way.
        commitNow()
        do {
            try storage.append(staged.operation)
        } catch {
            machine.discard(staged)
            logger.error("could not save a change: \(error)")
            throw InvalidInput(message: "The change could not be saved, so it was not made (\(error)).")
        }
        runForTheUser(machine.commit(staged, kind: kind))
    }

    /// A step the user's key press made: its writes (its send's count too) are committed before
    /// the call returns, so that its events reach the screen before the next key is read (a key
    /// typed ahead of a create acts on the new row), as they did before group commits.
    func runForTheUser(_ actions: [SyncMachine<Record>.Action]) {
        run(actions)
        commitNow()
    }
}

/// What `u` did, in words for the status line.
public enum RecordUndoOutcome<ID: Hashable & Sendable>: Sendable, Equatable {
    case nothing
    case undone(String, recordID: ID)
    case notPossible(String)

    public var message: String {
        switch self {
        case .nothing: "Nothing to undo."
        case .undone(let message, _), .notPossible(let message): message
        }
    }
}
