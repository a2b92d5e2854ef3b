import JSONValues

/// Writes models as Amplify Gen 2 describes them in an `amplify_outputs.json`
/// (`data.model_introspection`), the inverse of `ModelIntrospectionReader`: `version: 1`, then
/// `models`, `enums` and `nonModels` keyed by name. A model is `{name, fields, syncable: true,
/// pluralName, attributes, primaryKeyInfo}` (`syncable` is written for every Gen 2 model, although
/// the API has no sync query); a field `{name, isArray, type, isRequired, attributes}`, with
/// `isArrayNullable` for a list, `association` for a relation and `isReadOnly` where only the
/// server writes it (`createdAt`, `updatedAt`); the attributes are the model's, the key's when it
/// is not `id` alone, each secondary index's (`{name, queryField?, fields}`) and the auth rules'.
/// Models and fields keep their order, as Amplify writes them.
///
/// What the reader reads back is the schema written, except what the format has no place for: a
/// field's `maximumLength` (the server's own rule), an `ownerField` without an owner rule and
/// `requiresOwnerArgument` (both learnt from GraphQL introspection) and an auth provider the app
/// does not know (written as none).
public enum ModelIntrospectionWriter {
    /// Pretty-printed JSON text, two spaces a level; `indentLevel` levels deeper throughout, for
    /// text that goes inside another object at that depth (the opening brace is not indented).
    public static func text(_ schema: ModelSchema, indentLevel: Int = 0) -> [UInt8] {
        var bytes: [UInt8] = []
        object(schema).append(to: &bytes, level: indentLevel)
        return bytes
    }

    static func object(_ schema: ModelSchema) -> Node {
        .object([
            ("version", .number(1)),
            ("models", .object(schema.models.map { ($0.name, model($0)) })),
            ("enums", .object(schema.enums.values.sorted { $0.name < $1.name }.map { enumeration in
                (enumeration.name, .object([("name", .string(enumeration.name)), ("values", .array(enumeration.values.map(Node.string)))]))
            })),
            ("nonModels", .object(schema.nonModels.values.sorted { $0.name < $1.name }.map { type in
                (type.name, .object([("name", .string(type.name)), ("fields", fields(type.fields))]))
            })),
        ])
    }

    static func model(_ model: AmplifyModel) -> Node {
        var attributes: [Node] = [.object([("type", .string("model")), ("properties", .object([]))])]
        if model.primaryKey.isCustom {
            attributes.append(.object([
                ("type", .string("key")), ("properties", .object([("fields", .array(model.primaryKey.fields.map(Node.string)))])),
            ]))
        }
        for index in model.indexes {
            var properties: [(String, Node)] = [("name", .string(index.name))]
            if let queryField = index.queryField { properties.append(("queryField", .string(queryField))) }
            properties.append(("fields", .array(index.fields.map(Node.string))))
            attributes.append(.object([("type", .string("key")), ("properties", .object(properties))]))
        }
        if !model.authRules.isEmpty {
            attributes.append(.object([("type", .string("auth")), ("properties", .object([("rules", .array(model.authRules.map(rule)))]))]))
        }
        return .object([
            ("name", .string(model.name)),
            ("fields", fields(model.fields)),
            ("syncable", .bool(true)),
            ("pluralName", .string(model.pluralName)),
            ("attributes", .array(attributes)),
            ("primaryKeyInfo", .object([
                ("isCustomPrimaryKey", .bool(model.primaryKey.isCustom)),
                ("primaryKeyFieldName", .string(model.primaryKey.partitionKey)),
                ("sortKeyFieldNames", .array(model.primaryKey.sortKeys.map(Node.string))),
            ])),
        ])
    }

    static func fields(_ fields: [ModelField]) -> Node {
        .object(fields.map { ($0.name, field($0)) })
    }

