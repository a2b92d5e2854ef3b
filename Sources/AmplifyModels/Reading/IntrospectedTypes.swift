import JSONValues

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

    init(_ schema: SchemaParts) {
        for type in schema.types ?? [] {
            guard types[type.name] == nil else { continue }
            types[type.name] = type
            order.append(type.name)
            if type.kind == "ENUM", !type.name.hasPrefix("__") { enums[type.name] = ModelEnum(name: type.name, values: type.enumValues) }
        }
        queries = types[schema.queryName]?.fields ?? []
        mutations = Set(types[schema.mutationName]?.fields.map(\.name) ?? [])
        for field in types[schema.subscriptionName]?.fields ?? [] { subscriptions[field.name] = field }
        rootNames = [schema.queryName, schema.mutationName, schema.subscriptionName]
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
}

extension IntrospectedTypes.TypeEntry {
    /// `{kind, name, fields?, inputFields?, enumValues?}`.
    init(_ reader: inout JSONReader) throws(JSONReadError) {
        var name: String?
        var kind: String?
        var fields: [IntrospectedTypes.Field] = []
        var inputFields: [String] = []
        var enumValues: [String] = []
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key.description {
            case "name": name = try reader.readOptionalName()
            case "kind": kind = try reader.readOptionalString()
            case "fields": fields = try reader.readList { reader throws(JSONReadError) in try IntrospectedTypes.Field(&reader) }
            case "inputFields": inputFields = try reader.readList { reader throws(JSONReadError) in try Self.name(&reader) }
            case "enumValues": enumValues = try reader.readList { reader throws(JSONReadError) in try Self.name(&reader) }
            default: try reader.skipValue()
            }
        }
        self.init(
            name: try required(name, "name"), kind: try required(kind, "kind"), fields: fields, inputFields: inputFields,
            enumValues: enumValues)
    }

    /// The `name` of an input field or an enum value.
    private static func name(_ reader: inout JSONReader) throws(JSONReadError) -> String {
        var name: String?
        try reader.readObject { reader, key throws(JSONReadError) in
            if key == "name" { name = try reader.readOptionalName() } else { try reader.skipValue() }
        }
        return try required(name, "name")
    }
}

extension IntrospectedTypes.Field {
    /// `{name, args?, type}`; an argument is `{name, type}`.
    init(_ reader: inout JSONReader) throws(JSONReadError) {
        var name: String?
        var type: TypeReference?
        var arguments: [(name: String, type: TypeReference)] = []
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key.description {
            case "name": name = try reader.readOptionalName()
            case "type": type = try reader.readOptional { reader throws(JSONReadError) in try TypeReference(&reader) }
            case "args": arguments = try reader.readList { reader throws(JSONReadError) in
                    let argument = try IntrospectedTypes.Field(&reader)
                    return (argument.name, argument.type)
                }
            default: try reader.skipValue()
            }
        }
        self.init(name: try required(name, "name"), type: try required(type, "type"), arguments: arguments)
    }
}
