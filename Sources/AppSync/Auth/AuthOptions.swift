/// What the command line adds to a configuration's auth settings.
public struct AuthOptions: Sendable {
    /// `--auth`: overrides the config file's default mode.
    public var mode: AuthMode?
    /// `--token-command`: prints an OIDC or Lambda token.
    public var tokenCommand: String?
    /// `--username` (else `PROPTUI_USERNAME`, else asked) for user pools.
    public var username: String?

    public init(mode: AuthMode? = nil, tokenCommand: String? = nil, username: String? = nil) {
        self.mode = mode
        self.tokenCommand = tokenCommand
        self.username = username
    }
}