    /// For a list, `isRequired` is about its items and `isArrayNullable` about the list itself.
    static func field(_ field: ModelField) -> Node {
        let type: Node = switch field.type {
        case .scalar(let scalar): .string(scalar.rawValue)
        case .enumeration(let name): .object([("enum", .string(name))])
        case .nonModel(let name): .object([("nonModel", .string(name))])
        case .model(let name): .object([("model", .string(name))])
        case .unknown(let name): .string(name)
        }
        var members: [(String, Node)] = [
            ("name", .string(field.name)),
            ("isArray", .bool(field.isList)),
            ("type", type),
            ("isRequired", .bool(field.isList ? !field.listItemsNullable : field.isRequired)),
            ("attributes", .array([])),
        ]
        if field.isList { members.append(("isArrayNullable", .bool(!field.isRequired))) }
        if let association = field.association.flatMap(Self.association) { members.append(("association", association)) }
        if field.isReadOnly { members.append(("isReadOnly", .bool(true))) }
        return .object(members)
    }

    /// Nil for a `toOne` (GraphQL introspection's relation of unknown kind): written without an
    /// association, it reads back as one.
    static func association(_ association: ModelAssociation) -> Node? {
        let connection: String
        switch association.kind {
        case .belongsTo: connection = "BELONGS_TO"
        case .hasMany: connection = "HAS_MANY"
        case .hasOne: connection = "HAS_ONE"
        case .toOne: return nil
        }
        var members: [(String, Node)] = [("connectionType", .string(connection))]
        if !association.associatedWith.isEmpty { members.append(("associatedWith", .array(association.associatedWith.map(Node.string)))) }
        if !association.targetNames.isEmpty { members.append(("targetNames", .array(association.targetNames.map(Node.string)))) }
        return .object(members)
    }

    /// `{allow, provider, ownerField?, identityClaim?, groupsField?, groups?, groupClaim?,
    /// operations}`, the claims being Amplify's defaults for user pools.
    static func rule(_ rule: AuthRule) -> Node {
        var members: [(String, Node)] = [("allow", .string(rule.strategy.name))]
        if let provider = rule.provider { members.append(("provider", .string(provider.rawValue))) }
        if rule.strategy == .owner {
            members.append(("ownerField", .string(rule.ownerField ?? "owner")))
            if rule.provider == .userPools { members.append(("identityClaim", .string("cognito:username"))) }
        }
        if rule.strategy == .groups {
            if let groupsField = rule.groupsField { members.append(("groupsField", .string(groupsField))) }
            if !rule.groups.isEmpty { members.append(("groups", .array(rule.groups.map(Node.string)))) }
            if rule.provider == .userPools { members.append(("groupClaim", .string("cognito:groups"))) }
        }
        let operations = ModelOperation.allCases.filter(rule.operations.contains)
        members.append(("operations", .array(operations.map { .string($0.rawValue) })))
        return .object(members)
    }

    /// A JSON value whose objects keep their members' order (`JSONValue`'s do not).
    enum Node {
        case string(String)
        case number(Int)
        case bool(Bool)
        case array([Node])
        case object([(String, Node)])

        func append(to bytes: inout [UInt8], level: Int) {
            func newline(_ level: Int) {
                bytes.append(UInt8(ascii: "\n"))
                bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
            }
            switch self {
            case .string(let text): JSONWriter.appendString(text, to: &bytes)
            case .number(let number): bytes.append(contentsOf: String(number).utf8)
            case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
            case .array(let items) where items.isEmpty: bytes.append(contentsOf: "[]".utf8)
            case .object(let members) where members.isEmpty: bytes.append(contentsOf: "{}".utf8)
            case .array(let items):
                bytes.append(UInt8(ascii: "["))
                for (index, item) in items.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    newline(level + 1)
                    item.append(to: &bytes, level: level + 1)
                }
                newline(level)
                bytes.append(UInt8(ascii: "]"))
            case .object(let members):
                bytes.append(UInt8(ascii: "{"))
                for (index, (key, value)) in members.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    newline(level + 1)
                    JSONWriter.appendString(key, to: &bytes)
                    bytes.append(contentsOf: ": ".utf8)
                    value.append(to: &bytes, level: level + 1)
                }
                newline(level)
                bytes.append(UInt8(ascii: "}"))
            }
        }
    }
}
