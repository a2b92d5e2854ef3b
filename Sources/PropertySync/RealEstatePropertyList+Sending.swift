import AppSync
import OptimisticStore

/// The sender: one operation per record on the wire at a time (an update waits
/// for its record's create), up to `maximumParallelSends` records at once.
extension RealEstatePropertyList {
    /// Starts sending for waiting records while there is room.
    func pump() {
        while sending.count < maximumParallelSends, let id = waiting.popFirst() {
            waitingSet.remove(id)
            guard store.pendingOperations(for: id).first != nil else { continue }
            sending.insert(id)
            Task { await self.sendAll(for: id) }
        }
    }

    /// A record got a new operation: it waits its turn unless it is sending
    /// already (its running sender picks the operation up).
    func enqueue(_ id: String) {
        guard !sending.contains(id) else { return }
        if waitingSet.insert(id).inserted { waiting.append(id) }
    }

    /// Sends the record's operations one after the other until none is left,
    /// retrying transient failures with backoff (the record keeps its place).
    private func sendAll(for id: String) async {
        var failures = 0
        var rebases = 0
        while let operation = store.pendingOperations(for: id).first {
            let mutation = mutation(for: operation)
            do {
                let record = try await api.send(mutation)
                failures = 0
                setConnectivity(.online)
                settle(operation, with: record)
            } catch .rejected(let error) {
                setConnectivity(.online)
                if await recovered(operation, from: error, rebases: &rebases) { continue }
                refuse(operation, error)
            } catch {
                failures += 1
                noteConnectivity(after: error)
                publish(store.noteTransientFailure(operation.id, message: error.description))
                logger.info("send failed, will retry", metadata: ["operation": "\(operation.id)", "attempt": "\(failures)"])
                try? await Task.sleep(for: retryPolicy.delay(afterFailure: failures))
            }
        }
        sending.remove(id)
        pump()
    }

    /// The mutation for an operation, against the version confirmed now (its
    /// record's earlier operations have settled, so this is the latest).
    private func mutation(for operation: PendingOperation<RealEstateProperty>) -> PropertyMutation {
        let version = store.confirmedRecord(operation.recordID)?.version
        switch operation.change {
        case .create(let record): return .create(record)
        case .update(let id, let patch): return .update(id: id, patch, version: version)
        case .delete(let id): return .delete(id: id, version: version)
        }
    }

    private func settle(_ operation: PendingOperation<RealEstateProperty>, with record: RealEstateProperty) {
        // Named as the server now has it: "Renamed to “the new name”".
        let summary = OperationSummary(kind: Self.kind(of: operation), recordID: record.id, recordName: record.name)
        publish(store.confirm(operation.id, with: record))
        continuation.yield(.succeeded(summary))
    }

    private func refuse(_ operation: PendingOperation<RealEstateProperty>, _ error: GraphQLError) {
        let summary = summary(of: operation)
        let serverRecord = try? error.data?.decode(as: RealEstateProperty.self)
        let rejection = Rejection(error.message, kind: error.isConflict ? .conflict : .rejected)
        publish(store.reject(operation.id, because: rejection, serverRecord: serverRecord))
        if case .create = operation.change {
            // Later changes to a record the server never created would each be refused
            // in turn; they go with it, and the status line keeps the create's reason.
            for later in store.pendingOperations(for: operation.recordID) {
                publish(store.reject(later.id, because: rejection))
            }
        }
        continuation.yield(.reverted(summary, message: error.message, conflict: error.isConflict))
    }

    /// Refusals that are not really refusals:
    /// - a create retried after an unknown outcome finds its own record (the
    ///   server says the id exists): read it back instead of failing;
    /// - an update that conflicts only on fields it does not touch is rebased on
    ///   the server's version and sent again (a few times at most).
    private func recovered(
        _ operation: PendingOperation<RealEstateProperty>, from error: GraphQLError, rebases: inout Int
    ) async -> Bool {
        switch operation.change {
        case .create(let record) where error.isConditionalCheckFailure && operation.failedAttempts > 0:
            guard let existing = try? await api.get(id: record.id), existing.name == record.name else { return false }
            settle(operation, with: existing)
            return true
        case .update(_, let patch) where error.isConflict && rebases < 3:
            guard let server = try? error.data?.decode(as: RealEstateProperty.self), let before = operation.before,
                  !server.isDeleted,
                  patch.name == nil || server.name == before.name,
                  patch.address == nil || server.address == before.address
            else { return false }
            rebases += 1
            publish(store.merge(server))
            return true
        default:
            return false
        }
    }

    /// Names an operation as the user knew it when they acted (a create, by its own name).
    private func summary(of operation: PendingOperation<RealEstateProperty>) -> OperationSummary {
        let name: String? =
            switch operation.change {
            case .create(let record): record.name
            case .update, .delete: operation.before?.name
            }
        return OperationSummary(
            kind: Self.kind(of: operation), recordID: operation.recordID,
            recordName: name ?? store.record(operation.recordID)?.name ?? "")
    }

    private static func kind(of operation: PendingOperation<RealEstateProperty>) -> OperationSummary.Kind {
        switch operation.change {
        case .create: .create
        case .update(_, let patch): patch.name != nil ? .rename : .editAddress
        case .delete: .delete
        }
    }
}
