import Foundation
import JSONValues

/// The `amplify_outputs.json` that describes a running server, as `npx ampx sandbox` writes one
/// for its cloud sandbox: the GraphQL URL, the region, the modes, and for IAM the identity pool
/// (which this server plays; `custom.proptui.cognito_identity_endpoint` says where it is, since
/// Amplify's format has no field for that). Serving the Gen 2 dialect, it also carries the
/// `model_introspection` a Gen 2 deployment writes.
extension LocalAppSyncServer {
    /// Marks a file this server wrote, so that it is overwritten only when it is its own.
    public static let sandboxMarker = "proptui_sandbox"

    public func amplifyOutputs() -> Data? {
        guard let graphQLURL, let port else { return nil }
        let modes = configuration.authModes.map { mode -> String in
            switch mode {
            case .apiKey: "API_KEY"
            case .iam: "AWS_IAM"
            case .userPool: "AMAZON_COGNITO_USER_POOLS"
            }
        }
        var data: [String: Any] = [
            "url": graphQLURL, "aws_region": configuration.region,
            "default_authorization_type": modes.first ?? "API_KEY", "authorization_types": Array(modes.dropFirst()),
        ]
        if configuration.authModes.contains(.apiKey) { data["api_key"] = apiKey }
        if configuration.models != nil {
            data["model_introspection"] = Self.introspectionPlaceholder
        } else if configuration.schema == .gen2 {
            data["model_introspection"] = ModelIntrospection.gen2(authModes: configuration.authModes)
        }
        var outputs: [String: Any] = ["version": "1.3", "data": data]
        var custom: [String: Any] = [Self.sandboxMarker: true]
        if let identityPoolId {
            outputs["auth"] = [
                "aws_region": configuration.region, "identity_pool_id": identityPoolId,
                "unauthenticated_identities_enabled": true,
            ] as [String: Any]
            let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
            custom["proptui"] = ["cognito_identity_endpoint": "http://\(host):\(port)/"]
        }
        outputs["custom"] = custom
        guard let text = try? JSONSerialization.data(withJSONObject: outputs, options: [.prettyPrinted, .sortedKeys]) else { return nil }
        guard let models = configuration.models else { return text }
        // Your models' model_introspection goes in as its file wrote it: models and fields keep
        // their order (a dictionary written with sorted keys would lose it).
        let placeholder = Array("\"\(Self.introspectionPlaceholder)\"".utf8)
        var bytes = Array(text)
        guard let start = bytes.firstRange(of: placeholder) else { return text }
        bytes.replaceSubrange(start, with: models.introspectionText)
        return Data(bytes)
    }

    private static let introspectionPlaceholder = "proptui-model-introspection-placeholder"

    /// True when `path` is absent or holds outputs this server's kind wrote (safe to replace).
    public static func mayWriteOutputs(at path: String) -> Bool {
        guard let data = try? BoundedFile.read(path) else { return !FileManager.default.fileExists(atPath: path) }
        let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        return (json?["custom"] as? [String: Any])?[sandboxMarker] as? Bool == true
    }
}
