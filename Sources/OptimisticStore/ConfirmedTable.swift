/// The server-confirmed records, found by id, in about a third of the memory of a
/// `[ID: (Record, UInt64)]`.
///
/// Why not a `Dictionary`: at a million records its 2²¹ buckets each hold the key (a second
/// 16-byte copy of the id) and the value, used or not, about 285 bytes per record before any
/// string. Here the records sit once, densely, in fixed-size chunks (growing never copies
/// them, and never doubles the memory), and the index is an open-addressing table of
/// 8-byte words: 32 bits of the id's hash and the record's slot. The id itself is read
/// from the record. swift-collections' `OrderedDictionary` is close, but it keeps the keys
/// a second time and removes in O(n).
///
/// Every operation is O(1) expected (linear probing, load ≤ ¾, removal by backward shift,
/// so no deleted markers accumulate); the table doubles when full, rehashing from the
/// stored hash bits without hashing any id again.
@usableFromInline
struct ConfirmedTable<Record: SyncedRecord> {
    @usableFromInline typealias ID = Record.ID

    /// A confirmed record and the logical time it was written (see `RefreshToken`).
    @usableFromInline
    struct Entry {
        @usableFromInline var record: Record
        @usableFromInline var stamp: UInt64

        @inlinable init(record: Record, stamp: UInt64) {
            self.record = record
            self.stamp = stamp
        }
    }

    /// Slots per chunk: large enough that the chunk array is short, small enough that
    /// a new chunk is a small allocation.
    @inlinable static var chunkShift: Int { 12 }
    @inlinable static var chunkSize: Int { 1 << chunkShift }

    /// Slot `s` is `chunks[s >> chunkShift][s & (chunkSize - 1)]`; nil is a free slot.
    @usableFromInline var chunks: [[Entry?]] = []
    /// Slots freed by removals, reused before new ones.
    @usableFromInline var freeSlots: [Int32] = []
    /// How many slots have ever been handed out (the used part of `chunks`).
    @usableFromInline var slotsInUse = 0
    /// 0: empty; else `hash32 << 32 | (slot + 1)`. A power-of-two count.
    @usableFromInline var buckets: [UInt64]
    @usableFromInline var mask: Int
    @usableFromInline var count = 0
    /// How many records the owner said to expect: a new chunk reserves room for those
    /// still to come (at most a chunk), so that a small table is not a mostly empty chunk.
    @usableFromInline let expected: Int

    @inlinable
    init(minimumCapacity: Int = 0) {
        var size = 8
        while size * 3 / 4 < minimumCapacity { size <<= 1 }
        buckets = Array(repeating: 0, count: size)
        mask = size - 1
        expected = minimumCapacity
    }

    // MARK: Reading

    @inlinable
    subscript(id: ID) -> Entry? {
        guard let (_, slot) = find(id) else { return nil }
        return entry(at: slot)
    }

    @inlinable
    func contains(_ id: ID) -> Bool { find(id) != nil }

    /// Every entry, in slot order. O(n).
    @inlinable
    var entries: [Entry] {
        var all: [Entry] = []
        all.reserveCapacity(count)
        forEach { all.append($0) }
        return all
    }

    /// Visits every entry in slot order without copying the table. O(n).
    @inlinable
    func forEach(_ body: (Entry) throws -> Void) rethrows {
        for chunk in chunks {
            for case let entry? in chunk { try body(entry) }
        }
    }

    // MARK: Writing

    /// Inserts the entry, or replaces the one with the same id.
    @inlinable
    mutating func write(_ entry: Entry) {
        upsert(entry.record.id) { _ in entry }
    }

