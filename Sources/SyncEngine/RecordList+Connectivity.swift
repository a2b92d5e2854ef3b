import AmplifyModels
import AppSync
import Foundation
import OptimisticStore

/// Reaching the server: pausing when it cannot be reached, noticing when it is
/// back (a probe with backoff, no key press needed), and loading the list.
extension RecordList {
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
    @_specialize(where Record == ModelRecord)
    public func refresh(askedByUser: Bool = false) async -> Bool {
        await refresh(askedByUser: askedByUser, attempt: 1)
    }

    @_specialize(where Record == ModelRecord)
    private func refresh(askedByUser: Bool, attempt: Int) async -> Bool {
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
        setBusy(true)
        defer { setBusy(false) }
        var (read, begun) = machine.wholeReadBegins(askedByUser: askedByUser)
        run(begun)
        let cut: Bool
        do throws(AppSyncFailure) {
            cut = try await readSyncPages(since: nil, maximumPages: basePageLimit) { page in
                run(machine.pageRead(page, into: &read, at: ContinuousClock.now))
            }
        } catch {
            let answeredBadly = if case .transient = error { true } else { false }
            let retry = answeredBadly && attempt < Self.wholeReadAttempts ? options.probePolicy.delay(afterFailure: attempt) : nil
            run(machine.wholeReadFailed(error, &read, retryIn: retry))
            if let retry { retryRefresh(readNumber, after: retry, attempt: attempt) }
            return false
        }
        run(machine.wholeReadEnded(&read, cut: cut, at: Date()))
        lastWholeReadCompleted = max(lastWholeReadCompleted, readNumber)
        return true
    }

    /// How many times a whole read that got no usable answer (a 5xx, a connection closed
    /// halfway, an answer of the wrong shape) is made before it waits for `R`.
    static var wholeReadAttempts: Int { 5 }

    /// A whole read that got no usable answer is made again after `delay` (the probe's backoff),
    /// unless another began meanwhile: an unreachable server is the probe's, which reads the list
    /// again once it answers, but a server that answers badly now and then would otherwise leave
    /// the list cut where the failure fell until the user pressed `R`.
    private func retryRefresh(_ readNumber: Int, after delay: Duration, attempt: Int) {
        Task { [weak self] in
            try? await Task.sleep(for: delay)
            guard let self, await self.wholeReadsBegun == readNumber else { return }
            // Its failure was said on the status line: so is its success ("Refreshed").
            _ = await self.refresh(askedByUser: true, attempt: attempt + 1)
        }
    }

    /// Every page of the sync query (the base query when `lastSync` is nil), each handed to
    /// `onPage` in order, up to `maximumPages`; whether the server had more beyond them. Shared
    /// by the refresh and live sync's catch-up. The token is sequential, so one request is on the
    /// wire at a time; but a fetcher asks for the next page as soon as one arrives, without
    /// waiting for this actor, so merging and caching (and the cache's batched writes) overlap
    /// the wire instead of adding to it. It runs at most `pagesAhead` pages ahead of what has
    /// been handed in.
    @discardableResult
    func readSyncPages(
        since lastSync: Int64?, maximumPages: Int? = nil, _ onPage: (RecordPage<Record>) -> Void
    ) async throws(AppSyncFailure) -> Bool {
        var fetcher = PageFetcher(
            api: api, limit: options.pageSize, lastSync: lastSync, pagesAhead: Self.pagesAhead, maximumPages: maximumPages)
        defer { fetcher.stop() }  // a page that failed, or a caller that gave up: no read left behind
        while let page = try await fetcher.next() {
            serverAnswered()  // the header says online while the rest streams in
            onPage(page)
        }
        return fetcher.wasCut
    }

    /// The pages a read of the whole list takes, as the sync policy says (nil: every page).
    var basePageLimit: Int? { options.syncPolicy.pageLimit(pageSize: options.pageSize) }

    /// How far the fetcher may run ahead. This actor's work comes in bursts (every half second
    /// a batch goes to the screen and the cache), and with 8 pages the fetcher waited for it a
    /// quarter of a million-row load (2.5 s of 9.9, `proptui-bench --load-only`); 64 pages (at
    /// most 64,000 records decoded and waiting, some 20 MB) took that wait to nothing.
    static var pagesAhead: Int { 64 }

    /// Reads one record from the server into the confirmed set.
    public func get(_ id: Record.ID) async throws(AppSyncFailure) -> Record? {
        setBusy(true)
        defer { setBusy(false) }
        guard let record = try await api.get(id: id) else { return nil }
        merge(record)
        return record
    }

    /// A record from a subscription or another source: the newer `_version` wins.
    public func merge(_ record: Record) {
        run(machine.merge(record))
    }
}
