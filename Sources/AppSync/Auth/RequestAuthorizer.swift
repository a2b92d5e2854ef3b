import Foundation

/// Authorizes AppSync requests in one of its modes: every GraphQL request over HTTP, and the
/// realtime socket's handshake and `start` messages.
public protocol RequestAuthorizer: Sendable {
    /// What the status line says is in use, like "IAM (guest)". Never a secret.
    var modeDescription: String { get }

    /// The headers to add to `request` (replacing any of the same name).
    func headers(for request: AuthorizationRequest) async throws(AuthorizationFailure) -> [(name: String, value: String)]

    /// The server refused what `headers(for:)` gave: renew what can be renewed (run the token
    /// command again, use the refresh token, fetch new guest credentials). True when a retry
    /// is worth it; the client retries once.
    func renewAfterRefusal() async -> Bool

    /// Called once before the screen takes the terminal: sign in now if a prompt is needed.
    func prepare() async throws(AuthorizationFailure)
}

extension RequestAuthorizer {
    public func renewAfterRefusal() async -> Bool { false }
    public func prepare() async throws(AuthorizationFailure) {}

    /// The realtime auth JSON for an API at `apiURL` (its HTTPS GraphQL URL): the handshake
    /// signs `payload` (`{}`) against `<apiURL>/connect`, a `start` message signs its `data`
    /// string against `apiURL` itself. API keys and tokens simply come back with `host`.
    public func realtimeAuthorization(apiURL: URL, payload: [UInt8], isHandshake: Bool) async throws(AuthorizationFailure)
        -> [String: String]
    {
        let url = isHandshake ? apiURL.appendingPathComponent("connect") : apiURL
        let host = AuthorizationRequest.hostHeader(for: apiURL)
        let base: [(name: String, value: String)] = [
            ("accept", "application/json, text/javascript"), ("content-encoding", "amz-1.0"),
            ("content-type", "application/json; charset=UTF-8"), ("host", host),
        ]
        let added = try await headers(for: AuthorizationRequest(method: "POST", url: url, headers: base, body: payload))
        var result: [String: String] = ["host": host]
        if added.contains(where: { $0.name.lowercased() == "x-amz-date" }) {
            // Signed: every header the signature covers travels with it.
            for (name, value) in base { result[name] = value }
        }
        for (name, value) in added { result[name] = value }
        return result
    }

    /// The realtime auth JSON, base64-encoded as the handshake's `header` query parameter wants it.
    public func realtimeHeaderParameter(apiURL: URL) async throws(AuthorizationFailure) -> String {
        let json = try await realtimeAuthorization(apiURL: apiURL, payload: Array("{}".utf8), isHandshake: true)
        let data = (try? JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])) ?? Data("{}".utf8)
        return data.base64EncodedString()
    }
}

extension RequestAuthorizer {
    /// The realtime client's authorization (`RealtimeClient`'s `authorize`) for an API at
    /// `graphQLEndpoint`, in this authorizer's mode. The client asks with `{}` for the handshake
    /// (signed against `/graphql/connect`) and with a subscription's data string for each
    /// `start` (signed against `/graphql`); a data string is never `{}`.
    public func realtimeAuthorization(graphQLEndpoint: URL) -> RealtimeAuthorization {
        { payload throws(AppSyncFailure) in
            do throws(AuthorizationFailure) {
                return try await self.realtimeAuthorization(
                    apiURL: graphQLEndpoint, payload: Array(payload.utf8), isHandshake: payload == "{}")
            } catch {
                throw error.isTransient ? .unreachable(error.description) : .unauthorized(error.description)
            }
        }
    }
}
