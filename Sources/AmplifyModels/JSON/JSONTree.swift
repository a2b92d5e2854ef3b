/// A JSON value that keeps what the model descriptions need and `JSONSerialization` loses:
/// the order of an object's keys (a model's fields are listed in the order they were declared,
/// and the list's display field is the first of its kind) and a number's exact text (an
/// `AWSTimestamp` or a 64-bit integer survives without passing through `Double`).
public enum JSONTree: Sendable, Hashable {
    case null
    case bool(Bool)
    /// The number as written in the text (RFC 8259 syntax, already checked).
    case number(String)
    case string(String)
    case array([JSONTree])
    /// Members in the order of the text; a repeated key is kept twice, and lookups take the last.
    case object([JSONMember])

    /// The value of `key` in an object (the last one when the key repeats), nil otherwise.
    public subscript(key: String) -> JSONTree? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    public var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    public var arrayValue: [JSONTree]? {
        if case .array(let items) = self { items } else { nil }
    }

    public var objectMembers: [JSONMember]? {
        if case .object(let members) = self { members } else { nil }
    }

    public var isNull: Bool { self == .null }

    /// An integral number that fits in 64 bits (no fraction, no exponent).
    public var int64Value: Int64? {
        guard case .number(let text) = self else { return nil }
        return Int64(text)
    }

    /// Any number, as the nearest `Double` (infinite when the text overflows it).
    public var doubleValue: Double? {
        guard case .number(let text) = self else { return nil }
        return Double(text)
    }

    /// What kind of value this is, for messages: "found a string".
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "true or false"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}

/// One key and its value in a `JSONTree.object`.
public struct JSONMember: Sendable, Hashable {
    public var key: String
    public var value: JSONTree

    public init(_ key: String, _ value: JSONTree) {
        self.key = key
        self.value = value
    }
}

extension JSONTree {
    /// An object from key–value pairs, in the order given.
    public static func object(_ pairs: KeyValuePairs<String, JSONTree>) -> JSONTree {
        .object(pairs.map { JSONMember($0.key, $0.value) })
    }

    /// A number from an integer.
    public static func int(_ value: Int64) -> JSONTree { .number(String(value)) }

    /// A number from a finite `Double`, written the shortest way that reads back the same.
    /// Nil for NaN and the infinities, which JSON cannot carry.
    public static func double(_ value: Double) -> JSONTree? {
        guard value.isFinite else { return nil }
        if value == value.rounded(), abs(value) < 1e15 { return .number(String(Int64(value))) }
        return .number("\(value)")
    }
}
