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

    /// The value as a tree (nil if it is not JSON): for the few readers whose shape is open.
    public var value: JSONValue? { JSONValue(jsonText: bytes) }

    public var description: String { String(decoding: bytes, as: UTF8.self) }
}
