import AmplifyModels
import Foundation
import ModelScreens
import OptimisticStore
import SyncEngine
import ScreenValues
import Testing
@testable import ModelBrowser

/// The sample (`RealEstateProperty`) on the one screen, as its own screen's tests had it: which
/// record a key acts on, the selection held by key, a renamed record that comes back.
@Suite struct SampleScreenTests {
    static let model = "RealEstateProperty"
    static let layout = try! RecordLayout(model: .realEstateProperty, schema: .realEstateProperty)

    static func property(_ key: String, _ name: String, _ address: String? = nil, minute: Int) -> ModelRecord {
        var values: [String: ModelValue] = ["name": .string(name), "createdAt": .string("2024-05-01T10:\(minute < 10 ? "0" : "")\(minute):00.000Z")]
        if let address { values["address"] = .string(address) }
        return ModelRecord(layout: layout, key: RecordKey(key), values: values, version: 1)
    }

    static let harbour = property("a1", "Harbour View Loft", "12 Quay St", minute: 0)
    static let maple = property("b2", "Maple Cottage", "4471 Main St", minute: 1)
    static let villa = property("c3", "Villa Rosa", "88 Via Roma", minute: 2)

    /// The sample's three properties, online, 72×14, colour off.
    static func screen(_ records: [ModelRecord] = [harbour, maple, villa]) -> BrowserState {
        var state = BrowserState(
            schema: .realEstateProperty, layouts: [model: layout], access: [:], backend: "local · API key", initialModel: model)
        _ = state.reduce(.resized(width: 72, height: 14))
        _ = state.reduce(.list(model: model, .connectivityChanged(.online)))
        _ = state.reduce(.list(model: model, .loaded(records.map { RecordRow($0) })))
        _ = state.reduce(.list(model: model, .loadStateChanged(.loaded)))
        return state
    }

    static func removed(_ keys: String...) -> BrowserAction {
        .list(model: model, .rowsChanged(RecordRowUpdate(upserted: [], removed: Set(keys.map { RecordKey($0) }))))
    }

    static func upserted(_ records: ModelRecord...) -> BrowserAction {
        .list(model: model, .rowsChanged(RecordRowUpdate(upserted: records.map { RecordRow($0) })))
    }

    func text(_ state: BrowserState) -> String { state.render().plainText }

    /// In a detail, `d` `e` `r` act on the record shown, never on the list's selection; once that
    /// record went (deleted elsewhere), they say so and change nothing (the selection had moved
    /// to its neighbour, which `d` `y` would have deleted unseen).
    @Test func aDetailWhoseRecordWentActsOnNothing() {
        var state = Self.screen()
        for key: Key in [.character("j"), .enter] { _ = state.reduce(.keyPressed(key)) }
        guard case .detail(let shown) = state.screen else { Issue.record("no detail"); return }
        #expect(shown.record.id == RecordKey("b2"))
        _ = state.reduce(Self.removed("b2"))
        guard case .detail = state.screen else { Issue.record("the detail closed"); return }
        #expect(text(state).contains("Sync: gone from the list"))
        for key: Character in ["d", "e", "r"] {
            #expect(state.reduce(.keyPressed(.character(key))).isEmpty)
            #expect(state.overlay == nil, "\(key) asked about another record")
            guard case .detail = state.screen else { Issue.record("\(key) left the detail: \(state.screen)"); return }
            #expect(state.status?.text == "“Maple Cottage” is gone (deleted elsewhere): nothing was changed.")
            #expect(text(state).contains("“Maple Cottage” is gone (deleted elsewhere): nothing was changed."))
        }
    }

    /// While the record is there, the detail's keys act on it even when the list's selection
    /// would point elsewhere (rows arrived above).
    @Test func aDetailsKeysActOnTheRecordShown() {
        var state = Self.screen()
        for key: Key in [.character("j"), .enter] { _ = state.reduce(.keyPressed(key)) }
        _ = state.reduce(Self.upserted(Self.property("z0", "Older", minute: 0).withCreatedAt("2020-01-01T00:00:00.000Z")))
        _ = state.reduce(.keyPressed(.character("d")))
        guard case .confirmDelete(let key, let name, _)? = state.overlay else { Issue.record("no question"); return }
        #expect(key == RecordKey("b2") && name == "Maple Cottage")
        #expect(state.reduce(.keyPressed(.character("y"))) == [.delete(model: Self.model, RecordKey("b2"))])
    }

    /// The selection is a record, from the first frame on: rows arriving above it do not move it
    /// to another record, and when it goes its neighbour is selected.
    @Test func theSelectionFollowsItsRecord() {
        var state = Self.screen()
        #expect(state.selectedRow?.id == RecordKey("a1"), "the first row, before any key")
        _ = state.reduce(Self.upserted(Self.property("z0", "Older", minute: 0).withCreatedAt("2020-01-01T00:00:00.000Z")))
        #expect(state.selectedRow?.id == RecordKey("a1"), "a row arriving above moves nothing")
        _ = state.reduce(.keyPressed(.character("j")))
        #expect(state.selectedRow?.id == RecordKey("b2"))
        _ = state.reduce(Self.removed("b2"))
        #expect(state.selectedRow?.id == RecordKey("c3"), "its neighbour once it went")
        _ = state.reduce(Self.upserted(Self.property("z1", "Oldest", minute: 0).withCreatedAt("2019-01-01T00:00:00.000Z")))
        #expect(state.selectedRow?.id == RecordKey("c3"), "and that one is held by key too")
        _ = state.reduce(Self.removed("a1", "c3", "z0", "z1"))
        #expect(state.selectedRow == nil)
    }

