import AmplifyModels
import AppSync
import Foundation
import LocalAppSync
import SyncEngine

/// The outbox's costs, for a model as the app runs it (`RecordList<ModelRecord>`; the sample's and
/// the 13-field one, `BenchModel`), each against a baseline run in the same process:
/// - a durable enqueue (the change applied and committed to SQLite with
///   `synchronous = FULL` before the call returns) against the same call on an
///   in-memory database (the list's own work without the disk);
/// - replaying N queued creates after a restart to the embedded server on loopback, against
///   sending the same N mutations straight from a client in the same order, one at a time (the
///   outbox sends creates so, so that the server's `createdAt` keeps the user's order), and
///   against sending them four at a time (what that order costs);
/// - replaying N queued renames (of the display field) of N records, against sending the same renames straight from a
///   client with the same parallelism: three rounds of each, taken in turn, and the median.
struct OutboxBenchmark {
    var model: BenchModel = .sample
    let enqueues: Int
    let replayed: Int

    struct Result: Encodable {
        let model: String
        let enqueues: Int
        let durableEnqueuesPerSecond: Double
        let inMemoryEnqueuesPerSecond: Double
        /// In-memory / durable: how much the disk costs per change.
        let durableSlowdown: Double
        let replayed: Int
        let parallelSends: Int
        let createReplaySeconds: Double
        /// The same creates sent straight, one at a time, in order.
        let directCreatesInOrderSeconds: Double
        /// The same creates sent straight, `parallelSends` at a time.
        let directCreatesInParallelSeconds: Double
        /// Replay / direct in order: what the outbox adds on top of the wire.
        let createReplayOverhead: Double
        /// Medians of the rounds.
        let renameReplaySeconds: Double
        let directRenamesSeconds: Double
        /// Replay / direct in each round: what the outbox adds on top of the wire.
        let renameReplayOverheads: [Double]
        /// Their median.
        let renameReplayOverhead: Double
    }

    /// Rounds of rename replay and direct renames, taken in turn.
    static let renameRounds = 5

    private static let apiKey = "da2-benchbenchbenchbench00001"

    func run() async throws -> Result {
        let folder = NSTemporaryDirectory() + "proptui-bench-outbox-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }

        // A server that is not running: the sender finds it down and only the enqueue is timed.
        let server = try LocalAppSyncServer(configuration: model.serverConfiguration(dataDirectory: folder + "/server", apiKey: Self.apiKey))
        let port = try await server.start()
        await server.stop()
        let api = model.api(AppSyncClient(configuration: try AppSyncConfiguration(
            endpoint: "http://127.0.0.1:\(port)/graphql", apiKey: Self.apiKey)))
        // The lists that only enqueue live on (their probes keep them) after this function is
        // done with them: they get a port nothing will ever serve, or they would send their
        // outboxes when the server comes back and be timed along with the replay.
        let nowhere = try await Self.unservedPort()
        let deadEnd = model.api(AppSyncClient(configuration: try AppSyncConfiguration(
            endpoint: "http://127.0.0.1:\(nowhere)/graphql", apiKey: Self.apiKey)))

        let inMemory = try await enqueueRate(api: deadEnd, storage: SyncStorage(), count: enqueues)
        let durable = try await enqueueRate(api: deadEnd, storage: SyncStorage(path: folder + "/enqueue.sqlite"), count: enqueues)

        // N creates queued while the server is down, in a file, as a quitting app leaves them.
        let createsPath = folder + "/creates.sqlite"
        do {
            let list = try list(api: deadEnd, storage: SyncStorage(path: createsPath))
            for index in 0..<replayed { try await list.create(try model.newRecord(index, text: "Queued \(index)")) }
        }
        let restarted = try LocalAppSyncServer(configuration: model.serverConfiguration(
            port: port, dataDirectory: folder + "/server", apiKey: Self.apiKey))
        _ = try await restarted.start()
        defer { Task { await restarted.stop() } }

        let parallel = SyncOptions().maximumParallelSends
        let createReplay = try await replay(createsPath, through: api)
        let (inOrder, renamedByTheOutbox) = try await Self.timed { try await sendCreates(through: api, parallel: 1) }
        let (inParallel, renamedStraight) = try await Self.timed { try await sendCreates(through: api, parallel: parallel) }

        // N renames of N records the cache holds, queued while the server is down, replayed; then
        // as many renames sent straight. Rounds taken in turn, the median kept: on a shared
        // machine one round of either can be a tenth slower than the next.
        var dialect: APIDialect?
        if let kept = try SyncStorage(path: createsPath).dialect() { dialect = kept }
        var outboxRecords = renamedByTheOutbox
        var straightRecords = renamedStraight
        var rounds: [(replay: Double, direct: Double)] = []
        for round in 0..<Self.renameRounds {
            let replay = try await renameReplay(of: outboxRecords, round: round, path: folder + "/renames-\(round).sqlite", dialect: dialect, deadEnd: deadEnd, api: api)
            outboxRecords = try await Self.serverCopies(of: outboxRecords, through: api)
            let renamedField = model.renamedField
            let (direct, answers) = try await Self.timed {
                try await Self.inLanes(straightRecords, parallel: parallel) { index, record in
                    try await api.send(.update(id: record.id, ModelRecordPatch([renamedField: .string("Renamed \(round) \(index)")]), base: record))
                }
            }
            straightRecords = answers
            rounds.append((replay, direct))
        }
        await restarted.stop()
        let overheads = rounds.map { $0.replay / max($0.direct, 0.000_001) }

        return Result(
            model: model.name, enqueues: enqueues, durableEnqueuesPerSecond: durable, inMemoryEnqueuesPerSecond: inMemory,
            durableSlowdown: inMemory / max(durable, 1), replayed: replayed, parallelSends: parallel,
            createReplaySeconds: createReplay, directCreatesInOrderSeconds: inOrder, directCreatesInParallelSeconds: inParallel,
            createReplayOverhead: createReplay / max(inOrder, 0.000_001),
            renameReplaySeconds: Self.median(rounds.map(\.replay)), directRenamesSeconds: Self.median(rounds.map(\.direct)),
            renameReplayOverheads: overheads, renameReplayOverhead: Self.median(overheads))
    }

