import Foundation
import GraphQL

/// The JSON body of a GraphQL request: `{"query": "...", "variables": {...}, "operationName": "..."}`.
/// Anything else is refused with a message saying what is wrong.
struct GraphQLHTTPBody {
    let query: String
    let variables: [String: Map]
    let operationName: String?

    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    static let knownKeys: Set<String> = ["query", "variables", "operationName", "extensions"]

    /// Reads a JSON body; arrays and objects may nest at most `maxDepth` deep (`JSONMapParser`).
    init(json: [UInt8], maxDepth: Int) throws(Invalid) {
        let decoded: Map
        do {
            decoded = try JSONMapParser.parse(json, maxDepth: maxDepth)
        } catch {
            throw Invalid(description: error.description)
        }
        try self.init(decoded)
    }

    init(_ body: Map) throws(Invalid) {
        guard case .dictionary(let fields) = body else {
            throw Invalid(description: "The request body must be a JSON object with a \"query\" string.")
        }
        let unknown = fields.keys.filter { !Self.knownKeys.contains($0) }
        guard unknown.isEmpty else {
            throw Invalid(description: "Unknown field(s) in the request body: \(unknown.sorted().joined(separator: ", ")); expected query, variables, operationName.")
        }
        guard case .string(let query) = fields["query"] ?? .null else {
            throw Invalid(description: "The request body has no \"query\" string.")
        }
        self.query = query
        switch fields["variables"] ?? .null {
        case .null, .undefined: variables = [:]
        case .dictionary(let values): variables = Dictionary(uniqueKeysWithValues: values.map { ($0.key, $0.value) })
        default: throw Invalid(description: "\"variables\" must be a JSON object.")
        }
        switch fields["operationName"] ?? .null {
        case .null, .undefined: operationName = nil
        case .string(let name): operationName = name
        default: throw Invalid(description: "\"operationName\" must be a string.")
        }
    }
}
