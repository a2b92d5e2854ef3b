/// An order of row slots, as `OrderedSlots` keeps them: the full comparison, and a coarse key
/// that `OrderedSlots` stores beside each slot so that most comparisons of a search read the
/// chunk it is scanning rather than the rows (a cache miss each, at a million rows).
@usableFromInline protocol SlotOrder {
    /// A number that orders two slots as `precedes` does whenever the two numbers differ and
    /// neither is 0; equal numbers, or a 0, leave it to `precedes`. It must not change while
    /// the slot is in a list: take the slot out, change its row, put it back.
    func coarseKey(of slot: Int32) -> UInt64
    func precedes(_ a: Int32, _ b: Int32) -> Bool
}

/// A slot in an `OrderedSlots` chunk, with its coarse key (`SlotOrder.coarseKey`).
@usableFromInline struct KeyedSlot: Sendable, Equatable {
    @usableFromInline let key: UInt64
    @usableFromInline let slot: Int32

    @inlinable init(key: UInt64, slot: Int32) {
        self.key = key
        self.slot = slot
    }

    @inlinable init(_ slot: Int32, in order: some SlotOrder) {
        self.init(key: order.coarseKey(of: slot), slot: slot)
    }

    /// Whether this slot comes first: by the keys when they tell, else by the full order.
    @inlinable func precedes(_ other: KeyedSlot, in order: some SlotOrder) -> Bool {
        if key != other.key, key != 0, other.key != 0 { return key < other.key }
        return order.precedes(slot, other.slot)
    }
}
