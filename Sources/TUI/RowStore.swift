import PropertySync
import OptimisticStore

/// The rows the screen shows, kept in a stable order: a sorted array of ids plus
/// a dictionary of rows. New rows of an update are sorted together and merged in
/// once (a page of a large load costs its own size, not one memmove per row); a
/// moved or removed row costs a binary search and a memmove; an update of an
/// existing row costs a dictionary write and never moves it. A whole new list is
/// one sort. Drawing reads only the visible indices.
///
/// The filter keeps a second sorted id array of the matching rows: building it
/// scans the list once when the filter text changes; after that it is kept up
/// to date per changed row like the main one.
public struct RowStore: RowSource, Sendable {
    private var rows: [String: PropertyRow] = [:]
    private var orders: [String: RowOrder] = [:]
    /// Every row's id, in display order.
    private var allIDs: [String] = []
    /// The ids matching the filter, in display order; nil when no filter is set.
    private var filteredIDs: [String]?
    private var nextArrival: UInt64 = 0
    /// Slots of the id arrays written so far (inserts, moves, removals' shifts): what
    /// changes cost, counted so the scale tests and the bench can see it grow linearly.
    public private(set) var idSlotWrites = 0
    /// The filter as typed (the latest asked for); matched against name and address
    /// without case or accents. On a large list it applies once its job has run.
    public private(set) var filter = ""
    /// How the rows are sorted (the latest asked for; see `filter`).
    public private(set) var sortOrder = SortOrder.creation
    /// The sort the id arrays are in now.
    private var appliedSort = SortOrder.creation
    /// The filter `filteredIDs` holds, folded once (`SearchFolding`); empty: none.
    private var foldedFilter = ""
    /// The sort or filter being computed in the background, and the rows changed since its snapshot.
    private var outstanding: RowViewJob?
    private var touchedSinceSnapshot: Set<String>?
    /// A job made but not yet handed to whoever runs it (`takeJob`).
    private var jobToSend: RowViewJob?
    private var jobGeneration = 0
    /// A new sort or filter touching more rows than this runs in the background.
    var backgroundThreshold = 20_000
    /// Rows whose status is reverted or conflict: the next key press acknowledges them.
    public private(set) var flaggedCount = 0
    /// Grows each time a row becomes flagged, so an acknowledgement is asked for once per new refusal.
    public private(set) var flagGeneration = 0

    public init() {}

    /// Whether a sort or filter asked for is still being computed (the screen shows the one before).
    public var isRecomputing: Bool { outstanding != nil }

    /// The background work a change of sort or filter needs, once: the caller runs it
    /// off the event loop and hands the result to `adopt(_:)`.
    public mutating func takeJob() -> RowViewJob? {
        defer { jobToSend = nil }
        return jobToSend
    }

    // MARK: Reading

    public var count: Int { (filteredIDs ?? allIDs).count }
    /// The number of rows, ignoring the filter.
    public var totalCount: Int { allIDs.count }

    public func row(at index: Int) -> PropertyRow { rows[shownIDs[index]]! }
    public func id(at index: Int) -> String { shownIDs[index] }
    public func row(id: String) -> PropertyRow? { rows[id] }

    /// The position of a shown row, by binary search on its order key; nil if it
    /// is not shown (absent, or filtered out).
    public func index(of id: String) -> Int? {
        guard let order = orders[id] else { return nil }
        let ids = shownIDs
        let position = insertionPoint(of: order, in: ids)
        return position < ids.count && ids[position] == id ? position : nil
    }

    private var shownIDs: [String] { filteredIDs ?? allIDs }

    // MARK: Changing

    /// Applies a change. New rows are not inserted one by one (a memmove of the id
    /// array each): they are staged, sorted once and merged in from the back, so a
    /// page of k new rows costs O(k log k) plus the rows that sort after the first of
    /// them (nothing, when a page lands at the end as creation order usually does).
    public mutating func apply(_ update: RowUpdate) {
        removeAll(update.removed)
        var staging = Staging()
        var seen = Set<String>(minimumCapacity: update.upserted.count)
        for row in update.upserted {
            // The same id twice in one update: place the first before the second looks for it.
            if !seen.insert(row.id).inserted { flush(&staging) }
            upsert(row, staging: &staging)
        }
        flush(&staging)
    }

