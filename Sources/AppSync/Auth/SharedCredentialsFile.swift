import Foundation

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
