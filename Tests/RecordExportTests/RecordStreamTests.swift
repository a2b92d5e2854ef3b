import AmplifyModels
import AppSync
import Foundation
import JSONValues
import LocalAppSync
import ModelFilters
@testable import RecordExport
import ServerSlots
import SyncEngine
import Testing

/// The stream a script reads through, against the embedded server on loopback (no mock), in
/// both dialects: every page written as NDJSON equals the items the server answers to plain
/// GraphQL requests of its own, a tombstone left out; a filter selects what it selects here,
/// as a query, a scan or a key lookup whose rest is checked here; `limit` stops early.
@Suite struct RecordStreamTests {
    static let apiKey = "da2-recordstreamtestsrecord0001"

    struct Served {
        let client: AppSyncClient
        let sync: ModelRecordSync
        let schema: ModelSchema
        let server: LocalAppSyncServer
    }

    static func withServer(_ dialect: ServedDialect, seed: Int, _ body: (Served) async throws -> Void) async throws {
        try await ServerSlots.withSlot {
            let directory = NSTemporaryDirectory() + "proptui-record-stream-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let models = try ServedModels(file: Data(contentsOf: Budget.file))
            var configuration = LocalAppSyncConfiguration(dataDirectory: directory, apiKey: apiKey, seedSamples: false)
            configuration.serve(models, dialect: dialect)
            let server = try LocalAppSyncServer(configuration: configuration)
            let port = try await server.start()
            do {
                try await server.seedGenerated(count: seed)
                let client = AppSyncClient(configuration: try AppSyncConfiguration(endpoint: "http://127.0.0.1:\(port)/graphql", apiKey: apiKey))
                let model = try #require(models.schema.model(named: "Transaction"))
                let sync = try ModelRecordSync(model: model, schema: models.schema, dialect: dialect == .versioned ? .versioned : .plain)
                try await body(Served(client: client, sync: sync, schema: models.schema, server: server))
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }
    }

    /// Every item the server holds, asked with a request of its own and read as a tree; the
    /// versioned dialect's fields and its tombstones left out.
    static func serverItems(_ served: Served) async throws -> [[String: JSONValue]] {
        var items: [[String: JSONValue]] = []
        var token: String?
        let fields = ExportColumns(model: served.sync.model, schema: served.schema).fields.map(\.name)
        repeat {
            let response = try await served.client.execute(GraphQLRequest(
                query: "query ($token: String) { listTransactions(limit: 300, nextToken: $token) { items { \(served.sync.documents.selectionSet) } nextToken } }",
                variables: ["token": JSONValue(token)]))
            let page = try #require(response.data?["listTransactions"])
            guard case .array(let read)? = page["items"] else { throw Budget.FixtureError("no items") }
            for case .object(let item) in read where item["_deleted"] != .bool(true) {
                items.append(item.filter { fields.contains($0.key) })
            }
            token = page["nextToken"]?.stringValue
        } while token != nil
        return items
    }

    static func ndjson(_ served: Served, _ query: RecordQuery, limit: Int? = nil) async throws -> (rows: [[String: JSONValue]], pages: Int) {
        let columns = ExportColumns(model: served.sync.model, schema: served.schema)
        var writer = NDJSONWriter(columns: columns)
        var text: [UInt8] = []
        var pages = 0
        try await RecordStream(client: served.client, query: query, columns: columns).run(into: &writer, limit: limit) { bytes, progress in
            text += bytes
            pages = progress.pages
        }
        let rows = String(decoding: text, as: UTF8.self).split(separator: "\n").map { line in
            JSONValue(jsonText: Array(line.utf8))?.objectValue ?? [:]
        }
        return (rows, pages)
    }

    static func query(_ served: Served, _ filter: String, pageSize: Int = 100) throws -> RecordQuery {
        let expression = try #require(try FilterParser.parse(filter, fields: FilterFields(model: served.sync.model, schema: served.schema)))
        return RecordQuery.planning(expression, sync: served.sync, pageSize: pageSize)
    }

    @Test(arguments: [ServedDialect.gen2, .versioned])
    func everyPageIsTheServersItems(dialect: ServedDialect) async throws {
        try await Self.withServer(dialect, seed: 450) { served in
            var expected = try await Self.serverItems(served)
            if dialect == .versioned {
                // A tombstone on the server: not exported.
                let gone = try #require(expected.first?["id"]?.stringValue)
                let version = try await served.client.execute(GraphQLRequest(query: "query { getTransaction(id: \"\(gone)\") { _version } }"))
                let deleted = try await served.client.execute(GraphQLRequest(
                    query: "mutation ($input: DeleteTransactionInput!) { deleteTransaction(input: $input) { id } }",
                    variables: ["input": .object(["id": .string(gone), "_version": version.data?["getTransaction"]?["_version"] ?? .null])]))
                #expect(deleted.errors == nil)
                expected.removeFirst()
            }
            let (rows, pages) = try await Self.ndjson(served, RecordQuery(sync: served.sync, source: .all, pageSize: 100))
            #expect(pages == 5)
            #expect(rows.count == expected.count)
            #expect(Set(rows.map { $0["id"] }) == Set(expected.map { $0["id"] }))
            let byID = Dictionary(uniqueKeysWithValues: expected.map { ($0["id"]?.stringValue ?? "", $0) })
            #expect(rows.allSatisfy { byID[$0["id"]?.stringValue ?? ""] == $0 })
        }
    }

    @Test(arguments: [ServedDialect.gen2, .versioned])
    func aFilterSelectsWhatItSelectsHere(dialect: ServedDialect) async throws {
        try await Self.withServer(dialect, seed: 300) { served in
            let all = try await Self.ndjson(served, RecordQuery(sync: served.sync, source: .all)).rows
            for filter in ["kind = INCOME and amount >= 100", "description ~ a or quantity < 3", "not tags exists"] {
                let query = try Self.query(served, filter)
                let rows = try await Self.ndjson(served, query).rows
                let expected = all.filter { row in Self.selects(filter, row) }
                #expect(Set(rows.map { $0["id"] }) == Set(expected.map { $0["id"] }), "\(filter): \(query.summary)")
                #expect(!rows.isEmpty, "\(filter) selects some of the seeded items")
            }
            // A bare word is the app's search (case folded), which the server cannot ask: every
            // item read, the search applied here. Sent to the server, `COFFEE` would find none.
            let search = try Self.query(served, "COFFEE")
            let found = try await Self.ndjson(served, search).rows
            let withCoffee = all.filter { ($0["description"]?.stringValue ?? "").lowercased().contains("coffee") }
            #expect(!withCoffee.isEmpty && found.count >= withCoffee.count, "\(search.summary)")
            #expect(found.allSatisfy { row in JSONValue.object(row).text.lowercased().contains("coffee") })
            // A key lookup with more to it: the record of the key, kept only when the rest holds.
            let first = try #require(all.first)
            let id = try #require(first["id"]?.stringValue)
            let kind = try #require(first["kind"]?.stringValue)
            let other = kind == "INCOME" ? "EXPENSE" : "INCOME"
            #expect(try await Self.ndjson(served, try Self.query(served, "id = \(id) and kind = \(kind)")).rows == [first])
            #expect(try await Self.ndjson(served, try Self.query(served, "id = \(id) and kind = \(other)")).rows.isEmpty)
            #expect(try await Self.ndjson(served, RecordQuery(sync: served.sync, source: .key(RecordKey(id)))).rows == [first])
            #expect(try await Self.ndjson(served, RecordQuery(sync: served.sync, source: .key(RecordKey("no-such-id")))).rows.isEmpty)
        }
    }

    @Test func aLimitStopsEarly() async throws {
        try await Self.withServer(.gen2, seed: 250) { served in
            let (rows, pages) = try await Self.ndjson(served, RecordQuery(sync: served.sync, source: .all, pageSize: 100), limit: 120)
            #expect(rows.count == 120 && pages == 2)
        }
    }

    /// The filters above evaluated on a row as read back (JSON), independently of `FilterEvaluator`.
    static func selects(_ filter: String, _ row: [String: JSONValue]) -> Bool {
        func number(_ name: String) -> Double? {
            switch row[name] {
            case .int(let value)?: Double(value)
            case .double(let value)?: value
            default: nil
            }
        }
        switch filter {
        case "kind = INCOME and amount >= 100": return row["kind"] == .string("INCOME") && (number("amount") ?? 0) >= 100
        case "description ~ a or quantity < 3": return (row["description"]?.stringValue ?? "").contains("a") || (number("quantity").map { $0 < 3 } ?? false)
        case "not tags exists": return row["tags"] == nil || row["tags"] == .null
        default: return false
        }
    }
}

extension JSONValue {
    var text: String {
        var bytes: [UInt8] = []
        JSONWriter.append(self, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
