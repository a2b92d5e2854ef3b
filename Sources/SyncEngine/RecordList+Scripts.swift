import AmplifyModels
import ModelFilters
import OptimisticStore

/// What the script commands (`proptui create`, `update`, `delete`, `import`) ask of a list
/// besides the screen's changes: many creates kept in one transaction (an import queues
/// 100,000 rows; one wait for the disk each would cost most of a minute), and what the list
/// knows of a key before a row is queued.
extension RecordList {
    /// Adds records at once, as `create` does each, but keeps them in the outbox in one
    /// transaction: either every one of them is kept, or none is (and none is shown).
    @_specialize(where Record == ModelRecord)
    public func create(contentsOf records: [Record]) throws(InvalidInput) {
        commitNow()
        var staged: [SyncMachine<Record>.Staged] = []
        staged.reserveCapacity(records.count)
        for record in records {
            if let change = machine.stage(.create(record)) { staged.append(change) }
        }
        do {
            try storage.append(contentsOf: staged.map(\.operation))
        } catch {
            for change in staged.reversed() { machine.discard(change) }
            logger.error("could not save \(staged.count) creates: \(error)")
            throw InvalidInput(message: "The changes could not be saved, so none was made (\(error)).")
        }
        var actions: [SyncMachine<Record>.Action] = []
        for change in staged { actions += machine.commit(change, kind: .create) }
        run(actions)
        commitNow()
    }

    /// Waits until every record the cache holds is in the list (a start reads the cache in
    /// batches behind its first frame), so that a key's absence means the cache has none.
    public func cacheRead() async {
        await cacheFullyRead()
    }

    /// The records with an operation waiting in the outbox: asked before `start()`, those an
    /// earlier run queued (once started, the sender settles them as the caller goes on).
    public var recordsWithPendingOperations: Set<Record.ID> {
        Set(store.pendingOperations.map(\.recordID))
    }

    /// The server's last confirmed copy of the record, as this list knows it (nil: none known).
    public func confirmedRecord(_ id: Record.ID) -> Record? {
        store.confirmedRecord(id)
    }
}

extension RecordList where Record == ModelRecord {
    /// Asks the server for the record of `key` (a key lookup, as a filter on the key asks it),
    /// merged into the list as any read is; `.viewProgress` of `view` says how it went.
    public func askServer(forKey key: RecordKey, view: Int) async {
        await askServer(.keyLookup(FilterPlan.KeyLookup(key: key, rest: nil)), view: view)
    }
}
