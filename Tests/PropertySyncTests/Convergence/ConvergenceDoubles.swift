import AmplifyModels
import AppSync
import Foundation
import OptimisticStore
@testable import PropertySync
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
/// it, changes queue) and its process (`dead`: the list was killed; nothing it sends leaves).
/// Live sync's socket is not cut: a cut client still hears others, as a half-broken network does.
final class CuttableModelAPI: ListAPI {
    typealias Record = ModelRecord

    let api: any ListAPI<ModelRecord>
    let offline: NetworkSwitch
    let dead: NetworkSwitch

    init(_ api: any ListAPI<ModelRecord>, offline: NetworkSwitch, dead: NetworkSwitch) {
        self.api = api
        self.offline = offline
        self.dead = dead
    }

    private func check() throws(AppSyncFailure) {
        if offline.off || dead.off { throw .unreachable("the server refused the connection (cut off by the test)") }
    }

    var dialect: APIDialect { api.dialect }

    func speaking(_ dialect: APIDialect) -> any ListAPI<ModelRecord> {
        CuttableModelAPI(api.speaking(dialect), offline: offline, dead: dead)
    }

    func describe() async throws(AppSyncFailure) -> APIDescription? {
        try check()
        return try await api.describe()
    }

    func get(id: RecordKey) async throws(AppSyncFailure) -> ModelRecord? {
        try check()
        return try await api.get(id: id)
    }

    func send(_ mutation: ModelMutation<ModelRecord>) async throws(AppSyncFailure) -> ModelRecord {
        try check()
        return try await api.send(mutation)
    }

    func probe() async throws(AppSyncFailure) {
        try check()
        try await api.probe()
    }

    func syncPage(limit: Int, nextToken: String?, lastSync: Int64?) async throws(AppSyncFailure) -> RecordPage<ModelRecord> {
        try check()
        return try await api.syncPage(limit: limit, nextToken: nextToken, lastSync: lastSync)
    }

    func unreadSyncPage(limit: Int, nextToken: String?, lastSync: Int64?) async throws(AppSyncFailure) -> UnreadRecordPage<ModelRecord> {
        try check()
        return try await api.unreadSyncPage(limit: limit, nextToken: nextToken, lastSync: lastSync)
    }

    var subscriptions: [RealtimeSubscription] { api.subscriptions }

    func readEvent(_ data: JSONText, deletion: Bool, knownCopy: (RecordKey) -> ModelRecord?) -> RemoteRecordEvent<ModelRecord> {
        api.readEvent(data, deletion: deletion, knownCopy: knownCopy)
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

    func update(_ operation: PendingOperation<ModelRecord>) throws {
        try alive()
        try cache.update(operation)
    }

    func settle(_ operations: [OperationID], writing record: ModelRecord?) throws {
        try alive()
        try cache.settle(operations, writing: record)
    }

    func merge(_ records: [ModelRecord]) throws {
        try alive()
        try cache.merge(records)
    }

    func remove(_ ids: [RecordKey], refreshedAt: Date, rowCount: Int) throws {
        try alive()
        try cache.remove(ids, refreshedAt: refreshedAt, rowCount: rowCount)
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
