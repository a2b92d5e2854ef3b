/// JSON text written by hand, for what is written by the thousand (cache rows, outbox rows, the
/// embedded server's items and keys): `JSONEncoder` builds a tree of the whole value first and
/// costs tens of microseconds a value, more than the write itself. The same text a reader reads
/// back (`JSONReader`, `JSONDecoder`).
public enum JSONWriter {
    /// Compact text. Object members in the order given, or sorted (`sortedKeys`) where one value
    /// must always have one text (a stored key's text is its row's identity).
    public static func append(_ value: JSONValue, sortedKeys: Bool = false, to bytes: inout [UInt8]) {
        switch value {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number): bytes.append(contentsOf: String(number).utf8)
        // Swift writes a finite Double in its shortest form that reads back exactly (`900.25`,
        // `1e-07`), which is JSON; a non-finite one is not a JSON number, and is written as null.
        case .double(let number): bytes.append(contentsOf: (number.isFinite ? "\(number)" : "null").utf8)
        case .string(let text): appendString(text, to: &bytes)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                append(item, sortedKeys: sortedKeys, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            func member(_ key: String, _ value: JSONValue, first: Bool) {
                if !first { bytes.append(UInt8(ascii: ",")) }
                appendString(key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                append(value, sortedKeys: sortedKeys, to: &bytes)
            }
            if sortedKeys {
                for (index, key) in members.keys.sorted().enumerated() { member(key, members[key] ?? .null, first: index == 0) }
            } else {
                for (index, (key, value)) in members.enumerated() { member(key, value, first: index == 0) }
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Compact text with object keys sorted: one value, one text.
    public static func sortedText(_ value: JSONValue) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128)
        append(value, sortedKeys: true, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A string with what JSON requires escaped: the quote, the backslash, control characters.
    /// Runs of bytes that need no escape are copied whole (most strings are one run).
    public static func appendString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var copyFrom = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copyFrom..<index]))
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
                case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
                case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
                case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
                case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: #"\u00"#.utf8)
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 0xF)])
                }
                copyFrom = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copyFrom...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
