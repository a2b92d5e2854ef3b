import AsyncHTTPClient
import Foundation

/// A signed-in Cognito user pool session: `InitiateAuth` with `USER_PASSWORD_AUTH` once, then
/// `REFRESH_TOKEN_AUTH` whenever the access token is about to expire (or the server refused it),
/// asking for the password again only when the refresh token no longer works. The tokens are
/// kept in the data directory (mode 0600); the password is never stored.
public actor CognitoUserPoolSession {
    /// A user name and password, asked for when needed; nil when nobody can answer (no terminal).
    public typealias SignInPrompt = @Sendable (_ reason: String) async -> (username: String, password: String)?

    let pool: UserPoolSettings
    let service: AWSJSONService
    let tokenPath: String?
    let prompt: SignInPrompt
    let renewalMargin: TimeInterval
    let now: @Sendable () -> Date

    private var tokens: Tokens?
    private var loaded = false
    private var renewal: Task<Tokens, any Error>?

    struct Tokens: Codable {
        var userPoolId: String
        var clientId: String
        var username: String
        var accessToken: String
        var idToken: String?
        var refreshToken: String?
        var expiresAt: Date
    }

    public init(
        pool: UserPoolSettings, endpoint: URL, tokenPath: String?, http: HTTPClient = AppSyncClient.sharedHTTPClient,
        renewalMargin: TimeInterval = 120, now: @escaping @Sendable () -> Date = { Date() }, prompt: @escaping SignInPrompt
    ) {
        self.pool = pool
        service = AWSJSONService(endpoint: endpoint, targetPrefix: "AWSCognitoIdentityProviderService", http: http)
        self.tokenPath = tokenPath
        self.prompt = prompt
        self.renewalMargin = renewalMargin
        self.now = now
    }

    /// The user signed in, once a token is there.
    public var username: String? {
        loadOnce()
        return tokens?.username
    }

    /// The access token to send as `Authorization`, renewed first when it is about to expire.
    public func accessToken() async throws(AuthorizationFailure) -> String {
        loadOnce()
        if let tokens, tokens.expiresAt.timeIntervalSince(now()) > renewalMargin { return tokens.accessToken }
        return try await renew(forceRefresh: false).accessToken
    }

    /// The server refused the token: refresh it (or sign in again). False when that failed.
    public func renewAfterRefusal() async -> Bool {
        (try? await renew(forceRefresh: true)) != nil
    }

    private func renew(forceRefresh: Bool) async throws(AuthorizationFailure) -> Tokens {
        let task = renewal ?? Task { try await self.refreshOrSignIn() }
        renewal = task
        defer { renewal = nil }
        do {
            let fresh = try await task.value
            tokens = fresh
            save()
            return fresh
        } catch let failure as AuthorizationFailure {
            throw failure
        } catch {
            throw AuthorizationFailure("user pool sign-in: \(error)", isTransient: true)
        }
    }

    private func refreshOrSignIn() async throws(AuthorizationFailure) -> Tokens {
        var reason = "sign in to the user pool \(pool.id)"
        var sessionEnded = false
        if let current = tokens, let refreshToken = current.refreshToken {
            do throws(AWSJSONService.CallError) {
                let answer = try await service.call("InitiateAuth", [
                    "AuthFlow": "REFRESH_TOKEN_AUTH", "ClientId": .string(pool.clientId),
                    "AuthParameters": ["REFRESH_TOKEN": .string(refreshToken)],
                ])
                return try tokens(from: answer, username: current.username, keeping: refreshToken)
            } catch {
                switch error {
                case .transport(let message):
                    throw AuthorizationFailure("user pool: \(message)", isTransient: true)
                case .service(let refusal):
                    reason = "the user pool session ended (\(refusal.message))"
                    sessionEnded = true
                    tokens = nil
                    save()
                }
            }
        }
        // A wrong password is asked for again, three tries in all, as a sign-in form would.
        for attempt in 1...3 {
            guard let (username, password) = await prompt(reason) else {
                throw AuthorizationFailure(
                    sessionEnded
                        ? "\(reason): quit and start proptui again to sign in"
                        : "not signed in to the user pool \(pool.id): the sign-in was cancelled or there was no terminal "
                            + "to ask on (PROPTUI_USERNAME and PROPTUI_PASSWORD work too)")
            }
            do throws(AWSJSONService.CallError) {
                let answer = try await service.call("InitiateAuth", [
                    "AuthFlow": "USER_PASSWORD_AUTH", "ClientId": .string(pool.clientId),
                    "AuthParameters": ["USERNAME": .string(username), "PASSWORD": .string(password)],
                ])
                return try tokens(from: answer, username: username, keeping: nil)
            } catch {
                switch error {
                case .transport(let message):
                    throw AuthorizationFailure("user pool: \(message)", isTransient: true)
                case .service(let refusal)
                where attempt < 3 && ["NotAuthorizedException", "UserNotFoundException"].contains(refusal.type):
                    reason = "the user pool refused the sign-in (\(refusal.message)); try again"
                case .service(let refusal):
                    throw AuthorizationFailure("the user pool refused the sign-in: \(refusal.message)")
                }
            }
        }
        throw AuthorizationFailure("the user pool refused the sign-in")
    }

    private func tokens(from answer: JSONValue, username: String, keeping refreshToken: String?)
        throws(AWSJSONService.CallError) -> Tokens
    {
        if let challenge = answer["ChallengeName"]?.stringValue {
            throw .service(.init(
                type: challenge,
                message: "the user pool asks for \(challenge), which proptui cannot answer: finish it with the AWS console or CLI first"))
        }
        guard let result = answer["AuthenticationResult"], let access = result["AccessToken"]?.stringValue else {
            throw .transport("InitiateAuth answered without tokens")
        }
        let lifetime: Double =
            switch result["ExpiresIn"] {
            case .int(let seconds)?: Double(seconds)
            case .double(let seconds)?: seconds
            default: 3600
            }
        return Tokens(
            userPoolId: pool.id, clientId: pool.clientId, username: username, accessToken: access,
            idToken: result["IdToken"]?.stringValue, refreshToken: result["RefreshToken"]?.stringValue ?? refreshToken,
            expiresAt: now().addingTimeInterval(lifetime))
    }

    private func loadOnce() {
        guard !loaded else { return }
        loaded = true
        guard let tokenPath, let stored = SecretFile.read(Tokens.self, from: tokenPath),
            stored.userPoolId == pool.id, stored.clientId == pool.clientId
        else { return }
        tokens = stored
    }

    private func save() {
        guard let tokenPath else { return }
        if let tokens { try? SecretFile.write(tokens, to: tokenPath) } else { SecretFile.remove(tokenPath) }
    }
}