    /// Seconds from a list's start over the outbox at `path` until it tells the screen that nothing
    /// is left to send (which it does once every settlement is on disk). Not by asking the list
    /// every few milliseconds: `pendingCount` commits the open group at once, on the list's
    /// thread, and would time a flush a poll where the app waits for none.
    private func replay(_ path: String, through api: AppSyncModelAPI<ModelRecordSync>) async throws -> Double {
        let start = ContinuousClock.now
        let (events, sink) = AsyncStream<RecordListEvent<ModelRecord>>.makeStream(bufferingPolicy: .unbounded)
        let list = try RecordList<ModelRecord>(api: api, storage: SyncStorage(path: path).cache(for: model.layout)) { sink.yield($0) }
        await list.start()
        for await event in events {
            if case .pendingCountChanged(0) = event { break }
        }
        let seconds = (ContinuousClock.now - start).seconds
        guard await list.pendingCount == 0 else { throw LoadBenchmarkError("the list said nothing was left to send, and has changes pending") }
        return seconds
    }

    /// Seconds to replay `records.count` renames queued in a new outbox at `path` over a cache of
    /// `records` (the server's copies), as a restarted app replays them.
    private func renameReplay(
        of records: [ModelRecord], round: Int, path: String, dialect: APIDialect?, deadEnd: AppSyncModelAPI<ModelRecordSync>,
        api: AppSyncModelAPI<ModelRecordSync>
    ) async throws -> Double {
        do {
            let storage = try SyncStorage(path: path)
            try storage.cache(for: model.layout).merge(records)
            // The run that cached these records learnt the API's dialect and kept it, as the
            // creates' replay did: the restarted list sends at once, without asking again.
            if let dialect { try storage.setDialect(dialect) }
            let list = try list(api: deadEnd, storage: storage)
            await list.start()  // reads the cache behind its first batch
            while await list.rowCount < records.count { try await Task.sleep(for: .milliseconds(10)) }
            for (index, record) in records.enumerated() { try await list.update(record.id, rename(to: "Renamed \(round) \(index)")) }
        }
        return try await replay(path, through: api)
    }

