import AppSync
import OptimisticStore

/// The user's changes: each comes checked (a `PropertyName` or `PropertyAddress` is made only by
/// `PropertyValidation`, where it is typed), is applied at once, and is written to the outbox
/// before the call returns; then the sender takes over.
extension RealEstatePropertyList {
    /// Adds a property at once; returns its id (a client UUID, so a retried create is recognised).
    @discardableResult
    public func create(name: PropertyName, address: PropertyAddress = .none) throws(InvalidInput) -> PropertyID {
        let property = RealEstateProperty(id: PropertyID.random(), name: name.text, address: address.text)
        try apply(.create(property), kind: .create)
        return property.id
    }

    /// Changes one field at once (nothing is sent when the record already holds it).
    public func edit(_ id: PropertyID, _ edit: PropertyEdit) throws(InvalidInput) {
        guard let current = store.record(id) else { throw InvalidInput(message: "That property is gone.") }
        guard !edit.isHeld(by: current) else { return }
        try apply(.update(id, edit.patch), kind: edit.field.kind)
    }

    public func rename(_ id: PropertyID, to name: PropertyName) throws(InvalidInput) {
        try edit(id, .name(name))
    }

    public func editAddress(_ id: PropertyID, to address: PropertyAddress) throws(InvalidInput) {
        try edit(id, .address(address))
    }

    public func delete(_ id: PropertyID) throws(InvalidInput) {
        guard store.record(id) != nil else { throw InvalidInput(message: "That property is gone.") }
        try apply(.delete(id), kind: .delete)
    }

    /// After a conflict (`⚡`): the user keeps the other writer's version; their own change is let go.
    public func dismissConflict(_ id: PropertyID) {
        run(machine.dismissConflict(id))
    }

    /// Undoes the user's last change, and says what it did. A change not yet on the
    /// wire is simply dropped (nothing is sent); one the server may have seen is
    /// undone by the inverse change. It never skips to an older change on its own.
    public func undo() -> UndoOutcome {
        switch machine.undo() {
        case .nothing:
            return .nothing
        case .dropped(let entry, let actions):
            run(actions)
            return .undone("Undid \(entry.description) (it had not been sent).", recordID: entry.recordID)
        case .inverse(let entry, let change):
            do throws(InvalidInput) {
                try apply(change, kind: .undo)
            } catch {
                return .notPossible("Cannot undo \(entry.description): \(error.message)")
            }
            if case .create(let recreated) = change {
                machine.recreated(entry.recordID, as: recreated.id)
                return .undone("Undid \(entry.description): it is back, as a new record.", recordID: recreated.id)
            }
            return .undone("Undid \(entry.description)\(entry.kind == .create ? ": it is deleted" : "").", recordID: entry.recordID)
        case .notPossible(let message):
            return .notPossible(message)
        }
    }

    /// After a conflict (`⚡`): the user's change again, on top of the other writer's
    /// version now shown, so it is sent against that version and wins on purpose.
    public func reapplyMine(_ id: PropertyID) throws(InvalidInput) -> String {
        guard machine.conflicted[id] != nil else {
            throw InvalidInput(message: "Nothing to apply again: this row has no conflict.")
        }
        guard let current = store.record(id) else { throw InvalidInput(message: "That property is gone.") }
        guard let change = machine.takeConflictedChange(id) else { return "Nothing to apply again." }
        switch change {
        case .update(_, let patch):
            let kind: OperationKind = patch.name != nil ? .rename : .editAddress
            try apply(change, kind: kind)
            return "Applied your \(kind == .rename ? "rename to “\(patch.name ?? "")”" : "address change") again, over the other change to “\(current.name)”."
        case .delete:
            try apply(change, kind: .delete)
            return "Deleting “\(current.name)” anyway, with the other change."
        case .create:
            return "Nothing to apply again."
        }
    }

    /// Applies a change, keeps it in the outbox (refusing it if that fails: a change
    /// that cannot be kept is not shown), records it for undo, and wakes the sender.
    func apply(_ change: LocalChange<RealEstateProperty>, kind: OperationKind) throws(InvalidInput) {
        guard let staged = machine.stage(change) else { return }
        do {
            try storage.append(staged.operation)
        } catch {
            machine.discard(staged)
            logger.error("could not save a change: \(error)")
            throw InvalidInput(message: "The change could not be saved, so it was not made (\(error)).")
        }
        run(machine.commit(staged, kind: kind))
    }
}

/// What `u` did, in words for the status line.
public enum UndoOutcome: Sendable, Equatable {
    case nothing
    case undone(String, recordID: PropertyID)
    case notPossible(String)

    public var message: String {
        switch self {
        case .nothing: "Nothing to undo."
        case .undone(let message, _), .notPossible(let message): message
        }
    }
}
