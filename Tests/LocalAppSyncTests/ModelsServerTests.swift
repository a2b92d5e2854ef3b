import AmplifyModels
import Foundation
import GraphQL
import OrderedCollections
import Testing
@testable import LocalAppSync

/// `serve --models`: the Gen 2 API of your own models, from a real server on loopback, for a
/// set of models with enums, numbers, dates, lists, a custom type, a composite key and a
/// `belongsTo`/`hasMany` pair (`household-budget.json`, written here for AmplifyModels' tests).
@Suite struct ModelsServerTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("AmplifyModelsTests/Fixtures/household-budget.json")

    static func models() throws -> ServedModels {
        try ServedModels(file: Data(contentsOf: fixture))
    }

    static func serve<T>(_ models: ServedModels? = nil, _ body: (TestServer) async throws -> T) async throws -> T {
        let models = try models ?? Self.models()
        return try await TestServer.gen2(configure: { $0.models = models }, body)
    }

    /// Objects with their keys sorted: a decoded answer's keys come in no fixed order.
    static func canonical(_ map: Map) -> Map {
        switch map {
        case .dictionary(let members): .dictionary(OrderedDictionary(uniqueKeysWithValues: members.sorted { $0.key < $1.key }.map { ($0.key, canonical($0.value)) }))
        case .array(let items): .array(items.map(canonical))
        default: map
        }
    }

    static let budgetFields = "tenantId sku title limit period startsOn reviewAt settings lastRunAt months createdAt updatedAt"
    static let transactionFields = "id description amount quantity kind date tags receipt { merchant total lines } categoryId createdAt updatedAt"

    @Test func theSampleServedFromItsDescriptionIsTodaysGen2Schema() async throws {
        let outputs = Data(LocalAppSyncServer.sampleIntrospection(authModes: [.apiKey]))
        let sample = try ServedModels(file: outputs)
        let served = try await Self.serve(sample) { server in
            try await server.graphQL(SchemaFileTests.introspection)
        }
        let today = try await TestServer.gen2 { server in try await server.graphQL(SchemaFileTests.introspection) }
        #expect(served["errors"].isNull)
        let servedTypes = Gen2SchemaTests.typesByName(served["data"])
        let todayTypes = Gen2SchemaTests.typesByName(today["data"])
        #expect(servedTypes.keys.sorted() == todayTypes.keys.sorted())
        for (name, members) in todayTypes { #expect(servedTypes[name] == members, "type \(name)") }
    }

    @Test func recordsOfEveryModelAreCreatedReadListedUpdatedAndDeleted() async throws {
        try await Self.serve { server in
            let category = try await server.graphQL(
                #"mutation { createCategory(input: {name: "Food", kind: EXPENSE, isArchived: false}) { id name kind isArchived createdAt updatedAt } }"#)
            #expect(category["errors"].isNull)
            let categoryId = try #require(category["data"]["createCategory"]["id"].string)
            #expect(category["data"]["createCategory"]["kind"] == "EXPENSE")
            #expect(category["data"]["createCategory"]["createdAt"].string?.hasSuffix("Z") == true)

            let created = try await server.graphQL(
                "mutation ($input: CreateTransactionInput!) { createTransaction(input: $input) { \(Self.transactionFields) } }",
                variables: ["input": [
                    "description": "Bread", "amount": 2.5, "quantity": 3, "kind": "EXPENSE", "date": "2026-11-25",
                    "tags": ["bakery", "daily"], "receipt": ["merchant": "Bakery", "total": 2.5, "lines": ["bread"]],
                    "categoryId": .string(categoryId),
                ]])
            #expect(created["errors"].isNull, "\(created)")
            let transaction = created["data"]["createTransaction"]
            let id = try #require(transaction["id"].string)
            #expect(transaction["amount"] == 2.5 && transaction["quantity"] == 3 && transaction["tags"] == ["bakery", "daily"])
            #expect(transaction["receipt"]["merchant"] == "Bakery" && transaction["receipt"]["lines"] == ["bread"])

            let read = try await server.graphQL(#"{ getTransaction(id: "\#(id)") { \#(Self.transactionFields) } }"#)
            #expect(Self.canonical(read["data"]["getTransaction"]) == Self.canonical(transaction))

            let updated = try await server.graphQL(
                #"mutation { updateTransaction(input: {id: "\#(id)", amount: 3, tags: null}) { id amount tags description updatedAt } }"#)
            #expect(updated["data"]["updateTransaction"]["amount"] == 3.0)
            #expect(updated["data"]["updateTransaction"]["tags"].isNull)
            #expect(updated["data"]["updateTransaction"]["description"] == "Bread")
            #expect(updated["data"]["updateTransaction"]["updatedAt"] != transaction["updatedAt"])

            // A filter on an enum and a number, applied to the items read.
            let listed = try await server.graphQL(
                #"{ listTransactions(filter: {kind: {eq: EXPENSE}, amount: {gt: 2}}) { items { id amount } nextToken } }"#)
            #expect(Self.canonical(listed["data"]["listTransactions"]["items"]) == Self.canonical([["id": .string(id), "amount": 3.0]]))
            let none = try await server.graphQL(#"{ listTransactions(filter: {amount: {lt: 1}}) { items { id } } }"#)
            #expect(none["data"]["listTransactions"]["items"] == [])

            let deleted = try await server.graphQL(#"mutation { deleteTransaction(input: {id: "\#(id)"}) { id description } }"#)
            #expect(Self.canonical(deleted["data"]["deleteTransaction"]) == Self.canonical(["id": .string(id), "description": "Bread"]))
            let gone = try await server.graphQL(#"{ getTransaction(id: "\#(id)") { id } }"#)
            #expect(gone["data"]["getTransaction"].isNull && gone["errors"].isNull)
        }
    }

    @Test func aCompositeKeyAddressesOneItem() async throws {
        try await Self.serve { server in
            for sku in ["A-1", "A-2"] {
                let created = try await server.graphQL(
                    "mutation ($input: CreateBudgetInput!) { createBudget(input: $input) { \(Self.budgetFields) } }",
                    variables: ["input": [
                        "tenantId": "t1", "sku": .string(sku), "title": "Food", "limit": 250, "period": "MONTHLY",
                        "startsOn": "2026-11-01", "reviewAt": "09:30", "settings": #"{"alert":true}"#, "lastRunAt": 1_764_081_000,
                        "months": [1, 2, 3],
                    ]])
                #expect(created["errors"].isNull, "\(created)")
                #expect(created["data"]["createBudget"]["settings"] == #"{"alert":true}"#)
                #expect(created["data"]["createBudget"]["months"] == [1, 2, 3])
            }
            let one = try await server.graphQL(#"{ getBudget(tenantId: "t1", sku: "A-2") { tenantId sku title lastRunAt } }"#)
            #expect(Self.canonical(one["data"]["getBudget"]) == Self.canonical(["tenantId": "t1", "sku": "A-2", "title": "Food", "lastRunAt": 1_764_081_000]))
            let deleted = try await server.graphQL(#"mutation { deleteBudget(input: {tenantId: "t1", sku: "A-1"}) { sku } }"#)
            #expect(deleted["data"]["deleteBudget"]["sku"] == "A-1")
            let left = try await server.graphQL("{ listBudgets { items { sku } } }")
            #expect(left["data"]["listBudgets"]["items"] == [["sku": "A-2"]])
            // The same sku under another tenant is another item.
            let other = try await server.graphQL(#"mutation { createBudget(input: {tenantId: "t2", sku: "A-2", title: "X", limit: 1, months: []}) { sku } }"#)
            #expect(other["errors"].isNull)
        }
    }

    @Test func writesThatDynamoDBRefusesFailTheirConditionalCheck() async throws {
        try await Self.serve { server in
            try await server.graphQL(#"mutation { createCategory(input: {id: "c1", name: "Food"}) { id } }"#)
            let refusals = [
                #"mutation { createCategory(input: {id: "c1", name: "Again"}) { id } }"#,
                #"mutation { updateCategory(input: {id: "nowhere", name: "X"}) { id } }"#,
                #"mutation { deleteCategory(input: {id: "nowhere"}) { id } }"#,
                #"mutation { updateCategory(input: {id: "c1", name: "X"}, condition: {name: {eq: "Drinks"}}) { id } }"#,
                #"mutation { deleteCategory(input: {id: "c1"}, condition: {isArchived: {eq: true}}) { id } }"#,
            ]
            for mutation in refusals {
                let answer = try await server.graphQL(mutation)
                let field = try #require(answer["data"].dictionary?.keys.first)
                #expect(answer["data"][field].isNull, "\(mutation)")
                #expect(answer["errors"][0]["errorType"] == "DynamoDB:ConditionalCheckFailedException", "\(mutation)")
                #expect(answer["errors"][0]["path"] == [.string(field)], "\(mutation)")
            }
            let kept = try await server.graphQL(#"{ getCategory(id: "c1") { name } }"#)
            #expect(kept["data"]["getCategory"]["name"] == "Food")
            let held = try await server.graphQL(#"mutation { updateCategory(input: {id: "c1", name: "Meals"}, condition: {name: {eq: "Food"}}) { name } }"#)
            #expect(held["data"]["updateCategory"]["name"] == "Meals")
        }
    }

    @Test func aValueOfTheWrongFormatIsRefusedAsAppSyncRefusesIt() async throws {
        try await Self.serve { server in
            let answer = try await server.graphQL(
                #"mutation { createTransaction(input: {description: "X", amount: 1, kind: INCOME, date: "tomorrow"}) { id } }"#)
            #expect(answer["data"]["createTransaction"].isNull)
            #expect(answer["errors"][0]["errorType"] == "ValidationException")
            #expect(answer["errors"][0]["message"] == "input.date: Expected a date like 2026-11-25.")
            let list = try await server.graphQL("{ listTransactions { items { id } } }")
            #expect(list["data"]["listTransactions"]["items"] == [])
        }
    }

    @Test func aSubscriptionHearsWhatTheMutationSelected() async throws {
        try await Self.serve { server in
            let key = server.server.apiKey
            let client = RealtimeTestClient.connectWithQueryAuth(port: server.port, apiKey: key)
            defer { client.close() }
            _ = await client.initialize()
            let query = "subscription { onCreateBudget { tenantId sku title limit months } }"
            _ = await client.start(id: "budgets", query: query, apiKey: key, port: server.port)
            try await server.graphQL(#"mutation { createBudget(input: {tenantId: "t1", sku: "B", title: "Rent", limit: 900, months: [1]}) { tenantId sku title } }"#)
            let event = await client.next(type: "data")
            let budget = event?["payload"]["data"]["onCreateBudget"]
            #expect(budget?["title"] == "Rent" && budget?["sku"] == "B")
            // Not selected by the mutation: null in the event, with AppSync's error for a non-null one.
            #expect(budget?["limit"].isNull == true && budget?["months"].isNull == true)
            #expect(event?["payload"]["errors"][0]["message"].string?.contains("within parent 'Budget'") == true)
        }
    }

    /// The sandbox's outputs carry the models file's own model_introspection, in its order.
    @Test func theOutputsDescribeTheServedModels() async throws {
        try await Self.serve { server in
            let outputs = try #require(server.server.amplifyOutputs())
            let described = try ModelIntrospectionReader.read(outputs)
            #expect(described == (try Self.models()).schema)
            #expect(described.models.map(\.name) == ["Category", "Transaction", "Budget"])
        }
    }

    @Test func aModelsFileThatIsNotOneSaysWhatIsWrong() {
        #expect(throws: ModelsServingError.unreadable("the file is not JSON (line 1, column 2: expected a key in quotes)")) {
            try ServedModels(file: Data("{x".utf8))
        }
        #expect(throws: ModelsServingError.noModels) { try ServedModels(file: Data(#"{"version": 1, "models": {}}"#.utf8)) }
        let unknown = #"{"models": {"A": {"name": "A", "pluralName": "As", "fields": {"id": {"name": "id", "type": "ID", "isRequired": true}, "x": {"name": "x", "type": "AWSBigDecimal"}}}}}"#
        #expect(throws: ModelsServingError.unservable(model: "A", reason: "the field x has the type AWSBigDecimal, which this app does not know")) {
            try ServedModels(file: Data(unknown.utf8))
        }
    }
}
