/// The schema Amplify's model transformer generates for a set of models, as SDL, in either
/// dialect: per model its type, `get<Model>(key…)`, `list<Plural>(filter, limit, nextToken)`,
/// each secondary index's query (`<queryField>(partitionKey!, sortKeyCondition, sortDirection,
/// filter, limit, nextToken)`),
/// `create/update/delete<Model>(input, condition)` with their inputs, the filter and condition
/// inputs with one input per field type (`ModelStringInput`, `ModelIntInput`, …, an enum's
/// `Model<Enum>Input`), `Model<Model>Connection`, and the subscriptions (with the owner
/// argument of an owner rule, `String!` where the model requires it as Gen 1's first
/// transformer did); enums and custom types (with their input types). The versioned
/// dialect adds `_version`, `_deleted`, `_lastChangedAt`, `sync<Plural>` and `startedAt`.
///
/// Written from Amplify's published schemas (see docs/protocol.md), independently of
/// `ModelDocuments`, so that the two check each other; `proptui serve --models` serves it.
public enum TransformerSDL {
    public static func text(_ schema: ModelSchema, dialect: DocumentDialect) -> String {
        var blocks: [String] = []
        for model in schema.models { blocks.append(objectType(model, dialect: dialect)) }
        for item in schema.enums.values.sorted(by: { $0.name < $1.name }) {
            blocks.append(block("enum \(item.name)", item.values))
        }
        for type in schema.nonModels.values.sorted(by: { $0.name < $1.name }) {
            blocks.append(block("type \(type.name)", type.fields.map { "\($0.name): \($0.graphQLType)" }))
            blocks.append(block("input \(type.name)Input", type.fields.map { "\($0.name): \(inputType($0))" }))
        }
        blocks += FieldInputs.shared
        for enumName in usedEnums(schema) { blocks += FieldInputs.enumInputs(enumName) }
        blocks += KeyConditionInputs.blocks(schema)
        var queries: [String] = [], mutations: [String] = [], subscriptions: [String] = []
        for model in schema.models {
            blocks += modelInputs(model, dialect: dialect)
            let name = model.name, plural = model.pluralName
            let keyArguments = model.primaryKey.fields.map { "\($0): \(keyType(model, $0))" }.joined(separator: ", ")
            queries.append("get\(name)(\(keyArguments)): \(name)")
            queries.append("list\(plural)(\(listArguments(model))): Model\(name)Connection")
            queries += indexQueries(model)
            if dialect == .versioned {
                queries.append("sync\(plural)(filter: Model\(name)FilterInput, limit: Int, nextToken: String, lastSync: AWSTimestamp): Model\(name)Connection")
            }
            for kind in MutationKind.allCases {
                let mutation = kind.rawValue + name
                mutations.append("\(mutation)(input: \(kind.capitalized)\(name)Input!, condition: Model\(name)ConditionInput): \(name)")
                let owner = model.ownerField.map { ", \($0): String\(model.requiresOwnerArgument ? "!" : "")" } ?? ""
                subscriptions.append(
                    "on\(kind.capitalized)\(name)(filter: ModelSubscription\(name)FilterInput\(owner)): \(name) @aws_subscribe(mutations: [\"\(mutation)\"])")
            }
        }
        blocks.append(block("type Query", queries))
        blocks.append(block("type Mutation", mutations))
        blocks.append(block("type Subscription", subscriptions))
        // AppSync predefines its scalars and directive; declared so that any GraphQL library can build the text.
        blocks += usedScalars(schema, dialect: dialect).map { "scalar \($0)" }
        blocks.append("directive @aws_subscribe(mutations: [String]) on FIELD_DEFINITION")
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// A list's arguments: with a custom key, the partition key and a condition on the sort key
    /// (`list<Plural>(tenantId: ID, sku: ModelStringKeyConditionInput, …, sortDirection:)`), as
    /// the transformer's primary key directive adds them, to query one partition in key order.
    private static func listArguments(_ model: AmplifyModel) -> String {
        let common = ["filter: Model\(model.name)FilterInput", "limit: Int", "nextToken: String"]
        let key = model.primaryKey
        guard key.isCustom else { return common.joined(separator: ", ") }
        let partition = "\(key.partitionKey): \(model.field(named: key.partitionKey)?.type.graphQLName ?? "ID")"
        let sort = KeyConditionInputs.argument(model).map { ["\($0.name): \($0.type)"] } ?? []
        return ([partition] + sort + common + ["sortDirection: ModelSortDirection"]).joined(separator: ", ")
    }

    /// Each queryable index's query, as the index transformer declares it: the partition key
    /// required, the sort key condition, then `sortDirection`, `filter`, `limit`, `nextToken`
    /// (`transactionsByCategory(category: String!, date: ModelStringKeyConditionInput, …)`).
    private static func indexQueries(_ model: AmplifyModel) -> [String] {
        model.indexes.compactMap { index in
            guard let queryField = index.queryField else { return nil }
            let partition = "\(index.partitionKey): \(keyType(model, index.partitionKey))"
            let sort = KeyConditionInputs.argument(model, index: index).map { ["\($0.name): \($0.type)"] } ?? []
            let common = ["sortDirection: ModelSortDirection", "filter: Model\(model.name)FilterInput", "limit: Int", "nextToken: String"]
            return "\(queryField)(" + ([partition] + sort + common).joined(separator: ", ") + "): Model\(model.name)Connection"
        }
    }

    /// The fields the server writes on every model, whether or not the description lists them.
    static let timestamps = ["createdAt", "updatedAt"]

    /// The model's type: its fields (a relation as its model or connection, the timestamps never
    /// null), then the timestamps if the description left them out, then the versioned fields.
    private static func objectType(_ model: AmplifyModel, dialect: DocumentDialect) -> String {
        var fields = model.fields.map { field -> String in
            guard case .model(let related) = field.type else {
                return timestamps.contains(field.name) ? "\(field.name): AWSDateTime!" : "\(field.name): \(field.graphQLType)"
            }
            guard field.isList else { return "\(field.name): \(related)" }
            return "\(field.name)(filter: Model\(related)FilterInput, sortDirection: ModelSortDirection, limit: Int, nextToken: String): Model\(related)Connection"
        }
        for name in timestamps where model.field(named: name) == nil { fields.append("\(name): AWSDateTime!") }
        if dialect == .versioned { fields += ["_version: Int!", "_deleted: Boolean", "_lastChangedAt: AWSTimestamp!"] }
        return block("type \(model.name)", fields)
    }

    /// The connection, filter, condition, subscription filter and the three mutation inputs.
    private static func modelInputs(_ model: AmplifyModel, dialect: DocumentDialect) -> [String] {
        let name = model.name
        let versioned = dialect == .versioned
        let key = Set(model.primaryKey.fields)
        let stored = storedFields(model)
        let writable = model.writableFields
        let version = versioned ? ["_version: Int"] : []
        let deleted = versioned ? ["_deleted: ModelBooleanInput"] : []
        let filterable = stored.compactMap { field in FieldInputs.filterInput(field).map { "\(field.name): \($0)" } }
        // The transformer adds the timestamps' conditions after the rest (and after `not`).
        let conditionInput = { (fields: [ModelField]) in
            fields.filter { !key.contains($0.name) }.compactMap { field in FieldInputs.filterInput(field).map { "\(field.name): \($0)" } }
        }
        let conditionable = conditionInput(stored.filter { !timestamps.contains($0.name) })
        let timestampConditions = conditionInput(stored.filter { timestamps.contains($0.name) })
        let subscribable = stored.compactMap { field in FieldInputs.subscriptionInput(field).map { "\(field.name): \($0)" } }
        return [
            block("type Model\(name)Connection", ["items: [\(name)]!", "nextToken: String"] + (versioned ? ["startedAt: AWSTimestamp"] : [])),
            block("input Model\(name)FilterInput", filterable + ["and: [Model\(name)FilterInput]", "or: [Model\(name)FilterInput]", "not: Model\(name)FilterInput"] + deleted),
            block(
                "input Model\(name)ConditionInput",
                conditionable + ["and: [Model\(name)ConditionInput]", "or: [Model\(name)ConditionInput]", "not: Model\(name)ConditionInput"] + deleted
                    + timestampConditions),
            block("input ModelSubscription\(name)FilterInput", subscribable + ["and: [ModelSubscription\(name)FilterInput]", "or: [ModelSubscription\(name)FilterInput]"] + deleted),
            // A generated `id` may be left out of a create; a custom key may not.
            block("input Create\(name)Input", writable.map { "\($0.name): \(inputType($0, optional: key.contains($0.name) && !model.primaryKey.isCustom && $0.name == "id"))" } + version),
            block("input Update\(name)Input", writable.map { "\($0.name): \(inputType($0, optional: !key.contains($0.name)))" } + version),
            block("input Delete\(name)Input", model.primaryKey.fields.map { "\($0): \(keyType(model, $0))" } + version),
        ]
    }

    /// The fields an item holds (not relations), the timestamps included.
    public static func storedFields(_ model: AmplifyModel) -> [ModelField] {
        var fields = model.fields.filter { !$0.type.isModel }
        for name in timestamps where model.field(named: name) == nil { fields.append(ModelField(name: name, type: .scalar(.awsDateTime))) }
        return fields
    }

    private static func keyType(_ model: AmplifyModel, _ key: String) -> String {
        (model.field(named: key)?.type.graphQLName ?? "ID") + "!"
    }

    /// An input field's type: a custom type becomes its input type.
    private static func inputType(_ field: ModelField, optional: Bool = false) -> String {
        var copy = field
        if case .nonModel(let name) = field.type { copy.type = .nonModel(name + "Input") }
        if optional { copy.isRequired = false }
        return copy.graphQLType
    }

    private static func usedEnums(_ schema: ModelSchema) -> [String] {
        let names = schema.models.flatMap(\.fields).compactMap { field -> String? in
            if case .enumeration(let name) = field.type, schema.enums[name] != nil { name } else { nil }
        }
        return Set(names).sorted()
    }

    /// The AWS scalars (and names of unknown types) the text uses, each declared once.
    private static func usedScalars(_ schema: ModelSchema, dialect: DocumentDialect) -> [String] {
        var names = Set(["AWSDateTime"])
        if dialect == .versioned { names.insert("AWSTimestamp") }
        let fields = schema.models.flatMap(\.fields) + schema.nonModels.values.flatMap(\.fields)
        for field in fields {
            switch field.type {
            case .scalar(let scalar) where scalar.rawValue.hasPrefix("AWS"): names.insert(scalar.rawValue)
            case .unknown(let name): names.insert(name)
            case .enumeration(let name) where schema.enums[name] == nil: names.insert(name)
            case .nonModel(let name) where schema.nonModels[name] == nil: names.insert(name)
            default: continue
            }
        }
        return names.sorted()
    }

    static func block(_ head: String, _ members: [String]) -> String {
        head + " {\n" + members.map { "  " + $0 }.joined(separator: "\n") + "\n}"
    }
}

extension AmplifyModel {
    /// What a create or update may write: not relations, not what only the server writes.
    var writableFields: [ModelField] {
        fields.filter { !$0.type.isModel && !$0.isReadOnly && !TransformerSDL.timestamps.contains($0.name) }
    }
}
