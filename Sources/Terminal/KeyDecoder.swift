import CNcurses
import ScreenValues

/// Turns what `wgetch` reads (a byte, or the code of a key curses recognised) into `Key`s. Pure
/// (no curses calls), so it is tested without a terminal.
///
/// UTF-8 is put together here, not by curses: curses' `get_wch` met a byte that is not UTF-8 by
/// reading on until its buffer was full or the input ran dry, and dropped all of it, the paste's
/// end marker and the next key included. Here a bad byte is one bad byte: the byte after it is
/// read as what it is.
///
/// Three things need memory across reads:
/// - Bracketed paste: between the terminal's paste-start and paste-end markers (bound to
///   `proptui_key_paste_start/end` by `define_key`) everything is text, gathered into one
///   `.paste`; a pasted line break or `d` never becomes a key. A paste is never cut and never
///   split: one longer than `Paste.maximumLength`, or holding bytes that are not UTF-8, comes as
///   one `.paste` that says so (the field refuses it whole, saying why), and a start marker
///   inside a paste is text of it (`ESC[200~`, which the field refuses as a control character),
///   not the start of another.
///   **The rule for what follows a paste**: input that arrives in the same burst as a paste's
///   end marker, without the input running dry in between (`endOfBatch`, which the loop delays a
///   moment after a paste: `awaitsPasteTail`), is part of the paste, never keys. A pasted text
///   can hold the end marker itself (`Injected ESC[201~ ⏎ k d y`, and tmux passes it through):
///   the rest of it then still arrives in the same burst, and goes into the paste, which the
///   field refuses for its line break or control character, saying so. Nothing runs.
/// - Alt: the terminal sends Alt+b as Esc then b in one write. An Esc followed by a key in
///   the same batch of input is `.alt(key)`; an Esc with nothing after it is `.escape`
///   (curses has already waited the escape delay for the rest of a sequence).
/// - A character's UTF-8 bytes, which can end one read and start the next.
struct KeyDecoder {
    /// The paste gathered so far: while between the markers, and after the end marker for the
    /// rest of its burst (`pasteEnded`).
    private var paste: PasteBuilder?
    /// The paste's end marker has come: what follows in the same burst is part of it.
    private var pasteEnded = false
    /// A character's bytes outside a paste.
    private var utf8 = UTF8Assembler()
    /// An Esc read, waiting to see whether a key follows it in the same batch.
    private var escapePending = false
    /// Inside an escape sequence curses did not know (Esc [ … final byte, like Shift+F5's
    /// `ESC[15;2~`): it is dropped whole rather than typed as text or read as Alt+[.
    private var inUnknownSequence = false

    /// Whether a paste has started and not ended (its text waits for the end marker).
    var isInPaste: Bool { paste != nil && !pasteEnded }

    /// Whether a paste has just ended: the loop waits a moment for more input before it ends
    /// the batch, so that the rest of a burst cannot slip out as keys.
    var awaitsPasteTail: Bool { pasteEnded }

    static var pasteStartCode: Int32 { proptui_key_paste_start() }
    static var pasteEndCode: Int32 { proptui_key_paste_end() }

    /// Feeds one `wgetch` result: a byte (0–255) or a key code (`KEY_MIN` and up); answers the
    /// keys it completes.
    mutating func feed(_ read: Int32) -> [Key] {
        let isKeyCode = read > 0xFF
        if paste != nil {
            feedPaste(read, isKeyCode: isKeyCode)
            return []
        }
        if isKeyCode {
            _ = utf8.flush()  // a character left unfinished before a key is not UTF-8: dropped
            if read == Self.pasteStartCode {
                inUnknownSequence = false
                paste = PasteBuilder()
                return takePendingEscape()
            }
            if read == Self.pasteEndCode { return [] }  // an end without a start: nothing to deliver
            return decode(keyCode: read)
        }
        // A byte that is not UTF-8, typed rather than pasted, is dropped (it is no key); the
        // byte after it is read as what it is.
        guard let scalar = utf8.take(UInt8(truncatingIfNeeded: read)).scalar else { return [] }
        return decode(scalar: scalar)
    }

    private mutating func feedPaste(_ read: Int32, isKeyCode: Bool) {
        guard isKeyCode else {
            paste?.append(byte: UInt8(truncatingIfNeeded: read))
            return
        }
        switch read {
        case Self.pasteEndCode where !pasteEnded:
            pasteEnded = true  // delivered when the burst is over
            paste?.breakCharacter()  // bytes after the marker are no part of a character before it
        case Self.pasteEndCode:
            paste?.append(text: "\u{1B}[201~")  // a marker in the rest of the burst: text of the paste
        case Self.pasteStartCode:
            paste?.append(text: "\u{1B}[200~")  // a start inside a paste is text of it, not another paste
        default:
            // A key curses recognised in the pasted bytes (an escape sequence, DEL read as
            // Backspace) comes as an Escape character, which a field refuses as a control character.
            paste?.append(text: "\u{1B}")
        }
    }

    /// Input has run dry for now: a paste that ended is delivered, a lone Esc is the Escape key.
    /// A paste without its end marker yet stays open for it.
    mutating func endOfBatch() -> [Key] {
        inUnknownSequence = false
        if pasteEnded, let ended = paste {
            paste = nil
            pasteEnded = false
            return [.paste(ended.finished())]
        }
        return takePendingEscape()
    }

    private mutating func takePendingEscape() -> [Key] {
        guard escapePending else { return [] }
        escapePending = false
        return [.escape]
    }

    private mutating func decode(keyCode: Int32) -> [Key] {
        inUnknownSequence = false
        guard let key = Self.functionKey(keyCode) else { return [] }
        return deliver(key)
    }

    private mutating func decode(scalar: Unicode.Scalar) -> [Key] {
        let value = scalar.value
        if inUnknownSequence {
            // Parameters and intermediates (0x20–0x3F) continue it; a final byte (0x40–0x7E) ends it.
            if !(0x20...0x3F).contains(value) { inUnknownSequence = false }
            if (0x20...0x7E).contains(value) { return [] }
        }
        guard let key = Self.key(scalar: scalar) else { return [] }
        if escapePending, key == .character("[") {
            escapePending = false
            inUnknownSequence = true
            return []
        }
        return deliver(key)
    }

    private mutating func deliver(_ key: Key) -> [Key] {
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

    /// A key for a character read outside a paste; nil for what the app has no use for.
    static func key(scalar: Unicode.Scalar) -> Key? {
        switch scalar.value {
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 9: return .tab
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(scalar.value) + 96)))  // 1 is C-a
        case 0..<32, 0x80..<0xA0: return nil
        default: return .character(Character(scalar))
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
