import DequeModule
import OptimisticStore

/// Which record's next operation goes on the wire, and when: one operation per record at a time
/// (an update waits for its record's create), at most `maximumParallel` records at once, oldest
/// first; a record waiting out a backoff holds no slot, so one failing record never stalls the
/// rest. A pure value: the list's actor asks it what to send and tells it what happened; timers
/// are the actor's (a backoff's end comes back with the ticket it was given, so a stale one is
/// ignored).
struct SendSchedule<RecordID: Hashable>: Equatable {
    /// The operation on the wire for each record that has one.
    private(set) var onTheWire: [RecordID: OperationID] = [:]
    /// Records whose next operation can be sent, oldest first (the set mirrors the queue for look-ups).
    private var ready = Deque<RecordID>()
    private var readyIDs: Set<RecordID> = []
    /// Records waiting out a backoff, with the ticket of the backoff that ends it.
    private var backingOff: [RecordID: Int] = [:]
    private var nextTicket = 0
    /// Consecutive transient failures per record, for its backoff.
    private var failures: [RecordID: Int] = [:]

    /// A record got a new operation, or may send again: it waits its turn.
    mutating func waiting(_ id: RecordID) {
        guard onTheWire[id] == nil, backingOff[id] == nil else { return }
        if readyIDs.insert(id).inserted { ready.append(id) }
    }

    /// The next record whose operation may go out now (nil: none, or no free slot). The caller
    /// asks for its first pending operation; a record without one is just skipped.
    mutating func nextRecord(maximumParallel: Int) -> RecordID? {
        while onTheWire.count < maximumParallel, let id = ready.popFirst() {
            readyIDs.remove(id)
            if onTheWire[id] == nil, backingOff[id] == nil { return id }
        }
        return nil
    }

    /// Whether a record waits out a backoff (its timer will send again).
    var isBackingOff: Bool { !backingOff.isEmpty }

    /// Whether a record waits for a free slot.
    var hasReady: Bool { !ready.isEmpty }

    /// The record's operation is on the wire.
    mutating func sending(_ operation: OperationID, of id: RecordID) {
        onTheWire[id] = operation
    }

    /// Its answer has been worked out: the record's slot is free.
    mutating func settled(_ id: RecordID) {
        onTheWire[id] = nil
    }

    /// Whether this operation is the one on the wire for its record.
    func isOnTheWire(_ operation: OperationID, of id: RecordID) -> Bool {
        onTheWire[id] == operation
    }

    /// The record whose operation this is, while it is on the wire.
    func record(sending operation: OperationID) -> RecordID? {
        onTheWire.first { $0.value == operation }?.key
    }

    /// The server answered for the record: its backoff starts from scratch next time.
    mutating func answered(_ id: RecordID) {
        failures[id] = nil
    }

    /// A transient failure: the record steps aside. Answers how many failures in a row (for the
    /// delay) and the ticket to end this backoff with.
    mutating func backOff(_ id: RecordID) -> (failures: Int, ticket: Int) {
        failures[id, default: 0] += 1
        nextTicket += 1
        backingOff[id] = nextTicket
        return (failures[id]!, nextTicket)
    }

    /// A backoff is over: whether it is still the record's current one (then it may wait again).
    mutating func backoffEnded(_ id: RecordID, ticket: Int) -> Bool {
        guard backingOff[id] == ticket else { return false }
        backingOff[id] = nil
        return true
    }
}
