import Foundation

/// An AWS access key pair, maybe temporary (a session token and an expiry). Its description
/// shows the access key id only: the secret and the token never reach a log or a message.
public struct AWSCredentials: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    public let accessKeyId: String
    public let secretAccessKey: String
    public let sessionToken: String?
    public let expiration: Date?

    public init(accessKeyId: String, secretAccessKey: String, sessionToken: String? = nil, expiration: Date? = nil) {
        self.accessKeyId = accessKeyId
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken.flatMap { $0.isEmpty ? nil : $0 }
        self.expiration = expiration
    }

    /// True when they expire within `margin` of `now` (so they are renewed before a request fails).
    public func expires(within margin: TimeInterval, of now: Date = Date()) -> Bool {
        guard let expiration else { return false }
        return expiration.timeIntervalSince(now) < margin
    }

    public var description: String { "AWS credentials \(accessKeyId)" }
    public var debugDescription: String { description }
}
