import AmplifyModels
import AppSync
import Foundation
import LocalAppSync
import SyncEngine

/// How long a large list of the sample's model takes to reach the screen, the way the app loads
/// it: a `RecordList<ModelRecord>` over a real SQLite cache and the embedded server on loopback,
/// its events reduced into the model screen (`BrowserState`) as they come, a frame rendered
/// after each event as the app's loop does when its mailbox is empty.
///
/// Per size: the server is seeded in bulk, then
/// - the wire (`WireClient`): every page requested as the app requests it, each body read whole
///   and only its `nextToken` found; no record decoded. The baseline of every load figure;
/// - one page through the app's API (`AppSyncModelAPI.syncPage`: the request, the answer read
///   into records), and the same page decoded by each candidate decoder;
/// - from the server: an empty cache; first rows on screen, and the whole list read. The wire's
///   every page and this load are timed in turn three times (`LoadRuns`), the median ratio's kept;
/// - from the cache: the same cache file in a new list; first rows on screen (before the
///   server answers anything), and the refresh from the server finished;
/// - the app's memory: the cache opened with the server gone, heap in use per record once
///   every row is in the list (the engine and SQLite's cache), then once every row is also on
///   screen (the screen's rows).
struct LoadBenchmark {
    let sizes: [Int]

    struct Timing: Codable, Sendable {
        var firstRowsMs: Double
        var fullyLoadedMs: Double
        /// The processor time the process used meanwhile (server, app and bench: `ProcessorTime`).
        var processorMs: Double = 0
    }

    struct Result: Codable, Sendable {
        var rows: Int
        var seedMs: Double
        /// The wire: one page's round trip (median of five), and every page.
        var wirePageMs: Double
        var wireAllPagesMs: Double
        /// The processor time every page of the wire took (the server's and the client's).
        var wireProcessorMs: Double = 0
        /// The load from the server against the wire, in each of the runs (`LoadRuns`).
        var fromServerRatios: [Double] = []
        var wireBytesPerPage: Int
        /// One page through the app's API (median of five).
        var apiPageMs: Double
        var decode: DecodeComparison
        var fromServer: Timing
        /// The cache's WAL once the whole list is read and the cache tidied after it (which checkpoints it).
        var walBytesAfterLoad: Int64
        var fromCache: Timing
        /// Heap in use per record: the list alone (engine, SQLite's cache), then the screen's rows on top.
        var listBytesPerRecord: Int
        var screenBytesPerRecord: Int
        var appBytesPerRecord: Int
        var memorySource: String
    }

    static let apiKey = "da2-benchbenchbenchbench00003"

    func run() async throws -> [Result] {
        var results: [Result] = []
        for size in sizes {
            results.append(try await measure(size))
            progress("load of \(size) rows measured")
        }
        return results
    }

