import AppSync
import OptimisticStore

/// What the sender does with each answer. The rule: report what the server did, never guess. An
/// answer that is lost is resolved by asking the server what it holds; a conflict is checked field
/// by field against what the change was made against; nothing from the server can crash the app.
extension SyncMachine {
    /// The server's answer to an operation `send` put on the wire. The record keeps its slot while
    /// the answer is worked out (which may read the record first): its next operation must not go
    /// out before this one is settled.
    mutating func answered(_ answer: Result<Record, AppSyncFailure>, to operationID: OperationID) -> [Action] {
        let sentIn = sentInDialect.removeValue(forKey: operationID) ?? dialect
        guard let operation = store.operation(operationID) else {
            // Gone meanwhile (nothing drops an operation on the wire today; kept safe all the same).
            return schedule.record(sending: operationID).map { freeSlot(of: $0) } ?? []
        }
        let id = operation.recordID
        var actions: [Action]
        switch answer {
        case .success(let record) where record.id == id:
            schedule.answered(id)
            actions = serverAnswered() + settle(operation, with: record)
        case .success(let record):
            actions = failed(operation, .transient("the server answered for another record (\(record.id))"))
        case .failure(.rejected(let error)):
            actions = serverAnswered() + resolve(operation, refusedWith: error)
            if inquiries[operationID] != nil { return actions }  // settled when the read answers
        case .failure(let failure):
            actions = failed(operation, failure, sentIn: sentIn)
        }
        return actions + freeSlot(of: id)
    }

    /// The record a refused operation asked for (`read`): nil, the server has none.
    mutating func read(_ answer: Result<Record?, AppSyncFailure>, for operationID: OperationID) -> [Action] {
        guard let inquiry = inquiries.removeValue(forKey: operationID) else { return [] }
        guard let operation = store.operation(operationID) else {
            return schedule.record(sending: operationID).map { freeSlot(of: $0) } ?? []
        }
        var actions: [Action]
        switch (answer, inquiry) {
        case (.failure(let failure), _):
            actions = failed(operation, failure)  // asked again later: never refused on a guess
        case (.success(let existing?), .createMaybeApplied) where existing.id == operation.recordID:
            // Ours only if it holds what was sent: a key the user chose may be someone else's record.
            if case .create(let sent) = operation.change, !existing.isDeleted, !existing.hasSameValues(as: sent) {
                actions = refuse(
                    operation, message: "\(existing.aKindName) with this key already exists on the server", conflict: true, server: existing)
            } else {
                actions = settle(operation, with: existing, alreadyApplied: true)
            }
        case (.success, .createMaybeApplied(let refusal)):
            actions = refuse(operation, message: refusal, conflict: false)
        case (.success(let server), .conflict):
            actions = resolve(operation, against: server?.id == operation.recordID ? server : nil)
        case (.success(let server), .refusedMaybeApplied(let refusal)):
            if let applied = appliedCopy(of: operation, server: server?.id == operation.recordID ? server : nil) {
                actions = settle(operation, with: applied, alreadyApplied: true)
            } else {
                actions = refuse(operation, message: refusal, conflict: false)
            }
        }
        return actions + freeSlot(of: operation.recordID)
    }

    /// The server refused: maybe it already holds the change (a retry after a lost answer), maybe
    /// the change can go on top of someone else's, maybe it is a real refusal or conflict. When the
    /// record must be read first, the inquiry is noted and the actions ask for it.
    private mutating func resolve(_ operation: PendingOperation<Record>, refusedWith error: GraphQLError) -> [Action] {
        let isCreate: Bool = if case .create = operation.change { true } else { false }
        if operation.attempts > 1, !error.isConflict, !error.isConditionalCheckFailure {
            // Sent before, and that answer was lost: whatever this attempt was told, the server may
            // hold the change already. It is read before anything is said (conflicts and failed
            // conditions read it below anyway).
            return inquire(operation, .refusedMaybeApplied(refusal: error.message))
        }
        if isCreate, error.isConditionalCheckFailure {
            // The id is the client's own UUID: if it exists, the create was applied by an
            // earlier attempt whose answer was lost.
            return inquire(operation, .createMaybeApplied(refusal: error.message))
        }
        // "Not as you assumed": a stale `_version` (versioned dialect), or a condition on the
        // fields the change was made against that no longer holds (plain dialect). Either way the
        // record is read and the change resolved against it, field by field.
        guard error.isConflict || error.isConditionalCheckFailure, !isCreate else {
            return refuse(operation, message: error.message, conflict: false)
        }
        guard let data = error.data, let server = shownBefore(operation)?.serverCopy(from: data), server.id == operation.recordID else {
            // The conflict came without the server's copy: read it. If that read fails, the
            // operation is tried again later; it is never refused on a guess.
            return inquire(operation, .conflict)
        }
        return resolve(operation, against: server)
    }

