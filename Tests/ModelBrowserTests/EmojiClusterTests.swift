import AmplifyModels
import OptimisticStore
import SyncEngine
import ScreenValues
import Testing
@testable import ModelBrowser

/// Emoji sequences (ZWJ families, flags, keycaps, skin tones, VS16) are kept whole in the form,
/// in a field renamed in place and in what is sent, and drawn whole with their width in the list,
/// the detail and the header.
@Suite struct EmojiClusterTests {
    typealias Sample = SampleScreenTests
    static let name = "🏠 Emoji 👨\u{200D}👩\u{200D}👧 House 🇯🇵"
    static let more = "1\u{FE0F}\u{20E3} ❤\u{FE0F} 👍\u{1F3FD} 👩\u{1F3FF}\u{200D}💻"
    static let emoji = Sample.property("e1", name, "1 Emoji St", minute: 9)

    /// Keys as the terminal delivers them: a scalar at a time.
    static func typeScalars(_ text: String, into state: inout BrowserState) {
        for scalar in text.unicodeScalars { _ = state.reduce(.keyPressed(.character(Character(scalar)))) }
    }

    static func column(of text: String, in frame: Frame) -> Int? {
        frame.plainText.split(separator: "\n").lazy.compactMap { line -> Int? in
            guard let range = line.range(of: text) else { return nil }
            return frame.columns(of: String(line[..<range.lowerBound]))  // as this terminal draws them
        }.first
    }

    @Test func aNameTypedAScalarAtATimeIsSentWhole() {
        var state = Sample.screen()
        _ = state.reduce(.keyPressed(.character("n")))
        Self.typeScalars(Self.name + " " + Self.more, into: &state)
        guard case .create(_, let record)? = state.reduce(.keyPressed(.enter)).first else { Issue.record("no create"); return }
        #expect(record["name"] == .string(Self.name + " " + Self.more))
    }

    @Test func editingNextToAClusterNeverCutsIt() {
        var state = Sample.screen([Sample.harbour, Self.emoji])
        for key: Key in [.character("G"), .character("r"), .end, .backspace] { _ = state.reduce(.keyPressed(key)) }  // the whole flag goes
        Self.typeScalars("🇫🇷", into: &state)
        for key: Key in [.home, .right, .right, .character("X")] { _ = state.reduce(.keyPressed(key)) }  // a cluster at a time
        guard case .update(_, let key, let patch)? = state.reduce(.keyPressed(.enter)).first else { Issue.record("no update"); return }
        #expect(key == RecordKey("e1") && patch.changes == ["name": .string("🏠 XEmoji 👨\u{200D}👩\u{200D}👧 House 🇫🇷")])
    }

    @Test func theListDetailHeaderAndFieldShowEveryCluster() {
        var state = Sample.screen([Sample.harbour, Self.emoji])
        _ = state.reduce(.resized(width: 80, height: 14))
        let list = state.render()
        #expect(list.plainText.contains(Self.name))
        #expect(list.wideCellsAreWhole)
        #expect(Self.column(of: "1 Emoji St", in: list) == Self.column(of: "12 Quay St", in: list) ?? -1, "the address column stays put")
        for key: Key in [.character("G"), .enter] { _ = state.reduce(.keyPressed(key)) }
        let detail = state.render().plainText
        #expect(detail.split(separator: "\n").first?.contains(Self.name) == true, "the header")
        #expect(detail.contains("name       " + Self.name), "\(detail)")
        _ = state.reduce(.keyPressed(.character("r")))
        #expect(state.render().plainText.contains(Self.name))
    }

    /// A terminal that gives a skin tone its own two columns (tmux 3.3a): 👍🏽 takes four, and
    /// the next column stays where the terminal puts it.
    @Test func kindsTheTerminalDrawsAScalarAtATimeTakeTheirColumns() {
        var state = Sample.screen([Sample.harbour, Sample.property("e1", "Thumbs 👍\u{1F3FD}!", "1 Emoji St", minute: 9)])
        _ = state.reduce(.resized(width: 80, height: 14))
        state.separateClusters = [.emojiModifier]
        let frame = state.render()
        #expect(frame.separateClusters == [.emojiModifier])
        #expect(frame.plainText.contains("Thumbs 👍\u{1F3FD}!"))
        #expect(frame.columns(of: "👍\u{1F3FD}") == 4)
        #expect(Self.column(of: "1 Emoji St", in: frame) == Self.column(of: "12 Quay St", in: frame) ?? -1)
        #expect(frame.wideCellsAreWhole)
    }

    /// A terminal that joins nothing: a family is its three people; renaming it unchanged sends nothing.
    @Test func aTerminalThatJoinsNothingShowsEveryPerson() {
        var state = Sample.screen([Self.emoji])
        state.separateClusters = [.zwjSequence]
        _ = state.reduce(.keyPressed(.character("r")))
        #expect(state.render().plainText.contains("👨👩👧"))
        #expect(state.reduce(.keyPressed(.enter)).isEmpty, "nothing changed: nothing sent")
    }
}

extension SampleScreenTests {
    /// The list's moves: each key where the sample's took it, held at the ends.
    @Test func movesAndJumps() {
        let records = (0..<100).map { n in Self.property(String(format: "p%03d", n), "Property \(n)", minute: n % 60) }
        var state = Self.screen(records)
        func press(_ keys: Key...) { for key in keys { _ = state.reduce(.keyPressed(key)) } }
        press(.character("j"), .down)
        #expect(state.selectedIndex == 2)
        press(.character("k"))
        #expect(state.selectedIndex == 1)
        press(.character("G"))
        #expect(state.selectedIndex == 99)
        press(.home)
        #expect(state.selectedIndex == 0)
        press(.character("k"))
        #expect(state.selectedIndex == 0, "held at the top")
        press(.pageDown)
        let page = state.selectedIndex ?? 0
        #expect(page > 1)
        press(.control("d"))
        #expect((state.selectedIndex ?? 0) > page)
        press(.control("u"), .pageUp)
        #expect(state.selectedIndex == 0)
        press(.end, .character("j"))
        #expect(state.selectedIndex == 99, "held at the bottom")
    }

    /// `q` with nothing waiting quits at once; with changes waiting it asks, and ⏎ stays.
    @Test func quitAsksOnlyWhenChangesWait() {
        var state = Self.screen()
        #expect(state.reduce(.keyPressed(.character("q"))) == [.quit])
        _ = state.reduce(.list(model: Self.model, .pendingCountChanged(2)))
        #expect(state.reduce(.keyPressed(.character("q"))).isEmpty)
        #expect(state.reduce(.keyPressed(.character("y"))) == [.quit])
    }
}
