import Foundation
import OptimisticStore
import PropertySync
import ScreenValues
import Testing
@testable import TUI

/// The status line's levels and lifetimes, and the row marks.
@Suite struct ReducerStatusTests {
    @Test func infoFadesAfterAFewSeconds() {
        var app = makeApp()
        app.press(.character("u"))
        #expect(app.nextDeadline == t0 + StatusMessage.fadeAfter)
        _ = app.reduce(.tick, now: t0 + .seconds(3))
        #expect(app.status?.text == "Undoing the last change…")
        _ = app.reduce(.tick, now: t0 + .seconds(5))
        #expect(app.status == nil)
        #expect(app.nextDeadline == nil)
    }

    @Test func successNamesTheRecordAndFades() {
        var app = makeApp()
        _ = app.reduce(.list(.succeeded(OperationSummary(kind: .create, recordID: "id", recordName: "Maple Cottage"))), now: t0)
        #expect(app.status == StatusMessage("“Maple Cottage” added", level: .success, now: t0))
        _ = app.reduce(.tick, now: t0 + .seconds(10))
        #expect(app.status == nil)
    }

    @Test func anErrorStaysUntilTheNextKeyPress() {
        var app = makeApp()
        let failure = OperationFailure(operation: .rename, record: "Villa Rosa", message: "Conflict resolver rejects mutation")
        _ = app.reduce(.operationFailed(failure), now: t0)
        #expect(app.status?.text == "rename “Villa Rosa” failed, reverted: Conflict resolver rejects mutation")
        #expect(app.nextDeadline == nil)
        _ = app.reduce(.tick, now: t0 + .seconds(600))
        _ = app.reduce(.list(.succeeded(OperationSummary(kind: .rename, recordID: "id", recordName: "Other"))), now: t0 + .seconds(600))
        #expect(app.status?.level == .error)  // not replaced by a lesser message
        app.press(.character("j"))
        #expect(app.status == nil)
    }

    @Test func aFailureThatRevertedNothingSaysSo() {
        let failure = OperationFailure(operation: .undo, record: nil, message: "Nothing to undo.", reverted: false)
        #expect(AppState.failureText(failure).text == "undo failed: Nothing to undo.")
    }

    /// A refusal is the screen's to acknowledge: `!` from the list's event to the next key, with
    /// no trip through the list (the key's effects are its own).
    @Test func aRefusalIsMarkedUntilTheNextKeyPress() {
        var app = makeApp(rows: plainRows)
        func mark() -> String {
            let frame = app.render()
            let line = (0..<app.height).first { frame.line($0).contains("Villa Rosa") } ?? 0
            return frame[line, 72 - 3].text
        }
        #expect(mark() == " ")
        _ = app.reduce(.list(.reverted(
            OperationSummary(kind: .rename, recordID: "c3", recordName: "Villa Rosa", newName: "Villa Blu"),
            message: "Name is reserved", conflict: false)), now: t0)
        #expect(mark() == "!")
        #expect(app.revertedRows == ["c3": "Name is reserved"])
        #expect(app.press(.character("j")) == [])
        #expect(mark() == " ")
        #expect(app.revertedRows.isEmpty)
    }

    /// ⏎ right after a refusal acknowledges the `!` and opens the row's detail: the detail says
    /// the refusal (not "synced") until the user leaves it.
    @Test func theDetailOpenedOnARefusedRowSaysTheRefusal() {
        var app = makeApp(rows: plainRows)
        let index = (0..<app.rows.count).first { app.rows.row(at: $0).id == "c3" }!
        for _ in 0..<index { app.press(.character("j")) }
        _ = app.reduce(.list(.reverted(
            OperationSummary(kind: .rename, recordID: "c3", recordName: "Villa Rosa", newName: "Villa Blu"),
            message: "Name is reserved", conflict: false)), now: t0)
        app.press(.enter)
        #expect(app.screen == .detail(id: "c3"))
        #expect(app.render().plainText.contains("! reverted: Name is reserved"))
        app.press(.character("j"))  // a key inside the detail: still said
        #expect(app.render().plainText.contains("! reverted: Name is reserved"))
        app.press(.escape, .enter)  // left, then opened again: the refusal was seen
        #expect(app.render().plainText.contains("✓ synced"))
    }

