import Foundation
import OptimisticStore
import PropertySync
import ScreenValues
import Testing
@testable import TUI

/// Moving, screens, overlays, filter, quit.
@Suite struct ReducerNavigationTests {
    static let manyRows = (0..<100).map { index in
        PropertyRow(property(PropertyID(String(format: "id%03d", index)), "Property \(index)",
                             createdAt: String(format: "2024-05-01T10:%02d:%02d.000Z", index / 60, index % 60)))
    }

    @Test func movesAndJumps() {
        var app = makeApp(rows: Self.manyRows)  // 14 lines: 8 list rows
        app.press(.character("j"), .down)
        #expect(app.selectedIndex == 2)
        app.press(.character("k"))
        #expect(app.selectedIndex == 1)
        app.press(.character("G"))
        #expect(app.selectedIndex == 99)
        #expect(app.scrollTop == 92)
        app.press(.home)
        #expect(app.selectedIndex == 0)
        app.press(.pageDown)
        #expect(app.selectedIndex == 8)
        app.press(.control("d"))
        #expect(app.selectedIndex == 12)
        app.press(.control("u"), .pageUp)
        #expect(app.selectedIndex == 0)
        app.press(.character("k"))
        #expect(app.selectedIndex == 0)
    }

    @Test func selectionFollowsItsRowWhenRowsAppearAbove() {
        var app = makeApp()
        app.press(.character("j"))
        let earlier = PropertyRow(property("z0", "Older", createdAt: "2020-01-01T00:00:00.000Z"))
        _ = app.reduce(.list(.rowsChanged(RowUpdate(upserted: [earlier]))), now: t0)
        #expect(app.selectedID == "b2")
        #expect(app.selectedIndex == 2)
    }

    @Test func removingTheSelectedRowSelectsItsNeighbour() {
        var app = makeApp()
        app.press(.character("j"))
        _ = app.reduce(.list(.rowsChanged(RowUpdate(removed: ["b2"]))), now: t0)
        #expect(app.selectedID == "c3")
        _ = app.reduce(.list(.rowsChanged(RowUpdate(removed: ["a1", "c3", "d4"]))), now: t0)
        #expect(app.selectedID == nil)
    }

    @Test func detailOpensAndGoesBack() {
        var app = makeApp()
        app.press(.character("j"), .enter)
        #expect(app.screen == .detail(id: "b2"))
        app.press(.escape)
        #expect(app.screen == .list)
        app.press(.enter, .character("q"))
        #expect(app.screen == .list)
        #expect(app.selectedID == "b2")
    }

    @Test func deletingFromTheDetailGoesBackToTheList() {
        var app = makeApp()
        app.press(.enter, .character("d"))
        #expect(app.press(.character("y")) == [.delete(id: "a1")])
        #expect(app.screen == .list)
    }

    @Test func renameFromTheDetail() {
        var app = makeApp()
        app.press(.enter, .character("r"), .control("u"))
        app.type("Loft")
        #expect(app.press(.enter) == [.edit(id: "a1", .name("Loft"))])
        #expect(app.screen == .detail(id: "a1"))
    }

    /// The detail of a row that goes away stays, says so, and changes nothing else:
    /// a `d` `y` typed next deletes no other row.
    @Test func aDetailWhoseRowGoesAwayStaysAndActsOnNothing() {
        var app = makeApp()
        app.press(.enter)
        _ = app.reduce(.list(.rowsChanged(RowUpdate(removed: ["a1"]))), now: t0)
        #expect(app.screen == .detail(id: "a1"))
        #expect(app.status?.text == "“Harbour View Loft” was deleted elsewhere. Esc goes back to the list.")
        #expect(app.render().plainText.contains("✗ gone: “Harbour View Loft” was deleted elsewhere."))
        #expect(app.press(.character("d"), .character("e"), .character("r")) == [])
        #expect(app.overlay == nil)
        #expect(app.editing == nil)
        app.press(.escape)
        #expect(app.screen == .list)
        #expect(app.vanishedDetail == nil)
    }

