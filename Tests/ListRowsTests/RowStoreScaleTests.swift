import AmplifyModels
import OptimisticStore
import SyncEngine
import Testing
@testable import ListRows

/// The row store at the size of a real table: the work of loading and changing is
/// counted (slots of the id arrays written), never timed; and the order after
/// pages in any order, removals, renames and the filter is the order a plain
/// sort of the whole list gives.
@Suite struct RowStoreScaleTests {
    /// A seeded generator, so a failure can be replayed.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// The server's time `n` milliseconds after a morning's start, in the shape servers write
    /// ("2024-05-01T10:16:40.123Z"): the shape the row store keeps as a number.
    static func createdAt(_ n: Int) -> String {
        func digits(_ value: Int, _ count: Int) -> String { String(String(value + 10_000).suffix(count)) }
        let (seconds, milliseconds) = n.quotientAndRemainder(dividingBy: 1000)
        return "2024-05-01T\(digits(10 + seconds / 3600, 2)):\(digits(seconds / 60 % 60, 2)):\(digits(seconds % 60, 2)).\(digits(milliseconds, 3))Z"
    }

    static func row(_ n: Int, name: String? = nil, created: Int? = nil) -> ListingRow {
        ListingRow(listing("id\(n)", name ?? "Property \(n)", "\(n) Main St", createdAt: createdAt(created ?? n)))
    }

    func ids(_ store: ListingStore) -> [RecordKey] { (0..<store.count).map { store.id(at: $0) } }

    @Test func aLoadInPagesOfCreationOrderWritesEachSlotAtMostTwice() {
        var store = ListingStore()
        let pages = 100
        let pageSize = 1000
        for page in 0..<pages {
            let rows = (0..<pageSize).map { Self.row(page * pageSize + $0) }
            store.apply(ListingUpdate(upserted: rows))
        }
        #expect(store.count == pages * pageSize)
        // Each row is written once where it lands, and once more when its chunk splits;
        // one insert a row into one array would have shifted the whole tail each time: ~n²/2 slots.
        #expect(store.idSlotWrites <= 2 * pages * pageSize)
        #expect(store.id(at: 0) == "id0")
        #expect(store.id(at: store.count - 1) == "id\(pages * pageSize - 1)")
        #expect(store.index(of: "id54321") == 54321)
    }

    /// Slots written per row by a page-wise load in scan order (pages of rows created at any time).
    func slotWritesPerRowOfAScanOrderLoad(_ n: Int) -> Double {
        var generator = SplitMix(state: 7)
        let numbers = Array(0..<n).shuffled(using: &generator)
        var store = ListingStore()
        var start = 0
        while start < n {
            let end = min(start + 1000, n)
            store.apply(ListingUpdate(upserted: numbers[start..<end].map { Self.row($0) }))
            start = end
        }
        #expect(store.count == n)
        #expect(store.index(of: "id\(n / 3)") == n / 3)
        return Double(store.idSlotWrites) / Double(n)
    }

    /// The work a page costs stays bounded per row whatever the list's length: at most half a
    /// chunk moved per row (a slot moved into place), less where a page gives a chunk several
    /// rows (the chunk rebuilt once). A merge into one array would write the rows after the
    /// page's first: about the whole list per page (per row: 10 at 10,000 rows, 100 at 100,000,
    /// 1,000 at 1,000,000).
    @Test func aScanOrderLoadWritesABoundedNumberOfSlotsPerRow() {
        let small = slotWritesPerRowOfAScanOrderLoad(10_000)
        let large = slotWritesPerRowOfAScanOrderLoad(100_000)
        let halfAChunk = Double(OrderedSlots.maximumChunk) / 2
        #expect(small <= halfAChunk, "\(small) slots per row at 10,000 rows")
        #expect(large <= halfAChunk, "\(large) slots per row at 100,000 rows")
    }

    /// A batch of many rows at any place (a load's half-second of pages, shown at once) rebuilds
    /// each chunk it falls in once: a few writes per row, where moving each row into place
    /// moved half a chunk (some 300 slots) per row.
    @Test func aLargeBatchAtAnyPlaceWritesEachChunkOnce() {
        var generator = SplitMix(state: 11)
        let numbers = Array(0..<150_000).shuffled(using: &generator)
        var store = ListingStore()
        store.apply(ListingUpdate(upserted: numbers[..<100_000].map { Self.row($0) }))
        let before = store.idSlotWrites
        store.apply(ListingUpdate(upserted: numbers[100_000...].map { Self.row($0) }))
        let perRow = Double(store.idSlotWrites - before) / 50_000
        #expect(perRow <= 4, "\(perRow) slots written per row")
        #expect(ids(store) == (0..<150_000).map { "id\($0)" })
    }

