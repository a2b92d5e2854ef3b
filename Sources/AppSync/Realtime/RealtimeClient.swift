import Foundation
import Logging
import NIOCore
import Synchronization
import WSClient

/// A subscription the realtime client keeps open (and opens again after every reconnect).
public struct RealtimeSubscription: Sendable, Equatable {
    public let id: String
    public let query: String
    public let variables: [String: JSONValue]

    public init(id: String, query: String, variables: [String: JSONValue] = [:]) {
        self.id = id
        self.query = query
        self.variables = variables
    }

    /// The `data` string of a `start`: the query and variables as JSON text.
    var data: String { JSONValue.object(["query": .string(query), "variables": .object(variables)]).jsonText }
}

/// What the realtime connection reports, in order.
public enum RealtimeEvent: Sendable, Equatable {
    /// Every subscription is acknowledged: from now on no change is missed, so the
    /// caller can run its catch-up query (events that arrive meanwhile are buffered by it).
    case subscribed
    /// A subscription delivered a result: the `data` of the payload, as text (its subscriber
    /// reads it straight into its own type).
    case data(subscriptionID: String, JSONText)
    /// The socket is gone, or could not be opened (the reason, in words); the client connects
    /// again after `retryIn`.
    case disconnected(String, retryIn: Duration)
    /// The server refused the credentials on the socket; the client waits longer before trying again.
    case unauthorized(String, retryIn: Duration)
}

/// Produces the auth object for the handshake (`payload` is "{}") and for each `start`
/// (`payload` is the subscription's data string): `{"host":…,"x-api-key":…}` for an
/// API key, signed headers for IAM, `Authorization` for tokens.
public typealias RealtimeAuthorization = @Sendable (_ payload: String) async throws(AppSyncFailure) -> [String: String]

/// AppSync's realtime WebSocket (`graphql-ws`): `connection_init`, `ka` watched against
/// the server's `connectionTimeoutMs`, `start`/`start_ack`/`data`/`error`/`stop`,
/// reconnecting with backoff and jitter and subscribing again, until `stop()`.
public final class RealtimeClient: Sendable {
    public let url: URL
    let subscriptions: [RealtimeSubscription]
    let authorize: RealtimeAuthorization
    let retryPolicy: RetryPolicy
    /// How long a socket may take to open and have every subscription acknowledged.
    let handshakeTimeout: Duration
    let logger: Logger
    private let task = Mutex<Task<Void, Never>?>(nil)

    public init(
        url: URL, subscriptions: [RealtimeSubscription], retryPolicy: RetryPolicy = RetryPolicy(base: .milliseconds(500), cap: .seconds(15)),
        handshakeTimeout: Duration = .seconds(15),
        logger: Logger = Logger(label: "proptui.realtime"), authorize: @escaping RealtimeAuthorization
    ) {
        self.handshakeTimeout = handshakeTimeout
        self.url = url
        self.subscriptions = subscriptions
        self.authorize = authorize
        self.retryPolicy = retryPolicy
        self.logger = logger
    }

    /// The auth of an API key: the API's host (with its port, as the server sees it) and the key.
    public static func apiKeyAuthorization(_ key: String, graphQLEndpoint: URL) -> RealtimeAuthorization {
        let host = graphQLEndpoint.host.map { host in graphQLEndpoint.port.map { "\(host):\($0)" } ?? host } ?? ""
        return { _ throws(AppSyncFailure) in ["host": host, "x-api-key": key] }
    }

