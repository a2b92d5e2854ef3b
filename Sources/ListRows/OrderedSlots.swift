/// Row slots (positions in `RecordRowStore`'s row table) in display order, kept as a list of
/// sorted chunks of at most `maximumChunk` slots with the number of slots before each
/// chunk. The order itself lives outside (`RowOrdering`): every call that needs it takes
/// it, and it must be the one the list was built with. Each slot is kept with its coarse key
/// (`KeyedSlot`), so a search compares chunk memory and reads rows only where the keys tie.
///
/// Costs, for n slots in c ≈ n / 750 chunks: reading a position is a binary search over
/// the chunk starts (O(log c)); finding, inserting or removing a slot is two binary
/// searches (O(log n) comparisons) and a memmove inside one chunk (at most
/// `maximumChunk` 24-byte keyed slots), plus one pass over the chunk starts per batch (O(c)).
/// A batch of k is sorted (O(k log k)) and each chunk it falls in copied once.
/// Nothing is proportional to n. A chunk is an array of its own, so a copy of the
/// list (a background job's snapshot) costs the chunk references only, and a change
/// after it copies one chunk, not the list.
@usableFromInline struct OrderedSlots: Sendable {
    /// A chunk grown past this splits in two: small enough that an insert's memmove in it (half
    /// a chunk of 24-byte keyed slots, on average) is a microsecond or less, large enough that
    /// the chunk starts stay a short array at a million rows.
    @usableFromInline static let maximumChunk = 1024

    @usableFromInline var chunks: [[KeyedSlot]] = []
    /// `lasts[i]`: the last slot of chunk `i`, side by side, so that finding a slot's chunk reads
    /// one array rather than a chunk's buffer per step.
    @usableFromInline var lasts: [KeyedSlot] = []
    /// `starts[i]`: the slots in the chunks before chunk `i`.
    @usableFromInline var starts: [Int] = []
    @usableFromInline var count = 0

    @inlinable init() {}

    /// A list of slots already in display order (a whole sort's result), in half-full chunks
    /// so the inserts that follow rarely split one.
    @inlinable init(sorted slots: [KeyedSlot]) {
        let size = Self.maximumChunk / 2
        var start = 0
        while start < slots.count {
            let end = min(start + size, slots.count)
            chunks.append(Array(slots[start..<end]))
            start = end
        }
        count = slots.count
        lasts = chunks.map { $0[$0.count - 1] }
        rebuildStarts(from: 0)
    }

    /// The slots sorted: the keys are read once, and most comparisons are of keys.
    @inlinable init(sorting slots: some Sequence<Int32>, by order: some SlotOrder) {
        var keyed = slots.map { KeyedSlot($0, in: order) }
        keyed.sort { $0.precedes($1, in: order) }
        self.init(sorted: keyed)
    }

    @inlinable var isEmpty: Bool { count == 0 }

    /// The slot at a display position, `0..<count`.
    @inlinable subscript(position: Int) -> Int32 {
        precondition(position >= 0 && position < count, "position \(position) outside 0..<\(count)")
        // The last chunk starting at or before the position (chunks are never empty).
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        return chunks[low][position - starts[low]].slot
    }

    /// Every slot in display order, with its key.
    @inlinable var keyedSlots: FlattenSequence<[[KeyedSlot]]> { chunks.joined() }

    /// Every slot in display order.
    @inlinable var elements: LazyMapSequence<FlattenSequence<[[KeyedSlot]]>, Int32> { keyedSlots.lazy.map(\.slot) }

    /// The display position of a slot, or nil if it is not in the list.
    @inlinable func position(of slot: Int32, by order: some SlotOrder) -> Int? {
        guard let (chunk, offset) = locate(KeyedSlot(slot, in: order), by: order) else { return nil }
        return starts[chunk] + offset
    }

