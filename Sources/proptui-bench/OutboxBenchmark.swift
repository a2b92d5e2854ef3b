import AppSync
import Foundation
import LocalAppSync
import PropertySync

/// The outbox's two costs, each against a baseline run in the same process:
/// - a durable enqueue (the change applied and committed to SQLite with
///   `synchronous = FULL` before the call returns) against the same call on an
///   in-memory database (the list's own work without the disk);
/// - replaying N queued operations after a restart to the embedded server on
///   loopback, against sending the same N mutations straight from a client with
///   the same parallelism (the wire's own cost).
struct OutboxBenchmark {
    let enqueues: Int
    let replayed: Int

    struct Result: Encodable {
        let enqueues: Int
        let durableEnqueuesPerSecond: Double
        let inMemoryEnqueuesPerSecond: Double
        /// In-memory / durable: how much the disk costs per change.
        let durableSlowdown: Double
        let replayed: Int
        let replaySeconds: Double
        let directSendSeconds: Double
        /// Replay / direct: what the outbox adds on top of the wire.
        let replayOverhead: Double
    }

    func run() async throws -> Result {
        let folder = NSTemporaryDirectory() + "proptui-bench-outbox-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }

        // A server that is not running: the sender finds it down and only the enqueue is timed.
        let server = try LocalAppSyncServer(configuration: LocalAppSyncConfiguration(
            dataDirectory: folder + "/server", apiKey: "da2-benchbenchbenchbench00001", seedSamples: false))
        let port = try await server.start()
        await server.stop()
        let configuration = try AppSyncConfiguration(endpoint: "http://127.0.0.1:\(port)/graphql", apiKey: "da2-benchbenchbenchbench00001")
        let api = AppSyncPropertyAPI(client: AppSyncClient(configuration: configuration))
        // The lists that only enqueue live on (their probes keep them) after this function is
        // done with them: they get a port nothing will ever serve, or they would send their
        // outboxes when the server comes back and be timed along with the replay.
        let nowhere = try await Self.unservedPort()
        let deadEnd = AppSyncPropertyAPI(client: AppSyncClient(configuration: try AppSyncConfiguration(
            endpoint: "http://127.0.0.1:\(nowhere)/graphql", apiKey: "da2-benchbenchbenchbench00001")))

        let inMemory = try await enqueueRate(api: deadEnd, storage: SyncStorage(), count: enqueues)
        let durable = try await enqueueRate(api: deadEnd, storage: SyncStorage(path: folder + "/enqueue.sqlite"), count: enqueues)

        // N creates queued while the server is down, in a file, as a quitting app leaves them.
        let outboxPath = folder + "/replay.sqlite"
        do {
            let list = try RealEstatePropertyList(api: deadEnd, storage: SyncStorage(path: outboxPath)) { (_: ListEvent) in }
            for index in 0..<replayed { try await list.create(name: "Queued \(index)") }
        }
        let restarted = try LocalAppSyncServer(configuration: LocalAppSyncConfiguration(
            port: port, dataDirectory: folder + "/server", apiKey: "da2-benchbenchbenchbench00001", seedSamples: false))
        _ = try await restarted.start()
        defer { Task { await restarted.stop() } }

        let replayStart = ContinuousClock.now
        let list = try RealEstatePropertyList(api: api, storage: SyncStorage(path: outboxPath)) { (_: ListEvent) in }
        await list.start()
        while await list.pendingCount > 0 { try await Task.sleep(for: .milliseconds(5)) }
        let replay = ContinuousClock.now - replayStart

        let directStart = ContinuousClock.now
        try await sendDirectly(replayed, through: api, parallel: SyncOptions().maximumParallelSends)
        let direct = ContinuousClock.now - directStart
        await restarted.stop()

        return Result(
            enqueues: enqueues, durableEnqueuesPerSecond: durable, inMemoryEnqueuesPerSecond: inMemory,
            durableSlowdown: inMemory / max(durable, 1), replayed: replayed, replaySeconds: replay.seconds,
            directSendSeconds: direct.seconds, replayOverhead: replay.seconds / max(direct.seconds, 0.000_001))
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
    private func enqueueRate(api: any PropertyAPI, storage: SyncStorage, count: Int) async throws -> Double {
        let list = try RealEstatePropertyList(api: api, storage: storage) { (_: ListEvent) in }
        for index in 0..<min(100, count) { try await list.create(name: "Warm-up \(index)") }
        let start = ContinuousClock.now
        for index in 0..<count { try await list.create(name: "Enqueued \(index)") }
        return Double(count) / max((ContinuousClock.now - start).seconds, 0.000_001)
    }

    private func sendDirectly(_ count: Int, through api: AppSyncPropertyAPI, parallel: Int) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0..<parallel {
                group.addTask {
                    for index in stride(from: lane, to: count, by: parallel) {
                        _ = try await api.send(.create(RealEstateProperty(id: PropertyID.random(), name: "Direct \(index)")))
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    static func text(_ result: Result) -> String {
        func rate(_ value: Double) -> String { String(format: "%.0f/s", value) }
        return """
            outbox: \(result.enqueues) creates, each committed to SQLite (WAL, synchronous=FULL) before returning: \
            \(rate(result.durableEnqueuesPerSecond)) (in-memory database, same process: \(rate(result.inMemoryEnqueuesPerSecond)); \
            the disk costs \(String(format: "%.1f", result.durableSlowdown))×)
            outbox: \(result.replayed) queued creates replayed after a restart to the embedded server on loopback: \
            \(String(format: "%.2f", result.replaySeconds)) s (the same creates sent straight from a client, same parallelism: \
            \(String(format: "%.2f", result.directSendSeconds)) s; replay/direct \(String(format: "%.2f", result.replayOverhead))×)
            """
    }
}
