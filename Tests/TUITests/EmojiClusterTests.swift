import OptimisticStore
import PropertySync
import ScreenValues
import Testing
@testable import TUI

/// Emoji sequences (ZWJ families, flags, keycaps, skin tones, VS16) are kept whole in the
/// editor and in what is sent, and drawn whole with their width in every view.
@Suite struct EmojiClusterTests {
    static let name = "🏠 Emoji 👨\u{200D}👩\u{200D}👧 House 🇯🇵"
    static let more = "1\u{FE0F}\u{20E3} ❤\u{FE0F} 👍\u{1F3FD} 👩\u{1F3FF}\u{200D}💻"

    /// Keys as the terminal delivers them: a scalar at a time.
    static func typeScalars(_ text: String, into app: inout AppState) {
        for scalar in text.unicodeScalars { _ = app.reduce(.keyPressed(.character(Character(scalar))), now: t0) }
    }

    @Test func aNameTypedAScalarAtATimeIsSentWhole() {
        var app = makeApp()
        app.press(.character("n"))
        Self.typeScalars(Self.name + " " + Self.more, into: &app)
        #expect(app.editing?.editor.text == Self.name + " " + Self.more)
        let effects = app.press(.enter)
        #expect(effects == [.create(name: "\(Self.name) \(Self.more)", address: nil)])
    }

    @Test func editingNextToAClusterNeverCutsIt() {
        var app = makeApp(rows: [PropertyRow(property("e1", Self.name, "1 Emoji St", createdAt: "2024-06-01T10:00:00.000Z"))] + plainRows)
        app.press(.character("G"), .character("r"))  // the last row, the newest
        #expect(app.editing?.editor.text == Self.name)
        app.press(.end, .backspace)  // the whole flag, never one of its indicators
        Self.typeScalars("🇫🇷", into: &app)
        app.press(.home, .right, .right)  // over 🏠 and the space: a cluster at a time
        app.type("X")
        let effects = app.press(.enter)
        #expect(effects == [.edit(id: "e1", .name("🏠 XEmoji 👨\u{200D}👩\u{200D}👧 House 🇫🇷"))])
    }

    @Test func theListDetailHeaderAndFieldShowEveryCluster() {
        var app = makeApp(width: 80, rows: [PropertyRow(property("e1", Self.name, "1 Emoji St", createdAt: "2024-06-01T10:00:00.000Z"))] + plainRows)
        let list = app.render()
        let row = list.plainText.split(separator: "\n").first { $0.contains("House") }.map(String.init) ?? ""
        #expect(row.contains(Self.name))
        #expect(Self.column(of: "1 Emoji St", in: list) == Self.column(of: "12 Quay St", in: list) ?? -1)

        app.press(.character("G"), .enter)
        let detail = app.render().plainText
        #expect(detail.split(separator: "\n").first?.contains(Self.name) == true)  // the header
        #expect(detail.contains("Name       " + Self.name))

        app.press(.character("r"))
        let field = app.render().plainText
        #expect(field.contains(Self.name))
    }

    /// A terminal that gives a skin tone its own two columns (tmux 3.3a): 👍🏽 takes four,
    /// both scalars shown, and the next column stays where the terminal puts it.
    @Test func kindsTheTerminalDrawsAScalarAtATimeTakeTheirColumns() {
        var app = makeApp(width: 80, rows: [PropertyRow(property("e1", "Thumbs 👍\u{1F3FD}!", "1 Emoji St", createdAt: "2024-06-01T10:00:00.000Z"))] + plainRows)
        app.separateClusters = [.emojiModifier]
        let frame = app.render()
        #expect(frame.separateClusters == [.emojiModifier])
        #expect(frame.plainText.contains("Thumbs 👍\u{1F3FD}!"))
        #expect(frame.columns(of: "👍\u{1F3FD}") == 4)
        #expect(Self.column(of: "1 Emoji St", in: frame) == Self.column(of: "12 Quay St", in: frame) ?? -1)
        #expect(frame.wideCellsAreWhole)
    }

    /// A terminal that joins nothing (GNU screen 4.9): a ZWJ family is its three people, six
    /// columns, without the invisible joiners (a terminal that joins what follows one would
    /// draw the next person into the same cell); the editor still holds the whole text.
    @Test func aTerminalThatJoinsNothingShowsEveryPerson() {
        var frame = Frame(width: 12, height: 1, separateClusters: [.zwjSequence, .emojiModifier])
        frame.draw("👨\u{200D}👩\u{200D}👧|", row: 0, column: 0)
        #expect((0..<7).map { frame[0, $0].text } == ["👨", "", "👩", "", "👧", "", "|"])
        #expect(frame.columns(of: "👩\u{1F3FF}\u{200D}💻") == 6)

        var app = makeApp(rows: [PropertyRow(property("e1", Self.name, "1 Emoji St", createdAt: "2024-06-01T10:00:00.000Z"))])
        app.separateClusters = [.zwjSequence]
        app.press(.character("r"))
        #expect(app.render().plainText.contains("👨👩👧"))
        #expect(app.press(.enter) == [])  // unchanged: nothing to send, nothing cut
        #expect(app.rows.row(id: "e1")?.property.name == Self.name)
    }

    /// The frame column where `text` starts, on the first row holding it.
    static func column(of text: String, in frame: Frame) -> Int? {
        for row in 0..<frame.height {
            let cells = (0..<frame.width).map { frame[row, $0].text }
            for start in 0..<frame.width where cells[start...].joined().hasPrefix(text) && !cells[start].isEmpty {
                return start
            }
        }
        return nil
    }
}
