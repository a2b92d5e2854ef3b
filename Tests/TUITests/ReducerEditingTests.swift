import OptimisticStore
import PropertySync
import ScreenValues
import Testing
@testable import TUI

/// Create, rename, address, delete: what each key path sends, and when nothing is sent.
@Suite struct ReducerEditingTests {
    @Test func createSendsTheValidatedNameAndSaysSo() {
        var app = makeApp()
        #expect(app.press(.character("n")) == [])
        #expect(app.editing?.field == .newName)
        app.type("  Maple Cottage ")
        let effects = app.press(.enter)
        #expect(effects == [.create(name: "Maple Cottage", address: nil)])
        #expect(app.editing == nil)
        #expect(app.status?.text == "Adding “Maple Cottage”…")
        #expect(app.status?.level == .info)
    }

    @Test func aCreatedRowIsSelectedWhenItArrives() {
        var app = makeApp()
        app.press(.character("a"))
        app.type("New Place")
        app.press(.enter)
        let local = PropertyRow(property("new", "New Place", createdAt: nil, version: 0), status: .pending(1))
        _ = app.reduce(.list(.rowsChanged(RowUpdate(upserted: [local]))), now: t0)
        // The list says which row it made (by id, never matched by name).
        _ = app.reduce(.created(id: "new"), now: t0)
        #expect(app.selectedID == "new")
        #expect(app.rows.index(of: "new") == app.rows.count - 1)
    }

    /// A new row the filter would hide could not be selected, and the keys typed next
    /// would act on another row: creating clears the filter.
    @Test func creatingWhileFilteredClearsTheFilterAndSelectsTheNewRow() {
        var app = makeApp()
        app.press(.character("/"))
        app.type("zzz-no-match")
        app.press(.enter)
        #expect(app.rows.count == 0)
        app.press(.character("n"))
        app.type("New Place")
        app.press(.enter)
        #expect(app.rows.filter.isEmpty)
        let local = PropertyRow(property("new", "New Place", createdAt: nil, version: 0), status: .pending(1))
        _ = app.reduce(.list(.rowsChanged(RowUpdate(upserted: [local]))), now: t0)
        // The list says which row it made (by id, never matched by name).
        _ = app.reduce(.created(id: "new"), now: t0)
        #expect(app.selectedID == "new")
    }

    @Test func anEmptyNameIsRefusedBeforeAnythingIsSent() {
        var app = makeApp()
        app.press(.character("n"))
        app.type("   ")
        #expect(app.press(.enter) == [])
        #expect(app.status == StatusMessage("A name is required.", level: .error, now: t0))
        #expect(app.editing?.field == .newName)  // still open, to fix the input
    }

    /// Typing stops at the limit and says so; the text typed so far is kept whole.
    @Test func typingStopsAtTheNameLimit() {
        let limit = PropertyValidation.maximumNameLength
        var app = makeApp()
        app.press(.character("n"))
        app.type(String(repeating: "x", count: limit + 1))
        #expect(app.editing?.editor.count == limit)
        #expect(app.status?.text == "The name holds at most \(limit) characters.")
        #expect(app.press(.enter) == [.create(name: "\(String(repeating: "x", count: limit))", address: nil)])
    }

    @Test func renameCommitsWithEnter() {
        var app = makeApp()
        app.press(.character("j"), .character("r"))
        #expect(app.editing?.field == .rename(id: "b2"))
        #expect(app.editing?.editor.text == "Maple Cottage")
        app.press(.control("u"))
        app.type("Maple House")
        #expect(app.press(.enter) == [.edit(id: "b2", .name("Maple House"))])
        #expect(app.status?.text == "Renaming “Maple Cottage” to “Maple House”…")
        #expect(app.editing == nil)
    }

    /// Offline, a change is made here and waits: the status line must not read as if it were sent.
    @Test func offlineAChangeSaysItWaitsNotThatItIsUnderWay() {
        var app = makeApp()
        _ = app.reduce(.list(.connectivityChanged(.offline("no route to host"))), now: t0)
        app.press(.character("j"), .character("r"), .control("u"))
        app.type("Maple House")
        app.press(.enter)
        #expect(app.status?.text == "Renamed “Maple Cottage” to “Maple House” here; it is sent when the server is back.")
        app.press(.character("n"))
        app.type("Cabin")
        app.press(.enter)
        #expect(app.status?.text == "Added “Cabin” here; it is sent when the server is back.")
        _ = app.reduce(.list(.connectivityChanged(.online)), now: t0)
        app.press(.character("d"))
        app.press(.character("y"))
        #expect(app.status?.text.hasPrefix("Deleting “") == true)
    }

