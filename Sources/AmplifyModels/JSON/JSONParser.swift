import Foundation

/// Why a text is not JSON, and where: "line 3, column 14: expected ',' or '}' in an object".
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var problem: String

    public var description: String { "line \(line), column \(column): \(problem)" }
}

/// Reads a JSON text (RFC 8259) into a `JSONTree`, with limits: a model file or an
/// introspection answer is a few megabytes at most, and a hostile or broken one (a huge file,
/// a thousand nested brackets) must end in an error, not a hang or a blown stack.
public struct JSONParser {
    public struct Limits: Sendable {
        public var maximumBytes: Int
        public var maximumDepth: Int

        public init(maximumBytes: Int = 64 * 1024 * 1024, maximumDepth: Int = 128) {
            self.maximumBytes = maximumBytes
            self.maximumDepth = maximumDepth
        }
    }

    private let bytes: [UInt8]
    private var offset = 0
    private var depth = 0
    private let limits: Limits

    private init(bytes: [UInt8], limits: Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    public static func parse(_ data: Data, limits: Limits = Limits()) throws(JSONSyntaxError) -> JSONTree {
        guard data.count <= limits.maximumBytes else {
            throw JSONSyntaxError(line: 1, column: 1, problem: "the text is larger than \(limits.maximumBytes) bytes")
        }
        var parser = JSONParser(bytes: [UInt8](data), limits: limits)
        parser.skipBlanks()
        let value = try parser.readValue()
        parser.skipBlanks()
        guard parser.offset == parser.bytes.count else { throw parser.error("more text after the end of the JSON value") }
        return value
    }

    public static func parse(_ text: String, limits: Limits = Limits()) throws(JSONSyntaxError) -> JSONTree {
        try parse(Data(text.utf8), limits: limits)
    }

    private var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func skipBlanks() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
    }

    private mutating func readValue() throws(JSONSyntaxError) -> JSONTree {
        guard let byte = peek else { throw error("the text ends where a value was expected") }
        switch byte {
        case UInt8(ascii: "{"): return try readObject()
        case UInt8(ascii: "["): return try readArray()
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): return try readWord("true", .bool(true))
        case UInt8(ascii: "f"): return try readWord("false", .bool(false))
        case UInt8(ascii: "n"): return try readWord("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default: throw error("expected a value (an object, a list, a string, a number, true, false or null)")
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= limits.maximumDepth else { throw error("nested deeper than \(limits.maximumDepth) levels") }
        offset += 1
        skipBlanks()
    }

    private mutating func readObject() throws(JSONSyntaxError) -> JSONTree {
        try enter()
        defer { depth -= 1 }
        var members: [JSONMember] = []
        if peek == UInt8(ascii: "}") {
            offset += 1
            return .object(members)
        }
        while true {
            guard peek == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
            let key = try readString()
            skipBlanks()
            guard peek == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
            offset += 1
            skipBlanks()
            members.append(JSONMember(key, try readValue()))
            skipBlanks()
            switch peek {
            case UInt8(ascii: ","):
                offset += 1
                skipBlanks()
            case UInt8(ascii: "}"):
                offset += 1
                return .object(members)
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func readArray() throws(JSONSyntaxError) -> JSONTree {
        try enter()
        defer { depth -= 1 }
        var items: [JSONTree] = []
        if peek == UInt8(ascii: "]") {
            offset += 1
            return .array(items)
        }
        while true {
            items.append(try readValue())
            skipBlanks()
            switch peek {
            case UInt8(ascii: ","):
                offset += 1
                skipBlanks()
            case UInt8(ascii: "]"):
                offset += 1
                return .array(items)
            default: throw error("expected ',' or ']' in a list")
            }
        }
    }

    private mutating func readWord(_ word: String, _ value: JSONTree) throws(JSONSyntaxError) -> JSONTree {
        let count = word.utf8.count
        guard offset + count <= bytes.count, bytes[offset..<offset + count].elementsEqual(word.utf8) else {
            throw error("expected \(word)")
        }
        offset += count
        return value
    }

    private mutating func readNumber() throws(JSONSyntaxError) -> JSONTree {
        let start = offset
        if peek == UInt8(ascii: "-") { offset += 1 }
        if peek == UInt8(ascii: "0") {
            offset += 1
        } else {
            guard skipDigits() > 0 else { throw error("expected a digit") }
        }
        if peek == UInt8(ascii: ".") {
            offset += 1
            guard skipDigits() > 0 else { throw error("expected a digit after the decimal point") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            offset += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { offset += 1 }
            guard skipDigits() > 0 else { throw error("expected a digit in the exponent") }
        }
        return .number(String(decoding: bytes[start..<offset], as: UTF8.self))
    }

    private mutating func skipDigits() -> Int {
        let start = offset
        while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { offset += 1 }
        return offset - start
    }

    private mutating func readString() throws(JSONSyntaxError) -> String {
        offset += 1
        var scalars = String.UnicodeScalarView()
        var runStart = offset
        func flushRun() throws(JSONSyntaxError) {
            guard runStart < offset else { return }
            guard let run = String(validating: bytes[runStart..<offset], as: UTF8.self) else {
                throw error("the text is not valid UTF-8")
            }
            scalars.append(contentsOf: run.unicodeScalars)
        }
        while true {
            guard let byte = peek else { throw error("a string is not closed") }
            switch byte {
            case UInt8(ascii: "\""):
                try flushRun()
                offset += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flushRun()
                offset += 1
                scalars.append(try readEscape())
                runStart = offset
            case 0..<0x20:
                throw error("a control character inside a string (write it as an escape)")
            default:
                offset += 1
            }
        }
    }

    private mutating func readEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let byte = peek else { throw error("a string is not closed") }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try readHex4()
            if (0xD800..<0xDC00).contains(unit) {
                // A high surrogate must be followed by an escaped low one: together they are one scalar.
                guard peek == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else {
                    throw error("a lone surrogate in a \\u escape")
                }
                offset += 2
                let low = try readHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate in a \\u escape") }
                let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                guard let scalar = Unicode.Scalar(value) else { throw error("an invalid \\u escape") }
                return scalar
            }
            guard let scalar = Unicode.Scalar(UInt32(unit)) else { throw error("a lone surrogate in a \\u escape") }
            return scalar
        default:
            throw error("an unknown escape in a string")
        }
    }

    private mutating func readHex4() throws(JSONSyntaxError) -> UInt16 {
        guard offset + 4 <= bytes.count,
              let value = UInt16(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16),
              bytes[offset..<offset + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
        else { throw error("expected four hexadecimal digits after \\u") }
        offset += 4
        return value
    }

    /// An error at the current offset, with its line and column (counted in characters of the line).
    private func error(_ problem: String) -> JSONSyntaxError {
        let end = min(offset, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
        return JSONSyntaxError(line: line, column: column, problem: problem)
    }
}
