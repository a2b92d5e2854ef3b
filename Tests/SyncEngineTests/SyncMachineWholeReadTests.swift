import AmplifyModels
import AppSync
import Foundation
import OptimisticStore
import Testing
@testable import SyncEngine

/// A whole read of the list as the machine takes it: pages handed in one by one, with the clock
/// as a value. What is shown and when, what is cached and removed, what the header and the
/// status line are told. (`PagedLoadTests` and `RecordListTests` read real pages.)
@Suite struct SyncMachineWholeReadTests {
    let t0 = ContinuousClock.now
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func machine(dialect: APIDialect = .versioned, loadState: LoadState = .loading) -> PropertyMachine {
        PropertyMachine(
            store: OptimisticStore(confirmed: [villa, loft]), options: SyncOptions(), dialect: dialect,
            dialectIsKnown: true, loadState: loadState)
    }

    func record(_ id: RecordKey, version: Int = 1) -> ModelRecord {
        property(id, name: "Property \(id)", version: version)
    }

    func emitted(_ actions: [PropertyMachine.Action]) -> [RecordListEvent<ModelRecord>] {
        actions.compactMap { if case .emit(let event) = $0 { event } else { nil } }
    }

    func shownRows(_ actions: [PropertyMachine.Action]) -> [RecordRowUpdate<ModelRecord>] {
        emitted(actions).compactMap { if case .rowsChanged(let update) = $0 { update } else { nil } }
    }

    func cached(_ actions: [PropertyMachine.Action]) -> [[ModelRecord]] {
        actions.compactMap { if case .save(.merge(let records)) = $0 { records } else { nil } }
    }

    func progress(_ actions: [PropertyMachine.Action]) -> [LoadProgress?] {
        emitted(actions).compactMap { if case .loadProgress(let progress) = $0 { progress } else { nil } }
    }

    @Test func theFirstPageShowsAtOnceLaterOnesAtMostEveryHalfSecond() {
        var machine = machine()
        var (read, begun) = machine.wholeReadBegins(askedByUser: false)
        #expect(progress(begun) == [LoadProgress(loaded: 0, expected: 2)], "the list held two: the best guess")

        let first = machine.pageRead(RecordPage(items: [villa, record("a")], nextToken: "1", startedAt: 7), into: &read, at: t0)
        #expect(shownRows(first).map { Set($0.upserted.map(\.id)) } == [["a"]], "the new row at once; villa did not change")
        #expect(cached(first) == [[record("a")]], "villa is cached as it is listed")
        #expect(progress(first) == [LoadProgress(loaded: 2, expected: 2)])

        let second = machine.pageRead(RecordPage(items: [record("b")], nextToken: "2"), into: &read, at: t0 + .milliseconds(100))
        #expect(shownRows(second).isEmpty && cached(second).isEmpty, "not yet due: shown with the next batch")
        #expect(progress(second).isEmpty, "the progress goes with the rows it counts")
        #expect(machine.store.record("b") != nil, "merged all the same: a key on it works")

        let third = machine.pageRead(RecordPage(items: [record("c")]), into: &read, at: t0 + .milliseconds(600))
        #expect(shownRows(third).map { Set($0.upserted.map(\.id)) } == [["b", "c"]])
        #expect(cached(third) == [[record("b"), record("c")]])
        #expect(progress(third) == [LoadProgress(loaded: 4, expected: 4)], "more than expected: the guess grows")
    }

