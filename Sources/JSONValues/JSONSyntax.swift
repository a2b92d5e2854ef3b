/// Where a JSON text first breaks JSON's grammar (RFC 8259), by line and column, for a config
/// file a person edits: Foundation's decoder says only "The given data was not valid JSON" on
/// Linux. The message never quotes the file (it may hold a key), it says what was expected.
public struct JSONSyntaxProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based; the column counts characters (Unicode scalars), as editors do.
    public let line: Int
    public let column: Int
    public let expected: String

    public var description: String { "line \(line), column \(column): \(expected)" }

    /// The first problem in `bytes`, or nil when they are one JSON value (with blanks around it).
    public static func first(in bytes: some Collection<UInt8>) -> JSONSyntaxProblem? {
        var scanner = Scanner(bytes: Array(bytes))
        do throws(JSONSyntaxProblem) {
            scanner.skipBlanks()
            if scanner.atEnd { throw scanner.problem("the file is empty: expected a JSON object", at: scanner.index) }
            try scanner.value(depth: 0)
            scanner.skipBlanks()
            if !scanner.atEnd { throw scanner.problem("more text after the end of the JSON value") }
            return nil
        } catch {
            return error
        }
    }

    /// Where a `JSONReader` stopped in `bytes`, by line and column, with what it says (for a
    /// file read in one pass, whose syntax error is only known by its offset). The line and
    /// column say where; the path of keys leading there (as deep as the nesting) is left out.
    public init(_ error: JSONReadError, in bytes: some Collection<UInt8>) {
        let (line, column) = Self.position(of: error.offset, in: bytes)
        self.init(line: line, column: column, expected: error.message)
    }

    init(line: Int, column: Int, expected: String) {
        self.line = line
        self.column = column
        self.expected = expected
    }

    /// The line and column (1-based, in characters) of the byte at `offset`.
    static func position(of offset: Int, in bytes: some Collection<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(max(0, offset)) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {  // not a UTF-8 continuation byte: a new character
                column += 1
            }
        }
        return (line, column)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        /// Deeper than any config file; keeps a hostile one from exhausting the stack.
        static let maximumDepth = 512

        var atEnd: Bool { index >= bytes.count }
        var current: UInt8? { atEnd ? nil : bytes[index] }

        mutating func skipBlanks() {
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        /// A problem at `offset` (default: here), its line and column counted from the start.
        func problem(_ expected: String, at offset: Int? = nil) -> JSONSyntaxProblem {
            let (line, column) = JSONSyntaxProblem.position(of: min(offset ?? index, bytes.count), in: bytes)
            let what = atEnd && offset == nil ? "the file ends early: " + expected : expected
            return JSONSyntaxProblem(line: line, column: column, expected: what)
        }

        mutating func value(depth: Int) throws(JSONSyntaxProblem) {
            guard depth < Self.maximumDepth else { throw problem("nested more than \(Self.maximumDepth) deep") }
            guard let byte = current else { throw problem("expected a value") }
            switch byte {
            case UInt8(ascii: "{"): try object(depth: depth)
            case UInt8(ascii: "["): try array(depth: depth)
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            default: throw problem("expected a value (a string in double quotes, a number, an object, an array, true, false or null)")
            }
        }

        mutating func object(depth: Int) throws(JSONSyntaxProblem) {
            index += 1
            skipBlanks()
            if current == UInt8(ascii: "}") {
                index += 1
                return
            }
            while true {
                guard current == UInt8(ascii: "\"") else {
                    // At the end of the file the text was cut short: a stray comma is not the likely cause.
                    throw problem(atEnd ? "expected a name in double quotes" : "expected a name in double quotes (is there a comma after the last member?)")
                }
                try string()
                skipBlanks()
                guard current == UInt8(ascii: ":") else { throw problem("expected : after the name") }
                index += 1
                skipBlanks()
                try value(depth: depth + 1)
                skipBlanks()
                switch current {
                case UInt8(ascii: ","):
                    index += 1
                    skipBlanks()
                case UInt8(ascii: "}"):
                    index += 1
                    return
                default: throw problem("expected , or } after a member of the object")
                }
            }
        }

        mutating func array(depth: Int) throws(JSONSyntaxProblem) {
            index += 1
            skipBlanks()
            if current == UInt8(ascii: "]") {
                index += 1
                return
            }
            while true {
                if current == UInt8(ascii: "]") { throw problem("expected a value (is there a comma after the last element?)") }
                try value(depth: depth + 1)
                skipBlanks()
                switch current {
                case UInt8(ascii: ","):
                    index += 1
                    skipBlanks()
                case UInt8(ascii: "]"):
                    index += 1
                    return
                default: throw problem("expected , or ] after an element of the array")
                }
            }
        }

        mutating func string() throws(JSONSyntaxProblem) {
            let start = index
            index += 1
            while let byte = current {
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return
                case UInt8(ascii: "\\"):
                    index += 1
                    switch current {
                    case UInt8(ascii: "u"):
                        index += 1
                        for _ in 0..<4 {
                            guard let digit = current, Self.isHexDigit(digit) else {
                                throw problem("expected four hexadecimal digits after \\u")
                            }
                            index += 1
                        }
                    case .some(let escaped) where Array(#""\/bfnrt"#.utf8).contains(escaped):
                        index += 1
                    default:
                        throw problem(#"expected an escape after \ (one of \" \\ \/ \b \f \n \r \t \uXXXX)"#)
                    }
                case 0x00..<0x20:
                    throw problem("a line break or control character inside a string (write it as \\n, \\t…)")
                default:
                    index += 1
                }
            }
            throw problem("the string that starts here has no closing double quote", at: start)
        }

        mutating func number() throws(JSONSyntaxProblem) {
            if current == UInt8(ascii: "-") { index += 1 }
            if current == UInt8(ascii: "0") {
                index += 1
            } else {
                guard digits() > 0 else { throw problem("expected a digit") }
            }
            if current == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw problem("expected a digit after the decimal point") }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw problem("expected a digit in the exponent") }
            }
        }

        private mutating func digits() -> Int {
            var count = 0
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                index += 1
                count += 1
            }
            return count
        }

        mutating func literal(_ word: String) throws(JSONSyntaxProblem) {
            let start = index
            for expected in word.utf8 {
                guard current == expected else {
                    throw problem("expected a value (a string in double quotes, a number, an object, an array, true, false or null)", at: start)
                }
                index += 1
            }
        }

        private static func isHexDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        }
    }
}
