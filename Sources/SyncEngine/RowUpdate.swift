import OptimisticStore

/// What changed in the list, with the new state of each changed row: the store's `StoreDiff`
/// (ids only) resolved against the store where it lives, once. The one shape a change has from
/// the list to the screen.
/// Applying it is idempotent: an upsert of the same row twice is harmless.
public struct RecordRowUpdate<Record: SyncedRecord>: Sendable, Equatable {
    /// Rows that appeared or changed, as they are now.
    public private(set) var upserted: [RecordRow<Record>]
    /// Rows that are no longer shown.
    public var removed: Set<Record.ID>
    /// Whether no id is upserted twice (true when made from a diff): the screen then need not
    /// look for repeats, a set of every id in a page of a million-row load.
    public private(set) var hasDistinctIDs: Bool

    public init(upserted: [RecordRow<Record>] = [], removed: Set<Record.ID> = []) {
        self.upserted = upserted
        self.removed = removed
        hasDistinctIDs = upserted.count < 2
    }

    /// Resolves a store diff: `lookup` answers what the store shows of an id now
    /// (nil: not shown). Call it where the store lives (inside the actor), so the
    /// rows and the diff are from the same moment. Costs one look-up per id in the diff.
    /// Every id ends as what the store shows now, so a diff gathered over several events
    /// (a row added, then removed, or the other way) still says the last word.
    public init(diff: StoreDiff<Record.ID>, lookup: (Record.ID) -> RecordRow<Record>?) {
        var upserted: [RecordRow<Record>] = []
        upserted.reserveCapacity(diff.inserted.count + diff.updated.count)
        var removed: Set<Record.ID> = []
        func resolve(_ id: Record.ID) {
            if let row = lookup(id) { upserted.append(row) } else { removed.insert(id) }
        }
        // Each id once, without building the union of the three sets (a million ids on a load).
        for id in diff.inserted { resolve(id) }
        for id in diff.updated where !diff.inserted.contains(id) { resolve(id) }
        for id in diff.removed where !diff.inserted.contains(id) && !diff.updated.contains(id) { resolve(id) }
        self.init(upserted: upserted, removed: removed)
        hasDistinctIDs = true
    }

    /// Rows known to have distinct ids (see `hasDistinctIDs`).
    public init(distinct rows: [RecordRow<Record>]) {
        self.init(upserted: rows)
        hasDistinctIDs = true
    }

    public var isEmpty: Bool { upserted.isEmpty && removed.isEmpty }

    /// The same rows and removals (whether the ids were known to be distinct is no part of it).
    public static func == (a: Self, b: Self) -> Bool { a.upserted == b.upserted && a.removed == b.removed }
}
