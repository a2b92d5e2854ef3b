/// Secondary indexes, as GraphQL introspection shows them: only their queries. An index's query
/// returns the model's connection like `list<Plural>` and `sync<Plural>` do, and takes the
/// index's partition key (a field of the model), optionally a sort key condition
/// (`Model<Kind>KeyConditionInput` named for the one sort key field, or
/// `Model<Model><Index>CompositeKeyConditionInput` named for several, whose
/// `…CompositeKeyInput` lists them in order), and the list's own `sortDirection`, `filter`,
/// `limit` and `nextToken`. The index's own name is not in the schema: the query's name stands
/// for it.
extension IntrospectedTypes {
    /// The arguments every query of a partition takes besides its key.
    static let pagingArguments: Set<String> = ["sortDirection", "filter", "limit", "nextToken"]

    /// The indexes of `model` whose queries the API has, in the order the schema declares them.
    func indexes(of model: AmplifyModel, listQuery: String) -> [ModelIndex] {
        let connection = "Model\(model.name)Connection"
        return queries.compactMap { query -> ModelIndex? in
            guard query.type.name == connection, !query.type.isList, query.name != listQuery, query.name != "sync" + model.pluralName
            else { return nil }
            return index(queriedBy: query, of: model)
        }
    }

    /// The index `query` reads, or nil when its arguments are not an index's.
    private func index(queriedBy query: Field, of model: AmplifyModel) -> ModelIndex? {
        var partitionKey: String?
        var sortKeys: [String] = []
        for argument in query.arguments where !Self.pagingArguments.contains(argument.name) {
            let typeName = argument.type.name
            if typeName.hasSuffix("KeyConditionInput"), sortKeys.isEmpty, let fields = sortKeyFields(argument.name, typeName, model) {
                sortKeys = fields
            } else if partitionKey == nil, model.field(named: argument.name) != nil, !typeName.hasSuffix("Input") {
                partitionKey = argument.name
            } else {
                return nil  // an argument no index query takes: some other query of the connection
            }
        }
        guard let partitionKey else { return nil }
        let index = ModelIndex(name: query.name, partitionKey: partitionKey, sortKeys: sortKeys, queryField: query.name)
        return model.canKey(index) ? index : nil
    }

    /// The sort key fields a condition argument compares: the argument's own field, or the
    /// fields of the composite key input its condition input compares with.
    private func sortKeyFields(_ argument: String, _ typeName: String, _ model: AmplifyModel) -> [String]? {
        let composite = "CompositeKeyConditionInput"
        guard typeName.hasSuffix(composite) else { return model.field(named: argument) == nil ? nil : [argument] }
        let keyInput = typeName.dropLast(composite.count) + "CompositeKeyInput"
        guard let fields = types[String(keyInput)]?.inputFields, fields.count > 1, fields.allSatisfy({ model.field(named: $0) != nil })
        else { return nil }
        return Self.order(fields, spelling: argument)
    }

    /// `fields` in the order the argument's name joins them (`dateAmount`: date, then amount):
    /// the input lists them in the key's order on AppSync, but a server whose introspection sorts
    /// fields by name lists `amount` first. Nil when no order spells the name.
    static func order(_ fields: [String], spelling argument: String) -> [String]? {
        if ModelIndex.sortArgumentName(fields) == argument { return fields }
        func rest(_ remaining: [String], _ text: Substring) -> [String]? {
            if remaining.isEmpty { return text.isEmpty ? [] : nil }
            for (place, field) in remaining.enumerated() {
                let spelled = field.prefix(1).uppercased() + field.dropFirst()
                guard text.hasPrefix(spelled) else { continue }
                var others = remaining
                others.remove(at: place)
                if let tail = rest(others, text.dropFirst(spelled.count)) { return [field] + tail }
            }
            return nil
        }
        for (place, first) in fields.enumerated() where argument.hasPrefix(first) {
            var others = fields
            others.remove(at: place)
            if let tail = rest(others, argument.dropFirst(first.count)) { return [first] + tail }
        }
        return nil
    }
}