    /// Looks `id` up and lets `change` decide on one probe: the entry it answers (made from the
    /// one there, or nil when there is none) is written; nil leaves things as they are. Answers
    /// the entry that was there. (`write` after a lookup would hash and probe twice.)
    @inlinable
    @discardableResult
    mutating func upsert(_ id: ID, _ change: (Entry?) -> Entry?) -> Entry? {
        let hash = Self.hash(id)
        var bucket = Int(truncatingIfNeeded: hash) & mask
        while true {
            let word = buckets[bucket]
            if word == 0 { break }
            if UInt32(truncatingIfNeeded: word >> 32) == hash {
                let slot = Int(UInt32(truncatingIfNeeded: word)) - 1
                let existing = entry(at: slot)
                if existing.record.id == id {
                    if let new = change(existing) { chunks[slot >> Self.chunkShift][slot & (Self.chunkSize - 1)] = new }
                    return existing
                }
            }
            bucket = (bucket + 1) & mask
        }
        guard let new = change(nil) else { return nil }
        let slot = takeSlot(for: new)
        buckets[bucket] = UInt64(hash) << 32 | UInt64(slot + 1)
        count += 1
        if count > buckets.count / 4 * 3 { grow() }
        return nil
    }

    @inlinable
    @discardableResult
    mutating func remove(_ id: ID) -> Entry? {
        guard let (bucket, slot) = find(id) else { return nil }
        let removed = entry(at: slot)
        chunks[slot >> Self.chunkShift][slot & (Self.chunkSize - 1)] = nil
        freeSlots.append(Int32(slot))
        count -= 1
        closeGap(at: bucket)
        return removed
    }

    // MARK: Internals

    @inlinable
    static func hash(_ id: ID) -> UInt32 { UInt32(truncatingIfNeeded: id.hashValue) }

    /// The entry in a used slot.
    @inlinable
    func entry(at slot: Int) -> Entry {
        chunks[slot >> Self.chunkShift][slot & (Self.chunkSize - 1)].unsafelyUnwrapped
    }

    /// The bucket and slot holding `id`.
    @inlinable
    func find(_ id: ID) -> (bucket: Int, slot: Int)? {
        let hash = Self.hash(id)
        var bucket = Int(truncatingIfNeeded: hash) & mask
        while true {
            let word = buckets[bucket]
            if word == 0 { return nil }
            if UInt32(truncatingIfNeeded: word >> 32) == hash {
                let slot = Int(UInt32(truncatingIfNeeded: word)) - 1
                if entry(at: slot).record.id == id { return (bucket, slot) }
            }
            bucket = (bucket + 1) & mask
        }
    }

    @inlinable
    mutating func takeSlot(for entry: Entry) -> Int {
        if let free = freeSlots.popLast() {
            let slot = Int(free)
            chunks[slot >> Self.chunkShift][slot & (Self.chunkSize - 1)] = entry
            return slot
        }
        let slot = slotsInUse
        precondition(slot < Int(Int32.max), "ConfirmedTable holds at most 2³¹ - 1 records")
        if slot & (Self.chunkSize - 1) == 0 {
            // Beyond what was reserved, the chunk grows by doubling up to `chunkSize`: at
            // worst one copy of a chunk, never of the table.
            var chunk: [Entry?] = []
            chunk.reserveCapacity(min(Self.chunkSize, max(16, expected - slot)))
            chunks.append(chunk)
        }
        chunks[slot >> Self.chunkShift].append(entry)
        slotsInUse += 1
        return slot
    }

    /// Backward-shift deletion: moves later members of the probe run into the hole when
    /// that brings them no further from their home bucket, so lookups never need markers.
    @inlinable
    mutating func closeGap(at start: Int) {
        var hole = start
        var next = (start + 1) & mask
        while true {
            let word = buckets[next]
            if word == 0 { break }
            let home = Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: word >> 32)) & mask
            if (next &- home) & mask >= (next &- hole) & mask {
                buckets[hole] = word
                hole = next
            }
            next = (next + 1) & mask
        }
        buckets[hole] = 0
    }

    /// Doubles the bucket count. Uses the stored hash bits: no id is hashed again.
    @usableFromInline
    mutating func grow() {
        let old = buckets
        buckets = Array(repeating: 0, count: old.count * 2)
        mask = buckets.count - 1
        for word in old where word != 0 {
            var bucket = Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: word >> 32)) & mask
            while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
            buckets[bucket] = word
        }
    }
}
