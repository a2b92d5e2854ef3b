import ScreenValues

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
