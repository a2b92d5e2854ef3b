import Foundation
import Testing
@testable import AppSync

#if canImport(Glibc)
import Glibc
#endif

/// A realtime socket that never opens must not hang live sync: the attempt is given up and the
/// client says the socket is down, then tries again.
@Suite struct RealtimeHandshakeTests {
    /// A TCP port that takes connections (the kernel's backlog) and never answers them: a server
    /// going down, or one that is not a WebSocket server at all.
    final class SilentListener {
        let descriptor: Int32
        let port: Int

        init() throws {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            self.descriptor = descriptor
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0, listen(descriptor, 16) == 0 else {
                close(descriptor)
                throw POSIXError(.EADDRINUSE)
            }
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            }
            port = Int(UInt16(bigEndian: address.sin_port))
        }

        deinit { close(descriptor) }
    }

    @Test(.timeLimit(.minutes(1))) func aSocketThatNeverOpensIsGivenUpAndSaidToBeDown() async throws {
        let listener = try SilentListener()
        let url = try #require(URL(string: "ws://127.0.0.1:\(listener.port)/graphql/realtime"))
        let client = RealtimeClient(
            url: url, subscriptions: [], retryPolicy: RetryPolicy(base: .milliseconds(10), cap: .milliseconds(20)),
            handshakeTimeout: .milliseconds(300), authorize: { _ throws(AppSyncFailure) in ["x-api-key": "k"] })
        defer { client.stop() }
        var downs: [String] = []
        for await event in client.start() {
            guard case .disconnected(let reason, _) = event else { continue }
            downs.append(reason)
            if downs.count == 2 { break }  // given up, and tried again
        }
        #expect(downs.allSatisfy { $0.contains("did not open within") }, "\(downs)")
    }

    /// Nothing listening where the realtime socket goes (the server is down): said in the
    /// sender's words, not as NIO prints its error (`SingleConnectionFailure(... errno: 111)`).
    @Test(.timeLimit(.minutes(1))) func aRefusedSocketIsSaidInWordsNotAsAnErrno() async throws {
        let port = try SilentListener().port  // closed again at once: nothing listens there
        let url = try #require(URL(string: "ws://127.0.0.1:\(port)/graphql/realtime"))
        let client = RealtimeClient(
            url: url, subscriptions: [], retryPolicy: RetryPolicy(base: .milliseconds(10), cap: .milliseconds(20)),
            handshakeTimeout: .seconds(5), authorize: { _ throws(AppSyncFailure) in ["x-api-key": "k"] })
        defer { client.stop() }
        for await event in client.start() {
            guard case .disconnected(let reason, _) = event else { continue }
            #expect(reason == "the realtime connection failed: the server refused the connection (nothing is listening there)", "\(reason)")
            break
        }
    }
}
