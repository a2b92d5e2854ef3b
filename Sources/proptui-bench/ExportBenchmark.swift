import AmplifyModels
import AppSync
import Foundation
import LocalAppSync
import RecordExport
import SyncEngine

/// Issue 32's export against the wire, in the same run: the embedded server serving the
/// 13-field `Transaction` of `Resources/demo/budget-models.json` in the Gen 2 dialect, seeded
/// with N items; the wire (every page of the export's own request, `list<Plural>`, bodies read
/// whole, nothing decoded, one after the other); and `proptui export`'s path (`RecordStream`
/// into a file written as the command writes it, synced and renamed) in NDJSON and in CSV.
/// Three rounds of wire, NDJSON, CSV; the median ratio of each format is reported.
struct ExportBenchmark {
    let records: Int
    static let rounds = 3

    struct Result: Codable, Sendable {
        var records: Int
        var wireMs: [Double] = []
        var ndjsonMs: [Double] = []
        var csvMs: [Double] = []
        var ndjsonBytes = 0
        var csvBytes = 0
        var ndjsonRatios: [Double] = []
        var csvRatios: [Double] = []
        var ndjsonRatio: Double { ndjsonRatios.sorted()[ndjsonRatios.count / 2] }
        var csvRatio: Double { csvRatios.sorted()[csvRatios.count / 2] }
    }

    func run() async throws -> Result {
        let schema = try ModelBenchScreen.schema()
        let seeded = try await SeededModelServer.start(schema, model: "Transaction", records: records, folderPrefix: "proptui-bench-export-")
        defer { try? FileManager.default.removeItem(atPath: seeded.folder) }
        do {
            FileHandle.standardError.write(Data("proptui-bench: \(records) transactions seeded for the export\n".utf8))
            let result = try await measure(
                url: seeded.url, sync: ModelRecordSync(layout: seeded.layout, dialect: .plain), schema: schema, folder: seeded.folder)
            await seeded.server.stop()
            return result
        } catch {
            await seeded.server.stop()
            throw error
        }
    }

    private func measure(url: String, sync: ModelRecordSync, schema: ModelSchema, folder: String) async throws -> Result {
        let query = RecordQuery(sync: sync, source: .all)
        let wire = WireClient(url: url, apiKey: LoadBenchmark.apiKey, pageSize: RecordQuery.defaultPageSize) { _, token in
            query.request(nextToken: token).request
        }
        let client = AppSyncClient(configuration: try AppSyncConfiguration(endpoint: url, apiKey: LoadBenchmark.apiKey))
        let columns = ExportColumns(model: sync.model, schema: schema)
        var result = Result(records: records)
        _ = try await wire.readAll()  // warm: the server's pages and the connection
        for round in 0..<Self.rounds {
            let start = ContinuousClock.now
            _ = try await wire.readAll()
            let wireMs = (ContinuousClock.now - start).milliseconds
            result.wireMs.append(wireMs)
            let (ndjsonMs, ndjsonBytes) = try await export(.ndjson, client: client, query: query, columns: columns, path: folder + "/export.ndjson")
            let (csvMs, csvBytes) = try await export(.csv, client: client, query: query, columns: columns, path: folder + "/export.csv")
            result.ndjsonMs.append(ndjsonMs)
            result.csvMs.append(csvMs)
            result.ndjsonRatios.append(ndjsonMs / wireMs)
            result.csvRatios.append(csvMs / wireMs)
            (result.ndjsonBytes, result.csvBytes) = (ndjsonBytes, csvBytes)
            FileHandle.standardError.write(Data(
                "proptui-bench: export round \(round + 1): wire \(Int(wireMs)) ms, NDJSON \(Int(ndjsonMs)) ms, CSV \(Int(csvMs)) ms\n".utf8))
        }
        return result
    }

    /// `proptui export`'s path into `path`: the time to the file renamed, and its size.
    private func export(
        _ format: OutputFormat, client: AppSyncClient, query: RecordQuery, columns: ExportColumns, path: String
    ) async throws -> (Double, Int) {
        let start = ContinuousClock.now
        let file = try OutputFile(path: path)
        var writer = format.writer(columns: columns)
        var bytes = 0
        var rows = 0
        try await RecordStream(client: client, query: query, columns: columns).run(into: &writer) { output, progress in
            try file.write(output)
            bytes += output.count
            rows = progress.rows
        }
        try file.commit()
        let elapsed = (ContinuousClock.now - start).milliseconds
        guard rows == records else { throw LoadBenchmarkError("the \(format) export wrote \(rows) rows of \(records)") }
        return (elapsed, bytes)
    }

    static func text(_ result: Result) -> String {
        func list(_ values: [Double]) -> String { values.map { String(format: "%.2f", $0) }.joined(separator: ", ") }
        return """
            Export (issue 32): \(result.records) Transactions (13 fields, Gen 2), proptui export's path into a file, against the wire
              wire (every page read whole, nothing decoded): \(list(result.wireMs.map { $0 / 1000 })) s
              NDJSON: \(list(result.ndjsonMs.map { $0 / 1000 })) s, \(result.ndjsonBytes / 1_000_000) MB; against the wire \(list(result.ndjsonRatios)) (median \(String(format: "%.2f", result.ndjsonRatio))×)
              CSV:    \(list(result.csvMs.map { $0 / 1000 })) s, \(result.csvBytes / 1_000_000) MB; against the wire \(list(result.csvRatios)) (median \(String(format: "%.2f", result.csvRatio))×)
            """
    }
}
