import AmplifyModels
import Foundation
import ModelScreens
import OptimisticStore
import ScreenValues
import SyncEngine
import Testing
@testable import ModelBrowser

/// Issue 32, item 4: rows marked (Space, `*`, Esc) and changed at once: `d` after one question,
/// `e` with the fields to set, `y` as NDJSON, one `u` for the whole batch; the status line counts
/// the batch as it is answered, and each refusal is kept in `m` with its record.
@Suite struct MarksTests {
    let base = try! BrowserStateTests()

    /// The Transaction list holding `count` rows, "Bread 0"… and every fifth "Rent n", in creation order.
    func list(_ count: Int, height: Int = 24) -> BrowserState {
        var state = base.state(initialModel: "Transaction")
        _ = state.reduce(.resized(width: 100, height: height))
        let rows = (0..<count).map { index in
            RecordRow(base.transaction(
                "t\(index)", index % 5 == 4 ? "Rent \(index)" : "Bread \(index)",
                created: "2026-11-01T10:\(String(format: "%02d", index / 60 % 60)):\(String(format: "%02d", index % 60)).\(String(format: "%03d", index / 3600))Z"))
        }
        _ = state.reduce(.list(model: "Transaction", .loaded(rows)))
        _ = state.reduce(.list(model: "Transaction", .dialectKnown(.plain)))
        return state
    }

    func press(_ state: inout BrowserState, _ keys: Key...) -> [BrowserEffect] {
        keys.flatMap { state.reduce(.keyPressed($0)) }
    }

    func line(_ state: BrowserState, containing text: String) -> String? {
        base.text(state).split(separator: "\n").map(String.init).first { $0.contains(text) }
    }

    @Test func spaceMarksTheRowAndMovesDownAndTheRowShowsItWithoutColour() throws {
        var state = list(3)
        _ = press(&state, .character(" "))
        #expect(state.marks == [RecordKey("t0")])
        #expect(state.selectedKey == RecordKey("t1"), "Space moves down one, as file managers do")
        _ = press(&state, .character(" "))
        #expect(state.marks == [RecordKey("t0"), RecordKey("t1")])
        // The mark is a glyph and bold: it reads with NO_COLOR (colour off is the default here).
        let frame = state.render()
        let row = try #require(frame.plainText.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("Bread 0") })
        #expect(frame[row, 2].text == "*")
        #expect(frame[row, 4].style.contains(.bold))
        #expect(line(state, containing: "Bread 2")?.contains("*") == false, "an unmarked row has no mark")
        #expect(line(state, containing: "──")?.isEmpty == false)
        #expect(base.text(state).contains("2 marked · 3 rows"), "the rule says how many are marked\n\(base.text(state))")
        // Space on a marked row unmarks it.
        _ = press(&state, .character("k"), .character(" "))
        #expect(state.marks == [RecordKey("t0")])
        #expect(base.text(state).contains("1 marked · 3 rows"))
    }

    @Test func starMarksEveryRowOfTheFilteredViewNotOnlyThoseOnScreen() {
        var state = list(100)
        for key in [Key.character("/"), .character("R"), .character("e"), .character("n"), .character("t"), .enter] { _ = state.reduce(.keyPressed(key)) }
        #expect(state.shownCount == 20)
        _ = press(&state, .character("*"))
        #expect(state.marks.count == 20, "all twenty rents, though the screen shows fewer")
        #expect(state.marks.allSatisfy { Int($0.text.dropFirst())! % 5 == 4 }, "and no bread the filter hides")
        #expect(base.text(state).contains("20 marked · 1–"), "\(base.text(state))")
        #expect(base.text(state).contains("Marked 20 rows"))
    }

    @Test func escClearsTheMarksBeforeItsOtherMeanings() {
        var state = list(10)
        for key in [Key.character("/"), .character("B"), .enter] { _ = state.reduce(.keyPressed(key)) }
        _ = press(&state, .character("*"))
        #expect(state.marks.count == 8)
        #expect(base.text(state).contains("Esc clear marks"), "the hints say what Esc does now")
        _ = press(&state, .escape)
        #expect(state.marks.isEmpty)
        #expect(state.textFilter == "B", "the filter stays: Esc took the marks first")
        _ = press(&state, .escape)
        #expect(state.textFilter.isEmpty)
    }

