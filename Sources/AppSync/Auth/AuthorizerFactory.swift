import Foundation

/// Builds the authorizer for a configuration's mode, or says exactly what is missing.
public enum AuthorizerFactory {
    public static func make(
        configuration: AppSyncConfiguration, options: AuthOptions, environment: [String: String], dataDirectory: String?,
        prompt: @escaping CognitoUserPoolSession.SignInPrompt
    ) throws(ConfigurationError) -> any RequestAuthorizer {
        let mode = options.mode ?? configuration.mode
        let file = configuration.source.map { "the config file \($0)" } ?? "the command line"
        switch mode {
        case .apiKey:
            guard let key = configuration.apiKey ?? environment["PROPTUI_API_KEY"].flatMap({ $0.isEmpty ? nil : $0 }) else {
                throw .modeUnusable(mode: mode, missing: "no API key: \(file) has none (data.api_key); set PROPTUI_API_KEY")
            }
            return APIKeyAuthorizer(key: key)
        case .iam:
            // The config's region, else the identity pool's, else the one AWS tools read.
            let candidates = [
                configuration.region, configuration.identityPool?.region, environment["AWS_REGION"], environment["AWS_DEFAULT_REGION"],
            ]
            guard let region = candidates.compactMap({ $0 }).first(where: { !$0.isEmpty }) else {
                throw .modeUnusable(
                    mode: mode, missing: "the API's region is unknown: \(file) has no data.aws_region (or set AWS_REGION)")
            }
            return IAMAuthorizer(
                provider: try credentialsProvider(configuration: configuration, environment: environment, dataDirectory: dataDirectory),
                region: region)
        case .userPool:
            guard let pool = configuration.userPool else {
                throw .modeUnusable(
                    mode: mode, missing: "\(file) names no user pool (auth.user_pool_id and auth.user_pool_client_id)")
            }
            let session = CognitoUserPoolSession(
                pool: pool, endpoint: AWSEndpoints.cognitoIdentityProvider(region: pool.region, environment: environment),
                tokenPath: dataDirectory.map { $0 + "/user-pool-session.json" }, prompt: prompt)
            return UserPoolAuthorizer(session: session)
        case .oidc, .lambda:
            if let command = options.tokenCommand, !command.isEmpty {
                return TokenAuthorizer(mode: mode, source: .command(command))
            }
            if let token = environment["PROPTUI_AUTH_TOKEN"], !token.isEmpty {
                return TokenAuthorizer(mode: mode, source: .fixed(token))
            }
            throw .modeUnusable(mode: mode, missing: "no token: give --token-command CMD (a command that prints one) or set PROPTUI_AUTH_TOKEN")
        }
    }

    /// In the order AWS tools use: the environment, then a named profile (`AWS_PROFILE`), then
    /// the config's identity pool (guest credentials); the default profile only when the config
    /// names no identity pool, so a developer's own keys do not replace the app's guest identity.
    static func credentialsProvider(configuration: AppSyncConfiguration, environment: [String: String], dataDirectory: String?)
        throws(ConfigurationError) -> any AWSCredentialsProvider
    {
        if let provider = StaticCredentialsProvider.environment(environment) { return provider }
        let path = SharedCredentialsFile.path(environment: environment)
        if let profile = environment["AWS_PROFILE"], !profile.isEmpty {
            do {
                guard let credentials = try SharedCredentialsFile.credentials(profile: profile, path: path) else {
                    throw ConfigurationError.modeUnusable(mode: .iam, missing: "AWS_PROFILE names \(profile), which \(path) does not have")
                }
                return StaticCredentialsProvider(credentials, source: "profile \(profile)")
            } catch let error as AuthorizationFailure {
                throw .modeUnusable(mode: .iam, missing: error.description)
            } catch {
                throw error as? ConfigurationError ?? .modeUnusable(mode: .iam, missing: "\(error)")
            }
        }
        if let pool = configuration.identityPool {
            return CognitoGuestCredentials(
                pool: pool, endpoint: AWSEndpoints.cognitoIdentity(region: pool.region, configured: pool.endpoint, environment: environment),
                cachePath: dataDirectory.map { $0 + "/cognito-identity.json" })
        }
        if let credentials = try? SharedCredentialsFile.credentials(profile: "default", path: path) {
            return StaticCredentialsProvider(credentials, source: "profile default")
        }
        throw .modeUnusable(
            mode: .iam,
            missing: "no AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, name a profile with AWS_PROFILE, "
                + "or use a config that names an identity pool (auth.identity_pool_id)")
    }
}