    /// The server's copy when it holds what `operation` asked for (`server` nil: it has none).
    private func appliedCopy(of operation: PendingOperation<Record>, server: Record?) -> Record? {
        guard let server else { return deletedWithoutTombstone(operation) }
        if case .create(let sent) = operation.change {
            return !server.isDeleted && server.hasSameValues(as: sent) ? server : nil
        }
        return ConflictResolution.resolve(operation, against: server) == .alreadyApplied ? server : nil
    }

    /// The record a delete asked for when the server no longer has it and keeps no tombstone to
    /// say so (the plain dialect): a tombstone after the copy the delete was made against. Nil for
    /// any other change, which has nothing left to change.
    private func deletedWithoutTombstone(_ operation: PendingOperation<Record>) -> Record? {
        guard case .delete = operation.change, let known = operation.base ?? store.confirmedRecord(operation.recordID) else {
            return nil
        }
        return known.tombstone(atLeast: known.version + 1)
    }

    private mutating func inquire(_ operation: PendingOperation<Record>, _ inquiry: Inquiry) -> [Action] {
        inquiries[operation.id] = inquiry
        return [.read(recordID: operation.recordID, for: operation.id)]
    }

    /// A refused update or delete against the server's copy (nil: gone, without a tombstone).
    private mutating func resolve(_ operation: PendingOperation<Record>, against server: Record?) -> [Action] {
        guard let server else {
            // Gone: a delete has what it asked for; any other change has nothing left to change.
            if let tombstone = deletedWithoutTombstone(operation) { return settle(operation, with: tombstone) }
            return refuse(operation, message: "someone else deleted it meanwhile", conflict: true)
        }
        switch ConflictResolution.resolve(operation, against: server) {
        case .alreadyApplied:
            return settle(operation, with: server, alreadyApplied: true)
        case .rebase where rebases[operation.id, default: 0] < options.maximumRebases:
            rebases[operation.id, default: 0] += 1
            return publish(store.rebase(operation.id, onto: server)) + save(operation.id) + [.save(.merge([server]))]
        case .rebase:
            return refuse(operation, message: "the record kept changing on the server; try again", conflict: true, server: server)
        case .conflict(let message):
            return refuse(operation, message: message, conflict: true, server: server)
        }
    }

    /// The server holds the operation's outcome: confirm it, and drop it from the outbox in the
    /// same transaction that caches the record. `alreadyApplied`: the server held it before this
    /// answer (an earlier send's, or the same values under a create's key), which an import
    /// counts as already there.
    mutating func settle(_ operation: PendingOperation<Record>, with record: Record, alreadyApplied: Bool = false) -> [Action] {
        rebases[operation.id] = nil
        let kind = kind(of: operation)
        undoes.remove(operation.id)
        // The record's later operations go on from this answer (their base moves to it), unless
        // it holds someone else's change to what they change: those are conflicts, as if the
        // server had refused them, since they were made without seeing it (issue 29).
        let clashing = store.pendingOperations(for: operation.recordID).compactMap { later in
            later.id == operation.id ? nil : ConflictResolution.clash(of: later, after: operation.change, answer: record).map { (later, $0) }
        }
        var actions = publish(store.confirm(operation.id, with: record))
        actions.append(.save(.outbox(.confirm(operation.id, writing: record))))
        if case .create = operation.change { actions.append(.createLeft(record.id, name: record.displayName, refusal: nil)) }
        // Named as the server now has it: "Renamed to “the new name”".
        let name = record.isDeleted ? (operation.before?.displayName ?? record.displayName) : record.displayName
        var summary = RecordOperationSummary<Record>(kind: kind, recordID: record.id, recordName: name)
        summary.wasAlreadyApplied = alreadyApplied
        actions.append(.emit(.succeeded(summary)))
        for (later, message) in clashing where store.operation(later.id) != nil {
            actions += refuse(later, message: message, conflict: true, server: record)
        }
        return actions
    }

