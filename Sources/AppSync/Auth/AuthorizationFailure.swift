/// Why an authorizer could not produce headers, in words a user can act on (never a secret).
public struct AuthorizationFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    /// True when asking again later may work (a network error reaching Cognito, say).
    public let isTransient: Bool

    public init(_ description: String, isTransient: Bool = false) {
        self.description = description
        self.isTransient = isTransient
    }
}
