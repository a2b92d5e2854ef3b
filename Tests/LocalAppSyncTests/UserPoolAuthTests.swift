import AppSync
import Foundation
import GraphQL
import JWTKit
import Testing
@testable import LocalAppSync

/// The server's user pool checks (signature against the pool's JWKS, issuer, audience, expiry)
/// with tokens this test signs, and the client's renewal of a refused token.
@Suite struct UserPoolAuthTests {
    static let pool = "us-east-1_TestPool1"
    static let issuer = "https://cognito-idp.us-east-1.amazonaws.com/\(pool)"

    struct Claims: JWTPayload {
        var exp: ExpirationClaim
        var nbf: NotBeforeClaim?
        var iss: IssuerClaim
        var clientId: String
        var tokenUse = "access"
        enum CodingKeys: String, CodingKey {
            case exp, nbf, iss
            case clientId = "client_id"
            case tokenUse = "token_use"
        }
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    /// A signing key and its JWKS in a file, as the pool would publish it.
    struct Pool {
        let keys = JWTKeyCollection()
        let jwksURL: URL

        init() async throws {
            let key = ES256PrivateKey()
            await keys.add(ecdsa: key, kid: "test-key")
            let parameters = try #require(key.parameters)
            let jwks = #"{"keys":[{"kty":"EC","crv":"P-256","kid":"test-key","alg":"ES256","use":"sig","x":"\#(parameters.x)","y":"\#(parameters.y)"}]}"#
            jwksURL = URL(fileURLWithPath: TestServer.temporaryDirectory() + "/jwks.json")
            try Data(jwks.utf8).write(to: jwksURL)
        }

        func token(
            expiresIn seconds: TimeInterval = 3600, validFrom notBefore: Date? = nil, issuer: String = UserPoolAuthTests.issuer,
            client: String = "client-a"
        ) async throws -> String {
            try await keys.sign(
                Claims(
                    exp: .init(value: Date().addingTimeInterval(seconds)), nbf: notBefore.map { .init(value: $0) },
                    iss: .init(value: issuer), clientId: client),
                kid: "test-key")
        }
    }

    /// A server taking the pool's tokens (and an API key); stopped (awaited) after `body`.
    static func withServer(_ pool: Pool, _ body: (TestServer) async throws -> Void) async throws {
        try await TestServer.with(configure: {
            $0.authModes = [.userPool, .apiKey]
            $0.userPool = UserPoolTrust(poolId: UserPoolAuthTests.pool, clientIds: ["client-a"], jwksURL: pool.jwksURL)
        }, body)
    }

    @Test func validTokensPassAndBadOnesGetAppSyncs401() async throws {
        let pool = try await Pool()
        try await Self.withServer(pool) { server in
            let body = #"{"query":"{ __typename }"}"#
            let valid = try await server.post(body: body, headers: [("Authorization", try await pool.token())])
            #expect(valid.status == 200)
            let expired = try await server.post(body: body, headers: [("Authorization", try await pool.token(expiresIn: -60))])
            #expect(expired.status == 401)
            #expect(expired.json["errors"][0]["message"] == "Token has expired.")
            let earlier = try await server.post(body: body, headers: [("Authorization", try await pool.token(validFrom: Date().addingTimeInterval(-60)))])
            #expect(earlier.status == 200)
            let notYet = try await server.post(body: body, headers: [("Authorization", try await pool.token(validFrom: Date().addingTimeInterval(600)))])
            #expect(notYet.status == 401)
            #expect(notYet.json["errors"][0]["errorType"] == "UnauthorizedException")
            for bad in [try await pool.token(issuer: "https://elsewhere"), try await pool.token(client: "client-b"), "not.a.jwt"] {
                let refused = try await server.post(body: body, headers: [("Authorization", bad)])
                #expect(refused.status == 401)
                #expect(refused.json["errors"][0]["errorType"] == "UnauthorizedException")
            }
            // Multi-auth: the API key still works beside the pool.
            #expect(try await server.post(body: body, headers: [("x-api-key", server.server.apiKey)]).status == 200)
        }
    }

    @Test func unreachableKeysAreTheServersFaultNotTheTokens() async throws {
        let pool = try await Pool()
        try await TestServer.with(configure: {
            $0.authModes = [.userPool]
            // Port 1 on loopback: nothing listens there.
            $0.userPool = UserPoolTrust(poolId: UserPoolAuthTests.pool, jwksURL: URL(string: "http://127.0.0.1:1/jwks.json")!)
        }) { server in
            let answer = try await server.post(body: #"{"query":"{ __typename }"}"#, headers: [("Authorization", try await pool.token())])
            #expect(answer.status == 502)
            #expect(answer.json["errors"][0]["errorType"] == "InternalFailure")
        }
    }

    @Test func theRealtimeSocketChecksTheToken() async throws {
        let pool = try await Pool()
        try await Self.withServer(pool) { server in
            for (token, accepted) in [(try await pool.token(), true), (try await pool.token(expiresIn: -60), false)] {
                let json = #"{"Authorization":"\#(token)","host":"127.0.0.1:\#(server.port)"}"#
                let client = RealtimeTestClient(
                    url: "ws://127.0.0.1:\(server.port)/graphql/realtime?header=\(Data(json.utf8).base64EncodedString())&payload=e30=",
                    subprotocols: ["graphql-ws"])
                client.send(#"{"type":"connection_init"}"#)
                let answer = await client.next { ["connection_ack", "connection_error"].contains($0["type"].string ?? "") }
                #expect(answer?["type"].string == (accepted ? "connection_ack" : "connection_error"))
                client.close()
            }
        }
    }

    /// `--token-command`: a refused token makes the client run the command again, once.
    @Test func aRefusedTokenIsRenewedOnceByRunningTheCommandAgain() async throws {
        let pool = try await Pool()
        try await Self.withServer(pool) { server in
            let directory = TestServer.temporaryDirectory()
            let expired = try await pool.token(expiresIn: -60)
            let valid = try await pool.token()
            try Data(expired.utf8).write(to: URL(fileURLWithPath: directory + "/1"))
            try Data(valid.utf8).write(to: URL(fileURLWithPath: directory + "/2"))
            // Prints token 1 on the first run and token 2 after, counting runs in a file.
            let command = "cd \(directory) && echo x >> runs && cat $(wc -l < runs | tr -d ' ')"
            let configuration = try AppSyncConfiguration(graphQLEndpoint: URL(string: server.graphQLURL)!, mode: .oidc)
            let client = AppSyncClient(configuration: configuration, authorizer: TokenAuthorizer(mode: .oidc, source: .command(command)))
            let response = try await client.execute(GraphQLRequest(query: "{ __typename }"))
            #expect(response.data != nil)
            let runs = try String(contentsOfFile: directory + "/runs", encoding: .utf8)
            #expect(runs.split(separator: "\n").count == 2)

            // A fixed token cannot be renewed: the refusal is reported, and it never shows the token.
            let fixed = AppSyncClient(configuration: configuration, authorizer: TokenAuthorizer(mode: .lambda, source: .fixed(expired)))
            await #expect {
                try await fixed.execute(GraphQLRequest(query: "{ __typename }"))
            } throws: { error in
                guard case .unauthorized(let message) = error as? AppSyncFailure else { return false }
                return message == "Token has expired." && !message.contains(expired)
            }
        }
    }
}
