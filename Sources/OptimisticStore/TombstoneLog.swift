import DequeModule

/// The order in which records became tombstones, so that the oldest can be dropped first,
/// and how many tombstones the store holds.
///
/// Entries are `(id, stamp)` as written; an entry can go stale (the tombstone was dropped by
/// a refresh, or the record written again), so whoever pops one checks it against the
/// store. `count` is kept exactly by the store (`append`, `forget`), not derived from the log.
@usableFromInline
struct TombstoneLog<ID: Hashable & Sendable> {
    @usableFromInline var order: Deque<(id: ID, stamp: UInt64)> = []
    /// Tombstones in the store now.
    @usableFromInline var count = 0

    @inlinable init() {}

    /// A record became a tombstone at `stamp` (`counted: false`: it was already counted).
    @inlinable
    mutating func append(_ id: ID, stamp: UInt64, counted: Bool = true) {
        order.append((id, stamp))
        if counted { count += 1 }
    }

    /// A tombstone left the store.
    @inlinable
    mutating func forget() { count -= 1 }

    @inlinable
    mutating func popOldest() -> (id: ID, stamp: UInt64)? { order.popFirst() }

    /// Whether stale entries make up most of the log (then `compact` is worth its O(log)).
    @inlinable
    var isMostlyStale: Bool { order.count > 2 * count + 1_024 }

    /// Keeps only the entries that still describe a kept tombstone, in order.
    @inlinable
    mutating func compact(keeping isCurrent: (ID, UInt64) -> Bool) {
        var seen = Set<ID>()
        order = Deque(order.filter { isCurrent($0.id, $0.stamp) && seen.insert($0.id).inserted })
    }
}
