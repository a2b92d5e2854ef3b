import Foundation
import GraphQL
import Hummingbird
import NIOCore
import SigV4

/// `POST /graphql` (and a plain `GET`, refused as a request without a body): body limit, authorization (an IAM signature covers the body, so it is read
/// first), injected 503, JSON body, then the GraphQL engine (injected latency first, within the
/// execution time limit), whose answer to a mutation may be marked to be lost (`LostAnswerHandler`).
struct GraphQLHTTPHandler: Sendable {
    let graphQL: AppSyncGraphQL
    let authenticator: RequestAuthenticator
    let faults: FaultSettings
    let limits: ServerLimits

    func handle(_ request: Request, context: some RequestContext) async throws -> Response {
        // The delay is decided as the request arrives: a client that gives up while its body is
        // read and checked must still find its write applied only after the delay.
        let delay = faults.nextDelay()
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limits.maxBodyBytes {
            return tooLarge()
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: limits.maxBodyBytes)
        } catch is NIOTooManyBytesError {
            return tooLarge()
        }
        // HTTP/1's Host header arrives as the request's authority, not among its headers.
        let host = request.head.authority.map { [(name: "host", value: $0)] } ?? []
        let auth = await authenticator.check(SigV4Signer.Request(
            method: request.method.rawValue, path: request.uri.path, query: request.uri.query ?? "",
            headers: host + request.headers.map { ($0.name.canonicalName, $0.value) }, body: Array(body.readableBytesView)))
        guard auth == .authorized else { return Self.json(auth.body, status: auth.status) }
        if faults.shouldAnswerErrorStatus() { return serviceUnavailable() }
        // AppSync's words for a request without a body, a plain `GET` included.
        guard body.readableBytes > 0 else {
            return Self.json(requestErrors(type: "MalformedHttpRequestException", message: "Request body is empty."), status: .badRequest)
        }

        let parsed: GraphQLHTTPBody
        do {
            parsed = try GraphQLHTTPBody(json: Array(body.readableBytesView), maxDepth: limits.maxNesting)
        } catch {
            return Self.json(requestErrors(type: "MalformedHttpRequestException", message: error.description), status: .badRequest)
        }
        let answer = await graphQL.execute(
            query: parsed.query, variables: parsed.variables, operationName: parsed.operationName, after: delay)
        var response: Response
        switch answer.body {
        case .value(let value): response = Self.json(value, status: .ok)
        case .json(let bytes): response = Self.json(bytes, status: .ok)
        }
        // Rolled only once the mutation has run: its write (if any) is committed and published.
        if answer.ranMutation, faults.shouldLoseAnswer() { LostAnswerHandler.markToLose(&response) }
        return response
    }

    /// `--error-rate`: what an overloaded gateway answers; the request never reaches the engine.
    private func serviceUnavailable() -> Response {
        Self.json(
            requestErrors(type: "ServiceUnavailable", message: "Injected 503 (error-rate \(faults.values.errorStatusRate))"),
            status: .serviceUnavailable)
    }

    private func tooLarge() -> Response {
        Self.json(
            requestErrors(
                type: "PayloadTooLargeException",
                message: "The request body is larger than this server accepts (\(limits.maxBodyBytes) bytes)."),
            status: .contentTooLarge)
    }

    private func requestErrors(type: String, message: String) -> Map {
        .dictionary(["errors": .array([GraphQLErrorFormatter.requestError(type: type, message: message)])])
    }

    static func json(_ value: Map, status: HTTPResponse.Status) -> Response {
        // Encoding a Map built from JSON-able values cannot fail; an empty object is the fallback.
        json(Array((try? GraphQLJSONEncoder().encode(value)) ?? Data("{}".utf8)), status: status)
    }

    static func json(_ data: [UInt8], status: HTTPResponse.Status) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json; charset=UTF-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
