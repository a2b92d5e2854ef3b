import AmplifyModels
import OptimisticStore
import SyncEngine

/// Where a row sits in the list: its sort key (the policy's, under a sort by a field), then
/// creation order.
/// Rows the server has seen sort by its `createdAt` then id, so every client shows the
/// same order; rows created here and not yet confirmed go at the end, in the order they
/// were made. A rename never moves a row in creation order; a confirmation moves a new
/// row to its server time's place (where it already is, unless another client created
/// one meanwhile); sorted by name, a rename moves it.
///
/// It compares slots of a row table: `OrderedSlots` keeps slots in this order. Holding one
/// shares the tables (copy-on-write): let it go before writing to them.
@usableFromInline struct RowOrdering<Policy: RowPolicy>: SlotOrder {
    @usableFromInline let entries: RowTable<Policy>
    /// Each slot's sort key; nil in creation order.
    @usableFromInline let sortKeys: PagedArray<String?>?

    @inlinable init(entries: RowTable<Policy>, sortKeys: PagedArray<String?>?) {
        self.entries = entries
        self.sortKeys = sortKeys
    }

    /// In creation order: a server time as its 17 digits plus one, then the id's first bytes; a
    /// row without one (a pending create) 2⁶³ plus its arrival, after every dated row; unknown
    /// for a server time of another shape, which compares as text. Under a sort by a field: an
    /// ASCII sort key's first 8 bytes plus one (such text orders as its bytes do), else unknown.
    @inlinable func key(of slot: Int32) -> SlotKey {
        if let keys = sortKeys {
            return keys[Int(slot)].flatMap(RecordKey.asciiPrefix(of:)).map { SlotKey(primary: $0 + 1) } ?? .unknown
        }
        let place = entries.places[Int(slot)]!
        let idBytes = place.idPrefix == .unknown ? 0 : place.idPrefix.value
        switch place.createdAt {
        case .digits(let digits)?: return SlotKey(primary: digits + 1, secondary: idBytes)
        case .text?: return .unknown
        case nil: return SlotKey(primary: 1 << 63 | UInt64(place.arrival), secondary: idBytes)
        }
    }

    /// Whether slot `a` comes before slot `b`; both hold rows. Reads single fields in place
    /// (no copy of a whole entry and its strings per comparison: a sort makes n log n of them).
    @inlinable func precedes(_ a: Int32, _ b: Int32) -> Bool {
        let a = Int(a)
        let b = Int(b)
        if let keys = sortKeys, let x = keys[a], let y = keys[b], x != y { return x < y }
        switch (entries.places[a]!.createdAt, entries.places[b]!.createdAt) {
        case let (x?, y?): if x != y { return x < y }
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil):
            let (first, second) = (entries.places[a]!.arrival, entries.places[b]!.arrival)
            if first != second { return first < second }
        }
        if let order = entries.places[a]!.idPrefix.precedes(entries.places[b]!.idPrefix) { return order }
        return entries.id(a) < entries.id(b)
    }
}
