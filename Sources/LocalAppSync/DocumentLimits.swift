import GraphQL

/// The limits a document must keep before the library parses and validates it, and the
/// AppSync-shaped error each refusal answers (see docs/protocol.md, "Limits").
///
/// Together they bound the library's work by construction: the text is scanned in one loop
/// (`DocumentScan`); once parsed, what validation and execution would expand (fragments,
/// literals) is measured without expanding it (`DocumentCost`).
enum DocumentLimits {
    /// Before parsing: the token count and bracket nesting, as graphql-java's parser refuses
    /// them (an `InvalidSyntax` error naming the limit).
    static func refusalBeforeParsing(_ query: String, limits: ServerLimits) -> Map? {
        switch DocumentScan.refusal(of: query, maxTokens: limits.maxTokens, maxNesting: limits.maxNesting) {
        case nil:
            return nil
        case .tooManyTokens(let limit, let line, let column)?:
            return syntaxLimit("More than \(limit) 'grammar' tokens have been presented.", line: line, column: column)
        case .nestedTooDeep(let limit, let line, let column)?:
            return syntaxLimit("More than \(limit) levels of nested brackets have been entered.", line: line, column: column)
        case .unfinishedEscape(let text, let line, let column)?:
            // graphql-java's lexer error for a token it cannot read.
            return syntaxError("token recognition error at: '\(text)'", line: line, column: column)
        }
    }

    /// After parsing, before validation: fragment cycles, nesting and depth through fragments,
    /// fields selected once fragments are expanded, and the cost of printing value literals.
    static func refusalBeforeValidating(_ document: Document, limits: ServerLimits) -> Map? {
        let cost = DocumentCost(of: document)
        if let cycle = cost.cycle {
            // What validation (NoFragmentCycles) would say; measuring further would not end.
            return GraphQLErrorFormatter.validationError(GraphQLError(message: "Cannot spread fragment \"\(cycle)\" within itself."))
        }
        if cost.depth > limits.maxQueryDepth || cost.nesting > limits.maxNesting {
            let message = cost.depth > limits.maxQueryDepth
                ? "The query is \(cost.depth) levels deep; this server accepts at most \(limits.maxQueryDepth)."
                : "The query nests selections and fragments \(cost.nesting) levels deep; this server accepts at most \(limits.maxNesting)."
            return GraphQLErrorFormatter.requestError(type: "QueryDepthLimitExceeded", message: message)
        }
        if cost.fields > limits.maxSelectedFields {
            return GraphQLErrorFormatter.requestError(
                type: "QueryComplexityLimitExceeded",
                message: "The query selects \(count(cost.fields)) fields once its fragments are expanded; this server accepts at most \(limits.maxSelectedFields) (maximum query complexity exceeded).")
        }
        if cost.literalCost > limits.maxLiteralCost {
            return GraphQLErrorFormatter.requestError(
                type: "QueryComplexityLimitExceeded",
                message: "The query's argument values are too large or nest too deep to check (cost \(count(cost.literalCost)); this server accepts at most \(limits.maxLiteralCost)). Pass large values in variables.")
        }
        return nil
    }

    /// graphql-java's words when its parser stops at a limit, in AppSync's syntax error shape.
    private static func syntaxLimit(_ what: String, line: Int, column: Int) -> Map {
        syntaxError("\(what) To prevent Denial Of Service attacks, parsing has been cancelled.", line: line, column: column)
    }

    private static func syntaxError(_ message: String, line: Int, column: Int) -> Map {
        .dictionary([
            "path": .null,
            "locations": GraphQLErrorFormatter.locations([SourceLocation(line: line, column: column)]),
            "message": .string("Invalid Syntax : \(message)"),
            "errorType": "InvalidSyntax",
        ])
    }

    /// A count, or "more than …" when it saturated.
    private static func count(_ value: Int) -> String { value >= Int.max / 4 ? "more than \(Int.max / 4)" : "\(value)" }
}