    /// A delete the server refused brings its row back, selected, so the next key acts on it.
    @Test func aRefusedDeletesRowIsSelectedAgain() {
        var state = Self.screen()
        _ = state.reduce(.keyPressed(.character("j")))
        _ = state.reduce(.keyPressed(.character("d")))
        #expect(state.reduce(.keyPressed(.character("y"))) == [.delete(model: Self.model, RecordKey("b2"))])
        _ = state.reduce(Self.removed("b2"))
        #expect(state.selectedRow?.id == RecordKey("c3"))
        _ = state.reduce(Self.upserted(Self.maple))
        _ = state.reduce(.list(model: Self.model, .reverted(
            RecordOperationSummary(kind: .delete, recordID: RecordKey("b2"), recordName: "Maple Cottage"), message: "No.", conflict: false)))
        #expect(state.selectedRow?.id == RecordKey("b2"))
    }

    /// A record renamed in place that goes (deleted elsewhere) and comes back (its delete
    /// refused, or undone) is renamed, not added again as a copy under a new key.
    @Test func aRenamedRecordThatComesBackIsRenamedNotCopied() {
        var state = Self.screen()
        _ = state.reduce(.keyPressed(.character("r")))
        for character in " Two" { _ = state.reduce(.keyPressed(.character(character))) }
        _ = state.reduce(Self.removed("a1"))
        #expect(text(state).contains("“Harbour View Loft” was deleted elsewhere while you typed"))
        _ = state.reduce(Self.upserted(Self.harbour))
        #expect(text(state).contains("“Harbour View Loft” is back in the list: ⏎ saves your name to it"), "\(text(state))")
        let effects = state.reduce(.keyPressed(.enter))
        guard case .update(model: Self.model, let key, let patch)? = effects.first else { Issue.record("no update: \(effects)"); return }
        #expect(key == RecordKey("a1") && patch.changes == ["name": .string("Harbour View Loft Two")])
    }
}

extension SampleScreenTests {
    /// `r` in a detail scrolled past the name: the field is drawn on the name's line, scrolled
    /// into view, never typed into unseen.
    @Test func aFieldRenamedInAScrolledDetailIsInView() {
        var state = Self.screen()
        _ = state.reduce(.resized(width: 40, height: 10))
        _ = state.reduce(.keyPressed(.enter))
        _ = state.reduce(.keyPressed(.end))
        #expect(!text(state).contains("  name "), "scrolled past the name: \(text(state))")
        _ = state.reduce(.keyPressed(.character("r")))
        for character in "!" { _ = state.reduce(.keyPressed(.character(character))) }
        let line = text(state).split(separator: "\n").first { $0.contains("name") && $0.contains("!") }
        #expect(line != nil, "\(text(state))")
        _ = state.reduce(.resized(width: 100, height: 14))
        #expect(text(state).split(separator: "\n").first?.contains("Real Estate Properties › Harbour View Loft") == true,
                "the header still names the record being renamed")
    }
}

extension SampleScreenTests {
    /// The key right after a refusal, ⏎ on the refused row, opens its detail with the refusal
    /// kept there (the row's `!` goes with that key); leaving the detail forgets it.
    @Test func theDetailOpenedOnARefusedRowSaysTheRefusal() {
        var state = Self.screen()
        _ = state.reduce(.keyPressed(.character("j")))
        _ = state.reduce(.list(model: Self.model, .reverted(
            RecordOperationSummary(kind: .rename, recordID: RecordKey("b2"), recordName: "Maple Cottage", newName: "Maple"),
            message: "Name is reserved.", conflict: false)))
        _ = state.reduce(.keyPressed(.enter))
        #expect(text(state).contains("! reverted: Name is reserved."), "\(text(state))")
        _ = state.reduce(.keyPressed(.escape))
        _ = state.reduce(.keyPressed(.enter))
        #expect(!text(state).contains("! reverted"))
    }
}

extension SampleScreenTests {
    /// A conflict's detail shows theirs (the record as shown) and says which change of yours
    /// lost; once settled, that is forgotten.
    @Test func theDetailOfAConflictSaysWhichChangeOfYoursLost() {
        var state = Self.screen()
        _ = state.reduce(.list(model: Self.model, .rowsChanged(RecordRowUpdate(upserted: [
            RecordRow(Self.harbour, status: .conflict("someone else renamed it meanwhile"))]))))
        _ = state.reduce(.list(model: Self.model, .reverted(
            RecordOperationSummary(kind: .rename, recordID: RecordKey("a1"), recordName: "Harbour View Loft", newName: "Mine"),
            message: "Conflict", conflict: true)))
        _ = state.reduce(.keyPressed(.enter))
        #expect(text(state).contains("Sync: ⚡ someone else renamed it meanwhile"))
        #expect(text(state).contains("Yours: rename to “Mine”"), "\(text(state))")
        _ = state.reduce(Self.upserted(Self.harbour))
        #expect(!text(state).contains("Yours:"))
        _ = state.reduce(.list(model: Self.model, .rowsChanged(RecordRowUpdate(upserted: [
            RecordRow(Self.harbour, status: .conflict("again"))]))))
        #expect(!text(state).contains("Yours:"), "a settled conflict's change is not brought back")
    }
}

extension ModelRecord {
    fileprivate func withCreatedAt(_ text: String) -> ModelRecord {
        var record = self
        record["createdAt"] = .string(text)
        return record
    }
}
