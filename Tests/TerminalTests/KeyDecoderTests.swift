import CNcurses
import Testing
@testable import ScreenValues
@testable import Terminal

@Suite struct KeyDecoderTests {
    @Test func charactersAndControls() {
        #expect(KeyDecoder.key(scalar: "j") == .character("j"))
        #expect(KeyDecoder.key(scalar: "東") == .character("東"))
        #expect(KeyDecoder.key(scalar: "👍") == .character("👍"))
        #expect(KeyDecoder.key(scalar: "\r") == .enter)
        #expect(KeyDecoder.key(scalar: "\n") == .enter)
        #expect(KeyDecoder.key(scalar: "\u{1B}") == .escape)
        #expect(KeyDecoder.key(scalar: "\u{7F}") == .backspace)
        #expect(KeyDecoder.key(scalar: "\u{0C}") == .control("l"))
        #expect(KeyDecoder.key(scalar: "\u{03}") == .control("c"))
        #expect(KeyDecoder.key(scalar: "\u{9B}") == nil)  // C1 control
        #expect(KeyDecoder.key(scalar: "\u{1C}") == nil)
    }

    @Test func functionKeys() {
        #expect(KeyDecoder.functionKey(KEY_UP) == .up)
        #expect(KeyDecoder.functionKey(KEY_DOWN) == .down)
        #expect(KeyDecoder.functionKey(KEY_NPAGE) == .pageDown)
        #expect(KeyDecoder.functionKey(KEY_PPAGE) == .pageUp)
        #expect(KeyDecoder.functionKey(KEY_HOME) == .home)
        #expect(KeyDecoder.functionKey(KEY_END) == .end)
        #expect(KeyDecoder.functionKey(KEY_DC) == .delete)
        #expect(KeyDecoder.functionKey(KEY_ENTER) == .enter)
        #expect(KeyDecoder.functionKey(proptui_key_f(5)) == .function(5))
        #expect(KeyDecoder.functionKey(KEY_MOUSE) == nil)
    }
}

/// Feeds text as `wgetch` gives it: a byte at a time.
func feed(_ decoder: inout KeyDecoder, _ text: String) -> [Key] {
    feed(&decoder, bytes: Array(text.utf8))
}

func feed(_ decoder: inout KeyDecoder, bytes: [UInt8]) -> [Key] {
    bytes.flatMap { decoder.feed(Int32($0)) }
}

let pasteStart = proptui_key_paste_start()
let pasteEnd = proptui_key_paste_end()

/// What spans reads: a bracketed paste becomes one `.paste`, Esc then a key is Alt, a
/// character's bytes come together.
@Suite struct KeyDecoderSequenceTests {
    /// The paste: "PasteTest⏎gdy" after `n` is one paste, never Enter, g, d, y.
    @Test func aBracketedPasteIsOneKeyWhateverItHolds() {
        var decoder = KeyDecoder()
        #expect(feed(&decoder, "n") == [.character("n")])
        #expect(decoder.feed(pasteStart) == [])
        #expect(feed(&decoder, "PasteTest\rgdy\u{3}\u{1B}") == [])
        #expect(decoder.endOfBatch() == [])  // a paste spans reads: it waits for its end
        #expect(decoder.isInPaste)
        #expect(decoder.feed(KEY_UP) == [])
        #expect(decoder.feed(pasteEnd) == [])
        #expect(!decoder.isInPaste)
        #expect(decoder.awaitsPasteTail)
        #expect(decoder.endOfBatch() == [.paste("PasteTest\rgdy\u{3}\u{1B}\u{1B}")])  // delivered once the burst is over
        #expect(feed(&decoder, "j") == [.character("j")])
    }

