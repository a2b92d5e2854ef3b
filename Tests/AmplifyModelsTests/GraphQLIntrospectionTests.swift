import AmplifyModels
import AppSync
import Foundation
import GraphQL
import Testing

/// An API without an outputs file describes itself by introspection: the models read from its
/// answer are those of the outputs file, less what introspection does not say.
@Suite struct GraphQLIntrospectionTests {
    /// What introspection cannot say, taken out of a model read from `model_introspection`:
    /// auth rules (only the owner field shows, as the subscriptions' argument) and how a single
    /// related record is related (an index's name and an index without a query are compared
    /// apart, `IndexReadingTests.introspectable`). And what it says otherwise: the transformer's type declares
    /// `createdAt` and `updatedAt` never null, where `model_introspection` has them optional.
    static func learnable(_ model: AmplifyModel) -> AmplifyModel {
        var model = model
        model.authRules = []
        model.fields = model.fields.map { field in
            var field = field
            if ["createdAt", "updatedAt"].contains(field.name) { field.isRequired = true }
            if let association = field.association {
                field.association = ModelAssociation(kind: association.kind == .hasMany ? .hasMany : .toOne, relatedModel: association.relatedModel)
                field.isRequired = association.kind == .hasMany ? false : field.isRequired
            }
            return field
        }
        return model
    }

    static func byName(_ one: ModelField, _ other: ModelField) -> Bool { one.name < other.name }

