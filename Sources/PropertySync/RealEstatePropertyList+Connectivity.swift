import AppSync
import Foundation
import OptimisticStore

/// Reaching the server: pausing when it cannot be reached, noticing when it is
/// back (a probe with backoff, no key press needed), and loading the list.
extension RealEstatePropertyList {
    /// Stops all sending. Unreachable: a probe watches for the server's return.
    /// Refused credentials or a wrong endpoint: said once; `R` tries again.
    func pauseSending(_ reason: AppSyncFailure) {
        perform(link.failed(reason))
        if case .cached = loadState {} else if loadState == .loading { setLoadState(.cached(refreshedAt: nil)) }
        if case .unreachable(let message) = reason, options.offlineMode == .revert { revertUnsendable(message) }
    }

    /// A request was answered: whatever stopped sending is over.
    func serverAnswered() {
        perform(link.answered())
    }

    /// Carries out what the link asks for, and tells the screen how it looks now.
    func perform(_ actions: [SyncLink.Action]) {
        for action in actions {
            switch action {
            case .startProbing:
                if probe == nil { startProbing() }
            case .stopProbing:
                probe?.cancel()
                probe = nil
            case .resumeSending:
                enqueueEverythingPending()
                pump()
            case .reportStopped(let failure):
                logger.warning("sending stopped: \(failure)")
            }
        }
        publishLink()
    }

    private func startProbing() {
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
        guard link.probeSending() else {
            probe = nil
            return true
        }
        publishLink()
        do {
            try await api.probe()
        } catch .unreachable(let reason) {
            link.probeUnanswered(reason)
            publishLink()
            return false
        } catch .transient(let reason) {
            link.probeUnanswered(reason)
            publishLink()
            return false
        } catch {
            // Reachable, but it refuses the credentials or is not GraphQL: stop and say so.
            probe = nil
            pauseSending(error)
            return true
        }
        probe = nil
        resumeSending()
        return true
    }

    /// The server is back (or speaks another dialect now): the outbox drains at once and the
    /// list is read again.
    func resumeSending() {
        serverAnswered()
        enqueueEverythingPending()
        pump()
        Task { await self.refresh() }
    }

    /// `--offline revert`: what cannot be sent now is taken back at once, as the sample
    /// does. Only operations that never reached the server: one that may have is
    /// resolved against the server first, so nothing is reported reverted that happened.
    func revertUnsendable(_ reason: String) {
        for operation in store.pendingOperations.reversed()
        where !operation.mayHaveReachedServer && !schedule.isOnTheWire(operation.id, of: operation.recordID) {
            refuse(operation, message: "offline, not sent (\(reason))", conflict: false)
        }
    }

    // MARK: - Loading

    /// Reads every page of the base sync query (the whole list, tombstones included, with
    /// the server's `startedAt`) and replaces the confirmed set (and the cache). Each page is
    /// shown as it arrives (merged: the newer `_version` wins), with the progress; only once
    /// the whole list is read are records missing from it deleted. Pending changes stay on
    /// top; live sync goes on from `startedAt` with delta queries. Returns whether it
    /// succeeded; a failure is also reported.
    @discardableResult
    public func refresh() async -> Bool {
        refreshesRunning += 1
        defer { refreshesRunning -= 1 }
        await cacheFullyRead()
        guard await learnDialect() else {
            if loadState == .loading { setLoadState(.cached(refreshedAt: nil)) }
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
                mergePage(records, into: &diff)
                if read.add(records, changing: diff, now: .now, showingAtMostEvery: Self.publishInterval) { show(&read) }
                sink(.loadProgress(LoadProgress(loaded: read.records.count, expected: expected.map { max($0, read.records.count) })))
            }
        } catch {
            show(&read)  // what did arrive is shown (and kept)
            refreshFailed(error)
            return false
        }
        show(&read)
        let all = read.records
        adoptWholeList(all, startedAt: token)
        lastWholeReadCompleted = max(lastWholeReadCompleted, readNumber)
        if let mark = startedAt ?? plainSyncMark(all) {
            // A whole list is a base query: live sync goes on from here with deltas.
            persist("the sync time") { try storage.setSyncMarks(lastSync: mark, baseSync: Date()) }
        }
        setLoadState(.loaded)
        return true
    }

    /// What arrived of a whole read and is not on screen or in the cache yet goes there.
    private func show(_ read: inout WholeRead) {
        let (diff, records) = read.takeUnshown()
        publish(diff)
        persist("a page of the list") { try storage.merge(records) }
    }

    /// A whole read that failed: what stops sending is said once; the rest is a failed refresh.
    private func refreshFailed(_ error: AppSyncFailure) {
        if loadState == .loading { setLoadState(.cached(refreshedAt: nil)) }
        switch error {
        case .notOffered:
            if link.pause == nil {
                apiRefused(error)  // asks the API again; says what is missing if it still lacks it
            } else {
                sink(.loadFailed(message: error.description))
            }
        case .unauthorized, .misconfigured:
            if link.pause == nil {
                pauseSending(error)  // says it, once
            } else {
                sink(.loadFailed(message: error.description))  // asked again (R): still so
            }
        case .unreachable:
            pauseSending(error)
            sink(.loadFailed(message: error.description))
        case .transient, .rejected:
            sink(.loadFailed(message: error.description))
        }
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

    /// A whole list was read (its pages already merged and cached): records confirmed before
    /// it began that it does not list are gone, from the list and then from the cache. Only the
    /// removals are written: rewriting a million cached rows in one transaction would hold the
    /// outbox, and so the user's next change, for seconds.
    func adoptWholeList(_ records: [RealEstateProperty], startedAt token: RefreshToken) {
        let listed = Set(records.lazy.map(\.id))
        let unlisted = store.confirmedIDs.filter { !listed.contains($0) }
        publish(store.replaceConfirmed(with: records, startedAt: token))
        // Also the listed tombstones the store did not keep (beyond its `tombstoneLimit`):
        // the cache keeps no more tombstones than the store.
        let removed = (unlisted + records.lazy.filter(\.isDeleted).map(\.id)).filter { store.confirmedRecord($0) == nil }
        persist("the refreshed list") { try storage.remove(removed, refreshedAt: Date(), rowCount: store.count) }
    }

    /// Server records into the confirmed set (the newer `_version` wins), what they changed added
    /// to `diff`. `publish` resolves each id to what is shown when the diff goes out.
    func mergePage(_ records: [RealEstateProperty], into diff: inout StoreDiff<String>) {
        for record in records { diff.formUnion(store.merge(record)) }
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
        publish(store.merge(record))
        persist("a server record") { try storage.merge([record]) }
    }
}
