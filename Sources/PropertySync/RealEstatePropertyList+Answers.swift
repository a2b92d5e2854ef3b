import AppSync
import OptimisticStore

/// What the sender does with each answer. The rule: report what the server did,
/// never guess. An answer that is lost is resolved by asking the server what it
/// holds; a conflict is checked field by field against what the change was made
/// against; nothing from the server can crash the app.
extension RealEstatePropertyList {
    func handle(_ answer: Result<RealEstateProperty, AppSyncFailure>, to operationID: OperationID) async {
        guard let operation = store.operation(operationID) else { return }
        let id = operation.recordID
        switch answer {
        case .success(let record) where record.id == id:
            schedule.answered(id)
            serverAnswered()
            settle(operation, with: record)
        case .success(let record):
            failed(operation, .transient("the server answered for another record (\(record.id))"))
        case .failure(.rejected(let error)):
            serverAnswered()
            await resolve(operation, refusedWith: error)
        case .failure(let failure):
            failed(operation, failure)
        }
    }

    /// The server holds the operation's outcome: confirm it, and drop it from the
    /// outbox in the same transaction that caches the record.
    func settle(_ operation: PendingOperation<RealEstateProperty>, with record: RealEstateProperty) {
        rebases[operation.id] = nil
        publish(store.confirm(operation.id, with: record))
        persist("a confirmed change") { try storage.settle([operation.id], writing: record) }
        // Named as the server now has it: "Renamed to “the new name”".
        let name = record.isDeleted ? (operation.before?.name ?? record.name) : record.name
        sink(.succeeded(OperationSummary(kind: Self.kind(of: operation), recordID: record.id, recordName: name)))
    }

    /// The server refused: maybe it already holds the change (a retry after a lost
    /// answer), maybe the change can go on top of someone else's, maybe it is a real
    /// refusal or conflict.
    private func resolve(_ operation: PendingOperation<RealEstateProperty>, refusedWith error: GraphQLError) async {
        let isCreate: Bool = if case .create = operation.change { true } else { false }
        if isCreate, error.isConditionalCheckFailure {
            // The id is the client's own UUID: if it exists, the create was applied by an
            // earlier attempt whose answer was lost.
            await readBack(operation, orRefuseWith: error)
            return
        }
        // "Not as you assumed": a stale `_version` (versioned dialect), or a condition on the
        // fields the change was made against that no longer holds (plain dialect). Either way the
        // record is read and the change resolved against it, field by field.
        guard error.isConflict || error.isConditionalCheckFailure, !isCreate else {
            refuse(operation, message: error.message, conflict: false)
            return
        }
        var server = try? error.data?.decode(as: RealEstateProperty.self)
        if server == nil || server?.id != operation.recordID {
            // The conflict came without the server's copy: read it. If that read fails, the
            // operation is tried again later; it is never refused on a guess.
            do {
                server = try await api.get(id: operation.recordID)
            } catch {
                guard store.operation(operation.id) != nil else { return }
                failed(operation, error)
                return
            }
            guard store.operation(operation.id) != nil else { return }
        }
        guard let server, server.id == operation.recordID else {
            // Gone, with no tombstone to say so (the plain dialect keeps none): a delete has what
            // it asked for; any other change has nothing left to change.
            if case .delete = operation.change, let known = operation.base ?? store.confirmedRecord(operation.recordID) {
                settle(operation, with: known.tombstone(atLeast: known.version + 1))
            } else {
                refuse(operation, message: "someone else deleted it meanwhile", conflict: true)
            }
            return
        }
        switch ConflictResolution.resolve(operation, against: server) {
        case .alreadyApplied:
            settle(operation, with: server)
        case .rebase where rebases[operation.id, default: 0] < options.maximumRebases:
            rebases[operation.id, default: 0] += 1
            publish(store.rebase(operation.id, onto: server))
            persist(operation.id)
            persist("the server's copy") { try storage.merge([server]) }
        case .rebase:
            refuse(operation, message: "the record kept changing on the server; try again", conflict: true, server: server)
        case .conflict(let message):
            refuse(operation, message: message, conflict: true, server: server)
        }
    }

    private func readBack(_ operation: PendingOperation<RealEstateProperty>, orRefuseWith error: GraphQLError) async {
        let existing: RealEstateProperty?
        do {
            existing = try await api.get(id: operation.recordID)
        } catch {
            guard store.operation(operation.id) != nil else { return }
            failed(operation, error)  // ask again later
            return
        }
        guard store.operation(operation.id) != nil else { return }
        if let existing, existing.id == operation.recordID {
            settle(operation, with: existing)
        } else {
            refuse(operation, message: error.message, conflict: false)
        }
    }

    /// A real refusal: the operation is dropped (this is the revert) and the user told why.
    func refuse(
        _ operation: PendingOperation<RealEstateProperty>, message: String, conflict: Bool,
        server: RealEstateProperty? = nil
    ) {
        rebases[operation.id] = nil
        let summary = summary(of: operation)
        let rejection = Rejection(message, kind: conflict ? .conflict : .rejected)
        var dropped = [operation.id]
        publish(store.reject(operation.id, because: rejection, serverRecord: server))
        history.forget(operation: operation.id)
        if conflict, let server, !server.isDeleted {
            switch operation.change {
            case .update, .delete: conflicted[operation.recordID] = operation.change
            case .create: break
            }
        }
        if case .create = operation.change {
            // Later changes to a record the server never created would each be refused
            // in turn; they go with it, and the status line keeps the create's reason.
            for later in store.pendingOperations(for: operation.recordID) where !schedule.isOnTheWire(later.id, of: later.recordID) {
                publish(store.reject(later.id, because: rejection))
                history.forget(operation: later.id)
                dropped.append(later.id)
            }
        }
        persist("a refused change") { try storage.settle(dropped, writing: server) }
        logger.notice("refused: \(summary.kind.rawValue) “\(summary.recordName)”: \(message)")
        sink(.reverted(summary, message: message, conflict: conflict))
    }

    /// No answer to act on: keep the operation and try again, later or once the
    /// server is back. Credentials refused or a wrong endpoint stop all sending.
    func failed(_ operation: PendingOperation<RealEstateProperty>, _ failure: AppSyncFailure) {
        publish(store.noteTransientFailure(operation.id, message: failure.description))
        if failure.stopsSending {
            // Nothing reached the server: the attempt does not count as one that may have.
            store.noteNotSent(operation.id)
        }
        persist(operation.id)
        logger.info("send failed: \(failure)", metadata: ["operation": "\(operation.id)"])
        if case .notOffered = failure {
            apiRefused(failure)  // asks the API what it offers; sends again in its dialect, or says what is missing
        } else if failure.stopsSending {
            pauseSending(failure)
        } else {
            backOff(operation.recordID)
        }
    }

    /// Names an operation as the user knew it when they acted (a create, by its own name).
    func summary(of operation: PendingOperation<RealEstateProperty>) -> OperationSummary {
        let name: String? =
            switch operation.change {
            case .create(let record): record.name
            case .update, .delete: operation.before?.name
            }
        var newName: String?
        if case .update(_, let patch) = operation.change { newName = patch.name }
        return OperationSummary(
            kind: Self.kind(of: operation), recordID: operation.recordID,
            recordName: name ?? store.record(operation.recordID)?.name ?? "", newName: newName)
    }

    static func kind(of operation: PendingOperation<RealEstateProperty>) -> OperationSummary.Kind {
        switch operation.change {
        case .create: .create
        case .update(_, let patch): patch.name != nil ? .rename : .editAddress
        case .delete: .delete
        }
    }
}
