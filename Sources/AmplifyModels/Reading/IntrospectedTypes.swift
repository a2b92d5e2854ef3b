/// The types of an introspection answer, by name, and the rules that find models among them.
struct IntrospectedTypes {
    struct Field {
        var name: String
        var type: TypeReference
        var arguments: [(name: String, type: TypeReference)]
    }

    struct TypeEntry {
        var name: String
        var kind: String
        var fields: [Field]
        var inputFields: [String]
        var enumValues: [String]
    }

    var types: [String: TypeEntry] = [:]
    var order: [String] = []
    var queries: [Field] = []
    var mutations: Set<String> = []
    var subscriptions: [String: Field] = [:]
    var enums: [String: ModelEnum] = [:]

    init(_ schema: JSONCursor) throws(ModelDescriptionError) {
        let queryName = try schema.optional("queryType")?.optional("name")?.string() ?? "Query"
        let mutationName = try schema.optional("mutationType")?.optional("name")?.string() ?? "Mutation"
        let subscriptionName = try schema.optional("subscriptionType")?.optional("name")?.string() ?? "Subscription"
        for entry in try schema.required("types").array() {
            let type = try Self.typeEntry(entry)
            guard types[type.name] == nil else { continue }
            types[type.name] = type
            order.append(type.name)
            if type.kind == "ENUM", !type.name.hasPrefix("__") { enums[type.name] = ModelEnum(name: type.name, values: type.enumValues) }
        }
        queries = types[queryName]?.fields ?? []
        mutations = Set(types[mutationName]?.fields.map(\.name) ?? [])
        for field in types[subscriptionName]?.fields ?? [] { subscriptions[field.name] = field }
        rootNames = [queryName, mutationName, subscriptionName]
    }

    private var rootNames: Set<String> = []

    /// Object types that could be models: not a root type, not introspection's own, not a connection.
    var objectTypes: [TypeEntry] {
        order.compactMap { types[$0] }.filter { type in
            type.kind == "OBJECT" && !type.name.hasPrefix("__") && !rootNames.contains(type.name) && connectionItem(type.name) == nil
        }
    }

    /// `Model<T>Connection` → `T`.
    func connectionItem(_ name: String) -> String? {
        guard name.hasPrefix("Model"), name.hasSuffix("Connection"), name.count > 15 else { return nil }
        return String(name.dropFirst(5).dropLast(10))
    }

    private static func typeEntry(_ entry: JSONCursor) throws(ModelDescriptionError) -> TypeEntry {
        var fields: [Field] = []
        for field in try entry.optional("fields")?.array() ?? [] {
            var arguments: [(name: String, type: TypeReference)] = []
            for argument in try field.optional("args")?.array() ?? [] {
                arguments.append((try argument.required("name").name(), try TypeReference(argument.required("type"))))
            }
            fields.append(Field(name: try field.required("name").name(), type: try TypeReference(field.required("type")), arguments: arguments))
        }
        var inputFields: [String] = []
        for field in try entry.optional("inputFields")?.array() ?? [] { inputFields.append(try field.required("name").name()) }
        var enumValues: [String] = []
        for value in try entry.optional("enumValues")?.array() ?? [] { enumValues.append(try value.required("name").name()) }
        return TypeEntry(
            name: try entry.required("name").name(), kind: try entry.required("kind").string(), fields: fields,
            inputFields: inputFields, enumValues: enumValues)
    }
}
