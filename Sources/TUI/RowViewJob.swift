import PropertySync

/// A new sort or filter of a large list, computed away from the event loop over a
/// snapshot of the store's tables (copy-on-write and paged: taking the snapshot costs
/// nothing, and the store's writes meanwhile copy a page at a time). The store keeps
/// showing its current view meanwhile and notes which rows change; `RowStore.adopt(_:)`
/// takes the result and places those rows again. A newer request makes an older result
/// stale (by `generation`).
public struct RowViewJob: Sendable, Equatable {
    let generation: Int
    let sortOrder: SortOrder
    let filter: String
    let foldedFilter: FoldedFilter
    let entries: PagedArray<RowEntry?>
    let sortKeys: PagedArray<String?>?
    let all: OrderedSlots
    /// Whether the sort changes (every row's key is taken anew and the slots sorted again).
    let resort: Bool
    /// The slots that matched a filter the new one contains (typing on): only they can match.
    let filterBase: OrderedSlots?

    /// Two jobs are the same request when they have the same generation.
    public static func == (a: RowViewJob, b: RowViewJob) -> Bool { a.generation == b.generation }

    /// Rows a job touches: what it costs, for choosing to run it at once or in the background.
    var work: Int { resort ? all.count : foldedFilter.isEmpty ? 0 : (filterBase ?? all).count }

    /// Computes the new view; nil when `isCancelled` says a newer request made it useless
    /// (checked every few thousand rows, so a cancelled filter stops within a moment).
    public func run(isCancelled: () -> Bool) -> RowViewResult? {
        var sortKeys = self.sortKeys
        var all = self.all
        if resort {
            if sortOrder == .creation {
                sortKeys = nil
            } else {
                var keys = PagedArray<String?>()
                for slot in 0..<entries.count {
                    keys.append(entries[slot].flatMap { sortOrder.key(for: $0.row.property) })
                    if slot % Self.checkInterval == 0, isCancelled() { return nil }
                }
                sortKeys = keys
            }
            if isCancelled() { return nil }
            let order = RowOrdering(entries: entries, sortKeys: sortKeys)
            all = OrderedSlots(sorted: Array(self.all.elements).sorted(by: order.precedes))
        }
        var filtered: OrderedSlots?
        if !foldedFilter.isEmpty {
            let base = resort ? all : (filterBase ?? all)
            var matching: [Int32] = []
            for (offset, slot) in base.elements.enumerated() {
                if offset % Self.checkInterval == 0, isCancelled() { return nil }
                if Self.matches(entries[Int(slot)]!.row, foldedFilter: foldedFilter) { matching.append(slot) }
            }
            filtered = OrderedSlots(sorted: matching)
        }
        return RowViewResult(
            generation: generation, resorted: resort, sortKeys: resort ? sortKeys : nil, all: resort ? all : nil,
            filtered: filtered)
    }

    static let checkInterval = 4096

    /// Whether a row's name or address holds the folded filter (`SearchFolding`).
    static func matches(_ row: PropertyRow, foldedFilter: FoldedFilter) -> Bool {
        foldedFilter.matches(row.property)
    }
}

/// What a `RowViewJob` computed, for `RowStore.adopt(_:)`.
public struct RowViewResult: Sendable, Equatable {
    let generation: Int
    /// Whether the sort changed; then `sortKeys` (nil in creation order) and `all` are the new order.
    let resorted: Bool
    let sortKeys: PagedArray<String?>?
    let all: OrderedSlots?
    /// The slots matching the new filter, in display order; nil without a filter.
    let filtered: OrderedSlots?

    public static func == (a: RowViewResult, b: RowViewResult) -> Bool { a.generation == b.generation }
}
