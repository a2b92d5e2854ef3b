import OptimisticStore
import SyncEngine

/// The rows the screen shows, kept in a stable order. Each row lives at a slot of a paged
/// table (`entries`), found by id through a hash index; the display order is a list of
/// slots in sorted chunks (`OrderedSlots`), and the filter keeps a second one of the slots
/// that match. An id is stored once, in its row: the index by id (`SlotIndex`) holds 4-byte
/// slots, the order lists slots with their coarse order keys (`SlotOrder`).
///
/// Costs at n rows: a page of k new rows, a removal or a moved row costs O(k log n) plus a
/// memmove inside one chunk each and one pass over the chunk starts (n / ~750); an update
/// that does not move a row is a table write. A whole new list is one sort. Drawing reads
/// only the visible positions, each a binary search over the chunk starts.
///
/// A new sort or a filter over more than `backgroundThreshold` rows runs off the event loop
/// (`RowViewJob`) over a snapshot that shares the tables' pages.
public struct RecordRowStore<Policy: RowPolicy>: RowSource, Sendable {
    public typealias Record = Policy.Record
    public typealias Row = RecordRow<Record>

    /// Every row at its slot; nil: a free slot (reused, so removed rows leave nothing behind).
    @usableFromInline var entries = RowTable<Policy>()
    /// Each slot's sort key when sorted by a field; nil in creation order.
    @usableFromInline var sortKeys: PagedArray<String?>?
    /// Each row's slot by id.
    @usableFromInline var slotIndex = SlotIndex()
    @usableFromInline var freeSlots: [Int32] = []
    /// Every row's slot, in display order.
    @usableFromInline var all = OrderedSlots()
    /// The slots matching the filter, in display order; nil when no filter is set.
    @usableFromInline var filtered: OrderedSlots?
    @usableFromInline var nextArrival: UInt64 = 0
    /// Slots of the order lists written so far (inserts, moves, removals' shifts): what
    /// changes cost, counted so the scale tests and the bench can see that it stays bounded per row.
    public var idSlotWrites: Int { slotWrites }
    @usableFromInline var slotWrites = 0
    /// The filter (the latest asked for). On a large list it applies once its job has run.
    public var rowFilter: Policy.Filter { askedFilter }
    @usableFromInline var askedFilter = Policy.Filter.none
    /// How the rows are sorted (the latest asked for; see `rowFilter`).
    public var sortOrder: Policy.Sort { askedSort }
    @usableFromInline var askedSort = Policy.creationOrder
    /// The sort the order lists are in now.
    @usableFromInline var appliedSort = Policy.creationOrder
    /// The filter `filtered` holds; empty: none.
    @usableFromInline var appliedFilter = Policy.Filter.none
    /// The sort or filter being computed in the background, and the slots changed since its
    /// snapshot. While one is out, freed slots are not reused: its result names slots as they were.
    @usableFromInline var outstanding: RecordRowViewJob<Policy>?
    @usableFromInline var touchedSinceSnapshot: Set<Int32>?
    /// A job made but not yet handed to whoever runs it (`takeJob`).
    @usableFromInline var jobToSend: RecordRowViewJob<Policy>?
    @usableFromInline var jobGeneration = 0
    /// A new sort or filter touching more rows than this runs in the background.
    @usableFromInline var backgroundThreshold = 20_000

    @inlinable public init() {}

    /// Whether a sort or filter asked for is still being computed (the screen shows the one before).
    @inlinable public var isRecomputing: Bool { outstanding != nil }

    /// The background work a change of sort or filter needs, once: the caller runs it
    /// off the event loop and hands the result to `adopt(_:)`.
    @inlinable public mutating func takeJob() -> RecordRowViewJob<Policy>? {
        defer { jobToSend = nil }
        return jobToSend
    }

    // MARK: Reading

    @inlinable public var count: Int { (filtered ?? all).count }
    /// The number of rows, ignoring the filter.
    @inlinable public var totalCount: Int { all.count }