    @Test func deleteAsksOneQuestionNamingTheCount() {
        var state = list(6)
        _ = press(&state, .character(" "), .character(" "), .character("j"), .character(" "))
        #expect(state.marks.count == 3)
        #expect(press(&state, .character("d")).isEmpty)
        #expect(base.text(state).contains("Delete 3 records?"), "\(base.text(state))")
        #expect(base.text(state).contains("u brings them all back, each under its own key."))
        // Anything but y keeps them, marks and all.
        _ = press(&state, .character("n"))
        #expect(state.marks.count == 3 && base.text(state).contains("Kept the 3 marked records."))
        _ = press(&state, .character("d"))
        let effects = press(&state, .character("y"))
        #expect(effects == [.deleteMany(model: "Transaction", [RecordKey("t0"), RecordKey("t1"), RecordKey("t3")])], "in the list's order")
        #expect(state.marks.isEmpty)
        #expect(base.text(state).contains("Deleting 3 records…"))
    }

    @Test func onTheVersionedDialectTheQuestionSaysUndoMakesNewRecords() {
        var state = list(3)
        _ = state.reduce(.list(model: "Transaction", .dialectKnown(.versioned)))
        _ = press(&state, .character("*"), .character("d"))
        #expect(base.text(state).contains("Delete 3 records?"))
        #expect(base.text(state).contains("back as new records"), "\(base.text(state))")
    }

    /// A record a live sync deletes loses its mark; the count follows.
    @Test func aMarkOnARecordDeletedElsewhereGoes() {
        var state = list(4)
        _ = press(&state, .character("*"))
        _ = state.reduce(.list(model: "Transaction", .rowsChanged(RecordRowUpdate(removed: [RecordKey("t2")]))))
        #expect(state.marks == [RecordKey("t0"), RecordKey("t1"), RecordKey("t3")])
        #expect(base.text(state).contains("3 marked · 3 rows"))
    }

    /// `340 of 1,000 deleted, 660 under way`; each refusal in `m`, with its record's name and key
    /// and the server's reason; the end said once.
    @Test func theStatusLineCountsTheBatchAndKeepsEachRefusal() {
        var state = list(3)
        let keys = (0..<1_000).map { RecordKey("k\($0)") }
        _ = state.reduce(.list(model: "Transaction", .batchStarted(RecordBatch(kind: .delete, recordIDs: keys))))
        #expect(base.text(state).contains("0 of 1,000 deleted, 1,000 under way"))
        for key in keys.prefix(340) {
            _ = state.reduce(.list(model: "Transaction", .succeeded(RecordOperationSummary(kind: .delete, recordID: key, recordName: "Bread"))))
        }
        #expect(base.text(state).contains("340 of 1,000 deleted, 660 under way"), "\(base.text(state))")
        #expect(!state.messageHistory.contains { $0.text.contains("Bread deleted") }, "no message a record: the count says it")
        let before = state.messageHistory.count
        for key in keys[340..<342] {
            _ = state.reduce(.list(model: "Transaction", .reverted(
                RecordOperationSummary(kind: .delete, recordID: key, recordName: "Rent \(key.text)"), message: "Not allowed by a rule",
                conflict: false)))
        }
        #expect(base.text(state).contains("340 of 1,000 deleted, 658 under way, 2 refused (m lists them)"))
        #expect(state.messageHistory.count == before + 2)
        _ = press(&state, .character("m"))
        let messages = base.text(state)
        #expect(messages.contains("delete “Rent k341” (k341) failed, reverted: Not allowed by a rule"), "\(messages)")
        #expect(messages.contains("delete “Rent k340” (k340) failed, reverted: Not allowed by a rule"))
        _ = press(&state, .escape)
        for key in keys[342...] {
            _ = state.reduce(.list(model: "Transaction", .succeeded(RecordOperationSummary(kind: .delete, recordID: key, recordName: "Bread"))))
        }
        #expect(base.text(state).contains("Deleted 998 of 1,000 records; 2 refused (m lists them)."), "\(base.text(state))")
        #expect(state.batches.isEmpty)
        // Afterwards a record's own answer is said as ever (once a key has seen the error).
        _ = press(&state, .character("j"))
        _ = state.reduce(.list(model: "Transaction", .succeeded(RecordOperationSummary(kind: .delete, recordID: RecordKey("t0"), recordName: "Bread 0"))))
        #expect(base.text(state).contains("“Bread 0” deleted"), "\(base.text(state))")
    }