    /// A refresh of a cached list writes to the cache only what changed the confirmed copies: a
    /// record listed as it is, or older than the copy kept, is not written again (a million
    /// records listed unchanged were a million writes).
    @Test func aRefreshCachesOnlyWhatChanged() {
        var machine = machine(loadState: .loaded)
        let newer = property("loft", name: "Loft, renamed elsewhere", address: "12 Quay St", version: 2)
        _ = machine.remote(newer)
        var (read, _) = machine.wholeReadBegins(askedByUser: true)
        let page = machine.pageRead(RecordPage(items: [villa, loft, record("a")], nextToken: "1"), into: &read, at: t0)
        #expect(cached(page) == [[record("a")]], "villa listed as it is, loft older than the copy kept")
        let villaRenamed = property("villa", name: "Villa, renamed elsewhere", version: 2)
        let last = machine.pageRead(RecordPage(items: [villaRenamed]), into: &read, at: t0 + .seconds(1))
        #expect(cached(last) == [[villaRenamed]])
        #expect(cached(machine.wholeReadEnded(&read, at: now)).isEmpty)
    }

    /// A first load's rows show as they came (no lookup each), but a change between a page and
    /// its showing (the user's, or live sync's) is what the screen gets for that row.
    @Test func rowsShowAsTheyCameUnlessSomethingChangedThemMeanwhile() {
        var machine = PropertyMachine(store: OptimisticStore(), options: SyncOptions(), dialect: .versioned, dialectIsKnown: true, loadState: .loading)
        var (read, _) = machine.wholeReadBegins(askedByUser: false)
        let first = machine.pageRead(RecordPage(items: [record("a")], nextToken: "1"), into: &read, at: t0)
        #expect(shownRows(first).map(\.upserted) == [[RecordRow(record("a"))]])
        #expect(shownRows(first).allSatisfy { $0.hasDistinctIDs })

        // Page two is merged, not yet shown; live sync renames one of its rows.
        _ = machine.pageRead(RecordPage(items: [record("b"), record("c")], nextToken: "2"), into: &read, at: t0 + .milliseconds(100))
        var theirs = record("c", version: 2)
        theirs.name = "Renamed elsewhere"
        _ = machine.remote(theirs)
        let third = machine.pageRead(RecordPage(items: [record("d")], nextToken: "3"), into: &read, at: t0 + .milliseconds(600))
        var rows = Dictionary(uniqueKeysWithValues: shownRows(third).flatMap(\.upserted).map { ($0.id, $0) })
        #expect(rows["c"]?.record.name == "Renamed elsewhere")
        #expect(Set(rows.keys) == ["b", "c", "d"])

        // The user renames a row of a page not yet shown.
        _ = machine.pageRead(RecordPage(items: [record("e")], nextToken: "4"), into: &read, at: t0 + .milliseconds(700))
        _ = machine.commit(machine.stage(.update("e", propertyPatch(name: "Renamed here")))!, kind: .rename)
        let fifth = machine.pageRead(RecordPage(items: [record("f")]), into: &read, at: t0 + .milliseconds(1200))
        rows = Dictionary(uniqueKeysWithValues: shownRows(fifth).flatMap(\.upserted).map { ($0.id, $0) })
        #expect(rows["e"]?.record.name == "Renamed here")
        #expect(rows["e"]?.status == .pending(1))
        #expect(rows["f"]?.status == .synced)
    }

    /// Pages that come fast are shown and cached once enough of them wait, not only every half
    /// second: the end of a fast read has little left to do.
    @Test func enoughWaitingRecordsAreShownBeforeTheHalfSecond() {
        var machine = machine()
        var (read, _) = machine.wholeReadBegins(askedByUser: false)
        _ = machine.pageRead(RecordPage(items: [record("first")], nextToken: "1"), into: &read, at: t0)
        let size = PropertyMachine.wholeReadBatchLimit / 4
        var shown: [Int] = []
        for page in 0..<8 {
            let items = (0..<size).map { record("p\(page)-\($0)") }
            let actions = machine.pageRead(RecordPage(items: items, nextToken: "n\(page)"), into: &read, at: t0 + .milliseconds(10))
            shown += shownRows(actions).map(\.upserted.count)
            #expect(cached(actions).map(\.count) == shownRows(actions).map(\.upserted.count), "cached with what is shown")
        }
        #expect(shown == [PropertyMachine.wholeReadBatchLimit, PropertyMachine.wholeReadBatchLimit], "every fourth page, within 10 ms")
    }

