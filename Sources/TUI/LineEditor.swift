/// A one-line text field: the text, a cursor, and the editing keys every prompt
/// shares (the rename field, the address field, "New property name", the filter).
public struct LineEditor: Sendable, Equatable {
    public private(set) var characters: [Character]
    /// Position in characters (grapheme clusters), 0...count.
    public private(set) var cursor: Int

    public init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    public var text: String { String(characters) }

    /// Applies an editing key; returns false if the key is not an editing key.
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            // Control characters never come as `.character`; a newline or tab that
            // does (a paste) is refused here rather than stored.
            guard !character.unicodeScalars.contains(where: TerminalText.needsReplacement) else { return true }
            characters.insert(character, at: cursor)
            regroup(keepingCursorAfter: cursor + 1)
        case .backspace, .control("h"):
            guard cursor > 0 else { return true }
            cursor -= 1
            characters.remove(at: cursor)
        case .delete, .control("d"):
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .left, .control("b"): cursor = max(0, cursor - 1)
        case .right, .control("f"): cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .control("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .control("k"):
            characters.removeSubrange(cursor...)
        case .control("w"):
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        default:
            return false
        }
        return true
    }

    /// A combining mark typed after a letter joins it into one cluster: regroup the
    /// text so that each element is a whole grapheme, and put the cursor after the
    /// cluster that holds what was just typed.
    private mutating func regroup(keepingCursorAfter typed: Int) {
        let before = String(characters[..<typed])
        characters = Array(String(characters))
        cursor = min(characters.count, Array(before).count)
    }
}
