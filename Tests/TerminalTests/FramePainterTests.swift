import CNcurses
import Testing
@testable import ScreenValues
@testable import Terminal

extension Curses {
    /// Frames copied to a real ncurses screen (on /dev/null) and read back.
    @Suite struct FramePainterTests {
        @Test func paintsTextStylesAndWideCharacters() throws {
            let curses = try OffscreenCurses(lines: 4, columns: 20)
            var frame = Frame(width: 20, height: 4)
            frame.draw("東京 tower", row: 0, column: 0)
            frame.draw("Cafe\u{301} 👍 ok", row: 1, column: 0)
            frame.draw("selected", row: 2, column: 0, style: [.reverse, .bold], fill: true)
            var painter = FramePainter(colors: false)
            let drew = painter.paint(frame)
        #expect(drew)
            #expect(curses.line(0) == "東京 tower          ")
            #expect(curses.text(line: 0, column: 2) == "京")
            #expect(curses.text(line: 1, column: 3) == "e\u{301}")
            #expect(curses.text(line: 1, column: 5) == "👍")
            #expect(curses.text(line: 1, column: 8) == "o")
            let selected = curses.cell(line: 2, column: 19)
            #expect(selected.attributes & proptui_a_reverse() != 0)
            #expect(selected.attributes & proptui_a_bold() != 0)
            #expect(curses.cell(line: 0, column: 0).attributes & proptui_a_reverse() == 0)
        }

        @Test func paintsOnlyTheCellsThatChanged() throws {
            let curses = try OffscreenCurses(lines: 3, columns: 10)
            var frame = Frame(width: 10, height: 3)
            frame.draw("abc", row: 0, column: 0)
            var painter = FramePainter(colors: false)
            painter.paint(frame)
            // Scribble on a cell behind the painter's back: an unchanged cell is not drawn again.
            #expect(curses.put("Z", line: 2, column: 5))
            frame.draw("x", row: 0, column: 1)
            painter.paint(frame)
            #expect(curses.line(0) == "axc       ")
            #expect(curses.text(line: 2, column: 5) == "Z")
            // Redrawing everything (C-l) repaints it.
            painter.paint(frame, everything: true)
            #expect(curses.text(line: 2, column: 5) == " ")
        }

        @Test func aClusterCursesMeasuresDifferentlyKeepsTheColumns() throws {
            let curses = try OffscreenCurses(lines: 1, columns: 10)
            var frame = Frame(width: 10, height: 1)
            frame.draw("❤️x", row: 0, column: 0)  // 2 columns for TUI; curses measures ❤ alone as 1
            #expect(frame[0, 2].text == "x")
            var painter = FramePainter(colors: false)
            painter.paint(frame)
            #expect(curses.text(line: 0, column: 2) == "x")
            #expect(curses.text(line: 0, column: 1) == " ")
        }

        @Test func aZWJSequenceLongerThanACellShowsEveryPerson() throws {
            let curses = try OffscreenCurses(lines: 1, columns: 10)
            #expect(ClusterKind.maximumScalarsDrawnWhole == Int(proptui_cchar_max()))
            var frame = Frame(width: 10, height: 1)
            frame.draw("👨‍👩‍👧‍👦!", row: 0, column: 0)  // 7 scalars: more than one curses cell holds
            var painter = FramePainter(colors: false, clusters: .joined)
            painter.paint(frame)
            #expect([0, 2, 4, 6, 8].map { curses.text(line: 0, column: $0) } == ["👨", "👩", "👧", "👦", "!"])
        }

        @Test func coloursBecomeColourPairs() throws {
            let curses = try OffscreenCurses(lines: 1, columns: 10)
            #expect(FramePainter.setUpColors())
            var frame = Frame(width: 10, height: 1)
            frame.draw("err", row: 0, column: 0, color: .red)
            var painter = FramePainter(colors: true)
            painter.paint(frame)
            #expect(curses.cell(line: 0, column: 0).pair == Int16(Frame.Color.red.rawValue))
            #expect(curses.cell(line: 0, column: 5).pair == 0)
        }

