import Foundation

/// Reads JSON straight from its bytes into typed values: one pass, no tree in between.
///
/// Why not `JSONDecoder`: it first builds a map of the whole text, then walks it through
/// `Codable`'s containers, a dictionary lookup and a coding path per field: about 4 ms for a
/// sync page of 1,000 records (the tree the client built before, then decoded again, took
/// 40), while the page's trip over loopback takes about 5. A page must cost far less than its
/// trip for a million rows to load at the wire's speed.
///
/// A reader pulls: the caller says what it expects next (`readObject`, `readString`, …) and
/// the bytes are checked as they are read (RFC 8259; a repeated key is read twice, the last
/// one wins where the caller keeps one). A reader lives only inside `JSONReader.read`, which
/// holds the bytes for it.
public struct JSONReader {
    private let bytes: UnsafeRawBufferPointer
    /// Where the next byte is read from.
    public private(set) var offset: Int
    private var depth = 0
    private let maximumDepth: Int
    /// Deeper than any answer of this API; keeps a hostile one from exhausting the stack.
    public static let defaultMaximumDepth = 512

    private init(bytes: UnsafeRawBufferPointer, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        offset = 0
    }

    /// Reads one whole JSON text with `body`: nothing but blanks may follow what it reads.
    /// Objects and arrays nested deeper than `maximumDepth` are a syntax error (a file a person
    /// wrote or a value the user typed is held to less than an answer of this API).
    public static func read<T>(
        _ text: some ContiguousBytes, maximumDepth: Int = defaultMaximumDepth, _ body: (inout JSONReader) throws(JSONReadError) -> T
    ) throws(JSONReadError) -> T {
        let result: Result<T, JSONReadError> = text.withUnsafeBytes { bytes in
            var reader = JSONReader(bytes: bytes, maximumDepth: maximumDepth)
            do throws(JSONReadError) {
                reader.skipBlanks()
                let value = try body(&reader)
                reader.skipBlanks()
                guard reader.offset == bytes.count else { throw reader.syntax("more text after the end of the JSON value") }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    // MARK: Containers

    /// Reads an object, handing each key to `field`, which must read (or skip) its value.
    public mutating func readObject(_ field: (inout JSONReader, Key) throws(JSONReadError) -> Void) throws(JSONReadError) {
        try enter(UInt8(ascii: "{"), "an object")
        defer { depth -= 1 }
        skipBlanks()
        if peek == UInt8(ascii: "}") {
            offset += 1
            return
        }
        while true {
            guard peek == UInt8(ascii: "\"") else { throw syntax("expected a key in quotes") }
            let key = try readKey()
            skipBlanks()
            guard peek == UInt8(ascii: ":") else { throw syntax("expected ':' after a key") }
            offset += 1
            skipBlanks()
            do {
                try field(&self, key)
            } catch {
                throw error.within(.key(key.description))
            }
            skipBlanks()
            switch peek {
            case UInt8(ascii: ","):
                offset += 1
                skipBlanks()
            case UInt8(ascii: "}"):
                offset += 1
                return
            default: throw syntax("expected ',' or '}' in an object")
            }
        }
    }

    /// Reads an array, calling `element` once for each of its values, which it must read.
    public mutating func readArray(_ element: (inout JSONReader) throws(JSONReadError) -> Void) throws(JSONReadError) {
        try enter(UInt8(ascii: "["), "an array")
        defer { depth -= 1 }
        skipBlanks()
        if peek == UInt8(ascii: "]") {
            offset += 1
            return
        }
        var index = 0
        while true {
            do {
                try element(&self)
            } catch {
                throw error.within(.index(index))
            }
            index += 1
            skipBlanks()
            switch peek {
            case UInt8(ascii: ","):
                offset += 1
                skipBlanks()
            case UInt8(ascii: "]"):
                offset += 1
                return
            default: throw syntax("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func enter(_ opening: UInt8, _ name: String) throws(JSONReadError) {
        guard peek == opening else { throw try mismatch(expected: name) }
        guard depth < maximumDepth else { throw syntax("nested more than \(maximumDepth) deep") }
        depth += 1
        offset += 1
    }

    /// An object's key: its bytes as they are in the text when it has no escapes (every key
    /// of this API), so that comparing it with a field name allocates nothing.
    public struct Key: CustomStringConvertible {
        fileprivate enum Storage {
            case raw(UnsafeRawBufferPointer)
            case unescaped(String)
        }
        fileprivate let storage: Storage

        public static func == (key: Key, name: StaticString) -> Bool {
            switch key.storage {
            case .raw(let bytes):
                guard bytes.count == name.utf8CodeUnitCount else { return false }
                return bytes.elementsEqual(UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            case .unescaped(let text):
                return text == name.description
            }
        }

        public static func == (key: Key, name: String) -> Bool { key.description == name }

        /// The key's UTF-8 bytes, unescaped, without making a `String` of them.
        public func withUTF8<T>(_ body: (UnsafeRawBufferPointer) -> T) -> T {
            switch storage {
            case .raw(let bytes): return body(bytes)
            case .unescaped(var text): return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
            }
        }

        public var description: String {
            switch storage {
            case .raw(let bytes): String(decoding: bytes, as: UTF8.self)
            case .unescaped(let text): text
            }
        }
    }

    private mutating func readKey() throws(JSONReadError) -> Key {
        let start = offset + 1
        if let end = try plainStringEnd() {
            return Key(storage: .raw(UnsafeRawBufferPointer(rebasing: bytes[start..<end])))
        }
        return Key(storage: .unescaped(try readString()))
    }

    // MARK: Scalars

    /// Consumes a `null` if one comes next: true when it did.
    public mutating func readNull() throws(JSONReadError) -> Bool {
        guard peek == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    public mutating func readString() throws(JSONReadError) -> String {
        guard peek == UInt8(ascii: "\"") else { throw try mismatch(expected: "a string") }
        let start = offset + 1
        if let end = try plainStringEnd() {
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        return String(decoding: try unescapedString(), as: UTF8.self)
    }

    /// A string's UTF-8 bytes handed to `body` without making a `String` (a timestamp that
    /// packs into a number needs none).
    public mutating func readString<T>(_ body: (UnsafeRawBufferPointer) -> T) throws(JSONReadError) -> T {
        guard peek == UInt8(ascii: "\"") else { throw try mismatch(expected: "a string") }
        let start = offset + 1
        if let end = try plainStringEnd() { return body(UnsafeRawBufferPointer(rebasing: bytes[start..<end])) }
        return try unescapedString().withUnsafeBytes(body)
    }

    public mutating func readBool() throws(JSONReadError) -> Bool {
        switch peek {
        case UInt8(ascii: "t"):
            try literal("true")
            return true
        case UInt8(ascii: "f"):
            try literal("false")
            return false
        default: throw try mismatch(expected: "true or false")
        }
    }

    /// An integer; a number with a fraction or exponent only when its value is a whole one.
    public mutating func readInt64() throws(JSONReadError) -> Int64 {
        let start = offset
        let number = try readNumber()
        if let integer = number.integer { return integer }
        if let double = number.double, double.rounded() == double, let integer = Int64(exactly: double) { return integer }
        throw JSONReadError(.shape, "expected an integer, found \(String(decoding: bytes[start..<offset], as: UTF8.self))", at: start)
    }

    public mutating func readInt() throws(JSONReadError) -> Int {
        Int(try readInt64())
    }

    /// Reads any value whole (for the small parts whose shape is open: `errors[].data`, variables).
    public mutating func readValue() throws(JSONReadError) -> JSONValue {
        switch peek {
        case UInt8(ascii: "{"):
            var object: [String: JSONValue] = [:]
            try readObject { reader, key throws(JSONReadError) in object[key.description] = try reader.readValue() }
            return .object(object)
        case UInt8(ascii: "["):
            var array: [JSONValue] = []
            try readArray { reader throws(JSONReadError) in array.append(try reader.readValue()) }
            return .array(array)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool(try readBool())
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        default:
            try expectNumberStart()
            let number = try readNumber()
            if let integer = number.integer { return .int(integer) }
            if let double = number.double { return .double(double) }
            throw syntax("a number out of range")
        }
    }

    /// Reads past one value of any kind, checking its syntax.
    public mutating func skipValue() throws(JSONReadError) {
        switch peek {
        case UInt8(ascii: "{"): try readObject { reader, _ throws(JSONReadError) in try reader.skipValue() }
        case UInt8(ascii: "["): try readArray { reader throws(JSONReadError) in try reader.skipValue() }
        case UInt8(ascii: "\""):
            if try plainStringEnd() == nil { _ = try unescapedString() }
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBool()
        case UInt8(ascii: "n"): try literal("null")
        default:
            try expectNumberStart()
            _ = try readNumber()
        }
    }

    /// The next value's bytes as they are in the text (checked, not interpreted).
    public mutating func readRawValue() throws(JSONReadError) -> [UInt8] {
        let start = offset
        try skipValue()
        return Array(bytes[start..<offset])
    }

    /// The next value's bytes as they are in the text (checked, not interpreted), handed to
    /// `body` without a copy: an export writes an item's values as the server wrote them. The
    /// buffer stays valid until `JSONReader.read` returns, as the text does.
    public mutating func withRawValue<T>(_ body: (UnsafeRawBufferPointer) throws(JSONReadError) -> T) throws(JSONReadError) -> T {
        let start = offset
        try skipValue()
        return try body(UnsafeRawBufferPointer(rebasing: bytes[start..<offset]))
    }

    /// Reads a value that may be `null` (then nil) with `body`.
    public mutating func readOptional<T>(_ body: (inout JSONReader) throws(JSONReadError) -> T) throws(JSONReadError) -> T? {
        try readNull() ? nil : try body(&self)
    }

    /// Whether the next value is an object (other kinds are read as what they are).
    public var nextIsObject: Bool { peek == UInt8(ascii: "{") }

    /// Whether the next value is an array.
    public var nextIsArray: Bool { peek == UInt8(ascii: "[") }

    /// Goes back to where a value began (to skip it whole after its reader gave up on its shape).
    public mutating func rewind(to offset: Int) {
        self.offset = offset
    }

    // MARK: Internals

    private var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func skipBlanks() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONReadError) {
        let word = UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard offset + word.count <= bytes.count, bytes[offset..<offset + word.count].elementsEqual(word) else {
            throw syntax("expected a value")
        }
        offset += word.count
    }

    /// At an opening quote: when the string has no escapes, moves past its closing quote and
    /// answers where its bytes end; else answers nil and stays.
    private mutating func plainStringEnd() throws(JSONReadError) -> Int? {
        var index = offset + 1
        // Eight bytes at a time while none of them may end the string, start an escape or be a
        // control (the texts of a page are most of its bytes); the bytes left one at a time.
        while index + 8 <= bytes.count, !Self.mayEndPlainString(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
            index += 8
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                offset = index + 1
                return index
            }
            if byte == UInt8(ascii: "\\") { return nil }
            if byte < 0x20 { throw JSONReadError(.syntax, "a control character inside a string", at: index) }
            index += 1
        }
        throw JSONReadError(.syntax, "a string that does not end", at: offset)
    }

    /// Whether any of eight bytes is a quote, a backslash or below 0x20 (each test one without a
    /// loop: a byte's subtraction borrows into its high bit only when the byte is zero, or below
    /// the number taken away). Never wrong when it says no; a yes is checked a byte at a time.
    @inline(__always)
    static func mayEndPlainString(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
        let found = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
        return found & highs != 0
    }

    /// At an opening quote: the string's bytes with its escapes undone.
    private mutating func unescapedString() throws(JSONReadError) -> [UInt8] {
        var text: [UInt8] = []
        offset += 1
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            switch byte {
            case UInt8(ascii: "\""): return text
            case UInt8(ascii: "\\"): try unescape(into: &text)
            case ..<0x20: throw JSONReadError(.syntax, "a control character inside a string", at: offset - 1)
            default: text.append(byte)
            }
        }
        throw syntax("a string that does not end")
    }

    private mutating func unescape(into text: inout [UInt8]) throws(JSONReadError) {
        guard let byte = peek else { throw syntax("a string that does not end") }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(byte)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = UInt32(try hexQuad())
            if (0xD800..<0xDC00).contains(scalar), peek == UInt8(ascii: "\\"), offset + 1 < bytes.count,
               bytes[offset + 1] == UInt8(ascii: "u")
            {
                let resume = offset
                offset += 2
                let low = UInt32(try hexQuad())
                if (0xDC00..<0xE000).contains(low) {
                    scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
                } else {
                    offset = resume  // a lone high surrogate, then another escape: read on its own
                }
            }
            // A lone surrogate has no UTF-8 form: it becomes U+FFFD, as Foundation's decoder makes it.
            text.append(contentsOf: String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
        default: throw JSONReadError(.syntax, "an unknown escape in a string", at: offset - 2)
        }
    }

    private mutating func hexQuad() throws(JSONReadError) -> UInt16 {
        guard offset + 4 <= bytes.count else { throw syntax("a string that does not end") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw syntax("expected four hex digits after \\u")
            }
            value = value << 4 | UInt16(digit)
            offset += 1
        }
        return value
    }

    /// A number as JSON writes one: its value as an integer when it is written as one and fits,
    /// else as a double (nil when out of range).
    private mutating func readNumber() throws(JSONReadError) -> (integer: Int64?, double: Double?) {
        let start = offset
        var negative = false
        if peek == UInt8(ascii: "-") {
            negative = true
            offset += 1
        }
        guard let first = peek, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else {
            if negative { throw syntax("expected a digit after '-'") }
            throw try mismatch(expected: "a number")
        }
        // Accumulated as a negative number: Int64.min has no positive counterpart.
        var magnitude: Int64? = 0
        while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            if offset > start + (negative ? 1 : 0), first == UInt8(ascii: "0") { throw syntax("a number with a leading zero") }
            if let value = magnitude {
                let (times, overflow) = value.multipliedReportingOverflow(by: 10)
                let (next, overflow2) = times.subtractingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
                magnitude = overflow || overflow2 ? nil : next
            }
            offset += 1
        }
        var isInteger = true
        if peek == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            try digits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            isInteger = false
            offset += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { offset += 1 }
            try digits()
        }
        if isInteger, let magnitude {
            if negative { return (magnitude, Double(magnitude)) }
            if magnitude != .min { return (-magnitude, Double(-magnitude)) }
        }
        let double = Double(String(decoding: bytes[start..<offset], as: UTF8.self))
        return (nil, double.flatMap { $0.isFinite ? $0 : nil })
    }

    /// Where any value may come, what is neither a value's first byte nor a number's is no value.
    private func expectNumberStart() throws(JSONReadError) {
        guard let byte = peek, byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
            throw syntax("expected a value")
        }
    }

    private mutating func digits() throws(JSONReadError) {
        guard let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { throw syntax("expected a digit") }
        while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { offset += 1 }
    }

    private func syntax(_ message: String) -> JSONReadError {
        JSONReadError(.syntax, peek == nil ? "the text ends early: \(message)" : message, at: offset)
    }

    /// The value here is valid JSON of another kind than `expected` (a shape error), or not JSON.
    private func mismatch(expected: String) throws(JSONReadError) -> JSONReadError {
        let found: String
        switch peek {
        case UInt8(ascii: "{"): found = "an object"
        case UInt8(ascii: "["): found = "an array"
        case UInt8(ascii: "\""): found = "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): found = "a boolean"
        case UInt8(ascii: "n"): found = "null"
        case let byte? where byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte): found = "a number"
        default: return syntax("expected \(expected)")
        }
        return JSONReadError(.shape, "expected \(expected), found \(found)", at: offset)
    }
}

/// Why a JSON text could not be read as the caller expected.
public struct JSONReadError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The text is not JSON (nothing after this point can be trusted).
        case syntax
        /// The text is JSON, but not of the shape the caller reads: a field is missing or of
        /// another type. What follows the value can still be read.
        case shape
    }

    public var kind: Kind
    public var message: String
    /// Where, in bytes from the start of the text.
    public var offset: Int
    /// The keys and indices leading to the value, outermost first (`items`, 3, `name`).
    public var path: [JSONPathComponent] = []

    public init(_ kind: Kind, _ message: String, at offset: Int) {
        self.kind = kind
        self.message = message
        self.offset = offset
    }

    /// A field that must be there and was not.
    public static func missing(_ field: String, at offset: Int) -> JSONReadError {
        JSONReadError(.shape, "missing field \(field)", at: offset)
    }

    /// The same error, found inside the value at `component`.
    public func within(_ component: JSONPathComponent) -> JSONReadError {
        var error = self
        error.path.insert(component, at: 0)
        return error
    }

    public var description: String {
        path.isEmpty ? message : JSONPathComponent.text(path) + ": " + message
    }
}

/// One step into a JSON value: an object's key or an array's index.
public enum JSONPathComponent: Sendable, Hashable {
    case key(String)
    case index(Int)

    /// `items[3].name`, as one writes a path into JSON.
    public static func text(_ path: [JSONPathComponent]) -> String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}

/// A type read straight from JSON bytes (see `JSONReader`).
public protocol JSONReadable {
    init(json: inout JSONReader) throws(JSONReadError)
}

extension JSONValue: JSONReadable {
    public init(json: inout JSONReader) throws(JSONReadError) {
        self = try json.readValue()
    }

    /// Reads a whole JSON text (nil when it is not JSON).
    public init?(jsonText: some ContiguousBytes) {
        guard let value = try? JSONReader.read(jsonText, { reader throws(JSONReadError) in try reader.readValue() }) else { return nil }
        self = value
    }
}
