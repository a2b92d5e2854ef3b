import AmplifyModels

/// The schema Amplify's model transformer generates for a set of models, as SDL: enough of it
/// (the types, their connections, the inputs the documents name, the root fields) to build a
/// GraphQL schema and validate the app's documents against it, and to answer an introspection
/// query as such an API would. Written from Amplify's published schemas (see the project's
/// protocol notes), independently of `ModelDocuments`, so that the two check each other.
enum AmplifySDL {
    static func text(_ schema: ModelSchema, dialect: DocumentDialect) -> String {
        var lines = ["scalar AWSDate", "scalar AWSTime", "scalar AWSDateTime", "scalar AWSTimestamp", "scalar AWSEmail",
                     "scalar AWSJSON", "scalar AWSURL", "scalar AWSPhone", "scalar AWSIPAddress"]
        for item in schema.enums.values.sorted(by: { $0.name < $1.name }) {
            lines.append("enum \(item.name) { \(item.values.joined(separator: " ")) }")
        }
        for type in schema.nonModels.values.sorted(by: { $0.name < $1.name }) {
            lines.append("type \(type.name) { \(type.fields.map { "\($0.name): \($0.graphQLType)" }.joined(separator: " ")) }")
            lines.append("input \(type.name)Input { \(type.fields.map { "\($0.name): \(inputType($0))" }.joined(separator: " ")) }")
        }
        var queries: [String] = [], mutations: [String] = [], subscriptions: [String] = []
        let versioned = dialect == .versioned
        for model in schema.models {
            let name = model.name, plural = model.pluralName
            var fields = model.fields.map { field -> String in
                guard case .model(let related) = field.type else { return "\(field.name): \(field.graphQLType)" }
                return field.isList ? "\(field.name)(limit: Int, nextToken: String): Model\(related)Connection" : "\(field.name): \(related)"
            }
            if versioned { fields += ["_version: Int!", "_deleted: Boolean", "_lastChangedAt: AWSTimestamp!"] }
            lines.append("type \(name) { \(fields.joined(separator: " ")) }")
            lines.append("type Model\(name)Connection { items: [\(name)]! nextToken: String\(versioned ? " startedAt: AWSTimestamp" : "") }")
            let writable = model.fields.filter { !$0.type.isModel && !$0.isReadOnly && !["createdAt", "updatedAt"].contains($0.name) }
            let version = versioned ? " _version: Int" : ""
            let key = Set(model.primaryKey.fields)
            lines.append("input Create\(name)Input { \(writable.map { "\($0.name): \(inputType($0, optional: key.contains($0.name) && $0.name == "id"))" }.joined(separator: " "))\(version) }")
            lines.append("input Update\(name)Input { \(writable.map { "\($0.name): \(inputType($0, optional: !key.contains($0.name)))" }.joined(separator: " "))\(version) }")
            lines.append("input Delete\(name)Input { \(model.primaryKey.fields.map { "\($0): \(keyType(model, $0))" }.joined(separator: " "))\(version) }")
            // Filters and conditions are opaque here: the documents pass them as variables.
            lines.append("input Model\(name)FilterInput { and: [Model\(name)FilterInput] }")
            lines.append("input Model\(name)ConditionInput { and: [Model\(name)ConditionInput] }")
            lines.append("input ModelSubscription\(name)FilterInput { and: [ModelSubscription\(name)FilterInput] }")
            let keyArguments = model.primaryKey.fields.map { "\($0): \(keyType(model, $0))" }.joined(separator: ", ")
            queries.append("get\(name)(\(keyArguments)): \(name)")
            queries.append("list\(plural)(filter: Model\(name)FilterInput, limit: Int, nextToken: String): Model\(name)Connection")
            if versioned {
                queries.append("sync\(plural)(filter: Model\(name)FilterInput, limit: Int, nextToken: String, lastSync: AWSTimestamp): Model\(name)Connection")
            }
            for kind in ["create", "update", "delete"] {
                let capitalized = kind.prefix(1).uppercased() + kind.dropFirst()
                mutations.append("\(kind)\(name)(input: \(capitalized)\(name)Input!, condition: Model\(name)ConditionInput): \(name)")
                let owner = model.ownerField.map { ", \($0): String" } ?? ""
                subscriptions.append("on\(capitalized)\(name)(filter: ModelSubscription\(name)FilterInput\(owner)): \(name)")
            }
        }
        lines.append("type Query { \(queries.joined(separator: " ")) }")
        lines.append("type Mutation { \(mutations.joined(separator: " ")) }")
        lines.append("type Subscription { \(subscriptions.joined(separator: " ")) }")
        return lines.joined(separator: "\n")
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
}
