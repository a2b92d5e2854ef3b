import AmplifyModels
import GraphQL
import PropertyBased
import Testing

/// For random models (every kind of field, key, relation and owner rule), in both dialects,
/// every document is valid GraphQL against the schema Amplify would generate, and the models
/// read back from that schema's introspection are the models the documents were made from.
@Suite struct DocumentProperties {
    @Test func documentsOfRandomModelsAreValid() async {
        await propertyCheck(count: 60, input: Gen.int(in: 0...1_000_000_000), Gen.bool) { seed, versioned in
            await Task.yield()
            var random = RandomSchema(seed: seed)
            let schema = random.schema()
            let dialect: DocumentDialect = versioned ? .versioned : .plain
            let server: GraphQLSchema
            do {
                server = try buildSchema(source: TransformerSDL.text(schema, dialect: dialect))
            } catch {
                Issue.record("seed \(seed): the test's schema does not build: \(error)")
                return
            }
            for model in schema.models {
                for document in DocumentTests.all(ModelDocuments(model: model, schema: schema, dialect: dialect)) {
                    let errors = validate(schema: server, ast: try parse(source: Source(body: document.text)))
                    #expect(errors.isEmpty, "seed \(seed): \(document.text): \(errors.map(\.message))")
                }
            }
        }
    }

    @Test func introspectionOfRandomModelsGivesThemBack() async throws {
        await propertyCheck(count: 30, input: Gen.int(in: 0...1_000_000_000)) { seed in
            var random = RandomSchema(seed: seed)
            let schema = random.schema()
            let read = try GraphQLIntrospectionReader.read(try await Introspection.answer(schema, dialect: .plain))
            for model in schema.models {
                let introspected = try read.require(model.name)
                #expect(
                    introspected.fields.sorted(by: GraphQLIntrospectionTests.byName)
                        == GraphQLIntrospectionTests.learnable(model).fields.sorted(by: GraphQLIntrospectionTests.byName), "seed \(seed)")
                #expect(introspected.primaryKey.fields == model.primaryKey.fields)
                #expect(introspected.ownerField == model.ownerField)
            }
        }
    }
}