        /// TUI measures without curses; where the two can be compared (single scalars outside
        /// emoji), they agree, so frames and the terminal line up.
        @Test func tuiWidthsAgreeWithTheLocaleForCommonScripts() throws {
            _ = try OffscreenCurses()
            let ranges: [ClosedRange<UInt32>] = [
                0x20...0x7E, 0xA0...0x2FF, 0x370...0x3FF, 0x400...0x4FF, 0x300...0x36F, 0x3041...0x30FF,
                0x4E00...0x4FFF, 0xAC00...0xAD00, 0xFF01...0xFF60, 0xFF61...0xFFDC, 0x2500...0x257F,
            ]
            var disagreements: [String] = []
            for range in ranges {
                for value in range {
                    guard let scalar = Unicode.Scalar(value) else { continue }
                    let curses = OffscreenCurses.width(of: scalar)
                    guard curses >= 0 else { continue }  // unassigned for the C library
                    // The halfwidth Hangul filler: 0 as Python's wcwidth has it, so never drawn at all.
                    guard value != 0xFFA0 else { continue }
                    let tui = Character(scalar).terminalWidth
                    if tui != curses { disagreements.append(String(value, radix: 16) + ": tui \(tui) curses \(curses)") }
                }
            }
            #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
        }
    }
}

extension Curses {
    /// What the painter hands curses for clusters, by what the terminal told of each kind.
    /// (Measured with curses' own wcwidth, which needs the locale `OffscreenCurses` sets.)
    @Suite struct ClusterPiecesTests {
        /// tmux 3.3a, as its answers to the start-up probe say (see `ClusterProbeTests`).
        static let tmux = ClusterRendering.fromCursorReports(Array("\u{1B}[1;3R\u{1B}[1;3R\u{1B}[1;2R\u{1B}[1;5R\u{1B}[1;2R".utf8))
        /// A terminal that advances for every scalar (joins nothing).
        static let perScalar = ClusterRendering.fromCursorReports(Array("\u{1B}[9;7R\u{1B}[9;3R\u{1B}[9;2R\u{1B}[9;5R\u{1B}[9;2R".utf8))

        static func texts(_ pieces: [(text: String, columns: Int)]) -> [String] { pieces.map(\.text) }

        @Test func combiningMarksStayWithTheirLetter() throws {
            _ = try OffscreenCurses()
            #expect(Self.texts(FramePainter.pieces("e\u{301}", width: 1, clusters: .unknown)) == ["e\u{301}"])
        }

        @Test func plainWideCharacterIsDrawnAsIs() throws {
            _ = try OffscreenCurses()
            #expect(Self.texts(FramePainter.pieces("東", width: 2, clusters: .unknown)) == ["東"])
        }

        @Test func aTerminalThatJoinsZWJSequencesGetsThemWhole() throws {
            _ = try OffscreenCurses()
            let family = "👨\u{200D}👩\u{200D}👧"
            #expect(Self.texts(FramePainter.pieces(family, width: 2, clusters: Self.tmux)) == [family])
            #expect(Self.texts(FramePainter.pieces(family, width: 2, clusters: .joined)) == [family])
        }

        @Test func flagsAreDrawnAsTheirTwoIndicatorsWhereEachCountsOneColumn() throws {
            _ = try OffscreenCurses()
            // glibc gives a regional indicator 1 column; tmux joins the pair into 2.
            let pieces = FramePainter.pieces("🇯🇵", width: 2, clusters: Self.tmux)
            #expect(Self.texts(pieces) == ["🇯", "🇵"])
            #expect(pieces.map(\.columns) == [1, 1])
        }

        @Test func vs16AndKeycapsAreWholeInTheColumnTheTerminalGivesThem() throws {
            _ = try OffscreenCurses()
            let heart = FramePainter.pieces("❤\u{FE0F}", width: 2, clusters: Self.tmux)
            #expect(Self.texts(heart) == ["❤\u{FE0F}"])
            #expect(heart.map(\.columns) == [1])  // the painter pads the second column
            #expect(Self.texts(FramePainter.pieces("1\u{FE0F}\u{20E3}", width: 2, clusters: Self.tmux)) == ["1\u{FE0F}\u{20E3}"])
        }

