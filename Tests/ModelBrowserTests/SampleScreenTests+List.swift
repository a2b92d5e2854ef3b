import AmplifyModels
import Foundation
import ModelScreens
import OptimisticStore
import SyncEngine
import ScreenValues
import Testing
@testable import ModelBrowser

/// The list on the one screen over the sample: what an empty list says, the filter, adding
/// while filtered, the questions, scrolling.
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
        // A filter of clauses is judged as the rows are: a record it keeps leaves it too.
        _ = state.reduce(.keyPressed(.character("/")))
        _ = state.reduce(.keyPressed(.control("u")))
        for character in "name ^= Cab" { _ = state.reduce(.keyPressed(.character(character))) }
        _ = state.reduce(.keyPressed(.enter))
        _ = state.reduce(.keyPressed(.character("n")))
        for character in "Cabin Three" { _ = state.reduce(.keyPressed(.character(character))) }
        _ = state.reduce(.keyPressed(.enter))
        #expect(state.status?.text.contains("cleared") == false, "\(state.status?.text ?? "")")
        #expect(text(state).contains("filter “name ^= Cab”"))
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
