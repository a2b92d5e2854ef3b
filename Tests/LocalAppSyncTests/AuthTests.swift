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
