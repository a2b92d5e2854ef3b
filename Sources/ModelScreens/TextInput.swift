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

    /// Puts a paste in at the cursor, whole (its line breaks as spaces, unless they refuse it)
    /// or not at all: nil when it went in, else why nothing of it did.
    mutating func paste(_ paste: Paste, lineBreaks: Paste.LineBreaks = .asSpaces) -> PasteRefusal? {
        editor.paste(paste, lineBreaks: lineBreaks)
    }

    /// Splits the text at the cursor: what stays, and what goes to a new line (a list's Enter).
    mutating func splitAtCursor() -> String { editor.splitAtCursor() }

    mutating func moveCursor(to position: Int) { editor.moveCursor(to: position) }
}
