import CNcurses
import ScreenValues

/// Turns what `get_wch` reads into `Key`s. Pure (no curses calls), so it is tested without a terminal.
///
/// Two things need memory across reads:
/// - Bracketed paste: between the terminal's paste-start and paste-end markers (bound to
///   `proptui_key_paste_start/end` by `define_key`) everything is text, gathered into one
///   `.paste`; a pasted line break or `d` never becomes a key.
///   **The rule for what follows a paste**: input that arrives in the same burst as a paste's
///   end marker, without the input running dry in between (`endOfBatch`, which the loop delays a
///   moment after a paste: `awaitsPasteTail`), is part of the paste, never keys. A pasted text
///   can hold the end marker itself (`Injected ESC[201~ ⏎ k d y`, and tmux passes it through):
///   the rest of it then still arrives in the same burst, and goes into the paste, which the
///   field refuses for its line break or control character, saying so. Nothing runs.
/// - Alt: the terminal sends Alt+b as Esc then b in one write. An Esc followed by a key in
///   the same batch of input is `.alt(key)`; an Esc with nothing after it is `.escape`
///   (curses has already waited the escape delay for the rest of a sequence).
struct KeyDecoder {
    /// The paste gathered so far, while between the markers.
    private var pasted: String?
    /// Reads in the current paste; past `maximumPaste` the rest is not kept (no field takes
    /// that much, and the field refuses a paste that does not fit, saying so).
    private var pastedReads = 0
    static let maximumPaste = 100_000
    /// An Esc read, waiting to see whether a key follows it in the same batch.
    private var escapePending = false
    /// Inside an escape sequence curses did not know (Esc [ … final byte, like Shift+F5's
    /// `ESC[15;2~`): it is dropped whole rather than typed as text or read as Alt+[.
    private var inUnknownSequence = false

    /// A paste whose end marker came in the current burst of input: what follows it without a
    /// pause belongs to it. Delivered when the input runs dry.
    private var ended: String?

    /// Whether a paste has started and not ended (its text waits for the end marker).
    var isInPaste: Bool { pasted != nil }

    /// Whether a paste has just ended: the loop waits a moment for more input before it ends
    /// the batch, so that the rest of a burst cannot slip out as keys.
    var awaitsPasteTail: Bool { ended != nil }

    /// Feeds one `get_wch` result (`status` is `OK` or `KEY_CODE_YES`); answers the keys it completes.
    mutating func feed(status: Int32, value: UInt32) -> [Key] {
        let code = Int32(bitPattern: value)
        let isFunctionKey = status == KEY_CODE_YES
        if var text = ended {
            // The same burst as a paste's end: part of it, markers included (a marker is an Escape
            // character in the text, so the field refuses it).
            pastedReads += 1
            if pastedReads <= Self.maximumPaste {
                let isMarker = isFunctionKey && (code == proptui_key_paste_start() || code == proptui_key_paste_end())
                text.append(contentsOf: isMarker ? "\u{1B}" : Self.pastedText(status: status, value: value))
            }
            ended = text
            return []
        }
        if isFunctionKey, code == proptui_key_paste_start() {
            var keys = takePendingEscape()
            if let unfinished = pasted { keys.append(.paste(unfinished)) }  // a start without an end: keep what came
            pasted = ""
            pastedReads = 0
            return keys
        }
        if isFunctionKey, code == proptui_key_paste_end() {
            guard let text = pasted else { return [] }  // an end without a start: nothing to deliver
            pasted = nil
            ended = text  // delivered when the burst is over (see `ended`)
            return []
        }
        if pasted != nil {
            pastedReads += 1
            if pastedReads <= Self.maximumPaste { pasted!.append(contentsOf: Self.pastedText(status: status, value: value)) }
            return []
        }
        if inUnknownSequence {
            // Parameters and intermediates (0x20–0x3F) continue it; a final byte (0x40–0x7E) ends it.
            if status == KEY_CODE_YES || !(0x20...0x3F).contains(value) { inUnknownSequence = false }
            if status != KEY_CODE_YES, (0x40...0x7E).contains(value) || (0x20...0x3F).contains(value) { return [] }
        }
        guard let key = Self.key(status: status, value: value) else { return [] }
        if escapePending, key == .character("[") {
            escapePending = false
            inUnknownSequence = true
            return []
        }
        if key == .escape {
            let keys = takePendingEscape()
            escapePending = true
            return keys
        }
        if escapePending {
            escapePending = false
            return [.alt(key)]
        }
        return [key]
    }

    /// Input has run dry for now: a paste that ended is delivered, a lone Esc is the Escape key.
    /// A paste without its end marker yet stays open for it.
    mutating func endOfBatch() -> [Key] {
        inUnknownSequence = false
        if let text = ended {
            ended = nil
            return [.paste(text)]
        }
        return takePendingEscape()
    }

    private mutating func takePendingEscape() -> [Key] {
        guard escapePending else { return [] }
        escapePending = false
        return [.escape]
    }

    /// What one read inside a paste adds to its text: characters as they are, Return as a line
    /// break, and a function key curses recognised in the pasted bytes as an Escape character
    /// (it was an escape sequence), so that the field refuses it as a control character.
    static func pastedText(status: Int32, value: UInt32) -> String {
        if status == KEY_CODE_YES { return "\u{1B}" }
        if value == 13 { return "\n" }
        guard let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return String(Character(scalar))
    }

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
