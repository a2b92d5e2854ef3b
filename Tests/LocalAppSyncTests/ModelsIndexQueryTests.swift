import AmplifyModels
import Foundation
import GraphQL
import Testing
@testable import LocalAppSync

/// Issue 31, item 4: `serve --models` answers each secondary index's query as the index
/// transformer's resolver does (a DynamoDB Query of the index: one partition, in DynamoDB's
/// sort key order, the key condition, then `filter`, then `limit`/`nextToken`), in both dialects,
/// for `indexed-ledger.json`'s `Entry`.
@Suite struct ModelsIndexQueryTests {
    static func serve<T>(_ dialect: ServedDialect, _ body: (TestServer) async throws -> T) async throws -> T {
        let models = try ModelsSeedTests.models("indexed-ledger")
        return try await TestServer.with(configure: { $0.serve(models, dialect: dialect) }, body)
    }

    /// id, category, date, amount, account, kind, seq: two items share food's 2026-11-01 (their
    /// ids order them), e5 has no account (so it is in no index keyed by one), and the amounts
    /// and seqs order differently as numbers than as text.
    static let entries: [(String, String, String, Double, String?, String, Int?)] = [
        ("e1", "food", "2026-11-03", 12.5, "a1", "EXPENSE", 3),
        ("e2", "food", "2026-11-01", 100, "a1", "EXPENSE", 10),
        ("e3", "food", "2026-10-30", 9.5, "a2", "EXPENSE", 2),
        ("e4", "rent", "2026-11-01", 950, "a1", "EXPENSE", 1),
        ("e5", "food", "2026-11-01", 10, nil, "INCOME", nil),
        ("e6", "salary", "2026-11-02", 3000, "a1", "INCOME", 20),
    ]

