import AmplifyModels
import AppSync
import Foundation
import LocalAppSync
import SyncEngine

/// The load of a 13-field model of every kind of value (`Transaction` of
/// `Resources/demo/budget-models.json`), measured as `LoadBenchmark` measures the sample's, each
/// figure against its own wire in the same run: the embedded server serving the models in the
/// versioned dialect, seeded in bulk; the wire (every page of the model's sync query, bodies read
/// whole, nothing decoded); and the app's list of the model (`RecordList<ModelRecord>` over a
/// real cache, as `ModelsApp` makes it), from an empty cache and then from that cache. No screen
/// yet: the list alone (the model screen's frame is measured by the screen section).
struct ModelLoadBenchmark {
    let sizes: [Int]
    static let model = "Transaction"

    struct Result: Codable, Sendable {
        var rows: Int
        /// The wire: one page's round trip (median of five) and its size, and every page.
        var wirePageMs: Double
        var wireBytesPerPage: Int
        var wireAllPagesMs: Double
        /// The load from the server against the wire, in each of the runs (`LoadRuns`).
        var fromServerRatios: [Double] = []
        /// One page decoded into records by the app's reader (median), without the wire.
        var decodePageMs: Double
        /// The list from an empty cache: first rows, every row read.
        var fromServer: LoadBenchmark.Timing
        /// The same cache in a new list: first rows from it, and the refresh done.
        var fromCache: LoadBenchmark.Timing
        /// The list holding every cached record, the server gone (heap growth a record, no
        /// screen), and the bytes of a record's values as its cache row keeps them (the mean).
        var listBytesPerRecord: Int
        var valueBytesPerRecord: Int
        var memorySource: String
    }

    func run() async throws -> [Result] {
        var results: [Result] = []
        for size in sizes {
            results.append(try await measure(size))
            FileHandle.standardError.write(Data("proptui-bench: load of \(size) \(Self.model)s measured\n".utf8))
        }
        return results
    }

