import AmplifyModels
import Foundation
import ModelFilters
import OptimisticStore
import SyncEngine
import Testing
@testable import ModelBrowser

/// Issue 31, item 2, on the screen: while a model's list holds only its first rows, ⏎ on a filter
/// of clauses asks the server (the plan said under the prompt before), the rule counts what came,
/// and Esc or another filter stops it; with the whole list here, the cache answers alone.
extension BrowserStateTests {
    /// `budgetList` as a list the sync policy read only the first rows of.
    func firstRowsOfABudget() -> BrowserState {
        var state = budgetList()
        _ = state.reduce(.list(model: "Transaction", .loadStateChanged(.firstRows(3))))
        return state
    }

    func asked(_ effects: [BrowserEffect]) -> (plan: FilterPlan, view: Int)? {
        for case .askServer("Transaction", let plan, let view, _) in effects { return (plan, view) }
        return nil
    }

    @Test func aFilterOfClausesAsksTheServerWhenOnlyTheFirstRowsAreHere() {
        var state = firstRowsOfABudget()
        #expect(text(state).contains("showing the first 3: a filter of clauses asks the server"))
        _ = state.reduce(.keyPressed(.character("/")))
        typeFilter("amount >= 40", into: &state)
        #expect(text(state).contains("⏎ asks the server: scan (the server filters every item)"), "the plan is said before ⏎")
        guard let (plan, view) = asked(state.reduce(.keyPressed(.enter))) else {
            Issue.record("⏎ did not ask the server")
            return
        }
        guard case .scan = plan else { Issue.record("amount is no key: \(plan)"); return }
        #expect(text(state).contains("asking the server (scan)… 0 found"))
        _ = state.reduce(.list(model: "Transaction", .viewProgress(ViewProgress(view: view, state: .asking, pages: 240, itemsRead: 240_000, found: 37))))
        #expect(text(state).contains("asking the server (scan)… 37 found, ~240,000 read"))
        _ = state.reduce(.list(model: "Transaction", .viewProgress(ViewProgress(view: view, state: .done, pages: 241, itemsRead: 240_500, found: 38))))
        #expect(text(state).contains("server: 38 found"))
        // Esc clears the filter: nothing is running, so nothing is stopped.
        let cleared = state.reduce(.keyPressed(.escape))
        #expect(!cleared.contains(.stopServerView(model: "Transaction")))
        #expect(!text(state).contains("server: 38 found"))
        // What the view brought stays: the rule counts it apart from the first rows.
        let found = transaction("found", "Found far away", amount: 99, created: "2026-11-01T10:03:00.000Z")
        _ = state.reduce(.list(model: "Transaction", .rowsChanged(RecordRowUpdate(upserted: [RecordRow(found)]))))
        #expect(text(state).contains("showing the first 3 and 1 from views: a filter of clauses asks the server"))
    }

    @Test func escAndAnotherFilterStopTheViewAndItsLatePagesAreNotCounted() {
        var state = firstRowsOfABudget()
        _ = state.reduce(.keyPressed(.character("/")))
        typeFilter("amount >= 40", into: &state)
        guard let (_, first) = asked(state.reduce(.keyPressed(.enter))) else {
            Issue.record("⏎ did not ask the server")
            return
        }
        // Another filter: the new view is asked (the runner's next view stops the one before).
        _ = state.reduce(.keyPressed(.character("/")))
        let typing = state.reduce(.keyPressed(.character("0")))
        #expect(typing.contains(.stopServerView(model: "Transaction")), "editing the filter stops the view of the old one")
        guard let (_, second) = asked(state.reduce(.keyPressed(.enter))), second != first else {
            Issue.record("the new filter was not asked")
            return
        }
        _ = state.reduce(.list(model: "Transaction", .viewProgress(ViewProgress(view: first, state: .asking, pages: 9, itemsRead: 9_000, found: 900))))
        #expect(!text(state).contains("900 found"), "a page of the stopped view is not the new one's")
        #expect(state.reduce(.keyPressed(.escape)).contains(.stopServerView(model: "Transaction")), "Esc stops it")
        #expect(!text(state).contains("asking the server"))
    }

    @Test func theWholeListHereIsFilteredHereAndWordsNeverAsk() {
        var state = budgetList()
        _ = state.reduce(.keyPressed(.character("/")))
        typeFilter("amount >= 40", into: &state)
        #expect(text(state).contains("⏎ filters the 3 rows here (the whole list is cached)"))
        #expect(asked(state.reduce(.keyPressed(.enter))) == nil)

        var firstRows = firstRowsOfABudget()
        _ = firstRows.reduce(.keyPressed(.character("/")))
        typeFilter("market", into: &firstRows)
        #expect(asked(firstRows.reduce(.keyPressed(.enter))) == nil, "words are searched in the cache, as the server's contains has case")
    }

