import OptimisticStore
import PropertySync
import ScreenValues
import Testing
@testable import TUI

/// Stable order, incremental updates, the filter, and rendering cost.
@Suite struct RowStoreTests {
    func ids(_ store: RowStore) -> [PropertyID] { (0..<store.count).map { store.id(at: $0) } }

    @Test func ordersByCreationTimeThenIDWithLocalRowsLast() {
        var store = RowStore()
        store.apply(RowUpdate(upserted: [
            PropertyRow(property("local1", "L1", createdAt: nil)),
            PropertyRow(property("b", "B", createdAt: "2024-01-02")),
            PropertyRow(property("a", "A", createdAt: "2024-01-02")),
            PropertyRow(property("z", "Z", createdAt: "2024-01-01")),
        ]))
        store.apply(RowUpdate(upserted: [PropertyRow(property("local0", "L0", createdAt: nil))]))
        #expect(ids(store) == ["z", "a", "b", "local1", "local0"])
    }

    @Test func aRenameNeverMovesARowAndAConfirmationPlacesItByTheServersTime() {
        var store = RowStore()
        store.apply(RowUpdate(upserted: [
            PropertyRow(property("x", "X", createdAt: "2024-01-01")),
            PropertyRow(property("new", "New", createdAt: nil), status: .pending(1)),
            PropertyRow(property("y", "Y", createdAt: "2024-01-03")),
        ]))
        #expect(ids(store) == ["x", "y", "new"])
        store.apply(RowUpdate(upserted: [PropertyRow(property("x", "AAA first alphabetically", createdAt: "2024-01-01"))]))
        #expect(ids(store) == ["x", "y", "new"])
        // The server confirms the create with a time earlier than y's: every client shows it there.
        store.apply(RowUpdate(upserted: [PropertyRow(property("new", "Renamed", createdAt: "2024-01-02"))]))
        #expect(ids(store) == ["x", "new", "y"])
        #expect(store.row(at: 1).property.name == "Renamed")
    }

    @Test func aRowFromElsewhereGoesAfterAConfirmedLocalRowThatIsOlder() {
        // A adds "mine"; B adds "theirs" later; A hears of B's row after its own was confirmed.
        var store = RowStore()
        store.apply(RowUpdate(upserted: [PropertyRow(property("old", "Old", createdAt: "2024-01-01"))]))
        store.apply(RowUpdate(upserted: [PropertyRow(property("mine", "Mine", createdAt: nil), status: .pending(1))]))
        store.apply(RowUpdate(upserted: [PropertyRow(property("mine", "Mine", createdAt: "2024-01-02"))]))
        store.apply(RowUpdate(upserted: [PropertyRow(property("theirs", "Theirs", createdAt: "2024-01-03"))]))
        store.apply(RowUpdate(upserted: [PropertyRow(property("pending", "Pending", createdAt: nil), status: .pending(1))]))
        #expect(ids(store) == ["old", "mine", "theirs", "pending"])
        store.replaceAll(with: (0..<store.count).map { store.row(at: $0) })
        #expect(ids(store) == ["old", "mine", "theirs", "pending"])
    }

    @Test func removalsAndRepeatedUpdatesAreHarmless() {
        var store = RowStore()
        let row = PropertyRow(property("a", "A"))
        store.apply(RowUpdate(upserted: [row]))
        store.apply(RowUpdate(upserted: [row]))
        #expect(store.count == 1)
        store.apply(RowUpdate(removed: ["a", "missing"]))
        store.apply(RowUpdate(removed: ["a"]))
        #expect(store.count == 0)
        #expect(store.index(of: "a") == nil)
    }

    @Test func aStoreDiffIsResolvedThroughALookup() {
        let diff = StoreDiff<PropertyID>(inserted: ["a"], updated: ["b"], removed: ["c"])
        let update = RowUpdate(diff: diff) { id in id == "a" ? PropertyRow(property("a", "A")) : nil }
        #expect(update.upserted == [PropertyRow(property("a", "A"))])
        #expect(update.removed == ["b", "c"])  // b vanished between the diff and the look-up
    }

    @Test func aDiffGatheredOverSeveralEventsEndsWithWhatIsShownNow() {
        // "a" was removed, then came back; "b" was added, then removed: the look-up decides.
        let diff = StoreDiff<PropertyID>(inserted: ["a", "b"], updated: [], removed: ["a", "b"])
        let update = RowUpdate(diff: diff) { id in id == "a" ? PropertyRow(property("a", "A")) : nil }
        #expect(update.upserted == [PropertyRow(property("a", "A"))])
        #expect(update.removed == ["b"])
    }

    @Test func theFilterFollowsChanges() {
        var store = RowStore()
        store.apply(RowUpdate(upserted: [
            PropertyRow(property("a", "Maple", "Main St", createdAt: "1")),
            PropertyRow(property("b", "Rosa", "Via Pia", createdAt: "2")),
        ]))
        store.setFilter("ma")
        #expect(ids(store) == ["a"])
        store.apply(RowUpdate(upserted: [PropertyRow(property("b", "Villa Rosa", "Via Roma MA", createdAt: "2"))]))
        #expect(ids(store) == ["a", "b"])
        store.apply(RowUpdate(upserted: [PropertyRow(property("a", "Oak", "Oak Rd", createdAt: "1"))]))
        #expect(ids(store) == ["b"])
        store.apply(RowUpdate(upserted: [PropertyRow(property("c", "Mall", createdAt: "0"))]))
        #expect(ids(store) == ["c", "b"])
        #expect(store.totalCount == 3)
        store.setFilter("")
        #expect(ids(store) == ["c", "a", "b"])
    }

}

/// A row source that counts what the view asks for.
final class CountingRows: RowSource {
    let count: Int
    private(set) var requested: [Int] = []

    init(count: Int) { self.count = count }

    func row(at index: Int) -> PropertyRow {
        requested.append(index)
        return PropertyRow(property("id\(index)", "Property \(index)"))
    }
}

@Suite struct RenderCostTests {
    /// Structural, not timed: the view asks only for the rows on screen, whatever the list length.
    @Test(arguments: [10, 1_000, 10_000_000])
    func theListViewReadsOnlyTheVisibleRows(listLength: Int) {
        var app = makeApp(width: 80, height: 24, rows: [])
        let source = CountingRows(count: listLength)
        let visible = 24 - 6
        _ = app.render(rows: source)
        #expect(source.requested == Array(0..<min(visible, listLength)))
        app.scrollTop = max(0, listLength - visible)
        let scrolled = CountingRows(count: listLength)
        _ = app.render(rows: scrolled)
        #expect(scrolled.requested == Array(max(0, listLength - visible)..<listLength))
    }
}
