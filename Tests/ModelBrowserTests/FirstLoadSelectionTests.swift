import AmplifyModels
import ListRows
import ScreenValues
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

/// The e2e that caught it: a first load under way (a slow server), `n` creates a record below the
/// one made before; the selection is the created record's, so `d` `y` deletes that one.
@Suite struct FirstLoadCreateSelectionTests {
    typealias Sample = SampleScreenTests

    @Test func aRecordCreatedDuringAFirstLoadIsTheOneTheNextKeyActsOn() throws {
        var state = BrowserState(
            schema: .realEstateProperty, layouts: [Sample.model: Sample.layout], access: [:], backend: "local · API key",
            initialModel: Sample.model)
        _ = state.reduce(.resized(width: 72, height: 14))
        _ = state.reduce(.list(model: Sample.model, .connectivityChanged(.online)))
        _ = state.reduce(.list(model: Sample.model, .loadStateChanged(.loading)))
        _ = state.reduce(Sample.upserted(Sample.harbour))
        _ = state.reduce(.keyPressed(.character("n")))
        for character in "Made While Loading" { _ = state.reduce(.keyPressed(.character(character))) }
        let effects = state.reduce(.keyPressed(.enter))
        let created = try #require(effects.compactMap { effect -> ModelRecord? in
            if case .create(_, let record) = effect { return record } else { return nil }
        }.first)
        // The list shows the create (optimistic), below the first load's older record.
        _ = state.reduce(.list(model: Sample.model, .rowsChanged(RecordRowUpdate(upserted: [RecordRow(created)]))))
        #expect(state.selectedKey == created.id, "the created record is selected, not the top row")
        let deletes = [Key.character("d"), .character("y")].flatMap { state.reduce(.keyPressed($0)) }
        #expect(deletes.contains { if case .delete(_, created.id) = $0 { true } else { false } }, "\(deletes)")
    }
}