    /// Replaces every row (a first load or a reset). Rows that stay keep their place.
    /// One sort: O(n log n), whatever was there before.
    public mutating func replaceAll(with newRows: [PropertyRow]) {
        var newByID = [String: PropertyRow](minimumCapacity: newRows.count)
        var newOrders = [String: RowOrder](minimumCapacity: newRows.count)
        flaggedCount = 0
        for row in newRows {
            let id = row.id
            newByID[id] = row  // the same id twice: the last one wins, as one upsert after another did
            if newOrders[id] == nil {
                var order = orders[id] ?? RowOrder(createdAt: row.property.createdAt, arrival: takeArrival(), id: id)
                order.sortKey = appliedSort.key(for: row.property)
                newOrders[id] = order
            }
        }
        for (id, row) in newByID where Self.isFlagged(row.status) {
            flaggedCount += 1
            if rows[id]?.status != row.status { flagGeneration += 1 }
        }
        rows = newByID
        orders = newOrders
        allIDs = newOrders.values.sorted().map(\.id)
        idSlotWrites += allIDs.count
        if filteredIDs != nil { filteredIDs = allIDs.filter { matches(rows[$0]!) } }
        // A job out over the old rows is worth nothing now: ask again over these.
        if outstanding != nil { requestView() }
    }

    /// Sorts the rows anew: O(n log n), in the background on a large list (`takeJob`).
    public mutating func setSortOrder(_ order: SortOrder) {
        guard order != sortOrder else { return }
        sortOrder = order
        requestView()
    }

    /// Sets the filter. A longer text that still holds the last one (typing on) only
    /// narrows: it scans the rows that matched, not the whole list. On a large list
    /// the scan runs in the background (`takeJob`); clearing the filter is immediate.
    public mutating func setFilter(_ text: String) {
        // Keys in the field that do not change its text (moving the cursor) ask for nothing.
        guard text != filter else { return }
        filter = text
        requestView()
    }

    /// Takes a computed sort or filter, unless a newer one was asked for since; the rows
    /// changed meanwhile are placed again. O(result + changed rows · log).
    public mutating func adopt(_ result: RowViewResult) {
        guard let job = outstanding, job.generation == result.generation else { return }
        finish(job, result)
    }

    /// Makes the job for the sort and filter asked for; runs it at once when small.
    private mutating func requestView() {
        let folded = SearchFolding.fold(filter)
        let resort = sortOrder != appliedSort
        let narrowing = !resort && filteredIDs != nil && !foldedFilter.isEmpty && folded.contains(foldedFilter)
        jobGeneration += 1
        let job = RowViewJob(
            generation: jobGeneration, sortOrder: sortOrder, filter: filter, foldedFilter: folded, rows: rows,
            orders: orders, allIDs: allIDs, resort: resort, filterBase: narrowing ? filteredIDs : nil)
        if job.work <= backgroundThreshold {
            finish(job, job.run { false }!, touched: [])
        } else {
            outstanding = job
            jobToSend = job
            touchedSinceSnapshot = []
        }
    }

    private mutating func finish(_ job: RowViewJob, _ result: RowViewResult, touched: Set<String>? = nil) {
        let touched = touched ?? touchedSinceSnapshot ?? []
        outstanding = nil
        jobToSend = nil
        touchedSinceSnapshot = nil
        appliedSort = job.sortOrder
        foldedFilter = job.foldedFilter
        let current = orders
        if let newOrders = result.orders, let newIDs = result.allIDs {
            orders = newOrders
            allIDs = newIDs
            if !touched.isEmpty {
                allIDs.removeAll { touched.contains($0) }
                for id in touched { orders[id] = nil }
            }
        }
        filteredIDs = result.filteredIDs
        if !touched.isEmpty { filteredIDs?.removeAll { touched.contains($0) } }
        idSlotWrites += (result.allIDs?.count ?? 0) + (result.filteredIDs?.count ?? 0)
        // The rows changed since the snapshot, as they are now.
        var staging = Staging()
        for id in touched {
            guard let row = rows[id], var order = current[id] else { continue }
            if result.orders != nil {
                order.sortKey = appliedSort.key(for: row.property)
                orders[id] = order
                staging.all.append(order)
            }
            if filteredIDs != nil, matches(row) { staging.shown.append(orders[id]!) }
        }
        flush(&staging)
    }

    /// New positions waiting to be merged into the id arrays (see `apply`).
    private struct Staging {
        var all: [RowOrder] = []
        var shown: [RowOrder] = []
    }

    private mutating func takeArrival() -> UInt64 {
        defer { nextArrival += 1 }
        return nextArrival
    }

    private mutating func flush(_ staging: inout Staging) {
        if !staging.all.isEmpty { idSlotWrites += merge(staging.all, into: &allIDs) }
        if !staging.shown.isEmpty, filteredIDs != nil { idSlotWrites += merge(staging.shown, into: &filteredIDs!) }
        staging = Staging()
    }

