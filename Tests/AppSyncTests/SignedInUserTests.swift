import Foundation
import Testing
@testable import AppSync

/// Who the app is signed in as comes from its token's claims, whichever token a pool gives;
/// anything that is not a JWT names nobody.
@Suite struct SignedInUserTests {
    static func token(_ claims: [String: Any]) throws -> String {
        let encode = { (data: Data) in
            data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        let header = encode(Data(#"{"alg":"RS256","kid":"k"}"#.utf8))
        return "\(header).\(encode(try JSONSerialization.data(withJSONObject: claims))).c2lnbmF0dXJl"
    }

    @Test func anIDTokenNamesItsCognitoUsername() throws {
        let token = try Self.token(["sub": "0f1e-77", "cognito:username": "alice", "token_use": "id"])
        #expect(SignedInUser.name(inToken: token) == "alice")
        #expect(SignedInUser.name(inToken: "Bearer " + token) == "alice")
    }

    @Test func anAccessTokenNamesItsUsername() throws {
        // `~~~` in base64 is `fn5-` in base64url: the decoding must turn `-` and `_` back.
        #expect(SignedInUser.name(inToken: try Self.token(["sub": "0f1e-77", "username": "bob~~~?", "token_use": "access"])) == "bob~~~?")
    }

    @Test func whatIsNotAJWTNamesNobody() throws {
        #expect(SignedInUser.name(inToken: "da2-abcdefghijklmnopqrstuvwxyz") == nil)
        #expect(SignedInUser.name(inToken: "a.b") == nil)
        #expect(SignedInUser.name(inToken: "a.%%%.c") == nil)
        #expect(SignedInUser.name(inToken: try Self.token(["sub": "only-a-subject"])) == nil)
    }

    @Test func theTokenAnAuthorizerSendsIsRead() async throws {
        let url = URL(string: "https://abc.appsync-api.eu-west-1.amazonaws.com/graphql")!
        let token = try Self.token(["cognito:username": "carol"])
        #expect(await SignedInUser.name(of: TokenAuthorizer(mode: .oidc, source: .fixed(token)), endpoint: url) == "carol")
        #expect(await SignedInUser.name(of: APIKeyAuthorizer(key: "da2-key"), endpoint: url) == nil)
    }
}
