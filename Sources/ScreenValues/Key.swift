/// One key press as the screens understand it. The `Terminal` module turns what
/// ncurses reads into these; tests build them directly.
public enum Key: Hashable, Sendable {
    /// Printable text: a letter, digit, symbol, or any other character typed or pasted.
    case character(Character)
    /// Ctrl with a letter, given in lower case: `.control("l")` is C-l.
    case control(Character)
    case enter, escape, backspace, delete, tab, backTab
    case up, down, left, right, home, end, pageUp, pageDown
    /// F1…F12.
    case function(Int)
    /// Alt (Meta) with a key: the terminal sends Esc, then the key, at once. `.alt(.character("b"))` is M-b.
    indirect case alt(Key)
    /// What the terminal delivered as one bracketed paste: data, never keys, whatever it holds
    /// (line breaks, control characters and escape sequences included); whole, or why it is not.
    case paste(Paste)

    /// The key as help and hints spell it.
    public var label: String {
        switch self {
        case .character(" "): "Space"
        case .character(let character): String(character)
        case .control(let letter): "C-\(letter)"
        case .enter: "⏎"
        case .escape: "Esc"
        case .backspace: "⌫"
        case .delete: "Del"
        case .tab: "Tab"
        case .backTab: "S-Tab"
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .function(let number): "F\(number)"
        case .alt(let key): "M-\(key.label)"
        case .paste: "a paste"
        }
    }
}
