import Foundation

/// A GraphQL request as AppSync takes it over HTTP and in a realtime `start`.
public struct GraphQLRequest: Sendable, Encodable, Equatable {
    public var query: String
    public var variables: [String: JSONValue]
    public var operationName: String?

    public init(query: String, variables: [String: JSONValue] = [:], operationName: String? = nil) {
        self.query = query
        self.variables = variables
        self.operationName = operationName
    }
}

/// `{"data": …, "errors": […]}`: both may be present (a partial failure).
public struct GraphQLResponse: Sendable, Decodable, Equatable {
    public var data: JSONValue?
    public var errors: [GraphQLError]?

    public init(data: JSONValue?, errors: [GraphQLError]? = nil) {
        self.data = data
        self.errors = errors
    }

    /// The field's value decoded as `T`, or the first error that names it.
    public func field<T: Decodable>(_ name: String, as type: T.Type) throws(AppSyncFailure) -> T? {
        if let error = errors?.first(where: { $0.path?.first == .string(name) }) ?? errors?.first {
            throw error.failure
        }
        guard let value = data?[name], value != .null else { return nil }
        return try value.decode(as: type)
    }
}

/// One entry of `errors`, with AppSync's additions (`errorType`, `data`, `errorInfo`).
public struct GraphQLError: Sendable, Decodable, Equatable, Error, CustomStringConvertible {
    public var message: String
    public var errorType: String?
    public var path: [JSONValue]?
    /// For `ConflictUnhandled`: the record as the server has it.
    public var data: JSONValue?

    public init(message: String, errorType: String? = nil, path: [JSONValue]? = nil, data: JSONValue? = nil) {
        self.message = message
        self.errorType = errorType
        self.path = path
        self.data = data
    }

    public var description: String { errorType.map { "\($0): \(message)" } ?? message }

    public var isConflict: Bool { errorType == "ConflictUnhandled" }

    /// A create whose id already exists (DynamoDB's conditional check).
    public var isConditionalCheckFailure: Bool {
        errorType == "DynamoDB:ConditionalCheckFailedException" || message.hasPrefix("The conditional request failed")
    }

    /// The whole request was refused as invalid GraphQL (graphql-java's "Validation error of
    /// type FieldUndefined: …", as AppSync words it): it asked for something the API does not have.
    /// Also a variable the schema does not accept ("Variable '$input' got invalid value…"), and
    /// AppSync's `BadRequestException`: a request the server could not run at all applied nothing,
    /// and is never a refusal of the change it carried.
    /// Other GraphQL servers word it as graphql-js does ("Cannot query field \"_version\" on type …").
    public var isValidationError: Bool {
        if message.hasPrefix("Validation error") || message.hasPrefix("Invalid Syntax") { return true }
        if let errorType, ["ValidationError", "InvalidSyntax", "BadRequestException", "GRAPHQL_VALIDATION_FAILED"].contains(errorType) {
            return true
        }
        guard path == nil else { return false }
        let phrasings = [
            "got invalid value", "has an invalid value", "Cannot query field", "Unknown argument", "Unknown type",
            "is not defined by type", "Syntax Error",
        ]
        return phrasings.contains { message.contains($0) }
    }

    /// What a validation error says is missing, in a few words: "no field _version in
    /// RealEstateProperty", "no field syncRealEstateProperties in Query".
    public var missingThing: String {
        // graphql-java: "Field '_version' in type 'RealEstateProperty' is undefined @ '…'"
        let quoted = message.split(separator: "'", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map(\.element)
        if message.contains("FieldUndefined"), quoted.count >= 2 { return "no field \(quoted[0]) in \(quoted[1])" }
        // graphql-js: "Cannot query field \"_version\" on type \"RealEstateProperty\"."
        let doubleQuoted = message.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map(\.element)
        if message.hasPrefix("Cannot query field"), doubleQuoted.count >= 2 { return "no field \(doubleQuoted[0]) in \(doubleQuoted[1])" }
        if message.contains("UnknownArgument"), let name = quoted.first { return "no argument \(name)" }
        if message.contains("UnknownType"), let name = quoted.first { return "no type \(name)" }
        let detail = message.replacingOccurrences(of: "Validation error of type ", with: "")
        return String(detail.prefix(160))
    }

    /// AppSync's error types that say "try again later" rather than "no".
    static let transientTypes: Set<String> = [
        "ExecutionTimeout", "Throttling", "ThrottlingException", "InternalFailure", "ServiceUnavailable",
        "DynamoDB:ProvisionedThroughputExceededException", "DynamoDB:ThrottlingException",
        "DynamoDB:RequestLimitExceeded", "Lambda:TooManyRequestsException",
    ]

    /// What a mutation that got this error should do.
    public var failure: AppSyncFailure {
        if let errorType, Self.transientTypes.contains(errorType) { return .transient(message) }
        if errorType == "UnauthorizedException" { return .unauthorized(message) }
        if isValidationError { return .notOffered("the API refused the request as invalid GraphQL: it has \(missingThing)") }
        return .rejected(self)
    }
}

extension JSONValue {
    /// Re-reads this value as a Decodable type (it arrived as untyped JSON).
    public func decode<T: Decodable>(as type: T.Type) throws(AppSyncFailure) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: JSONEncoder().encode(self))
        } catch {
            throw .transient("the server's answer has an unexpected shape (\(Self.describe(error)))")
        }
    }

    static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _)?: "missing field \(key.stringValue)"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .dataCorrupted(let context)?:
            [context.codingPath.map(\.stringValue).joined(separator: "."), context.debugDescription,
             context.underlyingError.map { ($0 as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\($0)" }]
                .compactMap { $0?.isEmpty == false ? $0 : nil }.joined(separator: ": ")
        default: String(describing: error)
        }
    }
}
