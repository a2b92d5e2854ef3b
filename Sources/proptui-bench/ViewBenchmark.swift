import AmplifyModels
import AppSync
import Foundation
import LocalAppSync
import ModelFilters
import SyncEngine
import Synchronization

/// Issue 31's views over a big table, each figure against the wire in the same run: the embedded
/// server serving `Resources/demo/ledger-models.json` (an `Entry` with secondary indexes) in the
/// Gen 2 dialect, seeded with N items (an index's partition holds 50 of them); the app's list of
/// `Entry` over an empty cache with `--sync views` (its first page only), asked each view as ⏎
/// asks it (`RecordList.askServer`); the wire the same requests (`ViewRequest`), bodies read
/// whole, nothing decoded.
/// - a key lookup: until its record is in the list, against one `get`'s round trip;
/// - an index query of a partition of 50: until all 50 are in, against that page's round trip;
/// - a scan: until its first match is in, against the wire's pages up to the first that holds one;
/// - Esc during a scan: from the cancel to the view's end.
struct ViewBenchmark {
    let records: Int
    static let runs = 9

    struct Result: Codable, Sendable {
        var records: Int
        var wireGetMs: Double
        var lookupMs: Double
        var wirePartitionMs: Double
        var partitionMs: Double
        var partitionRecords: Int
        var wireFirstMatchMs: Double
        var firstMatchMs: Double
        var scanPagesToFirstMatch: Int
        var cancelMs: Double
    }

    func run() async throws -> Result {
        let schema = try Self.schema()
        let seeded = try await SeededModelServer.start(schema, model: "Entry", records: records, folderPrefix: "proptui-bench-views-")
        let (folder, layout, server, model) = (seeded.folder, seeded.layout, seeded.server, seeded.layout.model)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        defer { Task { await server.stop() } }
        FileHandle.standardError.write(Data("proptui-bench: \(records) ledger entries seeded for the views\n".utf8))

        let url = seeded.url
        let sync = ModelRecordSync(layout: layout, dialect: .plain, subscriber: nil)
        let fields = FilterFields(model: model, schema: schema)
        func plan(_ text: String) throws -> FilterPlan {
            FilterPlan.plan(try FilterParser.parse(text, fields: fields).orThrow("“\(text)” is no filter"), model: model)
        }
        func wire(_ plan: FilterPlan) -> WireClient {
            WireClient(url: url, apiKey: LoadBenchmark.apiKey, pageSize: SyncOptions().pageSize) { limit, token in
                ViewRequest(plan, documents: sync.documents, limit: limit, nextToken: token).request
            }
        }
        let partitions = (0..<Self.runs).map { "category-" + String(format: "%06d", 100 + $0 * 37) }

        // The wire: a partition's page, then a get of one of its records.
        var wirePartition: [Double] = []
        var ids: [String] = []
        for partition in partitions {
            let start = ContinuousClock.now
            let body = try await wire(try plan("category = \(partition)")).body(after: nil)
            wirePartition.append((ContinuousClock.now - start).milliseconds)
            ids.append(try Self.firstID(in: Data(body.readableBytesView)))
        }
        var wireGet: [Double] = []
        for id in ids.reversed() {
            let lookup = wire(try plan("id = \(id)"))
            let start = ContinuousClock.now
            _ = try await lookup.body(after: nil)
            wireGet.append((ContinuousClock.now - start).milliseconds)
        }
        let scan = try plan("amount >= 999.5")
        var wireFirstMatch: [Double] = []
        var pagesToMatch = 0
        for _ in 0..<3 {
            let scanWire = wire(scan)
            let start = ContinuousClock.now
            var token: String?
            pagesToMatch = 0
            repeat {
                let body = try await scanWire.body(after: token)
                pagesToMatch += 1
                let data = Data(body.readableBytesView)
                if try Self.itemCount(in: data) > 0 { break }
                token = body.withUnsafeReadableBytes { UnreadAnswer.lastString(forKey: "nextToken", in: $0) }
            } while token != nil
            wireFirstMatch.append((ContinuousClock.now - start).milliseconds)
        }

        // The app: a list of Entry reading its first page only, then asked each view.
        let api = AppSyncModelAPI(
            client: AppSyncClient(configuration: try AppSyncConfiguration(endpoint: url, apiKey: LoadBenchmark.apiKey)), model: sync, dialect: .plain)
        let log = TimedEvents()
        let list = try RecordList<ModelRecord>(
            api: api, storage: try SyncStorage(path: folder + "/cache.sqlite").cache(for: layout), options: SyncOptions(syncPolicy: .views)
        ) { log.append($0) }
        await list.start()
        try await log.wait { if case .loadStateChanged(.firstRows) = $0 { true } else { false } }
        var view = 0
        var lookups: [Double] = []
        for id in ids {
            view += 1
            let key = RecordKey(id)
            log.clear()
            let start = ContinuousClock.now
            await list.askServer(try plan("id = \(id)"), view: view)
            let shown = try log.firstTime { if case .rowsChanged(let update) = $0 { update.upserted.contains { $0.id == key } } else { false } }
            lookups.append((shown - start).milliseconds)
        }
        var partitionTimes: [Double] = []
        var partitionRecords = 0
        for partition in partitions {
            view += 1
            log.clear()
            let start = ContinuousClock.now
            await list.askServer(try plan("category = \(partition)"), view: view)
            let done = try log.firstTime { if case .viewProgress(let progress) = $0 { progress.state == .done } else { false } }
            partitionTimes.append((done - start).milliseconds)
            partitionRecords = await list.rows.filter { $0.record["category"] == .string(partition) }.count
        }
        var firstMatch: [Double] = []
        for _ in 0..<3 {
            view += 1
            log.clear()
            let scanView = view
            let asking = Task { await list.askServer(scan, view: scanView) }
            let start = ContinuousClock.now
            try await log.wait { if case .viewProgress(let progress) = $0 { progress.found > 0 } else { false } }
            firstMatch.append((try log.firstTime { if case .viewProgress(let progress) = $0 { progress.found > 0 } else { false } } - start).milliseconds)
            asking.cancel()
            await asking.value
        }
        // Esc: the scan of a value no item has, stopped once a page is in.
        view += 1
        log.clear()
        let nothing = try plan("amount > 5000")
        let endlessView = view
        let endless = Task { await list.askServer(nothing, view: endlessView) }
        try await log.wait { if case .viewProgress(let progress) = $0 { progress.pages > 0 } else { false } }
        let cancelled = ContinuousClock.now
        endless.cancel()
        await endless.value
        let cancelMs = (ContinuousClock.now - cancelled).milliseconds

        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        return Result(
            records: records, wireGetMs: median(wireGet), lookupMs: median(lookups), wirePartitionMs: median(wirePartition),
            partitionMs: median(partitionTimes), partitionRecords: partitionRecords, wireFirstMatchMs: median(wireFirstMatch),
            firstMatchMs: median(firstMatch), scanPagesToFirstMatch: pagesToMatch, cancelMs: cancelMs)
    }

