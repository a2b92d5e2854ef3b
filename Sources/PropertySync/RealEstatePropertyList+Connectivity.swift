import AppSync
import Foundation
import OptimisticStore

/// Reaching the server: pausing when it cannot be reached, noticing when it is
/// back (a probe with backoff, no key press needed), and loading the list.
extension RealEstatePropertyList {
    /// Stops all sending (see `SyncMachine.pauseSending`).
    func pauseSending(_ reason: AppSyncFailure) {
        run(machine.pauseSending(reason))
    }

    /// A request was answered: whatever stopped sending is over.
    func serverAnswered() {
        run(machine.serverAnswered())
    }

    func startProbing() {
        probe = Task {
            var attempt = 0
            while !Task.isCancelled {
                attempt += 1
                try? await Task.sleep(for: options.probePolicy.delay(afterFailure: attempt))
                if Task.isCancelled { return }
                if await self.probeOnce() { return }
            }
        }
    }

    /// One check: true when the probing is over (the server answered, or said something final).
    private func probeOnce() async -> Bool {
        let (go, actions) = machine.probeSending()
        run(actions)
        guard go else {
            probe = nil
            return true
        }
        let outcome: Result<Void, AppSyncFailure>
        do {
            try await api.probe()
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        let (over, next) = machine.probed(outcome)
        if over { probe = nil }
        run(next)
        return over
    }

    // MARK: - Loading

    /// Reads every page of the base sync query (the whole list, tombstones included, with
    /// the server's `startedAt`) and replaces the confirmed set (and the cache). Each page is
    /// shown as it arrives (merged: the newer `_version` wins), with the progress; only once
    /// the whole list is read are records missing from it deleted. Pending changes stay on
    /// top; live sync goes on from `startedAt` with delta queries. Returns whether it
    /// succeeded. Both outcomes are also reported through the sink: a failure always, a success
    /// when the user asked for it (`R`: "Refreshed").
    @discardableResult
    public func refresh(askedByUser: Bool = false) async -> Bool {
        refreshesRunning += 1
        defer { refreshesRunning -= 1 }
        await cacheFullyRead()
        guard await learnDialect() else {
            run(machine.loadingStopped())
            return false
        }
        await subscriptionsFirst()
        wholeReadsBegun += 1
        let readNumber = wholeReadsBegun
        let token = store.beginRefresh()
        setBusy(true)
        // What the cache held is the best guess of the list's size; AppSync gives no count.
        let expected = store.count > 0 ? store.count : nil
        sink(.loadProgress(LoadProgress(loaded: 0, expected: expected)))
        defer {
            sink(.loadProgress(nil))
            setBusy(false)
        }
        var read = WholeRead()
        let startedAt: Int64?
        do throws(AppSyncFailure) {
            startedAt = try await readSyncPages(since: nil) { records in
                var diff = StoreDiff<String>()
                machine.merge(records, into: &diff)
                if read.add(records, changing: diff, now: .now, showingAtMostEvery: Self.publishInterval) { show(&read) }
                sink(.loadProgress(LoadProgress(loaded: read.records.count, expected: expected.map { max($0, read.records.count) })))
            }
        } catch {
            show(&read)  // what did arrive is shown (and kept)
            run(machine.wholeReadFailed(error))
            return false
        }
        show(&read)
        let all = read.records
        adoptWholeList(all, startedAt: token)
        lastWholeReadCompleted = max(lastWholeReadCompleted, readNumber)
        if let mark = startedAt ?? plainSyncMark(all) {
            // A whole list is a base query: live sync goes on from here with deltas.
            run([.save(.syncMarks(lastSync: mark, baseSync: Date()))])
        }
        run(machine.setLoadState(.loaded))
        if askedByUser { sink(.refreshed) }
        return true
    }

    /// What arrived of a whole read and is not on screen or in the cache yet goes there.
    private func show(_ read: inout WholeRead) {
        let (diff, records) = read.takeUnshown()
        run(machine.publish(diff) + [.save(.merge(records))])
    }

    /// A full read shows its first page at once, then what arrived at most this often: each
    /// batch costs the screen a pass over its sorted rows (new rows land anywhere in a scan's
    /// order), so a million rows arrive in a few dozen passes, not a thousand.
    static let publishInterval = Duration.milliseconds(500)

    /// One page of a full read into the confirmed set (the newer `_version` wins), its changes
    /// added to `diff` for the screen. Not saved to the cache: the whole list replaces it at the end.
    /// Every page of the sync query (the base query when `lastSync` is nil), each handed to
    /// `onPage` as it arrives; answers the first page's `startedAt`. Shared by the refresh and
    /// live sync's catch-up.
    func readSyncPages(
        since lastSync: Int64?, _ onPage: ([RealEstateProperty]) -> Void
    ) async throws(AppSyncFailure) -> Int64? {
        var nextToken: String?
        var startedAt: Int64?
        var seenTokens: Set<String> = []
        repeat {
            let page = try await api.syncPage(limit: options.pageSize, nextToken: nextToken, lastSync: lastSync)
            serverAnswered()  // the header says online while the rest streams in
            startedAt = startedAt ?? page.startedAt
            onPage(page.items.compactMap { $0 })
            nextToken = page.nextToken
            // A server that hands out the same page token twice would keep us reading forever.
            if let token = nextToken, !seenTokens.insert(token).inserted {
                throw .transient("the server's list does not end (it repeated a page token)")
            }
        } while nextToken != nil
        return startedAt
    }

    /// A whole list was read: what it does not list is gone (see `SyncMachine.adoptWholeList`).
    func adoptWholeList(_ records: [RealEstateProperty], startedAt token: RefreshToken) {
        run(machine.adoptWholeList(records, startedAt: token, at: Date()))
    }

    /// Reads one record from the server into the confirmed set.
    public func get(_ id: String) async throws(AppSyncFailure) -> RealEstateProperty? {
        setBusy(true)
        defer { setBusy(false) }
        guard let record = try await api.get(id: id) else { return nil }
        merge(record)
        return record
    }

    /// A record from a subscription or another source: the newer `_version` wins.
    public func merge(_ record: RealEstateProperty) {
        run(machine.merge(record))
    }
}
