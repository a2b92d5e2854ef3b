import AmplifyModels
import AppSync
import GraphQL
import Testing

/// The documents per model and dialect: their exact text for known models, and for every model
/// of every fixture, valid against the schema Amplify generates for it.
@Suite struct DocumentTests {
    static func documents(_ fixture: String, _ model: String, _ dialect: DocumentDialect) throws -> ModelDocuments {
        let schema = try Fixtures.schema(fixture)
        return ModelDocuments(model: try schema.require(model), schema: schema, dialect: dialect)
    }

    /// Every document a model has in a dialect.
    static func all(_ documents: ModelDocuments) -> [GraphQLDocument] {
        var list = [documents.get, documents.list]
        if let sync = documents.sync { list.append(sync) }
        for kind in MutationKind.allCases {
            list += [documents.mutation(kind, withCondition: false), documents.mutation(kind, withCondition: true)]
            list += [documents.subscription(kind), documents.subscription(kind, filter: true, owner: true)]
        }
        // One partition's query: of the primary key (a custom one), and of each index with a query.
        let keys: [ModelIndex?] = [nil] + documents.model.indexes.map { $0 }
        return list + keys.compactMap { documents.partitionQuery(of: $0) }
    }

    @Test func aCompositeKeyIsEveryArgumentOfGet() throws {
        let documents = try Self.documents("household-budget.json", "Budget", .plain)
        #expect(documents.get == GraphQLDocument(
            operationName: "GetBudget",
            text: "query GetBudget($tenantId: ID!, $sku: String!) { getBudget(tenantId: $tenantId, sku: $sku) { "
                + "tenantId sku title limit period startsOn reviewAt contactEmail website phone allowedFrom settings lastRunAt months "
                + "createdAt updatedAt owner } }",
            field: "getBudget"))
        #expect(documents.deleteInput(key: ["tenantId": .string("t1"), "sku": .string("A-1")], version: 3)
            == .object(["tenantId": .string("t1"), "sku": .string("A-1")]))
        let versioned = try Self.documents("household-budget.json", "Budget", .versioned)
        #expect(versioned.deleteInput(key: ["sku": .string("A-1"), "tenantId": .string("t1")], version: 3)
            == .object(["tenantId": .string("t1"), "sku": .string("A-1"), "_version": .int(3)]))
    }

    @Test func selectionsHoldCustomTypesWithTheirFieldsAndNoRelatedModel() throws {
        let documents = try Self.documents("household-budget.json", "Transaction", .plain)
        #expect(documents.selectionSet
            == "id description amount quantity kind date bookedAt tags receipt { merchant total lines scannedAt } categoryId createdAt updatedAt owner")
        let category = try Self.documents("household-budget.json", "Category", .versioned)
        #expect(category.selectionSet == "id name kind isArchived createdAt updatedAt owner _version _deleted _lastChangedAt")
    }

    @Test func subscriptionsNameTheOwnerWhenAsked() throws {
        let documents = try Self.documents("finance.json", "Budget", .plain)
        let selection = documents.selectionSet
        #expect(documents.subscription(.update, filter: true, owner: true).text
            == "subscription OnUpdateBudget($filter: ModelSubscriptionBudgetFilterInput, $owner: String!) { "
                + "onUpdateBudget(filter: $filter, owner: $owner) { \(selection) } }")
        #expect(documents.subscription(.delete).text == "subscription OnDeleteBudget { onDeleteBudget { \(selection) } }")
        // A model without an owner rule has no owner argument to give.
        let club = try Self.documents("court-bookings.json", "CourtBooking", .plain)
        #expect(!club.subscription(.create, filter: true, owner: true).text.contains("owner"))
    }

    @Test func onlyTheVersionedDialectHasASyncQuery() throws {
        #expect(try Self.documents("finance.json", "Category", .plain).sync == nil)
        let sync = try #require(try Self.documents("finance.json", "Category", .versioned).sync)
        #expect(sync.text.hasPrefix("query SyncCategories($limit: Int, $nextToken: String, $lastSync: AWSTimestamp) { syncCategories("))
        #expect(sync.text.hasSuffix("_version _deleted _lastChangedAt } nextToken startedAt } }"))
    }

    @Test func inputsCarryEachValueAsItsTypeTravels() throws {
        let documents = try Self.documents("household-budget.json", "Budget", .plain)
        let input = documents.createInput([
            "tenantId": .string("t1"), "sku": .string("A-1"), "title": .string("Food"), "limit": .float(250),
            "period": .enumValue("MONTHLY"), "settings": .json(.object(["alert": .bool(true)])), "months": .list([.int(1), .int(2)]),
            "startsOn": .null, "createdAt": .string("2026-01-01T00:00:00Z"), "owner": .string("someone"),
        ])
        #expect(input == .object([
            "tenantId": .string("t1"), "sku": .string("A-1"), "title": .string("Food"), "limit": .double(250),
            "period": .string("MONTHLY"), "settings": .string("{\"alert\":true}"), "months": .array([.int(1), .int(2)]),
        ]))
        let update = documents.updateInput(
            key: ["tenantId": .string("t1"), "sku": .string("A-1")], changes: ["startsOn": .null, "sku": .string("B")], version: 2)
        #expect(update == .object(["tenantId": .string("t1"), "sku": .string("A-1"), "startsOn": .null]))
    }

    @Test func conditionsCheckWhatTheChangeWasMadeAgainst() throws {
        let documents = try Self.documents("household-budget.json", "Transaction", .plain)
        let base: [String: ModelValue] = ["description": .string("Rent"), "amount": .float(900), "tags": .list([])]
        #expect(documents.condition(changing: ["description"], of: base) == .object(["description": .object(["eq": .string("Rent")])]))
        // Lists cannot be compared by `eq`: only the amount and the (null) date are checked.
        #expect(documents.condition(changing: ["tags", "amount", "bookedAt"], of: base) == .object(["and": .array([
            .object(["amount": .object(["eq": .double(900)])]),
            .object(["or": .array([
                .object(["bookedAt": .object(["attributeExists": .bool(false)])]),
                .object(["bookedAt": .object(["attributeType": .string("_null")])]),
            ])]),
        ])]))
        #expect(documents.condition(changing: ["description"], of: nil) == nil)
        #expect(try Self.documents("household-budget.json", "Transaction", .versioned).condition(changing: ["description"], of: base) == nil)
    }

    @Test(arguments: Fixtures.all, [DocumentDialect.plain, .versioned])
    func everyDocumentIsValidAgainstTheGeneratedSchema(fixture: String, dialect: DocumentDialect) throws {
        let schema = try Fixtures.schema(fixture)
        let server = try buildSchema(source: TransformerSDL.text(schema, dialect: dialect))
        for model in schema.models {
            for document in Self.all(ModelDocuments(model: model, schema: schema, dialect: dialect)) {
                let errors = validate(schema: server, ast: try parse(source: Source(body: document.text)))
                #expect(errors.isEmpty, "\(document.text): \(errors.map(\.message))")
            }
        }
    }
}
