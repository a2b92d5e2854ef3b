import JSONValues

/// `ModelValue`'s stored JSON (`{"int":42}`, the form its `Codable` conformance defines), written
/// and read by hand: the outbox writes a record or a patch this way on every key press that
/// changes something, and reads every queued change back at start, where `JSONEncoder` and
/// `JSONDecoder` cost more than the SQLite write itself. The text is the same one `Codable`
/// reads, and `Codable`'s text reads back here (`StoredJSONTests`), so rows written by either
/// are read by both: the outbox is the user's unsent work.
extension ModelValue {
    public func appendStoredJSON(to bytes: inout [UInt8]) {
        func tagged(_ tag: StaticString, _ body: (inout [UInt8]) -> Void) {
            bytes.append(contentsOf: "{\"".utf8)
            bytes.append(contentsOf: UnsafeRawBufferPointer(start: tag.utf8Start, count: tag.utf8CodeUnitCount))
            bytes.append(contentsOf: "\":".utf8)
            body(&bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        switch self {
        case .null: tagged("null") { $0.append(contentsOf: "null".utf8) }
        case .string(let text): tagged("string") { JSONWriter.appendString(text, to: &$0) }
        case .int(let number): tagged("int") { $0.append(contentsOf: String(number).utf8) }
        // Swift writes a finite Double in its shortest form that reads back exactly.
        case .float(let number): tagged("float") { JSONWriter.append(.double(number), to: &$0) }
        case .bool(let flag): tagged("bool") { $0.append(contentsOf: (flag ? "true" : "false").utf8) }
        case .enumValue(let name): tagged("enum") { JSONWriter.appendString(name, to: &$0) }
        case .list(let items):
            tagged("list") { bytes in
                bytes.append(UInt8(ascii: "["))
                for (index, item) in items.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    item.appendStoredJSON(to: &bytes)
                }
                bytes.append(UInt8(ascii: "]"))
            }
        case .json(let tree):
            tagged("json") { bytes in
                var text: [UInt8] = []
                JSONWriter.append(tree, to: &text)
                JSONWriter.appendString(String(decoding: text, as: UTF8.self), to: &bytes)
            }
        }
    }

    /// Values by name as one stored object (`{"name":{"string":"Villa"}}`): a patch's changes.
    public static func appendStoredJSON(_ values: [String: ModelValue], to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "{"))
        for (index, (name, value)) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONWriter.appendString(name, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            value.appendStoredJSON(to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Reads one stored value: an object of exactly one key naming its kind, as `Codable` requires.
    public init(storedJSON reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.offset
        var read: ModelValue?
        var keys = 0
        try reader.readObject { reader, key throws(JSONReadError) in
            keys += 1
            read = try Self.storedValue(tagged: key, &reader, at: start)
        }
        guard keys == 1, let read else { throw JSONReadError(.shape, "expected one key naming the value's kind", at: start) }
        self = read
    }

    private static func storedValue(tagged key: JSONReader.Key, _ reader: inout JSONReader, at start: Int) throws(JSONReadError) -> ModelValue {
        if key == "null" {
            guard try reader.readNull() else { throw JSONReadError(.shape, "expected null", at: reader.offset) }
            return .null
        }
        if key == "string" { return .string(try reader.readString()) }
        if key == "int" { return .int(try reader.readInt64()) }
        if key == "float" {
            let offset = reader.offset
            switch try reader.readValue() {
            case .int(let number): return .float(Double(number))
            case .double(let number) where number.isFinite: return .float(number)
            default: throw JSONReadError(.shape, "expected a finite number", at: offset)
            }
        }
        if key == "bool" { return .bool(try reader.readBool()) }
        if key == "enum" { return .enumValue(try reader.readString()) }
        if key == "list" {
            var items: [ModelValue] = []
            try reader.readArray { reader throws(JSONReadError) in items.append(try ModelValue(storedJSON: &reader)) }
            return .list(items)
        }
        if key == "json" {
            let offset = reader.offset
            guard let tree = JSONValue(jsonText: Array(try reader.readString().utf8)) else {
                throw JSONReadError(.shape, "expected JSON text", at: offset)
            }
            return .json(tree)
        }
        throw JSONReadError(.shape, "“\(key)” is not a kind of value", at: start)
    }

    /// Reads a stored object of values by name (what `appendStoredJSON(_:to:)` writes).
    public static func storedValues(_ reader: inout JSONReader) throws(JSONReadError) -> [String: ModelValue] {
        var values: [String: ModelValue] = [:]
        try reader.readObject { reader, key throws(JSONReadError) in values[key.description] = try ModelValue(storedJSON: &reader) }
        return values
    }
}
