import AmplifyModels
import Foundation
import GraphQL

/// An API's answer to the usual introspection query, as a GraphQL server built from
/// `TransformerSDL` gives it.
enum Introspection {
    static let query = """
        query IntrospectionQuery {
          __schema {
            queryType { name } mutationType { name } subscriptionType { name }
            types {
              kind name
              fields(includeDeprecated: true) { name args { name type { ...TypeRef } } type { ...TypeRef } }
              inputFields { name type { ...TypeRef } }
              enumValues(includeDeprecated: true) { name }
            }
          }
        }
        fragment TypeRef on __Type {
          kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } }
        }
        """

    static func answer(_ schema: ModelSchema, dialect: DocumentDialect) async throws -> Data {
        let server = try buildSchema(source: TransformerSDL.text(schema, dialect: dialect))
        let result = try await graphql(schema: server, request: query)
        guard result.errors.isEmpty else { throw IntrospectionFailure(errors: result.errors.map(\.message)) }
        return try GraphQLJSONEncoder().encode(result)
    }

    struct IntrospectionFailure: Error {
        var errors: [String]
    }
}
