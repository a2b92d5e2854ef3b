import AppSync
import Foundation
import LocalAppSync
import PropertySync
import TUI

/// How long a large list takes to reach the screen, the way the app loads it: a
/// `RealEstatePropertyList` over a real SQLite cache and the embedded server on loopback,
/// its events reduced into `AppState` as they come, a frame rendered
/// after each event as the app's loop does when its mailbox is empty.
///
/// Per size: the server is seeded in bulk, then
/// - from the server: an empty cache; first rows on screen, and the whole list read;
/// - from the cache: the same cache file in a new list; first rows on screen (before the
///   server answers anything), and the refresh from the server finished;
/// - the app's memory: the cache opened with the server gone, heap in use per record once
///   every row is in the list and on screen (the engine, the screen's rows, SQLite's cache).
///
/// Baselines timed in the same run: one sync page's round trip (what the first rows may
/// cost at best) and every page read with a bare client (what a full load may cost at best).
struct LoadBenchmark {
    let sizes: [Int]

    struct Timing: Codable, Sendable {
        var firstRowsMs: Double
        var fullyLoadedMs: Double
    }

    struct Result: Codable, Sendable {
        var rows: Int
        var seedMs: Double
        /// One sync page of 1,000 over loopback, and every page read by a bare client.
        var onePageMs: Double
        var allPagesMs: Double
        var fromServer: Timing
        var fromCache: Timing
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
        let api: AppSyncPropertyAPI
        var result = Result(
            rows: size, seedMs: 0, onePageMs: 0, allPagesMs: 0,
            fromServer: Timing(firstRowsMs: 0, fullyLoadedMs: 0), fromCache: Timing(firstRowsMs: 0, fullyLoadedMs: 0),
            appBytesPerRecord: 0, memorySource: "")
        do {
            let seeding = ContinuousClock.now
            try await server.seedGenerated(count: size)
            result.seedMs = (ContinuousClock.now - seeding).milliseconds
            api = AppSyncPropertyAPI(client: AppSyncClient(configuration: try AppSyncConfiguration(
                endpoint: "http://127.0.0.1:\(port)/graphql", apiKey: Self.apiKey)))
            (result.onePageMs, result.allPagesMs) = try await bareReads(api, expecting: size)
            result.fromServer = try await ScreenLoad(rows: size, api: api, cachePath: cachePath).run()
            result.fromCache = try await ScreenLoad(rows: size, api: api, cachePath: cachePath).run()
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()

        // The server is gone: the list shows the cache and cannot refresh it.
        let before = MemoryReading.now()
        let held = try await ScreenLoad(rows: size, api: api, cachePath: cachePath).holdFromCache()
        let after = MemoryReading.now()
        let growth = MemoryReading.growth(from: before, to: [after])
        withExtendedLifetime(held) {}
        result.appBytesPerRecord = growth.bytes / max(1, size)
        result.memorySource = growth.source.rawValue
        return result
    }

    /// One page's round trip (the median of five first pages, the connection already open),
    /// and the whole list read page by page with no app around it.
    private func bareReads(_ api: AppSyncPropertyAPI, expecting size: Int) async throws -> (Double, Double) {
        var pageTimes: [Double] = []
        for _ in 0..<6 {
            let first = ContinuousClock.now
            _ = try await api.syncPage(limit: SyncOptions().pageSize, nextToken: nil, lastSync: nil)
            pageTimes.append((ContinuousClock.now - first).milliseconds)
        }
        let onePage = pageTimes.dropFirst().sorted()[2]
        let all = ContinuousClock.now
        var token: String?
        var read = 0
        repeat {
            let page = try await api.syncPage(limit: SyncOptions().pageSize, nextToken: token, lastSync: nil)
            read += page.items.count
            token = page.nextToken
        } while token != nil
        guard read == size else { throw LoadBenchmarkError("the server listed \(read) rows, expected \(size)") }
        return (onePage, (ContinuousClock.now - all).milliseconds)
    }

    static func text(_ results: [Result]) -> String {
        var lines = ["", "Loading a large list (the app's list, cache and reducer; embedded server on loopback)"]
        for result in results {
            let rows = result.rows.formatted()
            lines.append("  \(rows) rows (seeded in bulk in \(format(result.seedMs)))")
            lines.append("    one sync page of 1,000: \(format(result.onePageMs)); every page, bare client: \(format(result.allPagesMs))")
            lines.append(
                "    from the server: first rows on screen \(format(result.fromServer.firstRowsMs)) "
                    + "(\(ratio(result.fromServer.firstRowsMs, result.onePageMs)) one page), "
                    + "fully loaded \(format(result.fromServer.fullyLoadedMs)) "
                    + "(\(ratio(result.fromServer.fullyLoadedMs, result.allPagesMs)) the bare read)")
            lines.append(
                "    from the cache:  first rows on screen \(format(result.fromCache.firstRowsMs)), "
                    + "refreshed from the server \(format(result.fromCache.fullyLoadedMs)) "
                    + "(\(ratio(result.fromCache.fullyLoadedMs, result.allPagesMs)) the bare read)")
            lines.append("    app memory: \(result.appBytesPerRecord.formatted()) bytes per record (\(result.memorySource))")
        }
        return lines.joined(separator: "\n")
    }

    private static func format(_ milliseconds: Double) -> String {
        milliseconds >= 1_000 ? String(format: "%.2f s", milliseconds / 1_000) : String(format: "%.1f ms", milliseconds)
    }

    private static func ratio(_ value: Double, _ base: Double) -> String {
        String(format: "%.1f×", value / max(base, 0.001))
    }

    private func progress(_ message: String) {
        FileHandle.standardError.write(Data("proptui-bench: \(message)\n".utf8))
    }
}

struct LoadBenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
