import AmplifyModels
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
        // Your models' model_introspection goes in as its file wrote it; the sample's is written
        // from its description. Either is put in as text, so that models and fields keep their
        // order (a dictionary written with sorted keys would lose it).
        let introspection: [UInt8]? =
            if let models = configuration.models { models.introspectionText }
            else if configuration.schema == .gen2 { Self.sampleIntrospection(authModes: configuration.authModes, indentLevel: 2) }
            else { nil }
        if introspection != nil { data["model_introspection"] = Self.introspectionPlaceholder }
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
        guard let introspection else { return text }
        let placeholder = Array("\"\(Self.introspectionPlaceholder)\"".utf8)
        var bytes = Array(text)
        guard let start = bytes.firstRange(of: placeholder) else { return text }
        bytes.replaceSubrange(start, with: introspection)
        return Data(bytes)
    }

    /// The sample's `model_introspection` as a Gen 2 deployment writes it for
    /// `a.model({ name: a.string().required(), address: a.string() })`: its description
    /// (`AmplifyModel.realEstateProperty`), written as any model's is, with one rule per mode the
    /// server accepts (the description has none: the sample is reached with whichever mode).
    static func sampleIntrospection(authModes: [ServerAuthMode], indentLevel: Int = 0) -> [UInt8] {
        var sample = AmplifyModel.realEstateProperty
        sample.authRules = authModes.map(\.sampleRule)
        return ModelIntrospectionWriter.text(ModelSchema(models: [sample]), indentLevel: indentLevel)
    }

    private static let introspectionPlaceholder = "proptui-model-introspection-placeholder"

    /// True when `path` is absent or holds outputs this server's kind wrote (safe to replace).
    public static func mayWriteOutputs(at path: String) -> Bool {
        guard let data = try? BoundedFile.read(path) else { return !FileManager.default.fileExists(atPath: path) }
        let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        return (json?["custom"] as? [String: Any])?[sandboxMarker] as? Bool == true
    }
}

extension ServerAuthMode {
    /// The rule that lets every caller of this mode do everything, as Gen 2 writes
    /// `allow.guest()` (IAM), `allow.publicApiKey()` and `allow.authenticated()` (user pools).
    var sampleRule: AuthRule {
        switch self {
        case .iam: AuthRule(strategy: .public, provider: .iam)
        case .apiKey: AuthRule(strategy: .public, provider: .apiKey)
        case .userPool: AuthRule(strategy: .private, provider: .userPools)
        }
    }
}
