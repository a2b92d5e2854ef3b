import Foundation
import GraphQL
import HummingbirdWebSocket
import NIOWebSocket
import OrderedCollections

/// One realtime WebSocket, speaking AppSync's `graphql-ws` dialect: `connection_init` →
/// `connection_ack` and `ka`; `start` → `start_ack` and `data`; `stop` → `complete`; `error`.
/// An actor because the inbound loop, the keep-alive timer and every subscription send on it.
actor RealtimeSession {
    struct Settings: Sendable {
        let authenticator: RequestAuthenticator
        let keepAliveInterval: Duration
        let connectionInitTimeout: Duration
        /// The largest message accepted from the client (the HTTP body limit).
        let maxMessageBytes: Int
        /// How deep a message's JSON may nest (`ServerLimits.maxNesting`).
        var maxNesting = ServerLimits().maxNesting
        /// `--drop-rate` reaches the socket too: a message about to go out may instead close it,
        /// as a flaky network would, so that clients' reconnects and catch-up can be tested.
        var faults = FaultSettings()
    }

    private let outbound: WebSocketOutboundWriter
    private let graphQL: AppSyncGraphQL
    private let settings: Settings
    /// The authorization the upgrade request carried.
    private let handshakeAuth: AuthDecision
    private let closeSignal: AsyncStream<Void>.Continuation
    private let closeRequested: AsyncStream<Void>

    private var acknowledged = false
    private var closed = false
    private var subscriptions: [String: Task<Void, Never>] = [:]
    private var timers: [Task<Void, Never>] = []

    init(outbound: WebSocketOutboundWriter, graphQL: AppSyncGraphQL, settings: Settings, handshakeAuth: AuthDecision) {
        self.outbound = outbound
        self.graphQL = graphQL
        self.settings = settings
        self.handshakeAuth = handshakeAuth
        (closeRequested, closeSignal) = AsyncStream<Void>.makeStream()
    }

    /// Serves the socket until the client leaves or the session closes it.
    func run(inbound: WebSocketInboundStream) async {
        startInitTimeout()
        let maxMessageBytes = settings.maxMessageBytes
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    for try await message in inbound.messages(maxSize: maxMessageBytes) {
                        guard case .text(let text) = message else { continue }
                        await self.receive(text)
                    }
                } catch {}
            }
            group.addTask { [closeRequested] in
                for await _ in closeRequested { return }
            }
            await group.next()
            group.cancelAll()
        }
        finish()
    }

    /// Closes the socket from the server's side (server shutdown).
    func shutDown() async {
        await close(code: .goingAway, reason: "server shutting down")
    }

    private func finish() {
        for task in subscriptions.values { task.cancel() }
        for task in timers { task.cancel() }
        subscriptions.removeAll()
        closeSignal.finish()
    }

    private func receive(_ text: String) async {
        guard let message = try? JSONMapParser.parse(Array(text.utf8), maxDepth: settings.maxNesting), let type = message["type"].string else {
            await sendError(id: nil, type: "MalformedMessage", message: "Each message must be a JSON object with a \"type\".")
            return
        }
        switch type {
        case "connection_init": await connectionInit()
        case "start": await start(message)
        case "stop": await stop(message)
        case "connection_terminate": await close(code: .normalClosure, reason: nil)
        default: await sendError(id: message["id"].string, type: "UnknownOperationError", message: "Unknown message type \"\(type)\".")
        }
    }

    private func connectionInit() async {
        guard handshakeAuth == .authorized else {
            await send([
                "type": "connection_error",
                "payload": ["errors": [[
                    "errorType": .string(handshakeAuth.errorType), "message": .string(handshakeAuth.message),
                    "errorCode": .number(Number(Int(handshakeAuth.status.code))),
                ]]],
            ])
            await close(code: .policyViolation, reason: "unauthorized")
            return
        }
        acknowledged = true
        let timeout = 300_000
        await send(["type": "connection_ack", "payload": ["connectionTimeoutMs": .number(Number(timeout))]])
        await send(["type": "ka"])
        startKeepAlive()
    }

    private func start(_ message: Map) async {
        guard let id = message["id"].string else {
            await sendError(id: nil, type: "MalformedMessage", message: "A start message needs a string \"id\".")
            return
        }
        guard acknowledged else {
            await sendError(id: id, type: "UnauthorizedException", message: "Send connection_init before start.")
            return
        }
        guard subscriptions[id] == nil else {
            await sendError(id: id, type: "DuplicatedOperationError", message: "A subscription with id \(id) is already running.")
            return
        }
        let authorization = RealtimeAuth.strings(message["payload"]["extensions"]["authorization"])
        // IAM signs the `data` string as the body of a POST to /graphql.
        let signedBody = Array((message["payload"]["data"].string ?? "").utf8)
        let auth = await settings.authenticator.checkRealtime(authorization, body: signedBody, path: "/graphql")
        guard auth == .authorized else {
            await sendError(id: id, type: auth.errorType, message: auth.message)
            return
        }
        guard let dataText = message["payload"]["data"].string,
            let request = try? JSONMapParser.parse(Array(dataText.utf8), maxDepth: settings.maxNesting),
            let body = try? GraphQLHTTPBody(request)
        else {
            await sendError(id: id, type: "MalformedMessage", message: "payload.data must be a JSON string of {query, variables}.")
            return
        }
        switch await graphQL.subscribe(query: body.query, variables: body.variables, operationName: body.operationName) {
        case .failure(let failure):
            await send(["type": "error", "id": .string(id), "payload": ["errors": .array(failure.errors)]])
        case .success(let stream):
            // The task is registered before start_ack goes out, so a mutation that follows the
            // ack is always seen.
            subscriptions[id] = Task { await self.forward(stream, id: id) }
            await send(["type": "start_ack", "id": .string(id)])
        }
    }

    private func forward(_ stream: AsyncThrowingStream<GraphQLResult, any Error>, id: String) async {
        do {
            for try await result in stream {
                if await droppedByFault() { return }
                var payload: OrderedDictionary<String, Map> = ["data": result.data ?? .null]
                if !result.errors.isEmpty { payload["errors"] = .array(result.errors.map(GraphQLErrorFormatter.resolverError)) }
                await send(["type": "data", "id": .string(id), "payload": .dictionary(payload)])
            }
        } catch {}
    }

    private func stop(_ message: Map) async {
        guard let id = message["id"].string else { return }
        subscriptions.removeValue(forKey: id)?.cancel()
        await send(["type": "complete", "id": .string(id)])
    }

    private func startInitTimeout() {
        let timeout = settings.connectionInitTimeout
        timers.append(Task {
            try? await Task.sleep(for: timeout)
            guard !Task.isCancelled else { return }
            await self.closeIfNotInitialized()
        })
    }

    private func closeIfNotInitialized() async {
        guard !acknowledged else { return }
        await close(code: .policyViolation, reason: "connection_init not received in time")
    }

    private func startKeepAlive() {
        let interval = settings.keepAliveInterval
        timers.append(Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled else { return }
                if await self.droppedByFault() { return }
                await self.send(["type": "ka"])
            }
        })
    }

    /// Rolls `--drop-rate` for one outgoing message: true when the socket was closed instead.
    private func droppedByFault() async -> Bool {
        guard !closed, settings.faults.shouldDropRequest() else { return false }
        await close(code: .goingAway, reason: "dropped (drop-rate)")
        return true
    }

    private func sendError(id: String?, type: String, message: String) async {
        var error: OrderedDictionary<String, Map> = ["type": "error"]
        if let id { error["id"] = .string(id) }
        error["payload"] = ["errors": [["errorType": .string(type), "message": .string(message)]]]
        await send(.dictionary(error))
    }

    private func send(_ message: Map) async {
        guard !closed, let data = try? GraphQLJSONEncoder().encode(message) else { return }
        try? await outbound.write(.text(String(decoding: data, as: UTF8.self)))
    }

    private func close(code: WebSocketErrorCode, reason: String?) async {
        guard !closed else { return }
        closed = true
        try? await outbound.close(code, reason: reason)
        closeSignal.yield()
    }
}
