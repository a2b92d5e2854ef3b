import OptimisticStore

/// The store's specification written as plainly as possible: no incremental
/// state, every answer recomputed from the confirmed map and the whole pending log.
struct ReferenceModel {
    private(set) var confirmed: [Int: (record: Home, stamp: Int)] = [:]
    private(set) var pending: [(id: OperationID, change: LocalChange<Home>)] = []
    private(set) var flags: [Int: RowStatus] = [:]
    private var clock = 0

    init(confirmed records: [Home]) {
        for record in records { write(record) }
    }

    /// What the user should see of a record: its confirmed copy with every pending change on top, in order.
    func visible(_ id: Int) -> Home? {
        var current: Home? = nil
        if let base = confirmed[id]?.record, !base.isDeleted { current = base }
        for (_, change) in pending {
            switch change {
            case .create(let record) where record.id == id:
                if current == nil { current = record }
            case .update(let target, let patch) where target == id:
                current = current.map { $0.applying(patch) }
            case .delete(let target) where target == id:
                current = nil
            default:
                continue
            }
        }
        return current
    }

    func status(_ id: Int) -> RowStatus {
        if let flag = flags[id] { return flag }
        let count = pending.filter { $0.change.recordID == id }.count
        return count == 0 ? .synced : .pending(count)
    }

    var knownIDs: Set<Int> {
        Set(confirmed.keys).union(pending.map { $0.change.recordID })
    }

    var allVisible: [Int: Home] {
        var shown: [Int: Home] = [:]
        for id in knownIDs { shown[id] = visible(id) }
        return shown
    }

    var clockNow: Int { clock }

    mutating func apply(_ change: LocalChange<Home>, as id: OperationID) {
        flags[change.recordID] = nil
        pending.append((id, change))
    }

    mutating func confirm(_ id: OperationID, with record: Home) {
        pending.removeAll { $0.id == id }
        write(record)
    }

    /// A refusal leaves no mark in the store (the screen shows it); a conflict does.
    mutating func reject(_ id: OperationID, record: Int, conflict: String?, serverRecord: Home?) {
        pending.removeAll { $0.id == id }
        if let serverRecord { write(serverRecord) }
        if let conflict { flags[record] = .conflict(conflict) }
    }

    mutating func merge(_ record: Home) { write(record) }

    /// A snapshot taken when the clock read `startedAt`: newer confirmations survive it.
    mutating func replace(with snapshot: [Home], startedAt: Int) {
        let ids = Set(snapshot.map(\.id))
        for (id, entry) in confirmed where !ids.contains(id) && entry.stamp <= startedAt {
            confirmed[id] = nil
        }
        for record in snapshot { write(record) }
    }

    /// The user keeps the other writer's version: the conflict is settled.
    mutating func dismissConflict(_ record: Int) { flags[record] = nil }

    private mutating func write(_ record: Home) {
        if let existing = confirmed[record.id], existing.record.version > record.version { return }
        clock += 1
        confirmed[record.id] = (record, clock)
    }
}
