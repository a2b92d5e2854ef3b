import Foundation
import JSONValues

/// A value as the server wrote it (its JSON bytes), read as far as a format needs.
public enum WireValue {
    /// What the bytes hold, for a format that writes text (CSV, the table).
    public enum Text: Equatable {
        case null
        /// A string's characters, its escapes undone.
        case string([UInt8])
        /// Anything else as it was written: a number, `true`/`false`, a list or an object.
        case json([UInt8])
    }

    public static func text(_ value: UnsafeRawBufferPointer) -> Text {
        guard let first = value.first else { return .null }
        switch first {
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "\""):
            // Most strings have no escape: their characters are the bytes between the quotes.
            let inner = UnsafeRawBufferPointer(rebasing: value[1..<(value.count - 1)])
            if !inner.contains(UInt8(ascii: "\\")) { return .string(Array(inner)) }
            let read = try? JSONReader.read(value) { reader throws(JSONReadError) in try reader.readString { Array($0) } }
            return .string(read ?? Array(inner))
        default:
            return .json(oneLine(Array(value)))
        }
    }

    /// The value's bytes, with any line break between its tokens (an answer written with
    /// indents) made a blank, so that one item stays one line. A string cannot hold a raw line
    /// break, so only a list's or an object's text is looked at.
    static func appendOnOneLine(_ value: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        let start = output.count
        output.append(contentsOf: value)
        guard let first = value.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return }
        if value.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
            for index in start..<output.count where output[index] == 0x0A || output[index] == 0x0D { output[index] = 0x20 }
        }
    }

    private static func oneLine(_ bytes: [UInt8]) -> [UInt8] {
        bytes.contains(where: { $0 == 0x0A || $0 == 0x0D }) ? bytes.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 } : bytes
    }
}