    @Test func filterNarrowsAsYouTypeAndEscapeClears() {
        var app = makeApp()
        app.press(.character("/"))
        app.type("MA")
        #expect(app.rows.count == 2)  // Maple Cottage, Villa Rosa (88 Via Roma)
        #expect(app.selectedID == "b2")
        app.press(.enter)
        #expect(app.editing == nil)
        #expect(app.rows.filter == "MA")
        app.press(.escape)
        #expect(app.rows.filter == "")
        #expect(app.rows.count == 4)
        app.press(.character("/"))
        app.type("cottage")
        app.press(.escape)
        #expect(app.rows.count == 4)
        #expect(app.editing == nil)
    }

    @Test func quitWithoutUnsyncedChangesQuits() {
        var app = makeApp()
        #expect(app.press(.character("q")) == [.quit])
    }

    @Test func quitWithUnsyncedChangesAsksAndDefaultsToStaying() {
        var app = makeApp()
        _ = app.reduce(.list(.pendingCountChanged(3)), now: t0)
        #expect(app.press(.character("q")) == [])
        #expect(app.overlay == .confirmQuit(unsynced: 3))
        #expect(app.render().plainText.contains("3 changes wait for the server."))
        #expect(app.render().plainText.contains("They are kept and sent on the next start."))
        // The box follows the count while it is open.
        _ = app.reduce(.list(.pendingCountChanged(0)), now: t0)
        #expect(app.render().plainText.contains("Nothing is waiting for the server."))
        #expect(app.press(.enter) == [])
        #expect(app.overlay == nil)
        _ = app.reduce(.list(.pendingCountChanged(3)), now: t0)
        app.press(.character("q"))
        #expect(app.press(.character("y")) == [.quit])
    }

    @Test func aNoticeIsInformationNotAnError() {
        var app = makeApp()
        _ = app.reduce(.noticed("Nothing to undo."), now: t0)
        #expect(app.status?.text == "Nothing to undo.")
        #expect(app.status?.level == .info)
    }

    @Test func keysAreIgnoredWhileTheTerminalIsTooSmall() {
        var app = makeApp()
        _ = app.reduce(.resized(width: 30, height: 8), now: t0)
        #expect(app.press(.character("d")) == [])
        #expect(app.overlay == nil)
        #expect(app.press(.character("q")) == [])
    }

    @Test func helpOpensAndCloses() {
        var app = makeApp(height: 30)
        app.press(.character("?"))
        #expect(app.overlay == .help(scroll: 0))
        #expect(app.press(.character("d")) == [])  // keys under the help do nothing
        #expect(app.overlay == .help(scroll: 0))
        app.press(.character("j"))
        #expect(app.overlay == .help(scroll: 1))
        app.press(.escape)
        #expect(app.overlay == nil)
    }

    @Test func simulationKeysCycle() {
        var app = makeApp(simulation: Simulation(failureRate: 0, latency: .zero))
        #expect(app.press(.character("f")) == [.setSimulatedFailureRate(0.5)])
        #expect(app.status?.text == "Simulated server: 50% of mutations fail.")
        #expect(app.press(.character("f")) == [.setSimulatedFailureRate(1)])
        #expect(app.press(.character("f")) == [.setSimulatedFailureRate(0)])
        #expect(app.press(.character("L")) == [.setSimulatedLatency(.milliseconds(800))])
        #expect(app.press(.character("L")) == [.setSimulatedLatency(.seconds(2))])
        #expect(app.status?.text == "Simulated server latency: 2 s.")
        #expect(app.press(.character("L")) == [.setSimulatedLatency(.zero)])
    }

    @Test func simulationKeysNeedTheEmbeddedServer() {
        var app = makeApp(simulation: nil)
        #expect(app.press(.character("f")) == [])
        #expect(app.status?.level == .error)
    }

    @Test func resizingKeepsTheSelectionOnScreen() {
        var app = makeApp(rows: Self.manyRows)
        app.press(.character("G"))
        _ = app.reduce(.resized(width: 72, height: 40), now: t0)
        #expect(app.scrollTop == 66)
        _ = app.reduce(.resized(width: 72, height: 10), now: t0)
        #expect(app.scrollTop == 96)
        #expect(app.selectedIndex == 99)
    }
}
