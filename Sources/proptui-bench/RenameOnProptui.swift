import AmplifyModels
import AppSync
import Foundation
import SyncEngine

/// proptui's rename, timed from ⏎ to the frame, on a list of `records` rows read from a real
/// SQLite cache file. The API is a loopback port nothing serves: every change stays pending
/// in the outbox, so each timed rename is a durable write and nothing else touches the list.
struct RenameOnProptui {
    var model: BenchModel = .sample
    let records: Int
    let samples: Int
    /// Untimed renames first: code pages, SQLite's page cache and the allocator warm up.
    static let warmUp = 20
    static let seed: UInt64 = 0x5EED_2024

    struct Timings {
        let keyToFrame: RenameKeyToFrameBenchmark.Timing
        /// `await list.update(…)` alone: validation, the store, the outbox's commit, the events sent.
        let listOnly: RenameKeyToFrameBenchmark.Timing
    }

    @MainActor
    func run() async throws -> Timings {
        let folder = NSTemporaryDirectory() + "proptui-bench-rename-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cachePath = folder + "/cache.sqlite"
        try Self.writeCache(model, records: records, to: cachePath)

        let events = ListEventCollector()
        // The list outlives this function (its probe of the unreachable API keeps it), as in
        // OutboxBenchmark: its memory stays in use for the rest of the run.
        let list = try RecordList<ModelRecord>(
            api: try await Self.unreachableAPI(model), storage: SyncStorage(path: cachePath).cache(for: model.layout)
        ) {
            events.append($0)
        }
        await list.start()
        var screen = try RenameScreen(model, seed: Self.seed ^ UInt64(records))
        try await waitUntilEveryRowIsShown(on: &screen, from: list, events: events)

        var keyToFrame: [UInt64] = []
        var listOnly: [UInt64] = []
        for sample in 0..<(Self.warmUp + samples) {
            screen.typeRename(to: "Renamed in the bench \(sample)")
            deliver(events.take(), to: &screen)  // anything the list said meanwhile, untimed

            let start = MonotonicClock.now()
            guard let request = screen.renameRequest(screen.pressEnter()) else {
                throw LoadBenchmarkError("⏎ in the rename field made no rename effect")
            }
            let listStart = MonotonicClock.now()
            try await list.update(request.key, request.patch)
            let listElapsed = MonotonicClock.now() - listStart
            deliver(events.take(), to: &screen)
            screen.render()
            let elapsed = MonotonicClock.now() - start

            guard screen.shows(request.key, named: request.name) else {
                throw LoadBenchmarkError("the screen does not show the rename of \(request.key.text) to “\(request.name)”")
            }
            if sample >= Self.warmUp {
                keyToFrame.append(elapsed)
                listOnly.append(listElapsed)
            }
        }
        try await checkEveryRenameIsKept(list, cachePath: cachePath)
        return Timings(keyToFrame: .init(keyToFrame), listOnly: .init(listOnly))
    }

    /// The list's events into the reducer, as the app's loop takes them from its mailbox.
    @MainActor
    private func deliver(_ events: [RecordListEvent<ModelRecord>], to screen: inout RenameScreen) {
        for event in events {
            screen.reduce(event)
        }
    }

    /// Reads the list's events into the screen until all `records` rows are on it and the
    /// list has found the API unreachable (after reading the whole cache: the refresh waits for it).
    @MainActor
    private func waitUntilEveryRowIsShown(
        on screen: inout RenameScreen, from list: RecordList<ModelRecord>, events: ListEventCollector
    ) async throws {
        let deadline = ContinuousClock.now + .seconds(900)
        while true {
            deliver(events.take(), to: &screen)
            let connectivity = await list.currentConnectivity
            if case .offline = connectivity, screen.state.shownCount == records, await list.rowCount == records { return }
            guard ContinuousClock.now < deadline else {
                throw LoadBenchmarkError(
                    "the screen shows \(screen.state.shownCount) of \(records) rows after 15 minutes (link: \(connectivity))")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Untimed: every rename is still pending, and the outbox file holds as many operations as the list.
    private func checkEveryRenameIsKept(_ list: RecordList<ModelRecord>, cachePath: String) async throws {
        let pending = await list.pendingCount
        let kept = try SyncStorage(path: cachePath).outboxCount()
        guard pending > 0, kept == pending else {
            throw LoadBenchmarkError("after the renames the list has \(pending) pending operations and the outbox file \(kept)")
        }
    }

    /// The cache the app would have kept after reading a server's list of `records` (for the
    /// sample, the same records as the Amplify sample's list gets: `Catalog`), written in large
    /// transactions.
    static func writeCache(_ model: BenchModel, records: Int, to path: String) throws {
        let storage = try SyncStorage(path: path).cache(for: model.layout)
        let batch = 50_000
        for first in stride(from: 0, to: records, by: batch) {
            try storage.merge((first..<min(records, first + batch)).map(model.record))
        }
        // As a finished refresh leaves it: refreshed now, and the row count the next start shows.
        try storage.remove([], refreshedAt: Date(), rowCount: records)
    }

    /// An API on a loopback port nothing listens on: requests are refused at once.
    static func unreachableAPI(_ model: BenchModel) async throws -> AppSyncModelAPI<ModelRecordSync> {
        let port = try await OutboxBenchmark.unservedPort()
        return model.api(AppSyncClient(configuration: try AppSyncConfiguration(
            endpoint: "http://127.0.0.1:\(port)/graphql", apiKey: "da2-benchbenchbenchbench00004")))
    }
}
