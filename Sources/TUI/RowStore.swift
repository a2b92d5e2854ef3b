import PropertySync
import OptimisticStore

/// The rows the screen shows, kept in a stable order: a sorted array of ids plus
/// a dictionary of rows. Applying an update costs, per changed row, a binary
/// search plus at most one array insert or remove (a memmove); an update of an
/// existing row costs a dictionary write and never moves it. Drawing reads only
/// the visible indices.
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
    /// The filter as typed; matched against name and address without case or accents.
    public private(set) var filter = ""
    /// How the rows are sorted.
    public private(set) var sortOrder = SortOrder.creation
    /// `filter`, folded once (`SearchFolding`).
    private var foldedFilter = ""
    /// Rows whose status is reverted or conflict: the next key press acknowledges them.
    public private(set) var flaggedCount = 0
    /// Grows each time a row becomes flagged, so an acknowledgement is asked for once per new refusal.
    public private(set) var flagGeneration = 0

    public init() {}

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

    public mutating func apply(_ update: RowUpdate) {
        for id in update.removed { remove(id) }
        for row in update.upserted { upsert(row) }
    }

    /// Replaces every row (a first load or a reset). Rows that stay keep their place.
    public mutating func replaceAll(with newRows: [PropertyRow]) {
        let keep = Set(newRows.map(\.id))
        for id in allIDs where !keep.contains(id) { remove(id) }
        for row in newRows { upsert(row) }
    }

    /// Sorts the rows anew: O(n log n), once per change of order.
    public mutating func setSortOrder(_ order: SortOrder) {
        guard order != sortOrder else { return }
        sortOrder = order
        for (id, row) in rows { orders[id]!.sortKey = order.key(for: row.property) }
        allIDs.sort { orders[$0]! < orders[$1]! }
        filteredIDs?.sort { orders[$0]! < orders[$1]! }
    }

    public mutating func setFilter(_ text: String) {
        filter = text
        foldedFilter = SearchFolding.fold(text)
        if text.isEmpty {
            filteredIDs = nil
        } else {
            filteredIDs = allIDs.filter { matches(rows[$0]!) }
        }
    }

    private mutating func upsert(_ row: PropertyRow) {
        let id = row.id
        if let old = rows[id] {
            if Self.isFlagged(old.status) { flaggedCount -= 1 }
            // Sorted by name or address, a change there moves the row.
            let newKey = sortOrder.key(for: row.property)
            if newKey != orders[id]!.sortKey {
                let shown = filteredIDs != nil && matches(old)
                removeID(orders[id]!, from: &allIDs)
                if shown { removeID(orders[id]!, from: &filteredIDs!) }
                orders[id]!.sortKey = newKey
                insertID(orders[id]!, into: &allIDs)
                if shown { insertID(orders[id]!, into: &filteredIDs!) }
            }
            rows[id] = row
            if Self.isFlagged(row.status) {
                flaggedCount += 1
                if old.status != row.status { flagGeneration += 1 }
            }
            if filteredIDs != nil {
                let order = orders[id]!
                let wasShown = matches(old)
                let isShown = matches(row)
                if wasShown && !isShown { removeID(order, from: &filteredIDs!) }
                if !wasShown && isShown { insertID(order, into: &filteredIDs!) }
            }
            return
        }
        let order = RowOrder(
            sortKey: sortOrder.key(for: row.property), createdAt: row.property.createdAt, arrival: nextArrival, id: id)
        nextArrival += 1
        orders[id] = order
        rows[id] = row
        if Self.isFlagged(row.status) {
            flaggedCount += 1
            flagGeneration += 1
        }
        insertID(order, into: &allIDs)
        if filteredIDs != nil, matches(row) { insertID(order, into: &filteredIDs!) }
    }

    private mutating func remove(_ id: String) {
        guard let order = orders[id], let old = rows[id] else { return }
        if Self.isFlagged(old.status) { flaggedCount -= 1 }
        // Out of the sorted arrays first: their binary search reads `orders`.
        removeID(order, from: &allIDs)
        if filteredIDs != nil { removeID(order, from: &filteredIDs!) }
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

    private func insertID(_ order: RowOrder, into ids: inout [String]) {
        ids.insert(order.id, at: insertionPoint(of: order, in: ids))
    }

    private func removeID(_ order: RowOrder, from ids: inout [String]) {
        let position = insertionPoint(of: order, in: ids)
        if position < ids.count, ids[position] == order.id { ids.remove(at: position) }
    }

    private func matches(_ row: PropertyRow) -> Bool {
        guard !filter.isEmpty else { return true }
        return SearchFolding.fold(row.property.name).contains(foldedFilter)
            || (row.property.address.map { SearchFolding.fold($0).contains(foldedFilter) } ?? false)
    }

    static func isFlagged(_ status: RowStatus) -> Bool {
        switch status {
        case .reverted, .conflict: true
        case .synced, .pending: false
        }
    }
}