    @Test func aWholeNewListIsOneSortAndRowsThatStayKeepTheirPlace() {
        var store = ListingStore()
        let n = 100_000
        store.replaceAll(with: (0..<n).reversed().map { Self.row($0) })
        #expect(store.idSlotWrites == n)
        #expect(ids(store) == (0..<n).map { "id\($0)" })
        // The same list again, half of it gone and every row renamed: one more pass, nothing moves.
        let before = store.idSlotWrites
        store.replaceAll(with: (0..<n).filter { $0.isMultiple(of: 2) }.map { Self.row($0, name: "Renamed \($0)") })
        #expect(store.idSlotWrites - before == n / 2)
        #expect(store.count == n / 2)
        #expect(store.row(at: 1).record.name == "Renamed 2")
    }

    @Test func aFilterSetWhileLoadingFollowsEveryPage() {
        var store = ListingStore()
        store.setFilter("7 main")
        for page in 0..<20 {
            store.apply(ListingUpdate(upserted: (0..<1000).map { Self.row(page * 1000 + $0) }))
        }
        let expected = (0..<20_000).filter { "\($0) main st".contains("7 main") }.map { RecordKey("id\($0)") }
        #expect(ids(store) == expected)
        #expect(store.totalCount == 20_000)
        // Typing on narrows what matched; the result is the same as filtering anew.
        store.setFilter("77 main")
        #expect(ids(store) == (0..<20_000).filter { "\($0) main st".contains("77 main") }.map { "id\($0)" })
    }

    /// Pages in random order, duplicates, removals in bulk and one by one, renames sorted by
    /// name, a filter, creates not confirmed yet (no server time) and their confirmations, server
    /// times of another shape: after each step the shown order is a plain sort's.
    @Test(arguments: [ListingSort.creation, .name])
    func anyMixOfChangesKeepsTheOrderOfAPlainSort(sortOrder: ListingSort) {
        var generator = SplitMix(state: 42)
        var store = ListingStore()
        store.setSortOrder(sortOrder)
        var model: [RecordKey: ListingRow] = [:]
        var arrivals: [RecordKey: Int] = [:]
        var nextNumber = 0
        func check(_ step: String) {
            let all = RowViewJobModelTests.plainSort(model.values, by: sortOrder, arrivals: arrivals)
            let needle = SearchFolding.fold(store.filter)
            let shown = store.filter.isEmpty
                ? all : all.filter { SearchFolding.fold($0.record.name).contains(needle)
                    || SearchFolding.fold($0.record.address ?? "").contains(needle) }
            #expect(ids(store) == shown.map(\.id), "after \(step)")
            #expect(store.totalCount == model.count, "after \(step)")
        }
        for step in 0..<40 {
            var upserted: [ListingRow] = []
            var removed = Set<RecordKey>()
            // New rows, created at random times (pages of a hash-ordered scan).
            for _ in 0..<Int.random(in: 50...600, using: &generator) {
                // Now and then in a few milliseconds only: rows of one time, ordered by id.
                let created = Int.random(in: 0..<(step.isMultiple(of: 3) ? 20 : 1_000_000), using: &generator)
                var row = Self.row(nextNumber, name: "Name \(Int.random(in: 0..<500, using: &generator))", created: created)
                switch Int.random(in: 0..<20, using: &generator) {
                case 0, 1: row.record.createdAt = nil  // made here, not confirmed yet
                case 2: row.record.createdAt = "2024-05-01T10:00:\(created % 60)Z"  // compared as text
                default: break
                }
                upserted.append(row)
                nextNumber += 1
            }
            // Confirmations: a create made here gets its server time, and moves among the dated rows.
            for id in model.keys.sorted().filter({ model[$0]!.record.createdAt == nil }).shuffled(using: &generator).prefix(10) {
                var row = model[id]!
                row.record.createdAt = Self.createdAt(Int.random(in: 0..<1_000_000, using: &generator))
                upserted.append(row)
            }
            // Renames of existing rows, and the same row twice in one update now and then.
            for id in model.keys.sorted().shuffled(using: &generator).prefix(20) {
                var row = model[id]!
                row.record.name = "Name \(Int.random(in: 0..<500, using: &generator))"
                upserted.append(row)
                if Bool.random(using: &generator) {
                    row.record.name += " again"
                    upserted.append(row)
                }
            }
            // Removals: a few (one by one) or many (one pass).
            let removals = step.isMultiple(of: 5) ? 200 : 5
            for id in model.keys.sorted().shuffled(using: &generator).prefix(removals) { removed.insert(id) }
            // In any order; of the same row twice, the later one wins in both.
            upserted.shuffle(using: &generator)
            store.apply(ListingUpdate(upserted: upserted, removed: removed))
            for id in removed { model[id] = nil }
            for var row in upserted {
                if model[row.id] == nil { arrivals[row.id] = arrivals.count }
                // A server time once known stays: a copy without one (a rename queued before the
                // confirmation) does not make the row pending again.
                if row.record.createdAt == nil { row.record.createdAt = model[row.id]?.record.createdAt }
                model[row.id] = row
            }
            if step == 10 { store.setFilter("name 1") }
            if step == 20 { store.setFilter("name 12") }
            if step == 30 { store.setFilter("") }
            check("step \(step)")
        }
    }
}
