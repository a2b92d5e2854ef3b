/// `x-api-key`.
public struct APIKeyAuthorizer: RequestAuthorizer {
    let key: String
    public init(key: String) { self.key = key }
    public var modeDescription: String { "API key" }
    public func headers(for request: AuthorizationRequest) async throws(AuthorizationFailure) -> [(name: String, value: String)] {
        [("x-api-key", key)]
    }
}
