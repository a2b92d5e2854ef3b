/// What the terminal delivered as one bracketed paste (xterm's mode 2004): data, never keys,
/// whatever it holds. The `Terminal` module makes it; tests write one as a string literal.
///
/// A paste is never cut: it comes whole, as its text exactly as the terminal sent it (line
/// breaks, control characters and escape sequences included), or, when it cannot be handed over
/// whole, as why not, with its true size. Every field then takes it whole or refuses it whole
/// with the same words (`PasteRefusal`).
public enum Paste: Hashable, Sendable, ExpressibleByStringLiteral {
    case text(String)
    /// More than `maximumLength` characters: only counted, never kept. `codePoints` is the
    /// count of Unicode scalars (a paste of a few characters can hold a million combining marks).
    case tooLong(characters: Int, codePoints: Int)
    /// Bytes that are not UTF-8: the first bad one and where it is (bytes from the paste's start).
    case invalidUTF8(byte: UInt8, offset: Int)

    /// The most characters (grapheme clusters) a paste may hold.
    public static let maximumLength = 100_000
    /// The most Unicode scalars a paste may hold, whatever its characters.
    public static let maximumCodePoints = 1_000_000

    public init(stringLiteral text: String) { self = .text(text) }

    /// The paste's lines (CR LF, CR and LF each break a line; a tab is a blank), or why it is
    /// refused: too long, not UTF-8, or holding another control character (an escape sequence).
    public func lines() -> Result<[String], PasteRefusal> {
        let text: String
        switch self {
        case .text(let pasted): text = pasted
        case .tooLong(let characters, let codePoints): return .failure(.tooLong(characters: characters, codePoints: codePoints))
        case .invalidUTF8(let byte, let offset): return .failure(.invalidUTF8(byte: byte, offset: offset))
        }
        var lines: [String] = [""]
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\n" where previousWasCR: continue
            case "\n", "\r": lines.append("")
            case "\t": lines[lines.count - 1].unicodeScalars.append(" ")
            default:
                if TerminalText.needsReplacement(scalar) { return .failure(.controlCharacter(scalar)) }
                lines[lines.count - 1].unicodeScalars.append(scalar)
            }
        }
        return .success(lines)
    }

    /// How a one-line field takes a paste's line breaks.
    public enum LineBreaks: Sendable {
        /// Each is a space (a form's field, a filter).
        case asSpaces
        /// The paste is refused (a name is one line: a line break in it was meant as ⏎).
        case refused
    }

    /// The paste as one line, or why it is refused.
    public func line(_ lineBreaks: LineBreaks) -> Result<String, PasteRefusal> {
        if lineBreaks == .refused, case .text(let text) = self, text.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) {
            return .failure(.lineBreak)
        }
        if lineBreaks == .refused, case .text(let text) = self, let bad = text.unicodeScalars.first(where: TerminalText.needsReplacement) {
            return .failure(.controlCharacter(bad))
        }
        return lines().map { $0.joined(separator: " ") }
    }
}

/// Why a field took nothing of a paste.
public enum PasteRefusal: Error, Hashable, Sendable {
    /// Longer than any paste may be (`Paste.maximumLength`).
    case tooLong(characters: Int, codePoints: Int)
    /// Longer than the field has room for.
    case doesNotFit(characters: Int, holds: Int, left: Int)
    case invalidUTF8(byte: UInt8, offset: Int)
    case controlCharacter(Unicode.Scalar)
    case lineBreak

    /// What the status line says; `noun` names what the field holds ("name", "filter").
    public func message(noun: String = "field") -> String {
        switch self {
        case .tooLong(let characters, let codePoints):
            if characters > Paste.maximumLength {
                "Not pasted: the text is \(NumberText.grouped(characters)) characters long; a paste holds at most \(NumberText.grouped(Paste.maximumLength))."
            } else {
                "Not pasted: the text is \(NumberText.grouped(codePoints)) code points long; a paste holds at most \(NumberText.grouped(Paste.maximumCodePoints))."
            }
        case .doesNotFit(let characters, let holds, let left):
            "Not pasted: \(NumberText.grouped(characters)) characters do not fit; the \(noun) holds \(NumberText.grouped(holds)) (\(NumberText.grouped(left)) left)."
        case .invalidUTF8(let byte, let offset):
            "Not pasted: the text is not valid UTF-8 (byte 0x\(Self.hex(byte)) at offset \(NumberText.grouped(offset)))."
        case .controlCharacter(let scalar):
            "Not pasted: the text has a control character (\(Self.codePoint(scalar)))."
        case .lineBreak:
            "Not pasted: the text has a line break, and a \(noun) is one line."
        }
    }

    /// "U+001B".
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    static func hex(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return hex.count == 1 ? "0" + hex : hex
    }
}