    @Test func aConflictStaysThroughKeysAndItsKeysLeadTheHints() {
        var app = makeApp(rows: sampleRows)
        let row = sampleRows[0]
        let conflicted = PropertyRow(row.property, status: .conflict("someone else renamed it to “Theirs” meanwhile"))
        _ = app.reduce(.list(.rowsChanged(RowUpdate(upserted: [conflicted]))), now: t0)
        app.press(.character("g"))
        let hints = app.render().line(app.height - 1)
        #expect(hints.contains("o mine") && hints.contains("x theirs"), "the hints show the conflict's keys: \(hints)")
        // Moving, reading messages, opening the detail: no key but o or x settles it.
        for key: Key in [.character("j"), .character("k"), .character("m"), .escape] {
            app.press(key)
            #expect(app.rows.row(id: row.id)?.status == conflicted.status, "still ⚡ after \(key)")
        }
        app.press(.enter)
        let detail = app.render()
        #expect((0..<app.height).contains { detail.line($0).contains("⚡ conflict: someone else") })
        #expect(app.press(.character("x")) == [.dismissConflict(id: row.id)])
        #expect(app.press(.character("o")) == [.reapplyMine(id: row.id)])
    }

    /// What the list tells the screen when `row`'s rename to `mine` lost to another writer's "Theirs".
    @discardableResult
    func loseARace(_ app: inout AppState, _ row: PropertyRow, mine: String) -> PropertyRow {
        let message = "someone else renamed it to “Theirs” meanwhile"
        let theirs = PropertyRow(RealEstateProperty(id: row.id, name: "Theirs", version: 3), status: .conflict(message))
        _ = app.reduce(.list(.rowsChanged(RowUpdate(upserted: [theirs]))), now: t0)
        _ = app.reduce(.list(.reverted(
            OperationSummary(kind: .rename, recordID: row.id, recordName: row.property.name, newName: mine),
            message: message, conflict: true)), now: t0)
        return theirs
    }

    @Test func theDetailOfAConflictShowsTheirsAndYours() {
        var app = makeApp(height: 20, rows: sampleRows)
        let row = sampleRows[0]
        let theirs = loseARace(&app, row, mine: "Mine")
        app.press(.character("g"), .enter)
        let detail = (0..<app.height).map { app.render().line($0) }.joined(separator: "\n")
        #expect(detail.contains("Theirs"), "theirs: the record as the server has it")
        #expect(detail.contains("Yours") && detail.contains("rename to “Mine”"), "yours: the change that lost\n\(detail)")
        app.press(.character("x"))
        _ = app.reduce(.list(.rowsChanged(RowUpdate(upserted: [PropertyRow(theirs.property)]))), now: t0)
        #expect(!(0..<app.height).contains { app.render().line($0).contains("Yours") }, "settled: no more yours")
    }

    @Test func aConflictSettledByANewEditForgetsYours() {
        var app = makeApp(height: 20, rows: sampleRows)
        let row = sampleRows[1]
        loseARace(&app, row, mine: "Mine")
        #expect(app.conflictedChanges[row.id] != nil)
        // A new rename of the row settles it: the list sends the row pending, without the mark.
        let renamedAgain = PropertyRow(RealEstateProperty(id: row.id, name: "Third", version: 3), status: .pending(1))
        _ = app.reduce(.list(.rowsChanged(RowUpdate(upserted: [renamedAgain]))), now: t0)
        #expect(app.conflictedChanges.isEmpty)
        loseARace(&app, renamedAgain, mine: "Fourth")
        #expect(app.conflictedChanges[row.id] != nil)
        _ = app.reduce(.list(.rowsChanged(RowUpdate(removed: [row.id]))), now: t0)
        #expect(app.conflictedChanges.isEmpty, "gone with its row")
    }

