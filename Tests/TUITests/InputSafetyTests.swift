import OptimisticStore
import PropertySync
import ScreenValues
import Testing
@testable import TUI

/// Nothing the user types or pastes runs as a command they did not mean: a paste,
/// an Alt key in a field, a field whose row disappears while they type.
@Suite struct InputSafetyTests {
    // MARK: Paste

    /// The issue's case: `n`, then a paste of "PasteTest⏎gdy". Nothing is created and
    /// nothing runs; the field keeps its text and says why.
    @Test func aPasteWithALineBreakIsRefusedInAField() {
        var app = makeApp()
        app.press(.character("n"))
        app.type("Ab")
        let effects = app.press(.paste("PasteTest\ngdy"))
        #expect(effects == [])
        #expect(app.editing?.field == .newName)
        #expect(app.editing?.editor.text == "Ab")
        #expect(app.overlay == nil)
        #expect(app.rows.count == plainRows.count)
        #expect(app.status?.text == "Not pasted: the text has a line break, and a name is one line.")
        #expect(app.status?.level == .error)
    }

    @Test func aPasteGoesIntoTheFieldAtTheCursor() {
        var app = makeApp()
        app.press(.character("r"), .home)
        #expect(app.press(.paste("Old ")) == [])
        #expect(app.editing?.editor.text == "Old Harbour View Loft")
        #expect(app.editing?.editor.cursor == 4)
        #expect(app.press(.enter) == [.edit(id: "a1", .name("Old Harbour View Loft"))])
    }

    @Test func aPasteWithAnEscapeSequenceIsRefused() {
        var app = makeApp()
        app.press(.character("e"))
        app.press(.paste("1 Main St\u{1B}[2J"))
        #expect(app.editing?.editor.text == "12 Quay St")
        #expect(app.status?.text == "Not pasted: the text has a control character (U+001B).")
    }

    @Test func aPasteThatDoesNotFitIsRefusedWhole() {
        let limit = PropertyValidation.maximumNameLength
        var app = makeApp()
        app.press(.character("n"))
        app.type("abc")
        app.press(.paste(.text(String(repeating: "x", count: limit))))
        #expect(app.editing?.editor.text == "abc")
        #expect(app.status?.text == "Not pasted: \(limit) characters do not fit; the name holds \(limit) (\(limit - 3) left).")
    }

    /// Issue 29, item 4: a paste longer than a paste may be said "100000 characters" (the
    /// decoder had cut it); the message gives its true size.
    @Test func aPasteTooLongSaysItsTrueSize() {
        var app = makeApp()
        app.press(.character("n"))
        app.type("abc")
        app.press(.paste(.tooLong(characters: 102_400, codePoints: 102_400)))
        #expect(app.editing?.editor.text == "abc")
        #expect(app.status?.text == "Not pasted: 102,400 characters do not fit; the name holds 200 (197 left).")
    }

    /// Issue 29, items 6 and 7: a paste that is not UTF-8 says so (it said nothing, and the
    /// next ⏎ blamed a line break); one holding a paste marker is refused whole.
    @Test func aPasteNotUTF8OrHoldingAMarkerIsRefusedSayingWhy() {
        var app = makeApp()
        app.press(.character("n"))
        app.press(.paste(.invalidUTF8(byte: 0xFF, offset: 3)))
        #expect(app.editing?.editor.text == "")
        #expect(app.status?.text == "Not pasted: the text is not valid UTF-8 (byte 0xFF at offset 3).")
        app.press(.paste("Part1\u{1B}[200~Part2"))
        #expect(app.editing?.editor.text == "")
        #expect(app.status?.text == "Not pasted: the text has a control character (U+001B).")
        app.type("j")
        #expect(app.editing?.editor.text == "j")
    }

    /// In the list a paste runs none of its letters: no delete question, no undo, no quit.
    @Test(arguments: ["gdy", "dy", "u", "q", "n", "\n"])
    func aPasteInTheListRunsNothing(_ text: String) {
        var app = makeApp()
        let before = app.selectedID
        #expect(app.press(.paste(.text(text))) == [])
        #expect(app.overlay == nil)
        #expect(app.editing == nil)
        #expect(app.selectedID == before)
        #expect(app.status?.text == "Nothing was pasted: paste into a field (n new, r rename, e address, / filter).")
    }

    @Test func aPasteAnswersNoToTheDeleteQuestion() {
        var app = makeApp()
        app.press(.character("d"))
        #expect(app.press(.paste("y")) == [])
        #expect(app.overlay == nil)
        #expect(app.status?.text == "Kept “Harbour View Loft”.")
    }

    @Test func aPasteInTheFilterFilters() {
        var app = makeApp()
        app.press(.character("/"))
        app.press(.paste("cottage"))
        #expect(app.rows.count == 1)
    }

