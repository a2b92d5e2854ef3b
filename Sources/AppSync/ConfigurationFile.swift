import Foundation

/// Reads the config files an Amplify user already has. The format is told by
/// its content, not its name, so a renamed file still works.
public enum ConfigurationFile {
    public static func load(path: String) throws(ConfigurationError) -> AppSyncConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
        return try parse(data, path: path)
    }

    public static func parse(_ data: Data, path: String) throws(ConfigurationError) -> AppSyncConfiguration {
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw .notJSON(path: path, reason: JSONValue.describe(error))
        }
        if let gen2 = root["data"], root["version"] != nil || gen2["url"] != nil {
            return try gen2Outputs(gen2, version: root["version"], path: path)
        }
        if let plugins = root["api"]?["plugins"]?["awsAPIPlugin"] {
            return try gen1AmplifyConfiguration(plugins, path: path)
        }
        if let appSync = root["AppSync"] {
            return try gen1AWSConfiguration(appSync, path: path)
        }
        throw .unknownFormat(path: path)
    }

    /// Gen 2 `amplify_outputs.json`: `data.url`, `data.api_key`, `data.default_authorization_type`.
    static func gen2Outputs(_ data: JSONValue, version: JSONValue?, path: String) throws(ConfigurationError)
        -> AppSyncConfiguration
    {
        if let version = version?.stringValue, !version.hasPrefix("1") {
            throw .unsupportedVersion(path: path, version: version)
        }
        let url = try string(data, "url", field: "data.url", path: path)
        let defaultMode = data["default_authorization_type"]?.stringValue ?? "API_KEY"
        let additional: [String] =
            if case .array(let modes)? = data["authorization_types"] { modes.compactMap(\.stringValue) } else { [] }
        // An API key listed as an additional mode is used when the default mode is not supported yet.
        guard defaultMode == "API_KEY" || additional.contains("API_KEY") else {
            throw .unsupportedAuthMode(path: path, mode: defaultMode)
        }
        let key = try string(data, "api_key", field: "data.api_key", path: path)
        return try configuration(url: url, region: data["aws_region"]?.stringValue, key: key)
    }

    /// Gen 1 `amplifyconfiguration.json`: the first GraphQL entry of `api.plugins.awsAPIPlugin`, by name.
    static func gen1AmplifyConfiguration(_ plugins: JSONValue, path: String) throws(ConfigurationError)
        -> AppSyncConfiguration
    {
        guard case .object(let apis) = plugins,
              let (name, api) = apis.sorted(by: { $0.key < $1.key })
                .first(where: { ($0.value["endpointType"]?.stringValue ?? "GraphQL") == "GraphQL" })
        else { throw .missingField(path: path, field: "a GraphQL API in api.plugins.awsAPIPlugin") }
        let prefix = "api.plugins.awsAPIPlugin.\(name)"
        let url = try string(api, "endpoint", field: "\(prefix).endpoint", path: path)
        let mode = api["authorizationType"]?.stringValue ?? "API_KEY"
        guard mode == "API_KEY" else { throw .unsupportedGen1AuthMode(path: path, mode: mode) }
        let key = try string(api, "apiKey", field: "\(prefix).apiKey", path: path)
        return try configuration(url: url, region: api["region"]?.stringValue, key: key)
    }

    /// Gen 1 `awsconfiguration.json`: `AppSync.Default`.
    static func gen1AWSConfiguration(_ appSync: JSONValue, path: String) throws(ConfigurationError)
        -> AppSyncConfiguration
    {
        guard let entry = appSync["Default"] else { throw .missingField(path: path, field: "AppSync.Default") }
        let url = try string(entry, "ApiUrl", field: "AppSync.Default.ApiUrl", path: path)
        let mode = entry["AuthMode"]?.stringValue ?? "API_KEY"
        guard mode == "API_KEY" else { throw .unsupportedGen1AuthMode(path: path, mode: mode) }
        let key = try string(entry, "ApiKey", field: "AppSync.Default.ApiKey", path: path)
        return try configuration(url: url, region: entry["Region"]?.stringValue, key: key)
    }

    private static func string(_ object: JSONValue, _ key: String, field: String, path: String)
        throws(ConfigurationError) -> String
    {
        guard let value = object[key]?.stringValue, !value.isEmpty else { throw .missingField(path: path, field: field) }
        return value
    }

    private static func configuration(url: String, region: String?, key: String) throws(ConfigurationError)
        -> AppSyncConfiguration
    {
        guard let endpoint = URL(string: url) else { throw .invalidEndpoint(url) }
        return try AppSyncConfiguration(graphQLEndpoint: endpoint, region: region, auth: .apiKey(key))
    }
}
