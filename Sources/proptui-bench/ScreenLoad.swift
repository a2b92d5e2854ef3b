import AmplifyModels
import Foundation
import ModelBrowser
import SyncEngine

/// One start of the app's list of the sample's model over a cache file, timed as the user sees
/// it: the list's events go into the model screen's reducer (`BrowserState`) on the main actor, and a
/// frame is rendered after each event (the app's loop draws when its mailbox is empty;
/// drawing after every event costs more, never less). The clock starts before the cache
/// is opened, as at the app's start.
struct ScreenLoad {
    let rows: Int
    let api: AppSyncModelAPI<ModelRecordSync>
    let cachePath: String

    /// What stays alive while the app's memory is read.
    struct Held {
        let list: RecordList<ModelRecord>
        let screen: BrowserState
        let storage: SyncStorage
    }

    /// Time to the first frame that shows rows, and to the frame after the server's whole
    /// list has been read (the list says `.loaded` and every row is on screen). The list and its
    /// screen are handed back for the caller to end outside any timing: freeing a million rows
    /// takes a core for a while, which would be timed as whatever starts next.
    @MainActor
    func run() async throws -> (LoadBenchmark.Timing, Held) {
        let start = ContinuousClock.now
        let processor = ProcessorTime.now()
        var firstRows: Duration?
        var serverListRead = false
        let held = try await load { event, screen in
            if case .loadStateChanged(.loaded) = event { serverListRead = true }
            if firstRows == nil, screen.shownCount > 0 { firstRows = ContinuousClock.now - start }
            return serverListRead && screen.shownCount == rows && !screen.isLoading
        }
        let loaded = ContinuousClock.now - start
        guard let firstRows else { throw LoadBenchmarkError("no rows reached the screen") }
        let timing = LoadBenchmark.Timing(
            firstRowsMs: firstRows.milliseconds, fullyLoadedMs: loaded.milliseconds,
            processorMs: ProcessorTime.now().milliseconds(since: processor))
        return (timing, held)
    }

    /// The list and the screen holding every cached row, with the server unreachable.
    @MainActor
    func holdFromCache() async throws -> Held {
        try await load { event, screen in
            // The refresh failed: nothing more will arrive until the server is back.
            if case .connectivityChanged(.offline) = event { screen.shownCount == rows } else { false }
        }
    }

    /// The list alone holding every cached row (its events dropped, no screen), the server unreachable.
    func holdListFromCache() async throws -> RecordList<ModelRecord> {
        let (offline, sink) = AsyncStream<Void>.makeStream(bufferingPolicy: .unbounded)
        let list = try RecordList<ModelRecord>(api: api, storage: SyncStorage(path: cachePath).cache(for: SampleModel.layout), options: .everyPage) { event in
            if case .connectivityChanged(.offline) = event { sink.yield() }
        }
        await list.start()
        for await _ in offline { break }
        sink.finish()
        // The link may say offline before the last batch of the cache is in: counted (the rows
        // made for the count are gone again before the memory is read).
        while await list.rowCount < rows { try await Task.sleep(for: .milliseconds(20)) }
        return list
    }

    /// Starts a list over the cache and reduces its events into a screen, a frame after each,
    /// until `isDone` says so.
    @MainActor
    private func load(until isDone: (RecordListEvent<ModelRecord>, BrowserState) -> Bool) async throws -> Held {
        let (events, sink) = AsyncStream<RecordListEvent<ModelRecord>>.makeStream(bufferingPolicy: .unbounded)
        let storage = try SyncStorage(path: cachePath)
        let list = try RecordList<ModelRecord>(api: api, storage: storage.cache(for: SampleModel.layout), options: .everyPage) { sink.yield($0) }
        await list.start()
        var screen = try BenchModel.sample.screen(width: 100, height: 30)
        for await event in events {
            reduce(event, into: &screen)
            blackHole(screen.render().cells.count)
            if isDone(event, screen) { break }
        }
        sink.finish()
        return Held(list: list, screen: screen, storage: storage)
    }

    @MainActor
    private func reduce(_ event: RecordListEvent<ModelRecord>, into screen: inout BrowserState) {
        for effect in screen.reduce(.list(model: SampleModel.name, event), now: .now) {
            // A sort or filter job would run off the loop; a load asks for none, but run it if it does.
            if case .recomputeRows(let model, let job) = effect, let result = job.run(isCancelled: { false }) {
                _ = screen.reduce(.rowsRecomputed(model: model, result), now: .now)
            }
        }
    }
}
