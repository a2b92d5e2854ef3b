import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization
import UnixSignals

/// The embedded AppSync-compatible server. The app starts it in-process; `proptui serve` runs
/// it alone. `start()` binds and answers the port (a free one for port 0); `stop()` closes the
/// realtime sockets and shuts the HTTP server down gracefully.
public final class LocalAppSyncServer: Sendable {
    public let configuration: LocalAppSyncConfiguration
    /// The key clients must send as `x-api-key`.
    public let apiKey: String
    /// The file that holds it (mode 0600), unless it was given (`apiKey` in the configuration).
    public var apiKeyFile: String? {
        configuration.apiKey == nil ? APIKeyStore.path(dataDirectory: configuration.dataDirectory) : nil
    }
    /// Fault injection, changeable while the server runs.
    public let faults: FaultSettings

    /// Every model's items, the sample's or your own.
    let store: ModelItemDatabase
    let hub = SubscriptionHub()
    let graphQL: AppSyncGraphQL
    /// The identity pool the server plays for guests, when IAM is on: `REGION:UUID`.
    public let identityPoolId: String?
    let knownCredentials: KnownCredentials
    let authenticator: RequestAuthenticator
    private let realtime = RealtimeRegistry()
    private let state = Mutex<RunState>(.idle)

    private enum RunState {
        case idle
        case running(group: ServiceGroup, task: Task<Void, any Error>, port: Int)
        case stopped
    }

    public init(configuration: LocalAppSyncConfiguration) throws {
        if configuration.apiKey == nil, !Self.isLoopback(configuration.host) {
            throw LocalAppSyncError.nonLoopbackHostNeedsExplicitKey(host: configuration.host)
        }
        self.configuration = configuration
        do {
            try DataDirectoryProblem.prepare(configuration.dataDirectory)
        } catch {
            throw LocalAppSyncError.dataDirectoryUnusable(path: configuration.dataDirectory, reason: error.reason)
        }
        apiKey = try APIKeyStore.resolve(given: configuration.apiKey, dataDirectory: configuration.dataDirectory)
        faults = FaultSettings(configuration.faults)
        let modes = configuration.authModes
        knownCredentials = KnownCredentials(configuration.iamCredentials)
        identityPoolId =
            modes.contains(.iam)
            ? try IdentityPoolEmulator.poolId(region: configuration.region, dataDirectory: configuration.dataDirectory) : nil
        if modes.contains(.userPool), configuration.userPool == nil { throw LocalAppSyncError.userPoolNeedsTrust }
        authenticator = RequestAuthenticator(
            modes: modes, apiKey: apiKey,
            iam: modes.contains(.iam) ? IAMVerifier(region: configuration.region, known: knownCredentials) : nil,
            userPool: modes.contains(.userPool)
                ? configuration.userPool.map {
                    UserPoolVerifier(settings: .init(issuer: $0.issuer, jwksURL: $0.jwksURL, clientIds: $0.clientIds))
                } : nil)
        let signer = try PageTokenSigner.stored(in: configuration.dataDirectory)
        // The sample is one model description among others, served by the same store and resolvers.
        let dialect = configuration.schema
        let served = configuration.models ?? .sample(limits: configuration.limits, dialect: dialect)
        let fileName = ModelItemDatabase.fileName(dialect, sample: configuration.models == nil)
        let path = (configuration.dataDirectory as NSString).appendingPathComponent(fileName)
        do {
            store = try ModelItemDatabase(path: path, dialect: dialect, served: served)
        } catch let mismatch as StoreDialectMark.Mismatch {
            throw LocalAppSyncError.storeDialectMismatch(path: path, stored: mismatch.stored, requested: mismatch.requested)
        }
        let operations = served.schema.models.map { [store] model in
            ModelOperations(
                model: model, schema: served.schema, database: store, limits: configuration.limits, signer: signer,
                conflictHandler: configuration.conflictHandler, textRules: served.textRules[model.name] ?? [:])
        }
        graphQL = try AppSyncGraphQL(
            sdl: served.sdl(dialect),
            resolvers: ModelResolvers(operations: operations, schema: served.schema, hub: hub, faults: faults).served,
            limits: configuration.limits, fastPagePath: configuration.fastPagePath)
    }

    /// The bound port while running.
    public var port: Int? {
        state.withLock { if case .running(_, _, let port) = $0 { port } else { nil } }
    }

    public var graphQLURL: String? { port.map { "http://\(urlHost):\($0)/graphql" } }
    public var realtimeURL: String? { port.map { "ws://\(urlHost):\($0)/graphql/realtime" } }

    private var urlHost: String { configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host }

