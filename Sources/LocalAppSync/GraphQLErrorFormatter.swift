import GraphQL

/// Renders errors in the exact shapes AppSync answers with (see appsync-protocol.md):
/// resolver errors carry `path`, `data`, `errorType`, `errorInfo`, `locations`, `message`;
/// validation errors carry `path: null`, `locations`, and graphql-java's
/// "Validation error of type …" message.
enum GraphQLErrorFormatter {
    static func resolverError(_ error: GraphQLError) -> Map {
        let original = error.originalError as? AppSyncResolverError
        let errorType: Map
        let message: String
        if let original {
            errorType = .string(original.errorType)
            message = original.message
        } else if error.path.elements.isEmpty {
            // No path: the request itself was wrong (a variable of the wrong type, say).
            errorType = .string("BadRequestException")
            message = error.message
        } else {
            errorType = .string("InternalFailure")
            message = error.message
        }
        return .dictionary([
            "path": path(error.path),
            "data": original?.data ?? .null,
            "errorType": errorType,
            "errorInfo": .null,
            "locations": locations(error.locations),
            "message": .string(message),
        ])
    }

    static func validationError(_ error: GraphQLError) -> Map {
        .dictionary([
            "path": .null,
            "locations": locations(error.locations),
            "message": .string("Validation error of type \(validationMessage(error.message))"),
        ])
    }

    static func syntaxError(_ error: GraphQLError) -> Map {
        .dictionary([
            "path": .null,
            "locations": locations(error.locations),
            "message": .string("Invalid Syntax : \(error.message)"),
            "errorType": .string("InvalidSyntax"),
        ])
    }

    /// An error about the request as a whole (limits, malformed body), not one field.
    static func requestError(type: String, message: String) -> Map {
        .dictionary(["errorType": .string(type), "message": .string(message)])
    }

    static func locations(_ locations: [SourceLocation]) -> Map {
        .array(locations.map { .dictionary(["line": .number(Number($0.line)), "column": .number(Number($0.column)), "sourceName": .null]) })
    }

    private static func path(_ path: IndexPath) -> Map {
        guard !path.elements.isEmpty else { return .null }
        return .array(path.elements.map { element in
            switch element {
            case .index(let index): .number(Number(index))
            case .key(let key): .string(key)
            }
        })
    }

    /// graphql-java's validation error type and message for GraphQLSwift's message.
    private static func validationMessage(_ message: String) -> String {
        let quoted = quotedParts(message)
        if message.hasPrefix("Cannot query field"), quoted.count >= 2 {
            return "FieldUndefined: Field '\(quoted[0])' in type '\(quoted[1])' is undefined @ '\(quoted[0])'"
        }
        let kinds: [(String, String)] = [
            ("Unknown argument", "UnknownArgument"),
            ("is required, but it was not provided", "MissingFieldArgument"),
            ("must have a selection of subfields", "SubSelectionRequired"),
            ("must not have a selection", "SubSelectionNotAllowed"),
            ("Unknown type", "UnknownType"),
            ("used in position expecting", "VariableTypeMismatch"),
            ("is not defined by type", "WrongType"),
            ("is not defined", "UndefinedVariable"),
            ("is never used", "UnusedVariable"),
            ("Unknown fragment", "UndefinedFragment"),
            ("can only have a single root field", "SubscriptionMultipleRootFields"),
            ("Expected value of type", "WrongType"),
            ("Expected type", "WrongType"),
            ("cannot represent", "WrongType"),
        ]
        let kind = kinds.first { message.contains($0.0) }?.1 ?? "ValidationError"
        return "\(kind): \(message)"
    }

    private static func quotedParts(_ message: String) -> [String] {
        message.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }
}