    @inlinable public func row(at index: Int) -> Row { entries.row(Int(shown[index])) }
    @inlinable public func id(at index: Int) -> Record.ID { entries.id(Int(shown[index])) }
    @inlinable public func row(id: Record.ID) -> Row? { slotIndex.slot(of: id, in: entries).flatMap { entries.rowIfAny(Int($0)) } }

    /// The position of a shown row: O(log n) comparisons; nil if it is not shown
    /// (absent, or filtered out).
    @inlinable public func index(of id: Record.ID) -> Int? {
        guard let slot = slotIndex.slot(of: id, in: entries) else { return nil }
        let order = ordering
        return shown.position(of: slot, by: order)
    }

    @inlinable var shown: OrderedSlots { filtered ?? all }

    /// Every row, filtered out or not, in no particular order: O(n), for what must look at each
    /// once (how many records point at one), never per key or frame.
    @inlinable public var allRows: [Row] {
        var rows: [Row] = []
        rows.reserveCapacity(all.count)
        for slot in 0..<entries.count { if let row = entries.rowIfAny(slot) { rows.append(row) } }
        return rows
    }

    /// The order of the lists now. Shares the tables: keep it only while they are not written.
    @inlinable var ordering: RowOrdering<Policy> { RowOrdering(entries: entries, sortKeys: sortKeys) }

    // MARK: Changing

    /// Applies a change: each row removed, moved or new costs O(log n) plus a memmove in one
    /// chunk; new rows are inserted together, with one pass over the chunk starts.
    @inlinable public mutating func apply(_ update: RecordRowUpdate<Record>) {
        remove(update.removed)
        var staging = Staging()
        var seen: Set<Record.ID>? = update.hasDistinctIDs ? nil : Set(minimumCapacity: update.upserted.count)
        for row in update.upserted {
            // The same id twice in one update: place the first before the second looks for it.
            if seen?.insert(row.record.id).inserted == false { flush(&staging) }
            upsert(row, staging: &staging)
        }
        flush(&staging)
    }

    /// Replaces every row (a first load or a reset). Rows that stay keep their place.
    /// One sort: O(n log n), whatever was there before.
    @inlinable public mutating func replaceAll(with newRows: [Row]) {
        var newEntries = RowTable<Policy>()
        var newIndex = SlotIndex(capacity: newRows.count)
        for row in newRows {
            let hash = SlotIndex.hash(row.record.id)
            if let slot = newIndex.slot(of: row.record.id, hash: hash, in: newEntries) {
                // The same id twice: the last one wins, as one upsert after another did.
                newEntries.setRow(row, at: Int(slot))
                continue
            }
            let before = slotIndex.slot(of: row.record.id, hash: hash, in: entries).map { entries.place(Int($0)) }
            newEntries.append(row, RowTable<Policy>.place(
                of: row, createdAt: Policy.creationTime(of: row.record) ?? before?.createdAt,
                arrival: before.map { UInt64($0.arrival) } ?? takeArrival(), idHash: hash))
            newIndex.insert(Int32(newEntries.count - 1), in: newEntries)
        }
        var newKeys: PagedArray<String?>? = appliedSort == Policy.creationOrder ? nil : PagedArray()
        for slot in 0..<newEntries.count {
            let row = newEntries.row(slot)
            newKeys?.append(Policy.sortKey(of: row.record, appliedSort))
        }
        entries = newEntries
        sortKeys = newKeys
        slotIndex = newIndex
        freeSlots = []
        all = sortedSlots()
        slotWrites += all.count
        if filtered != nil { filtered = OrderedSlots(sorted: all.keyedSlots.filter { matches(entries.row(Int($0.slot))) }) }
        // A job out over the old rows is worth nothing now: ask again over these.
        if outstanding != nil { requestView() }
    }

    @inlinable func sortedSlots() -> OrderedSlots {
        OrderedSlots(sorting: (0..<Int32(entries.count)).lazy.filter { entries.holds(Int($0)) }, by: ordering)
    }

