import Foundation
import OptimisticStore
import PropertySync
import ScreenValues
import Testing
@testable import TUI

/// Issue 19's screen items: what each line has room for, and what it says when it has not.
@Suite struct ScreenRoomTests {
    static let refused = "the server refused the connection (nothing is listening there)"

    /// At 100 columns the header lost the sort order and the backend to a reason it then cut.
    @Test(arguments: [
        Connectivity.offline(refused), .unauthorized("You are not authorized to make this call."),
        .liveSyncDown("retrying in 4 s; " + refused),
    ])
    func theHeaderKeepsAShortStateAndTheReasonGoesToTheStatusLine(_ state: Connectivity) {
        var app = AppState(options: AppOptions(colorEnabled: false, backend: "local · API key"))
        _ = app.reduce(.resized(width: 100, height: 20), now: t0)
        _ = app.reduce(.list(.loaded(plainRows)), now: t0)
        _ = app.reduce(.list(.connectivityChanged(.online)), now: t0)
        _ = app.reduce(.list(.connectivityChanged(state)), now: t0)
        let frame = app.render()
        let header = frame.line(0)
        #expect(header.contains("· by creation "), "\(header)")
        #expect(header.contains("local · API key"), "\(header)")
        #expect(!header.contains("…"), "\(header)")
        #expect(!header.contains("refused") && !header.contains("make this call"), "\(header)")
        let reason: String = switch state {
        case .offline(let reason), .liveSyncDown(let reason), .unauthorized(let reason): reason
        default: ""
        }
        #expect(app.messageHistory.contains { $0.text.contains(reason.dropLast()) }, "the reason is in m")
        #expect(frame.line(frame.height - 2).contains(String(reason.prefix(30))), "the status line says why")
    }

    /// The same state again (a probe that fails once more) does not say it again.
    @Test func theReasonIsSaidOncePerState() {
        var app = makeApp(width: 100, height: 20)
        _ = app.reduce(.list(.connectivityChanged(.offline(Self.refused))), now: t0)
        _ = app.reduce(.list(.connectivityChanged(.reconnecting)), now: t0)
        _ = app.reduce(.list(.connectivityChanged(.offline(Self.refused))), now: t0)
        #expect(app.messageHistory.filter { $0.text.contains(Self.refused) }.count == 1)
    }

    /// The help box is as wide as its text, up to the screen, and wraps what does not fit.
    @Test(arguments: [100, 60])
    func theHelpShowsItsTextWhole(width: Int) {
        var app = makeApp(width: width, height: 200)
        app.press(.character("?"))
        let frame = app.render()
        let text = frame.plainText
        #expect(!text.contains("… │"), "\(text)")
        #expect(text.contains("newest first, whole"), "\(text)")
        #expect(text.contains("(the header says which)"), "\(text)")
        if width == 100 {
            let top = text.split(separator: "\n").first { $0.contains("┌") }.map(String.init) ?? ""
            let box = top.firstIndex(of: "┌").map { top.distance(from: $0, to: top.lastIndex(of: "┐")!) + 1 } ?? 0
            #expect(box > 76, "\(top)")
        }
    }

    /// The rule's count and the header's progress are told apart, grouped the same way.
    @Test func theRuleAndTheHeaderSayWhichCountIsWhich() {
        let rows = (0..<25_000).map { PropertyRow(property("id\($0)", "Place \($0)")) }
        var app = makeApp(width: 100, height: 16, rows: rows)
        _ = app.reduce(.list(.loadProgress(LoadProgress(loaded: 9_000, expected: 25_000))), now: t0)
        let frame = app.render()
        #expect(frame.line(frame.height - 4).contains("1–10 of 25,000 rows"), "\(frame.line(frame.height - 4))")
        #expect(frame.line(0).contains("9,000 of ~25,000"), "\(frame.line(0))")
        #expect(!frame.plainText.contains("25000"))
        app.press(.character("G"))
        let last = app.render().line(frame.height - 4)
        #expect(last.contains("24,991–25,000 of 25,000 rows"), "every number grouped alike: \(last)")
    }

    /// At 40×10 an ID that does not fit its line says that it goes on.
    @Test func aWrappedIDSaysItGoesOn() {
        let id: PropertyID = "8f1c2d3e-4b5a-6978-8a9b-0c1d2e3f4a5b"
        var app = makeApp(width: 40, height: 10, rows: [PropertyRow(property(id, "Harbour View Loft", "12 Quay St"))])
        app.press(.enter)
        let lines = app.render().plainText.split(separator: "\n")
        guard let first = lines.firstIndex(where: { $0.contains("ID ") }) else {
            Issue.record("no ID line")
            return
        }
        let piece = lines[first].split(separator: " ").last.map(String.init) ?? ""
        #expect(piece.hasSuffix("…"), "\(lines[first])")
        let rest = lines[first + 1].dropFirst(14).trimmingCharacters(in: .whitespaces)  // the value column
        #expect(String(piece.dropLast()) + rest == id.text, "the ID is still there whole: \(piece) \(rest)")
    }

    /// The idle input line is no prompt: nothing there waits for text.
    @Test func theIdleInputLineIsNoPrompt() {
        let app = makeApp(width: 80, height: 14)
        let frame = app.render()
        #expect(!frame.line(frame.height - 3).contains("New property name"), "\(frame.line(frame.height - 3))")
    }
}

/// The empty list points where the reason is now: `m`, not the header.
@Suite struct EmptyListReasonTests {
    @Test func anUnusableServerPointsToTheMessages() {
        var app = makeApp(rows: [])
        _ = app.reduce(.list(.loadStateChanged(.loading)), now: t0)
        _ = app.reduce(.list(.connectivityChanged(.unauthorized("Unknown key."))), now: t0)
        let text = app.render().plainText
        #expect(text.contains("The server cannot be used (m says why)"), "\(text)")
        #expect(!text.contains("top line"))
    }
}
