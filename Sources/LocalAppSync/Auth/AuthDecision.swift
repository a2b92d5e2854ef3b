import GraphQL
import Hummingbird

/// What the server decided about a request's authorization, with AppSync's answer when refused:
/// 401 `UnauthorizedException` for a missing or wrong key or token, 403 for a bad IAM signature
/// (`InvalidSignatureException`, `IncompleteSignatureException`) or unknown credentials
/// (`UnrecognizedClientException`).
enum AuthDecision: Equatable, Sendable {
    case authorized
    case refused(status: Int, errorType: String, message: String)

    static let missing = AuthDecision.refused(
        status: 401, errorType: "UnauthorizedException", message: "Valid authorization header not provided.")
    static let wrong = AuthDecision.refused(
        status: 401, errorType: "UnauthorizedException", message: "You are not authorized to make this call.")

    static func forbidden(_ errorType: String, _ message: String) -> AuthDecision {
        .refused(status: 403, errorType: errorType, message: message)
    }

    var message: String {
        if case .refused(_, _, let message) = self { message } else { "" }
    }

    var errorType: String {
        if case .refused(_, let type, _) = self { type } else { "" }
    }

    var status: HTTPResponse.Status {
        if case .refused(let status, _, _) = self { .init(code: status) } else { .ok }
    }

    /// The HTTP body: `{"errors":[{"errorType":"…","message":"…"}]}`.
    var body: Map {
        .dictionary(["errors": .array([.dictionary(["errorType": .string(errorType), "message": .string(message)])])])
    }
}
