import Foundation
import GraphQL
import Testing
@testable import LocalAppSync

/// `Resources/schema.graphql` and `schema-gen2.graphql` say what the sample's API is: what the
/// running server serves (from the sample's model description) must be that schema.
@Suite struct SchemaFileTests {
    static let schemaFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources/schema.graphql")

    static let gen2SchemaFile = schemaFile.deletingLastPathComponent().appendingPathComponent("schema-gen2.graphql")

    static let introspection = """
        { __schema { queryType { name } mutationType { name } subscriptionType { name }
          types { name kind enumValues { name }
            fields { name type { name kind ofType { name kind ofType { name kind ofType { name } } } }
              args { name type { name kind ofType { name kind ofType { name kind } } } } }
            inputFields { name type { name kind ofType { name kind ofType { name kind } } } } } } }
        """

    @Test(arguments: ServedDialect.allCases)
    func serverServesTheFilesSchema(dialect: ServedDialect) async throws {
        try await TestServer.with(configure: { $0.schema = dialect }) { server in
            let served = try await server.graphQL(Self.introspection)
            let file = dialect == .gen2 ? Self.gen2SchemaFile : Self.schemaFile
            let fromFile = try await graphql(
                schema: buildSchema(source: String(contentsOf: file, encoding: .utf8)), request: Self.introspection)
            #expect(served["errors"].isNull)
            #expect(sameJSON(served["data"], fromFile.data ?? .null))
            let typeNames = served["data"]["__schema"]["types"].array?.compactMap { $0["name"].string } ?? []
            for expected in [
                "ModelRealEstatePropertyFilterInput", "ModelRealEstatePropertyConditionInput",
                "ModelSubscriptionRealEstatePropertyFilterInput", "ModelStringInput", "ModelIDInput", "ModelBooleanInput",
                "ModelSubscriptionStringInput", "ModelSubscriptionIDInput", "AWSDateTime",
            ] + (dialect == .versioned ? ["AWSTimestamp"] : []) {
                #expect(typeNames.contains(expected))
            }
        }
    }
}
