import PropertySync

/// A row as `RecordRowStore` keeps it: the row, and its place in creation order. The id is the row's own.
@usableFromInline struct RowEntry<Policy: RowPolicy>: Sendable {
    @usableFromInline var row: RecordRow<Policy.Record>
    /// The server's `createdAt`; nil: a row created here and not confirmed yet. Set when the
    /// server's time arrives (the row then moves to its place among the confirmed rows).
    @usableFromInline var createdAt: CreationTime?
    /// Arrival sequence, used only between undated rows (pending creates: in the order made).
    /// 32 bits, beside `idHash` in one word: it would wrap after four billion rows had arrived.
    @usableFromInline let arrival: UInt32
    /// The id's hash as `SlotIndex` keeps it, computed once.
    @usableFromInline let idHash: UInt32
    /// The id's first bytes as one number (`IDPrefix`): rows created in the same millisecond (a
    /// bulk import, a seeded table) are ordered by id, and most such comparisons end here.
    @usableFromInline let idPrefix: IDPrefix

    @inlinable init(row: RecordRow<Policy.Record>, createdAt: CreationTime?, arrival: UInt64, idHash: UInt32? = nil) {
        self.row = row
        self.createdAt = createdAt
        self.arrival = UInt32(truncatingIfNeeded: arrival)
        self.idHash = idHash ?? SlotIndex.hash(row.id)
        idPrefix = IDPrefix(Policy.asciiPrefix(of: row.id))
    }
}

/// The first 8 bytes of an id, big-endian, when they are ASCII: two different prefixes order
/// as their ids do (ASCII text compares byte by byte; a shorter id pads with zeros, below every
/// character but NUL, whose tie falls to the full comparison). Equal prefixes, or an id whose
/// first bytes are not ASCII (`unknown`), leave the order to the ids themselves.
@usableFromInline struct IDPrefix: Equatable, Sendable {
    @usableFromInline let value: UInt64

    @usableFromInline static let unknown = IDPrefix(value: .max)

    @inlinable init(value: UInt64) { self.value = value }

    /// An id's prefix, as `RowPolicy.asciiPrefix` reads it.
    @inlinable init(_ asciiPrefix: UInt64?) {
        self = asciiPrefix.map(IDPrefix.init(value:)) ?? .unknown
    }

    /// The order of the two ids, when the prefixes tell it; nil when they do not.
    @inlinable func precedes(_ other: IDPrefix) -> Bool? {
        guard self != other, self != .unknown, other != .unknown else { return nil }
        return value < other.value
    }
}
