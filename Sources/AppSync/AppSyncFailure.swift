/// Why a request to AppSync did not succeed, sorted by what the caller must do.
public enum AppSyncFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server refused the operation: revert it and say why.
    case rejected(GraphQLError)
    /// Nothing reached the server (the connection was refused, the host is unknown,
    /// connecting timed out): the network or the server is down. Wait until it is back.
    case unreachable(String)
    /// The request was sent but no usable answer came (a timeout, a connection closed
    /// mid-answer, 5xx, throttling, an answer that is not GraphQL): the server may or
    /// may not have applied it. Worth retrying, and checking what the server holds.
    case transient(String)
    /// The credentials were refused: keep everything, stop sending, tell the user.
    case unauthorized(String)
    /// The endpoint does not speak AppSync's GraphQL (HTTP 404, 501, a web page):
    /// a mistake in the configuration, not a network problem. Stop sending and say so.
    case misconfigured(String)
    /// The request was refused as invalid GraphQL: this API does not offer a query, field
    /// or argument the request asks for (another dialect of AppSync, or its schema changed).
    /// Nothing was applied. Stop sending, find out again what the API offers, and say what is missing.
    case notOffered(String)

    public var description: String {
        switch self {
        case .rejected(let error): error.message
        case .unreachable(let reason), .transient(let reason), .unauthorized(let reason), .misconfigured(let reason),
            .notOffered(let reason):
            reason
        }
    }

    /// Whether sending should stop until the user or the network changes something.
    public var stopsSending: Bool {
        switch self {
        case .unreachable, .unauthorized, .misconfigured, .notOffered: true
        case .rejected, .transient: false
        }
    }
}
