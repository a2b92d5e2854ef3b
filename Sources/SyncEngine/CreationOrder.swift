import DequeModule
import OptimisticStore

/// Creates go to the server one at a time, in the order the user made them: the server
/// stamps `createdAt` as each arrives, and "by creation" must keep the user's order on every
/// client. Only creates queue behind each other; updates and deletes of other records still
/// go in parallel.
///
/// A create may leave only when it is the oldest create still pending. One that is not
/// waits here, off the sender's ready queue, until the creates before it settle (confirmed,
/// refused, undone or folded away).
struct CreationOrder<RecordID: Hashable> {
    /// Every create noted, oldest first; those no longer pending are dropped from the front.
    private var creates = Deque<(operation: OperationID, record: RecordID)>()
    /// Records whose create was held back.
    private var held: Set<RecordID> = []

    /// A create was made (or read back from the outbox). Called in the order of operation
    /// ids, so the queue stays sorted.
    mutating func note(_ operation: OperationID, of record: RecordID) {
        creates.append((operation, record))
    }

    /// Whether this create may go out now; if not, it is held until `released` gives it back.
    mutating func mayGo(_ operation: OperationID, of record: RecordID, isPending: (OperationID) -> Bool) -> Bool {
        dropSettled(isPending)
        guard let first = creates.first, first.operation != operation else { return true }
        held.insert(record)
        return false
    }

    /// The held record whose create is now the oldest pending one, if any: it may be sent.
    mutating func released(isPending: (OperationID) -> Bool) -> RecordID? {
        dropSettled(isPending)
        guard let first = creates.first, held.remove(first.record) != nil else { return nil }
        return first.record
    }

    private mutating func dropSettled(_ isPending: (OperationID) -> Bool) {
        while let first = creates.first, !isPending(first.operation) { creates.removeFirst() }
    }
}