    private func measure(_ size: Int) async throws -> Result {
        let folder = NSTemporaryDirectory() + "proptui-bench-model-load-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/server", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let schema = try ModelBenchScreen.schema()
        let layout = try RecordLayout(model: try schema.models.first { $0.name == Self.model }.orThrow("no \(Self.model)"), schema: schema)
        var configuration = LocalAppSyncConfiguration(dataDirectory: folder + "/server", apiKey: LoadBenchmark.apiKey, seedSamples: false)
        configuration.schema = .versioned
        configuration.models = ServedModels(schema: schema, introspectionText: [])
        let server = try LocalAppSyncServer(configuration: configuration)
        let port = try await server.start()
        try await server.seedGenerated(count: size)
        let url = "http://127.0.0.1:\(port)/graphql"
        let sync = ModelRecordSync(layout: layout, dialect: .versioned, subscriber: nil)
        let wire = WireClient(url: url, apiKey: LoadBenchmark.apiKey, pageSize: SyncOptions().pageSize) { limit, token in
            AppSyncModelAPI.pageRequest(sync, versioned: true, limit: limit, nextToken: token, lastSync: nil).request
        }
        var times: [Double] = []
        var bytes = 0
        for _ in 0..<5 {
            let start = ContinuousClock.now
            bytes = try await wire.page(after: nil).bytes
            times.append((ContinuousClock.now - start).milliseconds)
        }
        let body = Data(try await wire.body(after: nil).readableBytesView)
        let decode = try DecodeComparison.median {
            try DecodeComparison.readField(sync.documents.sync?.field ?? "", of: body) { reader throws(JSONReadError) in try sync.readPage(&reader).items.count }
        }
        let api = AppSyncModelAPI(
            client: AppSyncClient(configuration: try AppSyncConfiguration(endpoint: url, apiKey: LoadBenchmark.apiKey)), model: sync, dialect: .versioned)
        let cachePath = folder + "/cache.sqlite"
        let fromServer: LoadBenchmark.Timing, fromCache: LoadBenchmark.Timing, wireAll: Double
        let runs: LoadRuns<Void>
        do {
            // As the sample's section: the wire and the load in turn, the median ratio's run kept.
            runs = try await LoadRuns.measure(wire: wire, size: size, cachePath: cachePath) { path in
                (try await Self.load(api: api, layout: layout, cachePath: path, rows: size), ())
            }
            (wireAll, fromServer) = (runs.median.wire.ms, runs.median.load)
            fromCache = try await Self.load(api: api, layout: layout, cachePath: cachePath, rows: size)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        // The lists above end with their last tasks: a moment for them to go, so that their memory
        // freed is not counted against what is measured here (as the sample's section does).
        try await Task.sleep(for: .seconds(2))
        let before = MemoryReading.now()
        let held = try await Self.holdFromCache(api: api, layout: layout, cachePath: cachePath, rows: size)
        let growth = MemoryReading.growth(from: before, to: [MemoryReading.now()])
        let valueBytes = await Self.meanValueBytes(of: held)
        return Result(
            rows: size, wirePageMs: times.sorted()[2], wireBytesPerPage: bytes, wireAllPagesMs: wireAll, fromServerRatios: runs.ratios,
            decodePageMs: decode,
            fromServer: fromServer, fromCache: fromCache, listBytesPerRecord: growth.bytes / max(1, size), valueBytesPerRecord: valueBytes,
            memorySource: growth.source.rawValue)
    }

    /// A list holding every cached record, with the server unreachable (its events dropped).
    private static func holdFromCache(api: AppSyncModelAPI<ModelRecordSync>, layout: RecordLayout, cachePath: String, rows: Int) async throws
        -> RecordList<ModelRecord>
    {
        let (offline, sink) = AsyncStream<Void>.makeStream(bufferingPolicy: .unbounded)
        let list = try RecordList<ModelRecord>(api: api, storage: try SyncStorage(path: cachePath).cache(for: layout), options: .everyPage) { event in
            if case .connectivityChanged(.offline) = event { sink.yield() }
        }
        await list.start()
        for await _ in offline { break }
        sink.finish()
        // The link may say offline before the last batch of the cache is in.
        while await list.rowCount < rows { try await Task.sleep(for: .milliseconds(20)) }
        return list
    }

    /// The mean size of a record's values as its cache row keeps them (`ModelRecord.storedBytes`):
    /// what "besides the values' own bytes" is measured against. Read after the memory reading.
    private static func meanValueBytes(of list: RecordList<ModelRecord>) async -> Int {
        let rows = await list.rows
        return rows.reduce(0) { $0 + $1.record.storedBytes.count } / max(1, rows.count)
    }

    /// A list over the cache file, timed from before the cache is opened: first rows, and every
    /// row read from the server (its load state `.loaded` with every row in the list).
    private static func load(api: AppSyncModelAPI<ModelRecordSync>, layout: RecordLayout, cachePath: String, rows: Int) async throws -> LoadBenchmark.Timing {
        let start = ContinuousClock.now
        let processor = ProcessorTime.now()
        let (events, sink) = AsyncStream<RecordListEvent<ModelRecord>>.makeStream(bufferingPolicy: .unbounded)
        let storage = try SyncStorage(path: cachePath)
        let list = try RecordList<ModelRecord>(api: api, storage: try storage.cache(for: layout), options: .everyPage) { sink.yield($0) }
        await list.start()
        var firstRows: Duration?
        var loaded = false
        var count = 0
        for await event in events {
            switch event {
            case .loaded(let all): count = all.count
            // Counted without making the rows: `rows` is O(n), and asked once a batch it made the
            // load of a million quadratic (425 s) in the list's own actor.
            case .rowsChanged: count = await list.rowCount
            case .loadStateChanged(.loaded): loaded = true
            default: break
            }
            if firstRows == nil, count > 0 { firstRows = ContinuousClock.now - start }
            if loaded, await list.rowCount == rows { break }
        }
        sink.finish()
        let done = ContinuousClock.now - start
        await list.cacheTidied()  // the cache's tidying after the read, outside the timing
        try storage.checkpoint()
        withExtendedLifetime(list) {}
        return LoadBenchmark.Timing(
            firstRowsMs: (firstRows ?? done).milliseconds, fullyLoadedMs: done.milliseconds,
            processorMs: ProcessorTime.now().milliseconds(since: processor))
    }

    static func text(_ results: [Result], sample: [LoadBenchmark.Result]) -> String {
        var lines = ["", "== a model's load (\(model): 13 fields of every kind of value; --load-only) ==",
                     "  every ratio is against the model's own wire in this run (its sync query's pages, read whole, nothing decoded)"]
        for result in results {
            let perByte = result.wirePageMs * 1_000_000 / Double(max(1, result.wireBytesPerPage))
            var line = "  \(result.rows.formatted()) rows: the wire: one page \(format(result.wirePageMs)) (\(result.wireBytesPerPage.formatted()) bytes, "
                + String(format: "%.0f", perByte) + " ns a byte"
            if let sample = sample.first(where: { $0.rows == result.rows }), sample.wireBytesPerPage > 0 {
                let samplePerByte = sample.wirePageMs * 1_000_000 / Double(sample.wireBytesPerPage)
                line += String(format: ": %.2f× the sample's page a byte", perByte / samplePerByte)
            }
            lines.append(line + "), every page \(format(result.wireAllPagesMs))")
            lines.append("    one page decoded into records (the app's reader, no wire): \(format(result.decodePageMs))")
            lines.append(
                "    from the server: first rows \(format(result.fromServer.firstRowsMs)), every row \(format(result.fromServer.fullyLoadedMs)) "
                    + String(format: "(%.2f× the wire, ", result.fromServer.fullyLoadedMs / result.wireAllPagesMs)
                    + "the median of \(LoadBenchmark.ratios(result.fromServerRatios)))")
            lines.append(
                "    from the cache: first rows \(format(result.fromCache.firstRowsMs)), refreshed \(format(result.fromCache.fullyLoadedMs)) "
                    + String(format: "(%.2f× the wire)", result.fromCache.fullyLoadedMs / result.wireAllPagesMs))
            lines.append(
                "    the list's memory, every record held (no screen; \(result.memorySource)): \(result.listBytesPerRecord) bytes a record, "
                    + "of which its values' own bytes \(result.valueBytesPerRecord) (as its cache row keeps them): "
                    + "\(result.listBytesPerRecord - result.valueBytesPerRecord) besides them")
        }
        return lines.joined(separator: "\n")
    }

    private static func format(_ ms: Double) -> String { ms >= 1000 ? String(format: "%.2f s", ms / 1000) : String(format: "%.1f ms", ms) }
}

extension Optional {
    func orThrow(_ message: String) throws -> Wrapped {
        guard let self else { throw LoadBenchmarkError(message) }
        return self
    }
}
