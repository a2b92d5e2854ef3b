import AmplifyModels
import Foundation
import ModelScreens
import OptimisticStore
import SyncEngine
import ScreenValues
import Testing
@testable import ModelBrowser

/// The browser as a person uses it, key by key, over a real Gen 2 model set (the fixture
/// `reading-club.json`: readers and their books, a `belongsTo`/`hasMany` pair) with the lists'
/// events fed in by hand: no server, no terminal.
@Suite struct BrowserStateTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("AmplifyModelsTests/Fixtures")

    let schema: ModelSchema
    let layouts: [String: RecordLayout]

    init() throws {
        schema = try ModelIntrospectionReader.read(Data(contentsOf: Self.fixtures.appendingPathComponent("household-budget.json")))
        var layouts: [String: RecordLayout] = [:]
        for model in schema.models { layouts[model.name] = try RecordLayout(model: model, schema: schema) }
        self.layouts = layouts
    }

    func state(initialModel: String? = nil) -> BrowserState {
        var state = BrowserState(
            schema: schema, layouts: layouts, access: [:], backend: "local · API key", initialModel: initialModel)
        _ = state.reduce(.resized(width: 100, height: 24))
        return state
    }

    func transaction(_ key: String, _ description: String, amount: Double = 10, created: String) -> ModelRecord {
        ModelRecord(
            layout: layouts["Transaction"]!, key: RecordKey(key),
            values: [
                "description": .string(description), "amount": .float(amount), "kind": .enumValue("EXPENSE"),
                "date": .string("2026-11-01"), "createdAt": .string(created),
            ], version: 1)
    }

    func text(_ state: BrowserState) -> String { state.render().plainText }

    @Test func severalModelsStartOnThePickerAndEnterOpensOne() {
        var state = state()
        #expect(text(state).contains("Models"))
        // Type to filter, then open.
        let all = schema.models.count
        #expect(text(state).contains("── \(all) models"))
        // Nothing behind the first picker: Esc keeps it (it opened the first model's list).
        _ = state.reduce(.keyPressed(.escape))
        #expect(text(state).contains("Choose a model with ⏎, or quit with C-c."))
        #expect(text(state).contains("C-c quit") && !text(state).contains("Esc back"))
        for character in "Trans" { _ = state.reduce(.keyPressed(.character(character))) }
        #expect(text(state).contains("── 1 of \(all) models"), "the rule counts what the filter keeps")
        _ = state.reduce(.keyPressed(.enter))
        #expect(state.model == "Transaction")
        #expect(text(state).contains("Loading…"), "its list, before the server answered")
    }

    @Test func rowsArriveInCreationOrderAndAChangeIsAnEffect() {
        var state = state(initialModel: "Transaction")
        let rent = transaction("rent", "Rent", created: "2026-11-01T10:00:00.000Z")
        let food = transaction("food", "Food", created: "2026-11-01T09:00:00.000Z")
        _ = state.reduce(.list(model: "Transaction", .loaded([RecordRow(rent), RecordRow(food)])))
        #expect(state.shownKeys == [RecordKey("food"), RecordKey("rent")])
        let screen = text(state)
        #expect(screen.contains("Food") && screen.contains("Rent"))

        // d, then y: the delete goes to the list.
        _ = state.reduce(.keyPressed(.character("j")))
        _ = state.reduce(.keyPressed(.character("d")))
        #expect(text(state).contains("Delete “Rent”?"))
        #expect(state.reduce(.keyPressed(.character("y"))) == [.delete(model: "Transaction", RecordKey("rent"))])
    }

    /// A value longer than the screen: End scrolls to the last field, under which the sync
    /// state and the relations are drawn (the scroll was bounded by the whole body, so the
    /// last fields could not be reached).
    /// A key with no command, or an Alt key (an Esc and a key arriving together), runs nothing and says so.
    @Test func aKeyThatDoesNothingSaysSo() {
        var state = state(initialModel: "Transaction")
        _ = state.reduce(.list(model: "Transaction", .loaded([RecordRow(transaction("rent", "Rent", created: "2026-11-01T10:00:00.000Z"))])))
        #expect(state.reduce(.keyPressed(.alt(.character("d")))).isEmpty)
        #expect(text(state).contains("M-d does nothing here; ? shows the keys."))
        #expect(state.reduce(.keyPressed(.character("z"))).isEmpty)
        #expect(text(state).contains("z does nothing here"))
        #expect(state.reduce(.keyPressed(.function(6))).isEmpty)
        #expect(text(state).contains("F6 does nothing here"))
        #expect(state.reduce(.keyPressed(.control("x"))).isEmpty)
        #expect(text(state).contains("C-x does nothing here"))
        #expect(state.reduce(.keyPressed(.paste("dyq"))).isEmpty)
        #expect(text(state).contains("Nothing was pasted: paste into a field (n new, r rename, e edit, / filter)."))
        #expect(state.shownKeys == [RecordKey("rent")])
    }

    /// The header says the list's order, as the sample's does, and names a detail's record.
    @Test func theHeaderSaysTheSortAndTheRecordShown() throws {
        var state = state(initialModel: "Transaction")
        _ = state.reduce(.list(model: "Transaction", .loaded([RecordRow(transaction("rent", "Rent", created: "2026-11-01T10:00:00.000Z"))])))
        let field = try #require(layouts["Transaction"]?.model.displayField)
        let header = { (state: BrowserState) in self.text(state).split(separator: "\n").first.map(String.init) ?? "" }
        #expect(header(state).contains("Transactions · by creation"), "the plural name in words titles the list")
        _ = state.reduce(.keyPressed(.character("s")))
        #expect(header(state).contains("Transactions · by \(field)"))
        _ = state.reduce(.keyPressed(.enter))
        #expect(header(state).contains("Transactions › Rent") && !header(state).contains("· by"))
    }

    /// A read-only model offers no change in its hints or its empty list.
    @Test func aReadOnlyModelOffersNoChange() {
        var state = BrowserState(
            schema: schema, layouts: layouts,
            access: ["Transaction": ModelAccess(allowed: ModelOperation.all, readOnlyReason: "only its owner may change it")],
            backend: "local · API key", initialModel: "Transaction")
        _ = state.reduce(.resized(width: 120, height: 24))
        _ = state.reduce(.list(model: "Transaction", .loadStateChanged(.loaded)))
        #expect(text(state).contains("No Transaction yet.") && !text(state).contains("n adds one"))
        #expect(!text(state).contains("n new") && !text(state).contains("d delete") && text(state).contains("/ filter"))
        // With a record: it opens, and nothing offers to change it (`r` is refused there too).
        _ = state.reduce(.list(model: "Transaction", .loaded([RecordRow(transaction("rent", "Rent", created: "2026-11-01T10:00:00.000Z"))])))
        #expect(text(state).contains("⏎ detail"))
        #expect(!text(state).contains("r rename") && !text(state).contains("e edit") && !text(state).contains("d delete"))
    }

    /// A terminal too small to show the list: keys do nothing (`d` then `y` deleted a record no
    /// one could see), and the screen says what size it needs.
    @Test func keysDoNothingWhileTheScreenIsTooSmall() {
        var state = state(initialModel: "Transaction")
        _ = state.reduce(.list(model: "Transaction", .loaded([RecordRow(transaction("rent", "Rent", created: "2026-11-01T10:00:00.000Z"))])))
        _ = state.reduce(.resized(width: 20, height: 6))
        #expect(text(state).contains("need 40×10"))
        for key in [Key.character("d"), .character("y"), .character("n"), .enter] {
            #expect(state.reduce(.keyPressed(key)).isEmpty)
        }
        _ = state.reduce(.resized(width: 100, height: 30))
        #expect(text(state).contains("Rent") && !text(state).contains("Delete"))
    }

    /// A record deleted elsewhere while it is edited: the user is told while typing, and saving
    /// keeps what was typed, as the record added anew with a new id, never a failed update.
    @Test func anEditOfARecordDeletedElsewhereIsKeptAndAddedAnew() throws {
        var state = state(initialModel: "Transaction")
        _ = state.reduce(.list(model: "Transaction", .loaded([RecordRow(transaction("rent", "Rent", created: "2026-11-01T10:00:00.000Z"))])))
        _ = state.reduce(.keyPressed(.character("e")))
        guard case .form(let opened) = state.screen else { Issue.record("no form"); return }
        let field = try #require(opened.focusedField)
        _ = state.reduce(.keyPressed(.end))
        for character in "9" { _ = state.reduce(.keyPressed(.character(character))) }
        guard case .form(let typed) = state.screen else { Issue.record("no form"); return }
        let typedText = try #require(typed.text(ofField: field))

        _ = state.reduce(.list(model: "Transaction", .rowsChanged(RecordRowUpdate(upserted: [], removed: [RecordKey("rent")]))))
        #expect(text(state).contains("“Rent” was deleted elsewhere: C-s adds it again with what you typed."))
        #expect(state.reduce(.keyPressed(.control("s"))).isEmpty, "no update of a record that is gone")
        guard case .form(let again) = state.screen else { Issue.record("the form closed"); return }
        #expect(again.text(ofField: field) == typedText)
        #expect(Set(again.parents.keys) == Set(opened.parents.keys) && !again.parents.isEmpty, "the form added anew still names the parents held")
        #expect(text(state).contains("C-s adds it again with what you typed, Esc discards it."))

        let effects = state.reduce(.keyPressed(.control("s")))
        guard case .create(model: "Transaction", let record)? = effects.first else { Issue.record("no create: \(effects)"); return }
        #expect(record.id != RecordKey("rent"), "a new id: the old one may be held by a tombstone")
        let written = zip(record.layout.codecs, record.values).map { codec, value in codec.text(value) }
        #expect(written.contains(typedText), "\(written)")
    }

    @Test func theDetailOfALongValueScrollsToItsLastField() throws {
        var state = state(initialModel: "Transaction")
        let long = transaction("long", String(repeating: "word ", count: 600), created: "2026-11-01T10:00:00.000Z")
        _ = state.reduce(.list(model: "Transaction", .loaded([RecordRow(long)])))
        _ = state.reduce(.keyPressed(.enter))
        let last = try #require(layouts["Transaction"]?.fields.last?.name)
        #expect(!text(state).contains(last + " "))
        _ = state.reduce(.keyPressed(.end))
        #expect(text(state).contains(last + " "), "End reaches the last field")
        #expect(text(state).contains("Sync: as the server has it"))
        for _ in 0..<3 { _ = state.reduce(.keyPressed(.down)) }
        #expect(text(state).contains(last + " "), "↓ past the end keeps it shown")
    }

    /// Esc leaves an untouched form at once, and asks before throwing away what was typed.
    @Test func escapeAsksBeforeDiscardingWhatWasTyped() {
        var state = state(initialModel: "Transaction")
        _ = state.reduce(.list(model: "Transaction", .loadStateChanged(.loaded)))
        _ = state.reduce(.keyPressed(.character("n")))
        _ = state.reduce(.keyPressed(.escape))
        #expect(!text(state).contains("Discard"), "nothing typed: Esc closes the form")
        #expect(text(state).contains("No Transaction yet"))

        _ = state.reduce(.keyPressed(.character("n")))
        _ = state.reduce(.keyPressed(.tab))
        for character in "Bread" { _ = state.reduce(.keyPressed(.character(character))) }
        _ = state.reduce(.keyPressed(.escape))
        #expect(text(state).contains("Discard what you typed in this form?"))
        _ = state.reduce(.keyPressed(.paste("y")))
        #expect(text(state).contains("Bread"), "a paste is not an answer: the form is back as typed")
        #expect(!text(state).contains("Discard what you typed"))
        _ = state.reduce(.keyPressed(.escape))
        _ = state.reduce(.keyPressed(.character("y")))
        #expect(text(state).contains("Discarded what you typed.") && text(state).contains("No Transaction yet"))
    }

    /// A change made while the server cannot be reached says so at once: made here, sent later.
    @Test func aChangeMadeOfflineSaysItWaits() {
        var state = state(initialModel: "Transaction")
        _ = state.reduce(.list(model: "Transaction", .connectivityChanged(.offline("the server refused the connection"))))
        _ = state.reduce(.list(model: "Transaction", .loaded([RecordRow(transaction("rent", "Rent", created: "2026-11-01T10:00:00.000Z"))])))
        _ = state.reduce(.keyPressed(.character("d")))
        _ = state.reduce(.keyPressed(.character("y")))
        #expect(text(state).contains("Deleted “Rent” here; it is sent when the server is back."))
        _ = state.reduce(.list(model: "Transaction", .connectivityChanged(.online)))
        _ = state.reduce(.keyPressed(.character("e")))
        _ = state.reduce(.keyPressed(.backTab))  // on the description: its key is fixed
        _ = state.reduce(.keyPressed(.character("s")))
        _ = state.reduce(.keyPressed(.control("s")))
        #expect(text(state).contains("Saving the changes to “Rent”…"))
    }

    /// Renamed elsewhere while "Delete …?" was open: the y was for the old name; asked again.
    @Test func aDeleteQuestionForARowRenamedMeanwhileIsAskedAgain() {
        var state = state(initialModel: "Transaction")
        _ = state.reduce(.list(model: "Transaction", .loaded([RecordRow(transaction("rent", "Rent", created: "2026-11-01T10:00:00.000Z"))])))
        _ = state.reduce(.keyPressed(.character("d")))
        let renamed = transaction("rent", "Rent (theirs)", created: "2026-11-01T10:00:00.000Z")
        _ = state.reduce(.list(model: "Transaction", .rowsChanged(RecordRowUpdate(upserted: [RecordRow(renamed)]))))
        #expect(state.reduce(.keyPressed(.character("y"))) == [])
        #expect(text(state).contains("Delete “Rent (theirs)”?"))
        #expect(state.reduce(.keyPressed(.character("y"))) == [.delete(model: "Transaction", RecordKey("rent"))])
    }

    @Test func theEditFormSubmitsOnlyWhatChanged() {
        var state = state(initialModel: "Transaction")
        let rent = transaction("rent", "Rent", created: "2026-11-01T10:00:00.000Z")
        _ = state.reduce(.list(model: "Transaction", .loaded([RecordRow(rent)])))
        _ = state.reduce(.keyPressed(.character("e")))
        guard case .form(let form) = state.screen else {
            Issue.record("expected the form")
            return
        }
        // The focus starts on the first field after the display field (`r` renames that one);
        // S-Tab reaches it: type at its end, then save.
        #expect(form.focusedField == "amount")
        _ = state.reduce(.keyPressed(.backTab))
        _ = state.reduce(.keyPressed(.character("!")))
        let effects = state.reduce(.keyPressed(.control("s")))
        #expect(effects == [.update(model: "Transaction", RecordKey("rent"), ModelRecordPatch(["description": .string("Rent!")]))])
    }

    @Test func aPasteNeverRunsACommand() {
        var state = state(initialModel: "Transaction")
        _ = state.reduce(.list(model: "Transaction", .loaded([RecordRow(transaction("rent", "Rent", created: "2026-11-01T10:00:00.000Z"))])))
        #expect(state.reduce(.keyPressed(.paste("dy\nq"))).isEmpty)
        #expect(state.overlay == nil)
        #expect(state.reduce(.keyPressed(.alt(.character("d")))).isEmpty)
        #expect(state.overlay == nil)
        // In the filter it is text, on one line.
        _ = state.reduce(.keyPressed(.character("/")))
        _ = state.reduce(.keyPressed(.paste("Re\nnt")))
        #expect(state.textFilter == "Re nt")
        // Whole or not at all: a control character was dropped and the rest put in.
        _ = state.reduce(.keyPressed(.paste("x\u{1B}[2Jy")))
        #expect(state.textFilter == "Re nt")
        #expect(text(state).contains("Not pasted: the text has a control character (U+001B)."))
        _ = state.reduce(.keyPressed(.paste(.invalidUTF8(byte: 0xFE, offset: 4))))
        #expect(state.textFilter == "Re nt")
        #expect(text(state).contains("Not pasted: the text is not valid UTF-8 (byte 0xFE at offset 4)."))
    }

    /// The sample's words for a refusal, for every model: a rename names where it went, a refused
    /// create the later changes taken back with it, and a narrow line keeps the reason.
    @Test func aRefusalIsSaidInTheSamplesWords() {
        var state = state(initialModel: "Transaction")
        let rent = transaction("rent", "Rent", created: "2026-11-01T10:00:00.000Z")
        _ = state.reduce(.list(model: "Transaction", .loaded([RecordRow(rent)])))
        let rename = RecordOperationSummary<ModelRecord>(kind: .rename, recordID: rent.id, recordName: "Rent", newName: "Rent, paid")
        _ = state.reduce(.list(model: "Transaction", .reverted(rename, message: "Name is reserved", conflict: false)))
        #expect(text(state).contains("✗ rename “Rent” to “Rent, paid” failed, reverted: Name is reserved"))
        let create = RecordOperationSummary<ModelRecord>(kind: .create, recordID: rent.id, recordName: "Doomed", takenBackWith: [.rename, .edit])
        _ = state.reduce(.list(model: "Transaction", .reverted(create, message: "no", conflict: false)))
        #expect(text(state).contains("✗ add “Doomed” failed, reverted with its rename and its change: no"))
        var narrow = state
        _ = narrow.reduce(.resized(width: 50, height: 20))
        _ = narrow.reduce(.list(model: "Transaction", .reverted(rename, message: "Name is reserved", conflict: false)))
        #expect(text(narrow).contains("✗ rename failed, reverted: Name is reserved"), "\(text(narrow))")
    }

    /// `u` in the detail of a record just added: the undo removes it, and the screen goes back to
    /// the list saying what the undo did, as the sample's does, not "gone from the list".
    @Test func undoingAnAddFromItsDetailGoesBackToTheList() {
        var state = state(initialModel: "Transaction")
        let rent = transaction("rent", "Rent", created: "2026-11-01T10:00:00.000Z")
        _ = state.reduce(.list(model: "Transaction", .loaded([RecordRow(rent)])))
        _ = state.reduce(.keyPressed(.enter))
        guard case .detail = state.screen else { Issue.record("no detail"); return }
        #expect(state.reduce(.keyPressed(.character("u"))) == [.undo(model: "Transaction")])
        _ = state.reduce(.list(model: "Transaction", .rowsChanged(RecordRowUpdate(upserted: [], removed: [rent.id]))))
        _ = state.reduce(.undid("Undid adding “Rent”: it is deleted.", model: "Transaction", key: rent.id))
        guard case .list = state.screen else { Issue.record("still on \(state.screen)"); return }
        #expect(text(state).contains("Undid adding “Rent”") && !text(state).contains("gone"))
    }

    /// The link's changes are said as the sample's says them: why it is offline (once, kept in
    /// `m`), back online, and credentials refused as an error that says what stops.
    @Test func theStatusLineSaysWhyTheServerCannotBeUsed() {
        var state = state(initialModel: "Transaction")
        _ = state.reduce(.list(model: "Transaction", .connectivityChanged(.online)))
        _ = state.reduce(.list(model: "Transaction", .connectivityChanged(.offline("the server refused the connection"))))
        #expect(text(state).contains("Offline: the server refused the connection; changes are kept and sent when it is back."))
        _ = state.reduce(.list(model: "Transaction", .connectivityChanged(.reconnecting)))
        _ = state.reduce(.list(model: "Transaction", .connectivityChanged(.offline("the server refused the connection"))))
        #expect(state.messageHistory.filter { $0.text.hasPrefix("Offline") }.count == 1, "once per episode")
        _ = state.reduce(.list(model: "Transaction", .connectivityChanged(.online)))
        #expect(text(state).contains("Back online: waiting changes are being sent."))
        // A load that failed because the server cannot be reached says so as the link's notice
        // (not a refresh's error), in either order, and gives way to "Back online" too.
        _ = state.reduce(.list(model: "Transaction", .connectivityChanged(.offline("the server refused the connection"))))
        _ = state.reduce(.list(model: "Transaction", .loadFailed(message: "the server refused the connection")))
        #expect(text(state).contains("Offline: the server refused the connection; changes are kept") && !text(state).contains("refresh failed"))
        _ = state.reduce(.list(model: "Transaction", .connectivityChanged(.online)))
        #expect(text(state).contains("Back online: waiting changes are being sent."))
        var starting = self.state(initialModel: "Transaction")
        _ = starting.reduce(.list(model: "Transaction", .loadFailed(message: "the server refused the connection")))
        #expect(text(starting).contains("✗ refresh failed"), "connecting still: a refresh's error")
        _ = starting.reduce(.list(model: "Transaction", .connectivityChanged(.offline("the server refused the connection"))))
        #expect(text(starting).contains("Offline: the server refused the connection; changes are kept"), "\(text(starting))")
        _ = starting.reduce(.list(model: "Transaction", .connectivityChanged(.online)))
        #expect(text(starting).contains("Back online"))
        _ = state.reduce(.list(model: "Transaction", .connectivityChanged(.unauthorized("the API key was refused."))))
        #expect(text(state).contains("✗ refresh failed: not authorized: the API key was refused. Changes are kept"))
        // Another model's link is its own: not news on this screen.
        _ = state.reduce(.list(model: "Category", .connectivityChanged(.offline("gone"))))
        #expect(!text(state).contains("Offline: gone"))
    }

    /// The questions are the sample's, in its box and words (`QuestionBox`).
    @Test func theQuestionsAreTheSamples() {
        var state = state(initialModel: "Transaction")
        let rent = transaction("rent", "Rent", created: "2026-11-01T10:00:00.000Z")
        _ = state.reduce(.list(model: "Transaction", .loaded([RecordRow(rent, status: .pending(1))])))
        _ = state.reduce(.list(model: "Transaction", .pendingCountChanged(1)))
        _ = state.reduce(.keyPressed(.character("d")))
        #expect(text(state).contains("Delete “Rent”?") && text(state).contains("y deletes · any other key keeps it"))
        #expect(text(state).contains("default: No"))
        _ = state.reduce(.keyPressed(.character("n")))
        _ = state.reduce(.keyPressed(.character("q")))
        #expect(text(state).contains("1 change waits for the server.") && text(state).contains("It is kept and sent on the next start."))
        #expect(text(state).contains("y quits · any other key stays"))
    }

    @Test func marksSayWhatWaitsAndWhatWasRefused() {
        var state = state(initialModel: "Transaction")
        let rent = transaction("rent", "Rent", created: "2026-11-01T10:00:00.000Z")
        _ = state.reduce(.list(model: "Transaction", .loaded([RecordRow(rent, status: .pending(1))])))
        #expect(state.mark(of: state.rows["Transaction"]?.row(rent.id)) == ("…", true))
        let summary = RecordOperationSummary<ModelRecord>(kind: .edit, recordID: rent.id, recordName: "Rent")
        _ = state.reduce(.list(model: "Transaction", .rowsChanged(RecordRowUpdate(upserted: [RecordRow(rent)]))))
        _ = state.reduce(.list(model: "Transaction", .reverted(summary, message: "amount must be positive", conflict: false)))
        #expect(text(state).contains("✗ change of “Rent” failed, reverted: amount must be positive"))
        #expect(state.mark(of: state.rows["Transaction"]?.row(rent.id)) == ("!", false))
        _ = state.reduce(.list(model: "Transaction", .rowsChanged(RecordRowUpdate(upserted: [RecordRow(rent, status: .conflict("someone else changed its amount to “5.0” meanwhile"))]))))
        _ = state.reduce(.keyPressed(.character("k")))
        #expect(state.mark(of: state.rows["Transaction"]?.row(rent.id)) == ("⚡", false))
        #expect(state.reduce(.keyPressed(.character("o"))) == [.reapplyMine(model: "Transaction", rent.id)])
    }

    @Test func aRelationIsFollowedAndEscComesBack() throws {
        var state = state(initialModel: "Transaction")
        let categoryLayout = try #require(layouts["Category"])
        let groceries = ModelRecord(
            layout: categoryLayout, key: RecordKey("groceries"), values: ["name": .string("Groceries")], version: 1)
        var bread = transaction("bread", "Bread", created: "2026-11-01T10:00:00.000Z")
        bread["categoryId"] = .string("groceries")
        _ = state.reduce(.list(model: "Category", .loaded([RecordRow(groceries)])))
        _ = state.reduce(.list(model: "Transaction", .loaded([RecordRow(bread)])))
        _ = state.reduce(.keyPressed(.character("f")))
        #expect(state.model == "Category")
        guard case .detail(let detail) = state.screen else {
            Issue.record("expected the parent's detail")
            return
        }
        #expect(detail.record.id == groceries.id)
        // From the parent to its children, then back twice.
        _ = state.reduce(.keyPressed(.character("f")))
        if case .follow = state.overlay { _ = state.reduce(.keyPressed(.enter)) }
        #expect(state.model == "Transaction" && state.shownKeys == [bread.id])
        _ = state.reduce(.keyPressed(.escape))
        #expect(state.model == "Category")
        _ = state.reduce(.keyPressed(.escape))
        _ = state.reduce(.keyPressed(.escape))
        #expect(state.model == "Transaction" && state.relationFilter == nil)
    }

    @Test func aReadOnlyModelSaysWhyInsteadOfChanging() {
        var state = BrowserState(
            schema: schema, layouts: layouts,
            access: ["Transaction": ModelAccess(allowed: [.read], readOnlyReason: "its auth rules allow no change with API key")],
            backend: "local", initialModel: "Transaction")
        _ = state.reduce(.resized(width: 100, height: 24))
        #expect(state.reduce(.keyPressed(.character("n"))).isEmpty)
        #expect(text(state).contains("Cannot add: Transaction is read-only"))
    }

    @Test func everyFixtureModelDrawsAtEverySize() throws {
        for file in ["finance.json", "reading-club.json", "court-bookings.json", "household-budget.json"] {
            let schema = try ModelIntrospectionReader.read(Data(contentsOf: Self.fixtures.appendingPathComponent(file)))
            var layouts: [String: RecordLayout] = [:]
            for model in schema.models { layouts[model.name] = try RecordLayout(model: model, schema: schema) }
            for model in schema.models {
                for (width, height) in [(40, 10), (80, 24), (200, 60), (20, 5)] {
                    var state = BrowserState(schema: schema, layouts: layouts, access: [:], backend: "local", initialModel: model.name)
                    _ = state.reduce(.resized(width: width, height: height))
                    _ = state.render()
                    _ = state.reduce(.keyPressed(.character("n")))
                    _ = state.render()
                }
            }
        }
    }
}

