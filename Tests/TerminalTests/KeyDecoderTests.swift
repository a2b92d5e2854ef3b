import CNcurses
import Testing
@testable import TUI
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
