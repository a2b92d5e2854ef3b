import AppSync
import ArgumentParser
import Foundation

/// The app's auth options: which mode, and where a token or a user name comes from. No secret
/// is ever taken as an argument (it would show in `ps`): keys, tokens and passwords come from
/// the environment, a command, or a prompt.
struct AuthArguments: ParsableArguments {
    @Option(
        name: .customLong("auth"),
        help: ArgumentHelp(
            "How to authenticate with --endpoint or --config: \(AuthMode.optionNames) (default: what the config file says, or api-key).",
            valueName: "mode"))
    var mode: String?

    @Option(
        name: .customLong("token-command"),
        help: ArgumentHelp(
            "oidc/lambda: a command that prints the token (run again when the server refuses it). PROPTUI_AUTH_TOKEN works too.",
            valueName: "command"))
    var tokenCommand: String?

    @Option(help: "user-pool: the user name to sign in as (else PROPTUI_USERNAME, else asked). The password is always asked for, without echo, or read from PROPTUI_PASSWORD.")
    var username: String?

    func validate() throws {
        if let mode, AuthMode(optionName: mode) == nil {
            throw ValidationError("--auth must be one of \(AuthMode.optionNames), not “\(mode)”")
        }
    }

    var options: AuthOptions {
        AuthOptions(mode: mode.flatMap(AuthMode.init(optionName:)), tokenCommand: tokenCommand, username: username)
    }

    /// Any auth option given (they apply to remote APIs only).
    var isGiven: Bool { mode != nil || tokenCommand != nil || username != nil }
}

/// Builds the authorizer for a remote API and the header's words for it.
enum RemoteAuth {
    /// The prompt asks for a user pool's password; close it before the screen starts.
    static func prompt(arguments: AuthArguments, environment: [String: String]) -> SignInPrompt {
        SignInPrompt(
            username: arguments.username ?? environment["PROPTUI_USERNAME"].flatMap { $0.isEmpty ? nil : $0 },
            password: environment["PROPTUI_PASSWORD"].flatMap { $0.isEmpty ? nil : $0 })
    }

    static func authorizer(
        configuration: AppSyncConfiguration, arguments: AuthArguments, environment: [String: String], dataDirectory: String,
        prompt: SignInPrompt
    ) throws -> any RequestAuthorizer {
        try AuthorizerFactory.make(
            configuration: configuration, options: arguments.options, environment: environment, dataDirectory: dataDirectory,
            prompt: { reason in await prompt.ask(reason: reason) })
    }

    /// "abc123.appsync-api.eu-west-1 · IAM (guest)", "127.0.0.1:20002 · user pool".
    static func label(configuration: AppSyncConfiguration, authorizer: any RequestAuthorizer) -> String {
        let host = configuration.graphQLEndpoint.host ?? "?"
        let shortHost = host.hasSuffix(".amazonaws.com") ? String(host.dropLast(".amazonaws.com".count)) : host
        let port = configuration.graphQLEndpoint.port.map { ":\($0)" } ?? ""
        return "\(shortHost)\(port) · \(authorizer.modeDescription)"
    }
}