    /// Sorts the rows anew: O(n log n), in the background on a large list (`takeJob`).
    @inlinable public mutating func setSortOrder(_ order: Policy.Sort) {
        guard order != sortOrder else { return }
        askedSort = order
        requestView()
    }

    /// Sets the filter. One that only narrows the last (typing on) scans the rows that
    /// matched, not the whole list. On a large list the scan runs in the background
    /// (`takeJob`); clearing the filter is immediate.
    @inlinable public mutating func setFilter(_ filter: Policy.Filter) {
        // Keys in the field that do not change its text (moving the cursor) ask for nothing.
        guard filter != rowFilter else { return }
        askedFilter = filter
        requestView()
    }

    /// Takes a computed sort or filter, unless a newer one was asked for since; the rows
    /// changed meanwhile are placed again. O(changed rows · log n).
    @inlinable public mutating func adopt(_ result: RowViewResult) {
        guard let job = outstanding, job.generation == result.generation else { return }
        finish(job, result)
    }

    /// Makes the job for the sort and filter asked for; runs it at once when small.
    @inlinable mutating func requestView() {
        let resort = sortOrder != appliedSort
        let narrowing = !resort && filtered != nil && !appliedFilter.isEmpty && rowFilter.narrows(appliedFilter)
        jobGeneration += 1
        let job = RecordRowViewJob<Policy>(
            generation: jobGeneration, sortOrder: sortOrder, filter: rowFilter, entries: entries,
            sortKeys: sortKeys, all: all, resort: resort, filterBase: narrowing ? filtered : nil)
        if job.work <= backgroundThreshold {
            finish(job, job.run { false }!, touched: [])
        } else {
            outstanding = job
            jobToSend = job
            touchedSinceSnapshot = []
        }
    }

    @inlinable mutating func finish(_ job: RecordRowViewJob<Policy>, _ result: RowViewResult, touched: Set<Int32>? = nil) {
        let touched = touched ?? touchedSinceSnapshot ?? []
        outstanding = nil
        jobToSend = nil
        touchedSinceSnapshot = nil
        appliedSort = job.sortOrder
        appliedFilter = job.filter
        var newAll = result.all
        var newFiltered = result.filtered
        if !touched.isEmpty {
            // The changed rows as the snapshot had them leave the result, in the snapshot's order.
            let stale = touched.filter { Int($0) < job.entries.count && job.entries.holds(Int($0)) }
            let snapshotOrder = RowOrdering<Policy>(entries: job.entries, sortKeys: result.resorted ? result.sortKeys : job.sortKeys)
            slotWrites += newAll?.remove(stale, by: snapshotOrder) ?? 0
            slotWrites += newFiltered?.remove(stale, by: snapshotOrder) ?? 0
        }
        if result.resorted, let newAll {
            sortKeys = result.sortKeys
            // Rows that arrived meanwhile have slots past the snapshot's: their keys are set below.
            if sortKeys != nil { while sortKeys!.count < entries.count { sortKeys!.append(nil) } }
            all = newAll
            slotWrites += newAll.count
        }
        filtered = newFiltered
        slotWrites += newFiltered?.count ?? 0
        // The rows changed since the snapshot, as they are now.
        var staging = Staging()
        for slot in touched where Int(slot) < entries.count {
            guard let row = entries.rowIfAny(Int(slot)) else { continue }
            if result.resorted {
                sortKeys?[Int(slot)] = Policy.sortKey(of: row.record, appliedSort)
                staging.all.append(slot)
            }
            if filtered != nil, matches(row) { staging.shown.append(slot) }
        }
        flush(&staging)
    }

    /// New or moved slots waiting to be inserted into the order lists (see `apply`).
    @usableFromInline struct Staging {
        @usableFromInline var all: [Int32] = []
        @usableFromInline var shown: [Int32] = []

        @inlinable init() {}
    }