    @Test func offlineTheFilterAnswersFromTheCacheAndSaysSo() {
        var state = firstRowsOfABudget()
        _ = state.reduce(.list(model: "Transaction", .connectivityChanged(.offline("connection refused"))))
        _ = state.reduce(.keyPressed(.character("/")))
        typeFilter("amount >= 40", into: &state)
        #expect(text(state).contains("offline: ⏎ filters the cached rows only"))
        #expect(asked(state.reduce(.keyPressed(.enter))) == nil)
        #expect(Set(shownKeys(state)) == [RecordKey("rent"), RecordKey("food")])
        #expect(text(state).contains("offline: cached rows only (never read whole)"))
        // A view of the same filter the server answered whole earlier (its list keeps them).
        state.fixedClockTime = "09:41"
        _ = state.reduce(.list(model: "Transaction", .viewsRead([ViewRead(filter: "amount >= 40.0", at: Date())])))
        #expect(text(state).contains("offline: cached rows, as the server answered at 09:41"))
    }

    /// A relation followed is a view too: the parent not in the first rows is asked by its key,
    /// a parent's children by their key field; Esc back stops what is still asking.
    @Test func aRelationFollowedAsksTheServerForWhatTheFirstRowsLack() throws {
        var state = state(initialModel: "Transaction")
        var bread = transaction("bread", "Bread", created: "2026-11-01T10:00:00.000Z")
        bread["categoryId"] = .string("groceries")
        _ = state.reduce(.list(model: "Transaction", .loaded([RecordRow(bread)])))
        _ = state.reduce(.list(model: "Transaction", .loadStateChanged(.firstRows(1))))
        _ = state.reduce(.list(model: "Category", .loadStateChanged(.firstRows(0))))
        let toParent = state.reduce(.keyPressed(.character("f")))
        #expect(state.model == "Category")
        #expect(text(state).contains("is not in the list: asking the server for it…"))
        var asked: FilterPlan?
        for case .askServer("Category", let plan, _, _) in toParent { asked = plan }
        #expect(asked == .keyLookup(.init(key: RecordKey("groceries"), rest: nil)), "\(String(describing: asked))")

        // The parent arrives (the view's page): its children, asked by their key field.
        let categoryLayout = try #require(layouts["Category"])
        let groceries = ModelRecord(layout: categoryLayout, key: RecordKey("groceries"), values: ["name": .string("Groceries")], version: 1)
        _ = state.reduce(.list(model: "Category", .rowsChanged(RecordRowUpdate(upserted: [RecordRow(groceries)]))))
        var toChildren = state.reduce(.keyPressed(.character("f")))
        if case .follow = state.overlay { toChildren += state.reduce(.keyPressed(.enter)) }
        #expect(state.model == "Transaction")
        var children: FilterPlan?
        for case .askServer("Transaction", let plan, _, _) in toChildren { children = plan }
        guard case .scan(let filter)? = children else { Issue.record("\(String(describing: children))"); return }
        #expect(filter.description == "categoryId = groceries")
        #expect(state.reduce(.keyPressed(.escape)).contains(.stopServerView(model: "Transaction")), "Esc back stops it")
    }

    /// Your edit that takes a record out of the filter says so: its row leaves the list.
    @Test func anEditThatTakesARowOutOfTheFilterSaysSo() {
        var state = budgetList()
        _ = state.reduce(.keyPressed(.character("/")))
        typeFilter("description ^= Re", into: &state)
        _ = state.reduce(.keyPressed(.enter))
        #expect(shownKeys(state) == [RecordKey("rent")])
        _ = state.reduce(.keyPressed(.character("r")))
        _ = state.reduce(.keyPressed(.control("u")))
        typeFilter("Flat", into: &state)
        let effects = state.reduce(.keyPressed(.enter))
        #expect(effects.contains { if case .update(model: "Transaction", RecordKey("rent"), _) = $0 { true } else { false } })
        #expect(state.status?.text.hasSuffix("(it no longer matches “description ^= Re”, so it leaves the list)") == true)
        // One that still matches says nothing of the filter.
        #expect(state.leavesTheFilter(transaction("rent", "Rental", created: "2026-11-01T10:00:00.000Z")) == "")
    }
}
