import OptimisticStore
import PropertySync
import ScreenValues
import Testing
@testable import TUI

/// Frames as plain text. Re-record with `PROPTUI_RECORD_SNAPSHOTS=1 swift test --filter Snapshot`.
@Suite struct SnapshotTests {
    @Test func list() {
        var app = makeApp(rows: sampleRows, reverted: sampleReverted)
        _ = app.reduce(.list(.pendingCountChanged(2)), now: t0)
        _ = app.reduce(.list(.busyChanged(true)), now: t0)
        expectSnapshot(app.render(), named: "list")
    }

    @Test func detail() {
        var app = makeApp(rows: sampleRows, reverted: sampleReverted)
        app.press(.enter)
        expectSnapshot(app.render(), named: "detail")
    }

    /// A refusal's whole message, wrapped under the Sync label (the status line cuts it).
    @Test func detailWithALongRefusal() {
        var app = makeApp(height: 20, rows: sampleRows)
        app.press(.enter)
        // The refusal arrives while the detail is open (a key press would have acknowledged it).
        app.revertedRows = [sampleRows[0].id:
            "Injected failure (fail-rate 1.0): LocalAppSync rejected this mutation on purpose, so that a demo can show a revert."]
        expectSnapshot(app.render(), named: "detail-long-refusal")
    }

    @Test func help() {
        var app = makeApp(width: 80, height: 40, rows: sampleRows, reverted: sampleReverted)
        app.press(.character("?"))
        expectSnapshot(app.render(), named: "help")
    }

    @Test func deleteConfirmation() {
        var app = makeApp(rows: sampleRows, reverted: sampleReverted)
        app.press(.character("j"), .character("d"))
        expectSnapshot(app.render(), named: "delete-confirmation")
    }

    @Test func quitConfirmation() {
        var app = makeApp(rows: sampleRows, reverted: sampleReverted)
        _ = app.reduce(.list(.pendingCountChanged(3)), now: t0)
        app.press(.character("q"))
        expectSnapshot(app.render(), named: "quit-confirmation")
    }

    @Test func errorOnTheStatusLine() {
        var app = makeApp(rows: sampleRows, reverted: sampleReverted)
        _ = app.reduce(.operationFailed(OperationFailure(
            operation: .rename, record: "Villa Rosa", message: "Conflict resolver rejects mutation.")), now: t0)
        expectSnapshot(app.render(), named: "status-error")
    }

    @Test func renameInPlace() {
        var app = makeApp(rows: sampleRows, reverted: sampleReverted)
        app.press(.character("j"), .character("r"))
        app.type(" Two")
        expectSnapshot(app.render(), named: "rename-in-place")
    }

    @Test func newPropertyInput() {
        var app = makeApp(rows: sampleRows, reverted: sampleReverted)
        app.press(.character("n"))
        app.type("Maple")
        expectSnapshot(app.render(), named: "new-property")
    }

    @Test func filter() {
        var app = makeApp(rows: sampleRows, reverted: sampleReverted)
        app.press(.character("/"))
        app.type("ma")
        expectSnapshot(app.render(), named: "filter")
    }

    @Test func tinyTerminal() {
        let app = makeApp(width: 30, height: 8, rows: sampleRows, reverted: sampleReverted)
        expectSnapshot(app.render(), named: "tiny-terminal")
    }

    @Test func wideCharacters() {
        let rows = [
            PropertyRow(property("w1", "東京タワー アパート 東京タワー アパート", "港区芝公園 4-2-8")),
            PropertyRow(property("w2", "Family 👨‍👩‍👧 home ❤️ 🇯🇵", "Keycap 1️⃣ street")),
            PropertyRow(property("w3", "Cafe\u{301} Noe\u{308}l Zoë", "e\u{301}\u{302} combining")),
            PropertyRow(property("w4", "한국어 주택 테스트 이름입니다", "서울특별시 강남구")),
        ]
        expectSnapshot(makeApp(rows: rows).render(), named: "wide-characters")
    }

    @Test func escapeSequencesInAName() {
        let rows = [
            PropertyRow(property("x1", "\u{1B}[2J\u{1B}[31mEvil\u{07}\u{1B}]0;pwned\u{07}", "line\nbreak\ttab\r")),
            PropertyRow(property("x2", "C1 \u{9B}31m and bidi \u{202E}txet", nil)),
        ]
        let frame = makeApp(rows: rows).render()
        expectSnapshot(frame, named: "escape-sequences")
        for cell in frame.cells {
            #expect(!cell.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
    }

    @Test func emptyList() {
        expectSnapshot(makeApp(rows: []).render(), named: "empty-list")
    }
}
