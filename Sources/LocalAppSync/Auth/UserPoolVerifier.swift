import AsyncHTTPClient
import Foundation
import JWTKit
import NIOCore

/// Checks Cognito user pool tokens (`Authorization: <JWT>`) as AppSync does: the signature
/// against the pool's JWKS (fetched from its URL, fetched again when a key is not found), then
/// the issuer, the audience (`aud` of an ID token or `client_id` of an access token, when
/// client ids are configured), the token use, the expiry and the start of validity (`nbf`:
/// a token not valid yet is refused, as RFC 7519 and AppSync do).
actor UserPoolVerifier {
    /// The pool's keys are fetched without retrying a refused connection: a pool that cannot be
    /// reached is said at once, as the app's own client does.
    private static let http: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(10)
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    struct Settings: Sendable, Equatable {
        /// `https://cognito-idp.REGION.amazonaws.com/POOL_ID`, what the tokens' `iss` must be.
        var issuer: String
        /// Where the pool's public keys are (Cognito: `<issuer>/.well-known/jwks.json`).
        var jwksURL: URL
        /// The app clients whose tokens are accepted; empty accepts any client of the pool.
        var clientIds: [String]
    }

    let settings: Settings
    let now: @Sendable () -> Date
    private var keys: JWTKeyCollection?
    private var fetchedAt: Date?

    init(settings: Settings, now: @escaping @Sendable () -> Date = { Date() }) {
        self.settings = settings
        self.now = now
    }

    struct Claims: JWTPayload {
        var exp: ExpirationClaim
        /// Cognito's own tokens carry none; an OIDC provider may issue tokens valid from later.
        var nbf: NotBeforeClaim?
        var iss: IssuerClaim?
        var aud: AudienceClaim?
        var clientId: String?
        var tokenUse: String?

        enum CodingKeys: String, CodingKey {
            case exp, nbf, iss, aud
            case clientId = "client_id"
            case tokenUse = "token_use"
        }

        /// The claims are checked by `UserPoolVerifier`, which knows the pool; jwt-kit checks the signature.
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    /// When the pool's keys cannot be fetched, the fault is the server's, not the token's: a 502
    /// the client retries, rather than a 401 that would stop it sending.
    static let keysUnavailable = AuthDecision.refused(
        status: 502, errorType: "InternalFailure", message: "The user pool's signing keys could not be fetched.")

    func verify(_ token: String) async -> AuthDecision {
        do {
            _ = try await currentKeys()
        } catch {
            return Self.keysUnavailable
        }
        let claims: Claims
        do {
            claims = try await verifySignature(token)
        } catch {
            return .wrong
        }
        guard claims.exp.value > now() else {
            return .refused(status: 401, errorType: "UnauthorizedException", message: "Token has expired.")
        }
        // AppSync's exact words for a token not valid yet are not known: its general refusal.
        if let notBefore = claims.nbf, notBefore.value > now() { return .wrong }
        guard claims.iss?.value == settings.issuer, ["id", "access"].contains(claims.tokenUse ?? "") else { return .wrong }
        if !settings.clientIds.isEmpty {
            let audience = claims.tokenUse == "access" ? claims.clientId.map { [$0] } ?? [] : claims.aud?.value ?? []
            guard audience.contains(where: settings.clientIds.contains) else { return .wrong }
        }
        return .authorized
    }

    private func verifySignature(_ token: String) async throws -> Claims {
        let collection = try await currentKeys()
        do {
            return try await collection.verify(token, as: Claims.self)
        } catch {
            // A key the pool added since the last fetch: fetch again, at most every 30 seconds.
            guard let fetchedAt, now().timeIntervalSince(fetchedAt) > 30 else { throw error }
            keys = nil
            return try await currentKeys().verify(token, as: Claims.self)
        }
    }

    private func currentKeys() async throws -> JWTKeyCollection {
        if let keys { return keys }
        let collection = JWTKeyCollection()
        if settings.jwksURL.isFileURL {
            // A pool's keys saved to a file: for a machine with no way to the pool.
            try await collection.add(jwksJSON: String(contentsOf: settings.jwksURL, encoding: .utf8))
            keys = collection
            fetchedAt = now()
            return collection
        }
        var request = HTTPClientRequest(url: settings.jwksURL.absoluteString)
        request.method = .GET
        let response = try await Self.http.execute(request, timeout: .seconds(10))
        guard response.status == .ok else { throw JWKSUnavailable(status: Int(response.status.code)) }
        let body = try await response.body.collect(upTo: 1 << 20)
        try await collection.add(jwksJSON: String(buffer: body))
        keys = collection
        fetchedAt = now()
        return collection
    }

    struct JWKSUnavailable: Error {
        let status: Int
    }
}
