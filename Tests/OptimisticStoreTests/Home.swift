import OptimisticStore

/// A small record for the engine's tests: the shape of the sample's model (a name and an address), with
/// integer ids so that schedules over a few records collide often.
struct Home: SyncedRecord, CustomStringConvertible {
    struct Patch: Sendable, Equatable {
        var name: String?
        /// `.some(nil)` clears the address.
        var address: String??
    }

    var id: Int
    var name: String
    var address: String?
    var version: Int = 0
    var isDeleted = false

    func applying(_ patch: Patch) -> Home {
        var patched = self
        if let name = patch.name { patched.name = name }
        if let address = patch.address { patched.address = address }
        return patched
    }

    /// The server's copy after one more write.
    func written(version: Int, deleted: Bool = false) -> Home {
        var copy = self
        copy.version = version
        copy.isDeleted = deleted
        return copy
    }

    var description: String {
        "#\(id) \(name)/\(address ?? "-") v\(version)\(isDeleted ? " deleted" : "")"
    }
}

extension OptimisticStore where Record == Home {
    /// Visible records by id, for comparisons.
    var shown: [Int: Home] { Dictionary(uniqueKeysWithValues: records.map { ($0.id, $0) }) }
}