    /// One `u` asks the list to undo its last change (the batch, whole: `RecordList+Batch`), whose
    /// own batch is counted in the words of what it undoes.
    @Test func oneUndoIsOneEffectAndItsBatchIsCounted() {
        var state = list(3)
        let keys = (0..<3).map { RecordKey("t\($0)") }
        #expect(press(&state, .character("u")) == [.undo(model: "Transaction")])
        _ = state.reduce(.list(model: "Transaction", .batchStarted(RecordBatch(kind: .undo, undoing: .delete, recordIDs: keys))))
        _ = state.reduce(.undid("Undid deleting 3 records: they are back.", model: "Transaction", key: keys[0]))
        #expect(state.status?.level == .info, "under way until its batch is answered, not done")
        _ = state.reduce(.list(model: "Transaction", .succeeded(RecordOperationSummary(kind: .undo, recordID: keys[0], recordName: "Bread 0"))))
        #expect(base.text(state).contains("1 of 3 back, 2 under way"), "\(base.text(state))")
        for key in keys.dropFirst() {
            _ = state.reduce(.list(model: "Transaction", .succeeded(RecordOperationSummary(kind: .undo, recordID: key, recordName: "x"))))
        }
        #expect(base.text(state).contains("Brought back 3 records."))
    }

    /// `u` partway through a big delete: the undo's message counts every record back on screen,
    /// and its end counts the ones the server deleted and created again, saying what the others were.
    @Test func anUndoPartlyBeforeSendingSaysWhatItsEndCounts() {
        var state = list(5)
        let keys = (0..<2).map { RecordKey("t\($0)") }
        _ = state.reduce(.list(model: "Transaction", .batchStarted(RecordBatch(kind: .undo, undoing: .delete, recordIDs: keys, notSent: 3))))
        for key in keys {
            _ = state.reduce(.list(model: "Transaction", .succeeded(RecordOperationSummary(kind: .undo, recordID: key, recordName: "x"))))
        }
        #expect(base.text(state).contains("Brought back 2 records on the server (the other 3 had not been sent)."), "\(base.text(state))")
    }

