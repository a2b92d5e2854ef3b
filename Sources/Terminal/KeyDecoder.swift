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
            // A key curses recognised in the pasted bytes was an escape sequence: an Escape
            // character in the text, which the field refuses as a control character.
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

/// UTF-8 put together a byte at a time. A byte that cannot continue the character under way
/// ends it as not UTF-8 (it is dropped) and is then read as the start of what follows, so a bad
/// byte never costs the good one after it (the "maximal subpart" practice of Unicode §3.9).
struct UTF8Assembler {
    /// What one byte gave: at most one scalar, and the first byte found not to be UTF-8 (the
    /// start of the character it broke off, `pending`, or this byte itself).
    struct Taken {
        var scalar: Unicode.Scalar?
        var invalid: (byte: UInt8, pending: Bool)?
    }

    /// The bits of the character under way, its first byte, and how many bytes it has and needs.
    private var value: UInt32 = 0
    private var first: UInt8 = 0
    private(set) var pendingCount = 0
    private var expected = 0

    mutating func take(_ byte: UInt8) -> Taken {
        var taken = Taken()
        if pendingCount > 0 {
            if Self.continues(first: first, count: pendingCount, with: byte) {
                value = value << 6 | UInt32(byte & 0x3F)
                pendingCount += 1
                guard pendingCount == expected else { return taken }
                taken.scalar = Unicode.Scalar(value)
                pendingCount = 0
                return taken
            }
            taken.invalid = (first, true)
            pendingCount = 0
        }
        switch byte {
        case 0x00...0x7F: taken.scalar = Unicode.Scalar(byte)
        case 0xC2...0xDF: start(byte, bits: byte & 0x1F, expected: 2)
        case 0xE0...0xEF: start(byte, bits: byte & 0x0F, expected: 3)
        case 0xF0...0xF4: start(byte, bits: byte & 0x07, expected: 4)
        default: if taken.invalid == nil { taken.invalid = (byte, false) }
        }
        return taken
    }

    private mutating func start(_ byte: UInt8, bits: UInt8, expected: Int) {
        (first, value, pendingCount, self.expected) = (byte, UInt32(bits), 1, expected)
    }

    /// The first byte of a character left unfinished, which is therefore not UTF-8; nil when none.
    mutating func flush() -> UInt8? {
        defer { pendingCount = 0 }
        return pendingCount > 0 ? first : nil
    }

    /// Whether `byte` may follow a character's first `count` bytes starting with `first` (the
    /// second byte's narrower ranges after E0, ED, F0 and F4 rule out overlong forms, surrogates
    /// and scalars past U+10FFFF).
    static func continues(first: UInt8, count: Int, with byte: UInt8) -> Bool {
        guard (0x80...0xBF).contains(byte) else { return false }
        guard count == 1 else { return true }
        switch first {
        case 0xE0: return byte >= 0xA0
        case 0xED: return byte <= 0x9F
        case 0xF0: return byte >= 0x90
        case 0xF4: return byte <= 0x8F
        default: return true
        }
    }
}

/// A paste as its bytes arrive: UTF-8 checked, the text kept while it is no longer than a paste
/// may hold, then only counted. Nothing is ever cut: what it finishes as is the whole text, or
/// why there is none (with the paste's true size).
struct PasteBuilder {
    private var text = String.UnicodeScalarView()
    private var kept = 0
    /// Past `Paste.maximumCodePoints` the text goes and its characters are counted instead.
    private var counted: CharacterCount?
    private var utf8 = UTF8Assembler()
    private var bytes = 0
    private var firstInvalid: (byte: UInt8, offset: Int)?

    mutating func append(byte: UInt8) {
        if byte < 0x80, utf8.pendingCount == 0 {
            bytes += 1
            append(Unicode.Scalar(byte))
            return
        }
        let pendingStart = bytes - utf8.pendingCount
        let taken = utf8.take(byte)
        if let invalid = taken.invalid { noteInvalid(invalid.byte, offset: invalid.pending ? pendingStart : bytes) }
        bytes += 1
        if let scalar = taken.scalar { append(scalar) }
    }

    /// Text the decoder adds itself (a marker, an escape curses took for a key).
    mutating func append(text added: String) {
        breakCharacter()
        bytes += added.utf8.count
        for scalar in added.unicodeScalars { append(scalar) }
    }

    /// A marker came between bytes: a character under way is cut in two, so not UTF-8.
    mutating func breakCharacter() {
        let pendingStart = bytes - utf8.pendingCount
        if let unfinished = utf8.flush() { noteInvalid(unfinished, offset: pendingStart) }
    }

    private mutating func noteInvalid(_ byte: UInt8, offset: Int) {
        if firstInvalid == nil { firstInvalid = (byte, offset) }
    }

    private mutating func append(_ scalar: Unicode.Scalar) {
        if counted != nil {
            counted!.append(scalar)
            return
        }
        text.append(scalar)
        kept += 1
        if kept > Paste.maximumCodePoints {
            // Counted from here on, never kept: a paste this long is refused whatever it holds.
            var count = CharacterCount()
            for earlier in text { count.append(earlier) }
            counted = count
            text = String.UnicodeScalarView()
        }
    }

    func finished() -> Paste {
        var builder = self
        builder.breakCharacter()
        if let invalid = builder.firstInvalid { return .invalidUTF8(byte: invalid.byte, offset: invalid.offset) }
        if let counted { return .tooLong(characters: counted.total, codePoints: counted.codePoints) }
        let whole = String(text)
        let characters = whole.count
        guard characters <= Paste.maximumLength else {
            return .tooLong(characters: characters, codePoints: kept)
        }
        return .text(whole)
    }
}
/// Counts the characters (grapheme clusters) of text that arrives a scalar at a time, in
/// pieces, keeping only the last character of each piece (the next scalars may join it).
struct CharacterCount {
    private(set) var codePoints = 0
    /// Characters counted and closed: a lower bound of the total.
    private(set) var atLeast = 0
    private var tail = String.UnicodeScalarView()
    private var tailCount = 0

    mutating func append(_ scalar: Unicode.Scalar) {
        codePoints += 1
        tail.append(scalar)
        tailCount += 1
        if tailCount >= 256 { settle() }
    }

    /// Closes every character of the tail but the last, which the next scalars may join. Of a
    /// last one of many scalars (a pile of combining marks) only its end is kept: what joins a
    /// character depends on the scalars next to the join, and no piece grows without end.
    private mutating func settle() {
        let characters = String(tail)
        guard let last = characters.last else { return }
        atLeast += characters.count - 1
        tail = String.UnicodeScalarView(last.unicodeScalars.suffix(16))
        tailCount = tail.count
    }

    var total: Int { atLeast + String(tail).count }
}
