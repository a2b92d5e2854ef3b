import CNcurses
import TUI

/// What `get_wch` read, as a `Key`. Pure, so it is tested without a terminal.
enum KeyDecoder {
    /// A key from `get_wch`'s status (`OK` for a character, `KEY_CODE_YES` for a
    /// function key) and value; nil for what the app has no use for.
    static func key(status: Int32, value: UInt32) -> Key? {
        if status == KEY_CODE_YES { return functionKey(Int32(bitPattern: value)) }
        switch value {
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 9: return .tab
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(value) + 96)))  // 1 is C-a
        case 0..<32, 0x80..<0xA0: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .character(Character(scalar))
        }
    }

    static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_HOME: .home
        case KEY_END: .end
        case KEY_NPAGE: .pageDown
        case KEY_PPAGE: .pageUp
        case KEY_ENTER: .enter
        case KEY_BACKSPACE: .backspace
        case KEY_DC: .delete
        case KEY_BTAB: .backTab
        case proptui_key_f(1)...proptui_key_f(12): .function(Int(code - proptui_key_f(0)))
        default: nil
        }
    }
}
