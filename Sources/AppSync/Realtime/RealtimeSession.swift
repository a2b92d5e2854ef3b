import Foundation
import Logging
import Synchronization
import WSClient

/// One realtime socket's life: the handshake, the subscriptions, the keep-alive
/// watchdog, and what ended it (for the client's reconnect decision).
final class RealtimeSession: Sendable {
    private struct State {
        var acknowledged: Set<String> = []
        var subscribed = false
        var lastMessage = ContinuousClock.now
        var timeout: Duration = .seconds(300)
        var began = ContinuousClock.now
        var opened = false
        /// Why the socket ended, if the protocol said so (not just a closed socket).
        var ending: RealtimeClient.Outcome?
    }

    private let subscriptions: [RealtimeSubscription]
    private let authorize: RealtimeAuthorization
    private let events: AsyncStream<RealtimeEvent>.Continuation
    private let logger: Logger
    private let state = Mutex(State())
    /// From the socket's opening to every subscription acknowledged: a server that accepts the
    /// socket but never acknowledges is not waited on until the keep-alive's 5 minutes (nothing
    /// would arrive meanwhile, and the header would say nothing); the attempt fails and is retried.
    let handshakeTimeout: Duration

    init(
        subscriptions: [RealtimeSubscription], authorize: @escaping RealtimeAuthorization,
        events: AsyncStream<RealtimeEvent>.Continuation, logger: Logger, handshakeTimeout: Duration
    ) {
        self.handshakeTimeout = handshakeTimeout
        self.subscriptions = subscriptions
        self.authorize = authorize
        self.events = events
        self.logger = logger
    }

    /// Whether the socket opened (the handshake's own deadline runs from then).
    var hasOpened: Bool { state.withLock { $0.opened } }

    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        state.withLock {
            $0.opened = true
            $0.began = .now
        }
        try await outbound.write(.text(RealtimeMessage.connectionInit))
        // Without a message (a `ka` at least) for `connectionTimeoutMs`, the socket is dead.
        let watchdog = Task {
            while !Task.isCancelled {
                let (last, timeout, subscribed, began) = state.withLock { ($0.lastMessage, $0.timeout, $0.subscribed, $0.began) }
                let deadline = last + timeout
                if ContinuousClock.now >= deadline {
                    end(.failed("no keep-alive from the realtime server within \(timeout)"))
                    try? await outbound.close(.goingAway, reason: "keep-alive timeout")
                    return
                }
                if !subscribed, ContinuousClock.now >= began + handshakeTimeout {
                    end(.failed("the realtime server did not acknowledge the subscriptions within \(handshakeTimeout)"))
                    try? await outbound.close(.goingAway, reason: "handshake timeout")
                    return
                }
                try? await Task.sleep(until: min(deadline, .now + .seconds(1)))
            }
        }
        defer { watchdog.cancel() }
        for try await message in inbound.messages(maxSize: 1 << 20) {
            guard case .text(let text) = message, let message = RealtimeMessage.decode(text) else { continue }
            state.withLock { $0.lastMessage = .now }
            if try await handle(message, outbound: outbound) == false {
                try? await outbound.close(.normalClosure, reason: nil)
                return
            }
        }
    }

    /// Acts on one message; false ends the socket.
    private func handle(_ message: RealtimeMessage, outbound: WebSocketOutboundWriter) async throws -> Bool {
        switch message.type {
        case "connection_ack":
            if let timeout = message.connectionTimeout { state.withLock { $0.timeout = timeout } }
            for subscription in subscriptions {
                let authorization: [String: String]
                do {
                    authorization = try await authorize(subscription.data)
                } catch {
                    end(error.stopsSending ? .refused(error.description) : .failed(error.description))
                    return false
                }
                try await outbound.write(.text(RealtimeMessage.start(id: subscription.id, data: subscription.data, authorization: authorization)))
            }
        case "start_ack":
            guard let id = message.id else { break }
            let complete = state.withLock { state -> Bool in
                state.acknowledged.insert(id)
                guard !state.subscribed, state.acknowledged.isSuperset(of: subscriptions.map(\.id)) else { return false }
                state.subscribed = true
                return true
            }
            if complete { events.yield(.subscribed) }
        case "data":
            guard let id = message.id, let data = message.resultData else { break }
            events.yield(.data(subscriptionID: id, data))
        case "error", "connection_error":
            let (text, type) = message.errorDescription
            logger.warning("realtime \(message.type): \(type ?? "-"): \(text)")
            // A refused key or token (401) or a refused IAM signature or credentials (403).
            let refusedTypes: Set<String> = [
                "UnauthorizedException", "InvalidSignatureException", "IncompleteSignatureException",
                "UnrecognizedClientException", "ExpiredTokenException",
            ]
            let errorsText = message.payload?.value?["errors"].map { "\($0)" } ?? ""
            let refused = type.map(refusedTypes.contains) ?? false || errorsText.contains("401") || errorsText.contains("403")
            end(refused ? .refused(text) : .failed(text))
            return false
        default:
            break  // ka, complete
        }
        return true
    }

    private func end(_ outcome: RealtimeClient.Outcome) {
        state.withLock { if $0.ending == nil { $0.ending = outcome } }
    }

    /// What ended the socket, for the client.
    func outcome(after error: (any Error)?) -> RealtimeClient.Outcome {
        state.withLock { state in
            if let ending = state.ending { return ending }
            // A failure below the WebSocket in the words the sender uses for requests; what
            // NIO prints for it (`SingleConnectionFailure(... errno: 111)`) says nothing to a user.
            let reason = error.map { error in
                TransportFailure(error).map { "the realtime connection failed: \($0.reason)" } ?? "the realtime connection failed (\(error))"
            } ?? "the realtime server closed the connection"
            return state.subscribed ? .subscribedThenLost(reason) : .failed(reason)
        }
    }
}
