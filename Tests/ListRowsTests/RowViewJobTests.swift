import AmplifyModels
import OptimisticStore
import SyncEngine
import Testing
@testable import ListRows

/// A large list's new sort or filter runs off the event loop: the store keeps its view
/// until the result comes back, rows that change meanwhile are placed again, an older
/// result is ignored, and the key that asked for it returns at once.
@Suite struct RowViewJobTests {
    func ids(_ store: ListingStore) -> [RecordKey] { (0..<store.count).map { store.id(at: $0) } }

    static func row(_ n: Int, name: String? = nil) -> ListingRow {
        RowStoreScaleTests.row(n, name: name)
    }

    /// A store that treats anything above 10 rows as large.
    func largeStore(_ count: Int) -> ListingStore {
        var store = ListingStore()
        store.backgroundThreshold = 10
        store.apply(ListingUpdate(upserted: (0..<count).map { Self.row($0) }))
        return store
    }

    func take(_ store: inout ListingStore, sourceLocation: SourceLocation = #_sourceLocation) throws -> ListingJob {
        let job = store.takeJob()
        return try #require(job, sourceLocation: sourceLocation)
    }

    func allRows(_ store: ListingStore) -> [ListingRow] {
        var unfiltered = store
        unfiltered.backgroundThreshold = .max
        unfiltered.setFilter("")
        return (0..<unfiltered.count).map { unfiltered.row(at: $0) }
    }

