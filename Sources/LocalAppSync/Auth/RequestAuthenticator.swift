import Foundation
import SigV4

/// The server's side of AppSync's multi-auth: a request is let in by whichever enabled mode its
/// headers speak. `Authorization: AWS4-HMAC-SHA256 …` is IAM, any other `Authorization` is a
/// user pool token, `x-api-key` is an API key.
struct RequestAuthenticator: Sendable {
    let modes: [ServerAuthMode]
    let apiKey: String
    let iam: IAMVerifier?
    let userPool: UserPoolVerifier?

    func check(_ request: SigV4Signer.Request) async -> AuthDecision {
        func header(_ name: String) -> String? { request.headers.first { $0.name.lowercased() == name }?.value }
        if let authorization = header("authorization"), !authorization.isEmpty {
            if authorization.hasPrefix("AWS4-HMAC-SHA256") {
                guard let iam else { return .wrong }
                return iam.verify(request)
            }
            if let userPool { return await userPool.verify(authorization) }
            // A token, but no token mode: fall through to the key if there is one.
            if header("x-api-key") == nil { return .wrong }
        }
        if let key = header("x-api-key"), !key.isEmpty {
            guard modes.contains(.apiKey) else { return .wrong }
            return APIKeyStore.matches(key, apiKey) ? .authorized : .wrong
        }
        return .missing
    }

    /// A realtime auth JSON (the handshake's `header`, a `start` message's
    /// `extensions.authorization`): its entries are the request's headers; IAM signs `body`
    /// as a POST to `path` (`/graphql/connect` for the handshake, `/graphql` for `start`).
    func checkRealtime(_ json: [String: String], body: [UInt8], path: String) async -> AuthDecision {
        await check(SigV4Signer.Request(method: "POST", path: path, headers: json.map { ($0.key, $0.value) }, body: body))
    }
}
