import GraphQL

/// What the fast path (`FastPagePlan`) may write itself, read once from a served schema: the
/// root query fields whose resolvers leave their reads in a `PageCapture` (a model's `get`,
/// `list` and `sync`), and the fields of the record types and custom types under them, each
/// with its GraphQL type. A field with a resolver of its own (a relation) is left out, so a
/// document selecting one goes through the library.
struct AnswerShapes: Sendable {
    /// A field's GraphQL type, as far as writing its value needs it.
    indirect enum Value: Sendable {
        case nonNull(Value)
        case list(Value)
        case scalar(Scalar)
        /// An enum's value names.
        case enumeration(Set<String>)
        /// A custom type, its fields in `objects` under this name.
        case object(String)
    }

    enum Scalar: Sendable {
        /// `String`, `ID`: the library writes a string as it is.
        case text
        /// `Int`: 32 bits, as the library's `Int` serializes.
        case int
        case float
        case boolean
        /// `AWSDateTime`, `AWSJSON`, `AWSTimestamp`, …: declared in the SDL, serialized as given.
        case custom
    }

    /// Root query fields answering a page: the connection's type name and its records' type.
    let pages: [String: (connection: String, record: String)]
    /// Root query fields answering one record (or null): the record's type.
    let records: [String: String]
    /// The writable fields of record and custom types, by type name, then field name.
    let objects: [String: [String: Value]]

    /// Read from `schema` for the root fields in `capturing` (those whose resolvers keep their
    /// reads), with `recordTypes` the served models and `resolved` the fields with resolvers.
    init(schema: GraphQLSchema, capturing: Set<String>, recordTypes: Set<String>, resolved: [String: Set<String>]) throws {
        var pages: [String: (String, String)] = [:]
        var records: [String: String] = [:]
        var objects: [String: [String: Value]] = [:]
        var pending: [String] = []
        for (name, field) in try schema.queryType?.fields() ?? [:] where capturing.contains(name) {
            guard let type = Self.named(field.type) as? GraphQLObjectType else { continue }
            if recordTypes.contains(type.name) {
                records[name] = type.name
                pending.append(type.name)
            } else if let items = try type.fields()["items"], let record = Self.named(items.type) as? GraphQLObjectType,
                recordTypes.contains(record.name)
            {
                pages[name] = (type.name, record.name)
                pending.append(record.name)
            }
        }
        while let typeName = pending.popLast() {
            guard objects[typeName] == nil, let type = schema.getType(name: typeName) as? GraphQLObjectType else { continue }
            var fields: [String: Value] = [:]
            for (name, field) in try type.fields() where !(resolved[typeName]?.contains(name) ?? false) {
                guard let value = Self.value(field.type, recordTypes: recordTypes, found: &pending) else { continue }
                fields[name] = value
            }
            objects[typeName] = fields
        }
        (self.pages, self.records, self.objects) = (pages, records, objects)
    }

    /// A field's type as a `Value`; nil for a type the fast path does not write (a record type,
    /// which only a relation answers). A custom type met here is added to `found`.
    private static func value(_ type: any GraphQLType, recordTypes: Set<String>, found: inout [String]) -> Value? {
        switch type {
        case let nonNull as GraphQLNonNull: return value(nonNull.ofType, recordTypes: recordTypes, found: &found).map(Value.nonNull)
        case let list as GraphQLList: return value(list.ofType, recordTypes: recordTypes, found: &found).map(Value.list)
        case let enumeration as GraphQLEnumType: return .enumeration(Set(enumeration.values.map(\.name)))
        case let object as GraphQLObjectType:
            guard !recordTypes.contains(object.name) else { return nil }
            found.append(object.name)
            return .object(object.name)
        case let scalar as GraphQLScalarType:
            switch scalar.name {
            case "String", "ID": return .scalar(.text)
            case "Int": return .scalar(.int)
            case "Float": return .scalar(.float)
            case "Boolean": return .scalar(.boolean)
            default: return .scalar(.custom)
            }
        default: return nil
        }
    }

    private static func named(_ type: any GraphQLType) -> (any GraphQLType)? {
        switch type {
        case let nonNull as GraphQLNonNull: named(nonNull.ofType)
        case let list as GraphQLList: named(list.ofType)
        default: type
        }
    }
}
