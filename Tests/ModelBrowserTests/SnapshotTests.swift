import AmplifyModels
import Foundation
import OptimisticStore
import SyncEngine
import ScreenValues
import Testing
@testable import ModelBrowser

/// Whole frames of the sample on the one screen, as plain text. Re-record them with
/// `PROPTUI_RECORD_SNAPSHOTS=1 swift test --filter SnapshotTests`, and read the diff.
@Suite struct SnapshotTests {
    typealias Sample = SampleScreenTests

    /// The sample's four rows: one pending, one refused (`!` until the next key), one in conflict.
    static func screen(width: Int = 72, height: Int = 14) -> BrowserState {
        let tokyo = Sample.property("d4", "東京タワー アパート", "港区芝公園 4-2-8", minute: 3)
        var state = Sample.screen([Sample.harbour, Sample.maple, Sample.villa, tokyo])
        state.fixedClockTime = "09:41"
        _ = state.reduce(.resized(width: width, height: height))
        _ = state.reduce(.list(model: Sample.model, .rowsChanged(RecordRowUpdate(upserted: [
            RecordRow(Sample.harbour, status: .pending(1)),
            RecordRow(Sample.villa, status: .conflict("someone else renamed it meanwhile")),
        ]))))
        _ = state.reduce(.list(model: Sample.model, .pendingCountChanged(1)))
        return state
    }

    @Test func list() {
        var state = Self.screen()
        _ = state.reduce(.list(model: Sample.model, .reverted(
            RecordOperationSummary(kind: .rename, recordID: RecordKey("b2"), recordName: "Maple Cottage", newName: "Maple"),
            message: "Conflict resolver rejects mutation.", conflict: false)))
        expectSnapshot(state.render(), named: "list")
    }

    @Test func detail() {
        var state = Self.screen()
        _ = state.reduce(.keyPressed(.enter))
        expectSnapshot(state.render(), named: "detail")
    }

    @Test func help() {
        var state = Self.screen(width: 80, height: 40)
        state.simulation = Simulation()
        _ = state.reduce(.keyPressed(.character("?")))
        expectSnapshot(state.render(), named: "help")
    }

    @Test func deleteQuestion() {
        var state = Self.screen()
        for key: Key in [.character("j"), .character("d")] { _ = state.reduce(.keyPressed(key)) }
        expectSnapshot(state.render(), named: "delete-question")
    }

    /// Two rows marked (bold, `*`: without colour too), counted on the rule; a batch under way on
    /// the status line; the hints for marked rows.
    @Test func markedRows() {
        var state = Self.screen()
        for key: Key in [.character(" "), .character("j"), .character(" ")] { _ = state.reduce(.keyPressed(key)) }
        _ = state.reduce(.list(model: Sample.model, .batchStarted(RecordBatch(kind: .delete, recordIDs: (0..<1_000).map { RecordKey("k\($0)") }))))
        for index in 0..<340 {
            _ = state.reduce(.list(model: Sample.model, .succeeded(RecordOperationSummary(kind: .delete, recordID: RecordKey("k\(index)"), recordName: "x"))))
        }
        expectSnapshot(state.render(), named: "marked-rows")
    }

    @Test func deleteMarkedQuestion() {
        var state = Self.screen()
        _ = state.reduce(.list(model: Sample.model, .dialectKnown(.versioned)))
        for key: Key in [.character("*"), .character("d")] { _ = state.reduce(.keyPressed(key)) }
        expectSnapshot(state.render(), named: "delete-marked-question")
    }

    @Test func quitQuestion() {
        var state = Self.screen()
        _ = state.reduce(.list(model: Sample.model, .pendingCountChanged(3)))
        _ = state.reduce(.keyPressed(.character("q")))
        expectSnapshot(state.render(), named: "quit-question")
    }

    @Test func renameInPlace() {
        var state = Self.screen()
        for key: Key in [.character("j"), .character("r"), .character(" "), .character("2")] { _ = state.reduce(.keyPressed(key)) }
        expectSnapshot(state.render(), named: "rename-in-place")
    }

    @Test func newRecordForm() {
        var state = Self.screen()
        _ = state.reduce(.keyPressed(.character("n")))
        for character in "Cabin" { _ = state.reduce(.keyPressed(.character(character))) }
        expectSnapshot(state.render(), named: "new-record-form")
    }

    @Test func filter() {
        var state = Self.screen()
        for key: Key in [.character("/"), .character("m"), .character("a")] { _ = state.reduce(.keyPressed(key)) }
        expectSnapshot(state.render(), named: "filter")
    }

    @Test func tooSmall() {
        var state = Self.screen()
        _ = state.reduce(.resized(width: 30, height: 8))
        expectSnapshot(state.render(), named: "too-small")
    }

    @Test func emptyOffline() {
        var state = Sample.screen([])
        _ = state.reduce(.list(model: Sample.model, .loadStateChanged(.loading)))
        _ = state.reduce(.list(model: Sample.model, .connectivityChanged(.offline("the server refused the connection"))))
        expectSnapshot(state.render(), named: "empty-offline")
    }

    /// Names no terminal may be told to run: every control character is drawn as a visible mark.
    @Test func escapeSequencesInAName() {
        let hostile = Sample.property("h1", "Evil\u{1B}[2J\u{1B}]0;owned\u{07}Name\r\nNext", "\u{202E}sserdda", minute: 4)
        var state = Sample.screen([Sample.harbour, hostile])
        _ = state.reduce(.keyPressed(.character("j")))
        let frame = state.render()
        #expect(!frame.plainText.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F || $0.value == 0x202E })
        expectSnapshot(frame, named: "hostile-name")
    }
}

/// Compares a frame with `Snapshots/<name>.txt` beside this file. Records it when missing or
/// when `PROPTUI_RECORD_SNAPSHOTS=1` is set.
func expectSnapshot(
    _ frame: Frame, named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots").appendingPathComponent(name + ".txt")
    #expect(frame.wideCellsAreWhole, "a wide character is split in \(name)", sourceLocation: sourceLocation)
    let actual = frame.plainText + "\n"
    let recording = ProcessInfo.processInfo.environment["PROPTUI_RECORD_SNAPSHOTS"] == "1"
    guard !recording, let expected = try? String(contentsOf: url, encoding: .utf8) else {
        do {
            try actual.write(to: url, atomically: true, encoding: .utf8)
        } catch {
            Issue.record("cannot write snapshot \(url.path): \(error)", sourceLocation: sourceLocation)
            return
        }
        if !recording {
            Issue.record("recorded a new snapshot \(name).txt; check it and run again", sourceLocation: sourceLocation)
        }
        return
    }
    #expect(actual == expected, "frame differs from Snapshots/\(name).txt:\n\(actual)", sourceLocation: sourceLocation)
}