    /// A real refusal: the operation is dropped (this is the revert) and the user told why.
    mutating func refuse(
        _ operation: PendingOperation<Record>, message: String, conflict: Bool,
        server: Record? = nil
    ) -> [Action] {
        rebases[operation.id] = nil
        var summary = summary(of: operation)
        undoes.remove(operation.id)
        let rejection = Rejection(message, kind: conflict ? .conflict : .rejected)
        var dropped = [operation.id]
        var actions = createLeft(operation, refusal: message)
        if case .create = operation.change { summary.lastShown = store.record(operation.recordID) }
        actions += publish(store.reject(operation.id, because: rejection, serverRecord: server))
        history.forget(operation: operation.id)
        // `o` applies it again over the server's copy (a create: its values over the record
        // that holds its key), `x` keeps the server's.
        if conflict, let server, !server.isDeleted { conflicted[operation.recordID] = operation }
        if case .create = operation.change {
            // Later changes to a record the server never created would each be refused
            // in turn; they go with it, and the status line says so with the create's reason.
            for later in store.pendingOperations(for: operation.recordID) where !schedule.isOnTheWire(later.id, of: later.recordID) {
                summary.takenBackWith.append(kind(of: later))
                undoes.remove(later.id)
                actions += publish(store.reject(later.id, because: rejection))
                history.forget(operation: later.id)
                dropped.append(later.id)
            }
        }
        actions.append(.save(.outbox(.settle(dropped, writing: server))))
        actions.append(.log(.notice, "refused: \(summary.kind.name) “\(summary.recordName)”: \(message)"))
        actions.append(.emit(.reverted(summary, message: message, conflict: conflict)))
        return actions
    }

    /// No answer to act on: keep the operation and try again, later or once the server is back.
    /// Credentials refused or a wrong endpoint stop all sending; a request the API does not offer
    /// makes it ask the API again what it speaks.
    mutating func failed(_ operation: PendingOperation<Record>, _ failure: AppSyncFailure, sentIn: APIDialect? = nil) -> [Action] {
        var actions = publish(store.noteTransientFailure(operation.id, message: failure.description))
        if failure.stopsSending {
            // Nothing reached the server: the attempt does not count as one that may have.
            store.noteNotSent(operation.id)
        }
        actions += save(operation.id)
        actions.append(.log(.info, "send failed: \(failure) (operation \(operation.id))"))
        if case .notOffered = failure {
            actions += apiRefused(failure, sentIn: sentIn ?? dialect)
        } else if failure.stopsSending {
            actions += pauseSending(failure)
        } else {
            actions += backOff(operation.recordID)
        }
        return actions
    }

    /// Names an operation as the user knew it when they acted (a create, by its own name).
    func summary(of operation: PendingOperation<Record>) -> RecordOperationSummary<Record> {
        let name: String? =
            switch operation.change {
            case .create(let record): record.displayName
            case .update, .delete: operation.before?.displayName
            }
        var newName: String?
        if case .update(_, let patch) = operation.change { newName = shownBefore(operation)?.displayName(after: patch) }
        return RecordOperationSummary(
            kind: kind(of: operation), recordID: operation.recordID,
            recordName: name ?? store.record(operation.recordID)?.displayName ?? "", newName: newName)
    }

    func kind(of operation: PendingOperation<Record>) -> OperationKind {
        if undoes.contains(operation.id) { return .undo }
        return switch operation.change {
        case .create: .create
        case .update(_, let patch): shownBefore(operation)?.kind(of: patch) ?? .edit
        case .delete: .delete
        }
    }

    /// The record as the user saw it when they made the change (or as it is now): what an
    /// update's kind and a conflict's server copy are read against.
    private func shownBefore(_ operation: PendingOperation<Record>) -> Record? {
        operation.before ?? operation.base ?? store.record(operation.recordID)
    }

    /// A create leaving the outbox unconfirmed (refused, taken back, folded away): children made
    /// under it in other lists are told (`createLeft`); anything else needs no word.
    func createLeft(_ operation: PendingOperation<Record>, refusal: String) -> [Action] {
        guard case .create(let record) = operation.change else { return [] }
        return [.createLeft(record.id, name: record.displayName, refusal: refusal)]
    }
}
