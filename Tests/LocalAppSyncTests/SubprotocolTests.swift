import Foundation
import NIOCore
import NIOPosix
import Testing
@testable import LocalAppSync

/// The WebSocket handshake read byte for byte: the server must echo only `graphql-ws`, never
/// the `header-…` subprotocol that carries the key (a client would reject the upgrade).
@Suite struct SubprotocolTests {
    func handshake(port: Int, path: String, protocols: String) async throws -> String {
        let request = """
            GET \(path) HTTP/1.1\r
            Host: 127.0.0.1:\(port)\r
            Upgrade: websocket\r
            Connection: Upgrade\r
            Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r
            Sec-WebSocket-Version: 13\r
            Sec-WebSocket-Protocol: \(protocols)\r
            \r

            """
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: request))
            return try await withTimeLimit(waitingFor: "the handshake's response head") {
                var received = ""
                for try await chunk in inbound {
                    received += String(buffer: chunk)
                    if received.contains("\r\n\r\n") { break }
                }
                return received
            }
        }
    }

    @Test(arguments: ["/graphql", "/graphql/realtime"])
    func onlyGraphQLWSIsEchoed(path: String) async throws {
        try await TestServer.with { server in
            let auth = Data(RealtimeTestClient.authJSON(apiKey: server.server.apiKey, port: server.port).utf8).base64EncodedString()
                .replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            let head = try await handshake(port: server.port, path: path, protocols: "graphql-ws, header-\(auth)")
            #expect(head.hasPrefix("HTTP/1.1 101"))
            let echoed = head.split(separator: "\r\n").filter { $0.lowercased().hasPrefix("sec-websocket-protocol:") }
            #expect(echoed.map { $0.lowercased() } == ["sec-websocket-protocol: graphql-ws"])
        }
    }
}