    @inlinable mutating func takeArrival() -> UInt64 {
        defer { nextArrival += 1 }
        return nextArrival
    }

    @inlinable mutating func flush(_ staging: inout Staging) {
        let order = ordering
        if !staging.all.isEmpty { slotWrites += all.insert(staging.all, by: order) }
        if !staging.shown.isEmpty, filtered != nil { slotWrites += filtered!.insert(staging.shown, by: order) }
        staging = Staging()
    }

    /// Takes slots out of the order lists (before their rows or keys change: the search reads them).
    @inlinable mutating func takeOut(_ slot: Int32, fromAll: Bool, fromFiltered: Bool) {
        let order = ordering
        if fromAll { slotWrites += all.remove(CollectionOfOne(slot), by: order) }
        if fromFiltered, filtered != nil { slotWrites += filtered!.remove(CollectionOfOne(slot), by: order) }
    }

    @inlinable mutating func upsert(_ row: Row, staging: inout Staging) {
        let id = row.record.id
        let hash = SlotIndex.hash(id)
        let newKey = Policy.sortKey(of: row.record, appliedSort)
        if let slot = slotIndex.slot(of: id, hash: hash, in: entries) {
            touchedSinceSnapshot?.insert(slot)
            let old = entries.row(Int(slot))
            let wasShown = filtered != nil && matches(old)
            let isShown = filtered != nil && matches(row)
            // Sorted by a field, a change of it moves the row; so does a server time
            // arriving (a create confirmed): the list stays sorted by its own rule.
            let created = Policy.creationTime(of: row.record) ?? entries.place(Int(slot)).createdAt
            let moves = (sortKeys != nil && newKey != sortKeys![Int(slot)]) || created != entries.place(Int(slot)).createdAt
            takeOut(slot, fromAll: moves, fromFiltered: wasShown && (moves || !isShown))
            if moves {
                sortKeys?[Int(slot)] = newKey
                entries.setCreatedAt(created, at: Int(slot))
                staging.all.append(slot)
            }
            if isShown && (moves || !wasShown) { staging.shown.append(slot) }
            entries.setRow(row, at: Int(slot))
            return
        }
        let slot = place(row, RowTable<Policy>.place(of: row, createdAt: Policy.creationTime(of: row.record), arrival: takeArrival(), idHash: hash), key: newKey)
        slotIndex.insert(slot, in: entries)
        touchedSinceSnapshot?.insert(slot)
        staging.all.append(slot)
        if filtered != nil, matches(row) { staging.shown.append(slot) }
    }

    /// A slot for a new row: a free one, unless a background job's result will name slots as they were.
    @inlinable mutating func place(_ row: Row, _ place: RowPlace, key: String?) -> Int32 {
        if touchedSinceSnapshot == nil, let slot = freeSlots.popLast() {
            entries.put(row, place, at: Int(slot))
            sortKeys?[Int(slot)] = key
            return slot
        }
        entries.append(row, place)
        sortKeys?.append(key)
        return Int32(entries.count - 1)
    }

    /// Takes rows out: a binary search and a memmove in one chunk each.
    @inlinable mutating func remove(_ ids: Set<Record.ID>) {
        var gone: [Int32] = []
        for id in ids {
            guard let slot = slotIndex.slot(of: id, in: entries), entries.holds(Int(slot)) else { continue }
            touchedSinceSnapshot?.insert(slot)
            gone.append(slot)
        }
        guard !gone.isEmpty else { return }
        do {
            // Out of the order lists first: their search reads the rows.
            let order = ordering
            slotWrites += all.remove(gone, by: order)
            if filtered != nil { slotWrites += filtered!.remove(gone, by: order) }
        }
        for slot in gone {
            slotIndex.remove(entries.id(Int(slot)), in: entries)
            entries.clear(Int(slot))
            sortKeys?[Int(slot)] = nil
            freeSlots.append(slot)
        }
    }

    @inlinable func matches(_ row: Row) -> Bool {
        Policy.matches(row.record, appliedFilter)
    }
}
