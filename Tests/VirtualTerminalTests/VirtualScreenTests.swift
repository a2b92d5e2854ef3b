import Testing
@testable import VirtualTerminal

@Suite struct VirtualScreenTests {
    private func screen(_ width: Int, _ height: Int, _ bytes: String) -> VirtualScreen {
        var screen = VirtualScreen(width: width, height: height)
        screen.feed(bytes)
        return screen
    }

    private func screen(_ bytes: String) -> VirtualScreen { screen(20, 5, bytes) }

    @Test func printsAtTheCursorAndMovesIt() {
        let shown = screen("\u{1B}[2;3Hhello\u{1B}[1;1Htop\u{1B}[3;1Hab\u{1B}[2Dcd")
        #expect(shown.lines == ["top", "  hello", "cd", "", ""])
        #expect(shown.cursorRow == 2 && shown.cursorColumn == 2)
    }

    @Test func erasesInLineAndDisplay() {
        var shown = screen("aaaaa\r\nbbbbb\r\nccccc\u{1B}[2;3H\u{1B}[K")
        #expect(shown.lines.prefix(3) == ["aaaaa", "bb", "ccccc"])
        shown.feed("\u{1B}[1K")
        #expect(shown.line(1) == "")
        shown.feed("\u{1B}[J")
        #expect(shown.lines.prefix(3) == ["aaaaa", "", ""])
        shown.feed("\u{1B}[1;3H\u{1B}[2X")
        #expect(shown.line(0) == "aa  a")
        shown.feed("\u{1B}[2J")
        #expect(shown.text == "")
    }

    @Test func wrapsAtTheRightEdgeOnlyWhenMoreFollows() {
        let exact = screen(5, 3, "abcde")
        #expect(exact.lines == ["abcde", "", ""])
        #expect(exact.cursorRow == 0, "the wrap waits for the next character")
        let more = screen(5, 3, "abcdefg")
        #expect(more.lines == ["abcde", "fg", ""])
    }

    @Test func scrollsAtTheBottomAndWithinARegion() {
        let scrolled = screen(10, 3, "one\r\ntwo\r\nthree\r\nfour")
        #expect(scrolled.lines == ["two", "three", "four"])
        // A region of lines 2–3: a line feed at its bottom scrolls only those.
        let region = screen(10, 4, "head\r\nr1\r\nr2\r\nfoot\u{1B}[2;3r\u{1B}[3;1H\nnew")
        #expect(region.lines == ["head", "r2", "new", "foot"])
        // Reverse index at the top of the region scrolls it down.
        let reversed = screen(10, 4, "head\r\nr1\r\nr2\r\nfoot\u{1B}[2;3r\u{1B}[2;1H\u{1B}M")
        #expect(reversed.lines == ["head", "", "r1", "foot"])
    }

    @Test func insertsAndDeletesLinesAndCharacters() {
        var shown = screen(10, 4, "l1\r\nl2\r\nl3\r\nl4\u{1B}[2;1H\u{1B}[L")
        #expect(shown.lines == ["l1", "", "l2", "l3"])
        shown.feed("\u{1B}[1;1H\u{1B}[2M")
        #expect(shown.lines == ["l2", "l3", "", ""])
        shown.feed("\u{1B}[1;1Habcdef\u{1B}[1;2H\u{1B}[2P")
        #expect(shown.line(0) == "adef")
        shown.feed("\u{1B}[1;2H\u{1B}[3@")
        #expect(shown.line(0) == "a   def")
        shown.feed("\u{1B}[4hXY\u{1B}[4l")
        #expect(shown.line(0) == "aXY   def", "insert mode pushes the rest right")
    }

