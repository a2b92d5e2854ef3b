import AmplifyModels
import Foundation
import GraphQL

/// An API's answer to the usual introspection query, as a GraphQL server built from
/// `TransformerSDL` gives it.
enum Introspection {
    static func answer(_ schema: ModelSchema, dialect: DocumentDialect) async throws -> Data {
        let server = try buildSchema(source: TransformerSDL.text(schema, dialect: dialect))
        let result = try await graphql(schema: server, request: GraphQLIntrospectionReader.query)
        guard result.errors.isEmpty else { throw IntrospectionFailure(errors: result.errors.map(\.message)) }
        return try GraphQLJSONEncoder().encode(result)
    }

    struct IntrospectionFailure: Error {
        var errors: [String]
    }
}
