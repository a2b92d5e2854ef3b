import AppSync
import Foundation
import Testing
@testable import LocalAppSync

/// AppSync's realtime client (`RealtimeClient`) authorized by each mode's `RequestAuthorizer`:
/// the handshake and every `start` are signed or carry the token, and the server checks both.
@Suite struct RealtimeClientAuthTests {
    static let onCreate = RealtimeSubscription(id: "1", query: "subscription { onCreateRealEstateProperty { id name } }")

    /// Starts the client, waits until subscribed, makes `create` happen, and answers the first
    /// event after that (or the first refusal).
    static func firstEvent(
        url: URL, authorize: @escaping RealtimeAuthorization, create: @Sendable () async throws -> Void
    ) async throws -> RealtimeEvent? {
        let client = RealtimeClient(
            url: url, subscriptions: [onCreate], retryPolicy: RetryPolicy(base: .milliseconds(20), cap: .milliseconds(100)),
            authorize: authorize)
        defer { client.stop() }
        // Generous: only a guard against a hang. A full run on 2 cores can hold a test for long.
        let deadline = ContinuousClock.now + .seconds(90)
        var iterator = client.start().makeAsyncIterator()
        while ContinuousClock.now < deadline, let event = await iterator.next() {
            switch event {
            case .subscribed: try await create()
            case .data, .unauthorized: return event
            case .disconnected: continue
            }
        }
        return nil
    }

    @Test func iamSignsTheHandshakeAndEveryStart() async throws {
        try await IAMAuthTests.withIAMServer { server in
            let endpoint = URL(string: server.graphQLURL)!
            let authorizer = IAMAuthorizer(provider: StaticCredentialsProvider(IAMAuthTests.known, source: "test"), region: "us-east-1")
            let client = try IAMAuthTests.client(server, provider: StaticCredentialsProvider(IAMAuthTests.known, source: "test"))
            let event = try await Self.firstEvent(
                url: URL(string: "ws://127.0.0.1:\(server.port)/graphql/realtime")!,
                authorize: authorizer.realtimeAuthorization(graphQLEndpoint: endpoint)
            ) {
                _ = try await client.execute(GraphQLRequest(
                    query: #"mutation { createRealEstateProperty(input: {name: "Signed live"}) { id name } }"#))
            }
            guard case .data(_, let data)? = event else {
                Issue.record("expected data, got \(String(describing: event))")
                return
            }
            #expect(data.value?["onCreateRealEstateProperty"]?["name"] == "Signed live")
        }
    }

    @Test func guestCredentialsWithASessionTokenWorkToo() async throws {
        try await IAMAuthTests.withIAMServer { server in
            let endpoint = URL(string: server.graphQLURL)!
            let guest = CognitoGuestCredentials(
                pool: IdentityPoolSettings(id: try #require(server.server.identityPoolId)),
                endpoint: URL(string: "http://127.0.0.1:\(server.port)/")!, cachePath: nil)
            let authorizer = IAMAuthorizer(provider: guest, region: "us-east-1")
            let client = try IAMAuthTests.client(server, provider: guest)
            let event = try await Self.firstEvent(
                url: URL(string: "ws://127.0.0.1:\(server.port)/graphql/realtime")!,
                authorize: authorizer.realtimeAuthorization(graphQLEndpoint: endpoint)
            ) {
                _ = try await client.execute(GraphQLRequest(
                    query: #"mutation { createRealEstateProperty(input: {name: "Guest live"}) { id name } }"#))
            }
            guard case .data(_, let data)? = event else {
                Issue.record("expected data, got \(String(describing: event))")
                return
            }
            #expect(data.value?["onCreateRealEstateProperty"]?["name"] == "Guest live")
        }
    }

    @Test func aWrongRegionIsRefusedOnTheSocket() async throws {
        try await IAMAuthTests.withIAMServer { server in
            let authorizer = IAMAuthorizer(provider: StaticCredentialsProvider(IAMAuthTests.known, source: "test"), region: "eu-west-1")
            let event = try await Self.firstEvent(
                url: URL(string: "ws://127.0.0.1:\(server.port)/graphql/realtime")!,
                authorize: authorizer.realtimeAuthorization(graphQLEndpoint: URL(string: server.graphQLURL)!)
            ) {}
            guard case .unauthorized(let reason, _)? = event else {
                Issue.record("expected a refusal, got \(String(describing: event))")
                return
            }
            #expect(reason.contains("Credential should be scoped to a valid region"))
        }
    }
}
