import Foundation

/// Reads the config files an Amplify user already has. The format is told by
/// its content, not its name, so a renamed file still works.
public enum ConfigurationFile {
    public static func load(path: String) throws(ConfigurationError) -> AppSyncConfiguration {
        try parse(try read(path), path: path)
    }

    /// The file's bytes, 64 MB at most whatever it is (`BoundedFile`: a FIFO, `/dev/zero`).
    public static func read(_ path: String) throws(ConfigurationError) -> Data {
        do {
            return try BoundedFile.read(path)
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
    }

    public static func parse(_ data: Data, path: String) throws(ConfigurationError) -> AppSyncConfiguration {
        // Where the grammar breaks, by line and column: the decoder would not say.
        if let problem = JSONSyntaxProblem.first(in: data) { throw .notJSON(path: path, reason: problem.description) }
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw .notJSON(path: path, reason: JSONValue.describe(error))
        }
        if let gen2 = root["data"], root["version"] != nil || gen2["url"] != nil {
            return try gen2Outputs(gen2, root: root, path: path)
        }
        if let plugins = root["api"]?["plugins"]?["awsAPIPlugin"] {
            return try gen1AmplifyConfiguration(plugins, root: root, path: path)
        }
        if let appSync = root["AppSync"] {
            return try gen1AWSConfiguration(appSync, root: root, path: path)
        }
        throw .unknownFormat(path: path)
    }

    /// Gen 2 `amplify_outputs.json`: `data.url`, `data.api_key`, `data.default_authorization_type`,
    /// `data.authorization_types`; `auth.identity_pool_id`, `auth.user_pool_id`, `auth.user_pool_client_id`,
    /// `auth.aws_region`; and `custom.proptui.cognito_identity_endpoint`, which the embedded sandbox
    /// writes so that guests reach it instead of AWS.
    static func gen2Outputs(_ data: JSONValue, root: JSONValue, path: String) throws(ConfigurationError)
        -> AppSyncConfiguration
    {
        if let version = root["version"]?.stringValue, !version.hasPrefix("1") {
            throw .unsupportedVersion(path: path, version: version)
        }
        let url = try string(data, "url", field: "data.url", path: path)
        let mode = try authMode(data["default_authorization_type"]?.stringValue, path: path)
        let additional: [JSONValue] = if case .array(let modes)? = data["authorization_types"] { modes } else { [] }
        let auth = root["auth"]
        let authRegion = auth?["aws_region"]?.stringValue
        let identityPool = auth?["identity_pool_id"]?.stringValue.map {
            IdentityPoolSettings(
                id: $0, region: authRegion,
                endpoint: root["custom"]?["proptui"]?["cognito_identity_endpoint"]?.stringValue.flatMap(URL.init(string:)))
        }
        let userPool = userPoolSettings(
            id: auth?["user_pool_id"]?.stringValue, clientId: auth?["user_pool_client_id"]?.stringValue, region: authRegion)
        var configuration = try configuration(
            url: url, region: data["aws_region"]?.stringValue, mode: mode,
            additional: additional.compactMap { $0.stringValue.flatMap(AuthMode.init(rawValue:)) },
            key: data["api_key"]?.stringValue, identityPool: identityPool, userPool: userPool, path: path)
        configuration.isAmplifyGen2 = true
        return configuration
    }

