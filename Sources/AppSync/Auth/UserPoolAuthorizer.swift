/// `Authorization: <access token>` from a user pool session.
public struct UserPoolAuthorizer: RequestAuthorizer {
    let session: CognitoUserPoolSession
    public init(session: CognitoUserPoolSession) { self.session = session }
    public var modeDescription: String { "user pool" }
    public func headers(for request: AuthorizationRequest) async throws(AuthorizationFailure) -> [(name: String, value: String)] {
        [("Authorization", try await session.accessToken())]
    }
    public func renewAfterRefusal() async -> Bool { await session.renewAfterRefusal() }
    public func prepare() async throws(AuthorizationFailure) {
        do throws(AuthorizationFailure) {
            _ = try await session.accessToken()
        } catch where error.isTransient {
            // Offline at start: the first request reports it, and signs in once the pool answers.
        }
    }
}
