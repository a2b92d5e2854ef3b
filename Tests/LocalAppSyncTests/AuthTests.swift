import Foundation
import GraphQL
import Testing
@testable import LocalAppSync

@Suite struct AuthTests {
    @Test func aMissingKeyAndAWrongKeyGetAppSyncs401Bodies() async throws {
        try await TestServer.with { server in
            let body = #"{"query":"{ __typename }"}"#
            let missing = try await server.post(body: body, headers: [])
            #expect(missing.status == 401)
            #expect(sameJSON(missing.json, ["errors": [["errorType": "UnauthorizedException", "message": "Valid authorization header not provided."]]]))
            let wrong = try await server.post(body: body, headers: [("x-api-key", "da2-notthekey")])
            #expect(wrong.status == 401)
            #expect(sameJSON(wrong.json, ["errors": [["errorType": "UnauthorizedException", "message": "You are not authorized to make this call."]]]))
        }
    }

    @Test func aGeneratedKeyIsStoredPrivatelyAndReusedAfterARestart() async throws {
        let directory = TestServer.temporaryDirectory()
        let key = try await TestServer.with(directory: directory, configure: { $0.apiKey = nil }) { first in
            let key = first.server.apiKey
            #expect(key.hasPrefix("da2-") && key.count == 30)
            let path = directory + "/" + APIKeyStore.fileName
            let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(permissions == 0o600)
            let answered = try await first.post(body: #"{"query":"{ __typename }"}"#, headers: [("x-api-key", key)])
            #expect(answered.status == 200)
            return key
        }
        try await TestServer.with(directory: directory, configure: { $0.apiKey = nil }) { second in
            #expect(second.server.apiKey == key)
        }
    }

    /// What the server would refuse is known before it starts, so that `serve` says it as a
    /// mistake in its options (issue 29: the top-level usage was printed after it), and agrees
    /// with what the server refuses.
    @Test func theStartProblemIsKnownBeforeStartingAndIsTheServers() throws {
        #expect(LocalAppSyncError.startProblem(host: "0.0.0.0", apiKey: nil) == .nonLoopbackHostNeedsExplicitKey(host: "0.0.0.0"))
        #expect(LocalAppSyncError.startProblem(host: "127.0.0.1", apiKey: "") == .invalidAPIKey)
        #expect(LocalAppSyncError.startProblem(host: "0.0.0.0", apiKey: "short") == .invalidAPIKey)
        #expect(LocalAppSyncError.startProblem(host: "0.0.0.0", apiKey: "da2-explicitkey123") == nil)
        #expect(LocalAppSyncError.startProblem(host: "localhost", apiKey: nil) == nil)
        let directory = TestServer.temporaryDirectory()
        #expect(throws: LocalAppSyncError.invalidAPIKey) {
            try LocalAppSyncServer(configuration: .init(host: "127.0.0.1", dataDirectory: directory, apiKey: ""))
        }
    }

    @Test func aNonLoopbackHostNeedsAnExplicitKey() throws {
        let directory = TestServer.temporaryDirectory()
        #expect(throws: LocalAppSyncError.nonLoopbackHostNeedsExplicitKey(host: "0.0.0.0")) {
            try LocalAppSyncServer(configuration: .init(host: "0.0.0.0", dataDirectory: directory))
        }
        #expect(throws: Never.self) {
            try LocalAppSyncServer(configuration: .init(host: "0.0.0.0", dataDirectory: directory, apiKey: "da2-explicitkey123"))
        }
        #expect(LocalAppSyncServer.isLoopback("127.0.0.1") && LocalAppSyncServer.isLoopback("::1") && LocalAppSyncServer.isLoopback("localhost"))
    }
}
