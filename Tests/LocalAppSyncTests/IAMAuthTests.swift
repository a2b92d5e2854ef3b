import AppSync
import AsyncHTTPClient
import Foundation
import GraphQL
import Synchronization
import Testing
@testable import LocalAppSync

/// proptui's own client (`AppSyncClient` with `IAMAuthorizer`) against the server's IAM checks,
/// over real HTTP and the realtime socket, and guest credentials from the server's identity pool.
@Suite struct IAMAuthTests {
    static let known = AWSCredentials(accessKeyId: "AKIDTESTTESTTEST0001", secretAccessKey: "test/secret/key/0123456789")

    /// A server taking IAM (and `modes`) that knows `known`; stopped (awaited) after `body`.
    static func withIAMServer<T>(
        directory: String? = nil, modes: [ServerAuthMode] = [.iam], lifetime: TimeInterval = 3600,
        _ body: (TestServer) async throws -> T
    ) async throws -> T {
        try await TestServer.with(directory: directory, configure: {
            $0.authModes = modes
            $0.iamCredentials = [known]
            $0.guestCredentialLifetime = lifetime
        }, body)
    }

    static func client(_ server: TestServer, provider: any AWSCredentialsProvider, region: String = "us-east-1") throws
        -> AppSyncClient
    {
        let configuration = try AppSyncConfiguration(graphQLEndpoint: URL(string: server.graphQLURL)!, region: region, mode: .iam)
        // A generous limit: a full run on 2 cores can keep a test's request waiting for long.
        return AppSyncClient(configuration: configuration, authorizer: IAMAuthorizer(provider: provider, region: region), timeout: .seconds(60))
    }

    @Test func signedRequestsAreAnswered() async throws {
        try await Self.withIAMServer { server in
            let client = try Self.client(server, provider: StaticCredentialsProvider(Self.known, source: "test"))
            let response = try await client.execute(GraphQLRequest(query: "{ listRealEstateProperties { items { id } } }"))
            #expect(response.data?["listRealEstateProperties"] != nil)
            // An API key is refused when the server takes IAM only.
            let keyed = try await server.post(body: #"{"query":"{ __typename }"}"#, headers: [("x-api-key", server.server.apiKey)])
            #expect(keyed.status == 401)
        }
    }

    @Test func aWrongSecretARegionAndAnUnknownKeyGetAppSyncs403s() async throws {
        try await Self.withIAMServer { server in
            let wrongSecret = AWSCredentials(accessKeyId: Self.known.accessKeyId, secretAccessKey: "not-the-secret")
            let cases: [(AWSCredentials, String, String)] = [
                (wrongSecret, "us-east-1", IAMVerifier.signatureMismatch),
                (Self.known, "eu-west-1", "Credential should be scoped to a valid region. "),
                (AWSCredentials(accessKeyId: "AKIDUNKNOWN", secretAccessKey: "x"), "us-east-1",
                 "The security token included in the request is invalid."),
            ]
            for (credentials, region, message) in cases {
                let client = try Self.client(server, provider: StaticCredentialsProvider(credentials, source: "test"), region: region)
                await #expect(throws: AppSyncFailure.unauthorized(message)) {
                    try await client.execute(GraphQLRequest(query: "{ __typename }"))
                }
            }
        }
    }

