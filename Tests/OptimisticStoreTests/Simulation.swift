import OptimisticStore
import Testing

/// Runs a schedule against the real store, the reference model and the server
/// model side by side, checking after every step that the store shows exactly
/// the reference fold and published exactly what changed.
struct Simulation {
    private(set) var store: OptimisticStore<Home>
    private var model: ReferenceModel
    private var server = ServerModel()
    /// Operations applied and not settled yet, oldest first.
    private var inFlight: [OperationID] = []
    private var changes: [OperationID: LocalChange<Home>] = [:]
    /// Subscription events not delivered yet (one per server write).
    private var events: [Home] = []
    private var refreshes: [(token: RefreshToken, modelStamp: Int, snapshot: [Home])] = []
    private var nextID = 0
    /// What ran, for the failure message.
    private(set) var trace: [String] = []

    init(seedRecords: Int = 3) {
        for index in 0..<seedRecords {
            _ = server.apply(.create(Home(id: index, name: ScheduleStep.names[index], address: ScheduleStep.address(index))))
        }
        nextID = seedRecords
        let seeded = Array(server.records.values)
        store = OptimisticStore(confirmed: seeded)
        model = ReferenceModel(confirmed: seeded)
    }

    private var knownIDs: [Int] { Array(0..<nextID) }

    private func record(_ pick: Int) -> Int { pick % max(nextID, 1) }

    mutating func run(_ step: ScheduleStep) {
        trace.append(step.description)
        let before = snapshot()
        let diff = perform(step)
        verify(diff: diff, before: before)
    }

    /// Settles everything left: accepts every operation in flight, delivers every
    /// event, lands every refresh. Then the store must show exactly the server.
    mutating func settleEverything() {
        while !inFlight.isEmpty { run(.accept(pick: 0)) }
        while !events.isEmpty { run(.deliverEvent(pick: 0)) }
        while !refreshes.isEmpty { run(.landRefresh(pick: 0)) }
        check(store.shown == server.live, "after settling, the store shows \(store.shown) but the server has \(server.live)")
        check(store.pendingCount == 0, "operations left pending: \(store.pendingOperations)")
        for (id, record) in server.records {
            check(store.confirmedRecord(id) == record, "confirmed #\(id) is \(String(describing: store.confirmedRecord(id))), the server has \(record)")
        }
    }

    // MARK: - Steps

    private mutating func perform(_ step: ScheduleStep) -> StoreDiff<Int> {
        switch step {
        case .create(let name):
            let home = Home(id: nextID, name: ScheduleStep.names[name % ScheduleStep.names.count])
            nextID += 1
            return applyLocal(.create(home))
        case .rename(let record, let name):
            return applyLocal(.update(self.record(record), .init(name: ScheduleStep.names[name % ScheduleStep.names.count])))
        case .editAddress(let record, let address):
            return applyLocal(.update(self.record(record), .init(address: .some(ScheduleStep.address(address)))))
        case .delete(let record):
            return applyLocal(.delete(self.record(record)))
        case .accept(let pick):
            guard let operation = takeInFlight(pick) else { return StoreDiff() }
            let change = changes.removeValue(forKey: operation)!
            guard let written = server.apply(change) else {
                // The server refuses it (its record is gone or already exists).
                return refuse(operation, record: change.recordID, kind: .rejected)
            }
            events.append(written)  // our own write's subscription echo
            model.confirm(operation, with: written)
            return store.confirm(operation, with: written)
        case .reject(let pick, let conflict):
            guard let operation = takeInFlight(pick) else { return StoreDiff() }
            let change = changes.removeValue(forKey: operation)!
            return refuse(operation, record: change.recordID, kind: conflict ? .conflict : .rejected)
        case .transientFailure(let pick):
            guard !inFlight.isEmpty else { return StoreDiff() }
            return store.noteTransientFailure(inFlight[pick % inFlight.count], message: "timed out")
        case .remoteCreate(let name):
            let home = Home(id: nextID, name: ScheduleStep.names[name % ScheduleStep.names.count])
            nextID += 1
            if let written = server.apply(.create(home)) { events.append(written) }
            return StoreDiff()
        case .remoteRename(let record, let name):
            let patch = Home.Patch(name: ScheduleStep.names[(name + 1) % ScheduleStep.names.count])
            if let written = server.apply(.update(self.record(record), patch)) { events.append(written) }
            return StoreDiff()
        case .remoteDelete(let record):
            if let written = server.apply(.delete(self.record(record))) { events.append(written) }
            return StoreDiff()
        case .deliverEvent(let pick):
            guard !events.isEmpty else { return StoreDiff() }
            let event = events.remove(at: pick % events.count)
            model.merge(event)
            return store.merge(event)
        case .beginRefresh:
            // Real AppSync lists return tombstones too.
            refreshes.append((store.beginRefresh(), model.clockNow, Array(server.records.values)))
            return StoreDiff()
        case .landRefresh(let pick):
            guard !refreshes.isEmpty else { return StoreDiff() }
            let refresh = refreshes.remove(at: pick % refreshes.count)
            model.replace(with: refresh.snapshot, startedAt: refresh.modelStamp)
            if pick % 2 == 0 { return store.replaceConfirmed(with: refresh.snapshot, startedAt: refresh.token) }
            // As the app reads a whole list: pages merged as listed, then what was not listed goes.
            var diff = StoreDiff<Int>()
            store.mergeListed(refresh.snapshot, into: &diff)
            diff.formUnion(store.removeUnlisted(since: refresh.token).diff)
            return diff
        case .dismissConflict(let record):
            let id = self.record(record)
            model.dismissConflict(id)
            return store.dismissConflict(id)
        }
    }

