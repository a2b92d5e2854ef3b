import OptimisticStore
import Testing

/// The store's API, one behaviour at a time.
@Suite struct OptimisticStoreTests {
    let loft = Home(id: 1, name: "Harbour View Loft", address: "12 Quay St", version: 3)

    @Test func applyShowsAtOnceAndCountsPending() {
        let store = OptimisticStore<Home>()
        let (_, diff) = store.apply(.create(loft))
        #expect(diff == StoreDiff(inserted: [loft.id]))
        #expect(store.record(loft.id) == loft)
        #expect(store.status(loft.id) == .pending(1))
        #expect(store.count == 1)
        #expect(store.pendingCount == 1)
    }

    /// Creates not confirmed yet, read back from the outbox after a restart, are listed in the
    /// order they were made (they were in the dictionary's order, which changes on every run).
    @Test func unconfirmedCreatesAreListedInTheOrderMade() {
        let names = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel"]
        let operations = names.enumerated().map { index, name in
            PendingOperation<Home>(
                id: OperationID(rawValue: UInt64(10 + index)), change: .create(Home(id: 100 + index, name: name)), before: nil, base: nil)
        }
        let store = OptimisticStore(confirmed: [loft], pending: operations.shuffled())
        #expect(store.records.map(\.name) == ["Harbour View Loft"] + names)
    }

    /// The operations next to send, oldest first: each record's first only, those the caller
    /// keeps, at most the limit: what a plain sort of every pending operation gives.
    @Test func theOldestOperationsNextToSendAreEachRecordsFirst() {
        let store = OptimisticStore<Home>()
        for round in 0..<3 {
            for index in 0..<40 where (index + round) % 3 != 0 {
                store.apply(.create(Home(id: 1_000 * round + index, name: "Home \(index)")))
                if index % 4 == 0 { store.apply(.update(1_000 * round + index, .init(name: "Renamed \(index)"))) }
            }
        }
        let odd: (PendingOperation<Home>) -> Bool = { $0.id.rawValue % 2 == 1 }
        var seen = Set<Int>()
        let firsts = store.pendingOperations.filter { seen.insert($0.recordID).inserted }
        for limit in [0, 1, 10, 1_000] {
            #expect(store.oldestFirstOperations(limit: limit) { _ in true }.map(\.id) == firsts.prefix(limit).map(\.id))
            #expect(store.oldestFirstOperations(limit: limit, where: odd).map(\.id) == firsts.filter(odd).prefix(limit).map(\.id))
        }
    }

    @Test func operationRemembersWhatItWasMadeAgainst() throws {
        let store = OptimisticStore(confirmed: [loft])
        let rename = store.apply(.update(loft.id, .init(name: "Loft"))).operation
        let operation = try #require(store.operation(rename))
        #expect(operation.before == loft)
        #expect(operation.base == loft)
        #expect(store.pendingOperations(for: loft.id).map(\.id) == [rename])
    }

    @Test func baseMovesOnOnlyWithTheRecordsOwnConfirmations() throws {
        let store = OptimisticStore(confirmed: [loft])
        let rename = store.apply(.update(loft.id, .init(name: "Loft"))).operation
        let move = store.apply(.update(loft.id, .init(address: "1 Pier Rd"))).operation
        // A remote write or a refresh does not change what the operations were made against.
        store.merge(loft.applying(.init(address: "2 Dock Ln")).written(version: 4))
        store.replaceConfirmed(with: [loft.applying(.init(address: "3 Mole St")).written(version: 5)])
        #expect(try #require(store.operation(move)).base == loft)
        // The rename's confirmation does.
        let renamed = loft.applying(.init(name: "Loft")).written(version: 6)
        store.confirm(rename, with: renamed)
        #expect(try #require(store.operation(move)).base == renamed)
        // And so does a rebase on the server's copy.
        let remote = renamed.applying(.init(name: "Loft 2")).written(version: 7)
        store.rebase(move, onto: remote)
        #expect(try #require(store.operation(move)).base == remote)
        #expect(store.record(loft.id)?.name == "Loft 2")
        #expect(store.record(loft.id)?.address == "1 Pier Rd")
    }

