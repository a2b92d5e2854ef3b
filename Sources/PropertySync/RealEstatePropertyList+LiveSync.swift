import AppSync
import Foundation
import OptimisticStore

/// Changes made elsewhere, as AppSync's delta sync takes them in: subscribe and
/// buffer; run the base query (first time, or when the last is older than a day) or
/// the delta query since the last sync; apply it; then drain the buffer; keep the
/// query's `startedAt` for next time. After a reconnect the same runs again, so
/// nothing missed while disconnected is lost. Remote records only ever change the
/// confirmed side (the newer `_version` wins), so pending edits stay on top.
extension RealEstatePropertyList {
    /// A base query at least this often, as AppSync's clients do.
    static let baseRefreshInterval: TimeInterval = 24 * 60 * 60

    /// Follows the realtime events until the stream ends.
    public func follow(_ events: AsyncStream<RealtimeEvent>) async {
        for await event in events {
            switch event {
            case .subscribed:
                await catchUp()
            case .data(let subscription, let payload):
                await receive(payload, deletion: subscription == "onDelete")
            case .disconnected(let reason):
                logger.info("realtime connection lost: \(reason)")
            case .unauthorized(let reason):
                logger.warning("realtime connection refused: \(reason)")
            }
        }
    }

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

    /// The catch-up query after (re)subscribing. Events arriving meanwhile wait in the buffer.
    func catchUp() async {
        guard syncBuffer == nil else { return }  // one at a time; the one running sees the same changes
        syncBuffer = []
        // The first refresh reads the whole list anyway: reading it twice would double a big start.
        await noRefreshRunning()
        let kept = (try? storage.syncMarks()) ?? SyncStorage.SyncMarks()
        let isBase = kept.lastSync == nil || kept.lastBaseSync.map { Date().timeIntervalSince($0) > Self.baseRefreshInterval } ?? true
        let token = store.beginRefresh()
        var records: [RealEstateProperty] = []
        let startedAt: Int64?
        do throws(AppSyncFailure) {
            startedAt = try await readSyncPages(since: isBase ? nil : kept.lastSync) { records.append(contentsOf: $0) }
        } catch {
            logger.info("catch-up query failed: \(error)")
            drainSyncBuffer()
            return
        }
        if isBase {
            for page in stride(from: 0, to: records.count, by: Self.cacheBatch) {
                persist("the synced list") { try storage.merge(Array(records[page..<min(page + Self.cacheBatch, records.count)])) }
                await Task.yield()  // the user's changes get the outbox between two batches
            }
            adoptWholeList(records, startedAt: token)
            setLoadState(.loaded)
        } else {
            var changed = StoreDiff<String>()
            mergePage(records, into: &changed)
            publish(changed)  // one event for the screen, however many records the delta held
            persist("the synced records") { try storage.merge(records) }
        }
        if let startedAt {
            persist("the sync time") { try storage.setSyncMarks(lastSync: startedAt, baseSync: isBase ? Date() : nil) }
        }
        drainSyncBuffer()
        if pause != nil, case .unreachable = pause {
            resumeSending()  // the server answered: it is back
        }
    }

    /// One subscription result: `{"onUpdateRealEstateProperty": {…}}`.
    func receive(_ payload: JSONValue, deletion: Bool) async {
        guard case .object(let fields) = payload, let value = fields.values.first, value["id"]?.stringValue != nil else {
            // The event came without its record: the other client's mutation did not select the
            // fields this subscription needs (AppSync then sends null and an error). A delta
            // query brings whatever changed, this included.
            await catchUp()
            return
        }
        if var record = try? value.decode(as: RealEstateProperty.self) {
            if deletion { record.isDeleted = true }
            apply(remote: record)
            return
        }
        // Another client's mutation selected fewer fields, so some arrive as null: read it whole.
        guard let id = value["id"]?.stringValue else { return }
        let fetched = try? await api.get(id: id)
        if let record = fetched ?? nil {
            apply(remote: deletion ? record.tombstone(atLeast: record.version) : record)
        } else if deletion, let known = store.confirmedRecord(id) {
            // Gone on the server and not even a tombstone to read: it is deleted, one write later at least.
            let version = if case .int(let number)? = value["_version"] { Int(number) } else { known.version + 1 }
            apply(remote: known.tombstone(atLeast: version))
        }
    }

    private func apply(remote record: RealEstateProperty) {
        if syncBuffer != nil {
            syncBuffer?.append(record)
        } else {
            merge(record)
        }
    }

    private func drainSyncBuffer() {
        let buffered = syncBuffer ?? []
        syncBuffer = nil
        for record in buffered { merge(record) }
    }
}