    static func seed(_ server: TestServer) async throws {
        // Made out of order, so that no order below is the order of creation.
        for (id, category, date, amount, account, kind, seq) in entries.reversed() {
            let account = account.map { #", account: "\#($0)""# } ?? ""
            let seq = seq.map { ", seq: \($0)" } ?? ""
            let created = try await server.graphQL(#"""
                mutation { createEntry(input: {id: "\#(id)", description: "d\#(id)", category: "\#(category)", date: "\#(date)", amount: \#(amount), kind: \#(kind)\#(account)\#(seq)}) { id } }
                """#)
            #expect(created["errors"].isNull, "\(created)")
        }
    }

    /// The ids `query` answers under `field`, or the errors.
    static func ids(_ server: TestServer, _ field: String, _ arguments: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws -> [String] {
        let answer = try await server.graphQL("{ \(field)(\(arguments)) { items { id } nextToken } }")
        #expect(answer["errors"].isNull, "\(answer)", sourceLocation: sourceLocation)
        return (answer["data"][field]["items"].array ?? []).compactMap { $0["id"].string }
    }

    @Test(arguments: ServedDialect.allCases)
    func theQueriesTakeTheArgumentsTheTransformerGives(dialect: ServedDialect) async throws {
        try await Self.serve(dialect) { server in
            let answer = try await server.graphQL(#"{ __type(name: "Query") { fields { name args { name type { name kind ofType { name } } } type { name } } } }"#)
            let fields = answer["data"]["__type"]["fields"].array ?? []
            func arguments(_ name: String) -> [String]? {
                fields.first { $0["name"] == .string(name) }.map { field in
                    (field["args"].array ?? []).map { argument in
                        let type = argument["type"]
                        let name = type["kind"] == "NON_NULL" ? (type["ofType"]["name"].string ?? "") + "!" : type["name"].string ?? ""
                        return "\(argument["name"].string ?? ""): \(name)"
                    }
                }
            }
            let paging = ["sortDirection: ModelSortDirection", "filter: ModelEntryFilterInput", "limit: Int", "nextToken: String"]
            #expect(arguments("entriesByCategory") == ["category: String!", "date: ModelStringKeyConditionInput"] + paging)
            #expect(arguments("entriesByAccount") == ["account: String!", "dateAmount: ModelEntryByAccountCompositeKeyConditionInput"] + paging)
            #expect(arguments("entriesByCategoryAmount") == ["category: String!", "amount: ModelFloatKeyConditionInput"] + paging)
            #expect(arguments("entriesBySeq") == ["account: String!", "seq: ModelIntKeyConditionInput"] + paging)
            #expect(arguments("entriesByKind") == ["kind: EntryKind!"] + paging)
            #expect(fields.first { $0["name"] == "entriesByKind" }?["type"]["name"] == "ModelEntryConnection")
            // An index without a queryField has no query.
            #expect(!fields.contains { ($0["name"].string ?? "").lowercased().contains("description") })
            let keyInput = try await server.graphQL(#"{ __type(name: "ModelEntryByAccountCompositeKeyInput") { inputFields { name type { name } } } }"#)
            #expect((keyInput["data"]["__type"]["inputFields"].array ?? []).map { "\($0["name"].string ?? ""): \($0["type"]["name"].string ?? "")" }
                == ["date: AWSDate", "amount: Float"])
            let condition = try await server.graphQL(#"{ __type(name: "ModelEntryByAccountCompositeKeyConditionInput") { inputFields { name } } }"#)
            #expect((condition["data"]["__type"]["inputFields"].array ?? []).compactMap { $0["name"].string }.sorted()
                == ["beginsWith", "between", "eq", "ge", "gt", "le", "lt"])
        }
    }

    @Test(arguments: ServedDialect.allCases)
    func aPartitionIsReadInSortKeyOrderEitherWay(dialect: ServedDialect) async throws {
        try await Self.serve(dialect) { server in
            try await Self.seed(server)
            // Only the partition's items, by date (ties by key), then reversed.
            #expect(try await Self.ids(server, "entriesByCategory", #"category: "food""#) == ["e3", "e2", "e5", "e1"])
            #expect(try await Self.ids(server, "entriesByCategory", #"category: "food", sortDirection: ASC"#) == ["e3", "e2", "e5", "e1"])
            #expect(try await Self.ids(server, "entriesByCategory", #"category: "food", sortDirection: DESC"#) == ["e1", "e5", "e2", "e3"])
            #expect(try await Self.ids(server, "entriesByCategory", #"category: "rent""#) == ["e4"])
            #expect(try await Self.ids(server, "entriesByCategory", #"category: "none""#) == [])
            // Numbers by value, as DynamoDB orders a number sort key (as text: 10, 100, 12.5, 9.5).
            #expect(try await Self.ids(server, "entriesByCategoryAmount", #"category: "food""#) == ["e3", "e5", "e1", "e2"])
            #expect(try await Self.ids(server, "entriesBySeq", #"account: "a1""#) == ["e4", "e1", "e2", "e6"])
            #expect(try await Self.ids(server, "entriesBySeq", #"account: "a1", sortDirection: DESC"#) == ["e6", "e2", "e1", "e4"])
            // An enum partition, no sort key: the key orders it. An item without the key is in no partition.
            #expect(try await Self.ids(server, "entriesByKind", "kind: INCOME") == ["e5", "e6"])
            #expect(try await Self.ids(server, "entriesByAccount", #"account: "a1""#) == ["e2", "e4", "e6", "e1"])
            #expect(try await Self.ids(server, "entriesByAccount", #"account: "a2""#) == ["e3"])
        }
    }

    @Test(arguments: ServedDialect.allCases)
    func everyKeyConditionOperatorNarrowsThePartition(dialect: ServedDialect) async throws {
        try await Self.serve(dialect) { server in
            try await Self.seed(server)
            let food = #"category: "food", date: "#
            #expect(try await Self.ids(server, "entriesByCategory", food + #"{eq: "2026-11-01"}"#) == ["e2", "e5"])
            #expect(try await Self.ids(server, "entriesByCategory", food + #"{lt: "2026-11-01"}"#) == ["e3"])
            #expect(try await Self.ids(server, "entriesByCategory", food + #"{le: "2026-11-01"}"#) == ["e3", "e2", "e5"])
            #expect(try await Self.ids(server, "entriesByCategory", food + #"{gt: "2026-11-01"}"#) == ["e1"])
            #expect(try await Self.ids(server, "entriesByCategory", food + #"{ge: "2026-11-01"}"#) == ["e2", "e5", "e1"])
            #expect(try await Self.ids(server, "entriesByCategory", food + #"{between: ["2026-10-31", "2026-11-02"]}"#) == ["e2", "e5"])
            #expect(try await Self.ids(server, "entriesByCategory", food + #"{beginsWith: "2026-11"}"#) == ["e2", "e5", "e1"])
            #expect(try await Self.ids(server, "entriesByCategory", food + #"{beginsWith: "2026-11"}, sortDirection: DESC"#) == ["e1", "e5", "e2"])
            // Numbers compare by value.
            #expect(try await Self.ids(server, "entriesByCategoryAmount", #"category: "food", amount: {gt: 10}"#) == ["e1", "e2"])
            #expect(try await Self.ids(server, "entriesByCategoryAmount", #"category: "food", amount: {between: [10, 99]}"#) == ["e5", "e1"])
            #expect(try await Self.ids(server, "entriesBySeq", #"account: "a1", seq: {lt: 10}"#) == ["e4", "e1"])
        }
    }

    /// Several sort keys are one condition on their texts joined by `#` (`2026-11-01#950`), as
    /// Amplify stores and compares them; a condition naming the leading fields alone compares
    /// with their joined text.
    @Test(arguments: ServedDialect.allCases)
    func aCompositeSortKeyIsComparedAsAmplifyJoinsIt(dialect: ServedDialect) async throws {
        try await Self.serve(dialect) { server in
            try await Self.seed(server)
            let a1 = #"account: "a1", dateAmount: "#
            #expect(try await Self.ids(server, "entriesByAccount", a1 + #"{beginsWith: {date: "2026-11-01"}}"#) == ["e2", "e4"])
            #expect(try await Self.ids(server, "entriesByAccount", a1 + #"{eq: {date: "2026-11-01", amount: 950}}"#) == ["e4"])
            #expect(try await Self.ids(server, "entriesByAccount", a1 + #"{gt: {date: "2026-11-01", amount: 950}}"#) == ["e6", "e1"])
            #expect(try await Self.ids(server, "entriesByAccount", a1 + #"{ge: {date: "2026-11-01", amount: 950}}"#) == ["e4", "e6", "e1"])
            #expect(try await Self.ids(server, "entriesByAccount", a1 + #"{lt: {date: "2026-11-02"}}"#) == ["e2", "e4"])
            #expect(try await Self.ids(server, "entriesByAccount", a1 + #"{le: {date: "2026-11-02", amount: 3000}}"#) == ["e2", "e4", "e6"])
            #expect(
                try await Self.ids(server, "entriesByAccount", a1 + #"{between: [{date: "2026-11-01", amount: 500}, {date: "2026-11-02", amount: 5000}]}"#)
                    == ["e4", "e6"])
        }
    }

    /// `limit` counts the items read before `filter` (a page may hold no match and still carry a
    /// token), and the pages, in either direction, end to end are the whole partition, once each.
    @Test(arguments: ServedDialect.allCases)
    func theFilterAppliesAfterTheLimitAndThePagesMakeThePartition(dialect: ServedDialect) async throws {
        try await Self.serve(dialect) { server in
            try await Self.seed(server)
            func pages(_ arguments: String, limit: Int) async throws -> [[String]] {
                var pages: [[String]] = []
                var token: Map = .null
                for _ in 0..<10 {
                    let page = try await server.graphQL(
                        "query ($t: String) { entriesByCategory(\(arguments), limit: \(limit), nextToken: $t) { items { id } nextToken } }",
                        variables: ["t": token])
                    #expect(page["errors"].isNull, "\(page)")
                    pages.append((page["data"]["entriesByCategory"]["items"].array ?? []).compactMap { $0["id"].string })
                    token = page["data"]["entriesByCategory"]["nextToken"]
                    if token.isNull { return pages }
                }
                Issue.record("the pages did not end")
                return pages
            }
            let filtered = try await pages(#"category: "food", filter: {amount: {ge: 12}}"#, limit: 1)
            #expect(filtered == [[], ["e2"], [], ["e1"], []], "e3, e2, e5, e1 read one a page; a full page carries a token")
            #expect(try await pages(#"category: "food", sortDirection: DESC"#, limit: 2) == [["e1", "e5"], ["e2", "e3"], []])
            #expect(try await pages(#"category: "food", date: {ge: "2026-11-01"}"#, limit: 2) == [["e2", "e5"], ["e1"]])
            // A token pages only what issued it.
            let token = try await server.graphQL(#"{ entriesByCategory(category: "food", limit: 1) { nextToken } }"#)["data"]["entriesByCategory"]["nextToken"]
            #expect(token.string != nil)
            let elsewhere = try await server.graphQL(#"query ($t: String) { entriesByCategory(category: "rent", nextToken: $t) { items { id } } }"#, variables: ["t": token])
            #expect(elsewhere["errors"][0]["errorType"] == "DynamoDB:UserIllegalArgumentException", "\(elsewhere)")
            let list = try await server.graphQL(#"query ($t: String) { listEntries(nextToken: $t) { items { id } } }"#, variables: ["t": token])
            #expect(list["errors"][0]["errorType"] == "DynamoDB:UserIllegalArgumentException", "\(list)")
        }
    }

    /// A write keeps the indexes in step: an item changing partitions leaves one and enters the
    /// other, one losing a key field leaves the index; on the versioned dialect a deleted item's
    /// tombstone stays in its partitions and is answered, as `list` answers it; on Gen 2 it is gone.
    @Test(arguments: ServedDialect.allCases)
    func writesMoveItemsBetweenPartitions(dialect: ServedDialect) async throws {
        try await Self.serve(dialect) { server in
            try await Self.seed(server)
            let version = dialect == .versioned ? ", _version: 1" : ""
            for change in [#"id: "e1", category: "rent""#, #"id: "e2", account: null"#] {
                let updated = try await server.graphQL("mutation { updateEntry(input: {\(change)\(version)}) { id } }")
                #expect(updated["errors"].isNull, "\(updated)")
            }
            #expect(try await Self.ids(server, "entriesByCategory", #"category: "food""#) == ["e3", "e2", "e5"])
            #expect(try await Self.ids(server, "entriesByCategory", #"category: "rent""#) == ["e4", "e1"])
            #expect(try await Self.ids(server, "entriesByAccount", #"account: "a1""#) == ["e4", "e6", "e1"])
            let deleted = try await server.graphQL(#"mutation { deleteEntry(input: {id: "e3"\#(dialect == .versioned ? ", _version: 1" : "")}) { id } }"#)
            #expect(deleted["errors"].isNull, "\(deleted)")
            let fields = dialect == .versioned ? "id _deleted" : "id"
            let partition = try await server.graphQL(#"{ entriesByCategory(category: "food") { items { \#(fields) } } }"#)["data"]["entriesByCategory"]["items"]
            let listed = try await server.graphQL(#"{ listEntries(filter: {category: {eq: "food"}}) { items { \#(fields) } } }"#)["data"]["listEntries"]["items"]
            let byID = { (items: Map) in (items.array ?? []).sorted { ($0["id"].string ?? "") < ($1["id"].string ?? "") } }
            #expect(byID(partition).map(ModelsServerTests.canonical) == byID(listed).map(ModelsServerTests.canonical), "the index answers what the list answers")
            if dialect == .versioned {
                #expect(byID(partition).first { $0["id"] == "e3" }?["_deleted"] == .bool(true))
            } else {
                #expect(!byID(partition).contains { $0["id"] == "e3" })
            }
        }
    }

    /// `--seed N` fills the indexes with the items: every item holding a kind is in its kind's partition.
    @Test func seededItemsAreInTheirPartitions() async throws {
        try await Self.serve(.gen2) { server in
            try await server.server.seedGenerated(count: 60)
            let all = try await Self.ids(server, "listEntries", "limit: 1000")
            #expect(all.count == 60)
            let expense = try await Self.ids(server, "entriesByKind", "kind: EXPENSE, limit: 1000")
            let income = try await Self.ids(server, "entriesByKind", "kind: INCOME, limit: 1000")
            let kinds = try await server.graphQL("{ listEntries(limit: 1000) { items { id kind } } }")["data"]["listEntries"]["items"].array ?? []
            #expect(Set(expense) == Set(kinds.filter { $0["kind"] == "EXPENSE" }.compactMap { $0["id"].string }))
            #expect(Set(income) == Set(kinds.filter { $0["kind"] == "INCOME" }.compactMap { $0["id"].string }))
            #expect(!expense.isEmpty || !income.isEmpty)
        }
    }

    /// A store written while the models file had no indexes is indexed when a file with them
    /// is served on it (and again when they change), as the relation index is.
    @Test func aStoreIsIndexedWhenTheFilesIndexesChange() async throws {
        let directory = TestServer.temporaryDirectory()
        let models = try ModelsSeedTests.models("indexed-ledger")
        var schema = models.schema
        schema.models[0].indexes = []
        let without = ServedModels(schema: schema, introspectionText: [])
        try await TestServer.with(directory: directory, configure: { $0.serve(without, dialect: .gen2) }) { server in
            try await Self.seed(server)
            let fields = try await server.graphQL(#"{ __type(name: "Query") { fields { name } } }"#)
            #expect(!(fields["data"]["__type"]["fields"].array ?? []).contains { $0["name"] == "entriesByCategory" })
        }
        try await TestServer.with(directory: directory, configure: { $0.serve(models, dialect: .gen2) }) { server async throws in
            #expect(try await Self.ids(server, "entriesByCategory", #"category: "food""#) == ["e3", "e2", "e5", "e1"])
            #expect(try await Self.ids(server, "entriesByAccount", #"account: "a1""#) == ["e2", "e4", "e6", "e1"])
        }
        schema.models[0].indexes = [ModelIndex(name: "byCategory", partitionKey: "account", sortKeys: ["seq"], queryField: "entriesByCategory")]
        let changed = ServedModels(schema: schema, introspectionText: [])
        try await TestServer.with(directory: directory, configure: { $0.serve(changed, dialect: .gen2) }) { server in
            let answer = try await server.graphQL(#"{ entriesByCategory(account: "a1") { items { id } } }"#)
            #expect((answer["data"]["entriesByCategory"]["items"].array ?? []).compactMap { $0["id"].string } == ["e4", "e1", "e2", "e6"], "\(answer)")
        }
    }

    /// The served schema, asked by introspection and read by the app's own reader, gives the
    /// models file's indexes back (by their queries: introspection has no index names).
    @Test(arguments: ServedDialect.allCases)
    func theServedSchemaReadsBackAsTheFilesIndexes(dialect: ServedDialect) async throws {
        let described = try ModelsSeedTests.models("indexed-ledger").schema
        let answer = try await Self.serve(dialect) { server in
            try await server.post(body: TestServer.body(GraphQLIntrospectionReader.query)).text
        }
        let read = try GraphQLIntrospectionReader.read(Data(answer.utf8))
        let expected = try #require(described.model(named: "Entry")).indexes.compactMap { index in
            index.queryField.map { ModelIndex(name: $0, partitionKey: index.partitionKey, sortKeys: index.sortKeys, queryField: $0) }
        }
        #expect(try #require(read.model(named: "Entry")).indexes == expected)
        #expect(expected.count == 5)
    }
}
