import GraphQL

/// An error a resolver answers with, in AppSync's shape: `errorType`, `message` and, for a
/// conflict, the server's record in `data`. `GraphQLResponseFormatter` turns it into the
/// error object a standard AppSync client parses.
struct AppSyncResolverError: Error, CustomStringConvertible {
    let errorType: String
    let message: String
    let data: Map

    var description: String { message }

    /// Optimistic concurrency rejected a write made against an older `_version`: `serverItem` is
    /// the record as the server holds it, every field.
    static func conflictUnhandled(serverItem: Map) -> Self {
        Self(errorType: "ConflictUnhandled", message: "Conflict resolver rejects mutation.", data: serverItem)
    }

    /// DynamoDB's answer for a create whose id exists or a condition that does not hold.
    static var conditionalCheckFailed: Self {
        Self(
            errorType: "DynamoDB:ConditionalCheckFailedException",
            message: "The conditional request failed (Service: DynamoDb, Status Code: 400, Request ID: local)",
            data: .null)
    }

    static func validation(_ message: String) -> Self {
        Self(errorType: "ValidationException", message: message, data: .null)
    }

    /// A `nextToken` this server did not sign, or one issued for another query: AppSync's
    /// answer to a token it cannot use, word for word.
    static var invalidNextToken: Self {
        Self(
            errorType: "DynamoDB:UserIllegalArgumentException",
            message: "com.amazonaws.deepdish.common.pagination.InvalidPaginationTokenException: Invalid pagination token given.",
            data: .null)
    }

    /// A resolver past the request's resolver limit (AppSync's `resolverCountLimit`): AppSync's
    /// error type and message, with the limit said.
    static func resolverLimitReached(limit: Int) -> Self {
        Self(
            errorType: "ResolverExecutionLimitReached",
            message: "Resolver invocation limit reached (this server runs at most \(limit) resolvers per request).",
            data: .null)
    }

    /// A page that would take the request's answer past `ServerLimits.maxResponseBytes`. AppSync's
    /// answer when a resolver's result is too large is `MappingTemplate` / "Transformation too
    /// large"; the message adds what to do.
    static func responseTooLarge(limit: Int) -> Self {
        Self(
            errorType: "MappingTemplate",
            message: "Transformation too large: this request's answer would pass \(limit) bytes, the most this server sends in one response. Ask for fewer or smaller pages.",
            data: .null)
    }

    /// Introspection past `ServerLimits.maxIntrospectionValues` or the answer size, answered as a
    /// result too large.
    static func introspectionTooLarge(limit: Int) -> Self {
        Self(
            errorType: "MappingTemplate",
            message: "Transformation too large: this request's introspection would pass \(limit) values or the largest answer this server sends. Ask for the schema once.",
            data: .null)
    }

    /// A refusal, not a server fault: clients revert it rather than retry it
    /// (AppSync's `InternalFailure` would rightly be retried), which is what a demo needs.
    static func injectedFailure(rate: Double) -> Self {
        Self(
            errorType: "InjectedFailure",
            message: "Injected failure (fail-rate \(rate)): LocalAppSync rejected this mutation on purpose.",
            data: .null)
    }
}