    // MARK: Alt keys

    /// M-u in a prompt once cancelled it and ran undo. Now no Alt key leaves the field or runs anything.
    @Test(arguments: ["u", "q", "d", "x", "y", "n", "R"])
    func anAltKeyInAFieldDoesNothingElse(_ letter: Character) {
        var app = makeApp()
        app.press(.character("r"), .control("u"))
        app.type("New name")
        let effects = app.press(.alt(.character(letter)))
        #expect(effects.isEmpty)
        #expect(app.editing?.field == .rename(id: "a1"))
        #expect(app.overlay == nil)
        if letter != "d" { #expect(app.editing?.editor.text == "New name") }
    }

    @Test func anAltKeyInTheListRunsNothing() {
        var app = makeApp()
        #expect(app.press(.alt(.character("u"))) == [])
        #expect(app.press(.alt(.character("d"))) == [])
        #expect(app.overlay == nil)
        #expect(app.status?.text == "M-d does nothing here; ? shows the keys.")
    }

    @Test func readlineWordKeysInAField() {
        var editor = LineEditor("one two-three  four")
        _ = editor.handle(.alt(.character("b")))
        #expect(editor.cursor == 15)  // before "four"
        _ = editor.handle(.alt(.character("b")))
        #expect(editor.cursor == 8)  // before "three"
        _ = editor.handle(.alt(.character("f")))
        #expect(editor.cursor == 13)  // after "three"
        _ = editor.handle(.alt(.backspace))
        #expect(editor.text == "one two-  four")
        #expect(editor.cursor == 8)
        _ = editor.handle(.home)
        _ = editor.handle(.alt(.character("d")))
        #expect(editor.text == " two-  four")
        #expect(editor.cursor == 0)
        #expect(editor.handle(.alt(.character("z"))) == .edited)
        #expect(editor.text == " two-  four")
    }

    // MARK: A row that disappears under an open field

    /// A 200-character name is cut in the message, so that what happened and what ⏎ and Esc do
    /// still show (the whole message was the name).
    @Test func aLongNamesRowDeletedElsewhereStillSaysWhatHappened() {
        let long = String(repeating: "L", count: 200)
        var app = makeApp(rows: [PropertyRow(RealEstateProperty(id: "l1", name: long, createdAt: "2026-11-01T10:00:00.000Z", version: 1))])
        app.press(.character("r"))
        _ = app.reduce(.list(.rowsChanged(RowUpdate(removed: ["l1"]))), now: t0)
        #expect(app.status?.text == "“" + String(repeating: "L", count: 31) + "…” was deleted elsewhere. ⏎ adds it anew with what you typed; Esc leaves.")
    }

    /// The issue's case: the row being renamed is deleted by another client while the user
    /// types "Tidy". The field stays, "dy" is text, nothing reaches the list.
    @Test func aRowDeletedElsewhereKeepsTheFieldAndTheKeys() {
        var app = makeApp()
        app.press(.character("g"), .character("r"), .control("u"))
        app.type("Ti")
        _ = app.reduce(.list(.rowsChanged(RowUpdate(removed: ["a1"]))), now: t0)
        #expect(app.editing?.field == .rename(id: "a1"))
        #expect(app.editing?.vanished?.cause == .deletedElsewhere)
        #expect(app.status?.text == "“Harbour View Loft” was deleted elsewhere. ⏎ adds it anew with what you typed; Esc leaves.")
        #expect(app.type("dy") == [])
        #expect(app.overlay == nil)
        #expect(app.editing?.editor.text == "Tidy")
        let screen = app.render().plainText
        #expect(screen.contains("“Harbour View Loft” deleted elsewhere · name: Tidy"))
        #expect(screen.contains("⏎ add it anew"))
        // Enter adds it anew, with the typed name and the old address.
        #expect(app.press(.enter) == [.create(name: "Tidy", address: "12 Quay St")])
        #expect(app.editing == nil)
    }

    @Test func escapeLeavesTheFieldOfAVanishedRow() {
        var app = makeApp()
        app.press(.character("e"))
        _ = app.reduce(.list(.rowsChanged(RowUpdate(removed: ["a1"]))), now: t0)
        #expect(app.press(.escape) == [])
        #expect(app.editing == nil)
        #expect(app.press(.character("y")) == [])
    }

    /// A row created here and never confirmed goes away because the server refused the create:
    /// the message says so, not "deleted".
    @Test func aRefusedCreateIsNamedAsSuch() {
        var app = makeApp()
        let local = PropertyRow(property("new", "Doomed", createdAt: nil, version: 0), status: .pending(1))
        _ = app.reduce(.list(.rowsChanged(RowUpdate(upserted: [local]))), now: t0)
        app.press(.character("G"), .character("e"))
        #expect(app.editing?.field == .address(id: "new"))
        _ = app.reduce(.list(.rowsChanged(RowUpdate(removed: ["new"]))), now: t0)
        #expect(app.editing?.vanished?.cause == .createRefused)
        #expect(app.status?.text.hasPrefix("The server refused to add “Doomed”.") == true)
        app.type("5 Elm St")
        #expect(app.press(.enter) == [.create(name: "Doomed", address: "5 Elm St")])
    }

    @Test func aRowThatComesBackIsEditedAgain() {
        var app = makeApp()
        app.press(.character("r"))
        let row = app.rows.row(id: "a1")!
        _ = app.reduce(.list(.rowsChanged(RowUpdate(removed: ["a1"]))), now: t0)
        _ = app.reduce(.list(.rowsChanged(RowUpdate(upserted: [row]))), now: t0)
        #expect(app.editing?.vanished == nil)
        app.type("!")
        #expect(app.press(.enter) == [.edit(id: "a1", .name("Harbour View Loft!"))])
    }

    @Test func aDeleteQuestionForAVanishedRowDeletesNothing() {
        var app = makeApp()
        app.press(.character("d"))
        _ = app.reduce(.list(.rowsChanged(RowUpdate(removed: ["a1"]))), now: t0)
        #expect(app.press(.character("y")) == [])
        #expect(app.status?.text == "“Harbour View Loft” is already gone; nothing was deleted.")
    }

    /// Renamed by someone else while the question was open: the `y` was for the old name, so
    /// nothing is deleted and the question is asked again under the new one.
    @Test func aDeleteQuestionForARowRenamedMeanwhileIsAskedAgain() {
        var app = makeApp()
        app.press(.character("d"))
        let row = app.rows.row(id: "a1")!
        var renamed = row.property
        renamed.name = "Renamed by I"
        _ = app.reduce(.list(.rowsChanged(RowUpdate(upserted: [PropertyRow(renamed)]))), now: t0)
        #expect(app.press(.character("y")) == [], "not deleted on the old name's answer")
        #expect(app.status?.text == "“Harbour View Loft” was renamed “Renamed by I” meanwhile: y deletes it under its new name.")
        #expect(app.render().plainText.contains("Delete “Renamed by I”?"))
        #expect(app.press(.character("y")) == [.delete(id: "a1")])
    }

    /// The server refuses a delete (someone else changed the row) and says "press d again": the
    /// row is back, and selected again (the selection had moved to its neighbour when it went),
    /// so that `d` asks about it and not about the neighbour.
    @Test func aRefusedDeletesRowIsSelectedAgainSoItsKeysActOnIt() {
        var app = makeApp()
        let first = app.rows.row(at: 0)
        #expect(app.selectedID == first.id)
        app.press(.character("d"))
        #expect(app.press(.character("y")) == [.delete(id: first.id)])
        _ = app.reduce(.list(.rowsChanged(RowUpdate(removed: [first.id]))), now: t0)
        #expect(app.selectedID != first.id, "the neighbour is selected while it is gone")
        _ = app.reduce(.list(.rowsChanged(RowUpdate(upserted: [first]))), now: t0)
        _ = app.reduce(.list(.reverted(
            OperationSummary(kind: .delete, recordID: first.id, recordName: first.property.name),
            message: "someone else changed it meanwhile; press d again to delete it anyway", conflict: true)), now: t0)
        #expect(app.selectedID == first.id)
        app.press(.character("d"))
        #expect(app.render().plainText.contains("Delete “\(first.property.name)”?"))
    }

    // MARK: Long input

    @Test func aCounterShowsNearTheLimit() {
        let limit = PropertyValidation.maximumNameLength
        var app = makeApp()
        app.press(.character("n"))
        app.type(String(repeating: "a", count: limit * 4 / 5 - 1))
        #expect(!app.render().plainText.contains("/\(limit)"))
        app.type("a")
        #expect(app.render().plainText.contains("\(limit * 4 / 5)/\(limit)"))
    }

    /// Typing far past the limit costs each key the same: the field stays at the limit.
    @Test func typingPastTheLimitKeepsTheField() {
        var app = makeApp()
        app.press(.character("n"))
        app.type(String(repeating: "x", count: 15_000))
        #expect(app.editing?.editor.count == PropertyValidation.maximumNameLength)
        #expect(app.messageHistory.count == 1)  // "The name holds at most …", once
    }

    @Test func aCombiningMarkJoinsItsLetterInTheMiddle() {
        var editor = LineEditor("ab")
        _ = editor.handle(.left)
        _ = editor.handle(.character("\u{301}"))
        #expect(editor.text == "a\u{301}b")
        #expect(editor.count == 2)
        #expect(editor.cursor == 1)
        var flags = LineEditor("🇯")
        _ = flags.handle(.character("🇵"))
        #expect(flags.count == 1)
    }
}
