/// A JSON value as it arrived, kept as its text and read when needed: a subscription's result
/// goes to its subscriber this way, who reads it straight into its own type (`JSONReader`).
public struct JSONText: Sendable, Equatable, CustomStringConvertible {
    public let bytes: [UInt8]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Reads the value with `body` (see `JSONReader.read`).
    public func read<T>(_ body: (inout JSONReader) throws(JSONReadError) -> T) throws(JSONReadError) -> T {
        try JSONReader.read(bytes, body)
    }

    /// A subscription's result, `{"onUpdate<Model>": {…}}`: its first field whose value is an
    /// object, read by `body`; nil when there is none (`null`: the event came without its record),
    /// when the result is not an object, or when `body` finds it is not what it reads.
    public func firstObjectField<T>(_ body: (inout JSONReader) throws(JSONReadError) -> T) -> T? {
        let read = try? self.read { reader throws(JSONReadError) -> T? in
            guard reader.nextIsObject else {
                try reader.skipValue()
                return nil
            }
            var found: T?
            try reader.readObject { reader, _ throws(JSONReadError) in
                if found == nil, reader.nextIsObject { found = try body(&reader) } else { try reader.skipValue() }
            }
            return found
        }
        return read ?? nil
    }

    /// The value as a tree (nil if it is not JSON): for the few readers whose shape is open.
    public var value: JSONValue? { JSONValue(jsonText: bytes) }

    public var description: String { String(decoding: bytes, as: UTF8.self) }
}
