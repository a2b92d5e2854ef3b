/// A key a tape can press, and the bytes an xterm sends for it.
public enum TapeKey: Equatable, Sendable {
    case enter, escape, tab, space, backspace, delete
    case up, down, left, right, home, end, pageUp, pageDown
    /// `Ctrl+X`: a letter, or one of @ [ \ ] ^ _.
    case control(Character)

    /// Names as tapes spell them (vhs's names).
    static let named: [String: TapeKey] = [
        "Enter": .enter, "Escape": .escape, "Tab": .tab, "Space": .space, "Backspace": .backspace,
        "Delete": .delete, "Up": .up, "Down": .down, "Left": .left, "Right": .right, "Home": .home,
        "End": .end, "PageUp": .pageUp, "PageDown": .pageDown,
    ]

    /// What the terminal sends. Cursor keys depend on the mode the program set (DECCKM):
    /// curses turns application mode on, in which they are ESC O A and so on.
    public func bytes(applicationCursorKeys: Bool) -> [UInt8] {
        let cursorPrefix: [UInt8] = applicationCursorKeys ? [0x1B, UInt8(ascii: "O")] : [0x1B, UInt8(ascii: "[")]
        switch self {
        case .enter: return [0x0D]
        case .escape: return [0x1B]
        case .tab: return [0x09]
        case .space: return [0x20]
        case .backspace: return [0x7F]
        case .delete: return Array("\u{1B}[3~".utf8)
        case .up: return cursorPrefix + [UInt8(ascii: "A")]
        case .down: return cursorPrefix + [UInt8(ascii: "B")]
        case .right: return cursorPrefix + [UInt8(ascii: "C")]
        case .left: return cursorPrefix + [UInt8(ascii: "D")]
        case .home: return cursorPrefix + [UInt8(ascii: "H")]
        case .end: return cursorPrefix + [UInt8(ascii: "F")]
        case .pageUp: return Array("\u{1B}[5~".utf8)
        case .pageDown: return Array("\u{1B}[6~".utf8)
        case .control(let character):
            // Ctrl clears the top bits of the ASCII code: Ctrl+A is 1, Ctrl+[ is ESC.
            let code = character.uppercased().unicodeScalars.first!.value
            return [UInt8(code & 0x1F)]
        }
    }
}
