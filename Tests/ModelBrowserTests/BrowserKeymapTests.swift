import AmplifyModels
import ListRows
import ModelScreens
import OptimisticStore
import SyncEngine
import ScreenValues
import Testing
@testable import ModelBrowser

/// The model browser's key table: one meaning per key in each context, hints that only name
/// keys the table binds there, and what the sample's screen has (help, messages, hints that fit,
/// a filter Esc clears, an error that the next key acknowledges, messages that fade).
@Suite struct BrowserKeymapTests {
    let table = BrowserKeymap.table
    let base = try! BrowserStateTests()

    @Test func noKeyIsBoundTwiceInAContext() {
        for context in BrowserKeyContext.allCases {
            let keys = table.keys(in: context)
            #expect(Set(keys).count == keys.count, "\(context)")
        }
    }

    @Test func everyHintNamesKeysThatWorkInItsContext() {
        for (context, hints) in table.hintLines {
            for hint in hints {
                for key in hint.keys { #expect(table.command(for: key, in: context) != nil, "\(context): \(hint.label) \(hint.word)") }
            }
            #expect(table.hints(in: context).count == hints.count)
        }
    }

    /// A screen that takes text (the picker, the form, a filter) gets every key but C-l.
    @Test func onlyRedrawReachesPastAScreenThatTakesText() {
        for context in [BrowserKeyContext.picker, .form, .filter] { #expect(table.keys(in: context) == [.control("l")]) }
        for context in BrowserKeyContext.allCases { #expect(table.command(for: .control("l"), in: context) == .redraw) }
    }

    @Test func aQuestionTakesYesAndAnythingElseAsNo() {
        for context in [BrowserKeyContext.confirmDelete, .confirmQuit, .confirmDiscard] {
            #expect(table.command(for: .character("y"), in: context) == .confirm)
            #expect(table.command(for: .character("Y"), in: context) == .confirm)
            #expect(table.command(for: .character("n"), in: context) == .decline)
            #expect(table.command(for: .paste("y"), in: context) == .decline)
        }
    }

    /// `?` shows every key of the table with what it does, and the form's and the picker's own;
    /// Esc closes it. It no longer says "? does nothing here".
    @Test func questionMarkShowsTheKeys() {
        var state = base.state(initialModel: "Transaction")
        _ = state.reduce(.keyPressed(.character("?")))
        let help = BrowserKeymap.helpLines(simulationAvailable: true).map(\.text)
        for binding in table.bindings where binding.section != nil {
            #expect(help.contains { $0.contains(binding.keyLabel) && $0.contains(binding.summary) }, "\(binding.keyLabel)")
        }
        #expect(help.contains("In the form") && help.contains("In the model picker"))
        let shown = base.text(state)
        #expect(shown.contains("Keys") && shown.contains("move down / up; in a detail: scroll"), "\(shown)")
        #expect(!shown.contains("does nothing here"))
        _ = state.reduce(.keyPressed(.escape))
        #expect(!base.text(state).contains("in a detail: scroll"))
    }

    /// `m` shows every message of the session, newest first and whole, also one the status line
    /// cut; the model picker is `M`.
    @Test func mShowsTheMessagesAndShiftMTheModels() {
        var state = base.state(initialModel: "Transaction")
        _ = state.reduce(.resized(width: 60, height: 20))
        let reason = "the amount must be at most 1,000,000 and this message is much longer than the status line"
        _ = state.reduce(.changeFailed("first: \(reason)"))
        _ = state.reduce(.noticed("second"))
        #expect(base.text(state).contains("m message"), "a cut message offers m: \(base.text(state))")
        _ = state.reduce(.keyPressed(.character("m")))
        let shown = base.text(state)
        #expect(shown.contains("Messages, newest first"))
        let second = try! #require(shown.range(of: "second"))
        let first = try! #require(shown.range(of: "✗ first"))
        #expect(second.lowerBound < first.lowerBound, "newest first")
        #expect(shown.contains("status line"), "the whole text, wrapped: \(shown)")
        _ = state.reduce(.keyPressed(.character("m")))
        _ = state.reduce(.keyPressed(.character("M")))
        #expect(base.text(state).contains("Models"))
        if case .picker = state.screen {} else { Issue.record("M opens the model picker") }
    }

    /// At 80 columns the list's hints keep `? help` and `q quit`; what gives way first is the
    /// end of the line (`M models`), which the help still lists.
    @Test func theHintsKeepHelpAndQuitAtEightyColumns() {
        var state = base.state(initialModel: "Transaction")
        _ = state.reduce(.resized(width: 80, height: 24))
        let last = base.text(state).split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.contains("? help") && last.contains("q quit"), "\(last)")
        #expect(last.contains("n new") && last.contains("/ filter"), "\(last)")
    }

    /// Esc in the filter being typed takes the filter away, as the sample's does; ⏎ keeps it.
    @Test func escapeClearsTheFilterAndEnterKeepsIt() {
        var state = base.state(initialModel: "Transaction")
        _ = state.reduce(.list(model: "Transaction", .loaded([
            RecordRow(base.transaction("rent", "Rent", created: "2026-11-01T10:00:00.000Z")),
            RecordRow(base.transaction("food", "Food", created: "2026-11-02T10:00:00.000Z")),
        ])))
        for key in [Key.character("/"), .character("R"), .character("e"), .character("n"), .enter] { _ = state.reduce(.keyPressed(key)) }
        #expect(state.shownKeys == [RecordKey("rent")])
        for key in [Key.character("/"), .character("x"), .escape] { _ = state.reduce(.keyPressed(key)) }
        #expect(state.shownKeys.count == 2, "Esc cleared it")
    }

    /// An error stays until the next key, which has seen it; other messages fade after a while.
    @Test func anErrorGoesWithTheNextKeyAndNewsFades() {
        var state = base.state(initialModel: "Transaction")
        let start = BrowserState.testInstant
        _ = state.reduce(.changeFailed("the outbox is full"), now: start)
        _ = state.reduce(.tick, now: start + .seconds(60))
        #expect(base.text(state).contains("✗ the outbox is full"), "an error does not fade")
        _ = state.reduce(.keyPressed(.character("j")), now: start + .seconds(61))
        #expect(!base.text(state).contains("the outbox is full"), "the next key acknowledged it")
        _ = state.reduce(.noticed("Undid the last change"), now: start + .seconds(62))
        #expect(state.nextDeadline == start + .seconds(62) + StatusMessage<ModelRecord>.fadeAfter)
        _ = state.reduce(.tick, now: start + .seconds(70))
        #expect(!base.text(state).contains("Undid the last change"))
        #expect(state.messageHistory.map(\.text) == ["the outbox is full", "Undid the last change"], "m keeps both")
    }

    /// `y` in a detail copies the record's key (the loop sends it to the terminal).
    @Test func yInADetailCopiesTheKey() {
        var state = base.state(initialModel: "Transaction")
        _ = state.reduce(.list(model: "Transaction", .loaded([RecordRow(base.transaction("rent", "Rent", created: "2026-11-01T10:00:00.000Z"))])))
        _ = state.reduce(.keyPressed(.enter))
        #expect(state.reduce(.keyPressed(.character("y"))) == [.copyToClipboard("rent")])
        #expect(base.text(state).contains("Sent the key rent"))
    }

    /// With the embedded server, `F` and `L` cycle its failure rate and latency, as the sample's
    /// keys do, and the rule under the list says what is simulated; against any other server
    /// they say why they do nothing.
    @Test func theSimulatedServersKeys() {
        var state = base.state(initialModel: "Transaction")
        #expect(state.reduce(.keyPressed(.character("F"))).isEmpty)
        #expect(base.text(state).contains(Simulation.unavailable))
        state.simulation = Simulation()
        #expect(state.reduce(.keyPressed(.character("F"))) == [.setSimulatedFailureRate(0.5)])
        #expect(base.text(state).contains("Simulated server: 50% of mutations fail."))
        #expect(state.reduce(.keyPressed(.character("L"))) == [.setSimulatedLatency(.milliseconds(800))])
        #expect(base.text(state).contains("simulated server: 50% of mutations fail, latency 800 ms"), "\(base.text(state))")
        #expect(state.reduce(.keyPressed(.character("F"))) == [.setSimulatedFailureRate(1)])
        #expect(state.reduce(.keyPressed(.character("F"))) == [.setSimulatedFailureRate(0)])
        #expect(BrowserKeymap.helpLines(simulationAvailable: false).contains { $0.text.contains("not available with --endpoint") })
    }

    /// With colours on, the connection's word and an error are coloured, as the sample's are;
    /// with them off (`--no-color`, `NO_COLOR`) nothing is, and the marks and words still say it.
    @Test func coloursFollowTheSamplesAndTurnOff() {
        var state = base.state(initialModel: "Transaction")
        _ = state.reduce(.list(model: "Transaction", .connectivityChanged(.online)))
        _ = state.reduce(.changeFailed("the outbox is full"))
        #expect(state.render().cells.allSatisfy { $0.color == .default }, "colour off")
        state.colorEnabled = true
        let cells = state.render().cells
        #expect(cells.contains { $0.color == .green }, "● online")
        #expect(cells.contains { $0.color == .red }, "✗ the outbox is full")
    }
}
