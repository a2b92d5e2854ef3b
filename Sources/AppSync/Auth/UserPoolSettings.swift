/// A Cognito user pool and the app client proptui signs in through.
public struct UserPoolSettings: Sendable, Equatable {
    public var id: String
    public var clientId: String
    public var region: String

    public init(id: String, clientId: String, region: String? = nil) {
        self.id = id
        self.clientId = clientId
        // A user pool id is `REGION_ID`.
        self.region = region ?? String(id.split(separator: "_").first ?? "")
    }
}
