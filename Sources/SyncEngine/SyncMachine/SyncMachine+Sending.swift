import AppSync
import OptimisticStore

/// The sender: one operation per record on the wire at a time (an update waits for its record's
/// create), up to `maximumParallelSends` records at once. A record waiting out a backoff holds no
/// slot, so one failing record never stalls the rest; while the server cannot be reached (or
/// refuses the credentials) nothing is sent. Creates go one at a time in the order they were made
/// (`CreationOrder`), so the server's `createdAt` keeps the user's order, unless the options say
/// otherwise (an import's).
extension SyncMachine {
    /// Sends for ready records while there is room.
    mutating func pump() -> [Action] {
        // What goes on the wire depends on the dialect: nothing leaves before it is known (learning
        // it pumps again). While sending is paused, the probe or `R` asks instead.
        guard dialectIsKnown else { return link.pause == nil ? [.learnDialect] : [] }
        guard link.pause == nil else {
            if case .unreachable(let reason)? = link.pause, options.offlineMode == .revert { return revertUnsendable(reason) }
            return []
        }
        var actions: [Action] = []
        while true {
            // Asked on every turn: a create folded away or refused on an earlier turn may have
            // been the one a held create waited for.
            if let next = creationOrder.released(isPending: isPending) { schedule.waiting(next) }
            guard let id = schedule.nextRecord(maximumParallel: options.maximumParallelSends) else { break }
            actions += foldCancellingOperations(of: id)
            guard let operation = store.pendingOperations(for: id).first else { continue }
            // A create behind an older one waits for it; `released` hands it back.
            if options.keepsCreationOrder, case .create = operation.change,
               !creationOrder.mayGo(operation.id, of: id, isPending: isPending) { continue }
            // A create whose parent is still pending waits for it; refused with it, if it is.
            if case .create(let record) = operation.change, let parentState {
                switch parentState(record) {
                case .ready: break
                case .waiting:
                    waitingForParents.insert(id)
                    continue
                case .refused(let reason):
                    actions += refuse(operation, message: reason, conflict: false)
                    continue
                }
            }
            schedule.sending(operation.id, of: id)
            // Counted before it leaves: killed while it is on the wire, the app must
            // know after a restart that the server may have applied it.
            store.noteSent(operation.id)
            actions += countSend(operation.id)
            sentInDialect[operation.id] = dialect
            actions.append(.send(operation.id, mutation(for: operation)))
        }
        return actions
    }

    /// Whether an operation is still pending. A closure over the store alone: one over the
    /// machine (a method of it) would hold a copy of the machine while `creationOrder` changes,
    /// and every create would copy the whole queue of creates.
    private var isPending: (OperationID) -> Bool {
        { [store] operation in store.operation(operation) != nil }
    }

    /// How many operations next in line one write counts ahead of their sends.
    static var countedAheadLimit: Int { 256 }

    /// The send of an operation (its attempts just counted) is on disk before it leaves: already,
    /// when it was counted ahead; else written now. Either way, once fewer than half of
    /// `countedAheadLimit` sends are counted ahead, the next ones in line are counted too, so that
    /// a queue drains with one write in about `countedAheadLimit / 2` sends, not one each, and
    /// that write is on disk long before those sends leave: a send waits for a group commit that
    /// writes its own record (`RecordList.groupToWaitFor`), and counting only when the counted
    /// ones ran out stopped every lane for a commit each time (a third of a 10,000-rename
    /// replay's time above sending them straight, `proptui-bench --outbox-only`).
    /// Counted ahead and never sent (the app quits or crashes first), an operation reads as
    /// perhaps sent after a restart: the sender then reads the record before it takes a refusal,
    /// and does not fold it away unsent. That is the safe side of the count.
    private mutating func countSend(_ id: OperationID) -> [Action] {
        guard let attempts = store.operation(id)?.attempts else { return [] }
        var actions: [Action] = []
        if let counted = countedAhead.removeValue(forKey: id), counted >= attempts {
            guard countedAhead.count < Self.countedAheadLimit / 2 else { return [] }
        } else {
            actions = save(id)
        }
        countedAhead = countedAhead.filter { isPending($0.key) }
        var ahead: [OperationID: Int] = [:]
        let next = store.oldestFirstOperations(limit: Self.countedAheadLimit) { $0.id != id && countedAhead[$0.id] == nil }
        for operation in next { ahead[operation.id] = operation.attempts + 1 }
        if !ahead.isEmpty {
            countedAhead.merge(ahead) { $1 }
            actions.append(.save(.outbox(.counted(ahead))))
        }
        return actions
    }