    @Test func anOldDateIsRefused() async throws {
        try await Self.withIAMServer { server in
            let configuration = try AppSyncConfiguration(graphQLEndpoint: URL(string: server.graphQLURL)!, mode: .iam)
            let client = AppSyncClient(
                configuration: configuration,
                authorizer: IAMAuthorizer(
                    provider: StaticCredentialsProvider(Self.known, source: "test"), region: "us-east-1",
                    now: { Date().addingTimeInterval(-20 * 60) }))
            await #expect {
                try await client.execute(GraphQLRequest(query: "{ __typename }"))
            } throws: { error in
                guard case .unauthorized(let message) = error as? AppSyncFailure else { return false }
                return message.hasPrefix("Signature expired:")
            }
        }
    }

    @Test func guestCredentialsFromTheServersIdentityPoolAreCachedAndAccepted() async throws {
        let directory = TestServer.temporaryDirectory()
        let cache = directory + "/guest-cache.json"
        let (poolId, firstIdentity) = try await Self.withIAMServer(directory: directory) { server in
            let poolId = try #require(server.server.identityPoolId)
            #expect(poolId.hasPrefix("us-east-1:"))
            let endpoint = URL(string: "http://127.0.0.1:\(server.port)/")!
            let guest = CognitoGuestCredentials(pool: IdentityPoolSettings(id: poolId), endpoint: endpoint, cachePath: cache)
            _ = try await Self.client(server, provider: guest).execute(GraphQLRequest(query: "{ __typename }"))
            let permissions = try FileManager.default.attributesOfItem(atPath: cache)[.posixPermissions] as? Int
            #expect(permissions == 0o600)
            return (poolId, try #require(await guest.currentIdentityId))
        }

        // A new server process forgets the identities and credentials it handed out: the client
        // gets a 403, renews once (the cached identity is refused, so a new one), and succeeds.
        try await Self.withIAMServer(directory: directory) { restarted in
            #expect(restarted.server.identityPoolId == poolId)
            let again = CognitoGuestCredentials(
                pool: IdentityPoolSettings(id: poolId), endpoint: URL(string: "http://127.0.0.1:\(restarted.port)/")!,
                cachePath: cache)
            _ = try await Self.client(restarted, provider: again).execute(GraphQLRequest(query: "{ __typename }"))
            let secondIdentity = try #require(await again.currentIdentityId)
            #expect(secondIdentity != firstIdentity)
        }
    }

    @Test func guestCredentialsAreRenewedBeforeTheyExpire() async throws {
        try await Self.withIAMServer(lifetime: 40) { server in
            // The client's clock is set from the credentials' own expiration, never from how long
            // the test took: a full run on 2 cores can hold a step for many seconds.
            let clock = Mutex<Date>(Date())
            let guest = CognitoGuestCredentials(
                pool: IdentityPoolSettings(id: try #require(server.server.identityPoolId)),
                endpoint: URL(string: "http://127.0.0.1:\(server.port)/")!, cachePath: nil,
                now: { clock.withLock { $0 } })
            let first = try await guest.credentials()
            let expiration = try #require(first.expiration)
            clock.withLock { $0 = expiration.addingTimeInterval(-20) }
            #expect(try await guest.credentials() == first, "half-way through their life they are still used")
            // Short-lived credentials are renewed with a quarter of their life left (here 10 of 40 s).
            clock.withLock { $0 = expiration.addingTimeInterval(-8) }
            let renewed = try await guest.credentials()
            #expect(renewed.accessKeyId != first.accessKeyId)
            _ = try await Self.client(server, provider: guest).execute(GraphQLRequest(query: "{ __typename }"))
        }
    }

    @Test func anUnknownIdentityPoolSaysSo() async throws {
        try await Self.withIAMServer { server in
            let guest = CognitoGuestCredentials(
                pool: IdentityPoolSettings(id: "us-east-1:00000000-0000-0000-0000-000000000000"),
                endpoint: URL(string: "http://127.0.0.1:\(server.port)/")!, cachePath: nil)
            await #expect {
                _ = try await guest.credentials()
            } throws: { error in
                "\(error)".contains("ResourceNotFoundException")
            }
        }
    }

    @Test func theRealtimeHandshakeAndStartAreSigned() async throws {
        try await Self.withIAMServer { server in
            let authorizer = IAMAuthorizer(provider: StaticCredentialsProvider(Self.known, source: "test"), region: "us-east-1")
            let api = URL(string: "https://127.0.0.1:\(server.port)/graphql")!
            let header = try await authorizer.realtimeHeaderParameter(apiURL: api)
            let client = RealtimeTestClient(
                url: "ws://127.0.0.1:\(server.port)/graphql/realtime?header=\(header)&payload=e30=", subprotocols: ["graphql-ws"])
            defer { client.close() }
            let ack = await client.initialize()
            #expect(ack?["type"] == "connection_ack")

            let data = #"{"query":"subscription { onCreateRealEstateProperty { id name } }","variables":{}}"#
            let authorization = try await authorizer.realtimeAuthorization(apiURL: api, payload: Array(data.utf8), isHandshake: false)
            let start: [String: Any] = [
                "id": "1", "type": "start", "payload": ["data": data, "extensions": ["authorization": authorization]],
            ]
            client.send(String(decoding: try JSONSerialization.data(withJSONObject: start), as: UTF8.self))
            let started = await client.next { ["start_ack", "error"].contains($0["type"].string ?? "") }
            #expect(started?["type"] == "start_ack")

            // The same signature over another payload does not pass.
            let forged: [String: Any] = [
                "id": "2", "type": "start",
                "payload": ["data": data.replacingOccurrences(of: "id name", with: "id"), "extensions": ["authorization": authorization]],
            ]
            client.send(String(decoding: try JSONSerialization.data(withJSONObject: forged), as: UTF8.self))
            let refused = await client.next { $0["type"] == "error" && $0["id"] == "2" }
            #expect(refused?["payload"]["errors"][0]["errorType"] == "InvalidSignatureException")
        }
    }

    @Test func aWrongRegionHandshakeGetsAConnectionError() async throws {
        try await Self.withIAMServer { server in
            let authorizer = IAMAuthorizer(provider: StaticCredentialsProvider(Self.known, source: "test"), region: "eu-west-1")
            let header = try await authorizer.realtimeHeaderParameter(apiURL: URL(string: "https://127.0.0.1:\(server.port)/graphql")!)
            let client = RealtimeTestClient(
                url: "ws://127.0.0.1:\(server.port)/graphql/realtime?header=\(header)&payload=e30=", subprotocols: ["graphql-ws"])
            defer { client.close() }
            client.send(#"{"type":"connection_init"}"#)
            let error = await client.next(type: "connection_error")
            #expect(error?["payload"]["errors"][0]["errorCode"] == 403)
            #expect(error?["payload"]["errors"][0]["message"] == "Credential should be scoped to a valid region. ")
            await client.waitUntilClosed()
        }
    }

    @Test func multiAuthTakesAKeyOrASignature() async throws {
        try await Self.withIAMServer(modes: [.apiKey, .iam]) { server in
            let keyed = try await server.post(body: #"{"query":"{ __typename }"}"#, headers: [("x-api-key", server.server.apiKey)])
            #expect(keyed.status == 200)
            let client = try Self.client(server, provider: StaticCredentialsProvider(Self.known, source: "test"))
            _ = try await client.execute(GraphQLRequest(query: "{ __typename }"))
            let none = try await server.post(body: #"{"query":"{ __typename }"}"#, headers: [])
            #expect(none.status == 401)
            #expect(none.json["errors"][0]["message"] == "Valid authorization header not provided.")
        }
    }

    @Test func theSandboxOutputsDescribeTheServer() async throws {
        try await Self.withIAMServer(modes: [.iam, .apiKey]) { server in
            let data = try #require(server.server.amplifyOutputs())
            let path = TestServer.temporaryDirectory() + "/amplify_outputs.json"
            try data.write(to: URL(fileURLWithPath: path))
            let configuration = try ConfigurationFile.load(path: path)
            #expect(configuration.graphQLEndpoint.absoluteString == server.graphQLURL)
            #expect(configuration.mode == .iam && configuration.additionalModes == [.apiKey])
            #expect(configuration.identityPool?.id == server.server.identityPoolId)
            #expect(configuration.identityPool?.endpoint?.absoluteString == "http://127.0.0.1:\(server.port)/")
            #expect(LocalAppSyncServer.mayWriteOutputs(at: path))
            try Data(#"{"version":"1","data":{"url":"https://x/graphql"}}"#.utf8).write(to: URL(fileURLWithPath: path))
            #expect(!LocalAppSyncServer.mayWriteOutputs(at: path))
        }
    }
}
