import GraphQL
import JSONValues
import OrderedCollections

/// GraphQL's argument values (`Map`) as the JSON values `AmplifyModels` checks and the store
/// keeps (`JSONValue`), and back as what a resolver answers.
extension JSONValue {
    /// nil for `undefined` (an argument not given), which is not null.
    init?(_ map: Map) {
        switch map {
        case .undefined: return nil
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .string(let text): self = .string(text)
        case .number(let number):
            switch number.storageType {
            case .int: self = .int(number.int64Value)
            case .bool: self = .bool(number.boolValue)
            case .double, .unknown:
                // A number of the request's JSON keeps no kind of its own (the library reads them
                // all as doubles): a whole one is an integer. GraphQL's coercion has refused a
                // fraction for an Int already; an AWSTimestamp's is refused by its check.
                let value = number.doubleValue
                if value.rounded() == value, let integer = Int64(exactly: value) { self = .int(integer) } else { self = .double(value) }
            }
        case .array(let items): self = .array(items.map { JSONValue($0) ?? .null })
        case .dictionary(let members):
            var object: [String: JSONValue] = [:]
            for (key, value) in members { if let value = JSONValue(value) { object[key] = value } }
            self = .object(object)
        }
    }

    /// The value as a resolver's source holds it (the library's default resolvers read
    /// dictionaries by field name, and serialize strings, numbers and booleans).
    var resolverValue: (any Sendable)? {
        switch self {
        case .null: nil
        case .bool(let flag): flag
        case .int(let number): Int(number)
        case .double(let number): number
        case .string(let text): text
        case .array(let items): items.map(\.resolverValue)
        case .object(let members): members.compactMapValues(\.resolverValue) as [String: any Sendable]
        }
    }

    /// The value as a subscription filter compares it (`RecordFilter` reads `Map`s).
    var map: Map {
        switch self {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .int(let number): .number(Number(Int(number)))
        case .double(let number): .number(Number(number))
        case .string(let text): .string(text)
        case .array(let items): .array(items.map(\.map))
        case .object(let members): .dictionary(OrderedDictionary(uniqueKeysWithValues: members.sorted { $0.key < $1.key }.map { ($0.key, $0.value.map) }))
        }
    }
}
