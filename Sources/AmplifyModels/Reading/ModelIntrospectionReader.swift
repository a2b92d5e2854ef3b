import Foundation

/// Reads the models of a Gen 2 backend from its `amplify_outputs.json` (`data.model_introspection`),
/// or from that object alone (Gen 1's `schema.js` object has the same shape).
///
/// What is malformed (a wrong kind of value, a missing name, a name that is not a GraphQL name)
/// is an error that names its path. What is merely unknown is kept: extra keys are ignored, and
/// a field type, a key or an auth provider the app does not know leaves the model readable and
/// read-only, with the reason (`AmplifyModel.readOnlyReasons`).
public enum ModelIntrospectionReader {
    public static func read(_ data: Data, limits: JSONParser.Limits = JSONParser.Limits()) throws(ModelDescriptionError) -> ModelSchema {
        let tree: JSONTree
        do {
            tree = try JSONParser.parse(data, limits: limits)
        } catch {
            throw ModelDescriptionError(path: "", problem: "the file is not JSON (\(error))")
        }
        return try read(tree)
    }

    /// From a whole outputs file, or from its `model_introspection` object.
    public static func read(_ tree: JSONTree) throws(ModelDescriptionError) -> ModelSchema {
        let root = JSONCursor(tree, path: "")
        guard case .object = tree else { throw ModelDescriptionError(path: "", problem: "expected an object, found \(tree.kindName)") }
        if let data = try root.optional("data") {
            guard let introspection = try data.optional("model_introspection") else {
                throw data.problem("model_introspection is missing: the backend's outputs describe no data models")
            }
            return try schema(introspection)
        }
        guard try root.optional("models") != nil else {
            throw root.problem("neither data.model_introspection (an amplify_outputs.json) nor models (a model_introspection object)")
        }
        return try schema(root)
    }

    static func schema(_ introspection: JSONCursor) throws(ModelDescriptionError) -> ModelSchema {
        if let version = try introspection.optional("version"), version.value != .number("1") {
            throw version.problem("version \(version.value.jsonText) of model_introspection is not known (1 is)")
        }
        var enums: [String: ModelEnum] = [:]
        for (key, entry) in try introspection.optional("enums")?.members() ?? [] {
            let name = try entryName(entry, key: key)
            var values: [String] = []
            for value in try entry.required("values").array() { values.append(try value.name()) }
            enums[name] = ModelEnum(name: name, values: values)
        }
        var nonModels: [String: NonModelType] = [:]
        for (key, entry) in try introspection.optional("nonModels")?.members() ?? [] {
            let name = try entryName(entry, key: key)
            var fields: [ModelField] = []
            for (_, field) in try entry.required("fields").members() { fields.append(try Self.field(field)) }
            nonModels[name] = NonModelType(name: name, fields: fields)
        }
        var models: [AmplifyModel] = []
        for (key, entry) in try introspection.required("models").members() {
            models.append(try model(entry, key: key))
        }
        var schema = ModelSchema(models: models, enums: enums, nonModels: nonModels)
        schema.noteUndescribedTypes()
        return schema
    }

    static func model(_ entry: JSONCursor, key: String) throws(ModelDescriptionError) -> AmplifyModel {
        let name = try entryName(entry, key: key)
        let pluralName = try entry.required("pluralName").name()
        var fields: [ModelField] = []
        for (_, field) in try entry.required("fields").members() {
            let read = try Self.field(field)
            guard !fields.contains(where: { $0.name == read.name }) else { throw field.problem("a second field named \(read.name)") }
            fields.append(read)
        }
        var rules: [AuthRule] = []
        var keyFromAttributes: [String]?
        for attribute in try entry.optional("attributes")?.array() ?? [] {
            switch try attribute.optional("type")?.string() {
            case "auth":
                for rule in try attribute.optional("properties")?.optional("rules")?.array() ?? [] {
                    rules.append(try authRule(rule))
                }
            case "key":
                // The primary key of a file without primaryKeyInfo: the key attribute without a name.
                let properties = try attribute.optional("properties")
                if try properties?.optional("name") == nil, let names = try properties?.optional("fields")?.names() {
                    keyFromAttributes = names
                }
            default: continue
            }
        }
        var model = AmplifyModel(
            name: name, pluralName: pluralName, fields: fields, primaryKey: .id, authRules: rules,
            ownerField: rules.first { $0.strategy == .owner }?.ownerField)
        try model.readKey(entry.optional("primaryKeyInfo"), keyFromAttributes: keyFromAttributes)
        model.addImplicitOwnerFields()
        return model
    }

    static func authRule(_ rule: JSONCursor) throws(ModelDescriptionError) -> AuthRule {
        let strategy = AuthRule.Strategy(try rule.required("allow").string())
        var provider = strategy.defaultProvider
        if let named = try rule.optional("provider")?.string() { provider = AuthProvider(ruleName: named) }
        var operations = ModelOperation.all
        if let listed = try rule.optional("operations") {
            operations = []
            for name in try listed.array() {
                if let operation = ModelOperation(ruleName: try name.string()) { operations.insert(operation) }
            }
        }
        var groups: [String] = []
        for group in try rule.optional("groups")?.array() ?? [] { groups.append(try group.string()) }
        return AuthRule(
            strategy: strategy, provider: provider, operations: operations,
            ownerField: try strategy == .owner ? rule.optional("ownerField")?.name() ?? "owner" : nil,
            groups: groups, groupsField: try rule.optional("groupsField")?.name())
    }
}

extension ModelIntrospectionReader {
    /// An entry's `name`, or (when it does not repeat it) its key, which must then be a name too.
    static func entryName(_ entry: JSONCursor, key: String) throws(ModelDescriptionError) -> String {
        if let name = try entry.optional("name") { return try name.name() }
        return try GraphQLName.checked(key, at: entry)
    }
}

extension GraphQLName {
    /// A key of the description used as a name (when the entry does not repeat it).
    static func checked(_ key: String, at entry: JSONCursor) throws(ModelDescriptionError) -> String {
        guard isValid(key) else { throw entry.problem("\(JSONTree.quoted(key)) is not a GraphQL name") }
        return key
    }
}
