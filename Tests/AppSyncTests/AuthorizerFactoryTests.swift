import Foundation
import Testing
@testable import AppSync

/// Each mode is built from what the config, the command line and the environment give, and a
/// mode that cannot be used says exactly what is missing (never a secret).
@Suite struct AuthorizerFactoryTests {
    static let url = URL(string: "https://abc.appsync-api.eu-west-1.amazonaws.com/graphql")!

    static func make(
        _ configuration: AppSyncConfiguration, mode: AuthMode? = nil, command: String? = nil, environment: [String: String] = [:]
    ) throws(ConfigurationError) -> any RequestAuthorizer {
        try AuthorizerFactory.make(
            configuration: configuration, options: AuthOptions(mode: mode, tokenCommand: command),
            environment: ["HOME": "/nonexistent"].merging(environment) { $1 }, dataDirectory: nil, prompt: { _ in nil })
    }

    @Test func eachModeSaysWhatIsMissing() throws {
        let bare = try AppSyncConfiguration(graphQLEndpoint: Self.url, mode: .apiKey, source: "outputs.json")
        let cases: [(AuthMode, String)] = [
            (.apiKey, "outputs.json has none (data.api_key); set PROPTUI_API_KEY"),
            (.iam, "no AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY"),
            (.userPool, "names no user pool (auth.user_pool_id and auth.user_pool_client_id)"),
            (.oidc, "no token: give --token-command CMD"),
            (.lambda, "no token: give --token-command CMD"),
        ]
        for (mode, missing) in cases {
            #expect {
                _ = try Self.make(bare, mode: mode)
            } throws: { error in
                guard case .modeUnusable(let failed, let reason) = error as? ConfigurationError else { return false }
                return failed == mode && reason.contains(missing) && "\(error)".contains("--auth \(mode.optionName)")
            }
        }
    }

    @Test func iamTakesTheRegionFromTheConfigTheHostOrAWSRegion() throws {
        let custom = try AppSyncConfiguration(graphQLEndpoint: URL(string: "https://api.example.com/graphql")!, mode: .iam)
        let keys = ["AWS_ACCESS_KEY_ID": "A", "AWS_SECRET_ACCESS_KEY": "B"]
        #expect {
            _ = try Self.make(custom, environment: keys)
        } throws: { error in
            "\(error)".contains("region is unknown") && "\(error)".contains("AWS_REGION")
        }
        #expect(throws: Never.self) { _ = try Self.make(custom, environment: keys.merging(["AWS_REGION": "eu-north-1"]) { $1 }) }
        let appSyncHost = try AppSyncConfiguration(graphQLEndpoint: Self.url, mode: .iam)
        #expect(appSyncHost.region == "eu-west-1")
    }

    @Test func credentialsComeInAWSsOrder() throws {
        let directory = NSTemporaryDirectory() + "proptui-factory-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = directory + "/credentials"
        try Data("[default]\naws_access_key_id = AKIDDEFAULT\naws_secret_access_key = s1\n\n[dev]\naws_access_key_id=AKIDDEV\naws_secret_access_key=s2\naws_session_token = t2\n".utf8)
            .write(to: URL(fileURLWithPath: file))
        let pool = IdentityPoolSettings(id: "eu-west-1:pool")
        let withPool = try AppSyncConfiguration(graphQLEndpoint: Self.url, mode: .iam, identityPool: pool)
        let without = try AppSyncConfiguration(graphQLEndpoint: Self.url, mode: .iam)
        let fileOnly = ["AWS_SHARED_CREDENTIALS_FILE": file]
        #expect(try Self.make(withPool, environment: fileOnly.merging(["AWS_ACCESS_KEY_ID": "A", "AWS_SECRET_ACCESS_KEY": "B"]) { $1 })
            .modeDescription == "IAM (environment)")
        #expect(try Self.make(withPool, environment: fileOnly.merging(["AWS_PROFILE": "dev"]) { $1 }).modeDescription == "IAM (profile dev)")
        #expect(try Self.make(withPool, environment: fileOnly).modeDescription == "IAM (guest)")
        #expect(try Self.make(without, environment: fileOnly).modeDescription == "IAM (profile default)")
        #expect(throws: ConfigurationError.self) { try Self.make(without, environment: fileOnly.merging(["AWS_PROFILE": "nope"]) { $1 }) }
        let dev = try SharedCredentialsFile.credentials(profile: "dev", path: file)
        #expect(dev == AWSCredentials(accessKeyId: "AKIDDEV", secretAccessKey: "s2", sessionToken: "t2"))
    }

    @Test func endpointOverridesFollowAWSsConvention() {
        let configured = URL(string: "http://127.0.0.1:9/")!
        #expect(AWSEndpoints.cognitoIdentity(region: "eu-west-1", environment: [:]).absoluteString
            == "https://cognito-identity.eu-west-1.amazonaws.com/")
        #expect(AWSEndpoints.cognitoIdentity(region: "eu-west-1", configured: configured, environment: [:]) == configured)
        #expect(AWSEndpoints.cognitoIdentity(region: "x", configured: configured, environment: ["AWS_ENDPOINT_URL": "http://a/"])
            .absoluteString == "http://a/")
        #expect(AWSEndpoints.cognitoIdentity(
            region: "x", environment: ["AWS_ENDPOINT_URL": "http://a/", "AWS_ENDPOINT_URL_COGNITO_IDENTITY": "http://b/"])
            .absoluteString == "http://b/")
        #expect(AWSEndpoints.cognitoIdentityProvider(region: "x", environment: ["AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER": "http://c/"])
            .absoluteString == "http://c/")
    }

    @Test func theRealtimeAuthJSONHasEachModesShape() async throws {
        let api = URL(string: "https://abc.appsync-api.eu-west-1.amazonaws.com/graphql")!
        let key = try await APIKeyAuthorizer(key: "da2-k").realtimeAuthorization(apiURL: api, payload: [], isHandshake: true)
        #expect(key == ["host": "abc.appsync-api.eu-west-1.amazonaws.com", "x-api-key": "da2-k"])
        let token = try await TokenAuthorizer(mode: .oidc, source: .fixed("jwt")).realtimeAuthorization(
            apiURL: api, payload: [], isHandshake: true)
        #expect(token == ["host": "abc.appsync-api.eu-west-1.amazonaws.com", "Authorization": "jwt"])
        let iam = try await IAMAuthorizer(
            provider: StaticCredentialsProvider(AWSCredentials(accessKeyId: "AKID", secretAccessKey: "s", sessionToken: "t"), source: "x"),
            region: "eu-west-1"
        ).realtimeAuthorization(apiURL: api, payload: Array("{}".utf8), isHandshake: true)
        #expect(Set(iam.keys) == ["accept", "content-encoding", "content-type", "host", "X-Amz-Date", "X-Amz-Security-Token", "Authorization"])
        #expect(iam["Authorization"]?.contains("/eu-west-1/appsync/aws4_request, SignedHeaders=accept;content-encoding;content-type;host;x-amz-date;x-amz-security-token,") == true)
    }
}