    @Test func wideCharactersTakeTwoColumnsAndOverwritingHalfClearsBoth() {
        var shown = screen(10, 2, "東京x")
        #expect(shown.line(0) == "東京x")
        #expect(shown.cell(row: 0, column: 0).width == 2 && shown.cell(row: 0, column: 1).width == 0)
        #expect(shown.cursorColumn == 5)
        shown.feed("\u{1B}[1;2Hy")
        #expect(shown.line(0) == " y京x")
        // A wide character that does not fit in the last column goes to the next line.
        let edge = screen(5, 2, "abcd東")
        #expect(edge.lines == ["abcd", "東"])
    }

    @Test func combiningMarksAndJoinersStayInTheirCell() {
        let shown = screen(10, 1, "e\u{301}|👩\u{200D}💻|")
        #expect(shown.line(0) == "e\u{301}|👩\u{200D}💻|")
        #expect(shown.cell(row: 0, column: 2).text == "👩\u{200D}💻")
        #expect(shown.cell(row: 0, column: 4).text == "|")
    }

    @Test func stylesFollowSGR() {
        let shown = screen("\u{1B}[1;2;7;38;5;196;48;2;1;2;3mA\u{1B}[22;27;39mB\u{1B}[0;92mC\u{1B}[mD")
        let a = shown.cell(row: 0, column: 0).style
        #expect(a.bold && a.dim && a.reverse)
        #expect(a.foreground == CellStyle.Color.indexed(196) && a.background == CellStyle.Color.rgb(1, 2, 3))
        let b = shown.cell(row: 0, column: 1).style
        #expect(!b.bold && !b.dim && !b.reverse && b.foreground == CellStyle.Color.default && b.background == CellStyle.Color.rgb(1, 2, 3))
        #expect(shown.cell(row: 0, column: 2).style.foreground == CellStyle.Color.indexed(10))
        #expect(shown.cell(row: 0, column: 3).style == CellStyle())
    }

    @Test func erasingKeepsTheBackgroundColour() {
        let shown = screen(4, 1, "\u{1B}[44m\u{1B}[K")
        #expect(shown.cell(row: 0, column: 3).style.background == CellStyle.Color.indexed(4))
    }

    @Test func theAlternateScreenComesAndGoesWithTheMainOneKept() {
        var shown = screen(10, 2, "shell$\u{1B}[?1049h\u{1B}[Happ")
        #expect(shown.usingAlternateScreen && shown.lines == ["app", ""])
        shown.feed("\u{1B}[?1049l")
        #expect(!shown.usingAlternateScreen && shown.lines == ["shell$", ""])
        #expect(shown.cursorColumn == 6, "1049 restores the cursor saved on entry")
    }

    @Test func lineDrawingCharactersBecomeBoxDrawing() {
        let shown = screen("\u{1B}(0lqqk\u{1B}(Bq")
        #expect(shown.line(0) == "┌──┐q")
    }

    @Test func modesTheKeyboardDependsOn() {
        var shown = screen("\u{1B}[?1h\u{1B}[?25l")
        #expect(shown.applicationCursorKeys && !shown.cursorVisible)
        shown.feed("\u{1B}[?1l\u{1B}[?25h")
        #expect(!shown.applicationCursorKeys && shown.cursorVisible)
    }

    @Test func repeatsTheLastCharacterAndMovesByTabs() {
        let shown = screen(20, 1, "─\u{1B}[4b\tx")
        #expect(shown.line(0) == "─────   x")
    }

    @Test func hostileInputStaysInside() {
        var shown = screen(5, 2, "\u{1B}[999;999Hz\u{1B}[999@\u{1B}[999P\u{1B}[999L\u{1B}[999M\u{1B}[0;0r\u{1B}[999b")
        shown.feed("\u{1B}[9999A\u{1B}[9999D!")
        #expect(shown.cell(row: 0, column: 0).text == "!")
    }

    @Test func containsLooksWithinOneLine() {
        let shown = screen(10, 2, "Maple Cottage")
        #expect(shown.contains("Maple"))
        #expect(!shown.contains("Cottage"), "a word broken over two lines is not on screen as such")
    }
}
