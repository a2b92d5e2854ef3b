import Foundation

/// A Cognito identity pool that hands out guest credentials.
public struct IdentityPoolSettings: Sendable, Equatable {
    public var id: String
    public var region: String
    /// Where its API is, when not AWS's (the embedded sandbox names itself here).
    public var endpoint: URL?

    public init(id: String, region: String? = nil, endpoint: URL? = nil) {
        self.id = id
        // An identity pool id is `REGION:UUID`.
        self.region = region ?? String(id.split(separator: ":").first ?? "")
        self.endpoint = endpoint
    }
}
