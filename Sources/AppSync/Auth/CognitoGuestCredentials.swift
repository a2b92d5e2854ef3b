import AsyncHTTPClient
import Foundation

/// Guest (unauthenticated) credentials from a Cognito identity pool, as Amplify gets them:
/// `GetId` once for an identity id, then `GetCredentialsForIdentity` whenever the temporary
/// credentials are about to expire. The identity id and the credentials are cached in the data
/// directory (mode 0600), so a restart reuses the same guest identity.
public actor CognitoGuestCredentials: AWSCredentialsProvider {
    public nonisolated let sourceDescription = "guest"
    let pool: IdentityPoolSettings
    let service: AWSJSONService
    let cachePath: String?
    /// Credentials this close to expiring are renewed before use.
    let renewalMargin: TimeInterval
    let now: @Sendable () -> Date

    private var identityId: String?
    private var cached: AWSCredentials?
    /// How long the cached credentials were good for when fetched: short-lived ones (moto's last
    /// 90 seconds) are renewed after three quarters of their life rather than at a fixed margin.
    private var cachedLifetime: TimeInterval?
    private var loadedCache = false
    private var renewal: Task<AWSCredentials, any Error>?

    struct Cache: Codable {
        var identityPoolId: String
        var identityId: String
        var accessKeyId: String?
        var secretKey: String?
        var sessionToken: String?
        var expiration: Date?
    }

    public init(
        pool: IdentityPoolSettings, endpoint: URL, cachePath: String?, http: HTTPClient = AppSyncClient.sharedHTTPClient,
        renewalMargin: TimeInterval = 300, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.pool = pool
        service = AWSJSONService(endpoint: endpoint, targetPrefix: "AWSCognitoIdentityService", http: http)
        self.cachePath = cachePath
        self.renewalMargin = renewalMargin
        self.now = now
    }

    /// The identity id in use (after the first `credentials()`).
    public var currentIdentityId: String? { identityId }

    public func credentials() async throws(AuthorizationFailure) -> AWSCredentials {
        loadCacheOnce()
        let margin = min(renewalMargin, (cachedLifetime ?? .infinity) / 4)
        if let cached, !cached.expires(within: margin, of: now()) { return cached }
        // One renewal at a time: concurrent requests wait for the same answer.
        let task = renewal ?? Task { try await self.fetch() }
        renewal = task
        defer { renewal = nil }
        do {
            let credentials = try await task.value
            cached = credentials
            cachedLifetime = credentials.expiration.map { $0.timeIntervalSince(now()) }
            return credentials
        } catch let failure as AuthorizationFailure {
            throw failure
        } catch {
            throw AuthorizationFailure("guest credentials: \(error)", isTransient: true)
        }
    }

    public func invalidate() async -> Bool {
        cached = nil
        cachedLifetime = nil
        if let identityId { save(identityId: identityId, credentials: nil) }
        return true
    }

    private func fetch() async throws(AuthorizationFailure) -> AWSCredentials {
        let reused = identityId != nil
        do throws(AWSJSONService.CallError) {
            return try await credentials(for: try await currentOrNewIdentity())
        } catch .service(let error) where reused && ["ResourceNotFoundException", "NotAuthorizedException"].contains(error.type) {
            // The cached identity is gone (a new pool, a deleted identity): start again with a new one.
            identityId = nil
        } catch {
            throw Self.failure(error)
        }
        do throws(AWSJSONService.CallError) {
            return try await credentials(for: try await currentOrNewIdentity())
        } catch {
            throw Self.failure(error)
        }
    }

    private func currentOrNewIdentity() async throws(AWSJSONService.CallError) -> String {
        if let identityId { return identityId }
        let answer = try await service.call("GetId", ["IdentityPoolId": .string(pool.id)])
        guard let id = answer["IdentityId"]?.stringValue, !id.isEmpty else {
            throw .transport("GetId answered without an IdentityId")
        }
        identityId = id
        save(identityId: id, credentials: nil)
        return id
    }

    private func credentials(for identity: String) async throws(AWSJSONService.CallError) -> AWSCredentials {
        let answer = try await service.call("GetCredentialsForIdentity", ["IdentityId": .string(identity)])
        guard let values = answer["Credentials"], let id = values["AccessKeyId"]?.stringValue,
            let secret = values["SecretKey"]?.stringValue
        else { throw .transport("GetCredentialsForIdentity answered without credentials") }
        let expiration: Date? =
            switch values["Expiration"] {
            case .double(let seconds)?: Date(timeIntervalSince1970: seconds)
            case .int(let seconds)?: Date(timeIntervalSince1970: TimeInterval(seconds))
            default: nil
            }
        let credentials = AWSCredentials(
            accessKeyId: id, secretAccessKey: secret, sessionToken: values["SessionToken"]?.stringValue, expiration: expiration)
        save(identityId: identity, credentials: credentials)
        return credentials
    }

    static func failure(_ error: AWSJSONService.CallError) -> AuthorizationFailure {
        switch error {
        case .transport(let reason): AuthorizationFailure("guest credentials: \(reason)", isTransient: true)
        case .service(let error):
            AuthorizationFailure("the identity pool refused guest credentials: \(error.type): \(error.message)")
        }
    }

    private func loadCacheOnce() {
        guard !loadedCache else { return }
        loadedCache = true
        guard let cachePath, let cache = SecretFile.read(Cache.self, from: cachePath), cache.identityPoolId == pool.id else { return }
        identityId = cache.identityId
        if let id = cache.accessKeyId, let secret = cache.secretKey {
            cached = AWSCredentials(accessKeyId: id, secretAccessKey: secret, sessionToken: cache.sessionToken, expiration: cache.expiration)
        }
    }

    private func save(identityId: String, credentials: AWSCredentials?) {
        guard let cachePath else { return }
        let cache = Cache(
            identityPoolId: pool.id, identityId: identityId, accessKeyId: credentials?.accessKeyId,
            secretKey: credentials?.secretAccessKey, sessionToken: credentials?.sessionToken, expiration: credentials?.expiration)
        // A cache that cannot be written costs a GetId at the next start, nothing more.
        try? SecretFile.write(cache, to: cachePath)
    }
}
