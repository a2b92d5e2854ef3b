import Foundation

/// The authorization modes the embedded server accepts (`proptui serve --auth api-key,iam,user-pool`);
/// several at once, as AppSync's multi-auth allows.
public enum ServerAuthMode: String, Sendable, CaseIterable, Hashable {
    case apiKey = "api-key"
    case iam
    case userPool = "user-pool"

    /// Parses `api-key,iam,user-pool`; fails naming the first unknown mode.
    public static func parseList(_ text: String) -> Result<[ServerAuthMode], UnknownMode> {
        var modes: [ServerAuthMode] = []
        for part in text.split(separator: ",") {
            let name = part.trimmingCharacters(in: .whitespaces).lowercased()
            guard let mode = ServerAuthMode(rawValue: name) else { return .failure(UnknownMode(name: name)) }
            if !modes.contains(mode) { modes.append(mode) }
        }
        return modes.isEmpty ? .failure(UnknownMode(name: text)) : .success(modes)
    }

    public struct UnknownMode: Error, CustomStringConvertible {
        public let name: String
        public var description: String {
            "unknown auth mode “\(name)”: the server accepts " + ServerAuthMode.allCases.map(\.rawValue).joined(separator: ", ")
        }
    }
}
