import AmplifyModels
import GraphQL
import Testing
@testable import LocalAppSync

/// Introspection lists a type's fields, and an input's, in the order the schema declares them
/// (as AppSync does), not sorted by name: clients build their columns and forms from it.
@Suite struct IntrospectionOrderTests {
    static func names(_ answer: Map, _ list: String) -> [String] {
        answer["data"]["__type"][list].array?.compactMap { $0["name"].string } ?? []
    }

    static let query = "query($name: String!) { __type(name: $name) { fields { name } inputFields { name } } }"

    @Test func theSamplesFieldsComeInDeclaredOrder() async throws {
        try await TestServer.gen2 { server in
            let record = try await server.graphQL(Self.query, variables: ["name": "RealEstateProperty"])
            // Gen 2 declares a model's own fields first, then `id` and the timestamps.
            #expect(Self.names(record, "fields") == ["name", "address", "id", "createdAt", "updatedAt"])
            let input = try await server.graphQL(Self.query, variables: ["name": "CreateRealEstatePropertyInput"])
            #expect(Self.names(input, "inputFields") == ["name", "address", "id"])
        }
    }

    @Test(arguments: ModelsSeedTests.fixtures) func everyModelsFieldsComeInTheOrderItsDescriptionGives(fixture: String) async throws {
        let models = try ModelsSeedTests.models(fixture)
        try await TestServer.gen2(configure: { $0.models = models }) { server in
            for model in models.schema.models {
                let declared = model.fields.map(\.name)
                let served = Self.names(try await server.graphQL(Self.query, variables: ["name": .string(model.name)]), "fields")
                // The served type may add fields of its own (timestamps, an owner); the described ones keep their order.
                #expect(served.filter(declared.contains) == declared.filter(served.contains), "\(fixture) \(model.name)")
                #expect(Set(declared).isSubset(of: served), "\(fixture) \(model.name): \(served)")
            }
        }
    }
}
