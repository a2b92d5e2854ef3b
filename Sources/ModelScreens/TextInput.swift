import ScreenValues

/// A one-line text input of the form: the app's `LineEditor` (its keys: ← → Home End, ⌫ Del,
/// C-a C-e C-b C-f C-h C-d C-u C-k C-w, M-b M-f M-d M-⌫), answering only whether a key was an
/// editing key. Keys that are not are the caller's; an Alt key that is not one of these does
/// nothing (never a command).
struct TextInput: Sendable, Hashable {
    private var editor: LineEditor

    init(_ text: String = "") { editor = LineEditor(text) }

    var characters: [Character] { editor.characters }
    /// Position in characters (grapheme clusters), 0...count.
    var cursor: Int { editor.cursor }
    var text: String { editor.text }
    var isEmpty: Bool { editor.count == 0 }

    /// Applies an editing key; false when `key` is not one (the caller decides what it means).
    mutating func handle(_ key: Key) -> Bool { editor.handle(key) != .ignored }

    /// Inserts text at the cursor (the caller has made it one line, without control characters).
    mutating func insert(_ text: String) { _ = editor.insert(text) }

    /// Splits the text at the cursor: what stays, and what goes to a new line (a list's Enter).
    mutating func splitAtCursor() -> String { editor.splitAtCursor() }

    mutating func moveCursor(to position: Int) { editor.moveCursor(to: position) }
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
