import AmplifyModels
import GraphQL
import JSONValues

/// The resolvers of relation fields, as Amplify's Gen 2 resolvers answer them: a `belongsTo`
/// (or a `hasOne` whose record holds the key) reads the related record by the key its
/// `targetNames` hold (null when they hold none, or the record is gone); a `hasMany` is a
/// connection of the children whose reference fields hold this record's key, read through the
/// relation's index (`ModelReferences`) in key order, with `limit`, `nextToken`, `filter` and
/// `sortDirection`; a `hasOne` whose child holds the key is the first such child. Each is a
/// resolver like any other: counted against the request's resolver limit, its records charged
/// to the answer's size and a page reserved before it is read, so nested connections stop at
/// the request's limits instead of multiplying.
struct ModelRelations {
    let operations: [String: ModelOperations]
    let schema: ModelSchema

    /// By type name, then field name.
    var resolvers: [String: [String: GraphQLFieldResolve]] {
        var byType: [String: [String: GraphQLFieldResolve]] = [:]
        for model in schema.models {
            for field in model.fields {
                guard let association = field.association, let related = operations[association.relatedModel] else { continue }
                if !association.targetNames.isEmpty {
                    byType[model.name, default: [:]][field.name] = Self.parent(related, heldIn: association.targetNames)
                } else if let (child, fields) = ModelReferences.childFields(of: field, in: schema), let children = operations[child] {
                    byType[model.name, default: [:]][field.name] = Self.children(
                        children, relation: fields, parentKey: model.primaryKey.fields, asList: field.isList)
                }
            }
        }
        return byType
    }

    private static func parent(_ related: ModelOperations, heldIn targetNames: [String]) -> GraphQLFieldResolve {
        { source, _, context, _ in
            let budget = try ServedResolvers.start(context)
            guard let values = keyValues(targetNames, of: source) else { return nil }
            guard let item = try await related.database.item(model: related.name, key: ItemKey(values: values)) else { return nil }
            try budget?.charge(bytes: item.estimatedBytes)
            return item.resolverSource
        }
    }

    private static func children(_ children: ModelOperations, relation: [String], parentKey: [String], asList: Bool) -> GraphQLFieldResolve {
        let relationName = ModelReferences.relationName(relation)
        return { source, args, context, _ in
            let budget = try ServedResolvers.start(context)
            guard let values = keyValues(parentKey, of: source) else { return asList ? ModelOperations.Page(texts: []).resolverSource : nil }
            let valueText = ModelReferences.valueText(values)
            let limit = asList ? try InputValidation(limits: children.limits).pageSize(args["limit"]) : 1
            let scope = "children:\(children.name):\(relationName):\(valueText)"
            let after = try args["nextToken"].string.map { try ModelPageToken(token: $0, scope: scope, signer: children.signer).afterKeyText }
            let rows = try await ModelOperations.read(rows: limit, budget: budget) {
                try await children.database.children(
                    model: children.name, relation: relationName, valueText: valueText, descending: args["sortDirection"].string == "DESC",
                    after: after, limit: limit)
            }
            guard asList else { return rows.first?.item?.resolverSource }
            let next = ModelPageToken.next(scope: scope, rows: rows, limit: limit, signer: children.signer)
            return ModelOperations.Page(texts: children.filtered(rows, by: args["filter"], budget: budget), nextToken: next).resolverSource
        }
    }

    /// The values of `fields` in a record as a resolver holds it; nil when one is missing.
    private static func keyValues(_ fields: [String], of source: any Sendable) -> [JSONValue]? {
        guard let record = source as? [String: any Sendable] else { return nil }
        var values: [JSONValue] = []
        for field in fields {
            guard let value = record[field].flatMap(JSONValue.init(resolverValue:)) else { return nil }
            values.append(value)
        }
        return values
    }
}

extension JSONValue {
    /// A key value as a resolver's source holds it (`resolverValue`), back as JSON.
    init?(resolverValue value: any Sendable) {
        switch value {
        case let text as String: self = .string(text)
        case let flag as Bool: self = .bool(flag)
        case let number as Int: self = .int(Int64(number))
        case let number as Double: self = .double(number)
        default: return nil
        }
    }
}
