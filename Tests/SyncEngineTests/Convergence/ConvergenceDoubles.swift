import AmplifyModels
import AppSync
import Foundation
import OptimisticStore
@testable import SyncEngine
import Synchronization

/// An on/off switch shared by the API values a list makes of one (`speaking` another dialect).
final class NetworkSwitch: Sendable {
    private let isOff = Mutex(false)

    var off: Bool {
        get { isOff.withLock { $0 } }
        set { isOff.withLock { $0 = newValue } }
    }
}

/// Any model's real API behind two switches: the client's network (`offline`: a while without
/// it, changes queue) and its process (`dead`: the list was killed; nothing it sends leaves), and
/// the run's `Wire`: every call is counted there, and every mutation waits there until the
/// schedule lets it through with its fate. Live sync's socket is not cut: a cut client still
/// hears others, as a half-broken network does; each event it reads is counted.
final class CuttableModelAPI: ListAPI {
    typealias Record = ModelRecord

    let api: any ListAPI<ModelRecord>
    let offline: NetworkSwitch
    let dead: NetworkSwitch
    let wire: Wire
    let tag: ListTag

    init(_ api: any ListAPI<ModelRecord>, offline: NetworkSwitch, dead: NetworkSwitch, wire: Wire, tag: ListTag) {
        self.api = api
        self.offline = offline
        self.dead = dead
        self.wire = wire
        self.tag = tag
    }

    private func check() throws(AppSyncFailure) {
        if offline.off || dead.off { throw .unreachable("the server refused the connection (cut off by the test)") }
    }

    var dialect: APIDialect { api.dialect }

    func speaking(_ dialect: APIDialect) -> any ListAPI<ModelRecord> {
        CuttableModelAPI(api.speaking(dialect), offline: offline, dead: dead, wire: wire, tag: tag)
    }

    func describe() async throws(AppSyncFailure) -> APIDescription? {
        wire.enter(tag)
        defer { wire.leave(tag) }
        try check()
        return try await api.describe()
    }

    func get(id: RecordKey) async throws(AppSyncFailure) -> ModelRecord? {
        wire.enter(tag)
        defer { wire.leave(tag) }
        try check()
        return try await api.get(id: id)
    }

    func send(_ mutation: ModelMutation<ModelRecord>) async throws(AppSyncFailure) -> ModelRecord {
        wire.enter(tag)
        defer { wire.leave(tag) }
        try check()
        let fate = await wire.park(tag, label: label(mutation))
        // Cut off while it waited: it never left.
        try check()
        switch fate {
        case .deliver:
            let answer = try await api.send(mutation)
            wire.applied(model: tag.model)
            return answer
        case .loseAnswer:
            if (try? await api.send(mutation)) != nil { wire.applied(model: tag.model) }
            throw .transient("the answer was lost (the test's wire)")
        case .drop:
            throw .unreachable("the connection dropped before the request left (the test's wire)")
        case .unavailable:
            throw .transient("HTTP 503 (the test's wire)")
        }
    }

    /// A mutation by kind and key (its alias, for a key the app drew): one list has at most one
    /// per record on the wire.
    func label(_ mutation: ModelMutation<ModelRecord>) -> String {
        switch mutation {
        case .create(let record): "create \(wire.name(record.id))"
        case .update(let id, _, _): "update \(wire.name(id))"
        case .delete(let id, _): "delete \(wire.name(id))"
        }
    }

    func probe() async throws(AppSyncFailure) {
        wire.enter(tag)
        defer { wire.leave(tag) }
        try check()
        try await api.probe()
    }

    func syncPage(limit: Int, nextToken: String?, lastSync: Int64?) async throws(AppSyncFailure) -> RecordPage<ModelRecord> {
        wire.enter(tag)
        defer { wire.leave(tag) }
        try check()
        return try await api.syncPage(limit: limit, nextToken: nextToken, lastSync: lastSync)
    }

    func unreadSyncPage(limit: Int, nextToken: String?, lastSync: Int64?) async throws(AppSyncFailure) -> UnreadRecordPage<ModelRecord> {
        // Read at once (its reading is not deferred past the count).
        let page = try await syncPage(limit: limit, nextToken: nextToken, lastSync: lastSync)
        return UnreadRecordPage(nextTokenGuess: page.nextToken) { page }
    }

    var subscriptions: [RealtimeSubscription] { api.subscriptions }

    func readEvent(_ data: JSONText, deletion: Bool, knownCopy: (RecordKey) -> ModelRecord?) -> RemoteRecordEvent<ModelRecord> {
        wire.receivedEvent(tag)
        return api.readEvent(data, deletion: deletion, knownCopy: knownCopy)
    }

    var modelDescription: AmplifyModel { api.modelDescription }
}

