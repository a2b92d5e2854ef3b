/// The GraphQL documents the app sends for one model, in one dialect: the names and shapes
/// Amplify's model transformer gives the API (`get<Model>`, `list<Plural>`, `sync<Plural>`,
/// `create/update/delete<Model>`, `onCreate/onUpdate/onDelete<Model>`).
public struct ModelDocuments: Sendable {
    public let model: AmplifyModel
    /// The enums and custom types the model's fields use.
    public let schema: ModelSchema
    public let dialect: DocumentDialect
    /// What the answers select, shared by every document of the model.
    public let selectionSet: String

    /// The versioned dialect's own fields, selected after the model's.
    public static let versionFields = "_version _deleted _lastChangedAt"

    public init(model: AmplifyModel, schema: ModelSchema, dialect: DocumentDialect) {
        self.model = model
        self.schema = schema
        self.dialect = dialect
        let fields = SelectionSet(nonModels: schema.nonModels).fields(model.fields)
        selectionSet = dialect == .versioned ? fields + " " + Self.versionFields : fields
    }

    private var name: String { model.name }

    /// `get<Model>` by the whole key (a composite key's every field).
    public var get: GraphQLDocument {
        let key = model.primaryKey.fields
        let declarations = key.map { "$\($0): \(keyType($0))" }.joined(separator: ", ")
        let arguments = key.map { "\($0): $\($0)" }.joined(separator: ", ")
        let field = "get" + name
        return GraphQLDocument(
            operationName: "Get" + name,
            text: "query Get\(name)(\(declarations)) { \(field)(\(arguments)) { \(selectionSet) } }", field: field)
    }

    /// A key argument's type: the field's named type, never null.
    private func keyType(_ key: String) -> String {
        (model.field(named: key)?.type.graphQLName ?? "ID") + "!"
    }

    /// `list<Plural>(filter, limit, nextToken)`: one page, `items` and `nextToken`.
    public var list: GraphQLDocument {
        let plural = model.pluralName
        let field = "list" + plural
        return GraphQLDocument(
            operationName: "List" + plural,
            text: "query List\(plural)($filter: Model\(name)FilterInput, $limit: Int, $nextToken: String) { "
                + "\(field)(filter: $filter, limit: $limit, nextToken: $nextToken) { items { \(selectionSet) } nextToken } }",
            field: field)
    }

    /// One partition's query, read in key order: of the secondary index `index` (its query field,
    /// `entriesByCategory(category: $partition, date: $sortKey, sortDirection: $sortDirection,
    /// filter: $filter, limit: $limit, nextToken: $nextToken)`), or for nil of the primary key
    /// (`list<Plural>(tenantId: $partition, sku: $sortKey, …)`). The arguments are those the
    /// transformer declares (`TransformerSDL`): `$sortKey` only when the key has sort keys, of
    /// its one field's `Model<Kind>KeyConditionInput` or of the composite condition input of
    /// several; the index's partition key required, the list's not (a list without it scans).
    /// Nil when the API has no such query: an index without a query field, or a primary key the
    /// schema did not declare (`id` alone: the list then takes no key argument).
    public func partitionQuery(of index: ModelIndex?) -> GraphQLDocument? {
        let key = model.primaryKey
        let field: String, operationName: String, partitionKey: String, partitionType: String
        let sortArgument: (name: String, type: String)?
        if let index {
            guard let queryField = index.queryField else { return nil }
            field = queryField
            operationName = queryField.prefix(1).uppercased() + queryField.dropFirst()
            partitionKey = index.partitionKey
            partitionType = keyType(index.partitionKey)
            sortArgument = KeyConditionInputs.argument(model, index: index)
        } else {
            guard key.isCustom else { return nil }
            field = "list" + model.pluralName
            operationName = "List\(model.pluralName)Partition"
            partitionKey = key.partitionKey
            partitionType = model.field(named: key.partitionKey)?.type.graphQLName ?? "ID"
            sortArgument = KeyConditionInputs.argument(model)
        }
        var declarations = ["$partition: \(partitionType)"]
        var arguments = ["\(partitionKey): $partition"]
        if let sortArgument {
            declarations.append("$sortKey: \(sortArgument.type)")
            arguments.append("\(sortArgument.name): $sortKey")
        }
        declarations += [
            "$sortDirection: ModelSortDirection", "$filter: Model\(name)FilterInput", "$limit: Int", "$nextToken: String",
        ]
        arguments += ["sortDirection: $sortDirection", "filter: $filter", "limit: $limit", "nextToken: $nextToken"]
        return GraphQLDocument(
            operationName: operationName,
            text: "query \(operationName)(\(declarations.joined(separator: ", "))) { "
                + "\(field)(\(arguments.joined(separator: ", "))) { items { \(selectionSet) } nextToken } }",
            field: field)
    }

    /// The versioned dialect's `sync<Plural>(limit, nextToken, lastSync)`, with `startedAt`
    /// for the next delta query; nil on the plain dialect, which has none.
    public var sync: GraphQLDocument? {
        guard dialect == .versioned else { return nil }
        let plural = model.pluralName
        let field = "sync" + plural
        return GraphQLDocument(
            operationName: "Sync" + plural,
            text: "query Sync\(plural)($limit: Int, $nextToken: String, $lastSync: AWSTimestamp) { "
                + "\(field)(limit: $limit, nextToken: $nextToken, lastSync: $lastSync) { items { \(selectionSet) } nextToken startedAt } }",
            field: field)
    }

    /// `create/update/delete<Model>(input[, condition])`. The plain dialect's writes carry a
    /// condition when the change was made against a known copy; the versioned dialect's never do.
    public func mutation(_ kind: MutationKind, withCondition: Bool) -> GraphQLDocument {
        let operation = kind.capitalized + name
        let field = kind.rawValue + name
        var declarations = "$input: \(operation)Input!"
        var arguments = "input: $input"
        if withCondition {
            declarations += ", $condition: Model\(name)ConditionInput"
            arguments += ", condition: $condition"
        }
        return GraphQLDocument(
            operationName: operation,
            text: "mutation \(operation)(\(declarations)) { \(field)(\(arguments)) { \(selectionSet) } }", field: field)
    }

    /// `onCreate/onUpdate/onDelete<Model>`, with a `filter` and the owner argument when asked
    /// (an owner rule's subscriptions take the owner's name where the transformer needs it;
    /// declared `String!`, which fits the argument whether the API requires it or not).
    public func subscription(_ kind: MutationKind, filter: Bool = false, owner: Bool = false) -> GraphQLDocument {
        let field = "on" + kind.capitalized + name
        var declarations: [String] = []
        var arguments: [String] = []
        if filter {
            declarations.append("$filter: ModelSubscription\(name)FilterInput")
            arguments.append("filter: $filter")
        }
        if owner, let ownerField = model.ownerField {
            declarations.append("$\(ownerField): String!")
            arguments.append("\(ownerField): $\(ownerField)")
        }
        let operation = "On" + kind.capitalized + name
        let head = declarations.isEmpty ? operation : operation + "(" + declarations.joined(separator: ", ") + ")"
        let call = arguments.isEmpty ? field : field + "(" + arguments.joined(separator: ", ") + ")"
        return GraphQLDocument(operationName: operation, text: "subscription \(head) { \(call) { \(selectionSet) } }", field: field)
    }
}