    @Test func yCopiesTheMarkedRecordsAsNDJSONInTheirWireForm() throws {
        var state = list(4)
        _ = press(&state, .character("j"), .character(" "), .character(" "))
        let effects = press(&state, .character("y"))
        guard case .copyToClipboard(let text)? = effects.first else {
            Issue.record("no copy: \(effects)")
            return
        }
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2 && text.hasSuffix("\n"))
        let objects = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.map { $0["id"] as? String } == ["t1", "t2"])
        #expect(objects[0]["description"] as? String == "Bread 1")
        #expect(objects[0]["amount"] as? Double == 10)
        #expect(objects[0]["kind"] as? String == "EXPENSE", "an enum as the API carries it")
        #expect(objects[0]["date"] as? String == "2026-11-01")
        #expect(objects[0].keys.contains("quantity") && objects[0]["quantity"] is NSNull, "every field, null ones too")
        #expect(objects[0]["_version"] == nil, "the plain dialect has no _version")
        #expect(base.text(state).contains("Sent 2 records as NDJSON"))
        #expect(state.marks.count == 2, "copying keeps the marks")
        // Without marks, y in the list copies nothing, and says what would.
        _ = press(&state, .escape)
        #expect(press(&state, .character("y")).isEmpty)
        #expect(base.text(state).contains("y does nothing here without marks"))
    }

    /// More than the clipboard takes is not sent at all (a cut OSC 52 sequence would swallow the
    /// screen's next bytes): the status line says so and names the way to a file.
    @Test func yRefusesMoreThanAClipboardTakesAndSaysHowToExport() {
        var state = list(6_000, height: 24)
        _ = press(&state, .character("*"))
        #expect(state.marks.count == 6_000)
        #expect(press(&state, .character("y")).isEmpty)
        #expect(base.text(state).contains("Not copied: 6,000 records are over the clipboard's 512 kB"), "\(base.text(state))")
        #expect(base.text(state).contains("proptui export Transaction"))
        #expect(state.marks.count == 6_000, "the marks stay")
    }

    @Test func editWithMarksSetsOnlyTheFieldsFilledInAndChecksThem() throws {
        var state = list(5)
        _ = press(&state, .character(" "), .character(" "), .character(" "))
        #expect(press(&state, .character("e")).isEmpty)
        #expect(base.text(state).contains("Edit 3 Transactions"), "\(base.text(state))")
        #expect(base.text(state).contains("unchanged"), "an empty field says what it does")
        guard case .form(let form) = state.screen else {
            Issue.record("no form")
            return
        }
        #expect(!form.fieldNames.contains("id"), "no key: each record keeps its own")
        // amount takes a number: the form's own check refuses text, and nothing is sent.
        while state.focusedFormField != "amount" { _ = press(&state, .tab) }
        for character in "lots" { _ = press(&state, .character(character)) }
        #expect(press(&state, .control("s")).isEmpty)
        #expect(base.text(state).contains("Not saved"), "\(base.text(state))")
        for _ in 0..<4 { _ = press(&state, .backspace) }
        for character in "42.5" { _ = press(&state, .character(character)) }
        let effects = press(&state, .control("s"))
        #expect(effects == [.updateMany(
            model: "Transaction", [RecordKey("t0"), RecordKey("t1"), RecordKey("t2")],
            try ModelRecordPatch.checked(["amount": .float(42.5)], layout: try #require(base.layouts["Transaction"])))])
        #expect(base.text(state).contains("Setting amount on 3 records…"))
        // Nothing filled in: nothing is sent.
        _ = press(&state, .character("e"))
        #expect(press(&state, .control("s")).isEmpty)
        #expect(base.text(state).contains("Nothing changed: every field was left empty."))
    }

    /// An edit of marked rows changes those whose values differ; its end says how many of the
    /// marked held the values already, so the count is never short without a word.
    @Test func anEditsEndSaysHowManyMarkedRecordsHeldTheValuesAlready() throws {
        var state = list(3)
        _ = press(&state, .character("*"), .character("e"))
        while state.focusedFormField != "amount" { _ = press(&state, .tab) }
        for character in "7" { _ = press(&state, .character(character)) }
        #expect(press(&state, .control("s")).count == 1)
        // The list left out the one that held 7 already: two changes, in one batch that says so.
        let keys = [RecordKey("t0"), RecordKey("t2")]
        _ = state.reduce(.list(model: "Transaction", .batchStarted(RecordBatch(kind: .edit, recordIDs: keys, heldAlready: 1))))
        for key in keys {
            _ = state.reduce(.list(model: "Transaction", .succeeded(RecordOperationSummary(kind: .edit, recordID: key, recordName: "x"))))
        }
        #expect(base.text(state).contains("Changed 2 records (1 more held these values already)."), "\(base.text(state))")
    }

    /// The marks are a set of keys: `*` over 100,000 rows is one pass, and the keys after it (a
    /// mark, a move, a frame) stay as fast as without marks.
    @Test func markingAHundredThousandRowsDoesNotFreezeTheScreen() {
        var state = list(100_000)
        let clock = ContinuousClock()
        let marking = clock.measure { _ = press(&state, .character("*")) }
        #expect(state.marks.count == 100_000)
        let keys = clock.measure {
            for _ in 0..<50 { _ = press(&state, .character(" ")) }
            _ = state.render()
        }
        #expect(marking < .seconds(2), "\(marking) in a debug build (some 0.2 s alone)")
        #expect(keys < .seconds(1), "\(keys)")
        #expect(base.text(state).contains("99,950 marked"))
    }
}

extension BrowserState {
    /// The form's focused field, for tests.
    var focusedFormField: String? {
        if case .form(let form) = screen { form.focusedField } else { nil }
    }
}