    @Test(arguments: Fixtures.all, [DocumentDialect.plain, .versioned])
    func introspectionFindsTheModelsOfTheOutputsFile(name: String, dialect: DocumentDialect) async throws {
        let described = try Fixtures.schema(name)
        let answer = try await Introspection.answer(described, dialect: dialect)
        let read = try GraphQLIntrospectionReader.read(answer)
        // This test server's introspection lists types and fields by name (AppSync keeps their
        // order), so the comparison is by name.
        #expect(read.models.map(\.name).sorted() == described.models.map(\.name).sorted())
        for model in described.models {
            let introspected = try read.require(model.name)
            let expected = Self.learnable(model)
            #expect(introspected.fields.sorted(by: Self.byName) == expected.fields.sorted(by: Self.byName), "\(model.name)")
            #expect(introspected.primaryKey == model.primaryKey)
            #expect(introspected.pluralName == model.pluralName)
            #expect(introspected.ownerField == model.ownerField)
            #expect(introspected.readOnlyReasons == model.readOnlyReasons)
            #expect(introspected.indexes == IndexReadingTests.introspectable(model.indexes), "\(model.name)")
        }
        for (enumName, item) in described.enums where described.models.contains(where: { $0.fields.contains { $0.type == .enumeration(enumName) } }) {
            #expect(read.enums[enumName] == item)
        }
        #expect(read.nonModels.keys.sorted() == described.nonModels.keys.filter { type in
            described.models.contains { $0.fields.contains { $0.type == .nonModel(type) } }
        }.sorted())
    }

    /// Gen 1's first transformer declares the owner argument `String!` where owner rules alone
    /// allow reading: the model then requires it, and its subscriptions name the signed-in user.
    @Test func aRequiredOwnerArgumentIsLearnt() async throws {
        var described = try Fixtures.schema("finance.json")
        let index = try #require(described.models.firstIndex { $0.name == "Budget" })
        described.models[index].requiresOwnerArgument = true
        let read = try GraphQLIntrospectionReader.read(try await Introspection.answer(described, dialect: .plain))
        #expect(try read.require("Budget").requiresOwnerArgument)
        #expect(try read.require("Budget").ownerField == "owner")
        #expect(try !read.require("Transaction").requiresOwnerArgument, "declared String: optional")

        let budget = try read.require("Budget")
        let sync = ModelRecordSync(layout: try RecordLayout(model: budget, schema: read), dialect: .plain, subscriber: "alice")
        for subscription in sync.subscriptions {
            #expect(subscription.query.contains("(owner: $owner)") && subscription.variables == ["owner": .string("alice")])
        }
        // Where the API does not require it, no owner is named: a Gen 2 API filters by the
        // caller itself, and owners stored as `sub::username` would never equal a user name.
        let transaction = try read.require("Transaction")
        let optional = ModelRecordSync(layout: try RecordLayout(model: transaction, schema: read), dialect: .plain, subscriber: "alice")
        for subscription in optional.subscriptions {
            #expect(!subscription.query.contains("owner:") && subscription.variables.isEmpty)
        }
    }

    @Test func typesWithoutTheirQueriesAndMutationsAreNotModels() throws {
        let answer = #"""
            {"data": {"__schema": {"queryType": {"name": "Query"}, "mutationType": null, "subscriptionType": null, "types": [
              {"kind": "OBJECT", "name": "Query", "fields": [
                {"name": "getNote", "args": [{"name": "id", "type": {"kind": "NON_NULL", "ofType": {"kind": "SCALAR", "name": "ID"}}}],
                 "type": {"kind": "OBJECT", "name": "Note"}}]},
              {"kind": "OBJECT", "name": "Note", "fields": [{"name": "id", "args": [], "type": {"kind": "SCALAR", "name": "ID"}}]}
            ]}}}
            """#
        #expect(try GraphQLIntrospectionReader.read(Data(answer.utf8)).models.isEmpty)
    }

    @Test func aBrokenAnswerSaysWhere() {
        let answer = #"{"data": {"__schema": {"types": [{"kind": "OBJECT", "name": "Note", "fields": [{"name": "a b", "type": {}}]}]}}}"#
        #expect(throws: ModelDescriptionError(path: "data.__schema.types[0].fields[0].name", problem: "\"a b\" is not a GraphQL name")) {
            try GraphQLIntrospectionReader.read(Data(answer.utf8))
        }
    }
}

/// Issue 29 item 11: an API that refuses its whole introspection (too large) is asked a type at
/// a time; what it describes is shown, what it will not is left out and named.
@Suite struct PartialIntrospectionTests {
    /// `query`'s `field` answered by a GraphQL server built from `schema`'s SDL.
    static func ask(_ server: GraphQLSchema, _ query: String, variables: [String: Map] = [:], field: String) async throws -> JSONValue {
        let result = try await graphql(schema: server, request: query, variableValues: variables)
        #expect(result.errors.isEmpty, "\(result.errors)")
        let data = try GraphQLJSONEncoder().encode(result)
        return try JSONReader.read(data) { reader throws(JSONReadError) in
            var value = JSONValue.null
            try reader.readObject { reader, key throws(JSONReadError) in
                guard key == "data" else { return try reader.skipValue() }
                try reader.readObject { reader, key throws(JSONReadError) in
                    if key.description == field { value = try reader.readValue() } else { try reader.skipValue() }
                }
            }
            return value
        }
    }

    @Test(arguments: Fixtures.all)
    func theModelsAskedTypeByTypeAreTheWholeAnswers(name: String) async throws {
        let described = try Fixtures.schema(name)
        let server = try buildSchema(source: TransformerSDL.text(described, dialect: .plain))
        let whole = try GraphQLIntrospectionReader.read(try await Introspection.answer(described, dialect: .plain))
        let refused = described.models.last!.name
        var parts = try PartialIntrospection(names: try await Self.ask(server, PartialIntrospection.namesQuery, field: "__schema"))
        var asked = 0
        while let type = parts.next() {
            asked += 1
            if type == refused {
                parts.refuse(type, reason: "Transformation too large")
                continue
            }
            parts.receive(type, try await Self.ask(server, PartialIntrospection.typeQuery, variables: ["name": .string(type)], field: "__type"))
        }
        let read = try GraphQLIntrospectionReader.read(parts.answer)
        #expect(read.models.map(\.name).sorted() == whole.models.map(\.name).filter { $0 != refused }.sorted())
        for model in read.models {
            let full = try whole.require(model.name)
            #expect(model.fields.sorted { $0.name < $1.name } == full.fields.sorted { $0.name < $1.name }, "\(model.name)")
            #expect(model.primaryKey == full.primaryKey && model.pluralName == full.pluralName && model.ownerField == full.ownerField)
        }
        #expect(parts.leftOut.map(\.name) == [refused])
        #expect(parts.leftOut.first?.reason == "Transformation too large")
        #expect(read.enums.keys.sorted() == whole.enums.keys.sorted())
        #expect(asked >= 3 + 3 * described.models.count)
    }
}
