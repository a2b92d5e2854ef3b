/// One authorization rule of a model, as `model_introspection` writes it
/// (`{"allow": "owner", "ownerField": "owner", "provider": "userPools", "operations": [...]}`).
public struct AuthRule: Sendable, Hashable, Codable {
    /// Who the rule lets in (`allow`).
    public enum Strategy: Sendable, Hashable, Codable {
        case `public`, `private`, owner, groups, custom
        /// A strategy this app does not know, kept by name for messages.
        case other(String)

        public init(_ name: String) {
            switch name {
            case "public": self = .public
            case "private": self = .private
            case "owner": self = .owner
            case "groups": self = .groups
            case "custom": self = .custom
            default: self = .other(name)
            }
        }

        public var name: String {
            switch self {
            case .public: "public"
            case .private: "private"
            case .owner: "owner"
            case .groups: "groups"
            case .custom: "custom"
            case .other(let name): name
            }
        }

        /// The provider a rule means when it names none (Amplify's defaults).
        var defaultProvider: AuthProvider? {
            switch self {
            case .public: .apiKey
            case .private, .owner, .groups: .userPools
            case .custom: .lambda
            case .other: nil
            }
        }
    }

    public var strategy: Strategy
    /// The auth mode that satisfies it; nil when the file names one the app does not know.
    public var provider: AuthProvider?
    /// What it allows; all of them when the rule lists none.
    public var operations: Set<ModelOperation>
    /// `owner` rules: the field that holds the owner (`owner` unless renamed).
    public var ownerField: String?
    /// `groups` rules: the groups it names (static groups).
    public var groups: [String]
    /// `groups` rules: the field that holds the groups (dynamic groups).
    public var groupsField: String?

    public init(
        strategy: Strategy, provider: AuthProvider?, operations: Set<ModelOperation> = ModelOperation.all,
        ownerField: String? = nil, groups: [String] = [], groupsField: String? = nil
    ) {
        self.strategy = strategy
        self.provider = provider
        self.operations = operations
        self.ownerField = ownerField
        self.groups = groups
        self.groupsField = groupsField
    }

    /// Whether the rule lets `operation` through.
    public func allows(_ operation: ModelOperation) -> Bool { operations.contains(operation) }
}

/// The operations a rule can allow. `read` stands for `get`, `list`, `sync`, `listen` and
/// `search`, which a rule may also name one by one.
public enum ModelOperation: String, Sendable, Hashable, Codable, CaseIterable {
    case create, update, delete, read

    public static let all: Set<ModelOperation> = Set(allCases)
    /// The operations that change data.
    public static let writes: Set<ModelOperation> = [.create, .update, .delete]

    /// The operation a name in a rule's `operations` means; nil for one the app does not know.
    public init?(ruleName: String) {
        switch ruleName {
        case "create": self = .create
        case "update": self = .update
        case "delete": self = .delete
        case "read", "get", "list", "sync", "listen", "search": self = .read
        default: return nil
        }
    }
}

/// AppSync's five authorization modes, as a rule's `provider` names them: what a rule allows,
/// apart from how the `AppSync` module signs a request in each mode.
public enum AuthProvider: String, Sendable, Hashable, Codable, CaseIterable {
    case apiKey, iam, userPools, oidc, lambda

    /// The provider a rule's `provider` names (`function` is Lambda's name there).
    public init?(ruleName: String) {
        switch ruleName {
        case "apiKey": self = .apiKey
        case "iam": self = .iam
        case "userPools": self = .userPools
        case "oidc": self = .oidc
        case "function", "lambda": self = .lambda
        default: return nil
        }
    }

    /// The mode an `amplify_outputs.json` or `--auth` names by AppSync's name (`API_KEY`, …).
    public init?(authorizationType: String) {
        switch authorizationType {
        case "API_KEY": self = .apiKey
        case "AWS_IAM": self = .iam
        case "AMAZON_COGNITO_USER_POOLS": self = .userPools
        case "OPENID_CONNECT": self = .oidc
        case "AWS_LAMBDA": self = .lambda
        default: return nil
        }
    }

    /// How messages name it.
    public var displayName: String {
        switch self {
        case .apiKey: "API key"
        case .iam: "IAM"
        case .userPools: "user pool"
        case .oidc: "OIDC"
        case .lambda: "Lambda"
        }
    }
}