    /// The ledger's models, read from the source tree.
    static func schema(filePath: String = #filePath) throws -> ModelSchema {
        let file = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/demo/ledger-models.json")
        return try ModelIntrospectionReader.read(Data(contentsOf: file))
    }

    private static func items(in body: Data) throws -> [[String: Any]] {
        let answer = try JSONSerialization.jsonObject(with: body) as? [String: Any]
        let data = try (answer?["data"] as? [String: Any]).orThrow("an answer without data: \(String(decoding: body.prefix(300), as: UTF8.self))")
        let connection = try (data.values.first as? [String: Any]).orThrow("an answer without its connection")
        return connection["items"] as? [[String: Any]] ?? []
    }

    private static func firstID(in body: Data) throws -> String {
        try (try items(in: body).first?["id"] as? String).orThrow("a partition without items")
    }

    private static func itemCount(in body: Data) throws -> Int { try items(in: body).count }

    static func text(_ result: Result) -> String {
        func ms(_ value: Double) -> String { String(format: "%.1f ms", value) }
        func ratio(_ value: Double, _ base: Double) -> String { String(format: "%.2f×", value / max(base, 0.001)) }
        return """
            views, Entry of \(result.records) (Gen 2, --sync views, the list alone): a key lookup \(ms(result.lookupMs)) \
            (one get on the wire: \(ms(result.wireGetMs)); \(ratio(result.lookupMs, result.wireGetMs)), goal 2×); \
            an index query of a partition of \(result.partitionRecords): \(ms(result.partitionMs)) \
            (its page on the wire: \(ms(result.wirePartitionMs)); \(ratio(result.partitionMs, result.wirePartitionMs)), goal 2×); \
            a scan's first match \(ms(result.firstMatchMs)) (the wire's \(result.scanPagesToFirstMatch) pages to it: \
            \(ms(result.wireFirstMatchMs)); \(ratio(result.firstMatchMs, result.wireFirstMatchMs))); \
            Esc during a scan: the view ended \(ms(result.cancelMs)) after the cancel (goal 100 ms)
            """
    }
}

/// The list's events with the moment each came, for the views' timings.
private final class TimedEvents: Sendable {
    private let events = Mutex<[(event: RecordListEvent<ModelRecord>, at: ContinuousClock.Instant)]>([])

    func append(_ event: RecordListEvent<ModelRecord>) {
        let now = ContinuousClock.now
        events.withLock { $0.append((event, now)) }
    }

    func clear() { events.withLock { $0.removeAll() } }

    /// When the first event `matching` came.
    func firstTime(_ matching: (RecordListEvent<ModelRecord>) -> Bool) throws -> ContinuousClock.Instant {
        try events.withLock { events in events.first { matching($0.event) }?.at }.orThrow("the list never told it")
    }

    /// Waits (polling every millisecond, at most a minute) until an event `matching` has come.
    func wait(_ matching: @escaping (RecordListEvent<ModelRecord>) -> Bool) async throws {
        for _ in 0..<60_000 {
            if events.withLock({ $0.contains { matching($0.event) } }) { return }
            try await Task.sleep(for: .milliseconds(1))
        }
        throw LoadBenchmarkError("the list did not tell it within a minute")
    }
}
