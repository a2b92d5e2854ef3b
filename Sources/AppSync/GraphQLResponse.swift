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

/// `{"data": …, "errors": […]}`: both may be present (a partial failure). The whole of `data`
/// as a tree: for small answers whose shape is open (introspection); a record or a page is read
/// straight into its type instead (`GraphQLFieldAnswer`).
public struct GraphQLResponse: Sendable, Equatable, JSONReadable {
    public var data: JSONValue?
    public var errors: [GraphQLError]?

    public init(data: JSONValue?, errors: [GraphQLError]? = nil) {
        self.data = data
        self.errors = errors
    }

    public init(json: inout JSONReader) throws(JSONReadError) {
        var data: JSONValue?
        var errors: [GraphQLError]?
        try json.readObject { reader, key throws(JSONReadError) in
            if key == "data" {
                data = try reader.readOptional { reader throws(JSONReadError) in try reader.readValue() }
            } else if key == "errors" {
                errors = try GraphQLError.readList(&reader)
            } else {
                try reader.skipValue()
            }
        }
        self.init(data: data, errors: errors)
    }

    /// Whether the answer is GraphQL at all: it has data, or says what went wrong.
    var isGraphQL: Bool { data != nil || errors?.isEmpty == false }

    /// The field's value decoded as `T`, or the first error that names it.
    public func field<T: Decodable>(_ name: String, as type: T.Type) throws(AppSyncFailure) -> T? {
        if let error = GraphQLError.first(in: errors, naming: name) { throw error.failure }
        guard let value = data?[name], value != .null else { return nil }
        return try value.decode(as: type)
    }
}

/// One field of `data` read straight from the answer's bytes into its type, with the answer's
/// errors: one pass over the body, no tree. What the client does with it is `AppSyncClient.interpret`.
struct GraphQLFieldAnswer<Value> {
    var value: Value?
    var hasData = false
    var errors: [GraphQLError] = []
    /// The field was there but not of the shape its reader reads (the rest was still read).
    var shapeProblem: JSONReadError?

    var isGraphQL: Bool { hasData || !errors.isEmpty }

    /// Reads `{"data": {field: …, …}, "errors": […]}` in any order. A field whose shape is not
    /// the expected one is skipped and kept as `shapeProblem`: the errors may follow, and they
    /// say more. A text that is not JSON, or an `errors` that is not AppSync's, throws.
    static func read(
        _ body: some ContiguousBytes, field: String, _ readValue: (inout JSONReader) throws(JSONReadError) -> Value
    ) throws(JSONReadError) -> GraphQLFieldAnswer {
        try JSONReader.read(body) { reader throws(JSONReadError) in
            var answer = GraphQLFieldAnswer()
            try reader.readObject { reader, key throws(JSONReadError) in
                if key == "errors" {
                    answer.errors = try GraphQLError.readList(&reader) ?? []
                } else if key == "data" {
                    guard try !reader.readNull() else { return }
                    answer.hasData = true
                    try answer.readData(&reader, field: field, readValue)
                } else {
                    try reader.skipValue()
                }
            }
            return answer
        }
    }

    private mutating func readData(
        _ reader: inout JSONReader, field: String, _ readValue: (inout JSONReader) throws(JSONReadError) -> Value
    ) throws(JSONReadError) {
        // `data` of another kind than an object names no field: the answer has no value.
        guard reader.nextIsObject else { return try reader.skipValue() }
        try reader.readObject { reader, key throws(JSONReadError) in
            guard key == field else { return try reader.skipValue() }
            guard try !reader.readNull() else { return }
            let start = reader.offset
            do throws(JSONReadError) {
                value = try readValue(&reader)
            } catch {
                guard error.kind == .shape else { throw error }
                shapeProblem = error.within(.key(field))
                reader.rewind(to: start)
                try reader.skipValue()
            }
        }
    }
}

/// One entry of `errors`, with AppSync's additions (`errorType`, `data`, `errorInfo`).
public struct GraphQLError: Sendable, Equatable, Error, CustomStringConvertible, JSONReadable {
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

    /// AppSync's fields; `locations`, `errorInfo` and others are read past.
    public init(json: inout JSONReader) throws(JSONReadError) {
        let start = json.offset
        var message: String?
        var errorType: String?
        var path: [JSONValue]?
        var data: JSONValue?
        try json.readObject { reader, key throws(JSONReadError) in
            if key == "message" {
                message = try reader.readString()
            } else if key == "errorType" {
                errorType = try reader.readOptional { reader throws(JSONReadError) in try reader.readString() }
            } else if key == "path" {
                path = try reader.readOptional { reader throws(JSONReadError) in
                    var components: [JSONValue] = []
                    try reader.readArray { reader throws(JSONReadError) in components.append(try reader.readValue()) }
                    return components
                }
            } else if key == "data" {
                data = try reader.readOptional { reader throws(JSONReadError) in try reader.readValue() }
            } else {
                try reader.skipValue()
            }
        }
        guard let message else { throw .missing("message", at: start) }
        self.init(message: message, errorType: errorType, path: path, data: data)
    }

    /// `errors`: a list, or null.
    static func readList(_ reader: inout JSONReader) throws(JSONReadError) -> [GraphQLError]? {
        try reader.readOptional { reader throws(JSONReadError) in
            var errors: [GraphQLError] = []
            try reader.readArray { reader throws(JSONReadError) in errors.append(try GraphQLError(json: &reader)) }
            return errors
        }
    }

    /// The error a field's value stands for: the first that names the field, else the first of all
    /// (an error without a path concerns the whole request).
    static func first(in errors: [GraphQLError]?, naming field: String) -> GraphQLError? {
        errors?.first { $0.path?.first == .string(field) } ?? errors?.first
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
        if isValidationError {
            // "it has no field _version in …", or the server's own words when they name nothing missing.
            let thing = missingThing
            return .notOffered("the API refused the request as invalid GraphQL: " + (thing.hasPrefix("no ") ? "it has " + thing : thing))
        }
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