    /// Another writer renames the row while its field is open: said at once, and the first ⏎ asks
    /// instead of saving over a name the user never saw; the second ⏎ saves, Esc keeps theirs.
    @Test func aRenameElsewhereWhileTheFieldIsOpenIsNotOverwrittenUnseen() {
        var app = makeApp()
        app.press(.character("j"), .character("r"))
        app.press(.control("u"))
        app.type("Mine")
        let theirs = PropertyRow(property("b2", "From B", "4471 Main St", createdAt: "2024-05-01T10:01:00.000Z", version: 2))
        _ = app.reduce(.list(.rowsChanged(RowUpdate(upserted: [theirs]))), now: t0)
        #expect(app.status?.text.contains("now “From B”, changed while you typed") == true)
        #expect(app.editing?.editor.text == "Mine", "what the user typed stays")
        #expect(app.press(.enter) == [], "not saved over theirs unseen")
        #expect(app.status?.text.contains("⏎ again saves yours") == true)
        #expect(app.press(.enter) == [.edit(id: "b2", .name("Mine"))])

        var other = makeApp()
        other.press(.character("j"), .character("r"))
        other.type(" Two")
        _ = other.reduce(.list(.rowsChanged(RowUpdate(upserted: [theirs]))), now: t0)
        #expect(other.press(.escape) == [])
        #expect(other.editing == nil && other.rows.row(id: "b2")?.property.name == "From B", "Esc keeps theirs")
    }

    @Test func renameCancelsWithEscapeAndSendsNothing() {
        var app = makeApp()
        app.press(.character("r"))
        app.type("zzz")
        #expect(app.press(.escape) == [])
        #expect(app.editing == nil)
        #expect(app.rows.row(id: "a1")?.property.name == "Harbour View Loft")
    }

    @Test func renameToTheSameNameSendsNothing() {
        var app = makeApp()
        app.press(.character("r"))
        #expect(app.press(.enter) == [])
        #expect(app.status == nil)
    }

    @Test func editAddressEmptyClearsIt() {
        var app = makeApp()
        app.press(.character("e"), .control("u"))
        #expect(app.press(.enter) == [.edit(id: "a1", .address(nil))])
    }

    @Test func typingStopsAtTheAddressLimit() {
        let limit = PropertyValidation.maximumAddressLength
        var app = makeApp()
        app.press(.character("e"))  // "12 Quay St" is already there
        app.type(String(repeating: "y", count: limit))
        #expect(app.editing?.editor.count == limit)
        #expect(app.press(.enter) == [.edit(id: "a1", .address("12 Quay St\(String(repeating: "y", count: limit - 10))"))])
    }

    @Test func deleteAsksAndYesDeletes() {
        var app = makeApp()
        app.press(.character("j"))
        #expect(app.press(.character("d")) == [])
        #expect(app.overlay == .confirmDelete(id: "b2", name: "Maple Cottage"))
        #expect(app.press(.character("y")) == [.delete(id: "b2")])
        #expect(app.overlay == nil)
        #expect(app.status?.text == "Deleting “Maple Cottage”…")
    }

    @Test(arguments: [Key.character("n"), .enter, .escape, .character("d"), .character("q")])
    func deleteDefaultsToNo(_ answer: Key) {
        var app = makeApp()
        app.press(.character("d"))
        #expect(app.press(answer) == [])
        #expect(app.overlay == nil)
        #expect(app.status?.text == "Kept “Harbour View Loft”.")
    }


    @Test func undoAndRefreshAreSent() {
        var app = makeApp()
        #expect(app.press(.character("u")) == [.undo])
        #expect(app.press(.character("R")) == [.refresh])
        #expect(app.press(.function(5)) == [.refresh])
        #expect(app.press(.control("l")) == [.redraw])
    }

    @Test func typedKeysInAFieldAreTextNotCommands() {
        var app = makeApp()
        app.press(.character("n"))
        #expect(app.type("qdR?u") == [])
        #expect(app.editing?.editor.text == "qdR?u")
    }
}
