import OptimisticStore
import SyncEngine

/// Finds a row's slot by its id: an open-addressing hash table (linear probing) of 4-byte slot
/// numbers whose keys are the ids in the row table itself. A `[String: Int32]` would keep a
/// second 16-byte copy of every id in 2^21 buckets at a million rows (40 bytes a row); this
/// keeps 4 bytes a bucket, at most half of them used (8 to 16 bytes a row).
///
/// Every call takes the row table (`entries`) the slots point into, which must hold the id of
/// every slot in the index, and its hash (`RowEntry.idHash`): growing reads the hashes kept
/// instead of hashing a million ids again, and a probe compares ids only when the hashes match.
/// Removal shifts the probe chain back (no tombstones), so a table that sees many removals and
/// additions does not fill up with dead buckets.
@usableFromInline struct SlotIndex: Sendable {
    @usableFromInline static let empty: Int32 = -1
    /// Bucket count - 1 (a power of two less one); the table starts at 16 buckets.
    @usableFromInline var mask = 15
    @usableFromInline var buckets = [Int32](repeating: SlotIndex.empty, count: 16)
    @usableFromInline var count = 0

    @inlinable init() {}

    /// An index sized for `capacity` rows without growing.
    @inlinable init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        mask = size - 1
        buckets = [Int32](repeating: Self.empty, count: size)
    }

    /// The hash an id is kept under (its entry keeps it: `RowEntry.idHash`).
    @inlinable static func hash(_ id: some Hashable) -> UInt32 { UInt32(truncatingIfNeeded: id.hashValue) }

    @inlinable func slot<Policy>(of id: Policy.Record.ID, in entries: RowTable<Policy>) -> Int32? {
        slot(of: id, hash: Self.hash(id), in: entries)
    }

    @inlinable func slot<Policy>(of id: Policy.Record.ID, hash: UInt32, in entries: RowTable<Policy>) -> Int32? {
        var bucket = Int(hash) & mask
        while true {
            let slot = buckets[bucket]
            if slot == Self.empty { return nil }
            if entries.places[Int(slot)]!.idHash == hash, entries.id(Int(slot)) == id { return slot }
            bucket = (bucket + 1) & mask
        }
    }

    /// Adds a slot whose id is not in the index yet (the row table already holds it).
    @inlinable mutating func insert<Policy>(_ slot: Int32, in entries: RowTable<Policy>) {
        if (count + 1) * 2 > buckets.count { grow(in: entries) }
        var bucket = Int(entries.places[Int(slot)]!.idHash) & mask
        while buckets[bucket] != Self.empty { bucket = (bucket + 1) & mask }
        buckets[bucket] = slot
        count += 1
    }

    /// Removes an id's slot (before the row table forgets the id); nothing if it is not there.
    @inlinable mutating func remove<Policy>(_ id: Policy.Record.ID, in entries: RowTable<Policy>) {
        let hash = Self.hash(id)
        var hole = Int(hash) & mask
        while true {
            let slot = buckets[hole]
            if slot == Self.empty { return }
            if entries.places[Int(slot)]!.idHash == hash, entries.id(Int(slot)) == id { break }
            hole = (hole + 1) & mask
        }
        count -= 1
        // Backward shift: later members of the probe chain that may move into the hole do.
        var probe = hole
        while true {
            buckets[hole] = Self.empty
            while true {
                probe = (probe + 1) & mask
                let slot = buckets[probe]
                if slot == Self.empty { return }
                let home = Int(entries.places[Int(slot)]!.idHash) & mask
                // The slot may fill the hole unless its home lies cyclically in (hole, probe].
                let homeAfterHole = hole <= probe ? (home > hole && home <= probe) : (home > hole || home <= probe)
                if !homeAfterHole { break }
            }
            buckets[hole] = buckets[probe]
            hole = probe
        }
    }

    /// Twice the buckets, every slot placed again from its kept hash: O(n), once per doubling
    /// (amortised O(1) a row), and no id hashed.
    @inlinable mutating func grow<Policy>(in entries: RowTable<Policy>) {
        let old = buckets
        mask = buckets.count * 2 - 1
        buckets = [Int32](repeating: Self.empty, count: mask + 1)
        for slot in old where slot != Self.empty {
            var bucket = Int(entries.places[Int(slot)]!.idHash) & mask
            while buckets[bucket] != Self.empty { bucket = (bucket + 1) & mask }
            buckets[bucket] = slot
        }
    }
}
