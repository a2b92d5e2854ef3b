import AmplifyModels
import ModelScreens
import OptimisticStore
import SyncEngine
import ScreenValues
import Testing
@testable import ModelBrowser

/// `r`: a record's display field typed over where it is shown (its row, or its line of the
/// detail), as the sample renames a property, for any model: only that field is sent, checked
/// by its type; nothing typed reaches the list; a change or a delete made elsewhere meanwhile is
/// said at once and never saved over unseen.
extension BrowserStateTests {
    private func renaming(_ record: ModelRecord, fromDetail: Bool = false) -> BrowserState {
        var state = state(initialModel: "Transaction")
        _ = state.reduce(.list(model: "Transaction", .loaded([RecordRow(record)])))
        if fromDetail { _ = state.reduce(.keyPressed(.enter)) }
        _ = state.reduce(.keyPressed(.character("r")))
        return state
    }

    private func type(_ text: String, into state: inout BrowserState) {
        for character in text { _ = state.reduce(.keyPressed(.character(character))) }
    }

    private var rent: ModelRecord { transaction("rent", "Rent", created: "2026-11-01T10:00:00.000Z") }

    @Test func rRenamesTheDisplayFieldInItsRowAndSendsOnlyIt() {
        var state = renaming(rent)
        guard case .renaming(let edit, detail: nil) = state.screen else { Issue.record("no field: \(state.screen)"); return }
        #expect(edit.field.name == "description" && edit.text == "Rent")
        #expect(state.hints.map(\.word) == ["save", "cancel"])
        // Keys that mean something in the list are text here: nothing is deleted, nothing quits.
        type(", dq", into: &state)
        #expect(state.overlay == nil)
        #expect(text(state).contains("Rent, dq"), "typed in the row")
        let effects = state.reduce(.keyPressed(.enter))
        #expect(effects.count == 1)
        guard case .update(model: "Transaction", let key, let patch)? = effects.first else { Issue.record("no update: \(effects)"); return }
        #expect(key == RecordKey("rent") && patch.changes == ["description": .string("Rent, dq")])
        guard case .list = state.screen else { Issue.record("not back on the list"); return }
        #expect(text(state).contains("“Rent” to “Rent, dq”"))
    }

    @Test func escapeLeavesTheValueAsItWasAndAnUnchangedValueSendsNothing() {
        var state = renaming(rent)
        type("xyz", into: &state)
        #expect(state.reduce(.keyPressed(.escape)).isEmpty)
        guard case .list = state.screen else { Issue.record("not back on the list"); return }
        #expect(!text(state).contains("Rentxyz"))
        _ = state.reduce(.keyPressed(.character("r")))
        #expect(state.reduce(.keyPressed(.enter)).isEmpty)
        #expect(text(state).contains("Nothing changed."))
    }

    @Test func aValueTheFieldRefusesIsSaidAndNotSent() {
        var state = renaming(rent)
        _ = state.reduce(.keyPressed(.control("u")))  // the whole text: a required field emptied
        #expect(state.reduce(.keyPressed(.enter)).isEmpty)
        guard case .renaming = state.screen else { Issue.record("the field closed"); return }
        #expect(text(state).contains("description:"))
        // A paste goes in whole or not at all: a line break would be ⏎ in the middle of a name.
        _ = state.reduce(.keyPressed(.paste(.text("Rent\nd y"))))
        guard case .renaming(let edit, _) = state.screen else { Issue.record("the field closed"); return }
        #expect(edit.text == "")
        _ = state.reduce(.keyPressed(.paste(.text("Rent, paid"))))
        guard case .update(_, _, let patch)? = state.reduce(.keyPressed(.enter)).first else { Issue.record("no update"); return }
        #expect(patch.changes == ["description": .string("Rent, paid")])
    }

