import OptimisticStore
import Testing

/// The coalesced hand-off of diffs to the screen: the consumer takes the union of
/// everything published since it last took, and is woken when something is waiting.
@Suite struct DiffFeedTests {
    let loft = Home(id: 1, name: "Loft", address: nil, version: 1)

    @Test func theConsumerTakesTheUnionOfEveryDiff() {
        let store = OptimisticStore(confirmed: [loft])
        let feed = store.diffs
        let created = Home(id: 2, name: "Villa", address: nil)
        store.apply(.create(created))
        let rename = store.apply(.update(1, .init(name: "Loft 2"))).operation
        store.apply(.delete(2))
        store.reject(rename, because: Rejection("no"))
        let taken = feed.take()
        #expect(taken.inserted == [2])
        #expect(taken.removed == [2])
        #expect(taken.updated == [1])
        #expect(feed.isDrained)
        #expect(feed.take().isEmpty)
    }

    @Test func nothingIsPublishedBeforeTheFeedIsRead() {
        let store = OptimisticStore(confirmed: [loft])
        store.apply(.update(1, .init(name: "Before")))
        let feed = store.diffs
        #expect(feed.take().isEmpty)
        store.apply(.update(1, .init(name: "After")))
        #expect(feed.take() == StoreDiff(updated: [1]))
    }

    /// A consumer on another task, woken by the signal, ends up with every id, and the
    /// signals end when the store is gone.
    @Test func aWaitingConsumerGetsEverythingAndEnds() async {
        var store: OptimisticStore<Home>? = OptimisticStore(confirmed: [loft])
        let feed = store!.diffs
        let consumer = Task.detached {
            var seen = Set<Int>()
            for await _ in feed.signals { seen.formUnion(feed.take().allIDs) }
            return seen.union(feed.take().allIDs)
        }
        for id in 2..<200 {
            store!.apply(.create(Home(id: id, name: "\(id)", address: nil)))
            if id % 16 == 0 { await Task.yield() }
        }
        store = nil
        // The consumer ends only if the signals end; a consumer still running after the
        // limit fails the test instead of hanging it.
        let seen = await withTaskGroup(of: Set<Int>?.self) { group in
            group.addTask { await consumer.value }
            group.addTask {
                try? await Task.sleep(for: .seconds(10))
                return nil
            }
            let first = await group.next() ?? nil
            consumer.cancel()  // ends a consumer still waiting, so the group can finish
            group.cancelAll()
            return first
        }
        #expect(seen == Set(2..<200))
    }
}
