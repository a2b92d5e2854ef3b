import AmplifyModels
import AppSync
import OptimisticStore
import Testing
@testable import SyncEngine

/// Every send is counted on disk before it leaves (so that after a crash the app knows the server
/// may hold it), and a queue is counted ahead: one write for many sends, not one each.
@Suite struct SendCountTests {
    /// The outbox as the machine's writes leave it: each operation's attempts.
    struct Disk {
        var attempts: [OperationID: Int] = [:]
        /// Steps whose sends waited for a count to be written.
        var stepsCounting = 0

        /// The writes of one step, committed before its sends leave (the group commit's rule).
        mutating func apply(_ actions: [PropertyMachine.Action]) {
            var counted = false
            for case .save(.outbox(let write)) in actions {
                switch write {
                case .update(let operation):
                    attempts[operation.id] = operation.attempts
                    counted = true
                case .counted(let ahead):
                    attempts.merge(ahead) { $1 }
                    counted = true
                default: break
                }
            }
            if counted { stepsCounting += 1 }
        }
    }

    func machine(parallel: Int = 4) -> PropertyMachine {
        PropertyMachine(
            store: OptimisticStore(confirmed: []), options: SyncOptions(maximumParallelSends: parallel),
            dialect: .versioned, dialectIsKnown: true, loadState: .loaded)
    }

    /// Each send in `actions` is on disk with at least the attempts it goes out as.
    func expectCounted(_ actions: [PropertyMachine.Action], _ machine: PropertyMachine, on disk: Disk, sourceLocation: SourceLocation = #_sourceLocation) {
        for case .send(let operation, _) in actions {
            let attempts = machine.store.operation(operation)?.attempts ?? 0
            #expect(disk.attempts[operation, default: 0] >= attempts, "\(operation) sent uncounted", sourceLocation: sourceLocation)
        }
    }

    @Test func aQueueOfCreatesIsCountedAheadAndEverySendIsCountedFirst() {
        var machine = machine()
        var disk = Disk()
        var onTheWire: [OperationID] = []
        // 600 creates made while the first is on the wire: they go one at a time, in order.
        for index in 0..<600 {
            let staged = machine.stage(.create(property(RecordKey.random(), name: "Queued \(index)")))!
            disk.attempts[staged.operation.id] = 0  // the append
            let actions = machine.commit(staged, kind: .create)
            disk.apply(actions)
            expectCounted(actions, machine, on: disk)
            for case .send(let operation, _) in actions { onTheWire.append(operation) }
        }
        var confirmed = 0
        var sendsCountedInTheirOwnStep = 0
        while let operation = onTheWire.popLast() {
            guard case .create(let record)? = machine.store.operation(operation)?.change else { break }
            let actions = machine.answered(.success(record.withVersion(1)), to: operation)
            // A send counted by a write of its own step waits for that write's commit.
            for case .send(let next, _) in actions where disk.attempts[next, default: 0] < machine.store.operation(next)?.attempts ?? 0 {
                sendsCountedInTheirOwnStep += 1
            }
            disk.apply(actions)
            expectCounted(actions, machine, on: disk)
            for case .send(let next, _) in actions { onTheWire.append(next) }
            confirmed += 1
        }
        #expect(confirmed == 600)
        #expect(machine.store.pendingCount == 0)
        // The first create is counted on its own (nothing was behind it yet), and so is the
        // second (made after that count); from then on the next ones are counted while half of
        // `countedAheadLimit` are still ahead: no send waits for its own count, and one write
        // serves about half that many sends.
        #expect(sendsCountedInTheirOwnStep == 1)
        #expect(disk.stepsCounting <= 2 + 600 / (PropertyMachine.countedAheadLimit / 2))
        #expect(disk.stepsCounting >= 3)
    }

    @Test func aRetryIsCountedAgainBeforeItLeaves() {
        var machine = machine()
        var disk = Disk()
        let staged = machine.stage(.create(property("villa", name: "Villa")))!
        disk.attempts[staged.operation.id] = 0
        let first = machine.commit(staged, kind: .create)
        disk.apply(first)
        expectCounted(first, machine, on: disk)
        let failed = machine.answered(.failure(.transient("HTTP 503")), to: staged.operation.id)
        disk.apply(failed)
        let ticket = failed.compactMap { if case .wake(_, _, let ticket) = $0 { ticket } else { nil } }.first
        let retry = machine.backoffEnded("villa", ticket: ticket ?? -1)
        disk.apply(retry)
        #expect(machine.store.operation(staged.operation.id)?.attempts == 2)
        expectCounted(retry, machine, on: disk)
        #expect(disk.attempts[staged.operation.id] == 2)
    }
}

extension ModelRecord {
    /// The server's copy of a create: the same values, with its `_version`.
    func withVersion(_ version: Int) -> ModelRecord {
        property(id, name: name, address: address, version: version)
    }
}