    @Test func marksSayTheSyncStateWithoutColour() {
        let rows = [
            PropertyRow(property("p", "Pending", createdAt: "1"), status: .pending(2)),
            PropertyRow(property("r", "Reverted", createdAt: "2")),
            PropertyRow(property("c", "Conflict", createdAt: "3"), status: .conflict("changed")),
            PropertyRow(property("s", "Synced", createdAt: "4")),
        ]
        var app = makeApp(rows: rows)
        app.press(.character("G"))
        app.revertedRows = ["r": "no"]  // just refused
        let frame = app.render()
        let markColumn = 72 - 3
        #expect(frame[2, markColumn].text == "…")
        #expect(frame[3, markColumn].text == "!")
        #expect(frame[4, markColumn].text == "⚡")
        #expect(frame[5, markColumn].text == " ")
        #expect(frame.styleLine(2).dropFirst().allSatisfy { $0 == "d" })  // pending rows are dim
        #expect(frame.styleLine(5).dropFirst().allSatisfy { $0 == "r" })  // the selection is reverse video
        #expect(frame.cells.allSatisfy { $0.color == .default })  // colour off
    }

    @Test func colourIsOnlyAnExtra() {
        var app = AppState(options: AppOptions(colorEnabled: true))
        _ = app.reduce(.resized(width: 60, height: 12), now: t0)
        _ = app.reduce(.list(.connectivityChanged(.offline("the server refused the connection"))), now: t0)
        let frame = app.render()
        #expect(frame.line(0).hasSuffix("○ offline "))
        #expect(frame.line(frame.height - 2).contains("Offline: the server refused"))
        #expect(frame.cells.contains { $0.color == .red })
    }

    @Test func oAppliesTheUsersChangeAgainOnlyOnAConflictRow() {
        var app = makeApp(rows: [
            PropertyRow(RealEstateProperty(id: "a", name: "Alpha", version: 2), status: .conflict("someone else renamed it")),
            PropertyRow(RealEstateProperty(id: "b", name: "Beta", version: 1)),
        ])
        app.press(.character("g"))
        let selected = app.selectedID
        let effects = app.press(.character("o"))
        if selected == "a" {
            #expect(effects.contains(.reapplyMine(id: "a")))
        } else {
            #expect(effects.isEmpty)
            #expect(app.status?.text.contains("has none") == true)
        }
        app.press(.character(selected == "a" ? "j" : "k"))
        let other = app.press(.character("o"))
        #expect(other.contains(.reapplyMine(id: "a")) != effects.contains(.reapplyMine(id: "a")))
    }

    @Test func emptyListSaysWhetherTheServerAnswered() {
        var app = makeApp(rows: [])
        _ = app.reduce(.list(.loadStateChanged(.loading)), now: t0)
        #expect(app.render().text.contains("Loading…"))
        #expect(!app.render().text.contains("No properties yet"))
        _ = app.reduce(.list(.connectivityChanged(.offline("the server refused the connection"))), now: t0)
        _ = app.reduce(.list(.loadStateChanged(.cached(refreshedAt: nil))), now: t0)
        #expect(app.render().text.contains("Offline, and nothing is cached yet"))
        _ = app.reduce(.list(.loadStateChanged(.loaded)), now: t0)
        #expect(app.render().text.contains("No properties yet"))
    }

    @Test func cachedRowsSayTheyAreCached() {
        var app = makeApp()
        _ = app.reduce(.list(.loaded([PropertyRow(RealEstateProperty(id: "a", name: "Alpha", version: 1))])), now: t0)
        _ = app.reduce(.list(.loadStateChanged(.cached(refreshedAt: Date(timeIntervalSince1970: 0)))), now: t0)
        #expect(app.render().text.contains("showing the 1 row cached at"))
        // The cache still being read behind the first frame: the rule does not call what is in "the rows".
        _ = app.reduce(.list(.loadProgress(LoadProgress(loaded: 1, expected: 50_001))), now: t0)
        #expect(app.render().text.contains("showing 1 of the ~50,001 rows cached at"))
        _ = app.reduce(.list(.loadStateChanged(.loaded)), now: t0)
        #expect(!app.render().text.contains("cached"))
    }

