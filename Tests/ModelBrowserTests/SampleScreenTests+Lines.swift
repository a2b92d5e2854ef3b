import AmplifyModels
import Foundation
import ModelScreens
import OptimisticStore
import SyncEngine
import ScreenValues
import Testing
@testable import ModelBrowser

/// The lines around the list on the one screen over the sample: the header, the status line,
/// a question box, long names.
extension SampleScreenTests {
    /// A long name deleted elsewhere while renamed: the message and the field's label cut it,
    /// so that what ⏎ and Esc do still shows.
    @Test func aLongNamesRecordDeletedWhileRenamedStillSaysWhatToDo() {
        let long = Self.property("l1", String(repeating: "Very Long Name ", count: 12), minute: 5)
        var state = Self.screen([long])
        _ = state.reduce(.resized(width: 120, height: 14))
        _ = state.reduce(.keyPressed(.character("r")))
        _ = state.reduce(Self.removed("l1"))
        #expect(state.status?.text == "“Very Long Name Very Long Name V…” was deleted elsewhere while you typed: "
            + "⏎ adds it anew with what you typed, Esc drops it.")
        #expect(text(state).contains("“Very Long Name Very Long Name V…” deleted elsewhere · name"), "\(text(state))")
    }
}

extension SampleScreenTests {
    /// The header: the backend and its mode before the connection, what waits and `⟳` after it;
    /// on a narrow screen the backend gives way first, never the title.
    @Test func theHeaderSaysTheBackendAndGivesItUpFirst() {
        var state = Self.screen()
        _ = state.reduce(.resized(width: 100, height: 14))
        _ = state.reduce(.list(model: Self.model, .connectivityChanged(.connecting)))
        _ = state.reduce(.list(model: Self.model, .pendingCountChanged(2)))
        _ = state.reduce(.list(model: Self.model, .busyChanged(true)))
        let wide = state.render().plainText.split(separator: "\n")[0]
        #expect(wide.contains("local · API key · ◌ connecting · 2 pending · ⟳"), "\(wide)")
        _ = state.reduce(.list(model: Self.model, .connectivityChanged(.online)))
        _ = state.reduce(.list(model: Self.model, .pendingCountChanged(0)))
        _ = state.reduce(.list(model: Self.model, .busyChanged(false)))
        _ = state.reduce(.resized(width: 50, height: 14))
        let narrow = state.render().plainText.split(separator: "\n")[0]
        #expect(narrow.contains("Real Estate Properties") && narrow.contains("● online") && !narrow.contains("API key"), "\(narrow)")
    }

    /// `y` copies the key shown in a detail, saying what tmux needs to pass it on; in the list it
    /// does nothing and says so.
    @Test func yCopiesTheKeyInADetailOnly() {
        var state = Self.screen()
        #expect(state.reduce(.keyPressed(.character("y"))).isEmpty)
        #expect(state.status?.text.contains("y does nothing here") == true, "\(state.status?.text ?? "")")
        state.insideTmux = true
        _ = state.reduce(.keyPressed(.enter))
        #expect(state.reduce(.keyPressed(.character("y"))) == [.copyToClipboard("a1")])
        #expect(state.status?.text.contains("set-clipboard on") == true)
    }
}

extension SampleScreenTests {
    /// At the smallest size the app draws, a question's lines go on below themselves, never cut.
    @Test func aQuestionOnTheSmallestScreenIsWhole() {
        var state = Self.screen()
        _ = state.reduce(.resized(width: 40, height: 10))
        _ = state.reduce(.list(model: Self.model, .pendingCountChanged(2)))
        _ = state.reduce(.keyPressed(.character("q")))
        let shown = state.render().plainText
        let box = shown.split(separator: "\n").filter { $0.contains("│") }
        #expect(!box.isEmpty && box.allSatisfy { !$0.contains("…") }, "\(shown)")
        #expect(shown.contains("kept and sent on the") && shown.contains("next start."), "\(shown)")
    }
}

extension SampleScreenTests {
    /// A long name on the status line is cut so that what happened still shows; `m` keeps the
    /// message whole.
    @Test func aLongNameOnTheStatusLineLeavesRoomForWhatHappened() {
        var state = Self.screen()
        let long = String(repeating: "y", count: 200)
        _ = state.reduce(.list(model: Self.model, .succeeded(
            RecordOperationSummary(kind: .create, recordID: RecordKey("n1"), recordName: long))))
        let line = state.render().plainText.split(separator: "\n").first { $0.contains("✓") }.map(String.init) ?? ""
        #expect(line.contains("“" + String(repeating: "y", count: 31) + "…” added"), "\(line)")
        #expect(state.status?.text == "“\(long)” added", "kept whole for m")
    }
}