/// A model's cache that can be killed with its list: after `kill()` nothing more is written
/// (a dead process writes nothing), so the list reopened over the same file starts from exactly
/// what was committed before the kill, while the old actor's last tasks run out harmlessly.
final class KillableCache: RecordCache {
    typealias Record = ModelRecord

    struct Killed: Error {}

    let cache: ModelCache
    private let dead = Mutex(false)

    init(_ cache: ModelCache) { self.cache = cache }

    func kill() { dead.withLock { $0 = true } }

    private func alive() throws { if dead.withLock({ $0 }) { throw Killed() } }

    func loadStart(firstBatch: Int) throws -> (snapshot: CacheSnapshot<ModelRecord>, next: SyncStorage.CachePosition?) {
        try cache.loadStart(firstBatch: firstBatch)
    }

    func cachedRecords(after position: SyncStorage.CachePosition, limit: Int) throws -> (records: [ModelRecord], next: SyncStorage.CachePosition?) {
        try cache.cachedRecords(after: position, limit: limit)
    }

    func append(_ operation: PendingOperation<ModelRecord>) throws {
        try alive()
        try cache.append(operation)
    }

    func commit(_ writes: [OutboxWrite<ModelRecord>]) throws {
        try alive()
        try cache.commit(writes)
    }

    func commitInBackground(_ writes: [OutboxWrite<ModelRecord>]) async throws {
        try alive()
        try await cache.commitInBackground(writes)
    }

    func merge(_ records: [ModelRecord]) throws {
        try alive()
        try cache.merge(records)
    }

    func remove(_ ids: [RecordKey], refreshedAt: Date, rowCount: Int) throws {
        try alive()
        try cache.remove(ids, refreshedAt: refreshedAt, rowCount: rowCount)
    }

    func tidyAfterWholeRead() async throws {
        try alive()
        try await cache.tidyAfterWholeRead()
    }

    func clearCache() throws {
        try alive()
        try cache.clearCache()
    }

    func syncMarks() throws -> SyncStorage.SyncMarks { try cache.syncMarks() }

    func setSyncMarks(lastSync: Int64, baseSync: Date?) throws {
        try alive()
        try cache.setSyncMarks(lastSync: lastSync, baseSync: baseSync)
    }

    func dialect() throws -> APIDialect? { try cache.dialect() }

    func setDialect(_ dialect: APIDialect) throws {
        try alive()
        try cache.setDialect(dialect)
    }
}

/// What the user was told about an operation (a `succeeded` or `reverted` event), at the step
/// the test had reached when it arrived.
struct Outcome: Sendable {
    var step: Int
    var client: String
    var model: String
    var key: RecordKey
    var succeeded: Bool
    var kind: OperationKind
    var message: String?
    /// A refusal because someone else changed or deleted the record meanwhile (`⚡`).
    var conflict = false
}

/// The test's clock (the step under way) and every outcome any list reported, in order.
final class Journal: Sendable {
    private let state = Mutex<(step: Int, outcomes: [Outcome])>((step: 0, outcomes: []))

    var step: Int {
        get { state.withLock { $0.step } }
        set { state.withLock { $0.step = newValue } }
    }

    var outcomes: [Outcome] { state.withLock { $0.outcomes } }

    func note(_ outcome: (Int) -> Outcome) { state.withLock { $0.outcomes.append(outcome($0.step)) } }
}

/// The screen of one list, as the model browser keeps it: a row per key, replaced whole by
/// `.loaded` and changed by `.rowsChanged`, from the list's events and nothing else.
final class ScreenRows: Sendable {
    private let rows = Mutex<[RecordKey: ModelRecord]>([:])
    let client: String
    let model: String
    let journal: Journal

    init(client: String, model: String, journal: Journal) {
        self.client = client
        self.model = model
        self.journal = journal
    }

    var shown: [RecordKey: ModelRecord] { rows.withLock { $0 } }

    var sink: @Sendable (RecordListEvent<ModelRecord>) -> Void { { event in self.apply(event) } }

    func apply(_ event: RecordListEvent<ModelRecord>) {
        switch event {
        case .loaded(let all):
            rows.withLock { rows in rows = Dictionary(all.map { ($0.id, $0.record) }, uniquingKeysWith: { _, last in last }) }
        case .rowsChanged(let update):
            rows.withLock { rows in
                for id in update.removed { rows[id] = nil }
                for row in update.upserted { rows[row.id] = row.record }
            }
        case .succeeded(let summary):
            journal.note { Outcome(step: $0, client: client, model: model, key: summary.recordID, succeeded: true, kind: summary.kind) }
        case .reverted(let summary, let message, let conflict):
            journal.note {
                Outcome(
                    step: $0, client: client, model: model, key: summary.recordID, succeeded: false, kind: summary.kind, message: message,
                    conflict: conflict)
            }
        default:
            break
        }
    }
}