    @Test func cancelDropsWithoutAFlag() {
        let store = OptimisticStore(confirmed: [loft])
        let rename = store.apply(.update(loft.id, .init(name: "Loft"))).operation
        #expect(store.cancel(rename) == StoreDiff(updated: [loft.id]))
        #expect(store.record(loft.id) == loft)
        #expect(store.status(loft.id) == .synced)
        #expect(store.pendingCount == 0)
    }

    @Test func anAnswerForAnotherRecordSettlesNothing() {
        let store = OptimisticStore(confirmed: [loft])
        let rename = store.apply(.update(loft.id, .init(name: "Loft"))).operation
        let stranger = Home(id: 99, name: "Elsewhere", address: nil, version: 1)
        #expect(store.confirm(rename, with: stranger).isEmpty)
        #expect(store.rebase(rename, onto: stranger).isEmpty)
        #expect(store.status(loft.id) == .pending(1))
        #expect(store.record(stranger.id) == nil)
    }

    @Test func transientFailureKeepsTheOperation() throws {
        let store = OptimisticStore(confirmed: [loft])
        let rename = store.apply(.update(loft.id, .init(name: "Loft"))).operation
        let diff = store.noteTransientFailure(rename, message: "The network connection was lost.")
        #expect(diff.isEmpty)
        #expect(store.record(loft.id)?.name == "Loft")
        #expect(store.status(loft.id) == .pending(1))
        let operation = try #require(store.operation(rename))
        #expect(operation.attempts == 0)
        store.noteSent(rename)
        #expect(store.operation(rename)?.attempts == 1)
        #expect(operation.lastFailure == "The network connection was lost.")
    }

    @Test func settlingTwiceIsHarmless() {
        let store = OptimisticStore(confirmed: [loft])
        let rename = store.apply(.update(loft.id, .init(name: "Loft"))).operation
        let confirmedLoft = loft.applying(.init(name: "Loft")).written(version: 4)
        store.confirm(rename, with: confirmedLoft)
        #expect(store.confirm(rename, with: confirmedLoft).isEmpty)
        #expect(store.reject(rename, because: Rejection("late")).isEmpty)
        #expect(store.status(loft.id) == .synced)
    }

    @Test func newerVersionWinsWhicheverArrivesFirst() {
        let store = OptimisticStore(confirmed: [loft])
        let v5 = loft.applying(.init(name: "Five")).written(version: 5)
        let v4 = loft.applying(.init(name: "Four")).written(version: 4)
        #expect(store.merge(v5) == StoreDiff(updated: [loft.id]))
        #expect(store.merge(v4).isEmpty)
        #expect(store.record(loft.id) == v5)
    }

    @Test func tombstoneRemovesAndStaleEventCannotResurrect() {
        let store = OptimisticStore(confirmed: [loft])
        #expect(store.merge(loft.written(version: 4, deleted: true)) == StoreDiff(removed: [loft.id]))
        #expect(store.merge(loft).isEmpty)
        #expect(store.record(loft.id) == nil)
        #expect(store.count == 0)
    }

    @Test func remoteChangeStaysUnderPendingEdit() {
        let store = OptimisticStore(confirmed: [loft])
        store.apply(.update(loft.id, .init(name: "Mine")))
        store.merge(loft.applying(.init(address: "1 New Rd")).written(version: 4))
        #expect(store.record(loft.id)?.name == "Mine")
        #expect(store.record(loft.id)?.address == "1 New Rd")
    }

    @Test func conflictKeepsTheServerRecordAndFlagsTheRow() {
        let store = OptimisticStore(confirmed: [loft])
        let rename = store.apply(.update(loft.id, .init(name: "Mine"))).operation
        let theirs = loft.applying(.init(name: "Theirs")).written(version: 4)
        let diff = store.reject(
            rename, because: Rejection("Conflict resolver rejects mutation.", kind: .conflict), serverRecord: theirs)
        #expect(diff == StoreDiff(updated: [loft.id]))
        #expect(store.record(loft.id) == theirs)
        #expect(store.status(loft.id) == .conflict("Conflict resolver rejects mutation."))
        #expect(Array(store.conflictedIDs) == [loft.id])
    }

    @Test func aPlainRefusalRevertsAndLeavesNoMark() {
        let store = OptimisticStore(confirmed: [loft])
        let diff = store.reject(store.apply(.update(loft.id, .init(name: "X"))).operation, because: Rejection("no"))
        #expect(diff == StoreDiff(updated: [loft.id]))
        #expect(store.record(loft.id) == loft)
        #expect(store.status(loft.id) == .synced)  // the screen marks it until the user has seen it
        #expect(store.conflictedIDs.isEmpty)
    }

