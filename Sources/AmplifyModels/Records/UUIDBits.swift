import Foundation

/// A lowercase UUID's text as its 128 bits and back: the ids Amplify's clients make are such
/// texts, 36 bytes each, and a record keeps them in 16 (see `RecordKey`, `RecordBytes`).
public enum UUIDBits {
    /// The bits of `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` in lowercase hex; nil for any other text
    /// (an uppercase UUID stays text, so that its text comes back exactly).
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> (high: UInt64, low: UInt64)? {
        let dash = UInt8(ascii: "-")
        guard bytes.count == 36, bytes[8] == dash, bytes[13] == dash, bytes[18] == dash, bytes[23] == dash else { return nil }
        // Every digit is read before any is judged (a bad one sets a high bit in `seen`): no
        // branch per byte, for the id of every record a page holds.
        var seen: UInt8 = 0
        func nibbles(_ range: Range<Int>, into value: inout UInt64) {
            for index in range {
                let nibble = Self.nibble(bytes[index])
                seen |= nibble
                value = value << 4 | UInt64(nibble & 0x0F)
            }
        }
        var high: UInt64 = 0, low: UInt64 = 0
        nibbles(0..<8, into: &high)
        nibbles(9..<13, into: &high)
        nibbles(14..<18, into: &high)
        nibbles(19..<23, into: &low)
        nibbles(24..<36, into: &low)
        return seen < 0x10 ? (high, low) : nil
    }

    /// A lowercase hex digit's value; 0xFF for any other byte.
    @inline(__always) private static func nibble(_ byte: UInt8) -> UInt8 {
        let digit = byte &- UInt8(ascii: "0"), letter = byte &- UInt8(ascii: "a")
        return digit < 10 ? digit : letter < 6 ? letter + 10 : 0xFF
    }

    public static func parse(_ text: String) -> (high: UInt64, low: UInt64)? {
        var text = text
        return text.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
    }

    /// The text's first 8 bytes (the first 8 hex digits) as one big-endian number, made from the
    /// bits without the text: what a list compares first when it orders ids as their texts.
    public static func asciiPrefix(high: UInt64) -> UInt64 {
        var value: UInt64 = 0
        for nibble in 0..<8 {
            let digit = UInt8(high >> (60 - 4 * UInt64(nibble)) & 0xF)
            value = value << 8 | UInt64(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
        }
        return value
    }

    public static func text(high: UInt64, low: UInt64) -> String {
        String(unsafeUninitializedCapacity: 36) { write(high: high, low: low, into: $0) }
    }

    /// Writes the 36 bytes of the lowercase text into `buffer` (at least 36 long); returns 36.
    @discardableResult
    public static func write(high: UInt64, low: UInt64, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var position = 0
        for nibble in 0..<32 {
            if nibble == 8 || nibble == 12 || nibble == 16 || nibble == 20 {
                buffer[position] = UInt8(ascii: "-")
                position += 1
            }
            let half = nibble < 16 ? high : low
            let digit = UInt8(truncatingIfNeeded: half >> (60 - 4 * UInt64(nibble % 16)) & 0xF)
            buffer[position] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
            position += 1
        }
        return position
    }

    /// A new random (version 4) UUID.
    public static func random() -> (high: UInt64, low: UInt64) {
        let bytes = UUID().uuid
        let all = [bytes.0, bytes.1, bytes.2, bytes.3, bytes.4, bytes.5, bytes.6, bytes.7,
                   bytes.8, bytes.9, bytes.10, bytes.11, bytes.12, bytes.13, bytes.14, bytes.15]
        return (all[..<8].reduce(0) { $0 << 8 | UInt64($1) }, all[8...].reduce(0) { $0 << 8 | UInt64($1) })
    }
}
