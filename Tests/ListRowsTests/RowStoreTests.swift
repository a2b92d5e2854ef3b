import AmplifyModels
import OptimisticStore
import SyncEngine
import Testing
@testable import ListRows

/// Stable order, incremental updates and the filter.
@Suite struct RowStoreTests {
    func ids(_ store: ListingStore) -> [RecordKey] { (0..<store.count).map { store.id(at: $0) } }

    @Test func ordersByCreationTimeThenIDWithLocalRowsLast() {
        var store = ListingStore()
        store.apply(ListingUpdate(upserted: [
            ListingRow(listing("local1", "L1", createdAt: nil)),
            ListingRow(listing("b", "B", createdAt: "2024-01-02")),
            ListingRow(listing("a", "A", createdAt: "2024-01-02")),
            ListingRow(listing("z", "Z", createdAt: "2024-01-01")),
        ]))
        store.apply(ListingUpdate(upserted: [ListingRow(listing("local0", "L0", createdAt: nil))]))
        #expect(ids(store) == ["z", "a", "b", "local1", "local0"])
    }

    @Test func aRenameNeverMovesARowAndAConfirmationPlacesItByTheServersTime() {
        var store = ListingStore()
        store.apply(ListingUpdate(upserted: [
            ListingRow(listing("x", "X", createdAt: "2024-01-01")),
            ListingRow(listing("new", "New", createdAt: nil), status: .pending(1)),
            ListingRow(listing("y", "Y", createdAt: "2024-01-03")),
        ]))
        #expect(ids(store) == ["x", "y", "new"])
        store.apply(ListingUpdate(upserted: [ListingRow(listing("x", "AAA first alphabetically", createdAt: "2024-01-01"))]))
        #expect(ids(store) == ["x", "y", "new"])
        // The server confirms the create with a time earlier than y's: every client shows it there.
        store.apply(ListingUpdate(upserted: [ListingRow(listing("new", "Renamed", createdAt: "2024-01-02"))]))
        #expect(ids(store) == ["x", "new", "y"])
        #expect(store.row(at: 1).record.name == "Renamed")
    }

    @Test func aRowFromElsewhereGoesAfterAConfirmedLocalRowThatIsOlder() {
        // A adds "mine"; B adds "theirs" later; A hears of B's row after its own was confirmed.
        var store = ListingStore()
        store.apply(ListingUpdate(upserted: [ListingRow(listing("old", "Old", createdAt: "2024-01-01"))]))
        store.apply(ListingUpdate(upserted: [ListingRow(listing("mine", "Mine", createdAt: nil), status: .pending(1))]))
        store.apply(ListingUpdate(upserted: [ListingRow(listing("mine", "Mine", createdAt: "2024-01-02"))]))
        store.apply(ListingUpdate(upserted: [ListingRow(listing("theirs", "Theirs", createdAt: "2024-01-03"))]))
        store.apply(ListingUpdate(upserted: [ListingRow(listing("pending", "Pending", createdAt: nil), status: .pending(1))]))
        #expect(ids(store) == ["old", "mine", "theirs", "pending"])
        store.replaceAll(with: (0..<store.count).map { store.row(at: $0) })
        #expect(ids(store) == ["old", "mine", "theirs", "pending"])
    }

    @Test func removalsAndRepeatedUpdatesAreHarmless() {
        var store = ListingStore()
        let row = ListingRow(listing("a", "A"))
        store.apply(ListingUpdate(upserted: [row]))
        store.apply(ListingUpdate(upserted: [row]))
        #expect(store.count == 1)
        store.apply(ListingUpdate(removed: ["a", "missing"]))
        store.apply(ListingUpdate(removed: ["a"]))
        #expect(store.count == 0)
        #expect(store.index(of: "a") == nil)
    }

    @Test func aStoreDiffIsResolvedThroughALookup() {
        let diff = StoreDiff<RecordKey>(inserted: ["a"], updated: ["b"], removed: ["c"])
        let update = ListingUpdate(diff: diff) { id in id == "a" ? ListingRow(listing("a", "A")) : nil }
        #expect(update.upserted == [ListingRow(listing("a", "A"))])
        #expect(update.removed == ["b", "c"])  // b vanished between the diff and the look-up
    }

    @Test func aDiffGatheredOverSeveralEventsEndsWithWhatIsShownNow() {
        // "a" was removed, then came back; "b" was added, then removed: the look-up decides.
        let diff = StoreDiff<RecordKey>(inserted: ["a", "b"], updated: [], removed: ["a", "b"])
        let update = ListingUpdate(diff: diff) { id in id == "a" ? ListingRow(listing("a", "A")) : nil }
        #expect(update.upserted == [ListingRow(listing("a", "A"))])
        #expect(update.removed == ["b"])
    }

    @Test func theFilterFollowsChanges() {
        var store = ListingStore()
        store.apply(ListingUpdate(upserted: [
            ListingRow(listing("a", "Maple", "Main St", createdAt: "1")),
            ListingRow(listing("b", "Rosa", "Via Pia", createdAt: "2")),
        ]))
        store.setFilter("ma")
        #expect(ids(store) == ["a"])
        store.apply(ListingUpdate(upserted: [ListingRow(listing("b", "Villa Rosa", "Via Roma MA", createdAt: "2"))]))
        #expect(ids(store) == ["a", "b"])
        store.apply(ListingUpdate(upserted: [ListingRow(listing("a", "Oak", "Oak Rd", createdAt: "1"))]))
        #expect(ids(store) == ["b"])
        store.apply(ListingUpdate(upserted: [ListingRow(listing("c", "Mall", createdAt: "0"))]))
        #expect(ids(store) == ["c", "b"])
        #expect(store.totalCount == 3)
        store.setFilter("")
        #expect(ids(store) == ["c", "a", "b"])
    }

}
