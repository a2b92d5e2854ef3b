import Foundation
import GraphQL
import Testing
@testable import LocalAppSync

/// `Resources/schema.graphql` is the single source of truth: the compiled-in copy must equal it
/// byte for byte, and what the running server serves must be that schema.
@Suite struct SchemaFileTests {
    static let schemaFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources/schema.graphql")

    @Test func compiledInSchemaIsTheFileByteForByte() throws {
        let file = try Data(contentsOf: Self.schemaFile)
        #expect(Data(AppSyncSchema.sdl.utf8) == file, "run Scripts/embed-schema.sh after editing Resources/schema.graphql")
    }

    static let introspection = """
        { __schema { queryType { name } mutationType { name } subscriptionType { name }
          types { name kind enumValues { name }
            fields { name type { name kind ofType { name kind ofType { name kind ofType { name } } } }
              args { name type { name kind ofType { name kind ofType { name kind } } } } }
            inputFields { name type { name kind ofType { name kind ofType { name kind } } } } } } }
        """

    @Test func serverServesTheFilesSchema() async throws {
        try await TestServer.with { server in
            let served = try await server.graphQL(Self.introspection)
            let fromFile = try await graphql(
                schema: buildSchema(source: String(contentsOf: Self.schemaFile, encoding: .utf8)), request: Self.introspection)
            #expect(served["errors"].isNull)
            #expect(sameJSON(served["data"], fromFile.data ?? .null))
            let typeNames = served["data"]["__schema"]["types"].array?.compactMap { $0["name"].string } ?? []
            for expected in [
                "ModelRealEstatePropertyFilterInput", "ModelRealEstatePropertyConditionInput",
                "ModelSubscriptionRealEstatePropertyFilterInput", "ModelStringInput", "ModelIDInput", "ModelBooleanInput",
                "ModelSubscriptionStringInput", "ModelSubscriptionIDInput", "AWSDateTime", "AWSTimestamp",
            ] {
                #expect(typeNames.contains(expected))
            }
        }
    }
}
