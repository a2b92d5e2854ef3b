import AmplifyModels
import AppSync
import Foundation
import OptimisticStore

/// Changes made elsewhere, as AppSync's delta sync takes them in: subscribe and
/// buffer; run the base query (first time, or when the last is older than a day) or
/// the delta query since the last sync; apply it; then drain the buffer; keep the
/// query's `startedAt` for next time. After a reconnect the same runs again, so
/// nothing missed while disconnected is lost. Remote records only ever change the
/// confirmed side (the newer `_version` wins), so pending edits stay on top.
extension RecordList {
    /// Follows the realtime events until the stream ends.
    @_specialize(where Record == ModelRecord)
    public func follow(_ events: AsyncStream<RealtimeEvent>) async {
        for await event in events {
            switch event {
            case .subscribed:
                run(machine.liveSyncUp())
                await catchUp()
            case .data(let subscription, let payload):
                await receive(payload, deletion: subscription == "onDelete")
            case .disconnected(let reason, let delay):
                logger.info("realtime connection lost: \(reason)")
                run(machine.liveSyncDown(reason, retryIn: delay))
            case .unauthorized(let reason, let delay):
                logger.warning("realtime connection refused: \(reason)")
                run(machine.liveSyncDown("refused: \(reason)", retryIn: delay, refused: true))
            }
        }
    }

