import Foundation

/// Who the app is signed in as, read from the token an authorizer sends (a user pool's or an
/// OIDC provider's JWT): what an API that requires subscriptions to name their owner is given.
/// Nil for an API key, IAM, or a token that is not a JWT (a Lambda authorizer's may be anything).
public enum SignedInUser {
    /// The name the first GraphQL transformer compares with an owner argument: the token's
    /// `username` claim (an access token's), else `cognito:username` (an ID token's).
    public static func name(of authorizer: any RequestAuthorizer, endpoint: URL) async -> String? {
        let request = AuthorizationRequest(method: "POST", url: endpoint, headers: [], body: [])
        guard let headers = try? await authorizer.headers(for: request),
              let token = headers.first(where: { $0.name.lowercased() == "authorization" })?.value
        else { return nil }
        return name(inToken: token)
    }

    /// The same from the token itself (`Bearer ` before it or not); the signature is the server's to check.
    public static func name(inToken token: String) -> String? {
        let bare = token.hasPrefix("Bearer ") ? String(token.dropFirst(7)) : token
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = base64URLDecoded(parts[1]),
              let claims = try? JSONSerialization.jsonObject(with: payload) as? [String: Any]
        else { return nil }
        for claim in ["username", "cognito:username"] {
            if let name = claims[claim] as? String, !name.isEmpty { return name }
        }
        return nil
    }

    private static func base64URLDecoded(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