    /// The attack: `printf 'Injected\033[201~\rkdy'` pasted (tmux passes the marker
    /// through, then adds its own): the field must not save "Injected" and run ⏎ k d y.
    @Test func whatFollowsAPastesEndInTheSameBurstIsPartOfItNeverKeys() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(pasteStart) == [])
        #expect(feed(&decoder, "Injected") == [])
        #expect(decoder.feed(pasteEnd) == [])  // the pasted marker
        #expect(feed(&decoder, "\rkdy") == [])
        #expect(decoder.feed(pasteEnd) == [])  // the terminal's own
        #expect(decoder.endOfBatch() == [.paste("Injected\rkdy\u{1B}[201~")])
        // After the pause, keys are keys again.
        #expect(feed(&decoder, "k") == [.character("k")])
    }

    /// Issue 29, item 7: `Part1 ESC[200~ Part2 ⏎ dy` pasted gave "Part1" as a paste of its own
    /// (put in) and the rest as another (refused). A start inside a paste is text of it.
    @Test func aStartMarkerInsideAPasteIsTextOfIt() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(pasteStart) == [])
        #expect(feed(&decoder, "Part1") == [])
        #expect(decoder.feed(pasteStart) == [])
        #expect(feed(&decoder, "Part2\rdy") == [])
        #expect(decoder.endOfBatch() == [])
        #expect(decoder.feed(pasteEnd) == [])
        #expect(decoder.endOfBatch() == [.paste("Part1\u{1B}[200~Part2\rdy")])
        #expect(feed(&decoder, "j") == [.character("j")])
    }

    /// Issue 29, item 6: a paste with bytes that are not UTF-8 is one paste that says so, its
    /// end marker is seen, and the key after it is a key.
    @Test func aPasteThatIsNotUTF8IsRefusedWholeAndTheNextKeyIsKept() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(pasteStart) == [])
        #expect(feed(&decoder, bytes: Array("Bad".utf8) + [0xFF, 0xFE] + Array("UTF".utf8) + [0xC3] + Array("(8".utf8)) == [])
        #expect(decoder.feed(pasteEnd) == [])
        #expect(decoder.endOfBatch() == [.paste(.invalidUTF8(byte: 0xFF, offset: 3))])
        #expect(feed(&decoder, "j") == [.character("j")])
        // A character cut off by the end marker is not UTF-8 either.
        #expect(decoder.feed(pasteStart) == [])
        #expect(feed(&decoder, bytes: Array("ok".utf8) + [0xE6, 0x9D]) == [])
        #expect(decoder.feed(pasteEnd) == [])
        #expect(decoder.endOfBatch() == [.paste(.invalidUTF8(byte: 0xE6, offset: 2))])
    }

    /// Typed bytes that are not UTF-8 are no key, and cost none of the keys after them.
    @Test func aByteThatIsNotUTF8CostsNoKeyAfterIt() {
        var decoder = KeyDecoder()
        #expect(feed(&decoder, bytes: [0xFF, 0x6A]) == [.character("j")])
        #expect(feed(&decoder, bytes: [0xC3, 0x6B]) == [.character("k")])
        #expect(feed(&decoder, bytes: [0xE6, 0x9D, 0x6A]) == [.character("j")])
        #expect(feed(&decoder, bytes: [0xED, 0xA0, 0x80, 0x6A]) == [.character("j")])  // a surrogate
        #expect(feed(&decoder, bytes: [0xC3]) == [])
        #expect(decoder.feed(KEY_UP) == [.up])
        #expect(feed(&decoder, bytes: [0xC3]) == [])
        #expect(feed(&decoder, bytes: [0xA9]) == [.character("é")])  // a character split between reads
    }

    /// Issue 29, item 4: a paste was cut to 100,000 characters with no word. Now it is whole, or
    /// it says how long it was.
    @Test(arguments: [Paste.maximumLength, Paste.maximumLength + 1, 102_400])
    func aPasteIsWholeOrSaysItsTrueSize(_ length: Int) {
        var decoder = KeyDecoder()
        #expect(decoder.feed(pasteStart) == [])
        #expect(feed(&decoder, bytes: [UInt8](repeating: 0x78, count: length)) == [])
        #expect(decoder.feed(pasteEnd) == [])
        let expected: Paste = length <= Paste.maximumLength
            ? .text(String(repeating: "x", count: length)) : .tooLong(characters: length, codePoints: length)
        #expect(decoder.endOfBatch() == [.paste(expected)])
    }

    /// Characters, not bytes or scalars: a family emoji is one, é as e + a combining mark is one.
    @Test func aPastesLengthIsInCharacters() {
        let family = "👨‍👩‍👧"
        var count = CharacterCount()
        let text = String(repeating: family + "e\u{301}x", count: 1_000)
        for scalar in text.unicodeScalars { count.append(scalar) }
        #expect(count.total == 3_000)
        #expect(count.codePoints == text.unicodeScalars.count)
    }

    @Test func anEndWithoutAStartIsIgnored() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(pasteEnd) == [])
        #expect(feed(&decoder, "q") == [.character("q")])
    }

    @Test func escapeThenAKeyInOneBatchIsAlt() {
        var decoder = KeyDecoder()
        #expect(feed(&decoder, "\u{1B}u") == [.alt(.character("u"))])
        #expect(feed(&decoder, "\u{1B}\u{7F}") == [.alt(.backspace)])
        #expect(decoder.endOfBatch() == [])
    }

    @Test func aLoneEscapeIsEscapeAtTheEndOfTheBatch() {
        var decoder = KeyDecoder()
        #expect(feed(&decoder, "\u{1B}") == [])
        #expect(decoder.endOfBatch() == [.escape])
        #expect(feed(&decoder, "u") == [.character("u")])
        #expect(feed(&decoder, "\u{1B}\u{1B}") == [.escape])
        #expect(decoder.endOfBatch() == [.escape])
    }

    @Test func escapeBeforeAPasteStaysEscape() {
        var decoder = KeyDecoder()
        #expect(feed(&decoder, "\u{1B}") == [])
        #expect(decoder.feed(pasteStart) == [.escape])
        #expect(feed(&decoder, "x") == [])
        #expect(decoder.feed(pasteEnd) == [])
        #expect(decoder.endOfBatch() == [.paste("x")])
    }
}

@Suite struct ClipboardTests {
    @Test func osc52CarriesTheTextInBase64() {
        #expect(Clipboard.sequence(for: "a1-東") == "\u{1B}]52;c;YTEt5p2x\u{07}")
    }
}

@Suite struct UnknownSequenceTests {
    /// Shift+F5 in a terminal curses has no entry for: dropped whole, not typed as "15;2~".
    @Test func anUnknownCSISequenceIsDropped() {
        var decoder = KeyDecoder()
        #expect(feed(&decoder, "\u{1B}[15;2~x") == [.character("x")])
        #expect(feed(&decoder, "\u{1B}[1;5Pq") == [.character("q")])
        #expect(feed(&decoder, "\u{1B}[") == [])
        #expect(decoder.endOfBatch() == [])
        #expect(feed(&decoder, "j") == [.character("j")])
    }
}
