import Foundation
import GraphQL

/// Writes JSON bytes exactly as `GraphQLJSONEncoder` (default options) writes the same values:
/// no spaces, `/` escaped as `\/`, `"` `\` and control characters escaped as it does (short forms
/// for \b \f \n \r \t, `\u00xx` for the rest, lowercase hex), everything else as UTF-8, integers
/// as the `Double` the library encodes them as. The fast path (`FastPagePlan`) writes its pages
/// with it, skipping a `Map` per value and the Codable encoder; `AnswerJSONWriterTests` and
/// `FastPagePathTests` compare its bytes with the library's.
struct AnswerJSONWriter {
    private(set) var bytes: [UInt8] = []

    init(reservingCapacity capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func raw(_ encoded: [UInt8]) { bytes.append(contentsOf: encoded) }

    mutating func raw(_ encoded: Slice<UnsafeRawBufferPointer>) { bytes.append(contentsOf: encoded) }

    mutating func null() { raw("null") }

    mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

    /// An integer as the library writes it: `Map` encodes numbers as `Double`, which prints an
    /// integer of up to 2^53 in decimal; past that, its own encoding is used.
    mutating func int(_ value: Int) {
        if value.magnitude <= 1 << 53 {
            bytes.append(contentsOf: String(value).utf8)
        } else {
            // Encoding a one-number array cannot fail; its brackets are dropped.
            let encoded = (try? GraphQLJSONEncoder().encode(Map.array([.number(Number(value))]))) ?? Data("[null]".utf8)
            bytes.append(contentsOf: encoded.dropFirst().dropLast())
        }
    }

    /// An object key and its colon; `first` is false for every key after the first.
    mutating func key(_ key: String, first: Bool) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        string(key)
        bytes.append(UInt8(ascii: ":"))
    }

    mutating func string(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var copyFrom = 0
            for index in utf8.indices {
                let byte = utf8[index]
                let escape: StaticString
                switch byte {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case UInt8(ascii: "/"): escape = "\\/"
                case 0x08: escape = "\\b"
                case 0x0C: escape = "\\f"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0..<32: escape = "\\u00"
                default: continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copyFrom..<index]))
                raw(escape)
                if byte < 32, escape.utf8CodeUnitCount == 4 {
                    bytes.append(Self.hexDigit(byte / 16))
                    bytes.append(Self.hexDigit(byte % 16))
                }
                copyFrom = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copyFrom...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? value + UInt8(ascii: "0") : value - 10 + UInt8(ascii: "a")
    }
}

extension AnswerJSONWriter {
    /// A `Double` as the library writes it: Swift's shortest text, without a trailing `.0`.
    mutating func double(_ value: Double) {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }
}
