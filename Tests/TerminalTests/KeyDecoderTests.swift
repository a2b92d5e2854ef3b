import CNcurses
import Testing
@testable import ScreenValues
@testable import Terminal

@Suite struct KeyDecoderTests {
    let ok = Int32(OK)
    let function = Int32(KEY_CODE_YES)

    @Test func charactersAndControls() {
        #expect(KeyDecoder.key(status: ok, value: 0x6A) == .character("j"))
        #expect(KeyDecoder.key(status: ok, value: 0x6771) == .character("東"))
        #expect(KeyDecoder.key(status: ok, value: 0x1F44D) == .character("👍"))
        #expect(KeyDecoder.key(status: ok, value: 13) == .enter)
        #expect(KeyDecoder.key(status: ok, value: 10) == .enter)
        #expect(KeyDecoder.key(status: ok, value: 27) == .escape)
        #expect(KeyDecoder.key(status: ok, value: 127) == .backspace)
        #expect(KeyDecoder.key(status: ok, value: 12) == .control("l"))
        #expect(KeyDecoder.key(status: ok, value: 3) == .control("c"))
        #expect(KeyDecoder.key(status: ok, value: 0x9B) == nil)  // C1 control
        #expect(KeyDecoder.key(status: ok, value: 28) == nil)
    }

    @Test func functionKeys() {
        func key(_ code: Int32) -> Key? { KeyDecoder.key(status: function, value: UInt32(bitPattern: code)) }
        #expect(key(KEY_UP) == .up)
        #expect(key(KEY_DOWN) == .down)
        #expect(key(KEY_NPAGE) == .pageDown)
        #expect(key(KEY_PPAGE) == .pageUp)
        #expect(key(KEY_HOME) == .home)
        #expect(key(KEY_END) == .end)
        #expect(key(KEY_DC) == .delete)
        #expect(key(KEY_ENTER) == .enter)
        #expect(key(proptui_key_f(5)) == .function(5))
        #expect(key(KEY_MOUSE) == nil)
    }
}

/// What spans reads: a bracketed paste becomes one `.paste`, Esc then a key is Alt.
@Suite struct KeyDecoderSequenceTests {
    let ok = Int32(OK)
    let function = Int32(KEY_CODE_YES)

    func feed(_ decoder: inout KeyDecoder, _ text: String) -> [Key] {
        text.unicodeScalars.flatMap { decoder.feed(status: ok, value: $0.value) }
    }

    func marker(_ code: Int32) -> UInt32 { UInt32(bitPattern: code) }

    /// The paste: "PasteTest⏎gdy" after `n` is one paste, never Enter, g, d, y.
    @Test func aBracketedPasteIsOneKeyWhateverItHolds() {
        var decoder = KeyDecoder()
        #expect(feed(&decoder, "n") == [.character("n")])
        #expect(decoder.feed(status: function, value: marker(proptui_key_paste_start())) == [])
        #expect(feed(&decoder, "PasteTest\rgdy\u{3}\u{1B}") == [])
        #expect(decoder.endOfBatch() == [])  // a paste spans reads: it waits for its end
        #expect(decoder.isInPaste)
        #expect(decoder.feed(status: function, value: UInt32(bitPattern: KEY_UP)) == [])
        #expect(decoder.feed(status: function, value: marker(proptui_key_paste_end())) == [])
        #expect(!decoder.isInPaste)
        #expect(decoder.awaitsPasteTail)
        #expect(decoder.endOfBatch() == [.paste("PasteTest\ngdy\u{3}\u{1B}\u{1B}")])  // delivered once the burst is over
        #expect(feed(&decoder, "j") == [.character("j")])
    }

    /// The attack: `printf 'Injected\033[201~\rkdy'` pasted (tmux passes the marker
    /// through, then adds its own): the field must not save "Injected" and run ⏎ k d y.
    @Test func whatFollowsAPastesEndInTheSameBurstIsPartOfItNeverKeys() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(status: function, value: marker(proptui_key_paste_start())) == [])
        #expect(feed(&decoder, "Injected") == [])
        #expect(decoder.feed(status: function, value: marker(proptui_key_paste_end())) == [])  // the pasted marker
        #expect(feed(&decoder, "\rkdy") == [])
        #expect(decoder.feed(status: function, value: marker(proptui_key_paste_end())) == [])  // the terminal's own
        #expect(decoder.endOfBatch() == [.paste("Injected\nkdy\u{1B}")])
        // After the pause, keys are keys again.
        #expect(feed(&decoder, "k") == [.character("k")])
    }

    @Test func anEndWithoutAStartIsIgnored() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(status: function, value: marker(proptui_key_paste_end())) == [])
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
        #expect(decoder.feed(status: function, value: marker(proptui_key_paste_start())) == [.escape])
        #expect(feed(&decoder, "x") == [])
        #expect(decoder.feed(status: function, value: marker(proptui_key_paste_end())) == [])
        #expect(decoder.endOfBatch() == [.paste("x")])
    }
}

@Suite struct ClipboardTests {
    @Test func osc52CarriesTheTextInBase64() {
        #expect(Clipboard.sequence(for: "a1-東") == "\u{1B}]52;c;YTEt5p2x\u{07}")
    }
}

@Suite struct UnknownSequenceTests {
    let ok = Int32(OK)

    func feed(_ decoder: inout KeyDecoder, _ text: String) -> [Key] {
        text.unicodeScalars.flatMap { decoder.feed(status: ok, value: $0.value) }
    }

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
