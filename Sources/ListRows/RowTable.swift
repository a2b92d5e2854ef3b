import OptimisticStore
import SyncEngine

/// Where a row sits in creation order, and its id's hash: what the order and the index read
/// on every comparison and probe, kept in a table of its own (`RowTable.places`). A plain value
/// whatever the records are, so that reading it copies no record (a sort of a million rows
/// compares twenty million times).
@usableFromInline struct RowPlace: Sendable {
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

    @inlinable init(createdAt: CreationTime?, arrival: UInt64, idHash: UInt32, idPrefix: IDPrefix) {
        self.createdAt = createdAt
        self.arrival = UInt32(truncatingIfNeeded: arrival)
        self.idHash = idHash
        self.idPrefix = idPrefix
    }
}

/// The rows of a `RecordRowStore` at their slots: each row, and its place (`RowPlace`) in a
/// table beside it. A free slot holds neither.
@usableFromInline struct RowTable<Policy: RowPolicy>: Sendable {
    @usableFromInline var places = PagedArray<RowPlace?>()
    @usableFromInline var rows = PagedArray<RecordRow<Policy.Record>?>()

    @inlinable init() {}

    @inlinable var count: Int { places.count }
    @inlinable func holds(_ slot: Int) -> Bool { places[slot] != nil }
    @inlinable func place(_ slot: Int) -> RowPlace { places[slot]! }
    @inlinable func row(_ slot: Int) -> RecordRow<Policy.Record> { rows[slot]! }
    @inlinable func rowIfAny(_ slot: Int) -> RecordRow<Policy.Record>? { rows[slot] }
    @inlinable func id(_ slot: Int) -> Policy.Record.ID { rows[slot]!.record.id }

    /// A new slot at the end.
    @inlinable mutating func append(_ row: RecordRow<Policy.Record>, _ place: RowPlace) {
        rows.append(row)
        places.append(place)
    }

    @inlinable mutating func put(_ row: RecordRow<Policy.Record>, _ place: RowPlace, at slot: Int) {
        rows[slot] = row
        places[slot] = place
    }

    @inlinable mutating func setRow(_ row: RecordRow<Policy.Record>, at slot: Int) { rows[slot] = row }
    @inlinable mutating func setCreatedAt(_ time: CreationTime?, at slot: Int) { places[slot]!.createdAt = time }

    @inlinable mutating func clear(_ slot: Int) {
        rows[slot] = nil
        places[slot] = nil
    }

    /// A row's place when it arrives: its hash and prefix computed once.
    @inlinable static func place(of row: RecordRow<Policy.Record>, createdAt: CreationTime?, arrival: UInt64, idHash: UInt32? = nil) -> RowPlace {
        RowPlace(
            createdAt: createdAt, arrival: arrival, idHash: idHash ?? SlotIndex.hash(row.record.id),
            idPrefix: IDPrefix(Policy.asciiPrefix(of: row.record.id)))
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
