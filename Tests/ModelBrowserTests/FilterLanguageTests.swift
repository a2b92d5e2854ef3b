import AmplifyModels
import Foundation
import ModelScreens
import OptimisticStore
import SyncEngine
import ScreenValues
import Testing
@testable import ModelBrowser

/// The `/` prompt reads the filter language for every model: clauses on fields by their types,
/// words as before, and a mistake said under the prompt with its place, the rows left as the
/// last filter that read well left them.
extension BrowserStateTests {
    func budgetList() -> BrowserState {
        var state = state(initialModel: "Transaction")
        let records = [
            transaction("rent", "Rent", amount: 950, created: "2026-11-01T10:00:00.000Z"),
            transaction("food", "Food market", amount: 42.5, created: "2026-11-01T10:01:00.000Z"),
            transaction("cafe", "Café", amount: 4.2, created: "2026-11-01T10:02:00.000Z"),
        ]
        _ = state.reduce(.list(model: "Transaction", .connectivityChanged(.online)))
        _ = state.reduce(.list(model: "Transaction", .loaded(records.map { RecordRow($0) })))
        _ = state.reduce(.list(model: "Transaction", .loadStateChanged(.loaded)))
        return state
    }

    func typeFilter(_ text: String, into state: inout BrowserState) {
        for character in text { _ = state.reduce(.keyPressed(.character(character))) }
    }

    var shownKeys: (BrowserState) -> [RecordKey] { { state in state.shownRows.order } }

    @Test func clausesOnFieldsFilterByTheirTypes() {
        var state = budgetList()
        _ = state.reduce(.keyPressed(.character("/")))
        typeFilter("amount >= 40", into: &state)
        #expect(Set(shownKeys(state)) == [RecordKey("rent"), RecordKey("food")], "a Float compared as a number, not as text")
        _ = state.reduce(.keyPressed(.enter))
        guard case .list = state.screen else { Issue.record("⏎ did not keep a filter that reads"); return }
        #expect(text(state).contains("filter “amount >= 40”"))
        _ = state.reduce(.keyPressed(.character("/")))
        typeFilter(" and not description ^= Re", into: &state)
        #expect(shownKeys(state) == [RecordKey("food")])
        _ = state.reduce(.keyPressed(.escape))
        #expect(shownKeys(state).count == 3, "Esc clears it")
    }

    @Test func wordsAloneSearchAsTheyAlwaysDid() {
        var state = budgetList()
        _ = state.reduce(.keyPressed(.character("/")))
        typeFilter("CAFE", into: &state)
        #expect(shownKeys(state) == [RecordKey("cafe")], "without case or accents")
        _ = state.reduce(.keyPressed(.control("u")))
        typeFilter("market food", into: &state)
        #expect(shownKeys(state).isEmpty, "words side by side are one phrase")
        _ = state.reduce(.keyPressed(.control("u")))
        typeFilter("\"food m\"", into: &state)
        #expect(shownKeys(state) == [RecordKey("food")], "quoted text is searched as it is")
    }

    /// `amount >` while its value is still to come: the rows stay as `amount` (words) left them,
    /// the mistake is said under the prompt and its place drawn in bold, and ⏎ keeps the prompt.
    @Test func aMistakeIsSaidWithItsPlaceAndEnterDoesNotKeepIt() {
        var state = budgetList()
        _ = state.reduce(.keyPressed(.character("/")))
        typeFilter("amount >= 4", into: &state)
        let before = shownKeys(state)
        #expect(before.count == 3)
        typeFilter("x", into: &state)
        let frame = state.render()
        let lines = frame.plainText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last?.contains("✗") == true && lines.last?.contains("amount") == true, "said under the prompt: \(lines.last ?? "")")
        #expect(shownKeys(state) == before, "the rows stay as the last filter that read left them")
        #expect(text(state).contains("filter “amount >= 4”"), "and the rule names that one")
        // The mistake's place, `4x`, is bold in the prompt; the field's name is not.
        let promptRow = frame.height - 2
        let start = " Filter: ".count
        let boldColumns = (0..<frame.width).filter { frame[promptRow, $0].style.contains(.bold) }
        #expect(boldColumns == [start + 10, start + 11], "bold at \(boldColumns)")
        _ = state.reduce(.keyPressed(.enter))
        guard case .filtering = state.screen else { Issue.record("⏎ kept a filter that does not read"); return }
        _ = state.reduce(.keyPressed(.backspace))
        _ = state.reduce(.keyPressed(.enter))
        guard case .list = state.screen else { Issue.record("⏎ did not keep the mended filter"); return }
    }

    @Test func anUnknownFieldIsNamedWithTheNearestOne() {
        var state = budgetList()
        _ = state.reduce(.keyPressed(.character("/")))
        typeFilter("Amount = 4.2", into: &state)
        let said = text(state).split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
        #expect(said.contains("✗") && said.contains("`amount`"), "the field as the model spells it: \(said)")
        #expect(shownKeys(state).isEmpty, "the rows as the last filter that read left them: the word `Amount`, in no value")
        _ = state.reduce(.keyPressed(.home))
        _ = state.reduce(.keyPressed(.delete))
        typeFilter("a", into: &state)
        #expect(shownKeys(state) == [RecordKey("cafe")])
    }
}