    private mutating func applyLocal(_ change: LocalChange<Home>) -> StoreDiff<Int> {
        let (operation, diff) = store.apply(change)
        model.apply(change, as: operation)
        inFlight.append(operation)
        changes[operation] = change
        return diff
    }

    private mutating func takeInFlight(_ pick: Int) -> OperationID? {
        guard !inFlight.isEmpty else { return nil }
        return inFlight.remove(at: pick % inFlight.count)
    }

    private mutating func refuse(_ operation: OperationID, record: Int, kind: Rejection.Kind) -> StoreDiff<Int> {
        let rejection = Rejection(kind == .conflict ? "Conflict resolver rejects mutation." : "refused", kind: kind)
        // A conflict carries the server's current record, as AppSync's errors[].data does.
        let serverRecord = kind == .conflict ? server.records[record] : nil
        model.reject(
            operation, record: record, conflict: kind == .conflict ? rejection.message : nil,
            serverRecord: serverRecord)
        return store.reject(operation, because: rejection, serverRecord: serverRecord)
    }

    // MARK: - Checks

    private func snapshot() -> [Int: (Home?, RowStatus)] {
        Dictionary(uniqueKeysWithValues: knownIDs.map { ($0, (model.visible($0), model.status($0))) })
    }

    private func verify(diff: StoreDiff<Int>, before: [Int: (Home?, RowStatus)]) {
        var expected = StoreDiff<Int>()
        for id in knownIDs {
            let (oldRecord, oldStatus) = before[id] ?? (nil, .synced)
            let newRecord = model.visible(id)
            let newStatus = model.status(id)
            // The store against the reference fold recomputed from scratch.
            check(store.record(id) == newRecord, "#\(id) shows \(String(describing: store.record(id))), the fold gives \(String(describing: newRecord))")
            check(store.status(id) == newStatus, "#\(id) status \(store.status(id)), expected \(newStatus)")
            // The store against its own log: its incremental overlay is the fold of what it holds.
            let ownFold = store.pendingOperations(for: id).reduce(
                store.confirmedRecord(id).flatMap { $0.isDeleted ? nil : $0 }
            ) { current, operation in
                switch operation.change {
                case .create(let record): current ?? record
                case .update(_, let patch): current?.applying(patch)
                case .delete: nil
                }
            }
            check(store.record(id) == ownFold, "#\(id) shows \(String(describing: store.record(id))) but its own log folds to \(String(describing: ownFold))")
            switch (oldRecord, newRecord) {
            case (nil, nil): break
            case (nil, _?): expected.inserted.insert(id)
            case (_?, nil): expected.removed.insert(id)
            case (let old?, let new?): if old != new || oldStatus != newStatus { expected.updated.insert(id) }
            }
        }
        check(diff == expected, "published \(diff), expected \(expected)")
        check(store.count == model.allVisible.count, "count \(store.count), expected \(model.allVisible.count)")
        check(store.shown == model.allVisible, "records \(store.shown), expected \(model.allVisible)")
        check(store.pendingOperations.map(\.id) == model.pending.map(\.id), "pending log out of order")
    }

    private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition {
            Issue.record("\(message())\nsteps so far: \(trace.joined(separator: "; "))")
        }
    }
}