    /// The mutation for an operation, carrying the copy it was made against (its base): the
    /// versioned dialect sends that copy's `_version`, the plain one a condition on its fields.
    func mutation(for operation: PendingOperation<Record>) -> ModelMutation<Record> {
        let base = operation.base ?? store.confirmedRecord(operation.recordID)
        switch operation.change {
        case .create(let record): return .create(record)
        case .update(let id, let patch): return .update(id: id, patch, base: base)
        case .delete(let id): return .delete(id: id, base: base)
        }
    }

    /// The record's operation is settled (its answer worked out): its slot is free, and its next
    /// operation, if any, waits its turn.
    mutating func freeSlot(of id: Record.ID) -> [Action] {
        schedule.settled(id)
        if !store.pendingOperations(for: id).isEmpty { schedule.waiting(id) }
        return pump()
    }

    /// Every record with pending operations, in the order of their oldest operation.
    mutating func enqueueEverythingPending() {
        var seen: Set<Record.ID> = []
        for operation in store.pendingOperations where seen.insert(operation.recordID).inserted {
            schedule.waiting(operation.recordID)
        }
    }

    /// What the outbox held at start: every record waits its turn, creates in the order made.
    mutating func resumeOutbox() -> [Action] {
        for operation in store.pendingOperations {
            if options.keepsCreationOrder, case .create = operation.change { creationOrder.note(operation.id, of: operation.recordID) }
            schedule.waiting(operation.recordID)
        }
        return pump()
    }

    // MARK: - Folding

    /// Operations never sent that cancel out are dropped before they are sent, so the
    /// server sees no stubs: a create and its delete, or edits that end where they
    /// began. Each stays in the outbox, revertible on its own, until this moment.
    private mutating func foldCancellingOperations(of id: Record.ID) -> [Action] {
        let operations = store.pendingOperations(for: id)
        let unsent = operations.prefix { !$0.mayHaveReachedServer }
        guard unsent.count >= 2 else { return [] }
        var cancelled: [OperationID] = []
        if case .create = unsent.first?.change, let deletion = unsent.firstIndex(where: { if case .delete = $0.change { true } else { false } }) {
            cancelled = unsent[...deletion].map(\.id)
        } else if let base = unsent.first?.base, !base.isDeleted {
            var folded = base
            for (index, operation) in unsent.enumerated() {
                guard case .update(_, let patch) = operation.change else { break }
                folded = folded.applying(patch)
                if index >= 1, folded.hasSameValues(as: base) {
                    cancelled = unsent.prefix(index + 1).map(\.id)
                }
            }
        }
        guard !cancelled.isEmpty else { return [] }
        var actions: [Action] = []
        for operation in cancelled {
            if let pending = store.operation(operation) { actions += createLeft(pending, refusal: "it was deleted before it was sent") }
            actions += publish(store.cancel(operation))
        }
        undoes.subtract(cancelled)
        actions.append(.save(.outbox(.settle(cancelled, writing: nil))))
        actions.append(.log(.info, "folded \(cancelled.count) operations that cancel out (record \(id))"))
        return actions
    }

    /// Some parent's create left another list's outbox: the creates that waited for one look again.
    mutating func parentsSettled() -> [Action] {
        guard !waitingForParents.isEmpty else { return [] }
        for id in waitingForParents where !store.pendingOperations(for: id).isEmpty { schedule.waiting(id) }
        waitingForParents = []
        return pump()
    }

    // MARK: - Backoff

    /// A transient failure: the record steps aside for a while, without a slot.
    mutating func backOff(_ id: Record.ID) -> [Action] {
        let (failures, ticket) = schedule.backOff(id)
        return [.wake(after: options.retryPolicy.delay(afterFailure: failures), record: id, ticket: ticket)]
    }

    /// A backoff's time is up (a stale one, replaced by a newer backoff, does nothing).
    mutating func backoffEnded(_ id: Record.ID, ticket: Int) -> [Action] {
        guard schedule.backoffEnded(id, ticket: ticket) else { return [] }
        if !store.pendingOperations(for: id).isEmpty { schedule.waiting(id) }
        return pump()
    }
}
