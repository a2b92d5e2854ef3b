import CNcurses
import Testing
@testable import Terminal

/// ncurses is one global library state: every test that touches it lives in
/// this suite (nested suites included), and they run one at a time.
@Suite(.serialized) enum Curses {}

extension Curses {
    @Suite struct OffscreenCursesTests {
        @Test func drawsAndReadsBackWideText() throws {
            let curses = try OffscreenCurses(lines: 10, columns: 40)
            #expect(curses.size == (10, 40))
            #expect(curses.put("東", line: 2, column: 3))
            #expect(curses.put("é", line: 2, column: 5))
            #expect(curses.text(line: 2, column: 3) == "東")
            #expect(curses.text(line: 2, column: 5) == "é")
        }

        @Test func wideCharactersTakeTwoColumns() throws {
            _ = try OffscreenCurses()
            #expect(OffscreenCurses.width(of: "a") == 1)
            #expect(OffscreenCurses.width(of: "東") == 2)
            #expect(OffscreenCurses.width(of: "\u{301}") == 0)
        }

        @Test func refusesAnUnknownTerminalType() {
            #expect(throws: OffscreenCurses.Unavailable.self) { try OffscreenCurses(terminalType: "no-such-terminal") }
        }
    }
}