    /// Gen 1 `amplifyconfiguration.json`: the first GraphQL entry of `api.plugins.awsAPIPlugin`, by
    /// name; Cognito from `auth.plugins.awsCognitoAuthPlugin`.
    static func gen1AmplifyConfiguration(_ plugins: JSONValue, root: JSONValue, path: String) throws(ConfigurationError)
        -> AppSyncConfiguration
    {
        guard case .object(let apis) = plugins,
              let (name, api) = apis.sorted(by: { $0.key < $1.key })
                .first(where: { ($0.value["endpointType"]?.stringValue ?? "GraphQL") == "GraphQL" })
        else { throw .missingField(path: path, field: "a GraphQL API in api.plugins.awsAPIPlugin") }
        let prefix = "api.plugins.awsAPIPlugin.\(name)"
        let url = try string(api, "endpoint", field: "\(prefix).endpoint", path: path)
        let mode = try authMode(api["authorizationType"]?.stringValue, path: path)
        let cognito = root["auth"]?["plugins"]?["awsCognitoAuthPlugin"]
        return try configuration(
            url: url, region: api["region"]?.stringValue, mode: mode, additional: [], key: api["apiKey"]?.stringValue,
            identityPool: gen1IdentityPool(cognito), userPool: gen1UserPool(cognito), path: path)
    }

    /// Gen 1 `awsconfiguration.json`: `AppSync.Default`; Cognito from the top-level
    /// `CredentialsProvider` and `CognitoUserPool`.
    static func gen1AWSConfiguration(_ appSync: JSONValue, root: JSONValue, path: String) throws(ConfigurationError)
        -> AppSyncConfiguration
    {
        guard let entry = appSync["Default"] else { throw .missingField(path: path, field: "AppSync.Default") }
        let url = try string(entry, "ApiUrl", field: "AppSync.Default.ApiUrl", path: path)
        let mode = try authMode(entry["AuthMode"]?.stringValue, path: path)
        return try configuration(
            url: url, region: entry["Region"]?.stringValue, mode: mode, additional: [], key: entry["ApiKey"]?.stringValue,
            identityPool: gen1IdentityPool(root), userPool: gen1UserPool(root), path: path)
    }

    private static func gen1IdentityPool(_ section: JSONValue?) -> IdentityPoolSettings? {
        guard let pool = section?["CredentialsProvider"]?["CognitoIdentity"]?["Default"],
            let id = pool["PoolId"]?.stringValue, !id.isEmpty
        else { return nil }
        return IdentityPoolSettings(id: id, region: pool["Region"]?.stringValue)
    }

    private static func gen1UserPool(_ section: JSONValue?) -> UserPoolSettings? {
        let pool = section?["CognitoUserPool"]?["Default"]
        return userPoolSettings(
            id: pool?["PoolId"]?.stringValue, clientId: pool?["AppClientId"]?.stringValue, region: pool?["Region"]?.stringValue)
    }

    private static func userPoolSettings(id: String?, clientId: String?, region: String?) -> UserPoolSettings? {
        guard let id, !id.isEmpty, let clientId, !clientId.isEmpty else { return nil }
        return UserPoolSettings(id: id, clientId: clientId, region: region)
    }

    /// Absent means API_KEY (what older files assume); an unknown name is an error.
    private static func authMode(_ name: String?, path: String) throws(ConfigurationError) -> AuthMode {
        guard let name else { return .apiKey }
        guard let mode = AuthMode(rawValue: name) else { throw .unsupportedAuthMode(path: path, mode: name) }
        return mode
    }

    private static func string(_ object: JSONValue, _ key: String, field: String, path: String)
        throws(ConfigurationError) -> String
    {
        guard let value = object[key]?.stringValue, !value.isEmpty else { throw .missingField(path: path, field: field) }
        return value
    }

    private static func configuration(
        url: String, region: String?, mode: AuthMode, additional: [AuthMode], key: String?,
        identityPool: IdentityPoolSettings?, userPool: UserPoolSettings?, path: String
    ) throws(ConfigurationError) -> AppSyncConfiguration {
        guard let endpoint = URL(string: url) else { throw .invalidEndpoint(url) }
        return try AppSyncConfiguration(
            graphQLEndpoint: endpoint, region: region, mode: mode, additionalModes: additional,
            apiKey: key.flatMap { $0.isEmpty ? nil : $0 }, identityPool: identityPool, userPool: userPool, source: path)
    }
}