    /// Seeds a new store (unless told not to), binds, and answers the bound port.
    public func start() async throws -> Int {
        guard case .idle = state.withLock({ $0 }) else { throw LocalAppSyncError.alreadyStarted }
        if configuration.seedSamples, try await store.isEmpty { try await store.seedSamples() }

        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let application = makeApplication { port in portContinuation.yield(port) }
        let quiet = Logger(label: "LocalAppSync.lifecycle", factory: { _ in SwiftLogNoOpLogHandler() })
        let group = ServiceGroup(configuration: .init(services: [application], logger: quiet))
        let failure = Mutex<(any Error)?>(nil)
        let task = Task {
            defer { portContinuation.finish() }
            do { try await group.run() } catch {
                failure.withLock { $0 = error }
                throw error
            }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            let error = failure.withLock { $0 }
            state.withLock { $0 = .stopped }
            if let error = error as? IOError, error.errnoCode == EADDRINUSE {
                throw LocalAppSyncError.portInUse(host: configuration.host, port: configuration.port)
            }
            let reason = error.map { "\($0)" } ?? "the server stopped before it was ready"
            throw LocalAppSyncError.cannotListen(host: configuration.host, port: configuration.port, reason: reason)
        }
        state.withLock { $0 = .running(group: group, task: task, port: port) }
        return port
    }

    /// Fills an empty store with `count` generated properties (plausible names and addresses,
    /// UUID ids, `_version` 1 on the versioned dialect; the same `count` gives the same properties) in one bulk insert,
    /// not `count` mutations: `proptui serve --seed`, and the bench's in-process server. Call it
    /// before `start()`; rows seeded while running reach clients on their next sync (the bulk
    /// insert publishes nothing on the realtime socket). `progress` hears the rows written so
    /// far, every 100,000. Throws `LocalAppSyncError.storeNotEmpty`, having changed nothing,
    /// when the store holds any property.
    public func seedGenerated(count: Int, progress: @Sendable @escaping (Int) -> Void = { _ in }) async throws {
        precondition(count >= 0, "a negative number of properties")
        do {
            try await store.seedGenerated(count: count, progressInterval: 100_000, progress: progress)
        } catch ModelItemDatabase.SeedRefusal.storeNotEmpty {
            throw LocalAppSyncError.storeNotEmpty(dataDirectory: configuration.dataDirectory)
        }
    }

    /// Closes every realtime socket and stops the server; waits until it has stopped.
    /// How long a graceful stop may take before what is left is cut.
    static let shutdownGrace = Duration.seconds(3)

    public func stop() async {
        let running: (ServiceGroup, Task<Void, any Error>)? = state.withLock { state in
            guard case .running(let group, let task, _) = state else { return nil }
            state = .stopped
            return (group, task)
        }
        guard let (group, task) = running else { return }
        await realtime.shutDownAll()
        await group.triggerGracefulShutdown()
        // A connection caught half open by the shutdown (a realtime socket upgraded while the
        // others were being closed) can hold a graceful shutdown open for ever: after a grace
        // period the server is cancelled, which closes what is left.
        let finished = Mutex(false)
        Task {
            _ = try? await task.value
            finished.withLock { $0 = true }
        }
        let deadline = ContinuousClock.now + Self.shutdownGrace
        while !finished.withLock({ $0 }), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        let stopped = finished.withLock { $0 }
        if !stopped {
            configuration.requestLogger.warning("the server did not stop within \(Self.shutdownGrace): cancelling what is left")
            task.cancel()
            _ = try? await task.value
        }
    }

    /// Waits for SIGINT or SIGTERM, then stops the server (for `proptui serve`). `trapping` runs
    /// once the signals are trapped: announce readiness there, so that a signal sent as soon as
    /// the announcement is seen stops the server cleanly instead of killing the process.
    public func runUntilSignalled(trapping: () -> Void = {}) async {
        let signals = await UnixSignalsSequence(trapping: .sigint, .sigterm)
        trapping()
        for await _ in signals { break }
        await stop()
    }

    private func makeApplication(onPort: @escaping @Sendable (Int) -> Void) -> some ApplicationProtocol {
        let limits = configuration.limits
        let http = GraphQLHTTPHandler(graphQL: graphQL, authenticator: authenticator, faults: faults, limits: limits)
        let settings = RealtimeSession.Settings(
            authenticator: authenticator, keepAliveInterval: configuration.keepAliveInterval,
            connectionInitTimeout: configuration.connectionInitTimeout, maxMessageBytes: limits.maxBodyBytes, maxNesting: limits.maxNesting,
            faults: faults)
        let identityPool = identityPoolId.map {
            IdentityPoolEmulator(poolId: $0, known: knownCredentials, lifetime: configuration.guestCredentialLifetime)
        }
        let router = ServerRoutes.router(http: http, identityPool: identityPool, configuration: configuration)
        let realtimeRouter = ServerRoutes.realtimeRouter(
            graphQL: graphQL, settings: settings, registry: realtime, configuration: configuration)
        let faults = faults
        let requestLogger = configuration.requestLogger
        return Application(
            router: router,
            server: .http1WebSocketUpgrade(
                webSocketRouter: realtimeRouter,
                configuration: .init(http1: .init(additionalChannelHandlers: [
                    ConnectionDropHandler(faults: faults, logger: requestLogger), LostAnswerHandler(),
                ]))),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in onPort(channel.localAddress?.port ?? 0) },
            logger: Logger(label: "LocalAppSync.http", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
