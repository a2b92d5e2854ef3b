import OptimisticStore
import PropertyBased
import Testing

/// Deleted records are kept as tombstones, bounded: at most `tombstoneLimit`, oldest
/// dropped first, never one a pending operation refers to; a kept tombstone stops an
/// older copy from bringing its record back.
@Suite struct TombstoneTests {
    func home(_ id: Int, version: Int = 1) -> Home { Home(id: id, name: "Home \(id)", address: "\(id) Elm St", version: version) }

    /// A long session of creates and deletes: the tombstones stay within the limit, the
    /// kept ones are the newest, and a late copy of a record whose tombstone is kept stays hidden.
    @Test func createsAndDeletesStayWithinTheLimit() async {
        let limit = 50
        await propertyCheck(count: 100, input: Gen.int(in: 0...3).array(of: 100...600)) { kinds in
            await Task.yield()
            let store = OptimisticStore<Home>(tombstoneLimit: limit)
            var live: [Int] = []
            var deleted: [Int] = []  // oldest first
            for (index, kind) in kinds.enumerated() {
                if kind == 0 || live.isEmpty {
                    let created = home(index)
                    let operation = store.apply(.create(created)).operation
                    store.confirm(operation, with: created.written(version: 1))
                    live.append(index)
                } else {
                    let id = live.removeFirst()
                    let operation = store.apply(.delete(id)).operation
                    store.confirm(operation, with: home(id).written(version: 2, deleted: true))
                    deleted.append(id)
                }
                #expect(store.tombstoneCount == min(limit, deleted.count))
                #expect(store.count == live.count)
            }
            // The newest tombstones are kept, stripped of nothing the store needs.
            for id in deleted.suffix(limit) {
                #expect(store.confirmedRecord(id)?.isDeleted == true)
                #expect(store.confirmedRecord(id)?.version == 2)
                // A late event with the record as it was before the delete does not bring it back.
                #expect(store.merge(home(id)).isEmpty)
                #expect(store.record(id) == nil)
            }
            for id in deleted.dropLast(limit) { #expect(store.confirmedRecord(id) == nil) }
            #expect(store.confirmedRecords.count == live.count + min(limit, deleted.count))
        }
    }

    /// The same through subscription events and refreshes (a delta full of `_deleted` items).
    @Test func remoteDeletesAndRefreshesStayWithinTheLimit() {
        let store = OptimisticStore<Home>(confirmed: (0..<100).map { home($0) }, tombstoneLimit: 10)
        for id in 0..<100 { store.merge(home(id).written(version: 2, deleted: true)) }
        #expect(store.tombstoneCount == 10)
        #expect(store.count == 0)
        // A refresh that lists 5 tombstones and nothing else: the others are gone from the server.
        let listed = (95..<100).map { home($0).written(version: 2, deleted: true) }
        store.replaceConfirmed(with: listed)
        #expect(store.tombstoneCount == 5)
        #expect(Set(store.confirmedRecords.map(\.id)) == Set(95..<100))
        // A refresh full of tombstones keeps only the newest ones.
        store.replaceConfirmed(with: (200..<300).map { home($0).written(version: 3, deleted: true) })
        #expect(store.tombstoneCount == 10)
        #expect(Set(store.confirmedRecords.map(\.id)) == Set(290..<300))
    }

    /// A tombstone a pending operation was made against stays, whatever the limit.
    @Test func aTombstoneUnderAPendingOperationIsKept() throws {
        let store = OptimisticStore<Home>(confirmed: [home(1)], tombstoneLimit: 1)
        let rename = store.apply(.update(1, .init(name: "Renamed"))).operation
        store.merge(home(1).written(version: 2, deleted: true))  // deleted elsewhere meanwhile
        for id in 10..<20 { store.merge(home(id).written(version: 2, deleted: true)) }
        #expect(store.confirmedRecord(1)?.isDeleted == true)
        #expect(store.tombstoneCount == 2)  // the limit, plus the one under the rename
        #expect(try #require(store.operation(rename)).base == home(1))
        // Once the rename is refused, the tombstone may go like any other.
        store.reject(rename, because: Rejection("gone", kind: .conflict))
        store.merge(home(30).written(version: 2, deleted: true))
        #expect(store.tombstoneCount == 1)
        #expect(store.confirmedRecord(1) == nil)
        #expect(store.record(1) == nil)
    }

    /// What a tombstone keeps: `strippedTombstone` of the record (by default the record itself).
    @Test func tombstonesAreKeptStripped() {
        let store = OptimisticStore<Home>(confirmed: [home(1)])
        store.merge(home(1).written(version: 2, deleted: true))
        #expect(store.confirmedRecord(1) == home(1).written(version: 2, deleted: true).strippedTombstone())
        #expect(store.tombstoneCount == 1)
        // A newer live copy (generic records may come back) is counted out again.
        store.merge(home(1, version: 3))
        #expect(store.tombstoneCount == 0)
        #expect(store.record(1) == home(1, version: 3))
    }
}
