import AmplifyModels
import AppSync
import Foundation
import LocalAppSync
import ModelFilters
import ServerSlots
@testable import SyncEngine
import Testing

/// A view's pages (`AppSyncModelAPI.unreadViewPage`, through `ListAPI` as a list asks) against
/// the embedded server, in both dialects: for filters of every plan (a key lookup; a query of
/// an index with and without a sort key condition of each operator, with the rest as its
/// `filter`; of an index of several sort keys, whose condition goes into the `filter`; of an
/// index on an enum; of the primary key; a scan), the pages read to the end three items at a
/// time (so that filtered pages come back empty with a token, and are followed) hold exactly
/// the seeded records the filter selects here (`PreparedFilter`), a key lookup the record of its
/// key whatever the rest says. The server refuses an argument its schema lacks, so the same
/// runs prove the documents are the transformer's.
@Suite struct ViewRequestTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("AmplifyModelsTests/Fixtures/indexed-ledger.json")

    /// `indexed-ledger.json`, its `Entry` keyed by `primaryKey` when one is given (the fixture's
    /// is `id` alone, which has no partition to query).
    static func ledger(primaryKey: PrimaryKey? = nil) throws -> ServedModels {
        let served = try ServedModels(file: Data(contentsOf: fixture))
        guard let primaryKey else { return served }
        var schema = served.schema
        schema.models[0].primaryKey = primaryKey
        return ServedModels(schema: schema, introspectionText: ModelIntrospectionWriter.text(schema))
    }

    /// 36 entries of three categories, three accounts (and none), two kinds (and none), six
    /// months, a `seq` on most; two entries of a category share each date, so that the order
    /// within a sort key shows.
    static func entries(_ layout: RecordLayout) -> [ModelRecord] {
        (0..<36).map { serial in
            let step = serial / 3
            var values: [String: ModelValue] = [
                "id": .string(UUID().uuidString.lowercased()),
                "description": .string(serial % 4 == 0 ? "Rent \(serial)" : "entry \(serial)"),
                "amount": .float(Double((serial * 37) % 100) + 0.25),
                "category": .string(["food", "rent", "travel"][serial % 3]),
                "date": .string(String(format: "2026-%02d-%02d", 1 + step % 6, 10 + step % 3)),
            ]
            if serial % 4 != 3 { values["account"] = .string(["a1", "a2", "a3"][serial % 4]) }
            if (serial / 2) % 3 != 2 { values["kind"] = .enumValue((serial / 2) % 3 == 0 ? "INCOME" : "EXPENSE") }
            if serial % 5 != 4 { values["seq"] = .int(Int64(serial)) }
            return ModelRecord(layout: layout, key: RecordKey(values: values, of: layout.model)!, values: values)
        }
    }

    /// A view's filter and the plan it must make (the start of `FilterPlan.summary`).
    struct View: Sendable, CustomStringConvertible {
        var text: String
        var plan: String
        var description: String { text }
    }

    static let views: [View] = [
        View(text: "category = food", plan: "query byCategory (category = food)"),
        View(text: "category = food and date = 2026-03-12", plan: "query byCategory (category = food, date = 2026-03-12)"),
        View(text: "category = food and date < 2026-03-01", plan: "query byCategory (category = food, date < 2026-03-01)"),
        View(text: "category = rent and date <= 2026-03-11", plan: "query byCategory (category = rent, date <= 2026-03-11)"),
        View(text: "category = rent and date > 2026-04-10", plan: "query byCategory (category = rent, date > 2026-04-10)"),
        View(text: "category = travel and date >= 2026-05-11", plan: "query byCategory (category = travel, date >= 2026-05-11)"),
        View(
            text: "category = travel and date between 2026-02-01 and 2026-04-11",
            plan: "query byCategory (category = travel, date between 2026-02-01 and 2026-04-11)"),
        View(text: "category = food and date ^= 2026-0 and description ^= Rent", plan: "query byCategory (category = food, date ^= 2026-0), the server"),
        View(
            text: "category = food and date >= 2026-02-01 and amount < 60 and not kind = EXPENSE",
            plan: "query byCategory (category = food, date >= 2026-02-01), the server filters"),
        // A Float sort key, then an Int one (`ModelFloatKeyConditionInput`, `ModelIntKeyConditionInput`).
        View(text: "category = rent and amount > 40", plan: "query byCategoryAmount (category = rent, amount > 40.0)"),
        View(
            text: "category = travel and amount between 10 and 70.25 and seq exists",
            plan: "query byCategoryAmount (category = travel, amount between 10.0 and 70.25), the server filters"),
        View(text: "account = a1 and seq >= 8", plan: "query bySeq (account = a1, seq >= 8)"),
        View(text: "account = a2 and seq < 20 and kind != INCOME", plan: "query bySeq (account = a2, seq < 20), the server filters"),
        // Sort keys `date` and `amount`: the condition on `date` goes into the filter.
        View(text: "account = a1", plan: "query byAccount (account = a1)"),
        View(text: "account = a3 and date >= 2026-03-01", plan: "query byAccount (account = a3, date >= 2026-03-01)"),
        View(text: "account = a2 and date ^= 2026-0 and amount > 20", plan: "query byAccount (account = a2, date ^= 2026-0), the server"),
        // An enum's index.
        View(text: "kind = INCOME", plan: "query byKind (kind = INCOME)"),
        View(text: "kind = EXPENSE and amount >= 50", plan: "query byKind (kind = EXPENSE), the server filters"),
        // Scans.
        View(text: "amount > 50 and (category = food or category = travel)", plan: "scan"),
        View(text: "not account exists or seq < 5", plan: "scan"),
        View(text: "kind != INCOME and not (date < 2026-03-01)", plan: "scan"),
        View(text: "account !exists", plan: "scan"),
        View(text: "seq exists and description ~ 1 and date ^= 2026-0", plan: "scan"),
        View(text: "amount > 1000", plan: "scan"),
    ]

    /// The API of `models`' `Entry` on a server of `dialect`, as a list holds it, with the
    /// entries seeded (as the server answered their creates).
    static func withSeededLedger(
        _ models: ServedModels, dialect: APIDialect,
        _ body: (_ api: any ListAPI<ModelRecord>, _ seeded: [ModelRecord], _ fields: FilterFields) async throws -> Void
    ) async throws {
        let model = try #require(models.schema.model(named: "Entry"))
        try await ModelAPITests.withServer(models, dialect: dialect) { client in
            let sync = try ModelRecordSync(model: model, schema: models.schema, dialect: dialect.documentDialect)
            let api: any ListAPI<ModelRecord> = AppSyncModelAPI(client: client, model: sync, dialect: dialect)
            var seeded: [ModelRecord] = []
            for entry in entries(sync.layout) { seeded.append(try await api.send(.create(entry))) }
            try await body(api, seeded, FilterFields(model: model, schema: models.schema))
        }
    }

    /// Every page of `plan`, `limit` items read at a time, each page's next token the one its
    /// bytes were guessed to hold; and how many pages came back empty and still went on.
    static func read(
        _ plan: FilterPlan, _ api: any ListAPI<ModelRecord>, limit: Int = 3
    ) async throws -> (records: [ModelRecord], emptyPagesGoingOn: Int) {
        var records: [ModelRecord] = []
        var token: String?
        var empty = 0
        for _ in 0..<200 {
            let unread = try await api.unreadViewPage(plan, limit: limit, nextToken: token)
            let page = try unread.read()
            #expect(unread.nextTokenGuess == page.nextToken)
            records += page.records
            if page.records.isEmpty && page.nextToken != nil { empty += 1 }
            token = page.nextToken
            if token == nil { return (records, empty) }
        }
        Issue.record("\(plan.summary): still going after 200 pages")
        return (records, empty)
    }

    /// A text field's value (a date, an id) as a filter types it.
    static func text(_ record: ModelRecord, _ field: String) -> String {
        guard case .string(let text)? = record[field] else { return "" }
        return text
    }

    static func parse(_ text: String, _ fields: FilterFields) throws -> FilterExpression {
        try #require(try FilterParser.parse(text, fields: fields))
    }

    /// The records read are the expected ones, each once, as the server holds them.
    static func check(_ read: [ModelRecord], _ expected: [ModelRecord], _ view: String) {
        let byKey = Dictionary(read.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byKey.count == read.count, "\(view): a record read twice")
        #expect(byKey == Dictionary(uniqueKeysWithValues: expected.map { ($0.id, $0) }),
                "\(view): read \(read.map(\.id.text).sorted()), expected \(expected.map(\.id.text).sorted())")
    }

    @Test(arguments: [APIDialect.plain, .versioned])
    func everyPlanReadsExactlyWhatTheFilterSelects(dialect: APIDialect) async throws {
        try await Self.withSeededLedger(try Self.ledger(), dialect: dialect) { api, seeded, fields in
            var emptyPagesGoingOn = 0
            for view in Self.views {
                let filter = try Self.parse(view.text, fields)
                let plan = FilterPlan.plan(filter, model: fields.model)
                #expect(plan.summary.hasPrefix(view.plan), "\(view): planned \(plan.summary)")
                let expected = seeded.filter(PreparedFilter(filter).matches)
                let read = try await Self.read(plan, api)
                Self.check(read.records, expected, view.text)
                emptyPagesGoingOn += read.emptyPagesGoingOn
            }
            // Of the test rather than the views: they select some records and not all (but one, which selects none).
            var splitting = 0
            for view in Self.views {
                let selected = seeded.count(where: PreparedFilter(try Self.parse(view.text, fields)).matches)
                if selected > 0 && selected < seeded.count { splitting += 1 }
            }
            #expect(splitting == Self.views.count - 1)
            #expect(emptyPagesGoingOn > 0, "no filtered page came back empty with a token")
        }
    }

    @Test(arguments: [APIDialect.plain, .versioned])
    func aKeyLookupReadsTheRecordOfItsKeyWhateverTheRestSays(dialect: APIDialect) async throws {
        try await Self.withSeededLedger(try Self.ledger(), dialect: dialect) { api, seeded, fields in
            let entry = seeded[7]
            for text in ["id = \(entry.id.text)", "id = \(entry.id.text) and amount > 1000", "category = nothing and id = \(entry.id.text)"] {
                let plan = FilterPlan.plan(try Self.parse(text, fields), model: fields.model)
                #expect(plan.summary.hasPrefix("key lookup"), "\(text)")
                let unread = try await api.unreadViewPage(plan, limit: 3, nextToken: nil)
                #expect(unread.nextTokenGuess == nil)
                #expect(try unread.read() == RecordPage(records: [entry], nextToken: nil, startedAt: nil), "\(text)")
            }
            let unknown = FilterPlan.plan(try Self.parse("id = \(UUID().uuidString.lowercased())", fields), model: fields.model)
            #expect(try await api.unreadViewPage(unknown, limit: 3, nextToken: nil).read().records.isEmpty)
        }
    }

    /// A custom primary key's partition is `list<Plural>(<partition key>:, <sort key>:)`: of one
    /// sort key with its condition, of two with the condition in the filter.
    @Test(arguments: [APIDialect.plain, .versioned], [["id"], ["date", "id"]])
    func aPrimaryKeysPartitionIsQueried(dialect: APIDialect, sortKeys: [String]) async throws {
        let key = PrimaryKey(partitionKey: "category", sortKeys: sortKeys)
        try await Self.withSeededLedger(try Self.ledger(primaryKey: key), dialect: dialect) { api, seeded, fields in
            let sortKey = sortKeys[0]
            let texts = [
                "category = rent", "category = rent and seq < 5", "category = food and \(sortKey) >= \(Self.text(seeded[9], sortKey))",
                "category = travel and \(sortKey) < \(Self.text(seeded[20], sortKey)) and amount > 30",
                "category = food and \(sortKey) ^= \(sortKey == "id" ? String(Self.text(seeded[3], "id").prefix(1)) : "2026-0")",
            ]
            var emptyPagesGoingOn = 0
            for text in texts {
                let filter = try Self.parse(text, fields)
                let plan = FilterPlan.plan(filter, model: fields.model)
                #expect(plan.summary.hasPrefix("query primary key"), "\(text): planned \(plan.summary)")
                let read = try await Self.read(plan, api)
                Self.check(read.records, seeded.filter(PreparedFilter(filter).matches), text)
                emptyPagesGoingOn += read.emptyPagesGoingOn
            }
            #expect(emptyPagesGoingOn > 0)
        }
    }

    /// A query answers its partition as DynamoDB reads it: by the sort key, ascending, and items
    /// of one sort key by their own key.
    @Test(arguments: [APIDialect.plain, .versioned])
    func aQueryKeepsThePartitionsKeyOrder(dialect: APIDialect) async throws {
        try await Self.withSeededLedger(try Self.ledger(), dialect: dialect) { api, seeded, fields in
            let filter = try Self.parse("category = travel", fields)
            let read = try await Self.read(FilterPlan.plan(filter, model: fields.model), api)
            let expected = seeded.filter(PreparedFilter(filter).matches).sorted {
                (Self.text($0, "date"), $0.id.text) < (Self.text($1, "date"), $1.id.text)
            }
            #expect(read.records.map(\.id) == expected.map(\.id))
            #expect(Set(expected.map { Self.text($0, "date") }).count < expected.count, "the partition holds dates shared by two entries")
        }
    }

    @Test func thePartitionQueriesAreTheTransformersArguments() throws {
        let schema = try Self.ledger().schema
        let entry = try #require(schema.model(named: "Entry"))
        let documents = ModelDocuments(model: entry, schema: schema, dialect: .plain)
        let index = { (name: String) in try #require(entry.indexes.first { $0.name == name }) }
        let byCategory = try #require(documents.partitionQuery(of: try index("byCategory")))
        #expect(byCategory.field == "entriesByCategory" && byCategory.operationName == "EntriesByCategory")
        #expect(byCategory.text == """
            query EntriesByCategory($partition: String!, $sortKey: ModelStringKeyConditionInput, $sortDirection: ModelSortDirection, \
            $filter: ModelEntryFilterInput, $limit: Int, $nextToken: String) { entriesByCategory(category: $partition, date: $sortKey, \
            sortDirection: $sortDirection, filter: $filter, limit: $limit, nextToken: $nextToken) { items { \(documents.selectionSet) } nextToken } }
            """)
        let byAccount = try #require(documents.partitionQuery(of: try index("byAccount"))).text
        #expect(byAccount.contains("$sortKey: ModelEntryByAccountCompositeKeyConditionInput") && byAccount.contains("dateAmount: $sortKey"))
        let byKind = try #require(documents.partitionQuery(of: try index("byKind"))).text
        #expect(byKind.contains("$partition: EntryKind!") && !byKind.contains("$sortKey"))
        #expect(try #require(documents.partitionQuery(of: try index("bySeq"))).text.contains("$sortKey: ModelIntKeyConditionInput"))
        #expect(documents.partitionQuery(of: try index("byDescription")) == nil, "an index without a query")
        #expect(documents.partitionQuery(of: nil) == nil, "a key of `id` alone has no partition to query")

        var keyed = entry
        keyed.primaryKey = PrimaryKey(partitionKey: "category", sortKeys: ["date", "id"])
        let list = try #require(ModelDocuments(model: keyed, schema: schema, dialect: .versioned).partitionQuery(of: nil))
        #expect(list.field == "listEntries")
        #expect(list.text.hasPrefix(
            "query ListEntriesPartition($partition: String, $sortKey: ModelEntryPrimaryCompositeKeyConditionInput, $sortDirection: ModelSortDirection, "))
        #expect(list.text.contains("listEntries(category: $partition, dateId: $sortKey, sortDirection: $sortDirection, filter: $filter"))
        #expect(list.text.contains("_version _deleted _lastChangedAt"))
    }

    /// What each plan sends: the variables, the sort key condition only for a key of one sort key.
    @Test func eachPlanSendsItsRequest() throws {
        let schema = try Self.ledger().schema
        let entry = try #require(schema.model(named: "Entry"))
        let documents = ModelDocuments(model: entry, schema: schema, dialect: .plain)
        let fields = FilterFields(model: entry, schema: schema)
        func request(_ text: String, nextToken: String? = nil) throws -> ViewRequest {
            ViewRequest(FilterPlan.plan(try Self.parse(text, fields), model: entry), documents: documents, limit: 3, nextToken: nextToken)
        }

        let lookup = try request("id = abc and amount > 3")
        #expect(lookup.answer == .record && lookup.field == "getEntry" && lookup.request.variables == ["id": "abc"])

        let query = try request("category = food and date between 2026-01-01 and 2026-02-01 and amount > 3", nextToken: "t")
        #expect(query.answer == .page && query.field == "entriesByCategory")
        #expect(query.request.variables == [
            "partition": "food", "sortKey": ["between": ["2026-01-01", "2026-02-01"]], "filter": ["amount": ["gt": .double(3)]],
            "limit": 3, "nextToken": "t",
        ])

        let composite = try request("account = a1 and date >= 2026-03-01")
        #expect(composite.field == "entriesByAccount" && composite.request.variables["sortKey"] == nil)
        #expect(composite.request.variables["filter"] == ["date": ["ge": "2026-03-01"]])

        let enumPartition = try request("kind = INCOME")
        #expect(enumPartition.request.variables["partition"] == "INCOME" && enumPartition.request.variables["filter"] == .null)

        let scan = try request("not account exists", nextToken: nil)
        #expect(scan.field == "listEntries")
        #expect(scan.request.variables == [
            "filter": ["not": ["account": ["attributeExists": true]]], "limit": 3, "nextToken": .null,
        ])
    }

    /// An API that cannot ask a filter (a scripted one) says so rather than answer a page.
    @Test func anAPIWithoutViewsSaysSo() async throws {
        let api: any ListAPI<ModelRecord> = ScriptedServer()
        let plan = FilterPlan.scan(filter: .search("villa"))
        await #expect(throws: AppSyncFailure.notOffered("this API answers no views")) {
            _ = try await api.unreadViewPage(plan, limit: 3, nextToken: nil)
        }
    }
}
