import AmplifyModels
import ListRows
import OptimisticStore
import SyncEngine
import Testing
@testable import ModelBrowser

/// A first load brings pages in scan order, and "by creation" puts a later page's older records
/// above the first page's: the top row stays selected while nobody moved it, and once loaded (or
/// once moved) the selection follows its record again.
@Suite struct FirstLoadSelectionTests {
    let base = try! BrowserStateTests()

    func row(_ key: String, minute: Int) -> RecordRow<ModelRecord> {
        RecordRow(base.transaction(key, "Item \(key)", created: "2026-11-01T10:\(String(format: "%02d", minute)):00.000Z"))
    }

    func page(_ state: inout BrowserState, _ rows: [RecordRow<ModelRecord>]) {
        _ = state.reduce(.list(model: "Transaction", .rowsChanged(RecordRowUpdate(upserted: rows))))
    }

    @Test func theTopRowStaysSelectedWhileAFirstLoadBringsOlderRecords() {
        var state = base.state(initialModel: "Transaction")
        _ = state.reduce(.resized(width: 100, height: 24))
        _ = state.reduce(.list(model: "Transaction", .loadStateChanged(.loading)))
        page(&state, [row("b", minute: 20), row("c", minute: 30)])
        #expect(state.selectedIndex == 0 && state.selectedKey == RecordKey("b"))
        page(&state, [row("a", minute: 10)])
        #expect(state.shownKeys.first == RecordKey("a"))
        #expect(state.selectedIndex == 0 && state.selectedKey == RecordKey("a"), "the top row, not the first page's first record")
        // Moved by the user: it follows its record, loading or not.
        _ = state.reduce(.keyPressed(.character("j")))
        #expect(state.selectedKey == RecordKey("b"))
        page(&state, [row("0", minute: 5)])
        #expect(state.selectedKey == RecordKey("b") && state.selectedIndex == 2)
    }

    @Test func onceLoadedTheSelectionFollowsItsRecord() {
        var state = base.state(initialModel: "Transaction")
        _ = state.reduce(.resized(width: 100, height: 24))
        _ = state.reduce(.list(model: "Transaction", .loadStateChanged(.loading)))
        page(&state, [row("b", minute: 20)])
        _ = state.reduce(.list(model: "Transaction", .loadStateChanged(.loaded)))
        page(&state, [row("a", minute: 10)])
        #expect(state.selectedKey == RecordKey("b") && state.selectedIndex == 1, "a record arriving above does not move the selection")
    }
}
