import OptimisticStore

/// The server of the simulation: the truth every schedule must converge to.
/// It refuses what a real AppSync server refuses: a create over an existing id,
/// a change to a record that does not exist or is deleted.
struct ServerModel {
    private(set) var records: [Int: Home] = [:]

    var live: [Int: Home] { records.filter { !$0.value.isDeleted } }

    /// Applies a change; nil if the server refuses it.
    mutating func apply(_ change: LocalChange<Home>) -> Home? {
        switch change {
        case .create(let record):
            guard records[record.id] == nil else { return nil }
            return store(record.written(version: 1))
        case .update(let id, let patch):
            guard let current = records[id], !current.isDeleted else { return nil }
            return store(current.applying(patch).written(version: current.version + 1))
        case .delete(let id):
            guard let current = records[id], !current.isDeleted else { return nil }
            return store(current.written(version: current.version + 1, deleted: true))
        }
    }

    private mutating func store(_ record: Home) -> Home {
        records[record.id] = record
        return record
    }
}