    /// A batch at least this large is sorted first (`insertSorted`); a smaller one goes in a slot
    /// at a time.
    @usableFromInline static let sortedBatch = 16
    /// A chunk that a sorted batch gives at least this many new slots is rebuilt once (its slots
    /// and the new ones copied into place: m + r writes); fewer are moved in one at a time (half
    /// the chunk each, m / 2 per slot), which costs less for one or two.
    @usableFromInline static let mergedRun = 3

    /// Inserts slots that are not in the list yet. Returns the slots written (moved or set).
    @discardableResult
    @inlinable mutating func insert(_ slots: some Sequence<Int32>, by order: some SlotOrder) -> Int {
        let keyed = slots.map { KeyedSlot($0, in: order) }
        if keyed.count >= Self.sortedBatch { return insertSorted(keyed.sorted { $0.precedes($1, in: order) }, by: order) }
        var firstChanged = Int.max
        var writes = 0
        for slot in keyed {
            let (chunk, written) = insertOne(slot, by: order)
            writes += written
            firstChanged = min(firstChanged, chunk)
        }
        rebuildStarts(from: firstChanged)
        return writes
    }

    /// One slot moved into place, its chunk split in two if it grew too long; the chunk's starts
    /// are left for the caller to rebuild. Returns the chunk and the slots written.
    @inlinable mutating func insertOne(_ slot: KeyedSlot, by order: some SlotOrder) -> (chunk: Int, writes: Int) {
        count += 1
        guard !chunks.isEmpty else {
            chunks = [[slot]]
            lasts = [slot]
            return (0, 1)
        }
        let chunk = chunkFor(slot, by: order)
        let offset = Self.lowerBound(of: slot, in: chunks[chunk], by: order)
        var writes = chunks[chunk].count - offset + 1
        chunks[chunk].insert(slot, at: offset)
        if offset == chunks[chunk].count - 1 { lasts[chunk] = slot }
        if chunks[chunk].count > Self.maximumChunk {
            let half = chunks[chunk].count / 2
            let tail = Array(chunks[chunk][half...])
            chunks[chunk].removeSubrange(half...)
            chunks.insert(tail, at: chunk + 1)
            lasts[chunk] = chunks[chunk][half - 1]
            lasts.insert(tail[tail.count - 1], at: chunk + 1)
            writes += tail.count
        }
        return (chunk, writes)
    }

    /// Inserts a batch already in display order. Each chunk that gets `mergedRun` or more of it
    /// is rebuilt once, its slots and the new ones copied into place (a binary search per new
    /// slot), and split if it grew too long; the others take theirs one at a time. One at a
    /// time everywhere, a half-second's batch of a load (tens of thousands of rows, most chunks
    /// getting dozens) moved half a chunk per row: a million rows spent a second of the main
    /// thread in those moves.
    @inlinable mutating func insertSorted(_ keyed: [KeyedSlot], by order: some SlotOrder) -> Int {
        guard !chunks.isEmpty else {
            self = OrderedSlots(sorted: keyed)
            return keyed.count
        }
        var writes = 0
        var firstChanged = Int.max
        // Rebuilt chunks grown too long, split once the batch is in: a split inserts a chunk,
        // and these go from the last, so the indices recorded stay right.
        var splits: [(chunk: Int, pieces: [[KeyedSlot]])] = []
        var next = 0
        while next < keyed.count {
            let chunk = chunkFor(keyed[next], by: order)
            // The run of new slots for this chunk: those before its last slot (all, in the last chunk).
            var end = next + 1
            if chunk == chunks.count - 1 {
                end = keyed.count
            } else {
                while end < keyed.count, keyed[end].precedes(lasts[chunk], in: order) { end += 1 }
            }
            firstChanged = min(firstChanged, chunk)
            if end - next < Self.mergedRun {
                for slot in keyed[next..<end] { writes += insertOne(slot, by: order).writes }
            } else {
                let merged = Self.merge(chunks[chunk], keyed[next..<end], by: order)
                writes += merged.count
                count += end - next
                if merged.count > Self.maximumChunk {
                    splits.append((chunk, Self.split(merged)))
                } else {
                    chunks[chunk] = merged
                    lasts[chunk] = merged[merged.count - 1]
                }
            }
            next = end
        }
        for (chunk, pieces) in splits.reversed() {
            chunks.replaceSubrange(chunk...chunk, with: pieces)
            lasts.replaceSubrange(chunk...chunk, with: pieces.map { $0[$0.count - 1] })
        }
        rebuildStarts(from: firstChanged)
        return writes
    }

