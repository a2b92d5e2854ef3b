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