    /// On the plain dialect a whole read shows deletions only if nothing can happen unseen after
    /// it began: so it waits (briefly) for the subscriptions, which then carry every later change.
    /// The versioned dialect needs no wait: its delta query after subscribing brings deletions too.
    func subscriptionsFirst() async {
        guard !machine.dialect.hasVersions, realtime != nil else { return }
        let deadline = ContinuousClock.now + Self.subscriptionWait
        while !machine.isSubscribed, realtime != nil, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    /// How long a whole read on the plain dialect waits for the subscriptions: a socket that takes
    /// longer costs a second whole read (the catch-up), not a missed change.
    static var subscriptionWait: Duration { .seconds(2) }

    /// Returns once no full read of the list is running (at once if none is).
    func noRefreshRunning() async {
        while refreshesRunning > 0 {
            await withCheckedContinuation { refreshWaiters.append($0) }
        }
    }

    func resumeRefreshWaiters() {
        let waiting = refreshWaiters
        refreshWaiters = []
        for waiter in waiting { waiter.resume() }
    }

    /// The catch-up query after (re)subscribing (see `SyncMachine.caughtUp`). Events arriving
    /// meanwhile wait in the machine.
    @_specialize(where Record == ModelRecord)
    func catchUp(attempt: Int = 1) async {
        guard machine.dialect.hasVersions else {
            await catchUpWithoutVersions()
            return
        }
        guard machine.catchUpBegins() else { return }  // the one running goes once more when it ends
        // The first refresh reads the whole list anyway: reading it twice would double a big start.
        await noRefreshRunning()
        let query = SyncMachine<Record>.CatchUpQuery.after((try? storage.syncMarks()) ?? SyncStorage.SyncMarks(), now: Date())
        let token = store.beginRefresh()
        var records: [Record] = []
        var startedAt: Int64?
        var cut = false
        do throws(AppSyncFailure) {
            let since: Int64? = if case .delta(let since) = query { since } else { nil }
            cut = try await readSyncPages(since: since, maximumPages: since == nil ? basePageLimit : nil) { page in
                startedAt = startedAt ?? page.startedAt
                records += page.records
            }
        } catch {
            logger.info("catch-up query failed: \(error)")
            let (again, actions) = machine.catchUpEnded()
            run(actions)
            switch error {
            case .notOffered: run(machine.apiRefused(error, sentIn: machine.dialect))
            case .unreachable, .transient: retryCatchUp(after: attempt)  // else what changed meanwhile stays missed
            case .unauthorized, .misconfigured, .rejected:  // said by the link; the next subscribe tries again
                if again { Task { await self.catchUp() } }
            }
            return
        }
        if query == .base {
            for page in stride(from: 0, to: records.count, by: Self.cacheBatch) {
                run([.save(.merge(Array(records[page..<min(page + Self.cacheBatch, records.count)])))])
                await Task.yield()  // the user's changes get the outbox between two batches
            }
        }
        let (again, actions) = machine.caughtUp(records, by: query, cut: cut, startedAt: startedAt, refresh: token, now: Date())
        run(actions)
        if again { await catchUp() }  // subscribed again meanwhile: what this read began before may be missing
    }

    /// A catch-up that got no answer is asked again (with the probe's backoff) while the
    /// subscriptions are up: they carry only what happens from now on.
    private func retryCatchUp(after attempt: Int) {
        let delay = options.probePolicy.delay(afterFailure: attempt)
        Task { [weak self] in
            try? await Task.sleep(for: delay)
            guard let self, await self.isFollowingLiveSync else { return }  // a new subscribe catches up anyway
            await self.catchUp(attempt: attempt + 1)
        }
    }

    /// The plain dialect's catch-up: no tombstones, so deletions show only in a whole list. What
    /// changed since the last read comes first when the list can be filtered by `updatedAt` (a
    /// smaller answer, on screen sooner), then the whole list. Events need no buffer: a copy with
    /// an older `updatedAt` never replaces a newer one, and a deletion's outranks both.
    private func catchUpWithoutVersions() async {
        let subscribedAfter = wholeReadsBegun
        await noRefreshRunning()
        // A whole read that began after the subscriptions saw everything they did not.
        guard lastWholeReadCompleted <= subscribedAfter else { return }
        await readChangesSinceLastRead()
        await refresh()
    }

    /// The plain dialect: what changed since the last whole read (a filter on `updatedAt`), when the
    /// API offers that filter; no deletions. Whether it could ask.
    @discardableResult
    private func readChangesSinceLastRead() async -> Bool {
        let kept = (try? storage.syncMarks()) ?? SyncStorage.SyncMarks()
        guard machine.dialect.readsChangesSince, let since = kept.lastSync else { return false }
        var records: [Record] = []
        do throws(AppSyncFailure) {
            try await readSyncPages(since: since) { records += $0.records }
        } catch {
            logger.info("catch-up query failed: \(error)")
            return false
        }
        run(machine.mergeRead(records))
        return true
    }

    /// One subscription result (`{"onUpdateRealEstateProperty": {…}}`), read straight into its record.
    @_specialize(where Record == ModelRecord)
    func receive(_ payload: JSONText, deletion: Bool) async {
        switch api.readEvent(payload, deletion: deletion, knownCopy: { store.confirmedRecord($0) }) {
        case .record(let record):
            apply(remote: record)
        case .notHeld:
            return
        case .unreadable:
            // The event came without its record: the other client's mutation did not select the
            // fields this subscription needs (AppSync then sends null and an error). What changed
            // since the last read brings it (a delta query; on the plain dialect the `updatedAt`
            // filter, or for a deletion, which only a whole list shows, a whole read).
            if machine.dialect.hasVersions {
                await catchUp()
            } else if deletion {
                await refresh()
            } else if await !readChangesSinceLastRead() {
                await refresh()
            }
        case .partial(let id):
            // Merged as it is, a field the other client's mutation did not select would blank one
            // on screen: read the record whole instead.
            let fetched = try? await api.get(id: id)
            if let record = fetched ?? nil {
                apply(remote: deletion ? record.tombstone(atLeast: record.version) : record)
            } else if deletion, let known = store.confirmedRecord(id) {
                // Gone on the server and not even a tombstone to read: it is deleted, one write later at least.
                apply(remote: known.tombstone(atLeast: known.version + 1))
            }
        }
    }

    private func apply(remote record: Record) {
        run(machine.remote(record))
    }
}
