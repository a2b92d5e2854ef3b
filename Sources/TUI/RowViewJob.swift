import PropertySync

/// A new sort or filter of a large list, computed away from the event loop over a
/// snapshot of the rows (copies of the store's tables: copy-on-write, so taking the
/// snapshot costs nothing). The store keeps showing its current view meanwhile and
/// notes which rows change; `RowStore.adopt(_:)` takes the result and places those
/// rows again. A newer request makes an older result stale (by `generation`).
public struct RowViewJob: Sendable, Equatable {
    let generation: Int
    let sortOrder: SortOrder
    let filter: String
    let foldedFilter: String
    let rows: [String: PropertyRow]
    let orders: [String: RowOrder]
    let allIDs: [String]
    /// Whether the sort changes (every row's key is taken anew and the ids sorted again).
    let resort: Bool
    /// The ids that matched a filter the new one contains (typing on): only they can match.
    let filterBase: [String]?

    /// Two jobs are the same request when they have the same generation.
    public static func == (a: RowViewJob, b: RowViewJob) -> Bool { a.generation == b.generation }

    /// Rows a job touches: what it costs, for choosing to run it at once or in the background.
    var work: Int { resort ? rows.count : foldedFilter.isEmpty ? 0 : (filterBase ?? allIDs).count }

    /// Computes the new view; nil when `isCancelled` says a newer request made it useless
    /// (checked every few thousand rows, so a cancelled filter stops within a moment).
    public func run(isCancelled: () -> Bool) -> RowViewResult? {
        var orders = self.orders
        var allIDs = self.allIDs
        if resort {
            var done = 0
            for (id, row) in rows {
                orders[id]!.sortKey = sortOrder.key(for: row.property)
                done += 1
                if done % Self.checkInterval == 0, isCancelled() { return nil }
            }
            if isCancelled() { return nil }
            allIDs = orders.values.sorted().map(\.id)
        }
        var filtered: [String]?
        if !foldedFilter.isEmpty {
            let base = resort ? allIDs : (filterBase ?? allIDs)
            var matching: [String] = []
            for (offset, id) in base.enumerated() {
                if offset % Self.checkInterval == 0, isCancelled() { return nil }
                if Self.matches(rows[id]!, foldedFilter: foldedFilter) { matching.append(id) }
            }
            filtered = matching
        }
        return RowViewResult(
            generation: generation, orders: resort ? orders : nil, allIDs: resort ? allIDs : nil, filteredIDs: filtered)
    }

    static let checkInterval = 4096

    /// Whether a row's name or address holds the folded filter (`SearchFolding`).
    static func matches(_ row: PropertyRow, foldedFilter: String) -> Bool {
        guard !foldedFilter.isEmpty else { return true }
        return SearchFolding.fold(row.property.name).contains(foldedFilter)
            || (row.property.address.map { SearchFolding.fold($0).contains(foldedFilter) } ?? false)
    }
}

/// What a `RowViewJob` computed, for `RowStore.adopt(_:)`.
public struct RowViewResult: Sendable, Equatable {
    let generation: Int
    /// The rows' positions under the new sort; nil when the sort did not change.
    let orders: [String: RowOrder]?
    let allIDs: [String]?
    /// The ids matching the new filter, in display order; nil without a filter.
    let filteredIDs: [String]?

    public static func == (a: RowViewResult, b: RowViewResult) -> Bool { a.generation == b.generation }
}
