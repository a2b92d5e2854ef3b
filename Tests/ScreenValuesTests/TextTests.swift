import Testing
@testable import ScreenValues

/// Widths per grapheme cluster, sanitizing, cutting.
@Suite struct TextTests {
    @Test(arguments: [
        ("a", 1), ("é", 1), ("e\u{301}", 1), ("東", 2), ("ア", 2), ("한", 2), ("ｱ", 1), ("Ａ", 2),
        ("👍", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("❤️", 2), ("❤", 1), ("☺", 1), ("☺️", 2), ("1️⃣", 2), ("#", 1),
        ("🇯🇵", 2), ("⚡", 2), ("…", 1), ("⟳", 1), ("\u{301}", 0), ("\u{200B}", 0), ("\u{FEFF}", 0),
        ("\u{1100}\u{1161}", 2), ("𠀋", 2), ("︙", 2),
    ] as [(String, Int)])
    func widthPerCluster(_ text: String, _ width: Int) {
        #expect(text.count == 1)
        #expect(Character(text).terminalWidth == width, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    /// Text of printable scalars below U+0300 is counted from its bytes, a column a scalar;
    /// any other text (a combining mark after a Latin letter, a control, a C1 control, wide or
    /// emoji text) goes through the clusters. Both ways agree on random text of every kind.
    @Test func plainLatinTextIsCountedFromItsBytesAsItsClustersCountIt() {
        #expect(TerminalText.plainLatinColumns("Rent, Zürich 8001 ¼ Ŧ ʯ") == 23)
        for text in ["e\u{301}", "tab\there", "\u{85}", "\u{7F}", "東京", "👍", "a\u{300}"] {
            #expect(TerminalText.plainLatinColumns(text) == nil, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        let alphabet: [Unicode.Scalar] = ["a", "Z", " ", "~", "\u{A0}", "\u{AD}", "é", "\u{2FF}", "\u{300}", "\u{301}", "\u{9F}", "\u{1B}", "東", "\u{200D}", "👍", "\u{FE0F}"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...12, using: &generator) { scalars.append(alphabet.randomElement(using: &generator)!) }
            let text = String(scalars)
            let byClusters = TerminalText.cells(of: TerminalText.sanitized(text)).reduce(0) { $0 + $1.width }
            #expect(TerminalText.columns(of: text, separate: []) == byClusters, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            if let plain = TerminalText.plainLatinColumns(text) {
                #expect(plain == byClusters && text.allSatisfy { $0.unicodeScalars.count == 1 })
            }
        }
    }

    @Test func stringWidthSumsClusters() {
        #expect("東京 tower 👨‍👩‍👧".terminalWidth == 4 + 1 + 5 + 1 + 2)
    }

    @Test func controlCharactersBecomeVisible() {
        #expect(TerminalText.sanitized("a\u{1B}[31mb") == "a␛[31mb")
        #expect(TerminalText.sanitized("\n\t\r\u{0}\u{7F}") == "␊␉␍␀␡")
        #expect(TerminalText.sanitized("\u{9B}x\u{202E}y\u{2066}") == "�x�y�")
        #expect(TerminalText.sanitized("plain 東京") == "plain 東京")
    }

    @Test func longTextIsCutAtAClusterBoundary() {
        #expect(TerminalText.truncated("Harbour View Loft", toWidth: 8) == "Harbour…")
        #expect(TerminalText.truncated("東京タワー", toWidth: 6) == "東京…")  // 東京タ would need 6 + 1
        #expect(TerminalText.truncated("東京タワー", toWidth: 7) == "東京タ…")
        #expect(TerminalText.truncated("👨‍👩‍👧👨‍👩‍👧", toWidth: 3) == "👨‍👩‍👧…")
        #expect(TerminalText.truncated("e\u{301}e\u{301}e\u{301}", toWidth: 2) == "e\u{301}…")
        #expect(TerminalText.truncated("fits", toWidth: 4) == "fits")
        #expect(TerminalText.truncated("x", toWidth: 0) == "")
        // Cut after a word, the "…" follows it, not a blank: "Real Estate…", never "Real Estate …".
        #expect(TerminalText.truncated("Real Estate Properties", toWidth: 13) == "Real Estate…")
        #expect(TerminalText.truncated("東京タワー アパート", toWidth: 12) == "東京タワー…")
        #expect(TerminalText.truncated("   x", toWidth: 3) == "…")
    }

    @Test func drawingPutsWideCharactersInTwoCells() {
        var frame = Frame(width: 6, height: 1)
        frame.draw("東a", row: 0, column: 0)
        #expect(frame[0, 0].text == "東")
        #expect(frame[0, 1].text == "")
        #expect(frame[0, 2].text == "a")
        #expect(frame.wideCellsAreWhole)
    }

    @Test func aWideCharacterThatDoesNotFitIsNotHalved() {
        var frame = Frame(width: 4, height: 1)
        frame.draw("ab東x", row: 0, column: 0)
        #expect(frame.plainText == "ab… ")
        frame.draw("abc東", row: 0, column: 0, width: 4)
        #expect(frame.plainText == "abc…")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var frame = Frame(width: 6, height: 1)
        frame.draw("東京", row: 0, column: 0)
        frame.draw("|", row: 0, column: 1)
        #expect(frame.plainText == " |京  ")
        frame.draw("x", row: 0, column: 2)
        #expect(frame.plainText == " |x   ")
        #expect(frame.wideCellsAreWhole)
    }

    @Test func aLoneCombiningMarkStaysVisible() {
        var frame = Frame(width: 3, height: 1)
        frame.draw("\u{301}a", row: 0, column: 0)
        #expect(frame[0, 0].text == "◌\u{301}")
        #expect(frame[0, 1].text == "a")
    }

    @Test func wrappingBreaksAtSpacesAndCountsWideCharacters() {
        #expect(TerminalText.wrapped("one two three", toWidth: 8, maximumLines: 5) == ["one two ", "three"])
        #expect(TerminalText.wrapped("東京タワー", toWidth: 4, maximumLines: 5) == ["東京", "タワ", "ー"])
        #expect(TerminalText.wrapped("abcdefghij", toWidth: 4, maximumLines: 2) == ["abcd", "efg…"])
        #expect(TerminalText.wrapped("esc\u{1B}[2J", toWidth: 20, maximumLines: 1) == ["esc␛[2J"])
        #expect(TerminalText.wrapped("anything", toWidth: 0, maximumLines: 3).isEmpty)
    }

    /// A word broken across lines says so: the line ends with "…", and no character is lost.
    @Test func aBrokenWordIsMarkedWhenAsked() {
        #expect(TerminalText.wrapped("abcdefghij", toWidth: 4, maximumLines: 9, markingBrokenWords: true) == ["abc…", "def…", "ghij"])
        #expect(TerminalText.wrapped("one two", toWidth: 4, maximumLines: 9, markingBrokenWords: true) == ["one ", "two"])
        // A wide character is given back whole to make room for the mark.
        #expect(TerminalText.wrapped("東京タワー", toWidth: 4, maximumLines: 9, markingBrokenWords: true) == ["東…", "京…", "タ…", "ワー"])
    }
}
