import GraphQL
import OrderedCollections

/// Reads a request's JSON (an HTTP body, a realtime message) into a `Map`, in one pass with an
/// explicit stack, refusing nesting past `maxDepth` as soon as it is entered.
///
/// Why not `JSONDecoder`: `Map`'s `Decodable` decodes each object twice (once to learn that it
/// is one, once more to keep its key order), so its time doubles with every level of nesting: a
/// 300-byte filter 16 levels deep in `variables` kept a core busy for minutes. Here each byte is
/// read once, and no recursion depends on the input.
struct JSONMapParser {
    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    /// Parses one JSON value (numbers become doubles, as `JSONDecoder` made them; a repeated key
    /// keeps its last value).
    static func parse(_ bytes: [UInt8], maxDepth: Int) throws(Invalid) -> Map {
        var parser = JSONMapParser(bytes: bytes, maxDepth: maxDepth)
        return try parser.document()
    }

    private enum Container {
        case array([Map])
        /// An object, and the key whose value is being read.
        case object(OrderedDictionary<String, Map>, key: String)
    }

    private let bytes: [UInt8]
    private let maxDepth: Int
    private var index = 0

    private init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func document() throws(Invalid) -> Map {
        var open: [Container] = []
        next: while true {
            guard var finished = try scalarOrOpen(&open) else { continue }
            // Hand the finished value to the containers it completes, innermost first.
            while var top = open.popLast() {
                skipWhitespace()
                switch top {
                case .array(var items):
                    // Drop `top`'s reference, so appending does not copy the array (which made
                    // a wide array quadratic).
                    top = .array([])
                    items.append(finished)
                    if consume(",") {
                        open.append(.array(items))
                        continue next
                    }
                    guard consume("]") else { throw invalid("expected , or ] in an array") }
                    finished = .array(items)
                case .object(var fields, let key):
                    top = .array([])
                    fields[key] = finished
                    if consume(",") {
                        open.append(.object(fields, key: try objectKey()))
                        continue next
                    }
                    guard consume("}") else { throw invalid("expected , or } in an object") }
                    finished = .dictionary(fields)
                }
            }
            skipWhitespace()
            guard index == bytes.count else { throw invalid("unexpected text after the JSON value") }
            return finished
        }
    }

    /// Reads a scalar or an empty container (answered), or opens a container (nil: its first
    /// value follows).
    private mutating func scalarOrOpen(_ open: inout [Container]) throws(Invalid) -> Map? {
        skipWhitespace()
        switch current {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let isObject = current == UInt8(ascii: "{")
            index += 1
            skipWhitespace()
            if consume(isObject ? "}" : "]") { return isObject ? .dictionary([:]) : .array([]) }
            guard open.count < maxDepth else { throw invalid("the JSON nests deeper than \(maxDepth) levels") }
            open.append(isObject ? .object([:], key: try objectKey()) : .array([]))
            return nil
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case nil: throw invalid("the JSON ends early")
        default: return .number(Number(try number()))
        }
    }

    private mutating func objectKey() throws(Invalid) -> String {
        skipWhitespace()
        guard current == UInt8(ascii: "\"") else { throw invalid("expected a string key") }
        let key = try string()
        skipWhitespace()
        guard consume(":") else { throw invalid("expected : after a key") }
        return key
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func consume(_ character: Unicode.Scalar) -> Bool {
        guard current == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    private mutating func literal(_ word: String, _ value: Map) throws(Invalid) -> Map {
        let text = Array(word.utf8)
        guard bytes.count - index >= text.count, bytes[index..<index + text.count].elementsEqual(text) else {
            throw invalid("unexpected character")
        }
        index += text.count
        return value
    }

    private mutating func number() throws(Invalid) -> Double {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        guard index > digitsStart else { throw invalid("unexpected character") }
        if bytes[digitsStart] == UInt8(ascii: "0"), index - digitsStart > 1 { throw invalid("a number has a leading zero") }
        if current == UInt8(ascii: ".") {
            index += 1
            let fraction = index
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            guard index > fraction else { throw invalid("a number ends in .") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            let exponent = index
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            guard index > exponent else { throw invalid("a number has an empty exponent") }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
            throw invalid("a number is out of range")
        }
        return value
    }

    /// A string from its opening quote: escapes decoded, UTF-8 checked.
    private mutating func string() throws(Invalid) -> String {
        index += 1
        var utf8: [UInt8] = []
        while true {
            guard let byte = current else { throw invalid("a string is not closed") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: utf8, as: UTF8.self) else { throw invalid("a string is not valid UTF-8") }
                return text
            case UInt8(ascii: "\\"):
                try escape(into: &utf8)
            case 0..<0x20:
                throw invalid("a string holds an unescaped control character")
            default:
                utf8.append(byte)
            }
        }
    }

    private mutating func escape(into utf8: inout [UInt8]) throws(Invalid) {
        guard let byte = current else { throw invalid("a string is not closed") }
        index += 1
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
            UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        if let plain = simple[byte] {
            utf8.append(plain)
            return
        }
        guard byte == UInt8(ascii: "u") else { throw invalid("a string has an unknown escape") }
        var scalar = try hex4()
        if (0xD800..<0xDC00).contains(scalar) {
            // A high surrogate must be followed by an escaped low one: together one scalar.
            guard consume("\\"), consume("u") else { throw invalid("a string has a lone surrogate") }
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw invalid("a string has a lone surrogate") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw invalid("a string has a lone surrogate") }
        utf8.append(contentsOf: Array(String(Character(unicode)).utf8))
    }

    private mutating func hex4() throws(Invalid) -> UInt32 {
        guard bytes.count - index >= 4,
            let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw invalid("a \\u escape needs four hex digits") }
        index += 4
        return value
    }

    private func invalid(_ reason: String) -> Invalid {
        Invalid(description: "The request body is not valid JSON: \(reason) (at byte \(index)).")
    }
}