        @Test func unknownTerminalsGetTheFirstScalar() throws {
            _ = try OffscreenCurses()
            #expect(Self.texts(FramePainter.pieces("👨\u{200D}👩\u{200D}👧", width: 2, clusters: .unknown)) == ["👨"])
            #expect(Self.texts(FramePainter.pieces("❤\u{FE0F}", width: 2, clusters: .unknown)) == ["❤"])
        }

        @Test func aSequenceWithAKindTheTerminalDoesNotJoinIsNeverWhole() throws {
            _ = try OffscreenCurses()
            // tmux joins after a ZWJ but gives the skin tone its own two columns: drawn whole,
            // 👩🏿‍💻 would take 4 columns where curses counts 2.
            let developer = "👩\u{1F3FF}\u{200D}💻"
            #expect(Self.texts(FramePainter.pieces(developer, width: 2, clusters: Self.tmux)) == ["👩"])
        }

        @Test func whatTheTerminalDrawsAScalarAtATimeIsLaidOutSo() throws {
            _ = try OffscreenCurses()
            #expect(Self.tmux.separatelyDrawn == [.emojiModifier])
            #expect(Self.perScalar.separatelyDrawn == [.zwjSequence, .emojiModifier])
            #expect(ClusterRendering.joined.separatelyDrawn.isEmpty)
            #expect(ClusterRendering.unknown.separatelyDrawn.isEmpty)
        }

        @Test func paintedFramesHoldWholeClustersAndKeepTheColumns() throws {
            let curses = try OffscreenCurses(lines: 1, columns: 30)
            var frame = Frame(width: 30, height: 1, separateClusters: Self.tmux.separatelyDrawn)
            frame.draw("🏠 👨\u{200D}👩\u{200D}👧 🇯🇵 👍🏽 ❤\u{FE0F}|", row: 0, column: 0)
            var painter = FramePainter(colors: false, clusters: Self.tmux)
            painter.paint(frame)
            #expect(curses.text(line: 0, column: 3) == "👨\u{200D}👩\u{200D}👧")
            #expect(curses.text(line: 0, column: 6) == "🇯")
            #expect(curses.text(line: 0, column: 7) == "🇵")
            #expect(curses.text(line: 0, column: 9) == "👍")
            #expect(curses.text(line: 0, column: 11) == "🏽")
            #expect(curses.text(line: 0, column: 14) == "❤\u{FE0F}")
            #expect(curses.text(line: 0, column: 15) == " ")
            #expect(curses.text(line: 0, column: 16) == "|")
        }
    }

    /// The start-up probe's answers, as terminals send them.
    @Suite struct ClusterProbeTests {
        @Test func cursorReportsGiveEachKindItsAdvance() {
            let rendering = ClusterRendering.fromCursorReports(Array("\u{1B}[1;3R\u{1B}[1;3R\u{1B}[1;2R\u{1B}[1;5R\u{1B}[1;2R".utf8))
            #expect(rendering.advances == [.zwjSequence: 2, .flag: 2, .keycap: 1, .emojiModifier: 4, .variationSelector16: 1])
        }

        @Test func typedBytesAndMissingAnswersLeaveKindsUnknown() {
            let rendering = ClusterRendering.fromCursorReports(Array("x\u{1B}[1;3Rq\u{1B}[2;R\u{1B}[".utf8))
            #expect(rendering.advances == [.zwjSequence: 2])
            #expect(ClusterRendering.fromCursorReports([]) == .unknown)
        }

        @Test func theEnvironmentCanSayHowTheTerminalDraws() {
            #expect(ClusterRendering.fromEnvironment(["PROPTUI_CLUSTERS": "joined"]) == .joined)
            #expect(ClusterRendering.fromEnvironment(["PROPTUI_CLUSTERS": "safe"]) == .unknown)
            #expect(ClusterRendering.fromEnvironment([:]) == nil)
        }
    }
}
