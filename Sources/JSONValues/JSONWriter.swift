/// JSON text written by hand, for what is written by the thousand (cache rows, outbox rows):
/// `JSONEncoder` builds a tree of the whole value first and costs more than the write itself.
/// The same text a reader reads back (`JSONReader`, `JSONDecoder`); object members in the order
/// given, not sorted (`JSONValue.jsonText` sorts them).
public enum JSONWriter {
    public static func append(_ value: JSONValue, to bytes: inout [UInt8]) {
        switch value {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number): bytes.append(contentsOf: String(number).utf8)
        // Swift writes a finite Double in its shortest form that reads back exactly
        // (`900.25`, `1e-07`), which is JSON; a `Float` value is always finite.
        case .double(let number): bytes.append(contentsOf: (number.isFinite ? "\(number)" : "null").utf8)
        case .string(let text): appendString(text, to: &bytes)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                append(item, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            var first = true
            for (key, member) in members {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                appendString(key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                append(member, to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// A string with what JSON requires escaped: the quote, the backslash, control characters.
    public static func appendString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
            case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: #"\u00"#.utf8)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
