import GraphQL

/// A type's fields in the order the schema declares them, as AppSync lists them. The library
/// sorts them by name; a client that builds its columns and forms from introspection (the
/// model browser learning an API's models, say) then showed `amount`, `category`, `date`, … for
/// a model declared `description`, `amount`, `date`, ….
enum IntrospectionOrder {
    /// `resolve`, with the lists of `__Type.fields` and `__Type.inputFields` put back in the
    /// declared order; any other introspection field as it is.
    static func declared(_ resolve: @escaping GraphQLFieldResolve, field: String) -> GraphQLFieldResolve {
        switch field {
        case "fields":
            return { source, arguments, context, info in
                let value = try await resolve(source, arguments, context, info)
                guard let fields = value as? [GraphQLFieldDefinition], let declared = try declaredFieldNames(of: source) else { return value }
                return ordered(fields, as: declared, name: \.name)
            }
        case "inputFields":
            return { source, arguments, context, info in
                let value = try await resolve(source, arguments, context, info)
                guard let fields = value as? [InputObjectFieldDefinition], let type = source as? GraphQLInputObjectType else { return value }
                return ordered(fields, as: Array(try type.fields().keys), name: \.name)
            }
        default:
            return resolve
        }
    }

    private static func declaredFieldNames(of source: any Sendable) throws -> [String]? {
        if let type = source as? GraphQLObjectType { return Array(try type.fields().keys) }
        if let type = source as? GraphQLInterfaceType { return Array(try type.fields().keys) }
        return nil
    }

    private static func ordered<Item>(_ items: [Item], as declared: [String], name: (Item) -> String) -> [Item] {
        let position = Dictionary(declared.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        // Stable: anything the declaration does not name keeps the library's order, at the end.
        return items.enumerated().sorted { a, b in
            (position[name(a.element)] ?? declared.count + a.offset, a.offset) < (position[name(b.element)] ?? declared.count + b.offset, b.offset)
        }.map(\.element)
    }
}
