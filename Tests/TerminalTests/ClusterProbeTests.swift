import Foundation
import Glibc
import Testing
@testable import ScreenValues
@testable import Terminal

/// The start-up probe against a pseudo-terminal whose other end plays the terminal.
@Suite struct ClusterProbeRunTests {
    /// Answers each cursor position request with the next column, as tmux 3.3a does for
    /// the samples (ZWJ family 2, flag 2, keycap 1, skin tone 4, VS16 1: the cursor is one past).
    static func answer(_ controller: Int32, columns: [Int]) {
        var pending = columns[...]
        var seen: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while !pending.isEmpty {
            let count = read(controller, &buffer, buffer.count)
            guard count > 0 else { return }
            seen += buffer[0..<count]
            while let range = seen.firstRange(of: Array("\u{1B}[6n".utf8)), let column = pending.popFirst() {
                seen.removeSubrange(seen.startIndex..<range.upperBound)
                let report = Array("\u{1B}[1;\(column)R".utf8)
                _ = report.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
            }
        }
    }

    @Test func aTerminalThatAnswersTellsEachKindsAdvance() throws {
        let (controller, terminal) = try #require(openPseudoTerminal())
        defer {
            close(controller)
            close(terminal)
        }
        var before = termios()
        tcgetattr(terminal, &before)
        let responder = Thread { Self.answer(controller, columns: [3, 3, 2, 5, 2]) }
        responder.start()
        let rendering = ClusterProbe.run(input: terminal, output: terminal, timeoutMilliseconds: 10_000)
        #expect(rendering.advances == [.zwjSequence: 2, .flag: 2, .keycap: 1, .emojiModifier: 4, .variationSelector16: 1])
        TerminalLocale.enableUTF8()  // curses' widths, as the app has them before it probes
        #expect(rendering.separatelyDrawn == [.emojiModifier])
        var after = termios()
        tcgetattr(terminal, &after)
        #expect(after.c_lflag == before.c_lflag)  // canonical mode and echo as they were
    }

    @Test func aTerminalThatNeverAnswersLeavesEveryKindUnknown() throws {
        let (controller, terminal) = try #require(openPseudoTerminal())
        defer {
            close(controller)
            close(terminal)
        }
        let rendering = ClusterProbe.run(input: terminal, output: terminal, timeoutMilliseconds: 50)
        #expect(rendering == .unknown)
    }
}
