/// An order of row slots, as `OrderedSlots` keeps them: the full comparison, and a coarse key
/// that `OrderedSlots` stores beside each slot so that most comparisons of a search read the
/// chunk it is scanning rather than the rows (a cache miss each, at a million rows).
@usableFromInline protocol SlotOrder {
    /// The slot's coarse key (see `SlotKey`). It must not change while the slot is in a list:
    /// take the slot out, change its row, put it back.
    func key(of slot: Int32) -> SlotKey
    func precedes(_ a: Int32, _ b: Int32) -> Bool
}

/// Two numbers that order slots as far as they tell, 0 where a number tells nothing: where
/// both slots' `primary` are known and differ, they order the slots as the full comparison
/// does; where those are equal and both `secondary` are known and differ, those do. Anything
/// else is left to the full comparison. (A list in creation order: the server time, then the
/// id's first bytes, so that the rows of one bulk write, all of one millisecond, still compare
/// here.)
@usableFromInline struct SlotKey: Sendable, Equatable {
    @usableFromInline let primary: UInt64
    @usableFromInline let secondary: UInt64

    @inlinable init(primary: UInt64, secondary: UInt64 = 0) {
        self.primary = primary
        self.secondary = secondary
    }

    @usableFromInline static let unknown = SlotKey(primary: 0)

    /// Whether a slot with this key comes before one with `other`, when the keys tell.
    @inlinable func precedes(_ other: SlotKey) -> Bool? {
        guard primary != 0, other.primary != 0 else { return nil }
        if primary != other.primary { return primary < other.primary }
        guard secondary != 0, other.secondary != 0, secondary != other.secondary else { return nil }
        return secondary < other.secondary
    }
}

/// A slot in an `OrderedSlots` chunk, with its coarse key.
@usableFromInline struct KeyedSlot: Sendable, Equatable {
    @usableFromInline let key: SlotKey
    @usableFromInline let slot: Int32

    @inlinable init(key: SlotKey, slot: Int32) {
        self.key = key
        self.slot = slot
    }

    @inlinable init(_ slot: Int32, in order: some SlotOrder) {
        self.init(key: order.key(of: slot), slot: slot)
    }

    /// Whether this slot comes first: by the keys when they tell, else by the full order.
    @inlinable func precedes(_ other: KeyedSlot, in order: some SlotOrder) -> Bool {
        key.precedes(other.key) ?? order.precedes(slot, other.slot)
    }
}
