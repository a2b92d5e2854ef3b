import Foundation

/// Where IAM credentials come from.
public protocol AWSCredentialsProvider: Sendable {
    /// Where they come from, for the header ("environment", "profile dev", "guest"). No secret.
    var sourceDescription: String { get }
    func credentials() async throws(AuthorizationFailure) -> AWSCredentials
    /// The server refused them: drop what is cached. True when new ones may differ.
    func invalidate() async -> Bool
}
