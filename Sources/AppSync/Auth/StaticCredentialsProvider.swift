/// Credentials that do not change: from the environment or a profile.
public struct StaticCredentialsProvider: AWSCredentialsProvider {
    public let sourceDescription: String
    let value: AWSCredentials

    public init(_ credentials: AWSCredentials, source: String) {
        value = credentials
        sourceDescription = source
    }

    public func credentials() async throws(AuthorizationFailure) -> AWSCredentials { value }
    public func invalidate() async -> Bool { false }

    /// `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and (optionally) `AWS_SESSION_TOKEN`.
    public static func environment(_ environment: [String: String]) -> StaticCredentialsProvider? {
        guard let id = environment["AWS_ACCESS_KEY_ID"], !id.isEmpty,
            let secret = environment["AWS_SECRET_ACCESS_KEY"], !secret.isEmpty
        else { return nil }
        return StaticCredentialsProvider(
            AWSCredentials(accessKeyId: id, secretAccessKey: secret, sessionToken: environment["AWS_SESSION_TOKEN"]),
            source: "environment")
    }
}
