/// A one-line text field: the text, a cursor, and the editing keys every prompt
/// shares (the rename field, the address field, "New property name", the filter):
/// readline's C-a C-e C-b C-f C-d C-h C-u C-k C-w and M-b M-f M-d M-⌫.
///
/// A key costs O(1) plus moving the characters after the cursor (none when typing
/// at the end): only the clusters next to the cursor are regrouped, never the whole
/// text, and typing stops at `maximumLength`.
public struct LineEditor: Sendable, Hashable {
    /// What a key did to the field.
    public enum Outcome: Sendable, Equatable {
        /// The text or the cursor moved (or the key was an editing key with nothing to do).
        case edited
        /// Not an editing key; a field still ignores it rather than pass it on.
        case ignored
        /// Typing or pasting would go past `maximumLength`: nothing was added.
        case full
    }

    /// The editing keys, for the help overlay: (keys, what they do).
    public static let keyHelp: [(String, String)] = [
        ("⏎ Esc", "save / cancel (a filter: keep / clear)"),
        ("← → C-b C-f", "move a character"),
        ("M-b M-f", "move a word"),
        ("Home End C-a C-e", "to the start / end"),
        ("⌫ Del C-h C-d", "delete a character"),
        ("C-w M-⌫", "delete the word before the cursor"),
        ("M-d", "delete the word after the cursor"),
        ("C-u C-k", "delete to the start / to the end"),
        ("paste", "goes into the field (one line; never runs keys)"),
    ]

    public private(set) var characters: [Character]
    /// Position in characters (grapheme clusters), 0...count.
    public private(set) var cursor: Int
    /// The most characters typing or pasting may make. A text that starts longer (a record
    /// made elsewhere under other rules) is kept whole and can still be shortened.
    public let maximumLength: Int

    /// Whether the text is offered whole, as selected (a refused create's name offered again):
    /// the first character typed or pasted replaces it, ⌫ or Del clears it, and any other key
    /// keeps it and edits it as usual. So keys typed right after a refusal landed make what
    /// they spell, not the refused name with them appended.
    public private(set) var isOffered = false

    public init(_ text: String = "", maximumLength: Int = .max) {
        characters = Array(text)
        cursor = characters.count
        self.maximumLength = maximumLength
    }

    /// A field holding `text` offered whole (see `isOffered`).
    public init(offering text: String, maximumLength: Int = .max) {
        self.init(text, maximumLength: maximumLength)
        isOffered = !text.isEmpty
    }

    public var text: String { String(characters) }
    public var count: Int { characters.count }

    /// Applies an editing key.
    public mutating func handle(_ key: Key) -> Outcome {
        if isOffered {
            switch key {
            case .character: break  // replaces the offered text (`insert`)
            case .backspace, .control("h"), .delete, .control("d"):
                isOffered = false
                characters = []
                cursor = 0
                return .edited
            default:
                isOffered = false
            }
        }
        switch key {
        case .character(let character):
            // Control characters never come as `.character`; a newline or tab that
            // does is refused here rather than stored.
            guard !character.unicodeScalars.contains(where: TerminalText.needsReplacement) else { return .edited }
            return insert(String(character))
        case .backspace, .control("h"):
            guard cursor > 0 else { return .edited }
            cursor -= 1
            characters.remove(at: cursor)
        case .delete, .control("d"):
            guard cursor < characters.count else { return .edited }
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
        case .alt(.character("b")): cursor = previousWordStart
        case .alt(.character("f")): cursor = nextWordEnd
        case .alt(.character("d")): characters.removeSubrange(cursor..<nextWordEnd)
        case .alt(.backspace):
            let start = previousWordStart
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .alt:
            // Any other Alt key in a field does nothing: never a command, never a cancel.
            return .edited
        default:
            return .ignored
        }
        return .edited
    }

    /// Inserts text at the cursor, whole or not at all: `.full` when it would make the
    /// field longer than `maximumLength`. The caller refuses control characters first.
    public mutating func insert(_ text: String) -> Outcome {
        guard !text.isEmpty else { return .edited }
        if isOffered {
            // Typed or pasted over the offered text: it goes, unless what comes does not fit.
            let offered = (characters, cursor)
            (characters, cursor, isOffered) = ([], 0, false)
            let outcome = insert(text)
            if outcome == .full { (characters, cursor, isOffered) = (offered.0, offered.1, true) }
            return outcome
        }
        let before = cursor > 0 ? characters[cursor - 1] : nil
        let after = cursor < characters.count ? characters[cursor] : nil
        let start = before == nil ? cursor : cursor - 1
        let end = after == nil ? cursor : cursor + 1
        // A combining mark or a joiner typed next to a letter joins its cluster: regroup the
        // neighbours only (grapheme breaks depend on them, not on the rest of the text).
        let typed = (before.map(String.init) ?? "") + text
        let regrouped = Array(typed + (after.map(String.init) ?? ""))
        let newCount = characters.count - (end - start) + regrouped.count
        if newCount > characters.count, newCount > maximumLength { return .full }
        characters.replaceSubrange(start..<end, with: regrouped)
        cursor = min(start + regrouped.count, start + Array(typed).count)
        return .edited
    }

    /// Puts a paste in at the cursor, whole or not at all: nil when it went in, else why nothing
    /// of it did (too long for the field or for any paste, not UTF-8, a control character, a
    /// line break where `lineBreaks` refuses them).
    public mutating func paste(_ paste: Paste, lineBreaks: Paste.LineBreaks) -> PasteRefusal? {
        if case .tooLong(let characters, _) = paste, characters > maximumLength {
            return .doesNotFit(characters: characters, holds: maximumLength, left: max(0, maximumLength - count))
        }
        switch paste.line(lineBreaks) {
        case .failure(let refusal):
            return refusal
        case .success(let line):
            guard insert(line) == .full else { return nil }
            return .doesNotFit(characters: line.count, holds: maximumLength, left: max(0, maximumLength - count))
        }
    }

    /// Splits the text at the cursor: what stays, and what goes to a new line (a list's ⏎).
    public mutating func splitAtCursor() -> String {
        let rest = String(characters[cursor...])
        characters.removeSubrange(cursor...)
        return rest
    }

    /// Moves the cursor (a list item joined to the one above keeps its place).
    public mutating func moveCursor(to position: Int) {
        cursor = min(max(0, position), characters.count)
    }

    /// Where M-b goes: the start of the word before the cursor (a word is letters and digits).
    private var previousWordStart: Int {
        var position = cursor
        while position > 0, !Self.isWordCharacter(characters[position - 1]) { position -= 1 }
        while position > 0, Self.isWordCharacter(characters[position - 1]) { position -= 1 }
        return position
    }

    /// Where M-f goes: the end of the word after the cursor.
    private var nextWordEnd: Int {
        var position = cursor
        while position < characters.count, !Self.isWordCharacter(characters[position]) { position += 1 }
        while position < characters.count, Self.isWordCharacter(characters[position]) { position += 1 }
        return position
    }

    private static func isWordCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber }
}
