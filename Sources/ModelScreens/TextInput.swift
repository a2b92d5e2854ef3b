import ScreenValues

/// A one-line text input: the text, a cursor, and the editing keys of the app's text fields
/// (TUI's `LineEditor`: ← → Home End, ⌫ Del, C-a C-e C-b C-f C-h C-d C-u C-k C-w, M-b M-f M-d
/// M-⌫). A copy of those keys rather than `LineEditor` itself, which lives in `TUI`: this module
/// sits below it. Keys that are not editing keys are the caller's; an Alt key that is not one
/// of these does nothing (never a command).
struct TextInput: Sendable, Hashable {
    private(set) var characters: [Character]
    /// Position in characters (grapheme clusters), 0...count.
    private(set) var cursor: Int

    init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    var text: String { String(characters) }
    var isEmpty: Bool { characters.isEmpty }

    /// Applies an editing key; false when `key` is not one (the caller decides what it means).
    mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            // Control characters never come as `.character`; one that does is dropped, not stored.
            if !character.unicodeScalars.contains(where: TerminalText.needsReplacement) { insert(String(character)) }
        case .backspace, .control("h"):
            guard cursor > 0 else { return true }
            cursor -= 1
            characters.remove(at: cursor)
        case .delete, .control("d"):
            if cursor < characters.count { characters.remove(at: cursor) }
        case .left, .control("b"): cursor = max(0, cursor - 1)
        case .right, .control("f"): cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .control("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .control("k"): characters.removeSubrange(cursor...)
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
        case .alt: break  // taken, and nothing done: an Alt key in a field is never a command
        default: return false
        }
        return true
    }

    /// Inserts text at the cursor (the caller has made it one line, without control characters).
    mutating func insert(_ text: String) {
        guard !text.isEmpty else { return }
        // Regroup with the neighbours only: a combining mark typed after a letter joins its cluster.
        let start = cursor > 0 ? cursor - 1 : cursor
        let end = cursor < characters.count ? cursor + 1 : cursor
        let before = characters[start..<cursor].map(String.init).joined()
        let after = characters[cursor..<end].map(String.init).joined()
        let typed = Array(before + text)
        let regrouped = Array(before + text + after)
        characters.replaceSubrange(start..<end, with: regrouped)
        cursor = min(start + regrouped.count, start + typed.count)
    }

    /// Splits the text at the cursor: what stays, and what goes to a new line (a list's Enter).
    mutating func splitAtCursor() -> String {
        let rest = String(characters[cursor...])
        characters.removeSubrange(cursor...)
        return rest
    }

    /// Moves the cursor to the start (a list item joined to the one above keeps its place).
    mutating func moveCursor(to position: Int) {
        cursor = min(max(0, position), characters.count)
    }

    private var previousWordStart: Int {
        var position = cursor
        while position > 0, !Self.isWordCharacter(characters[position - 1]) { position -= 1 }
        while position > 0, Self.isWordCharacter(characters[position - 1]) { position -= 1 }
        return position
    }

    private var nextWordEnd: Int {
        var position = cursor
        while position < characters.count, !Self.isWordCharacter(characters[position]) { position += 1 }
        while position < characters.count, Self.isWordCharacter(characters[position]) { position += 1 }
        return position
    }

    private static func isWordCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber }
}

/// What a bracketed paste becomes in a field: always text, never keys. Line breaks are kept
/// apart so that a list can take a line per item and a one-line field a space per break; any
/// other control character (an escape sequence, say) refuses the whole paste, as the app's
/// fields refuse it.
enum PastedText {
    /// The paste's lines (CR LF, CR and LF each break a line; a tab is a blank), or why it is refused.
    static func lines(_ text: String) -> Result<[String], PasteRefusal> {
        var lines: [String] = [""]
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\n" where previousWasCR: continue
            case "\n", "\r": lines.append("")
            case "\t": lines[lines.count - 1].unicodeScalars.append(" ")
            default:
                if TerminalText.needsReplacement(scalar) { return .failure(PasteRefusal(scalar: scalar)) }
                lines[lines.count - 1].unicodeScalars.append(scalar)
            }
        }
        return .success(lines)
    }

    /// The paste as one line: each line break a space.
    static func oneLine(_ text: String) -> Result<String, PasteRefusal> {
        lines(text).map { $0.joined(separator: " ") }
    }
}

/// Why a paste was not put in: it held a control character other than a line break or a tab.
struct PasteRefusal: Error, Hashable {
    let scalar: Unicode.Scalar

    var message: String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "Not pasted: the text has a control character (U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ")."
    }
}
