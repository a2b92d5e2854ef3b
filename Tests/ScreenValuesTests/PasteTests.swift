import Testing
@testable import ScreenValues


/// A paste goes into a field whole, or not at all with a message that says why: the one rule
/// every field of both apps uses (`LineEditor.paste`, `Paste.line`, `Paste.lines`).
@Suite struct PasteTests {
    @Test func aPasteThatFitsGoesInWholeAtTheCursor() {
        var editor = LineEditor("Loft", maximumLength: 20)
        _ = editor.handle(.home)
        #expect(editor.paste("Harbour ", lineBreaks: .refused) == nil)
        #expect(editor.text == "Harbour Loft")
        #expect(editor.cursor == 8)
    }

    @Test func lineBreaksAreSpacesOrRefused() {
        var spaces = LineEditor()
        #expect(spaces.paste("a\r\nb\rc\nd\te", lineBreaks: .asSpaces) == nil)
        #expect(spaces.text == "a b c d e")
        var refused = LineEditor("x")
        #expect(refused.paste("a\nb", lineBreaks: .refused) == .lineBreak)
        #expect(refused.text == "x")
        #expect(PasteRefusal.lineBreak.message(noun: "name") == "Not pasted: the text has a line break, and a name is one line.")
    }

    /// Issue 29, item 4: the message gives the paste's true size and the limit.
    @Test func aPasteTooLongSaysItsTrueSizeAndTheLimit() {
        let tooLong = Paste.tooLong(characters: 102_400, codePoints: 102_400)
        var field = LineEditor("abc", maximumLength: 200)
        #expect(field.paste(tooLong, lineBreaks: .refused) == .doesNotFit(characters: 102_400, holds: 200, left: 197))
        #expect(field.text == "abc")
        #expect(PasteRefusal.doesNotFit(characters: 102_400, holds: 200, left: 197).message(noun: "name")
            == "Not pasted: 102,400 characters do not fit; the name holds 200 (197 left).")
        var unlimited = LineEditor("abc")
        #expect(unlimited.paste(tooLong, lineBreaks: .asSpaces) == .tooLong(characters: 102_400, codePoints: 102_400))
        #expect(unlimited.text == "abc")
        #expect(PasteRefusal.tooLong(characters: 102_400, codePoints: 102_400).message()
            == "Not pasted: the text is 102,400 characters long; a paste holds at most 100,000.")
        #expect(PasteRefusal.tooLong(characters: 1, codePoints: 1_000_002).message()
            == "Not pasted: the text is 1,000,002 code points long; a paste holds at most 1,000,000.")
    }

    /// Issue 29, item 6: a paste that is not UTF-8 is refused whole, saying so.
    @Test func aPasteThatIsNotUTF8IsRefusedSayingSo() {
        let paste = Paste.invalidUTF8(byte: 0xFF, offset: 3)
        for lineBreaks in [Paste.LineBreaks.asSpaces, .refused] {
            var editor = LineEditor("x")
            #expect(editor.paste(paste, lineBreaks: lineBreaks) == .invalidUTF8(byte: 0xFF, offset: 3))
            #expect(editor.text == "x")
        }
        #expect(paste.lines() == .failure(.invalidUTF8(byte: 0xFF, offset: 3)))
        #expect(PasteRefusal.invalidUTF8(byte: 0xFF, offset: 3).message() == "Not pasted: the text is not valid UTF-8 (byte 0xFF at offset 3).")
    }

    /// Issue 29, item 7: a paste holding a marker is refused whole for its Escape.
    @Test(arguments: ["Part1\u{1B}[200~Part2", "Injected\u{1B}[201~", "\u{1B}[2J", "a\u{7F}", "a\u{9B}", "a\u{202E}b"])
    func aControlCharacterRefusesTheWholePaste(_ text: String) {
        for lineBreaks in [Paste.LineBreaks.asSpaces, .refused] {
            var editor = LineEditor("x")
            let refusal = editor.paste(.text(text), lineBreaks: lineBreaks)
            guard case .controlCharacter = refusal else {
                Issue.record("\(text.debugDescription) gave \(String(describing: refusal))")
                continue
            }
            #expect(editor.text == "x")
        }
        #expect(PasteRefusal.controlCharacter("\u{1B}").message() == "Not pasted: the text has a control character (U+001B).")
    }

    /// An offered text (a refused create's name) is replaced by a paste that fits, and kept
    /// when the paste is refused.
    @Test func anOfferedTextIsReplacedOnlyByAPasteThatGoesIn() {
        var editor = LineEditor(offering: "Doomed", maximumLength: 10)
        #expect(editor.paste("this is too long", lineBreaks: .refused) != nil)
        #expect(editor.text == "Doomed" && editor.isOffered)
        #expect(editor.paste("Fine", lineBreaks: .refused) == nil)
        #expect(editor.text == "Fine")
    }

    @Test func lines() {
        #expect(Paste.text("red\r\nblue\rgreen\n").lines() == .success(["red", "blue", "green", ""]))
        #expect(Paste.text("a\u{1B}b").lines() == .failure(.controlCharacter("\u{1B}")))
    }
}

/// Issue 29, item 8: text from the server is escaped in the log, visibly.
@Suite struct EscapedTextTests {
    @Test func controlCharactersAreWrittenAsEscapes() {
        #expect(TerminalText.escaped("plain 東京") == "plain 東京")
        #expect(TerminalText.escaped("\u{1B}]52;c;aGk=\u{07}\u{1B}[6n") == "\\u{1B}]52;c;aGk=\\u{7}\\u{1B}[6n")
        #expect(TerminalText.escaped("name\u{1B}]0;title\u{07}\u{1B}[2J") == "name\\u{1B}]0;title\\u{7}\\u{1B}[2J")
        #expect(TerminalText.escaped("two\nlines\r") == "two\\u{A}lines\\u{D}")
        #expect(TerminalText.escaped("\u{9B}6n \u{202E}") == "\\u{9B}6n \\u{202E}")
    }

    /// Whatever the character, the escaped form holds nothing a terminal would act on.
    @Test func nothingEscapedReachesATerminal() {
        for value in UInt32(0)...0x20FF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let escaped = TerminalText.escaped("a" + String(Character(scalar)) + "b")
            #expect(!escaped.unicodeScalars.contains(where: TerminalText.needsReplacement), "\(escaped.debugDescription)")
        }
    }
}