    /// The server's copies of these records (their versions moved on), in the same order.
    private static func serverCopies(of records: [ModelRecord], through api: AppSyncModelAPI<ModelRecordSync>) async throws -> [ModelRecord] {
        let wanted = Set(records.map(\.id))
        var held: [ModelRecord.ID: ModelRecord] = [:]
        var token: String?
        repeat {
            let page = try await api.syncPage(limit: 1_000, nextToken: token, lastSync: nil)
            for record in page.records where wanted.contains(record.id) { held[record.id] = record }
            token = page.nextToken
        } while token != nil
        return try records.map { record in
            guard let copy = held[record.id] else { throw LoadBenchmarkError("the server lost \(record.id.text)") }
            return copy
        }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    private static func timed<T>(_ body: () async throws -> T) async throws -> (seconds: Double, result: T) {
        let start = ContinuousClock.now
        let result = try await body()
        return ((ContinuousClock.now - start).seconds, result)
    }

    /// A loopback port that was free a moment ago and that nothing in this run listens on.
    static func unservedPort() async throws -> Int {
        let folder = NSTemporaryDirectory() + "proptui-bench-nowhere-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try LocalAppSyncServer(configuration: LocalAppSyncConfiguration(dataDirectory: folder, seedSamples: false))
        let port = try await server.start()
        await server.stop()
        return port
    }

    /// Creates per second, each committed before `create` returns.
    private func enqueueRate(api: AppSyncModelAPI<ModelRecordSync>, storage: SyncStorage, count: Int) async throws -> Double {
        let list = try list(api: api, storage: storage)
        for index in 0..<min(100, count) { try await list.create(try model.newRecord(index, text: "Warm-up \(index)")) }
        let records = try (0..<count).map { try model.newRecord($0, text: "Enqueued \($0)") }  // made before the clock starts
        let start = ContinuousClock.now
        for record in records { try await list.create(record) }
        return Double(count) / max((ContinuousClock.now - start).seconds, 0.000_001)
    }

    /// `replayed` creates sent straight from a client, `parallel` at a time: the server's copies.
    private func sendCreates(through api: AppSyncModelAPI<ModelRecordSync>, parallel: Int) async throws -> [ModelRecord] {
        let records = try (0..<replayed).map { try model.newRecord($0, text: "Direct \($0)") }
        return try await Self.inLanes(records, parallel: parallel) { _, record in try await api.send(.create(record)) }
    }

    /// The model's list as the app makes it, its events dropped.
    private func list(api: AppSyncModelAPI<ModelRecordSync>, storage: SyncStorage) throws -> RecordList<ModelRecord> {
        try RecordList<ModelRecord>(api: api, storage: storage.cache(for: model.layout)) { (_: RecordListEvent<ModelRecord>) in }
    }

    private func rename(to text: String) -> ModelRecordPatch { ModelRecordPatch([model.renamedField: .string(text)]) }

    /// `body` for every item, `parallel` lanes at a time; what it returned, in the items' order.
    private static func inLanes<Item: Sendable, Answer: Sendable>(
        _ items: [Item], parallel: Int, _ body: @escaping @Sendable (Int, Item) async throws -> Answer
    ) async throws -> [Answer] {
        try await withThrowingTaskGroup(of: [(Int, Answer)].self) { group in
            for lane in 0..<parallel {
                group.addTask {
                    var answers: [(Int, Answer)] = []
                    for index in stride(from: lane, to: items.count, by: parallel) { answers.append((index, try await body(index, items[index]))) }
                    return answers
                }
            }
            var answers: [(Int, Answer)] = []
            for try await lane in group { answers += lane }
            return answers.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    static func text(_ result: Result) -> String {
        func rate(_ value: Double) -> String { String(format: "%.0f/s", value) }
        func seconds(_ value: Double) -> String { String(format: "%.2f s", value) }
        func ratio(_ value: Double) -> String { String(format: "%.2f×", value) }
        return """
            outbox, \(result.model): \(result.enqueues) creates, each committed to SQLite (WAL, synchronous=FULL) before returning: \
            \(rate(result.durableEnqueuesPerSecond)) (in-memory database, same process: \(rate(result.inMemoryEnqueuesPerSecond)); \
            the disk costs \(String(format: "%.1f", result.durableSlowdown))×)
            outbox, \(result.model): \(result.replayed) queued creates replayed after a restart to the embedded server on loopback: \
            \(seconds(result.createReplaySeconds)) (the same creates sent straight from a client, in order, one at a time as the \
            outbox sends them: \(seconds(result.directCreatesInOrderSeconds)); replay/direct \(ratio(result.createReplayOverhead)); \
            \(result.parallelSends) at a time, the order lost: \(seconds(result.directCreatesInParallelSeconds)))
            outbox, \(result.model): \(result.replayed) queued renames of as many records replayed after a restart: \(seconds(result.renameReplaySeconds)) \
            (sent straight, \(result.parallelSends) at a time: \(seconds(result.directRenamesSeconds)); \
            replay/direct \(ratio(result.renameReplayOverhead)), the median of \(result.renameReplayOverheads.map(ratio).joined(separator: ", ")))
            """
    }
}