    private mutating func upsert(_ row: PropertyRow, staging: inout Staging) {
        let id = row.id
        touchedSinceSnapshot?.insert(id)
        if let old = rows[id] {
            if Self.isFlagged(old.status) { flaggedCount -= 1 }
            let wasShown = filteredIDs != nil && matches(old)
            let isShown = filteredIDs != nil && matches(row)
            let oldOrder = orders[id]!
            // Sorted by name or address, a change there moves the row.
            let newKey = appliedSort.key(for: row.property)
            let moves = newKey != oldOrder.sortKey
            // Out of the sorted arrays before its order changes: their binary search reads `orders`.
            if moves { idSlotWrites += removeID(oldOrder, from: &allIDs) }
            if wasShown && (moves || !isShown) { idSlotWrites += removeID(oldOrder, from: &filteredIDs!) }
            if moves {
                orders[id]!.sortKey = newKey
                staging.all.append(orders[id]!)
            }
            if isShown && (moves || !wasShown) { staging.shown.append(orders[id]!) }
            rows[id] = row
            if Self.isFlagged(row.status) {
                flaggedCount += 1
                if old.status != row.status { flagGeneration += 1 }
            }
            return
        }
        let order = RowOrder(
            sortKey: appliedSort.key(for: row.property), createdAt: row.property.createdAt, arrival: takeArrival(), id: id)
        orders[id] = order
        rows[id] = row
        if Self.isFlagged(row.status) {
            flaggedCount += 1
            flagGeneration += 1
        }
        staging.all.append(order)
        if filteredIDs != nil, matches(row) { staging.shown.append(order) }
    }

    /// Takes rows out: one at a time while few (a binary search and a memmove each),
    /// in one pass over the list when many.
    private mutating func removeAll(_ ids: Set<String>) {
        guard ids.count > Self.batchThreshold else {
            for id in ids { remove(id) }
            return
        }
        var gone = Set<String>(minimumCapacity: ids.count)
        for id in ids {
            touchedSinceSnapshot?.insert(id)
            guard orders[id] != nil, let old = rows[id] else { continue }
            if Self.isFlagged(old.status) { flaggedCount -= 1 }
            orders[id] = nil
            rows[id] = nil
            gone.insert(id)
        }
        guard !gone.isEmpty else { return }
        idSlotWrites += allIDs.count + (filteredIDs?.count ?? 0)
        allIDs.removeAll { gone.contains($0) }
        filteredIDs?.removeAll { gone.contains($0) }
    }

    /// Above this many removals one pass over the list beats a memmove per row.
    static let batchThreshold = 64

    private mutating func remove(_ id: String) {
        touchedSinceSnapshot?.insert(id)
        guard let order = orders[id], let old = rows[id] else { return }
        if Self.isFlagged(old.status) { flaggedCount -= 1 }
        // Out of the sorted arrays first: their binary search reads `orders`.
        idSlotWrites += removeID(order, from: &allIDs)
        if filteredIDs != nil { idSlotWrites += removeID(order, from: &filteredIDs!) }
        orders[id] = nil
        rows[id] = nil
    }

    // MARK: Sorted id arrays

    private func insertionPoint(of order: RowOrder, in ids: [String]) -> Int {
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if orders[ids[middle]]! < order { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Merges new positions (not yet in `ids`) into a sorted id array, from the back:
    /// O(k log k) plus the moves of the rows that sort after the first new one.
    /// Returns the slots it wrote.
    private func merge(_ arriving: [RowOrder], into ids: inout [String]) -> Int {
        let arriving = arriving.sorted()
        var old = ids.count - 1
        var new = arriving.count - 1
        ids.append(contentsOf: repeatElement("", count: arriving.count))
        var write = ids.count - 1
        while new >= 0 {
            if old >= 0, arriving[new] < orders[ids[old]]! {
                ids.swapAt(old, write)
                old -= 1
            } else {
                ids[write] = arriving[new].id
                new -= 1
            }
            write -= 1
        }
        return ids.count - 1 - write
    }

    /// Returns the slots it shifted.
    @discardableResult
    private func removeID(_ order: RowOrder, from ids: inout [String]) -> Int {
        let position = insertionPoint(of: order, in: ids)
        if position < ids.count, ids[position] == order.id {
            ids.remove(at: position)
            return ids.count - position
        }
        return 0
    }

    private func matches(_ row: PropertyRow) -> Bool {
        RowViewJob.matches(row, foldedFilter: foldedFilter)
    }

    static func isFlagged(_ status: RowStatus) -> Bool {
        switch status {
        case .reverted, .conflict: true
        case .synced, .pending: false
        }
    }
}
