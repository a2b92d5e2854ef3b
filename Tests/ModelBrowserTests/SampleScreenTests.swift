import AmplifyModels
import Foundation
import ModelScreens
import OptimisticStore
import PropertySync
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
    /// An empty list says why it is empty: never that there are no properties before the server
    /// said so.
    @Test func anEmptyListSaysWhetherTheServerAnswered() {
        var state = BrowserState(
            schema: .realEstateProperty, layouts: [Self.model: Self.layout], access: [:], backend: "local · API key",
            initialModel: Self.model)
        _ = state.reduce(.resized(width: 100, height: 14))
        #expect(text(state).contains("Loading…"))
        _ = state.reduce(.list(model: Self.model, .connectivityChanged(.offline("refused"))))
        #expect(text(state).contains("Offline, and nothing is cached yet: changes you make are kept and sent later."))
        state.revertsOffline = true
        #expect(text(state).contains("changes you make are taken back (--offline revert)."))
        _ = state.reduce(.list(model: Self.model, .connectivityChanged(.unauthorized("no"))))
        #expect(text(state).contains("The server cannot be used (m says why); nothing is cached yet."))
        _ = state.reduce(.list(model: Self.model, .connectivityChanged(.online)))
        _ = state.reduce(.list(model: Self.model, .loadStateChanged(.loaded)))
        #expect(text(state).contains("No RealEstateProperty yet: n adds one."))
    }

    /// A record added while a typed filter would hide it clears the filter and says so: the new
    /// row is shown, selected, and the next key acts on it.
    @Test func addingWhileFilteredClearsTheFilterThatWouldHideIt() {
        var state = Self.screen()
        _ = state.reduce(.keyPressed(.character("/")))
        for character in "rosa" { _ = state.reduce(.keyPressed(.character(character))) }
        _ = state.reduce(.keyPressed(.enter))
        #expect(state.shownKeys == [RecordKey("c3")])
        _ = state.reduce(.keyPressed(.character("n")))
        for character in "Cabin" { _ = state.reduce(.keyPressed(.character(character))) }
        guard case .create(_, let record)? = state.reduce(.keyPressed(.enter)).first else { Issue.record("no create"); return }
        #expect(state.status?.text.hasSuffix("(the filter “rosa” is cleared to show it)") == true, "\(state.status?.text ?? "")")
        _ = state.reduce(.list(model: Self.model, .rowsChanged(RecordRowUpdate(upserted: [RecordRow(record, status: .pending(1))]))))
        #expect(state.selectedRow?.id == record.id)
        // One the filter keeps leaves it.
        _ = state.reduce(.keyPressed(.character("/")))
        for character in "cab" { _ = state.reduce(.keyPressed(.character(character))) }
        _ = state.reduce(.keyPressed(.enter))
        _ = state.reduce(.keyPressed(.character("n")))
        for character in "Cabin Two" { _ = state.reduce(.keyPressed(.character(character))) }
        _ = state.reduce(.keyPressed(.enter))
        #expect(state.status?.text.contains("cleared") == false)
        #expect(text(state).contains("filter “cab”"))
    }

    /// The quit question counts what waits as it is now; `d` then no names what was kept; `u`
    /// says it is under way.
    @Test func questionsAndUndoSayWhatTheyDo() {
        var state = Self.screen()
        _ = state.reduce(.list(model: Self.model, .pendingCountChanged(3)))
        #expect(state.reduce(.keyPressed(.character("q"))).isEmpty)
        #expect(text(state).contains("3 changes"), "\(text(state))")
        _ = state.reduce(.list(model: Self.model, .pendingCountChanged(1)))
        #expect(text(state).contains("1 change") && !text(state).contains("3 changes"), "\(text(state))")
        #expect(state.reduce(.keyPressed(.enter)).isEmpty)
        #expect(state.overlay == nil)
        _ = state.reduce(.keyPressed(.character("d")))
        _ = state.reduce(.keyPressed(.character("n")))
        #expect(state.status?.text == "Kept “Harbour View Loft”.")
        #expect(state.reduce(.keyPressed(.character("u"))) == [.undo(model: Self.model)])
        #expect(state.status?.text == "Undoing the last change…")
    }

    /// Below the first page the list scrolls only when the selection would leave it: `k` moves
    /// the selection up the page, not the rows.
    @Test func theListScrollsOnlyWhenTheSelectionWouldLeaveIt() {
        let records = (0..<60).map { n in Self.property(String(format: "p%02d", n), "Property \(n)", minute: n % 60) }
        var state = Self.screen(records)
        _ = state.reduce(.keyPressed(.character("G")))
        let top = state.listScrollTop
        #expect(top > 0 && state.selectedIndex == 59)
        for _ in 0..<3 { _ = state.reduce(.keyPressed(.character("k"))) }
        #expect(state.selectedIndex == 56)
        #expect(state.listScrollTop == top, "the rows stayed where they were")
        _ = state.reduce(.keyPressed(.character("g")))
        #expect(state.listScrollTop == 0)
        let rule = state.render().plainText.split(separator: "\n").first { $0.contains("of 60 rows") }.map(String.init) ?? ""
        #expect(rule.hasPrefix("──────") && !rule.contains("──  ─"), "nothing on the left: no gap in the rule: \(rule)")
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
    /// A long name deleted elsewhere while renamed: the message and the field's label cut it,
    /// so that what ⏎ and Esc do still shows.
    @Test func aLongNamesRecordDeletedWhileRenamedStillSaysWhatToDo() {
        let long = Self.property("l1", String(repeating: "Very Long Name ", count: 12), minute: 5)
        var state = Self.screen([long])
        _ = state.reduce(.resized(width: 120, height: 14))
        _ = state.reduce(.keyPressed(.character("r")))
        _ = state.reduce(Self.removed("l1"))
        #expect(state.status?.text == "“Very Long Name Very Long Name V…” was deleted elsewhere while you typed: "
            + "⏎ adds it anew with what you typed, Esc drops it.")
        #expect(text(state).contains("“Very Long Name Very Long Name V…” deleted elsewhere · name"), "\(text(state))")
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

extension SampleScreenTests {
    /// The header: the backend and its mode before the connection, what waits and `⟳` after it;
    /// on a narrow screen the backend gives way first, never the title.
    @Test func theHeaderSaysTheBackendAndGivesItUpFirst() {
        var state = Self.screen()
        _ = state.reduce(.resized(width: 100, height: 14))
        _ = state.reduce(.list(model: Self.model, .connectivityChanged(.connecting)))
        _ = state.reduce(.list(model: Self.model, .pendingCountChanged(2)))
        _ = state.reduce(.list(model: Self.model, .busyChanged(true)))
        let wide = state.render().plainText.split(separator: "\n")[0]
        #expect(wide.contains("local · API key · ◌ connecting · 2 pending · ⟳"), "\(wide)")
        _ = state.reduce(.list(model: Self.model, .connectivityChanged(.online)))
        _ = state.reduce(.list(model: Self.model, .pendingCountChanged(0)))
        _ = state.reduce(.list(model: Self.model, .busyChanged(false)))
        _ = state.reduce(.resized(width: 50, height: 14))
        let narrow = state.render().plainText.split(separator: "\n")[0]
        #expect(narrow.contains("Real Estate Properties") && narrow.contains("● online") && !narrow.contains("API key"), "\(narrow)")
    }

    /// `y` copies the key shown in a detail, saying what tmux needs to pass it on; in the list it
    /// does nothing and says so.
    @Test func yCopiesTheKeyInADetailOnly() {
        var state = Self.screen()
        #expect(state.reduce(.keyPressed(.character("y"))).isEmpty)
        #expect(state.status?.text.contains("y does nothing here") == true, "\(state.status?.text ?? "")")
        state.insideTmux = true
        _ = state.reduce(.keyPressed(.enter))
        #expect(state.reduce(.keyPressed(.character("y"))) == [.copyToClipboard("a1")])
        #expect(state.status?.text.contains("set-clipboard on") == true)
    }
}

extension SampleScreenTests {
    /// The filter being typed is a field like the others: the readline keys edit it, and the
    /// selection stays on its record while that record still matches (it jumped to the first
    /// match on every key, and `r` then renamed a record the person had not chosen).
    @Test func theFilterIsAFieldAndKeepsTheSelection() {
        var state = Self.screen()
        for key: Key in [.character("j"), .character("/")] { _ = state.reduce(.keyPressed(key)) }
        #expect(state.selectedRow?.id == RecordKey("b2"))
        for character in "abc def" { _ = state.reduce(.keyPressed(.character(character))) }
        for key: Key in [.control("w"), .home, .character("Q")] { _ = state.reduce(.keyPressed(key)) }
        guard case .filtering(let line) = state.screen else { Issue.record("not filtering"); return }
        #expect(line.text == "Qabc ", "C-w took the word, Home went to the start")
        for key: Key in [.control("u"), .control("k"), .character("a")] { _ = state.reduce(.keyPressed(key)) }  // the whole text, then "a"
        #expect(state.shownKeys.contains(RecordKey("a1")) && state.shownKeys.contains(RecordKey("b2")))
        #expect(state.selectedRow?.id == RecordKey("b2"), "still the record chosen, which still matches")
        _ = state.reduce(.keyPressed(.enter))
        _ = state.reduce(.keyPressed(.character("r")))
        guard case .renaming(let edit, _) = state.screen else { Issue.record("no rename"); return }
        #expect(edit.key == RecordKey("b2"))
    }
}

extension SampleScreenTests {
    /// At the smallest size the app draws, a question's lines go on below themselves, never cut.
    @Test func aQuestionOnTheSmallestScreenIsWhole() {
        var state = Self.screen()
        _ = state.reduce(.resized(width: 40, height: 10))
        _ = state.reduce(.list(model: Self.model, .pendingCountChanged(2)))
        _ = state.reduce(.keyPressed(.character("q")))
        let shown = state.render().plainText
        let box = shown.split(separator: "\n").filter { $0.contains("│") }
        #expect(!box.isEmpty && box.allSatisfy { !$0.contains("…") }, "\(shown)")
        #expect(shown.contains("kept and sent on the") && shown.contains("next start."), "\(shown)")
    }
}

extension SampleScreenTests {
    /// The filter looks in what a person typed or reads, not in the generated id or the times the
    /// server wrote: "2024" (every row's createdAt) or a piece of an id match nothing.
    @Test func theFilterLooksInTheValuesAPersonTypedOrReads() {
        var state = Self.screen()
        for key: Key in [.character("/"), .character("2"), .character("0"), .character("2"), .character("4")] { _ = state.reduce(.keyPressed(key)) }
        #expect(state.shownKeys.isEmpty)
        _ = state.reduce(.keyPressed(.escape))
        for key: Key in [.character("/"), .character("q"), .character("u"), .character("a"), .character("y")] { _ = state.reduce(.keyPressed(key)) }
        #expect(state.shownKeys == [RecordKey("a1")], "the address")
    }
}

extension SampleScreenTests {
    /// A long name on the status line is cut so that what happened still shows; `m` keeps the
    /// message whole.
    @Test func aLongNameOnTheStatusLineLeavesRoomForWhatHappened() {
        var state = Self.screen()
        let long = String(repeating: "y", count: 200)
        _ = state.reduce(.list(model: Self.model, .succeeded(
            RecordOperationSummary(kind: .create, recordID: RecordKey("n1"), recordName: long))))
        let line = state.render().plainText.split(separator: "\n").first { $0.contains("✓") }.map(String.init) ?? ""
        #expect(line.contains("“" + String(repeating: "y", count: 31) + "…” added"), "\(line)")
        #expect(state.status?.text == "“\(long)” added", "kept whole for m")
    }
}
