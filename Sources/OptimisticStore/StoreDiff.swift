/// What one event changed in what the user sees: ids only, so that its size is
/// the number of records the event touched, never the size of the list.
@frozen
public struct StoreDiff<ID: Hashable & Sendable>: Sendable, Equatable {
    /// Records that became visible.
    public var inserted: Set<ID> = []
    /// Visible records whose fields or row status changed.
    public var updated: Set<ID> = []
    /// Records that stopped being visible.
    public var removed: Set<ID> = []

    @inlinable
    public init(inserted: Set<ID> = [], updated: Set<ID> = [], removed: Set<ID> = []) {
        self.inserted = inserted
        self.updated = updated
        self.removed = removed
    }

    @inlinable
    public var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && removed.isEmpty }

    /// Every id the diff names.
    @inlinable
    public var allIDs: Set<ID> { inserted.union(updated).union(removed) }

    /// Adds what a later diff changed. An id inserted then removed (or the reverse) is
    /// named in both sets: whoever applies the union reads the record's state now.
    @inlinable
    public mutating func formUnion(_ later: StoreDiff) {
        inserted.formUnion(later.inserted)
        updated.formUnion(later.updated)
        removed.formUnion(later.removed)
    }
}

/// A confirmed-set replacement that began at some point: records confirmed after
/// that point are newer than the snapshot and survive it.
@frozen
public struct RefreshToken: Sendable, Equatable {
    @usableFromInline let stamp: UInt64

    @inlinable init(stamp: UInt64) { self.stamp = stamp }
}
