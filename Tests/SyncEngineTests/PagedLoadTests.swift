import AmplifyModels
import AppSync
import Foundation
import OptimisticStore
import Testing
@testable import SyncEngine

/// A large list is shown page by page: the first page is on screen before the last
/// one is read, the progress is told, and a record the server no longer has goes only
/// once the whole list has arrived.
@Suite struct PagedLoadTests {
    static let fastRetry = RetryPolicy(base: .milliseconds(1), cap: .milliseconds(2))

    /// A list reading pages of 2 from a server holding `count` records, over a cache that still
    /// has "gone", a record the server has since deleted.
    static func listOverServer(holding count: Int, syncPolicy: SyncPolicy = .all) throws
        -> (records: [ModelRecord], server: ScriptedServer, storage: ModelCache, events: EventRecorder, list: RecordList<ModelRecord>)
    {
        let records = (0..<count).map { property("p\($0)", name: "Property \($0)", version: 1) }
        let server = ScriptedServer(records: records)
        let storage = try sampleCache()
        let gone = property("gone", name: "Sold last week", version: 1)
        try storage.replaceConfirmed(with: [gone], refreshedAt: Date())
        let events = EventRecorder()
        let list = try RecordList<ModelRecord>(
            api: server, storage: storage,
            options: SyncOptions(retryPolicy: fastRetry, probePolicy: fastRetry, pageSize: 2, syncPolicy: syncPolicy),
            onEvent: events.sink)
        return (records, server, storage, events, list)
    }

    @Test func theFirstPageIsShownBeforeTheLastArrives() async throws {
        let (records, server, storage, events, list) = try Self.listOverServer(holding: 7)
        await server.holdPages()
        let refresh = Task { await list.refresh() }
        // The first page is published while the second waits on the server.
        await events.first { event in
            if case .rowsChanged(let update) = event { return update.upserted.contains { $0.id == "p0" } }
            return false
        }
        #expect(await server.listPagesServed == 1)
        let shownWhileLoading = Set(await list.rows.map(\.id))
        #expect(shownWhileLoading == ["p0", "p1", "gone"])  // not deleted before the whole list is read
        #expect(events.all.contains(.loadProgress(LoadProgress(loaded: 2, expected: 2))))
        #expect(events.all.contains(.busyChanged(true)))

        await server.releasePages()
        #expect(await refresh.value)
        #expect(await server.listPagesServed == 4)
        #expect(Set(await list.rows.map(\.id)) == Set(records.map(\.id)))
        let progress = events.all.compactMap { event -> LoadProgress?? in
            if case .loadProgress(let progress) = event { return progress }
            return nil
        }
        // The first page at once; then with each batch shown (every half second: how many depends
        // on the machine's speed), counting the pages shown; gone at the end.
        let counts = progress.map { $0?.loaded }
        #expect(Array(counts.prefix(2)) == [0, 2])
        #expect(counts.last == .some(nil))
        let shownCounts = counts.dropLast().compactMap { $0 }
        #expect(shownCounts == shownCounts.sorted() && Set(shownCounts).count == shownCounts.count)
        #expect(Set(shownCounts).isSubset(of: [0, 2, 4, 6, 7]))
        #expect(progress.first == LoadProgress(loaded: 0, expected: 1))
        #expect(events.all.last(where: { if case .busyChanged = $0 { true } else { false } }) == .busyChanged(false))
        // The cache holds the whole list, without the deleted record.
        #expect(Set(try storage.load().confirmed.map(\.id)) == Set(records.map(\.id)))
    }

    @Test func aLoadThatFailsHalfwayDeletesNothing() async throws {
        let (_, server, _, events, list) = try Self.listOverServer(holding: 5)
        await server.holdPages()
        let refresh = Task { await list.refresh() }
        await events.first { if case .loadProgress(let p) = $0 { p?.loaded == 2 } else { false } }
        await server.failNextPages()
        await server.releasePages()
        #expect(await refresh.value == false)
        // What arrived is shown; what the server may still have is not taken away.
        #expect(Set(await list.rows.map(\.id)) == ["p0", "p1", "gone"])
        #expect(events.all.last(where: { if case .loadProgress = $0 { true } else { false } }) == .loadProgress(nil))
    }

