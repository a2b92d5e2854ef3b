import AmplifyModels
import Foundation
import GraphQL
import JSONValues
import OrderedCollections

/// One item of one of your models, kept as DynamoDB keeps it: attributes by name, each absent
/// (not in `attributes`) or written, as a value or as NULL (`.null`). An `AWSJSON` value is kept
/// as its text, as AppSync hands it to the resolver. On the versioned dialect `_version`,
/// `_deleted` and `_lastChangedAt` are attributes too.
struct ModelItem: Sendable, Equatable {
    var attributes: [String: JSONValue]

    static let versionFields = ["_version", "_deleted", "_lastChangedAt"]

    /// The key of this item in `model` (nil when a key attribute is missing).
    func key(in model: AmplifyModel) -> ItemKey? {
        var values: [JSONValue] = []
        for name in model.primaryKey.fields {
            guard let value = attributes[name], value != .null else { return nil }
            values.append(value)
        }
        return ItemKey(values: values)
    }

    /// The item as a resolver answers it: absent and NULL are both GraphQL's null.
    var resolverSource: [String: any Sendable] {
        attributes.compactMapValues(\.resolverValue)
    }

    /// The item limited to `fields`, for a subscription's event.
    func resolverSource(limitedTo fields: Set<String>) -> [String: any Sendable] {
        resolverSource.filter { fields.contains($0.key) }
    }

    /// What a subscription filter is evaluated against.
    func filterFields(limitedTo fields: Set<String>) -> GraphQL.Map {
        var limited: [String: JSONValue] = [:]
        for (name, value) in attributes where fields.contains(name) { limited[name] = value }
        return JSONValue.object(limited).map
    }

    /// Every field of the record in the schema's order, absent ones as null: the server's copy a
    /// `ConflictUnhandled` answers in its `data`, as the sample's does.
    func record(of model: AmplifyModel) -> GraphQL.Map {
        let names = TransformerSDL.storedFields(model).map(\.name) + Self.versionFields
        return .dictionary(OrderedDictionary(uniqueKeysWithValues: names.map { ($0, attributes[$0]?.map ?? .null) }))
    }

    /// About how many bytes of JSON the item takes in an answer (for `RequestBudget`).
    var estimatedBytes: Int {
        attributes.reduce(2) { total, attribute in total + attribute.key.utf8.count + 4 + Self.estimatedBytes(attribute.value) }
    }

    static func estimatedBytes(_ value: JSONValue) -> Int {
        switch value {
        case .null, .bool: 5
        case .int, .double: 20
        case .string(let text): text.utf8.count + 2
        case .array(let items): items.reduce(2) { $0 + estimatedBytes($1) + 1 }
        case .object(let members): members.reduce(2) { $0 + $1.key.utf8.count + 4 + estimatedBytes($1.value) }
        }
    }

    /// The attributes a condition or a list filter is evaluated against.
    var conditionItem: DynamoCondition.Item {
        attributes.mapValues(Self.attribute)
    }

    private static func attribute(_ value: JSONValue) -> DynamoCondition.AttributeValue {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .int(let number): .number(Double(number))
        case .double(let number): .number(number)
        case .string(let text): .string(text)
        case .array(let items): .list(items.map(attribute))
        case .object(let members): .map(members.mapValues(attribute))
        }
    }
}
