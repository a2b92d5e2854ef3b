import AmplifyModels
import AppSync
import Foundation
import GraphQL

/// One item of one of your models, kept as DynamoDB keeps it: attributes by name, each absent
/// (not in `attributes`) or written, as a value or as NULL (`.null`). An `AWSJSON` value is kept
/// as its text, as AppSync hands it to the resolver.
struct ModelItem: Sendable, Equatable {
    var attributes: [String: JSONValue]

    /// The key's values in the key's order, as one text (`["t1","A-1"]`): the row's key.
    static func keyText(_ values: [JSONValue]) -> String {
        JSONValue.array(values).jsonText
    }

    /// The key of this item in `model` (nil when a key attribute is missing).
    func keyValues(_ model: AmplifyModel) -> [JSONValue]? {
        var values: [JSONValue] = []
        for name in model.primaryKey.fields {
            guard let value = attributes[name], value != .null else { return nil }
            values.append(value)
        }
        return values
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