    @Test func aFilterIsComputedAsideAndRowsChangedMeanwhileArePlaced() throws {
        var store = largeStore(1000)
        store.setFilter("9 main")
        let job = try take(&store)
        #expect(store.takeJob() == nil)  // handed out once
        #expect(store.isRecomputing)
        #expect(store.count == 1000)  // the view before, until the result is in
        // Meanwhile: a page of new rows, a removal, a row that stops matching, one that starts.
        store.apply(ListingUpdate(
            upserted: (1000..<1100).map { Self.row($0) } + [Self.row(19, name: "x"), Self.row(5, name: "x 9 main")],
            removed: ["id29"]))
        store.apply(ListingUpdate(upserted: [ListingRow(listing("id19", "x", "nowhere", createdAt: RowStoreScaleTests.createdAt(19)))]))
        store.adopt(try #require(job.run { false }))
        #expect(!store.isRecomputing)
        let expected = allRows(store).filter {
            SearchFolding.fold($0.record.name).contains("9 main") || SearchFolding.fold($0.record.address ?? "").contains("9 main")
        }.map(\.id)
        #expect(ids(store) == expected)
        #expect(ids(store).contains("id5") && ids(store).contains("id1009") && !ids(store).contains("id29") && !ids(store).contains("id19"))
    }

    @Test func aSortIsComputedAsideAndRowsChangedMeanwhileArePlaced() throws {
        var store = largeStore(500)
        store.setSortOrder(.name)
        #expect(store.sortOrder == .name)  // asked for: the title says so at once
        let job = try take(&store)
        store.apply(ListingUpdate(upserted: [Self.row(7, name: "Aardvark"), Self.row(900, name: "Zebra")], removed: ["id3"]))
        store.adopt(try #require(job.run { false }))
        let names = (0..<store.count).map { SearchFolding.fold(store.row(at: $0).record.name) }
        #expect(names == names.sorted())
        #expect(store.id(at: 0) == "id7")
        #expect(store.id(at: store.count - 1) == "id900")
        #expect(store.count == 500)
        // A rename now moves the row at once, under the new sort.
        store.apply(ListingUpdate(upserted: [Self.row(100, name: "Aaa first")]))
        #expect(store.id(at: 0) == "id100")
    }

    @Test func anOlderResultIsIgnoredAndACancelledJobStops() throws {
        var store = largeStore(200)
        store.setFilter("1")
        let first = try take(&store)
        store.setFilter("12")
        let second = try take(&store)
        #expect(first.run { true } == nil)  // cancelled: stops, yields nothing
        store.adopt(try #require(first.run { false }))
        #expect(store.isRecomputing)  // the stale one changed nothing
        #expect(store.count == 200)
        store.adopt(try #require(second.run { false }))
        #expect(!store.isRecomputing)
        #expect(store.count == allRows(store).filter { $0.record.name.contains("12") || $0.record.address!.contains("12") }.count)
        // Clearing the filter needs no job.
        store.setFilter("")
        #expect(store.takeJob() == nil)
        #expect(store.count == 200)
    }
}

/// Model-based: changes of every kind while sorts and filters are computed aside (some
/// adopted, some made stale by a newer request, rows removed and the same ids added again so
/// slots are freed and reused); whenever no job is out, the store shows what a plain sort and
/// filter of the model give, and finds every row where it shows it.
@Suite struct RowViewJobModelTests {
    /// The order a plain sort gives: the sort key, then the creation time (rows without one
    /// last, in the order they arrived), then the id (keys folded once per row, not per comparison).
    static func plainSort(
        _ rows: some Collection<ListingRow>, by sort: ListingSort, arrivals: [RecordKey: Int] = [:]
    ) -> [ListingRow] {
        let keyed = rows.map { (row: $0, key: sort.key(for: $0.record) ?? "") }
        return keyed.sorted { a, b in
            if a.key != b.key { return a.key < b.key }
            switch (a.row.record.createdAt, b.row.record.createdAt) {
            case let (x?, y?): if x != y { return x < y }
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil):
                let (first, second) = (arrivals[a.row.id]!, arrivals[b.row.id]!)
                if first != second { return first < second }
            }
            return a.row.id < b.row.id
        }.map(\.row)
    }

    static func expected(_ model: [RecordKey: ListingRow], sort: ListingSort, filter: String) -> [RecordKey] {
        // Foundation's folding of every text: the filter's byte-wise path for ASCII must agree.
        let needle = SearchFolding.fold(filter)
        func matches(_ row: ListingRow) -> Bool {
            needle.isEmpty || SearchFolding.fold(row.record.name).contains(needle)
                || (row.record.address.map { SearchFolding.fold($0).contains(needle) } ?? false)
        }
        return plainSort(model.values, by: sort).filter(matches).map(\.id)
    }

    @Test(arguments: [1, 2])
    func changesWhileJobsAreOutEndAsAPlainSortAndFilter(seed: UInt64) throws {
        var generator = RowStoreScaleTests.SplitMix(state: seed)
        var store = ListingStore()
        store.backgroundThreshold = 40
        var model: [RecordKey: ListingRow] = [:]
        var everSeen: [Int] = []
        var nextNumber = 0
        var pending: [ListingJob] = []
        let sorts: [ListingSort] = [.name, .address, .creation]
        let filters = ["", "1", "12", "name 3", "", "st"]
        func row(_ n: Int) -> ListingRow {
            let name = "Name \(Int.random(in: 0..<300, using: &generator))"
            let address = Bool.random(using: &generator) ? "\(Int.random(in: 0..<300, using: &generator)) St" : nil
            return ListingRow(listing("id\(n)", name, address, createdAt: RowStoreScaleTests.createdAt(n * 7 % 1000)))
        }
        for step in 0..<80 {
            var upserted: [ListingRow] = []
            for _ in 0..<Int.random(in: 0...60, using: &generator) {
                upserted.append(row(nextNumber))
                everSeen.append(nextNumber)
                nextNumber += 1
            }
            // Changes to rows there, and rows removed before coming back under the same id.
            for n in everSeen.shuffled(using: &generator).prefix(15) { upserted.append(row(n)) }
            let removed = Set(model.keys.shuffled(using: &generator).prefix(step.isMultiple(of: 4) ? 40 : 3))
            // In any order; of the same row twice (new, then changed), the later one wins in both.
            upserted.shuffle(using: &generator)
            store.apply(ListingUpdate(upserted: upserted, removed: removed))
            for id in removed { model[id] = nil }
            for changed in upserted { model[changed.id] = changed }
            switch step % 5 {
            case 0: store.setSortOrder(sorts[(step / 5) % sorts.count])
            case 2: store.setFilter(filters[(step / 5) % filters.count])
            default: break
            }
            if let job = store.takeJob() { pending.append(job) }
            // Now and then the jobs run: all of them (only the newest counts), or only an older one (stale).
            if !pending.isEmpty, Int.random(in: 0..<3, using: &generator) == 0 {
                let runAll = Bool.random(using: &generator)
                for job in (runAll ? pending : [pending[0]]) { store.adopt(try #require(job.run { false })) }
                if runAll { pending = [] } else { pending.removeFirst() }
            }
            guard !store.isRecomputing else { continue }
            let shown = (0..<store.count).map { store.id(at: $0) }
            #expect(shown == Self.expected(model, sort: store.sortOrder, filter: store.filter), "step \(step)")
            #expect(store.totalCount == model.count, "step \(step)")
            for (position, id) in shown.enumerated() where position.isMultiple(of: 7) {
                #expect(store.index(of: id) == position, "step \(step): \(id)")
            }
            for id in removed where model[id] == nil { #expect(store.index(of: id) == nil && store.row(id: id) == nil) }
        }
    }
}
