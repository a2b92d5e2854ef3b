import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1

/// GraphQL over HTTP against an AppSync API (or anything that speaks its protocol).
/// Every outcome is sorted into an answer or an `AppSyncFailure` the caller can act on.
public struct AppSyncClient: Sendable {
    public let configuration: AppSyncConfiguration
    /// Adds the auth mode's headers to every request (see `RequestAuthorizer`).
    public let authorizer: any RequestAuthorizer
    private let http: HTTPClient
    private let timeout: Duration
    private let logger: Logger
    /// Larger answers are refused rather than buffered without bound.
    static let maximumResponseBytes = 16 * 1024 * 1024

    /// One client for the process (like `HTTPClient.shared`, never shut down), but a
    /// refused connection fails at once instead of being retried until the deadline:
    /// going offline must show quickly, and the sender has its own backoff.
    public static let sharedHTTPClient: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(10)
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// With no authorizer, the configuration's API key is sent.
    public init(
        configuration: AppSyncConfiguration, authorizer: (any RequestAuthorizer)? = nil, http: HTTPClient = sharedHTTPClient,
        timeout: Duration = .seconds(20), logger: Logger = Logger(label: "proptui.appsync")
    ) {
        self.configuration = configuration
        self.authorizer = authorizer ?? APIKeyAuthorizer(key: configuration.apiKey ?? "")
        self.http = http
        self.timeout = timeout
        self.logger = logger
    }

    /// Sends one request. A GraphQL-level error comes back inside the response
    /// (the caller knows which field it concerns); everything else is a failure.
    public func execute(_ request: GraphQLRequest) async throws(AppSyncFailure) -> GraphQLResponse {
        let (status, answer) = try await exchange(request)
        return try Self.interpret(status: status, body: answer)
    }

    /// Sends one request and reads one field of its `data` straight from the answer's bytes
    /// into `Value` (nil when the field is null or absent). An error that names the field, or
    /// else the first error, is thrown as what it means; a field of another shape is a
    /// transient failure that says where it differs.
    public func execute<Value: JSONReadable>(
        _ request: GraphQLRequest, field: String, as type: Value.Type
    ) async throws(AppSyncFailure) -> Value? {
        try await execute(request, field: field) { reader throws(JSONReadError) in try Value(json: &reader) }
    }

    /// The same, with the field's value read by `readValue`.
    public func execute<Value>(
        _ request: GraphQLRequest, field: String, reading readValue: (inout JSONReader) throws(JSONReadError) -> Value
    ) async throws(AppSyncFailure) -> Value? {
        let (status, answer) = try await exchange(request)
        return try Self.interpret(status: status, body: answer, field: field, reading: readValue)
    }

    func exchange(_ request: GraphQLRequest) async throws(AppSyncFailure) -> (UInt, Data) {
        let body: Data
        do {
            body = try JSONEncoder().encode(request)
        } catch {
            throw .rejected(GraphQLError(message: "the request cannot be encoded: \(error)"))
        }
        // A refused token or expired credentials get one chance to be renewed (the token
        // command run again, the refresh token used, new guest credentials) before the
        // refusal is reported.
        var (status, answer) = try await send(body, operationName: request.operationName)
        if status == 401 || status == 403, await authorizer.renewAfterRefusal() {
            (status, answer) = try await send(body, operationName: request.operationName)
        }
        return (status, answer)
    }

    private func send(_ body: Data, operationName: String?) async throws(AppSyncFailure) -> (UInt, Data) {
        var httpRequest = HTTPClientRequest(url: configuration.graphQLEndpoint.absoluteString)
        httpRequest.method = .POST
        let baseHeaders: [(name: String, value: String)] = [("content-type", "application/json"), ("accept", "application/json")]
        let authHeaders: [(name: String, value: String)]
        do throws(AuthorizationFailure) {
            authHeaders = try await authorizer.headers(
                for: AuthorizationRequest(method: "POST", url: configuration.graphQLEndpoint, headers: baseHeaders, body: Array(body)))
        } catch {
            // Nothing was sent: a Cognito that cannot be reached is the network being down.
            throw error.isTransient ? .unreachable(error.description) : .unauthorized(error.description)
        }
        for (name, value) in baseHeaders + authHeaders { httpRequest.headers.add(name: name, value: value) }
        httpRequest.body = .bytes(ByteBuffer(bytes: body))

        do {
            let response = try await http.execute(httpRequest, timeout: .nanoseconds(timeout.nanoseconds))
            let bytes = try await response.body.collect(upTo: Self.maximumResponseBytes)
            return (response.status.code, Data(bytes.readableBytesView))
        } catch {
            logger.debug("request failed", metadata: ["operation": "\(operationName ?? "-")", "error": "\(error)"])
            throw Self.classifyTransport(error)
        }
    }

    /// Sorts an HTTP answer: the status first, then whether the body is GraphQL at all.
    static func interpret(status: UInt, body: Data) throws(AppSyncFailure) -> GraphQLResponse {
        let decoded = try? JSONReader.read(body) { reader throws(JSONReadError) in try GraphQLResponse(json: &reader) }
        guard (200..<300).contains(status) else { throw refusal(status: status, decoded) }
        guard let decoded, decoded.isGraphQL else { throw notGraphQL(status: status) }
        return decoded
    }

    /// The same for one field read straight into its type (see `GraphQLFieldAnswer`). Only a
    /// refusal's body, small, is read as a tree.
    static func interpret<Value>(
        status: UInt, body: Data, field: String, reading readValue: (inout JSONReader) throws(JSONReadError) -> Value
    ) throws(AppSyncFailure) -> Value? {
        guard (200..<300).contains(status) else {
            throw refusal(status: status, try? JSONReader.read(body) { reader throws(JSONReadError) in try GraphQLResponse(json: &reader) })
        }
        guard let answer = try? GraphQLFieldAnswer.read(body, field: field, readValue), answer.isGraphQL else {
            throw notGraphQL(status: status)
        }
        if let error = GraphQLError.first(in: answer.errors, naming: field) { throw error.failure }
        if let problem = answer.shapeProblem { throw .transient("the server's answer has an unexpected shape (\(problem))") }
        return answer.value
    }

    private static func notGraphQL(status: UInt) -> AppSyncFailure {
        .misconfigured("the server answered HTTP \(status) with something that is not GraphQL")
    }

    /// What an answer other than 2xx means.
    private static func refusal(status: UInt, _ decoded: GraphQLResponse?) -> AppSyncFailure {
        let isGraphQL = decoded?.isGraphQL ?? false
        let firstMessage = decoded?.errors?.first?.message
        switch status {
        case 401, 403:
            return .unauthorized(firstMessage ?? "the server refused the credentials (HTTP \(status))")
        case 408, 429, 500, 502, 503, 504:
            return .transient("the server is unavailable (HTTP \(status))")
        case 400..<500 where isGraphQL:
            if let invalid = decoded?.errors?.first(where: \.isValidationError) { return invalid.failure }
            return .rejected(GraphQLError(message: firstMessage ?? "the server refused the request (HTTP \(status))"))
        default:
            // 404, 405, 501, a redirect, a web page: not an AppSync GraphQL endpoint.
            return .misconfigured("the server answered HTTP \(status): is the endpoint an AppSync GraphQL URL (…/graphql)?")
        }
    }

    /// Says what went wrong on the way, in words, and whether the request can have reached the server.
    static func classifyTransport(_ error: any Error) -> AppSyncFailure {
        if let failure = TransportFailure(error) { return failure.appSyncFailure }
        return .transient("the connection failed (\(error))")
    }
}

extension Duration {
    var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
