import AmplifyModels
import AppSync
import JSONValues
import LocalAppSync
import ModelFilters
import Testing

/// The local evaluation of a filter is the server's answer: on the embedded server (real
/// GraphQL over loopback, both dialects), random records are created, and for random filters
/// (no bare-word search: the server's form of it is not exact) `list<Plural>(filter:)` answers
/// exactly the records `FilterEvaluator` selects from the unfiltered list. A seed per run,
/// printed; `PROPTUI_FILTER_SEED=N` replays one, `PROPTUI_FILTER_CASES` runs more filters.
@Suite struct FilterServerProperties {
    static let records = 48

    @Test(arguments: [DocumentDialect.plain, .versioned])
    func theServerAnswersWhatTheLocalEvaluationSelects(dialect: DocumentDialect) async throws {
        let seed = RandomFilters.seed
        print("filter against the server (\(dialect)): seed \(seed) (PROPTUI_FILTER_SEED=\(seed) replays it)")
        var random = RandomFilters(seed: seed)
        let fields = FilterFixtures.listingFields
        try await RecordServer.with(FilterFixtures.schema, dialect: dialect) { server in
            let sync = try server.sync(FilterFixtures.listing)
            for serial in 0..<Self.records {
                _ = try await server.create(random.record(sync.layout, key: "r\(serial)"), sync)
            }
            // The records as the server holds them (its times too): what the local evaluation reads.
            let all = try await server.list(sync)
            #expect(all.count == Self.records)
            var failures = 0, splitting = 0
            let cases = RandomFilters.cases(120)
            for _ in 0..<cases where failures < 3 {
                let filter = random.expression(depth: 3, searches: false)
                let expected = Set(all.filter { FilterEvaluator.matches($0, filter) }.map(\.id))
                let answered = Set(try await server.list(sync, filter: filter.graphQLFilter(fields)).map(\.id))
                if !expected.isEmpty && expected.count < all.count { splitting += 1 }
                guard expected != answered else { continue }
                failures += 1
                let differing = all.filter { expected.contains($0.id) != answered.contains($0.id) }
                Issue.record("""
                    seed \(seed) (\(dialect)): \(filter)
                      sent \(filter.graphQLFilter(fields).jsonText)
                      only here: \(expected.subtracting(answered).map(\.text).sorted()), only on the server: \(answered.subtracting(expected).map(\.text).sorted())
                      \(differing.map { "\($0.id): \($0.valuesByName.filter { $0.value != .null }.sorted { $0.key < $1.key })" }.joined(separator: "\n      "))
                    """)
            }
            // Of the test rather than the filters: they tell records apart, most selecting some and not all.
            print("filter against the server (\(dialect)): \(splitting) of \(cases) filters selected some records and not all")
            #expect(splitting * 3 >= cases, "seed \(seed): only \(splitting) of \(cases) filters told the records apart")
        }
    }
}

extension RecordServer {
    /// The records `list<Plural>(filter:)` answers, page by page.
    func list(_ sync: ModelRecordSync, filter: JSONValue) async throws -> [ModelRecord] {
        let document = sync.documents.list
        var records: [ModelRecord] = []
        var token: String?
        repeat {
            var variables: [String: JSONValue] = ["limit": 1000, "filter": filter]
            if let token { variables["nextToken"] = .string(token) }
            let page = try await client.execute(
                GraphQLRequest(query: document.text, variables: variables, operationName: document.operationName), field: document.field
            ) { reader throws(JSONReadError) in try sync.readPage(&reader) }
            records += page?.records ?? []
            token = page?.nextToken
        } while token != nil
        return records
    }
}