    @Test func aChangeElsewhereWhileTypingIsSaidAndNotSavedOverUnseen() {
        var state = renaming(rent)
        type(" mine", into: &state)
        let theirs = rent.applying(ModelRecordPatch(["description": .string("Theirs")]))
        _ = state.reduce(.list(model: "Transaction", .rowsChanged(RecordRowUpdate(upserted: [RecordRow(theirs)]))))
        #expect(text(state).contains("Its description is now “Theirs”, changed elsewhere while you typed."))
        #expect(state.reduce(.keyPressed(.enter)).isEmpty, "the first ⏎ asks again")
        #expect(text(state).contains("“Theirs” came from elsewhere while you typed."))
        guard case .update(_, _, let patch)? = state.reduce(.keyPressed(.enter)).first else { Issue.record("no update"); return }
        #expect(patch.changes == ["description": .string("Rent mine")])
        #expect(text(state).contains("“Theirs” to “Rent mine”"))
    }

    /// As the sample's: ⏎ adds it anew with what was typed and its other values, under a new id.
    @Test func aRecordDeletedWhileTypingIsAddedAnewByEnter() {
        var state = renaming(rent)
        type(" again", into: &state)
        _ = state.reduce(.list(model: "Transaction", .rowsChanged(RecordRowUpdate(upserted: [], removed: [RecordKey("rent")]))))
        #expect(text(state).contains("“Rent” was deleted elsewhere while you typed"))
        // Its row is gone: the field goes below the list, saying why, over no other record's row.
        #expect(text(state).contains("“Rent” deleted elsewhere · description: Rent again"), "\(text(state))")
        guard case .create(model: "Transaction", let record)? = state.reduce(.keyPressed(.enter)).first else {
            Issue.record("no create: \(state.screen)"); return
        }
        #expect(record["description"] == .string("Rent again") && record.id != RecordKey("rent"))
        #expect(record["amount"] == rent["amount"], "its other values as they were shown")
        guard case .list = state.screen else { Issue.record("not back on the list: \(state.screen)"); return }
    }

    /// A record the server never confirmed (no `createdAt`) that goes while it is renamed was a
    /// create the server refused: said as such, as the sample's does, never "deleted elsewhere";
    /// one confirmed meanwhile (its `createdAt` came) was deleted.
    @Test func aRefusedCreateThatGoesWhileRenamedIsNotSaidDeletedElsewhere() {
        var new = rent
        new["createdAt"] = nil
        var state = renaming(new)
        type("!", into: &state)
        _ = state.reduce(.list(model: "Transaction", .rowsChanged(RecordRowUpdate(upserted: [], removed: [RecordKey("rent")]))))
        #expect(text(state).contains("The server refused to add “Rent” while you typed"), "\(text(state))")
        #expect(text(state).contains("“Rent” refused by the server · description: Rent!"))
        #expect(!text(state).contains("deleted elsewhere"))

        var confirmedMeanwhile = renaming(new)
        _ = confirmedMeanwhile.reduce(.list(model: "Transaction", .rowsChanged(RecordRowUpdate(upserted: [RecordRow(rent)]))))
        _ = confirmedMeanwhile.reduce(.list(model: "Transaction", .rowsChanged(RecordRowUpdate(upserted: [], removed: [RecordKey("rent")]))))
        #expect(text(confirmedMeanwhile).contains("“Rent” was deleted elsewhere while you typed"))
    }

    @Test func fromTheDetailTheFieldIsOnItsLineAndEnterGoesBackToTheDetail() {
        var state = renaming(rent, fromDetail: true)
        guard case .renaming(_, detail: .some) = state.screen else { Issue.record("no field over the detail"); return }
        type("!", into: &state)
        let line = text(state).split(separator: "\n").first { $0.contains("description") }
        #expect(line?.contains("Rent!") == true, "\(text(state))")
        guard case .update? = state.reduce(.keyPressed(.enter)).first else { Issue.record("no update"); return }
        guard case .detail = state.screen else { Issue.record("not back on the detail"); return }
    }
}
