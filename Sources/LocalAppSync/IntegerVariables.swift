import GraphQL

/// GraphQLSwift coerces a JSON number with a fraction into an `Int` variable (2.5 becomes a
/// page `limit` of 2); the spec's input coercion for `Int` refuses any non-integral value, and so
/// do graphql-java and AppSync. This finds such a value wherever an `Int` is expected: the
/// variable itself, a list's elements, an input object's fields, at any depth. The walk keeps its
/// own stack, so the variables' nesting (at most `ServerLimits.maxNesting`) never reaches the
/// thread's stack.
enum IntegerVariables {
    static func refusal(of operation: OperationDefinition?, variables: [String: Map], schema: GraphQLSchema) -> GraphQLError? {
        guard let operation else { return nil }
        for definition in operation.variableDefinitions {
            let name = definition.variable.name.value
            guard let value = variables[name] else { continue }
            if let (bad, path) = firstFraction(in: value, expected: .syntax(definition.type), named: name, schema: schema) {
                let locations = definition.loc.map { [SourceLocation(line: $0.startToken.line, column: $0.startToken.column)] } ?? []
                return GraphQLError(
                    message: "Variable \"$\(name)\" got invalid value \(bad) at \"\(path)\".\nInt cannot represent non-integer value: \(bad)",
                    locations: locations)
            }
        }
        return nil
    }

    /// A type as the document writes it or as the schema defines it.
    private enum Expected {
        case syntax(any Type)
        case schema(any GraphQLType)
    }

    private static func firstFraction(
        in value: Map, expected: Expected, named name: String, schema: GraphQLSchema
    ) -> (Double, String)? {
        var pending: [(value: Map, expected: Expected, path: String)] = [(value, expected, name)]
        while let (value, expected, path) = pending.popLast() {
            switch expected {
            case .syntax(let type as NonNullType):
                pending.append((value, .syntax(type.type), path))
            case .syntax(let type as ListType):
                // A single value where a list is expected is coerced to a list of one.
                for (index, element) in (value.array ?? [value]).enumerated() {
                    pending.append((element, .syntax(type.type), value.array == nil ? path : "\(path)[\(index)]"))
                }
            case .syntax(let type as NamedType):
                if let named = schema.getType(name: type.name.value) { pending.append((value, .schema(named), path)) }
            case .syntax:
                continue
            case .schema(let type as GraphQLNonNull):
                pending.append((value, .schema(type.ofType), path))
            case .schema(let type as GraphQLList):
                for (index, element) in (value.array ?? [value]).enumerated() {
                    pending.append((element, .schema(type.ofType), value.array == nil ? path : "\(path)[\(index)]"))
                }
            case .schema(let type as GraphQLInputObjectType):
                guard case .dictionary(let fields) = value, let definitions = try? type.fields() else { continue }
                for (key, field) in fields {
                    if let definition = definitions[key] { pending.append((field, .schema(definition.type), "\(path).\(key)")) }
                }
            case .schema(let type as GraphQLScalarType) where type.name == "Int":
                if case .number(let number) = value, number.doubleValue.rounded(.towardZero) != number.doubleValue {
                    return (number.doubleValue, path)
                }
            case .schema:
                continue
            }
        }
        return nil
    }
}
