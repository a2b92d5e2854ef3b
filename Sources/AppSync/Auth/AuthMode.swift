import Foundation

/// AppSync's five authorization modes, by their AppSync names and their `--auth` names.
public enum AuthMode: String, Sendable, CaseIterable, Equatable {
    case apiKey = "API_KEY"
    case iam = "AWS_IAM"
    case userPool = "AMAZON_COGNITO_USER_POOLS"
    case oidc = "OPENID_CONNECT"
    case lambda = "AWS_LAMBDA"

    /// The name `--auth` takes.
    public var optionName: String {
        switch self {
        case .apiKey: "api-key"
        case .iam: "iam"
        case .userPool: "user-pool"
        case .oidc: "oidc"
        case .lambda: "lambda"
        }
    }

    public init?(optionName: String) {
        guard let mode = Self.allCases.first(where: { $0.optionName == optionName.lowercased() }) else { return nil }
        self = mode
    }

    /// What the header shows.
    public var displayName: String {
        switch self {
        case .apiKey: "API key"
        case .iam: "IAM"
        case .userPool: "user pool"
        case .oidc: "OIDC"
        case .lambda: "Lambda"
        }
    }

    public static var optionNames: String { allCases.map(\.optionName).joined(separator: ", ") }
}