    @Test func aConflictStaysUntilDismissedOrEditedAgain() {
        let other = Home(id: 2, name: "Maple Cottage", version: 1)
        let store = OptimisticStore(confirmed: [loft, other])
        let theirs = loft.written(version: 4)
        store.reject(store.apply(.update(loft.id, .init(name: "X"))).operation,
                     because: Rejection("changed", kind: .conflict), serverRecord: theirs)
        store.reject(store.apply(.update(other.id, .init(name: "Y"))).operation,
                     because: Rejection("changed", kind: .conflict), serverRecord: other.written(version: 2))
        #expect(store.status(loft.id) == .conflict("changed"))
        #expect(store.dismissConflict(loft.id) == StoreDiff(updated: [loft.id]))
        #expect(store.status(loft.id) == .synced)
        store.apply(.update(other.id, .init(name: "Z")))
        #expect(store.status(other.id) == .pending(1))
    }

    @Test func staleRefreshCannotUndoANewerConfirmation() {
        let store = OptimisticStore(confirmed: [loft])
        let token = store.beginRefresh()
        let rename = store.apply(.update(loft.id, .init(name: "Newer"))).operation
        let newer = loft.applying(.init(name: "Newer")).written(version: 4)
        store.confirm(rename, with: newer)
        let created = Home(id: 2, name: "Created meanwhile", version: 1)
        store.merge(created)
        // The snapshot was taken before both writes: it has v3 and not the new record.
        store.replaceConfirmed(with: [loft], startedAt: token)
        #expect(store.shown == [loft.id: newer, created.id: created])
    }

    @Test func aWholeReadByPagesRemovesOnlyWhatItDidNotList() {
        let gone = Home(id: 2, name: "Gone", version: 1)
        let kept = Home(id: 3, name: "Kept", version: 1)
        let store = OptimisticStore(confirmed: [loft, gone, kept])
        let token = store.beginRefresh()
        var diff = StoreDiff<Int>()
        store.mergeListed([loft], into: &diff)
        let created = Home(id: 4, name: "Created meanwhile", version: 1)
        store.merge(created)  // live sync, between two pages
        store.mergeListed([kept], into: &diff)
        #expect(diff.isEmpty)  // nothing listed differs from what was shown
        let (end, removed) = store.removeUnlisted(since: token)
        #expect(end == StoreDiff(removed: [gone.id]))
        #expect(removed == [gone.id])
        #expect(store.shown == [loft.id: loft, kept.id: kept, created.id: created])
    }

    @Test func aListedRecordKeptNewerIsNotTakenForUnlisted() {
        let store = OptimisticStore(confirmed: [loft])
        let token = store.beginRefresh()
        // The page holds an older copy than the one confirmed before the read began.
        var diff = StoreDiff<Int>()
        store.mergeListed([loft.written(version: 1)], into: &diff)
        #expect(diff.isEmpty)
        #expect(store.removeUnlisted(since: token).removed.isEmpty)
        #expect(store.shown == [loft.id: loft])
    }

    @Test func refreshRemovesWhatTheServerNoLongerHas() {
        let gone = Home(id: 2, name: "Gone", version: 1)
        let store = OptimisticStore(confirmed: [loft, gone])
        #expect(store.replaceConfirmed(with: [loft]) == StoreDiff(removed: [gone.id]))
        #expect(store.confirmedRecord(gone.id) == nil)
    }

    @Test func restartRestoresThePendingLogOnTop() {
        let before = OptimisticStore(confirmed: [loft])
        before.apply(.update(loft.id, .init(name: "A")))
        before.apply(.delete(loft.id))
        let new = Home(id: 7, name: "New")
        before.apply(.create(new))
        let restarted = OptimisticStore(confirmed: [loft], pending: before.pendingOperations.reversed())
        #expect(restarted.shown == before.shown)
        #expect(restarted.count == 1)
        #expect(restarted.pendingOperations == before.pendingOperations)
        // New operations continue after the restored ids.
        let next = restarted.apply(.update(new.id, .init(name: "Newer"))).operation
        #expect(next > before.pendingOperations.last!.id)
    }
}
