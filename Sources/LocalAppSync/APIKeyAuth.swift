import GraphQL

/// API-key authorization with AppSync's two 401 answers.
enum APIKeyAuth: Equatable {
    case authorized
    /// No `x-api-key` at all: "Valid authorization header not provided."
    case missing
    /// A key that is not the server's: "You are not authorized to make this call."
    case wrong

    static func check(_ candidate: String?, against key: String) -> APIKeyAuth {
        guard let candidate, !candidate.isEmpty else { return .missing }
        return APIKeyStore.matches(candidate, key) ? .authorized : .wrong
    }

    var message: String {
        switch self {
        case .authorized: ""
        case .missing: "Valid authorization header not provided."
        case .wrong: "You are not authorized to make this call."
        }
    }

    /// The 401 body: `{"errors":[{"errorType":"UnauthorizedException","message":"…"}]}`.
    var body: Map {
        .dictionary(["errors": .array([.dictionary(["errorType": "UnauthorizedException", "message": .string(message)])])])
    }
}