    private func measure(_ size: Int) async throws -> Result {
        let folder = NSTemporaryDirectory() + "proptui-bench-load-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/server", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cachePath = folder + "/cache.sqlite"

        let server = try LocalAppSyncServer(configuration: LocalAppSyncConfiguration(
            dataDirectory: folder + "/server", apiKey: Self.apiKey, seedSamples: false))
        let port = try await server.start()
        let api: AppSyncModelAPI<ModelRecordSync>
        var result = Result(
            rows: size, seedMs: 0, wirePageMs: 0, wireAllPagesMs: 0, wireBytesPerPage: 0, apiPageMs: 0,
            decode: DecodeComparison(foundationMs: 0, readerMs: 0),
            fromServer: Timing(firstRowsMs: 0, fullyLoadedMs: 0), walBytesAfterLoad: 0, fromCache: Timing(firstRowsMs: 0, fullyLoadedMs: 0),
            listBytesPerRecord: 0, screenBytesPerRecord: 0, appBytesPerRecord: 0, memorySource: "")
        do {
            let seeding = ContinuousClock.now
            try await server.seedGenerated(count: size)
            result.seedMs = (ContinuousClock.now - seeding).milliseconds
            let url = "http://127.0.0.1:\(port)/graphql"
            api = SampleModel.api(AppSyncClient(configuration: try AppSyncConfiguration(endpoint: url, apiKey: Self.apiKey)))
            let wire = WireClient(url: url, apiKey: Self.apiKey, pageSize: SyncOptions().pageSize) { limit, token in
                AppSyncModelAPI.pageRequest(SampleModel.sync, versioned: true, limit: limit, nextToken: token, lastSync: nil).request
            }
            try await measurePages(wire: wire, api: api, into: &result)
            let runs = try await LoadRuns.measure(wire: wire, size: size, cachePath: cachePath) { path in
                let (fromServer, loaded) = try await ScreenLoad(rows: size, api: api, cachePath: path).run()
                // The cache's tidying after the read (its key index, its WAL) runs once the list
                // is loaded: awaited outside the timing, so that the next run does not share the
                // processor with it.
                await loaded.list.cacheTidied()
                let wal = loaded.storage.walSize()
                // As the app quits: the cache checkpointed.
                try loaded.storage.checkpoint()
                return (fromServer, wal)
            }
            let median = runs.median
            result.wireAllPagesMs = median.wire.ms
            result.wireProcessorMs = median.wire.processorMs
            result.fromServer = median.load
            result.fromServerRatios = runs.ratios
            result.walBytesAfterLoad = median.extra
            let (fromCache, restarted) = try await ScreenLoad(rows: size, api: api, cachePath: cachePath).run()
            await restarted.list.cacheTidied()
            result.fromCache = fromCache
            withExtendedLifetime(restarted) {}
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()

        // The server is gone: the list shows the cache and cannot refresh it. The lists timed above
        // end with their last tasks: a moment for them to go, so that their memory freed is not
        // counted against what is measured here.
        try await Task.sleep(for: .seconds(2))
        let load = ScreenLoad(rows: size, api: api, cachePath: cachePath)
        var before = MemoryReading.now()
        let list = try await load.holdListFromCache()
        let listGrowth = MemoryReading.growth(from: before, to: [MemoryReading.now()])
        withExtendedLifetime(list) {}
        before = MemoryReading.now()
        let held = try await load.holdFromCache()
        let growth = MemoryReading.growth(from: before, to: [MemoryReading.now()])
        withExtendedLifetime(held) {}
        result.listBytesPerRecord = listGrowth.bytes / max(1, size)
        result.appBytesPerRecord = growth.bytes / max(1, size)
        result.screenBytesPerRecord = result.appBytesPerRecord - result.listBytesPerRecord
        result.memorySource = growth.source.rawValue
        return result
    }

    /// The wire's page (the median of five first pages, the connection already open); the app's
    /// API on the same first page; the decoders on its body.
    private func measurePages(wire: WireClient, api: AppSyncModelAPI<ModelRecordSync>, into result: inout Result) async throws {
        var wireTimes: [Double] = []
        var apiTimes: [Double] = []
        for _ in 0..<6 {
            var start = ContinuousClock.now
            result.wireBytesPerPage = try await wire.page(after: nil).bytes
            wireTimes.append((ContinuousClock.now - start).milliseconds)
            start = .now
            let page = try await api.syncPage(limit: SyncOptions().pageSize, nextToken: nil, lastSync: nil)
            apiTimes.append((ContinuousClock.now - start).milliseconds)
            blackHole(page.items.count)
        }
        result.wirePageMs = wireTimes.dropFirst().sorted()[2]
        result.apiPageMs = apiTimes.dropFirst().sorted()[2]
        result.decode = try DecodeComparison.measure(Data(try await wire.body(after: nil).readableBytesView), sync: SampleModel.sync)
    }

    static func text(_ results: [Result]) -> String {
        var lines = [
            "", "Loading a large list (the app's list, cache and reducer; embedded server on loopback)",
            "  every ratio is against the wire: the same pages requested, each body read whole and only its nextToken found",
        ]
        for result in results {
            let rows = result.rows.formatted()
            lines.append("  \(rows) rows (seeded in bulk in \(format(result.seedMs)))")
            lines.append(
                "    the wire: one page \(format(result.wirePageMs)) (\(result.wireBytesPerPage.formatted()) bytes), "
                    + "every page \(format(result.wireAllPagesMs)), using \(format(result.wireProcessorMs)) of processor time")
            lines.append(
                "    one page through the app's API: \(format(result.apiPageMs)) (\(ratio(result.apiPageMs, result.wirePageMs)) the wire's); "
                    + "decoding it: JSONReader \(format(result.decode.readerMs)), Foundation's JSONDecoder (typed) "
                    + "\(format(result.decode.foundationMs)) (\(ratio(result.decode.foundationMs, result.decode.readerMs)))")
            lines.append(
                "    from the server: first rows on screen \(format(result.fromServer.firstRowsMs)) "
                    + "(\(ratio(result.fromServer.firstRowsMs, result.wirePageMs)) one page), "
                    + "fully loaded \(format(result.fromServer.fullyLoadedMs)) "
                    + "(\(ratio(result.fromServer.fullyLoadedMs, result.wireAllPagesMs)) the wire, the median of \(ratios(result.fromServerRatios))), "
                    + "using \(format(result.fromServer.processorMs)) of processor time "
                    + "(\(ratio(result.fromServer.processorMs, result.wireProcessorMs)) the wire's); "
                    + "the cache's WAL then \(result.walBytesAfterLoad.formatted()) bytes")
            var fromCache = "    from the cache:  first rows on screen \(format(result.fromCache.firstRowsMs))"
            if let smallest = results.first, smallest.rows < result.rows {
                fromCache += " (\(ratio(result.fromCache.firstRowsMs, smallest.fromCache.firstRowsMs)) the \(smallest.rows.formatted()) figure)"
            }
            lines.append(
                fromCache + ", refreshed from the server \(format(result.fromCache.fullyLoadedMs)) "
                    + "(\(ratio(result.fromCache.fullyLoadedMs, result.wireAllPagesMs)) the wire)")
            lines.append(
                "    app memory: \(result.appBytesPerRecord.formatted()) bytes per record (\(result.memorySource)): "
                    + "the list (engine, SQLite's cache) \(result.listBytesPerRecord), the screen's rows \(result.screenBytesPerRecord)")
        }
        return lines.joined(separator: "\n")
    }

    private static func format(_ milliseconds: Double) -> String {
        milliseconds >= 1_000 ? String(format: "%.2f s", milliseconds / 1_000) : String(format: "%.1f ms", milliseconds)
    }

    private static func ratio(_ value: Double, _ base: Double) -> String {
        String(format: "%.2f×", value / max(base, 0.001))
    }

    /// Each run's ratio, in the order run (`1.48×, 1.63×, 1.52×`).
    static func ratios(_ ratios: [Double]) -> String {
        ratios.map { String(format: "%.2f×", $0) }.joined(separator: ", ")
    }

    private func progress(_ message: String) {
        FileHandle.standardError.write(Data("proptui-bench: \(message)\n".utf8))
    }
}

struct LoadBenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
