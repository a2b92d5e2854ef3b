import OptimisticStore

/// What changed in the list, with the new state of each changed row: the store's `StoreDiff`
/// (ids only) resolved against the store where it lives, once. The one shape a change has from
/// the list to the screen.
/// Applying it is idempotent: an upsert of the same row twice is harmless.
public struct RowUpdate: Sendable, Equatable {
    /// Rows that appeared or changed, as they are now.
    public var upserted: [PropertyRow]
    /// Rows that are no longer shown.
    public var removed: Set<String>

    public init(upserted: [PropertyRow] = [], removed: Set<String> = []) {
        self.upserted = upserted
        self.removed = removed
    }

    /// Resolves a store diff: `lookup` answers what the store shows of an id now
    /// (nil: not shown). Call it where the store lives (inside the actor), so the
    /// rows and the diff are from the same moment. Costs one look-up per id in the diff.
    /// Every id ends as what the store shows now, so a diff gathered over several events
    /// (a row added, then removed, or the other way) still says the last word.
    public init(diff: StoreDiff<String>, lookup: (String) -> PropertyRow?) {
        var upserted: [PropertyRow] = []
        var removed: Set<String> = []
        for id in diff.allIDs {
            if let row = lookup(id) { upserted.append(row) } else { removed.insert(id) }
        }
        self.init(upserted: upserted, removed: removed)
    }

    public var isEmpty: Bool { upserted.isEmpty && removed.isEmpty }
}
