import Foundation
import GraphQL
import Testing
@testable import LocalAppSync

@Suite struct LifecycleTests {
    @Test func aTakenPortIsAClearError() async throws {
        try await TestServer.with { first in
            let taken = first.port
            await #expect(throws: LocalAppSyncError.self) {
                try await TestServer.with(configure: { $0.port = taken }) { _ in }
            }
        }
    }

    @Test func oneLogLinePerRequestAndNeverTheKey() async throws {
        let log = CapturedLog()
        try await TestServer.with(configure: { $0.requestLogger = log.logger }) { server in
            try await server.graphQL("{ __typename }")
            _ = try await server.post(body: "{}", headers: [("x-api-key", "da2-wrong-key-in-a-header")])
            let client = RealtimeTestClient.connectWithQueryAuth(port: server.port, apiKey: server.server.apiKey)
            defer { client.close() }
            _ = await client.initialize()
            let lines = log.lines
            #expect(lines.count == 3)
            #expect(lines.first?.hasPrefix("POST /graphql 200 ") == true)
            #expect(lines.dropFirst().first?.hasPrefix("POST /graphql 401 ") == true)
            #expect(lines.last?.hasPrefix("GET /graphql/realtime ") == true)
            let header = Data(RealtimeTestClient.authJSON(apiKey: server.server.apiKey, port: server.port).utf8).base64EncodedString()
            for line in lines {
                #expect(!line.contains(server.server.apiKey) && !line.contains("da2-wrong") && !line.contains(header))
            }
        }
    }

    @Test func stoppingTheServerClosesRealtimeSockets() async throws {
        try await TestServer.with { server in
            let client = RealtimeTestClient.connectWithQueryAuth(port: server.port, apiKey: server.server.apiKey)
            _ = await client.initialize()
            _ = await client.start(id: "1", query: RealtimeTests.onCreate, apiKey: server.server.apiKey, port: server.port)
            await server.stop()
            await client.waitUntilClosed()
            #expect(server.server.hub.subscriberCount == 0)
        }
    }

    @Test func aClosedSocketUnsubscribes() async throws {
        try await TestServer.with { server in
            let client = RealtimeTestClient.connectWithQueryAuth(port: server.port, apiKey: server.server.apiKey)
            _ = await client.initialize()
            _ = await client.start(id: "1", query: RealtimeTests.onCreate, apiKey: server.server.apiKey, port: server.port)
            #expect(server.server.hub.subscriberCount == 1)
            client.close()
            await client.waitUntilClosed()
            // The server notices the close on its own schedule: poll the registry, bounded.
            let hub = server.server.hub
            try await waitUntil("the server to drop the closed socket's subscription") { hub.subscriberCount == 0 }
        }
    }
}
