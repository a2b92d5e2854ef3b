import Foundation
import GraphQL
import Logging
import NIOCore
import Testing
import WSClient

/// A real WebSocket client for the realtime endpoint: sends JSON text, collects what the
/// server sends into an `Inbox`, and reports when the server closed the socket.
final class RealtimeTestClient: Sendable {
    private let inbox = Inbox()
    private let outgoing: AsyncStream<String>.Continuation
    private let connection: Task<Void, Never>

    /// The auth JSON AppSync clients send for API-key auth.
    static func authJSON(apiKey: String, port: Int) -> String {
        #"{"host":"127.0.0.1:\#(port)","x-api-key":"\#(apiKey)"}"#
    }

    /// Connects with the auth in the `header` query parameter (standard base64).
    static func connectWithQueryAuth(port: Int, apiKey: String, path: String = "/graphql/realtime") -> RealtimeTestClient {
        let header = Data(authJSON(apiKey: apiKey, port: port).utf8).base64EncodedString()
        return RealtimeTestClient(url: "ws://127.0.0.1:\(port)\(path)?header=\(header)&payload=e30=", subprotocols: ["graphql-ws"])
    }

    /// Connects with the auth in a `header-<base64url>` subprotocol.
    static func connectWithSubprotocolAuth(port: Int, apiKey: String, path: String = "/graphql") -> RealtimeTestClient {
        let base64url = Data(authJSON(apiKey: apiKey, port: port).utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return RealtimeTestClient(url: "ws://127.0.0.1:\(port)\(path)", subprotocols: ["graphql-ws", "header-\(base64url)"])
    }

    init(url: String, subprotocols: [String]) {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        outgoing = continuation
        let inbox = inbox
        var configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 20)
        configuration.additionalHeaders[.secWebSocketProtocol] = subprotocols.joined(separator: ", ")
        let logger = Logger(label: "test.ws", factory: { _ in SwiftLogNoOpLogHandler() })
        connection = Task {
            _ = try? await WebSocketClient.connect(url: url, configuration: configuration, logger: logger) { inbound, outbound, _ in
                let writer = Task {
                    for await text in stream { try? await outbound.write(.text(text)) }
                    try? await outbound.close(.normalClosure, reason: nil)
                }
                defer { writer.cancel() }
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    guard case .text(let text) = message,
                        let json = try? JSONDecoder().decode(Map.self, from: Data(text.utf8))
                    else { continue }
                    await inbox.push(json)
                }
            }
            await inbox.finish()
        }
    }

    func send(_ json: String) {
        outgoing.yield(json)
    }

    /// Sends `connection_init` and waits for `connection_ack`.
    func initialize(sourceLocation: Testing.SourceLocation = #_sourceLocation) async -> Map? {
        send(#"{"type":"connection_init"}"#)
        return await next(type: "connection_ack", sourceLocation: sourceLocation)
    }

    /// Starts a subscription with the given id; waits for `start_ack` (or an `error`).
    func start(
        id: String, query: String, variables: String = "{}", apiKey: String, port: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async -> Map? {
        let data = #"{"query":\#(jsonString(query)),"variables":\#(variables)}"#
        send(#"{"id":"\#(id)","type":"start","payload":{"data":\#(jsonString(data)),"extensions":{"authorization":\#(Self.authJSON(apiKey: apiKey, port: port))}}}"#)
        return await next(sourceLocation: sourceLocation) { ["start_ack", "error"].contains($0["type"].string ?? "") }
    }

    /// The next message of the given type, skipping others (keep-alives, say).
    func next(type: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async -> Map? {
        await next(sourceLocation: sourceLocation) { $0["type"].string == type }
    }

    /// The next message that satisfies `matches`; nil if the socket closes first. Waiting longer
    /// than `limit` FAILS the test (and answers nil), so a broken server cannot hang it.
    func next(
        within limit: Duration = .seconds(20), sourceLocation: Testing.SourceLocation = #_sourceLocation,
        where matches: @Sendable @escaping (Map) -> Bool
    ) async -> Map? {
        let inbox = inbox
        enum Outcome { case message(Map), closed, timedOut }
        let outcome = await withTaskGroup(of: Outcome.self) { group in
            group.addTask {
                while let message = await inbox.next() {
                    if matches(message) { return .message(message) }
                }
                return .closed
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return .timedOut
            }
            let first = await group.next() ?? .timedOut
            // A timeout leaves the reader waiting in the inbox; finishing the inbox releases it.
            if case .timedOut = first { await inbox.finish() }
            group.cancelAll()
            return first
        }
        switch outcome {
        case .message(let message): return message
        case .closed: return nil
        case .timedOut:
            Issue.record("no matching realtime message within \(limit)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// Waits until the server has closed the socket; not closing within `limit` FAILS the test.
    func waitUntilClosed(within limit: Duration = .seconds(20), sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        let connection = connection
        let closed = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await connection.value
                return true
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return false
            }
            let first = await group.next() ?? false
            // Awaiting a task's value does not stop on cancellation: end the connection itself.
            if !first { connection.cancel() }
            group.cancelAll()
            return first
        }
        if !closed { Issue.record("the server did not close the realtime socket within \(limit)", sourceLocation: sourceLocation) }
    }

    func close() {
        outgoing.finish()
    }

    private func jsonString(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
