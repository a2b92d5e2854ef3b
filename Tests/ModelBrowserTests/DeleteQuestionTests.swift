import AmplifyModels
import Foundation
import ModelScreens
import OptimisticStore
import SyncEngine
import ScreenValues
import Testing
@testable import ModelBrowser

/// Issue 29, item 3 and the smaller items: the delete question counts the records that point at
/// the one deleted and says what `u` can do after, by the API's dialect; the titles of a
/// relation's list and of the form.
@Suite struct DeleteQuestionTests {
    let base = try! BrowserStateTests()

    /// A category with `children` transactions pointing at it, on the Category list.
    func categoryWithChildren(_ children: Int, dialect: APIDialect?) throws -> (BrowserState, ModelRecord) {
        var state = base.state(initialModel: "Category")
        let groceries = ModelRecord(
            layout: try #require(base.layouts["Category"]), key: RecordKey("groceries"), values: ["name": .string("Groceries")], version: 1)
        let rows = (0..<children).map { index -> RecordRow<ModelRecord> in
            var child = base.transaction("t\(index)", "Bread \(index)", created: "2026-11-01T10:00:0\(index).000Z")
            child["categoryId"] = .string("groceries")
            return RecordRow(child)
        }
        let other = base.transaction("elsewhere", "Rent", created: "2026-11-02T10:00:00.000Z")
        _ = state.reduce(.list(model: "Category", .loaded([RecordRow(groceries)])))
        _ = state.reduce(.list(model: "Transaction", .loaded(rows + [RecordRow(other)])))
        if let dialect { _ = state.reduce(.list(model: "Category", .dialectKnown(dialect))) }
        return (state, groceries)
    }

    /// Going back from a relation's list lands on the list left, with the filter typed there and
    /// its selection; the relation's list shows only its children, with a filter of its own.
    @Test func backFromARelationKeepsTheFilterTypedThere() throws {
        var (state, _) = try categoryWithChildren(3, dialect: .plain)
        for key in [Key.character("/"), .character("g"), .character("r"), .character("o"), .enter] { _ = state.reduce(.keyPressed(key)) }
        #expect(state.shownKeys == [RecordKey("groceries")])
        _ = state.reduce(.keyPressed(.character("f")))
        #expect(state.model == "Transaction")
        #expect(state.shownKeys == [RecordKey("t0"), RecordKey("t1"), RecordKey("t2")], "the children only, not “Rent”")
        for key in [Key.character("/"), .character("d"), .character(" "), .character("1"), .enter] { _ = state.reduce(.keyPressed(key)) }
        #expect(state.shownKeys == [RecordKey("t1")])
        _ = state.reduce(.keyPressed(.escape))  // the typed filter goes first
        #expect(state.shownKeys.count == 3)
        _ = state.reduce(.keyPressed(.escape))
        #expect(state.model == "Category")
        #expect(base.text(state).contains("filter “gro”"), "\(base.text(state))")
        #expect(state.shownKeys == [RecordKey("groceries")])
    }

    @Test(arguments: [0, 1, 5])
    func theQuestionCountsTheRecordsThatPointAtIt(children: Int) throws {
        var (state, _) = try categoryWithChildren(children, dialect: .plain)
        _ = state.reduce(.keyPressed(.character("d")))
        let shown = base.text(state)
        #expect(shown.contains("Delete “Groceries”?"))
        switch children {
        case 0: #expect(!shown.contains("point"), "\(shown)")
        case 1: #expect(shown.contains("1 Transaction record points at it."), "\(shown)")
        default: #expect(shown.contains("\(children) Transaction records point at it."), "\(shown)")
        }
        if children > 0 { #expect(shown.contains("u brings it back under its own key.")) }
    }

    @Test func onTheVersionedDialectTheQuestionSaysUndoMakesANewRecord() throws {
        var (state, _) = try categoryWithChildren(2, dialect: .versioned)
        _ = state.reduce(.keyPressed(.character("d")))
        let shown = base.text(state)
        #expect(shown.contains("2 Transaction records point at it."))
        #expect(shown.contains("as a new record"), "\(shown)")
        #expect(state.reduce(.keyPressed(.character("y"))) == [.delete(model: "Category", RecordKey("groceries"))])
    }

    /// The relation's list is named the same whether or not the selection was moved first.
    @Test func aRelationsTitleDoesNotDependOnHavingMovedTheSelection() throws {
        for moved in [false, true] {
            var (state, _) = try categoryWithChildren(2, dialect: .plain)
            if moved {
                _ = state.reduce(.keyPressed(.character("j")))
                _ = state.reduce(.keyPressed(.character("k")))
            }
            _ = state.reduce(.keyPressed(.character("f")))
            if case .follow = state.overlay { _ = state.reduce(.keyPressed(.enter)) }
            #expect(base.text(state).contains("Transaction of Category “Groceries”"), "moved: \(moved)\n\(base.text(state))")
        }
    }

    @Test func theFormIsTitled() throws {
        var (state, _) = try categoryWithChildren(0, dialect: .plain)
        _ = state.reduce(.keyPressed(.character("e")))
        #expect(base.text(state).contains("Edit Category “Groceries”"))
        _ = state.reduce(.keyPressed(.escape))
        if case .confirmDiscard = state.overlay { _ = state.reduce(.keyPressed(.character("y"))) }
        _ = state.reduce(.keyPressed(.character("n")))
        #expect(base.text(state).contains("New Category"))
    }
}

extension DeleteQuestionTests {
    /// A field holding a parent's key (`Transaction.categoryId`): the form's hint names the
    /// parent a typed id points at, or says that none held here has it; C-o picks the parent
    /// from the ones held instead.
    @Test func aParentsKeyIsNamedAsItIsTypedOrPicked() throws {
        var (state, _) = try categoryWithChildren(0, dialect: .plain)
        _ = state.reduce(.keyPressed(.character("M")))
        for character in "Transaction" { _ = state.reduce(.keyPressed(.character(character))) }
        _ = state.reduce(.keyPressed(.enter))
        _ = state.reduce(.keyPressed(.character("n")))
        guard case .form(let opened) = state.screen else {
            Issue.record("no form: \(base.text(state))")
            return
        }
        let fields = opened.layout.model.editableFields(for: .create).map(\.name)
        let position = try #require(fields.firstIndex(of: "categoryId"))
        for _ in 0..<position { _ = state.reduce(.keyPressed(.tab)) }
        #expect(base.text(state).contains("The key of a Category · C-o pick from 1 held"), "\(base.text(state))")
        for character in "groceries" { _ = state.reduce(.keyPressed(.character(character))) }
        #expect(base.text(state).contains("→ Category “Groceries”"), "\(base.text(state))")
        _ = state.reduce(.keyPressed(.character("x")))
        #expect(base.text(state).contains("No Category held here has this key"), "\(base.text(state))")
        // C-o: the Categories held, to pick from; Esc goes back with the text as it was.
        _ = state.reduce(.keyPressed(.control("o")))
        #expect(base.text(state).contains("Pick the Category for categoryId: 1 held here"), "\(base.text(state))")
        #expect(base.text(state).contains("Groceries  groceries"), "\(base.text(state))")
        _ = state.reduce(.keyPressed(.escape))
        guard case .form(let typed) = state.screen else { Issue.record("the form closed: \(base.text(state))"); return }
        #expect(typed.text(ofField: "categoryId") == "groceriesx")
        // Picked: the key goes into the field, and the hint names the parent.
        _ = state.reduce(.keyPressed(.control("o")))
        for character in "GROC" { _ = state.reduce(.keyPressed(.character(character))) }
        _ = state.reduce(.keyPressed(.enter))
        guard case .form(let picked) = state.screen else { Issue.record("the form closed: \(base.text(state))"); return }
        #expect(picked.text(ofField: "categoryId") == "groceries" && picked.picker == nil)
        #expect(base.text(state).contains("→ Category “Groceries”"), "\(base.text(state))")
    }
}
