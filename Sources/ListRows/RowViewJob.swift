import OptimisticStore
import SyncEngine

/// A new sort or filter of a large list, computed away from the event loop over a
/// snapshot of the store's tables (copy-on-write and paged: taking the snapshot costs
/// nothing, and the store's writes meanwhile copy a page at a time). The store keeps
/// showing its current view meanwhile and notes which rows change; `RecordRowStore.adopt(_:)`
/// takes the result and places those rows again. A newer request makes an older result
/// stale (by `generation`).
public struct RecordRowViewJob<Policy: RowPolicy>: Sendable, Equatable {
    @usableFromInline let generation: Int
    @usableFromInline let sortOrder: Policy.Sort
    @usableFromInline let filter: Policy.Filter
    @usableFromInline let entries: RowTable<Policy>
    @usableFromInline let sortKeys: PagedArray<String?>?
    @usableFromInline let all: OrderedSlots
    /// Whether the sort changes (every row's key is taken anew and the slots sorted again).
    @usableFromInline let resort: Bool
    /// The slots that matched a filter the new one contains (typing on): only they can match.
    @usableFromInline let filterBase: OrderedSlots?

    @inlinable init(
        generation: Int, sortOrder: Policy.Sort, filter: Policy.Filter, entries: RowTable<Policy>,
        sortKeys: PagedArray<String?>?, all: OrderedSlots, resort: Bool, filterBase: OrderedSlots?
    ) {
        self.generation = generation
        self.sortOrder = sortOrder
        self.filter = filter
        self.entries = entries
        self.sortKeys = sortKeys
        self.all = all
        self.resort = resort
        self.filterBase = filterBase
    }

    /// Two jobs are the same request when they have the same generation.
    @inlinable public static func == (a: Self, b: Self) -> Bool { a.generation == b.generation }

    /// Rows a job touches: what it costs, for choosing to run it at once or in the background.
    @inlinable var work: Int { resort ? all.count : filter.isEmpty ? 0 : (filterBase ?? all).count }

    /// Computes the new view; nil when `isCancelled` says a newer request made it useless
    /// (checked every few thousand rows, so a cancelled filter stops within a moment).
    @inlinable public func run(isCancelled: () -> Bool) -> RowViewResult? {
        var sortKeys = self.sortKeys
        var all = self.all
        if resort {
            if sortOrder == Policy.creationOrder {
                sortKeys = nil
            } else {
                var keys = PagedArray<String?>()
                for slot in 0..<entries.count {
                    keys.append(entries.rowIfAny(slot).flatMap { Policy.sortKey(of: $0.record, sortOrder) })
                    if slot % Self.checkInterval == 0, isCancelled() { return nil }
                }
                sortKeys = keys
            }
            if isCancelled() { return nil }
            let order = RowOrdering<Policy>(entries: entries, sortKeys: sortKeys)
            all = OrderedSlots(sorting: self.all.elements, by: order)
        }
        var filtered: OrderedSlots?
        if !filter.isEmpty {
            let base = resort ? all : (filterBase ?? all)
            var matching: [KeyedSlot] = []
            for (offset, slot) in base.keyedSlots.enumerated() {
                if offset % Self.checkInterval == 0, isCancelled() { return nil }
                if Policy.matches(entries.row(Int(slot.slot)).record, filter) { matching.append(slot) }
            }
            filtered = OrderedSlots(sorted: matching)
        }
        return RowViewResult(
            generation: generation, resorted: resort, sortKeys: resort ? sortKeys : nil, all: resort ? all : nil,
            filtered: filtered)
    }

    @inlinable static var checkInterval: Int { 4096 }
}

/// What a `RecordRowViewJob` computed, for `RecordRowStore.adopt(_:)`.
public struct RowViewResult: Sendable, Equatable {
    @usableFromInline let generation: Int
    /// Whether the sort changed; then `sortKeys` (nil in creation order) and `all` are the new order.
    @usableFromInline let resorted: Bool
    @usableFromInline let sortKeys: PagedArray<String?>?
    @usableFromInline let all: OrderedSlots?
    /// The slots matching the new filter, in display order; nil without a filter.
    @usableFromInline let filtered: OrderedSlots?

    @inlinable init(generation: Int, resorted: Bool, sortKeys: PagedArray<String?>?, all: OrderedSlots?, filtered: OrderedSlots?) {
        self.generation = generation
        self.resorted = resorted
        self.sortKeys = sortKeys
        self.all = all
        self.filtered = filtered
    }

    @inlinable public static func == (a: RowViewResult, b: RowViewResult) -> Bool { a.generation == b.generation }
}
