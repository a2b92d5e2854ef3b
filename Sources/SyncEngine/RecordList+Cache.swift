import AmplifyModels
import Foundation
import OptimisticStore

/// A large cache reaches the screen the way a server's list does: the first batch with the
/// first frame, the rest in batches behind it, the header counting. Keys are answered
/// between batches (each is a short read on the actor).
extension RecordList {
    /// Records per read of the cache: about a millisecond of SQLite each.
    static var cacheBatch: Int { 2_000 }

    /// Starts reading what the first frame did not take, unless there is nothing left.
    func readRestOfCache() {
        guard cacheRest != nil, cacheReading == nil else { return }
        cacheReading = Task { await self.readCacheBatches() }
    }

    /// Waits until every cached record is in the list. A refresh waits for this: a record read
    /// from the cache after the refresh began would look newer than the server's list, and a
    /// record the server deleted meanwhile would stay.
    func cacheFullyRead() async {
        await cacheReading?.value
    }

    @_specialize(where Record == ModelRecord)
    private func readCacheBatches() async {
        setBusy(true)
        defer { setBusy(false) }
        var unpublished = StoreDiff<Record.ID>()
        var lastPublished = ContinuousClock.now
        while let position = cacheRest {
            do {
                let (records, next) = try storage.cachedRecords(after: position, limit: Self.cacheBatch)
                cacheRest = next
                machine.merge(records, into: &unpublished)
            } catch {
                // What was read stays; the refresh brings the rest from the server.
                logger.error("could not read the cache: \(error)")
                cacheRest = nil
            }
            if ContinuousClock.now - lastPublished >= SyncMachine<Record>.wholeReadShownEvery {
                run(machine.publish(unpublished))
                unpublished = StoreDiff()
                lastPublished = .now
                sink(.loadProgress(LoadProgress(loaded: store.count, expected: max(cachedCount, store.count))))
            }
            // Lets the user's keys and the server's answers in between two batches.
            await Task.yield()
        }
        run(machine.publish(unpublished))
    }
}
