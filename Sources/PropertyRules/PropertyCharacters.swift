/// The characters a property's name and address never carry, shared by the app (which refuses
/// them before sending) and the embedded server (which refuses them in a mutation): text shown
/// on a terminal must not be able to move the cursor, change colours or read differently than
/// it is stored.
public enum PropertyCharacters {
    /// C0 and C1 controls (ESC, line breaks and tabs included) and DEL, and the bidirectional
    /// overrides and isolates that can make text read differently than it is stored.
    public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
            || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// The first forbidden character of `text`, if any.
    public static func firstForbidden(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first(where: isForbidden)
    }

    /// `U+001B`: how a message names a character.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