    /// Connects and keeps the connection up; events arrive on the returned stream until `stop()`.
    public func start() -> AsyncStream<RealtimeEvent> {
        let (events, continuation) = AsyncStream<RealtimeEvent>.makeStream(bufferingPolicy: .unbounded)
        let runner = Task { [self] in
            var failures = 0
            while !Task.isCancelled {
                let outcome = await connectOnce(continuation)
                if Task.isCancelled { break }
                let event: (Duration) -> RealtimeEvent
                switch outcome {
                case .subscribedThenLost(let reason):
                    failures = 1
                    event = { .disconnected(reason, retryIn: $0) }
                case .failed(let reason):
                    failures += 1
                    event = { .disconnected(reason, retryIn: $0) }
                case .refused(let reason):
                    failures += 4  // credentials do not fix themselves quickly: wait longer
                    event = { .unauthorized(reason, retryIn: $0) }
                }
                let delay = retryPolicy.delay(afterFailure: failures)
                continuation.yield(event(delay))
                try? await Task.sleep(for: delay)
            }
            continuation.finish()
        }
        task.withLock { $0 = runner }
        continuation.onTermination = { _ in runner.cancel() }
        return events
    }

    public func stop() {
        task.withLock { $0?.cancel() }
    }

    enum Outcome {
        case subscribedThenLost(String)
        case failed(String)
        case refused(String)
    }

    /// One socket, from the handshake to its end.
    private func connectOnce(_ events: AsyncStream<RealtimeEvent>.Continuation) async -> Outcome {
        let handshake: [String: String]
        do {
            handshake = try await authorize("{}")
        } catch {
            return error.stopsSending ? .refused(error.description) : .failed(error.description)
        }
        let header = JSONValue.object(handshake.mapValues { .string($0) }).jsonText
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return .failed("bad realtime URL") }
        // Standard base64, not percent-encoded, as AppSync expects (a `+` stays a `+`).
        parts.percentEncodedQuery = "header=\(Data(header.utf8).base64EncodedString())&payload=e30="
        guard let address = parts.string else { return .failed("bad realtime URL") }

        var configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 20)
        configuration.additionalHeaders[.secWebSocketProtocol] = "graphql-ws"
        let session = RealtimeSession(
            subscriptions: subscriptions, authorize: authorize, events: events, logger: logger, handshakeTimeout: handshakeTimeout)
        let connect: @Sendable () async -> (any Error)? = { [configuration, logger] in
            do {
                _ = try await WebSocketClient.connect(url: address, configuration: configuration, logger: logger) { inbound, outbound, _ in
                    try await session.run(inbound: inbound, outbound: outbound)
                }
                return nil
            } catch {
                return error
            }
        }
        let ended = await Self.giveUp(on: connect, after: handshakeTimeout, unless: { session.hasOpened }, else: SocketDidNotOpen(timeout: handshakeTimeout))
        return session.outcome(after: ended)
    }

    /// A socket that never opens (a connection accepted by a server going down, whose upgrade is
    /// never answered) is given up after the handshake's time, like one that opens and is never
    /// acknowledged (`RealtimeSession`): otherwise the client would wait on it forever, live sync
    /// silently dead and the header saying nothing.
    struct SocketDidNotOpen: Error, CustomStringConvertible {
        let timeout: Duration
        var description: String { "the realtime socket did not open within \(timeout)" }
    }

    /// Runs `connect`; if the socket has not opened after `timeout`, answers at once and cancels the
    /// attempt (which may end later on its own), so that the client goes on to the next one.
    private static func giveUp(
        on connect: @escaping @Sendable () async -> (any Error)?, after timeout: Duration,
        unless hasOpened: @escaping @Sendable () -> Bool, else timedOut: SocketDidNotOpen
    ) async -> (any Error)? {
        let answered = Mutex(false)
        return await withCheckedContinuation { (continuation: CheckedContinuation<(any Error)?, Never>) in
            let answer: @Sendable ((any Error)?) -> Void = { outcome in
                let isFirst = answered.withLock { done in
                    defer { done = true }
                    return !done
                }
                if isFirst { continuation.resume(returning: outcome) }
            }
            let attempt = Task { answer(await connect()) }
            Task {
                try? await Task.sleep(for: timeout)
                guard !hasOpened() else { return }
                answer(timedOut)
                attempt.cancel()
            }
        }
    }
}