    @Test func aFixedClockReplacesEveryTimeOfDayShown() {
        var app = AppState(options: AppOptions(colorEnabled: false, fixedClockTime: "09:41"))
        _ = app.reduce(.resized(width: 72, height: 14), now: t0)
        _ = app.reduce(.list(.loaded([PropertyRow(RealEstateProperty(id: "a", name: "Alpha", version: 1))])), now: t0)
        _ = app.reduce(.list(.loadStateChanged(.cached(refreshedAt: Date()))), now: t0)
        #expect(app.render().text.contains("showing the 1 row cached at 09:41"))
        #expect(AppOptions.fixedClockTime(environment: ["PROPTUI_FIXED_CLOCK": "09:41"]) == "09:41")
        for bad in ["9:41", "24:00", "09:60", "09-41", "noon", ""] {
            #expect(AppOptions.fixedClockTime(environment: ["PROPTUI_FIXED_CLOCK": bad]) == nil, "\(bad)")
        }
        #expect(AppOptions.fixedClockTime(environment: [:]) == nil)
    }

    @Test func noColorComesFromTheFlagOrTheEnvironment() {
        #expect(AppOptions.colorEnabled(noColorFlag: false, environment: [:]))
        #expect(!AppOptions.colorEnabled(noColorFlag: true, environment: [:]))
        #expect(!AppOptions.colorEnabled(noColorFlag: false, environment: ["NO_COLOR": "1"]))
        #expect(AppOptions.colorEnabled(noColorFlag: false, environment: ["NO_COLOR": ""]))
    }

    @Test func headerShowsConnectionPendingAndBusy() {
        var app = makeApp()
        _ = app.reduce(.list(.connectivityChanged(.connecting)), now: t0)
        _ = app.reduce(.list(.pendingCountChanged(2)), now: t0)
        _ = app.reduce(.list(.busyChanged(true)), now: t0)
        #expect(app.render().line(0).hasSuffix("◌ connecting · 2 pending · ⟳ "))
    }

    @Test func unknownKeysPointToTheHelp() {
        var app = makeApp()
        app.press(.character("z"))
        #expect(app.status?.text == "z does nothing here; ? shows the keys.")
    }
}

extension ReducerStatusTests {
    @Test func aFailedRefreshIsNotLeftOnScreenOnceTheServerAnswers() {
        var app = makeApp()
        _ = app.reduce(.list(.connectivityChanged(.offline("the server refused the connection"))), now: t0)
        _ = app.reduce(.operationFailed(OperationFailure(
            operation: .refresh, record: nil, message: "the server refused the connection", reverted: false)), now: t0)
        #expect(app.status?.level == .error)
        _ = app.reduce(.list(.connectivityChanged(.online)), now: t0)
        #expect(app.status?.level == .success)
        #expect(app.status?.text.contains("Back online") == true)
        // A refusal of a change is not about the connection: it stays.
        _ = app.reduce(.operationFailed(OperationFailure(operation: .rename, record: "Villa", message: "no")), now: t0)
        _ = app.reduce(.list(.connectivityChanged(.online)), now: t0)
        #expect(app.status?.level == .error)
    }
}

extension ReducerStatusTests {
    /// Issue 19 item 13: the server's sentence and ours, one period between them.
    @Test func aRefusedKeyIsSaidWithOnePeriod() {
        var app = makeApp()
        for action in [AppAction.list(.connectivityChanged(.unauthorized("You are not authorized to make this call.")))] {
            _ = app.reduce(action, now: t0)
        }
        #expect(app.status?.text.contains("make this call. Changes are kept") == true, "\(app.status?.text ?? "")")
        #expect(app.status?.text.contains("..") == false)
    }
}

extension ReducerStatusTests {
    /// Issue 19 item 7: with `--offline revert` the empty list does not promise to keep changes.
    @Test func anEmptyOfflineListSaysWhatOfflineChangesDo() {
        for reverts in [false, true] {
            var app = AppState(options: AppOptions(colorEnabled: false, revertsOffline: reverts))
            _ = app.reduce(.resized(width: 100, height: 14), now: t0)
            _ = app.reduce(.list(.connectivityChanged(.offline("the server refused the connection"))), now: t0)
            _ = app.reduce(.list(.loadStateChanged(.cached(refreshedAt: nil))), now: t0)
            let text = app.render().text
            #expect(text.contains("kept and sent later") == !reverts, "\(text)")
            #expect(text.contains("taken back while offline") == reverts, "\(text)")
        }
    }
}
