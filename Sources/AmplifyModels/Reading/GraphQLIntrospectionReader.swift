import Foundation

/// Reads the models of an API that has no outputs file from its answer to a GraphQL
/// introspection query (`{"data": {"__schema": …}}`, or `__schema`'s value alone).
///
/// A model is an object type `T` with a `get<T>` query, a `list<Plural>` query returning
/// `Model<T>Connection`, and `create<T>`, `update<T>` and `delete<T>` mutations. Learnt: its
/// fields and their types (required, list, enum values, custom types), which fields the
/// server alone writes (those in neither input type), the primary key (the `get` query's
/// arguments, in order) and the owner argument of its subscriptions. Not learnt, because
/// introspection does not show them: auth rules (the server decides, and a refused change is
/// reverted with its reason), and for a single related record whether it is a `belongsTo` or a
/// `hasOne` and through which fields (`ModelAssociation.Kind.toOne`, no field names).
public enum GraphQLIntrospectionReader {
    public static func read(_ data: Data, limits: JSONParser.Limits = JSONParser.Limits()) throws(ModelDescriptionError) -> ModelSchema {
        let tree: JSONTree
        do {
            tree = try JSONParser.parse(data, limits: limits)
        } catch {
            throw ModelDescriptionError(path: "", problem: "the answer is not JSON (\(error))")
        }
        return try read(tree)
    }

    public static func read(_ tree: JSONTree) throws(ModelDescriptionError) -> ModelSchema {
        var schema = JSONCursor(tree, path: "")
        if let data = try schema.optional("data") { schema = data }
        if let inner = try schema.optional("__schema") { schema = inner }
        let types = try IntrospectedTypes(schema)
        var models: [AmplifyModel] = []
        for type in types.objectTypes {
            if let model = try types.model(for: type) { models.append(model) }
        }
        var result = ModelSchema(models: models, enums: types.enums, nonModels: [:])
        for model in models {
            for field in model.fields { types.collectNonModels(field.type, into: &result.nonModels, depth: 0) }
        }
        result.noteUndescribedTypes()
        return result
    }
}

/// A type reference of an introspection answer (`{kind, name, ofType}`) unwrapped.
struct TypeReference {
    var name: String
    var kind: String
    var isRequired: Bool
    var isList: Bool
    var listItemsNullable: Bool

    /// Lists of lists do not occur in Amplify's schemas: the inner list is read as its items.
    init(_ entry: JSONCursor) throws(ModelDescriptionError) {
        var cursor = entry
        var wrappers: [String] = []
        while true {
            let kind = try cursor.required("kind").string()
            guard kind == "NON_NULL" || kind == "LIST" else {
                name = try cursor.required("name").name()
                self.kind = kind
                break
            }
            wrappers.append(kind)
            guard wrappers.count <= 8 else { throw cursor.problem("a type wrapped more than 8 times") }
            cursor = try cursor.required("ofType")
        }
        isList = wrappers.contains("LIST")
        isRequired = wrappers.first == "NON_NULL"
        let afterList = wrappers.drop(while: { $0 != "LIST" }).dropFirst()
        listItemsNullable = afterList.first != "NON_NULL"
    }
}
