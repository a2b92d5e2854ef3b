import AppSync
import OptimisticStore

/// The sender: one operation per record on the wire at a time (an update waits
/// for its record's create), up to `maximumParallelSends` records at once. A record
/// waiting out a backoff holds no slot, so one failing record never stalls the rest;
/// while the server cannot be reached (or refuses the credentials) nothing is sent.
/// Creates go one at a time in the order they were made (`CreationOrder`), so the
/// server's `createdAt` keeps the user's order.
extension RealEstatePropertyList {
    /// A record got a new operation, or may send again: it waits its turn.
    func enqueue(_ id: String) {
        schedule.waiting(id)
    }

    /// Starts sending for ready records while there is room.
    func pump() {
        // What goes on the wire depends on the dialect: nothing leaves before it is known (learning
        // it pumps again). While sending is paused, the probe or `R` asks instead.
        guard dialectIsKnown else {
            if link.pause == nil, learningDialect == nil { Task { await self.learnDialect() } }
            return
        }
        guard link.pause == nil else {
            if case .unreachable(let reason)? = link.pause, options.offlineMode == .revert { revertUnsendable(reason) }
            return
        }
        if let next = creationOrder.released(isPending: isPending) { enqueue(next) }
        while let id = schedule.nextRecord(maximumParallel: options.maximumParallelSends) {
            foldCancellingOperations(of: id)
            guard let operation = store.pendingOperations(for: id).first else { continue }
            // A create behind an older one waits for it; `released` hands it back.
            if case .create = operation.change,
               !creationOrder.mayGo(operation.id, of: id, isPending: isPending) { continue }
            schedule.sending(operation.id, of: id)
            // Counted before it leaves: killed while it is on the wire, the app must
            // know after a restart that the server may have applied it.
            store.noteSent(operation.id)
            persist(operation.id)
            Task { await self.send(operation.id) }
        }
    }

    private func isPending(_ operation: OperationID) -> Bool { store.operation(operation) != nil }

    private func send(_ operationID: OperationID) async {
        guard let operation = store.operation(operationID) else { return }
        let id = operation.recordID
        let answer: Result<RealEstateProperty, AppSyncFailure>
        do {
            answer = .success(try await api.send(mutation(for: operation)))
        } catch {
            answer = .failure(error)
        }
        // The record keeps its slot while the answer is worked out (which may ask the
        // server again): its next operation must not go out before this one is settled.
        await handle(answer, to: operationID)
        schedule.settled(id)
        if !store.pendingOperations(for: id).isEmpty { enqueue(id) }
        pump()
    }

    /// The mutation for an operation, carrying the copy it was made against (its base): the
    /// versioned dialect sends that copy's `_version`, the plain one a condition on its fields.
    func mutation(for operation: PendingOperation<RealEstateProperty>) -> PropertyMutation {
        let base = operation.base ?? store.confirmedRecord(operation.recordID)
        switch operation.change {
        case .create(let record): return .create(record)
        case .update(let id, let patch): return .update(id: id, patch, base: base)
        case .delete(let id): return .delete(id: id, base: base)
        }
    }

    // MARK: - Folding

    /// Operations never sent that cancel out are dropped before they are sent, so the
    /// server sees no stubs: a create and its delete, or edits that end where they
    /// began. Each stays in the outbox, revertible on its own, until this moment.
    private func foldCancellingOperations(of id: String) {
        let operations = store.pendingOperations(for: id)
        let unsent = operations.prefix { !$0.mayHaveReachedServer }
        guard unsent.count >= 2 else { return }
        var cancelled: [OperationID] = []
        if case .create = unsent.first?.change, let deletion = unsent.firstIndex(where: { if case .delete = $0.change { true } else { false } }) {
            cancelled = unsent[...deletion].map(\.id)
        } else if let base = unsent.first?.base, !base.isDeleted {
            var folded = base
            for (index, operation) in unsent.enumerated() {
                guard case .update(_, let patch) = operation.change else { break }
                folded = folded.applying(patch)
                if index >= 1, folded.name == base.name, folded.address == base.address {
                    cancelled = unsent.prefix(index + 1).map(\.id)
                }
            }
        }
        guard !cancelled.isEmpty else { return }
        for operation in cancelled { publish(store.cancel(operation)) }
        persist("the folded operations") { try storage.settle(cancelled) }
        logger.info("folded \(cancelled.count) operations that cancel out", metadata: ["record": "\(id)"])
    }

    // MARK: - Backoff

    /// A transient failure: the record steps aside for a while, without a slot.
    func backOff(_ id: String) {
        let (failures, ticket) = schedule.backOff(id)
        let delay = options.retryPolicy.delay(afterFailure: failures)
        Task { [weak self] in
            try? await Task.sleep(for: delay)
            await self?.backoffEnded(id, ticket: ticket)
        }
    }

    private func backoffEnded(_ id: String, ticket: Int) {
        guard schedule.backoffEnded(id, ticket: ticket) else { return }  // a newer backoff runs
        if !store.pendingOperations(for: id).isEmpty { enqueue(id) }
        pump()
    }

    /// Every record with pending operations, in the order of their oldest operation.
    func enqueueEverythingPending() {
        var seen: Set<String> = []
        for operation in store.pendingOperations where seen.insert(operation.recordID).inserted {
            enqueue(operation.recordID)
        }
    }
}
