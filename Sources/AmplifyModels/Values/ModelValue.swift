import JSONValues

/// A field's value, typed: what a record holds, what the user typed once checked, what goes
/// on the wire. Which case a field uses is fixed by its type (`FieldValueCodec`).
public enum ModelValue: Sendable, Hashable {
    case null
    /// `ID`, `String` and the AWS scalars written as text (dates, times, email, URL, phone, IP).
    case string(String)
    /// `Int` (32 bits, as GraphQL defines it) and `AWSTimestamp` (seconds, 64 bits).
    case int(Int64)
    /// `Float`: always finite.
    case float(Double)
    case bool(Bool)
    /// One of the enum's values, by name.
    case enumValue(String)
    case list([ModelValue])
    /// `AWSJSON`, and a custom (non-model) type's value, which is shown and edited as JSON.
    case json(JSONValue)
}

extension ModelValue: Codable {
    /// Stored as a one-key object naming the case (`{"int": 42}`, `{"json": "{\"a\":1}"}`): the
    /// case is kept (an enum value is not a string), and JSON is kept as its text.
    private enum CodingKeys: String, CodingKey {
        case null, string, int, float, bool, enumValue = "enum", list, json
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let key = container.allKeys.first, container.allKeys.count == 1 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected one key naming the value's kind"))
        }
        switch key {
        case .null: self = .null
        case .string: self = .string(try container.decode(String.self, forKey: key))
        case .int: self = .int(try container.decode(Int64.self, forKey: key))
        case .float:
            let value = try container.decode(Double.self, forKey: key)
            guard value.isFinite else { throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not finite") }
            self = .float(value)
        case .bool: self = .bool(try container.decode(Bool.self, forKey: key))
        case .enumValue: self = .enumValue(try container.decode(String.self, forKey: key))
        case .list: self = .list(try container.decode([ModelValue].self, forKey: key))
        case .json:
            guard let value = JSONValue(jsonText: Array(try container.decode(String.self, forKey: key).utf8)) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not JSON")
            }
            self = .json(value)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .null: try container.encodeNil(forKey: .null)
        case .string(let text): try container.encode(text, forKey: .string)
        case .int(let value): try container.encode(value, forKey: .int)
        case .float(let value): try container.encode(value, forKey: .float)
        case .bool(let value): try container.encode(value, forKey: .bool)
        case .enumValue(let name): try container.encode(name, forKey: .enumValue)
        case .list(let items): try container.encode(items, forKey: .list)
        case .json(let tree): try container.encode(tree.jsonText, forKey: .json)
        }
    }
}