extension BrowserStateTests {
    @Test func anOpenDetailFollowsTheRecordAsItChanges() {
        var state = state(initialModel: "Transaction")
        let rent = transaction("rent", "Rent", created: "2026-11-01T10:00:00.000Z")
        _ = state.reduce(.list(model: "Transaction", .loaded([RecordRow(rent)])))
        _ = state.reduce(.keyPressed(.enter))
        #expect(text(state).contains("Rent"))
        let renamed = rent.applying(ModelRecordPatch(["description": .string("Rent, December")]))
        _ = state.reduce(.list(model: "Transaction", .rowsChanged(RecordRowUpdate(upserted: [RecordRow(renamed)]))))
        #expect(text(state).contains("Rent, December"), "a change made elsewhere shows in the open detail")
    }

    /// The header says how far a whole read of the model shown has got, as the sample's does.
    @Test func theHeaderShowsTheLoadsProgress() {
        var state = state(initialModel: "Transaction")
        _ = state.reduce(.list(model: "Transaction", .busyChanged(true)))
        _ = state.reduce(.list(model: "Transaction", .loadProgress(LoadProgress(loaded: 35_000, expected: 1_000_000))))
        let header = text(state).split(separator: "\n").first.map(String.init) ?? ""
        #expect(header.contains("loading 35,000 of ~1,000,000") && header.contains("⟳"), "\(header)")
        _ = state.reduce(.list(model: "Category", .loadProgress(LoadProgress(loaded: 7, expected: nil))))
        #expect(!text(state).contains("loading 7"), "another model's read is not this list's")
        _ = state.reduce(.list(model: "Transaction", .loadProgress(nil)))
        _ = state.reduce(.list(model: "Transaction", .busyChanged(false)))
        #expect(!text(state).contains("loading") && !text(state).contains("⟳"))
    }

