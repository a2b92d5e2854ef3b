import JSONValues
import Foundation

/// Reads the models of an API that has no outputs file from its answer to a GraphQL
/// introspection query (`{"data": {"__schema": …}}`, or `__schema`'s value alone).
///
/// A model is an object type `T` with a `get<T>` query, a `list<Plural>` query returning
/// `Model<T>Connection`, and `create<T>`, `update<T>` and `delete<T>` mutations. Learnt: its
/// fields and their types (required, list, enum values, custom types), which fields the
/// server alone writes (those in neither input type), the primary key (the `get` query's
/// arguments, in order), its secondary indexes that have a query (each named by its query field:
/// `IntrospectedTypes+Indexes.swift`) and the owner argument of its subscriptions. Not learnt, because
/// introspection does not show them: auth rules (the server decides, and a refused change is
/// reverted with its reason), and for a single related record whether it is a `belongsTo` or a
/// `hasOne` and through which fields (`ModelAssociation.Kind.toOne`, no field names).
public enum GraphQLIntrospectionReader {
    /// The query whose answer `read` reads: every type with its fields, their arguments and
    /// input fields, and enum values (type references five wrappers deep: `[T!]!` and more).
    public static let query = """
        query ProptuiIntrospection {
          __schema {
            queryType { name } mutationType { name } subscriptionType { name }
            types { \(typeSelection) }
          }
        }
        \(typeRefFragment)
        """

    /// What is asked of each type, by this query and by `PartialIntrospection.typeQuery` alike,
    /// so that an answer asked in parts reads as the whole one does.
    static let typeSelection = """
        kind name \
        fields(includeDeprecated: true) { name args { name type { ...TypeRef } } type { ...TypeRef } } \
        inputFields { name type { ...TypeRef } } \
        enumValues(includeDeprecated: true) { name }
        """

    static let typeRefFragment = """
        fragment TypeRef on __Type {
          kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } }
        }
        """

    public static func read(_ data: Data, limits: DescriptionLimits = DescriptionLimits()) throws(ModelDescriptionError) -> ModelSchema {
        let parts = try DescriptionText.read(data, what: "the answer", limits: limits) { reader throws(JSONReadError) in
            var parts = SchemaParts()
            try parts.read(&reader)
            guard parts.types != nil else { throw descriptionProblem("types is missing: this is not an answer to an introspection query") }
            return parts
        }
        let types = IntrospectedTypes(parts)
        var models: [AmplifyModel] = []
        for type in types.objectTypes {
            if let model = types.model(for: type) { models.append(model) }
        }
        var result = ModelSchema(models: models, enums: types.enums, nonModels: [:])
        for model in models {
            for field in model.fields { types.collectNonModels(field.type, into: &result.nonModels, depth: 0) }
        }
        result.noteUndescribedTypes()
        return result
    }
}

/// What an introspection answer says, read in one pass: the root types' names and every type.
struct SchemaParts {
    var queryName = "Query"
    var mutationName = "Mutation"
    var subscriptionName = "Subscription"
    var types: [IntrospectedTypes.TypeEntry]?

    /// The answer, `data`'s value or `__schema`'s: each level may hold the next.
    mutating func read(_ reader: inout JSONReader) throws(JSONReadError) {
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key.description {
            case "data", "__schema":
                if try !reader.readNull() { try read(&reader) }
            case "queryType": queryName = try Self.rootName(&reader) ?? queryName
            case "mutationType": mutationName = try Self.rootName(&reader) ?? mutationName
            case "subscriptionType": subscriptionName = try Self.rootName(&reader) ?? subscriptionName
            case "types": types = try reader.readList { reader throws(JSONReadError) in try IntrospectedTypes.TypeEntry(&reader) }
            default: try reader.skipValue()
            }
        }
    }

    /// `{name}`, or null.
    private static func rootName(_ reader: inout JSONReader) throws(JSONReadError) -> String? {
        try reader.readOptional { reader throws(JSONReadError) in
            var name: String?
            try reader.readObject { reader, key throws(JSONReadError) in
                if key == "name" { name = try reader.readOptionalString() } else { try reader.skipValue() }
            }
            return name
        } ?? nil
    }
}

/// A type reference of an introspection answer (`{kind, name, ofType}`) unwrapped.
struct TypeReference {
    var name: String
    var kind: String
    var isRequired: Bool
    var isList: Bool
    var listItemsNullable: Bool

    /// One level of `{kind, name, ofType}` as read (the keys come in any order).
    private struct Level {
        var kind: String?
        var name: String?
        /// Zero or one: the level inside.
        var ofType: [Level] = []
    }

    /// Lists of lists do not occur in Amplify's schemas: the inner list is read as its items.
    init(_ reader: inout JSONReader) throws(JSONReadError) {
        var level = try Self.level(&reader, depth: 0)
        var wrappers: [String] = []
        var path: [JSONPathComponent] = []
        func problem(_ text: String) -> JSONReadError {
            path.reversed().reduce(descriptionProblem(text)) { $0.within($1) }
        }
        while true {
            guard let kind = level.kind else { throw problem("kind is missing") }
            guard kind == "NON_NULL" || kind == "LIST" else {
                guard let name = level.name else { throw problem("name is missing") }
                self.name = name
                self.kind = kind
                break
            }
            wrappers.append(kind)
            guard let inner = level.ofType.first else { throw problem("ofType is missing") }
            level = inner
            path.append(.key("ofType"))
        }
        isList = wrappers.contains("LIST")
        isRequired = wrappers.first == "NON_NULL"
        let afterList = wrappers.drop(while: { $0 != "LIST" }).dropFirst()
        listItemsNullable = afterList.first != "NON_NULL"
    }

    private static func level(_ reader: inout JSONReader, depth: Int) throws(JSONReadError) -> Level {
        guard depth <= 8 else { throw descriptionProblem("a type wrapped more than 8 times") }
        var level = Level()
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key.description {
            case "kind": level.kind = try reader.readOptionalString()
            case "name": level.name = try reader.readOptionalName()
            case "ofType":
                if let inner = try reader.readOptional({ reader throws(JSONReadError) in try Self.level(&reader, depth: depth + 1) }) {
                    level.ofType = [inner]
                }
            default: try reader.skipValue()
            }
        }
        return level
    }
}
