/// What one event changed in what the user sees: ids only, so that its size is
/// the number of records the event touched, never the size of the list.
public struct StoreDiff<ID: Hashable & Sendable>: Sendable, Equatable {
    /// Records that became visible.
    public var inserted: Set<ID> = []
    /// Visible records whose fields or row status changed.
    public var updated: Set<ID> = []
    /// Records that stopped being visible.
    public var removed: Set<ID> = []

    public init(inserted: Set<ID> = [], updated: Set<ID> = [], removed: Set<ID> = []) {
        self.inserted = inserted
        self.updated = updated
        self.removed = removed
    }

    public var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && removed.isEmpty }

    /// Every id the diff names.
    public var allIDs: Set<ID> { inserted.union(updated).union(removed) }
}

/// A confirmed-set replacement that began at some point: records confirmed after
/// that point are newer than the snapshot and survive it.
public struct RefreshToken: Sendable, Equatable {
    let stamp: UInt64
}