    /// A sort of a list too large for one key press is computed off the loop: the effect carries
    /// the job, the rule says it runs, and its result lands as an action.
    @Test func aLargeListSortsOffTheLoop() throws {
        var state = state(initialModel: "Transaction")
        let rows = (0..<20_500).map { n in
            RecordRow(transaction("t\(n)", "Item \(20_500 - n)", created: "2026-11-01T10:00:00.000Z"))
        }
        _ = state.reduce(.list(model: "Transaction", .loaded(rows)))
        #expect(state.shownRows.count == 20_500)
        let effects = state.reduce(.keyPressed(.character("s")))
        guard case .recomputeRows(let model, let job)? = effects.first else {
            Issue.record("no job: \(effects)")
            return
        }
        #expect(model == "Transaction")
        #expect(text(state).contains("Sorting by description…") && text(state).contains("sorting 20,500 rows…"), "\(text(state))")
        #expect(state.shownRows.key(at: 0) == RecordKey("t0"), "the old order until the new one lands")
        let result = try #require(job.run { false })
        _ = state.reduce(.rowsRecomputed(model: "Transaction", result))
        #expect(state.shownRows.key(at: 0) == RecordKey("t20499"), "Item 1 first")
        #expect(text(state).contains("Sorted by description."))
    }

    /// A filter typed over a large list is computed off the loop too: the key returns at once,
    /// the rule says it runs, moves work on the rows shown meanwhile, and the result lands.
    @Test func aLargeListFiltersOffTheLoopAndKeysWorkMeanwhile() throws {
        var state = state(initialModel: "Transaction")
        let rows = (0..<20_500).map { n in RecordRow(transaction("t\(n)", "Item \(n)", created: "2026-11-01T10:00:00.000Z")) }
        _ = state.reduce(.list(model: "Transaction", .loaded(rows)))
        _ = state.reduce(.keyPressed(.character("/")))
        let effects = state.reduce(.keyPressed(.character("7")))
        guard case .recomputeRows(_, let job)? = effects.last else {
            Issue.record("no job: \(effects)")
            return
        }
        #expect(text(state).contains("filtering 20,500 rows…"), "\(text(state))")
        let third = state.shownRows.key(at: 2)  // in creation order, then by key: t0, t1, t10
        for key: Key in [.enter, .character("j"), .character("j")] { _ = state.reduce(.keyPressed(key)) }
        #expect(state.selectedKey == third, "moves work on the rows shown meanwhile")
        _ = state.reduce(.rowsRecomputed(model: "Transaction", try #require(job.run { false })))
        let expected = rows.filter { $0.record.displayName.contains("7") }.count
        #expect(state.shownRows.count == expected)
        #expect((0..<state.shownRows.count).allSatisfy { state.shownRows.row(at: $0).record.displayName.contains("7") })
        #expect(state.selectedKey != nil)
    }
}

extension BrowserStateTests {
    /// The rule under the list says what the sample's says: where the rows come from while the
    /// server has not answered (how many, cached when), and which rows of a long list are shown.
    @Test func theRuleSaysWhereTheRowsComeFromAndWhichAreShown() {
        var state = state(initialModel: "Transaction")
        state.fixedClockTime = "09:41"
        let rows = (0..<500).map { n in RecordRow(transaction("t\(n)", "Item \(n)", created: "2026-11-01T10:00:00.000Z")) }
        _ = state.reduce(.list(model: "Transaction", .loaded(Array(rows.prefix(3)))))
        _ = state.reduce(.list(model: "Transaction", .loadStateChanged(.cached(refreshedAt: Date()))))
        #expect(text(state).contains("showing the 3 rows cached at 09:41 · 3 rows"), "\(text(state))")
        _ = state.reduce(.list(model: "Transaction", .loadStateChanged(.cached(refreshedAt: nil))))
        #expect(text(state).contains("showing the 3 rows kept locally"))
        _ = state.reduce(.list(model: "Transaction", .loaded(rows)))
        _ = state.reduce(.list(model: "Transaction", .loadStateChanged(.loaded)))
        let shown = RecordListView.rowsShown(inRegionHeight: state.bodyRegion.height)
        #expect(text(state).contains("1–\(shown) of 500 rows"), "\(text(state))")
        _ = state.reduce(.keyPressed(.character("G")))
        #expect(text(state).contains("\(500 - shown + 1)–500 of 500 rows"))
    }
}

extension BrowserStateTests {
    /// Nothing typed is lost to a refused create: `n` right after it, or `n` in the messages
    /// later, puts the record as last shown back into the form, under a new id.
    @Test func aRefusedCreateIsOfferedAgainWithEverythingItHeld() {
        var state = state(initialModel: "Transaction")
        let made = transaction("new1", "Lunch", amount: 12.5, created: "2026-11-01T10:00:00.000Z")
        let summary = RecordOperationSummary<ModelRecord>(kind: .create, recordID: made.id, recordName: "Lunch", lastShown: made)
        _ = state.reduce(.list(model: "Transaction", .reverted(summary, message: "Amount too large", conflict: false)))
        #expect(state.hints.first?.word == "try “Lunch” again", "\(state.hints)")
        _ = state.reduce(.keyPressed(.character("n")))
        guard case .form = state.screen else { Issue.record("no form: \(state.screen)"); return }
        guard case .create(model: "Transaction", let record)? = state.reduce(.keyPressed(.control("s"))).first else {
            Issue.record("no create"); return
        }
        #expect(record["description"] == .string("Lunch") && record["amount"] == .float(12.5) && record["kind"] == .enumValue("EXPENSE"))
        #expect(record.id != made.id, "a new id")

        // Offered on the next key only; later, from its message.
        _ = state.reduce(.list(model: "Transaction", .reverted(summary, message: "Amount too large", conflict: false)))
        _ = state.reduce(.keyPressed(.character("j")))
        #expect(!state.hints.contains { $0.word.hasPrefix("try") })
        _ = state.reduce(.keyPressed(.character("n")))
        guard case .form(let empty) = state.screen, !empty.hasEdits else { Issue.record("not an empty form"); return }
        _ = state.reduce(.keyPressed(.escape))
        _ = state.reduce(.keyPressed(.character("m")))
        #expect(state.hints.first?.word == "try again")
        _ = state.reduce(.keyPressed(.character("n")))
        guard case .create(_, let again)? = state.reduce(.keyPressed(.control("s"))).first else { Issue.record("no create from the messages"); return }
        #expect(again["description"] == .string("Lunch"))
    }
}