    /// Issue 31, item 3: a sync policy that reads only the first rows asks for no page beyond
    /// them, takes nothing it did not list for gone, and says the list holds its first rows.
    @Test(arguments: [(SyncPolicy.upTo(3), 3), (.views, 1), (.upTo(2), 2)])
    func aReadCutByThePolicyAsksNoFurtherAndRemovesNothing(policy: SyncPolicy, pages: Int) async throws {
        let (_, server, storage, events, list) = try Self.listOverServer(holding: 7, syncPolicy: policy)
        #expect(await list.refresh())
        try await Task.sleep(for: .milliseconds(50))  // a request asked ahead would have been served by now
        #expect(await server.listPagesServed == pages)
        let listed: [ModelRecord.ID] = (0..<(pages * 2)).map { .init(stringLiteral: "p\($0)") }
        #expect(Set(await list.rows.map(\.id)) == Set(listed + ["gone"]))
        #expect(events.all.contains(.loadStateChanged(.firstRows(pages * 2))))
        #expect(!events.all.contains(.loadStateChanged(.loaded)))
        #expect(Set(try storage.load().confirmed.map(\.id)) == Set(listed + ["gone"]))
    }

    /// A policy whose limit the list does not pass by a page reads it whole, as `--sync all` does
    /// (7 rows in pages of 2 under a limit of 6: the page after the limit is its last).
    @Test func aListWithinThePolicysLimitIsReadWhole() async throws {
        let (records, server, _, events, list) = try Self.listOverServer(holding: 7, syncPolicy: .upTo(6))
        #expect(await list.refresh())
        #expect(await server.listPagesServed == 4)
        #expect(Set(await list.rows.map(\.id)) == Set(records.map(\.id)))
        #expect(events.all.contains(.loadStateChanged(.loaded)))
    }

    /// The dialect question answered by nothing usable (a connection closed before the answer, a
    /// 5xx): the header says offline and why, the probe asks again with backoff, and once the
    /// server answers the list is learnt and read. It said "connecting" for good before.
    @Test func aDialectQuestionWithoutAnAnswerIsSaidAndAskedAgain() async throws {
        let (records, server, _, events, list) = try Self.listOverServer(holding: 3)
        await server.failDescribe([.transient("the connection closed before the answer came")])
        await list.start()
        let offline = await events.first { if case .connectivityChanged(.offline) = $0 { true } else { false } }
        #expect(offline == .connectivityChanged(.offline("the connection closed before the answer came")))
        #expect(await events.first { $0 == .loadStateChanged(.loaded) } != nil, "asked again, and read")
        #expect(Set(await list.rows.map(\.id)) == Set(records.map(\.id)))
    }

    /// A whole read cut by an answer that is no use (a 5xx, a connection closed halfway) is made
    /// again by itself, with the probe's backoff, and says so: before, the list stayed cut where
    /// the failure fell until `R`. It gives up after `wholeReadAttempts`, and says that too.
    @Test func aWholeReadCutByABadAnswerIsMadeAgainByItself() async throws {
        let (records, server, _, events, list) = try Self.listOverServer(holding: 5)
        await server.failNextPages()
        #expect(await list.refresh() == false)
        let failed = events.all.compactMap { if case .loadFailed(let message) = $0 { message } else { nil } }
        #expect(failed.first?.hasSuffix("; reading again in 1 s") == true, "\(failed)")
        await server.stopFailingPages()
        #expect(await events.first { $0 == .refreshed } != nil, "read again with no R, and said, since the failure was")
        #expect(Set(await list.rows.map(\.id)) == Set(records.map(\.id)), "and the record the server no longer has is gone")
    }

    @Test func aWholeReadThatKeepsFailingStopsAndWaitsForR() async throws {
        let (_, server, _, events, list) = try Self.listOverServer(holding: 5)
        await server.failNextPages()
        #expect(await list.refresh() == false)
        let attempts = RecordList<ModelRecord>.wholeReadAttempts
        let last = await events.first { event in
            if case .loadFailed(let message) = event { !message.contains("reading again") } else { false }
        }
        #expect(last != nil, "the last attempt says the failure alone")
        try await Task.sleep(for: .milliseconds(50))  // another attempt would have failed by now
        let failures = events.all.filter { if case .loadFailed = $0 { true } else { false } }
        #expect(failures.count == attempts)
    }
}
