/// Why a request to AppSync did not succeed, sorted by what the caller must do.
public enum AppSyncFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server refused the operation: revert it and say why.
    case rejected(GraphQLError)
    /// Worth retrying: offline, timed out, 5xx, throttled, an answer that is not GraphQL.
    case transient(String)
    /// The credentials were refused: keep everything, stop sending, tell the user.
    case unauthorized(String)

    public var description: String {
        switch self {
        case .rejected(let error): error.message
        case .transient(let reason): reason
        case .unauthorized(let reason): reason
        }
    }
}
