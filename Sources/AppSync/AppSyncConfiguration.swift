import Foundation

/// Where the API is and how to authenticate, from flags or a config file.
public struct AppSyncConfiguration: Sendable, Equatable, CustomStringConvertible {
    public enum Auth: Sendable, Equatable {
        case apiKey(String)
    }

    public var graphQLEndpoint: URL
    public var realtimeEndpoint: URL
    public var region: String?
    public var auth: Auth

    public init(graphQLEndpoint: URL, region: String? = nil, auth: Auth) throws(ConfigurationError) {
        guard let scheme = graphQLEndpoint.scheme?.lowercased(), scheme == "http" || scheme == "https",
              graphQLEndpoint.host != nil,
              let realtime = RealtimeEndpoint.url(forGraphQL: graphQLEndpoint)
        else { throw .invalidEndpoint(graphQLEndpoint.absoluteString) }
        if case .apiKey(let key) = auth, key.isEmpty || key.contains(where: \.isNewline) {
            throw .invalidAPIKey
        }
        self.graphQLEndpoint = graphQLEndpoint
        self.realtimeEndpoint = realtime
        self.region = region
        self.auth = auth
    }

    /// From `--endpoint` and `--api-key`.
    public init(endpoint: String, apiKey: String?) throws(ConfigurationError) {
        guard let url = URL(string: endpoint) else { throw .invalidEndpoint(endpoint) }
        guard let apiKey else { throw .missingAPIKey }
        try self.init(graphQLEndpoint: url, auth: .apiKey(apiKey))
    }

    /// Never shows the key.
    public var description: String {
        "\(graphQLEndpoint.absoluteString) (API key\(region.map { ", \($0)" } ?? ""))"
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
    /// The same, in a Gen 1 file (the Amplify CLI's `amplifyconfiguration.json` / `awsconfiguration.json`),
    /// which is fixed with Gen 1's tools, not Gen 2's.
    case unsupportedGen1AuthMode(path: String, mode: String)
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
            "\(path) uses the auth mode \(mode), which proptui does not support yet (it supports API_KEY). "
                + "Add an API key to the backend (Gen 2: allow.publicApiKey() with apiKeyAuthorizationMode) "
                + "and run `npx ampx generate outputs` again."
        case .unsupportedGen1AuthMode(let path, let mode):
            "\(path) uses the auth mode \(mode), which proptui does not support yet (it supports API_KEY). "
                + "Add an API key to the API with the Amplify CLI (`amplify update api`, then add API key as an "
                + "authorization type) and `amplify push`, which writes the file again."
        case .invalidEndpoint(let endpoint):
            "“\(endpoint)” is not a GraphQL endpoint: expected an http(s) URL such as https://ID.appsync-api.REGION.amazonaws.com/graphql"
        case .missingAPIKey:
            "--endpoint needs --api-key (the only auth mode supported yet)"
        case .invalidAPIKey:
            "the API key is empty or contains a line break"
        }
    }
}

extension AppSyncConfiguration {
    /// How the realtime socket proves who it is, for this configuration's auth mode.
    public var realtimeAuthorization: RealtimeAuthorization {
        switch auth {
        case .apiKey(let key): RealtimeClient.apiKeyAuthorization(key, graphQLEndpoint: graphQLEndpoint)
        }
    }
}
