import AmplifyModels
import GraphQL
import GRDB
import JSONValues
import OrderedCollections

/// A list of a model with a custom key, or a query of a secondary index, narrowed to one
/// partition as the Gen 2 transformer's resolvers do: `list<Plural>(tenantId: ID, sku:
/// ModelStringKeyConditionInput, sortDirection: …)` queries the partition `tenantId` in sort key
/// order, with the sort key condition; without the partition key the list is a scan (an
/// index's query always has one). Several sort key fields are one
/// condition on all of them (`skuRegion: {eq: {sku, region}}`), compared as the joined text
/// Amplify stores (`A-1#eu`). Argument mistakes answer the resolver's `InvalidArgumentsError`s.
struct ListKeyQuery: Sendable {
    let partitionText: String
    let condition: ModelItemDatabase.SortCondition?
    let descending: Bool

    /// The sort key condition's argument name: the field, or the fields in camel case.
    static func sortArgumentName(_ key: PrimaryKey) -> String? {
        ModelIndex.sortArgumentName(key.sortKeys)
    }

    /// nil when the list is a scan. `check` checks a key value as its field's value.
    static func parse(_ args: Map, model: AmplifyModel, check: (JSONValue, ModelField) throws -> JSONValue) throws -> ListKeyQuery? {
        let key = model.primaryKey
        guard key.isCustom else { return nil }
        let partitionName = key.partitionKey
        let sortName = sortArgumentName(key)
        let partition = JSONValue(args[partitionName]).flatMap { value -> JSONValue? in value == .null ? .none : value }
        let direction = args["sortDirection"].string
        if direction != nil, sortName == nil {
            throw invalid("sortDirection is not supported for List operations without a Sort key defined.")
        }
        guard let partition else {
            if direction != nil { throw invalid("When providing argument 'sortDirection' you must also provide argument '\(partitionName)'.") }
            if let sortName, args[sortName].dictionary != nil { throw invalid("When providing argument '\(sortName)' you must also provide arguments \(partitionName)") }
            return nil
        }
        return try query(args, partition: partition, partitionKey: partitionName, sortKeys: key.sortKeys, model: model, check: check)
    }

    /// A query of a secondary index (`transactionsByCategory(category:, date:, sortDirection:)`),
    /// whose partition key the schema requires.
    static func parse(
        _ args: Map, index: ModelIndex, model: AmplifyModel, check: (JSONValue, ModelField) throws -> JSONValue
    ) throws -> ListKeyQuery {
        guard let partition = JSONValue(args[index.partitionKey]), partition != .null else {
            throw invalid("\(index.partitionKey) is required to query the index \(index.name).")
        }
        guard let found = try Self.query(args, partition: partition, partitionKey: index.partitionKey, sortKeys: index.sortKeys, model: model, check: check)
        else { throw invalid("\(index.partitionKey) is not a field of \(model.name).") }
        return found
    }

    /// The query of the partition `partition` of a key (the primary key's, or an index's), with
    /// the sort key condition and the direction the arguments give.
    private static func query(
        _ args: Map, partition: JSONValue, partitionKey: String, sortKeys: [String], model: AmplifyModel,
        check: (JSONValue, ModelField) throws -> JSONValue
    ) throws -> ListKeyQuery? {
        guard let partitionField = model.field(named: partitionKey) else { return nil }
        let partitionValue = try check(partition, partitionField)
        var condition: ModelItemDatabase.SortCondition?
        if let sortName = ModelIndex.sortArgumentName(sortKeys), let sortCondition = args[sortName].dictionary {
            let fields = sortKeys.compactMap { model.field(named: $0) }
            condition = try Self.condition(sortCondition, fields: fields, check: check)
        }
        return ListKeyQuery(partitionText: JSONWriter.sortedText(partitionValue), condition: condition, descending: args["sortDirection"].string == "DESC")
    }

    /// Whether a sort key field's condition input is a number's (`ModelIntKeyConditionInput`,
    /// `ModelFloatKeyConditionInput`), whose values are checked as the field's.
    private static func comparesAsNumber(_ field: ModelField) -> Bool {
        guard case .scalar(let scalar) = field.type else { return false }
        return scalar == .int || scalar == .float || scalar == .awsTimestamp
    }

    private static func invalid(_ message: String) -> AppSyncResolverError {
        AppSyncResolverError(errorType: "InvalidArgumentsError", message: message, data: .null)
    }

    /// The first operator given (the input allows one; AppSync's resolver takes the first too).
    private static func condition(
        _ input: OrderedDictionary<String, Map>, fields: [ModelField], check: (JSONValue, ModelField) throws -> JSONValue
    ) throws -> ModelItemDatabase.SortCondition? {
        /// The sort key's value, or (several sort key fields) the leading fields given, joined.
        func parts(_ map: Map) throws -> [JSONValue] {
            if fields.count == 1 {
                guard let given = JSONValue(map), given != .null else { throw invalid("A sort key condition needs a value.") }
                // One sort key compares through its kind's key condition input: a text kind's
                // (`ModelStringKeyConditionInput`, an `AWSDate`'s too) takes any text, so a
                // prefix or a bound that is no date (`beginsWith: "2026-11"`) is as AppSync takes it.
                if case .string = given, !Self.comparesAsNumber(fields[0]) { return [given] }
                return [try check(given, fields[0])]
            }
            guard case .dictionary(let members) = map else { throw invalid("A composite sort key condition needs an object of its fields.") }
            var parts: [JSONValue] = []
            for field in fields {
                guard let given = members[field.name].flatMap(JSONValue.init), given != .null else { break }
                parts.append(try check(given, field))
            }
            return parts
        }
        func value(_ map: Map) throws -> DatabaseValue {
            let given = try parts(map)
            return fields.count == 1 ? ItemKey.databaseValue(given[0]) : given.map(ItemKey.plainText).joined(separator: "#").databaseValue
        }
        // The library gives every operator of the input, those not sent as null.
        for (name, map) in input where !map.isNull && !map.isUndefined {
            switch name {
            case "eq": return .eq(try value(map))
            case "lt": return .lt(try value(map))
            case "le": return .le(try value(map))
            case "gt": return .gt(try value(map))
            case "ge": return .ge(try value(map))
            case "beginsWith": return .beginsWith(try parts(map).map(ItemKey.plainText).joined(separator: "#"))
            case "between":
                guard let bounds = map.array, bounds.count == 2 else { throw invalid("between needs two values.") }
                return .between(try value(bounds[0]), try value(bounds[1]))
            default: continue
            }
        }
        return nil
    }
}
