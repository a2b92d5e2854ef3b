import Foundation

/// Where IAM credentials come from.
public protocol AWSCredentialsProvider: Sendable {
    /// Where they come from, for the header ("environment", "profile dev", "guest"). No secret.
    var sourceDescription: String { get }
    func credentials() async throws(AuthorizationFailure) -> AWSCredentials
    /// The server refused them: drop what is cached. True when new ones may differ.
    func invalidate() async -> Bool
}

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

/// `~/.aws/credentials` (or `AWS_SHARED_CREDENTIALS_FILE`): an INI file of named profiles.
public enum SharedCredentialsFile {
    public static func path(environment: [String: String]) -> String {
        if let path = environment["AWS_SHARED_CREDENTIALS_FILE"], !path.isEmpty { return (path as NSString).expandingTildeInPath }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.aws/credentials"
    }

    /// The profile's credentials; nil when the file or the profile is not there.
    public static func credentials(profile: String, path: String) throws(AuthorizationFailure) -> AWSCredentials? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        guard let values = parse(text)[profile] else { return nil }
        guard let id = values["aws_access_key_id"], let secret = values["aws_secret_access_key"] else {
            throw AuthorizationFailure("the profile \(profile) in \(path) has no aws_access_key_id or aws_secret_access_key")
        }
        return AWSCredentials(accessKeyId: id, secretAccessKey: secret, sessionToken: values["aws_session_token"])
    }

    /// Sections `[name]` of `key = value` lines; `#` and `;` start comments.
    static func parse(_ text: String) -> [String: [String: String]] {
        var profiles: [String: [String: String]] = [:]
        var current: String?
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                current = line.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
                continue
            }
            guard let current, let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            profiles[current, default: [:]][key] = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        }
        return profiles
    }
}
