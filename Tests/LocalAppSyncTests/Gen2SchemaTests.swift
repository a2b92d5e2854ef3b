import Foundation
import GraphQL
import Testing
@testable import LocalAppSync

/// The Gen 2 dialect serves what Amplify's Gen 2 transformer generates for the sample model,
/// type by type, field by field and input by input: the running server's introspection against
/// the transformer's output (`Fixtures/gen2-transformer-output.graphql`, whose header names its
/// source).
@Suite struct Gen2SchemaTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/gen2-transformer-output.graphql")

    /// What AppSync predefines, which the transformer's output uses without declaring.
    static let appSyncBuiltIns = """
        scalar AWSDateTime
        directive @aws_subscribe(mutations: [String]) on FIELD_DEFINITION

        """

    @Test func servedSchemaIsTheTransformersOutputTypeByType() async throws {
        let transformerOutput = try String(contentsOf: Self.fixture, encoding: .utf8)
        let expected = try await graphql(
            schema: buildSchema(source: Self.appSyncBuiltIns + transformerOutput), request: SchemaFileTests.introspection)
        try await TestServer.gen2 { server in
            let served = try await server.graphQL(SchemaFileTests.introspection)
            #expect(served["errors"].isNull)
            let servedTypes = Self.typesByName(served["data"])
            let expectedTypes = Self.typesByName(expected.data ?? .null)
            #expect(servedTypes.keys.sorted() == expectedTypes.keys.sorted(), "the same types")
            for (name, members) in expectedTypes {
                #expect(servedTypes[name] == members, "type \(name)")
            }
            // The roots, and what this dialect must not have.
            #expect(servedTypes["Query"] == ["getRealEstateProperty(id: ID!): RealEstateProperty",
                "listRealEstateProperties(filter: ModelRealEstatePropertyFilterInput, limit: Int, nextToken: String): ModelRealEstatePropertyConnection"])
            #expect(servedTypes["RealEstateProperty"] == [
                "address: String", "createdAt: AWSDateTime!", "id: ID!", "name: String!", "updatedAt: AWSDateTime!",
            ])
            #expect(servedTypes["ModelRealEstatePropertyConnection"] == ["items: [RealEstateProperty]!", "nextToken: String"])
            #expect(servedTypes["AWSTimestamp"] == nil)
        }
    }

    @Test func askingForAVersionedFieldIsAValidationErrorOfTheWholeRequest() async throws {
        try await TestServer.gen2 { server in
            let response = try await server.graphQL("{ listRealEstateProperties { items { id _version } } }")
            #expect(response["data"].isNull)
            #expect(response["errors"][0]["message"].string?.hasPrefix(
                "Validation error of type FieldUndefined: Field '_version' in type 'RealEstateProperty' is undefined") == true)
            let sync = try await server.graphQL("{ syncRealEstateProperties { items { id } } }")
            #expect(sync["errors"][0]["message"].string?.contains("FieldUndefined") == true)
        }
    }

    /// Each type as the sorted lines of its members: fields with arguments and type, input
    /// fields with type, enum values. Order is left out: AppSync's own introspection answers
    /// members in its order, not the transformer's.
    static func typesByName(_ data: Map) -> [String: [String]] {
        var types: [String: [String]] = [:]
        for type in data["__schema"]["types"].array ?? [] {
            guard let name = type["name"].string, !name.hasPrefix("__") else { continue }
            var members: [String] = []
            for field in type["fields"].array ?? [] {
                let args = (field["args"].array ?? []).map { "\($0["name"].string ?? ""): \(render($0["type"]))" }
                let signature = args.isEmpty ? "" : "(\(args.joined(separator: ", ")))"
                members.append("\(field["name"].string ?? "")\(signature): \(render(field["type"]))")
            }
            for field in type["inputFields"].array ?? [] {
                members.append("\(field["name"].string ?? ""): \(render(field["type"]))")
            }
            for value in type["enumValues"].array ?? [] { members.append(value["name"].string ?? "") }
            types[name] = members.sorted()
        }
        return types
    }

    /// A type reference in SDL form (`[RealEstateProperty]!`).
    static func render(_ type: Map) -> String {
        switch type["kind"].string {
        case "NON_NULL": render(type["ofType"]) + "!"
        case "LIST": "[" + render(type["ofType"]) + "]"
        default: type["name"].string ?? "?"
        }
    }
}