    /// A chunk's slots and new ones (in order, none of them in it), in order.
    @inlinable static func merge(_ chunk: [KeyedSlot], _ new: ArraySlice<KeyedSlot>, by order: some SlotOrder) -> [KeyedSlot] {
        var merged: [KeyedSlot] = []
        merged.reserveCapacity(chunk.count + new.count)
        var copied = 0
        for slot in new {
            var low = copied
            var high = chunk.count
            while low < high {
                let middle = (low + high) / 2
                if chunk[middle].precedes(slot, in: order) { low = middle + 1 } else { high = middle }
            }
            merged.append(contentsOf: chunk[copied..<low])
            merged.append(slot)
            copied = low
        }
        merged.append(contentsOf: chunk[copied...])
        return merged
    }

    /// A run of slots too long for one chunk, in chunks three quarters full.
    @inlinable static func split(_ slots: [KeyedSlot]) -> [[KeyedSlot]] {
        let target = maximumChunk * 3 / 4
        let pieces = (slots.count + target - 1) / target
        let size = (slots.count + pieces - 1) / pieces
        return stride(from: 0, to: slots.count, by: size).map { Array(slots[$0..<min($0 + size, slots.count)]) }
    }

    /// Removes slots; ones not in the list are skipped. Returns the slots written (moved).
    @discardableResult
    @inlinable mutating func remove(_ slots: some Sequence<Int32>, by order: some SlotOrder) -> Int {
        var firstChanged = Int.max
        var writes = 0
        for slot in slots {
            guard let (chunk, offset) = locate(KeyedSlot(slot, in: order), by: order) else { continue }
            writes += chunks[chunk].count - offset - 1
            chunks[chunk].remove(at: offset)
            count -= 1
            if chunks[chunk].isEmpty {
                chunks.remove(at: chunk)
                lasts.remove(at: chunk)
            } else if offset == chunks[chunk].count {
                lasts[chunk] = chunks[chunk][offset - 1]
            }
            firstChanged = min(firstChanged, chunk)
        }
        rebuildStarts(from: firstChanged)
        return writes
    }

    /// Where a slot is: its chunk and its offset in it.
    @inlinable func locate(_ slot: KeyedSlot, by order: some SlotOrder) -> (chunk: Int, offset: Int)? {
        guard !chunks.isEmpty else { return nil }
        let chunk = chunkFor(slot, by: order)
        let offset = Self.lowerBound(of: slot, in: chunks[chunk], by: order)
        return offset < chunks[chunk].count && chunks[chunk][offset].slot == slot.slot ? (chunk, offset) : nil
    }

    /// The chunk a slot belongs in: the first whose last slot does not sort before it, or the last chunk.
    @inlinable func chunkFor(_ slot: KeyedSlot, by order: some SlotOrder) -> Int {
        var low = 0
        var high = chunks.count - 1
        while low < high {
            let middle = (low + high) / 2
            if lasts[middle].precedes(slot, in: order) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    @inlinable static func lowerBound(of slot: KeyedSlot, in chunk: [KeyedSlot], by order: some SlotOrder) -> Int {
        var low = 0
        var high = chunk.count
        while low < high {
            let middle = (low + high) / 2
            if chunk[middle].precedes(slot, in: order) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The starts of the chunks from `first` on (the ones before it did not change).
    @inlinable mutating func rebuildStarts(from first: Int) {
        guard first != .max else { return }
        let from = min(first, starts.count, chunks.count)
        starts.removeSubrange(from...)
        var total = from == 0 ? 0 : starts[from - 1] + chunks[from - 1].count
        for chunk in chunks[from...] {
            starts.append(total)
            total += chunk.count
        }
    }
}
