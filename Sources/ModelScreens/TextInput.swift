import ScreenValues

/// A one-line text input of the form: the app's `LineEditor` (its keys: ← → Home End, ⌫ Del,
/// C-a C-e C-b C-f C-h C-d C-u C-k C-w, M-b M-f M-d M-⌫), answering only whether a key was an
/// editing key. Keys that are not are the caller's; an Alt key that is not one of these does
/// nothing (never a command).
struct TextInput: Sendable, Hashable {
    private var editor: LineEditor

    /// `maximumLength`: the most characters typing or pasting may make (nil: no limit).
    init(_ text: String = "", maximumLength: Int? = nil) { editor = LineEditor(text, maximumLength: maximumLength ?? .max) }

    /// A text offered whole, as selected: the first character typed or pasted replaces it.
    init(offering text: String, maximumLength: Int? = nil) { editor = LineEditor(offering: text, maximumLength: maximumLength ?? .max) }

    var characters: [Character] { editor.characters }
    /// Position in characters (grapheme clusters), 0...count.
    var cursor: Int { editor.cursor }
    var text: String { editor.text }
    var isEmpty: Bool { editor.count == 0 }
    /// Offered whole, as selected: the next character typed replaces it.
    var isOffered: Bool { editor.isOffered }

    /// Applies an editing key; false when `key` is not one (the caller decides what it means).
    mutating func handle(_ key: Key) -> Bool { editor.handle(key) != .ignored }

    /// The same, saying when typing stopped at the field's limit.
    mutating func edit(_ key: Key) -> LineEditor.Outcome { editor.handle(key) }

    /// The most characters it takes (`.max`: no limit), and how many it holds.
    var maximumLength: Int { editor.maximumLength }
    var count: Int { editor.count }

    /// "160/200" once the text is within a fifth of its limit; nil before (and without one).
    var counter: String? {
        guard maximumLength < .max, count * 5 >= maximumLength * 4 else { return nil }
        return "\(count)/\(maximumLength)"
    }

    /// What a key that could not go in says.
    static func fullMessage(noun: String, holds maximumLength: Int) -> String {
        "The \(noun) holds at most \(NumberText.grouped(maximumLength)) characters."
    }

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
