import Foundation

/// Where the API is and how to authenticate, from flags or a config file. A config file can
/// name several modes' settings (an API key beside an identity pool, say); `mode` is the one
/// in use, and `--auth` can pick another whose settings are there.
public struct AppSyncConfiguration: Sendable, Equatable, CustomStringConvertible {
    public var graphQLEndpoint: URL
    public var realtimeEndpoint: URL
    public var region: String?
    public var mode: AuthMode
    /// The modes the config file lists beside the default one.
    public var additionalModes: [AuthMode]
    public var apiKey: String?
    public var identityPool: IdentityPoolSettings?
    public var userPool: UserPoolSettings?
    /// The file it came from, for messages; nil for `--endpoint`.
    public var source: String?
    /// It came from an Amplify Gen 2 `amplify_outputs.json`: a strong hint (not proof) that the API
    /// has no conflict detection, for when the API does not answer an introspection query.
    public var isAmplifyGen2 = false

    public init(
        graphQLEndpoint: URL, region: String? = nil, mode: AuthMode = .apiKey, additionalModes: [AuthMode] = [],
        apiKey: String? = nil, identityPool: IdentityPoolSettings? = nil, userPool: UserPoolSettings? = nil,
        source: String? = nil
    ) throws(ConfigurationError) {
        guard let scheme = graphQLEndpoint.scheme?.lowercased(), scheme == "http" || scheme == "https",
              graphQLEndpoint.host != nil,
              let realtime = RealtimeEndpoint.url(forGraphQL: graphQLEndpoint)
        else { throw .invalidEndpoint(graphQLEndpoint.absoluteString) }
        if let apiKey, apiKey.isEmpty || apiKey.contains(where: \.isNewline) {
            throw .invalidAPIKey
        }
        self.graphQLEndpoint = graphQLEndpoint
        self.realtimeEndpoint = realtime
        self.region = region ?? Self.region(ofAppSyncHost: graphQLEndpoint.host ?? "")
        self.mode = mode
        self.additionalModes = additionalModes
        self.apiKey = apiKey
        self.identityPool = identityPool
        self.userPool = userPool
        self.source = source
    }

    /// An API-key configuration (the embedded server, tests).
    public init(graphQLEndpoint: URL, region: String? = nil, auth: Auth) throws(ConfigurationError) {
        switch auth {
        case .apiKey(let key): try self.init(graphQLEndpoint: graphQLEndpoint, region: region, mode: .apiKey, apiKey: key)
        }
    }

    public enum Auth: Sendable, Equatable {
        case apiKey(String)
    }

    /// From `--endpoint` (and `--api-key` or `PROPTUI_API_KEY`, when the mode needs one).
    public init(endpoint: String, apiKey: String?, mode: AuthMode = .apiKey) throws(ConfigurationError) {
        guard let url = URL(string: endpoint) else { throw .invalidEndpoint(endpoint) }
        if mode == .apiKey, apiKey == nil { throw .missingAPIKey }
        try self.init(graphQLEndpoint: url, mode: mode, apiKey: apiKey)
    }

    /// `ID.appsync-api.REGION.amazonaws.com` names its region.
    static func region(ofAppSyncHost host: String) -> String? {
        let labels = host.split(separator: ".")
        guard labels.count >= 4, labels[1] == "appsync-api" else { return nil }
        return String(labels[2])
    }

    /// Never shows the key.
    public var description: String {
        "\(graphQLEndpoint.absoluteString) (\(mode.displayName)\(region.map { ", \($0)" } ?? ""))"
    }
}

/// What is wrong with the configuration, in words a user can act on. Never contains a secret.
public enum ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case notJSON(path: String, reason: String)
    case unknownFormat(path: String)
    case missingField(path: String, field: String)
    case unsupportedVersion(path: String, version: String)
    case unsupportedAuthMode(path: String, mode: String)
    /// `--auth` or the config picked a mode whose settings are not there.
    case modeUnusable(mode: AuthMode, missing: String)
    case invalidEndpoint(String)
    case missingAPIKey
    case invalidAPIKey

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "cannot read \(path): \(reason)"
        case .notJSON(let path, let reason):
            "\(path) is not valid JSON: \(reason)"
        case .unknownFormat(let path):
            "\(path) is not an Amplify configuration: expected amplify_outputs.json (data.url), "
                + "amplifyconfiguration.json (api.plugins.awsAPIPlugin) or awsconfiguration.json (AppSync.Default)"
        case .missingField(let path, let field):
            "\(path) has no \(field)"
        case .unsupportedVersion(let path, let version):
            "\(path) has version \(version); proptui reads amplify_outputs.json version 1.x"
        case .unsupportedAuthMode(let path, let mode):
            "\(path) uses the auth mode \(mode), which proptui does not know (it knows "
                + AuthMode.allCases.map(\.rawValue).joined(separator: ", ") + ")"
        case .modeUnusable(let mode, let missing):
            "cannot use \(mode.displayName) authorization (--auth \(mode.optionName)): \(missing)"
        case .invalidEndpoint(let endpoint):
            "“\(endpoint)” is not a GraphQL endpoint: expected an http(s) URL such as https://ID.appsync-api.REGION.amazonaws.com/graphql"
        case .missingAPIKey:
            "--endpoint with API key authorization needs PROPTUI_API_KEY or --api-key (or choose another mode with --auth)"
        case .invalidAPIKey:
            "the API key is empty or contains a line break"
        }
    }
}

extension AppSyncConfiguration {
    /// How the realtime socket proves who it is with this configuration's API key (other modes:
    /// `RequestAuthorizer.realtimeAuthorization(graphQLEndpoint:)`).
    public var realtimeAuthorization: RealtimeAuthorization {
        RealtimeClient.apiKeyAuthorization(apiKey ?? "", graphQLEndpoint: graphQLEndpoint)
    }
}