    @Test func theEndRemovesWhatItDoesNotListAndLiveSyncGoesOnFromItsStart() {
        var machine = machine()
        var (read, _) = machine.wholeReadBegins(askedByUser: false)
        _ = machine.pageRead(RecordPage(items: [villa], nextToken: "1", startedAt: 7), into: &read, at: t0)
        _ = machine.pageRead(RecordPage(items: [record("a")], startedAt: 9), into: &read, at: t0 + .milliseconds(10))
        let end = machine.wholeReadEnded(&read, at: now)
        #expect(shownRows(end).contains { $0.upserted.map(\.id) == ["a"] }, "the unshown rest first")
        #expect(shownRows(end).contains { $0.removed == ["loft"] }, "loft is no longer on the server")
        #expect(end.contains(.save(.remove(["loft"], refreshedAt: now, rowCount: 2))))
        #expect(end.contains(.save(.syncMarks(lastSync: 7, baseSync: now))), "the first page's startedAt")
        #expect(emitted(end).contains(.loadStateChanged(.loaded)))
        #expect(progress(end) == [nil], "the progress goes")
        #expect(!emitted(end).contains(.refreshed), "not asked for: nothing to say")
    }

    @Test func aRecordConfirmedAfterTheReadBeganStaysThoughTheReadMissedIt() {
        var machine = machine()
        var (read, _) = machine.wholeReadBegins(askedByUser: true)
        _ = machine.merge(record("live"))  // a subscription's create, after the read's first page was cut
        _ = machine.pageRead(RecordPage(items: [villa, loft]), into: &read, at: t0)
        let end = machine.wholeReadEnded(&read, at: now)
        #expect(machine.store.record("live") != nil)
        #expect(end.contains(.save(.remove([], refreshedAt: now, rowCount: 3))))
        #expect(emitted(end).contains(.refreshed), "R: the status line says so")
    }

    @Test func aBrokenReadShowsAndKeepsWhatArrivedRemovesNothingAndSaysWhy() {
        var machine = machine()
        var (read, _) = machine.wholeReadBegins(askedByUser: true)
        _ = machine.pageRead(RecordPage(items: [villa], nextToken: "1"), into: &read, at: t0)
        _ = machine.pageRead(RecordPage(items: [record("a")], nextToken: "2"), into: &read, at: t0 + .milliseconds(10))
        let failed = machine.wholeReadFailed(.unreachable("the server refused the connection"), &read)
        #expect(shownRows(failed).contains { $0.upserted.map(\.id) == ["a"] })
        #expect(cached(failed) == [[record("a")]])
        #expect(!failed.contains { if case .save(.remove) = $0 { true } else { false } }, "a part is no whole list")
        #expect(machine.store.record("loft") != nil)
        #expect(emitted(failed).contains(.loadFailed(message: AppSyncFailure.unreachable("the server refused the connection").description)))
        #expect(failed.contains(.startProbing), "unreachable: the probe watches for the server's return")
        #expect(emitted(failed).contains(.loadStateChanged(.cached(refreshedAt: nil))), "no longer loading: the cache's rows")
        #expect(!emitted(failed).contains(.refreshed))
        #expect(progress(failed) == [nil])
    }

    @Test func thePlainDialectMarksTheReadByItsNewestUpdatedAtLessAMargin() {
        var machine = machine(dialect: .plain)
        var (read, _) = machine.wholeReadBegins(askedByUser: false)
        _ = machine.pageRead(RecordPage(items: [record("a", version: 1_000_000), record("b", version: 1_500_000)]), into: &read, at: t0)
        let end = machine.wholeReadEnded(&read, at: now)
        #expect(end.contains(.save(.syncMarks(lastSync: 1_500_000 - PropertyMachine.plainMarkMargin, baseSync: now))))
    }
}
