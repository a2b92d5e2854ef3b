import AmplifyModels
import AppSync
import OptimisticStore
import Testing
@testable import SyncEngine

/// A scripted `ListAPI` of the sample's model for the list's unit tests: an in-memory server
/// with AppSync's version rules that can hold replies, fail on demand and record what it
/// received and how much ran at once.
actor ScriptedServer: ListAPI {
    enum Reply: Sendable {
        case accept
        case reject(String)
        case conflict
        case transient
        /// As if the server were down: nothing was sent.
        case unreachable
        /// HTTP 401: the credentials were refused.
        case unauthorized
        /// A well-formed answer about another record (a confused or hostile server).
        case answerFor(ModelRecord)
    }

    var records: [RecordKey: ModelRecord] = [:]
    /// Mutations in the order they arrived.
    private(set) var received: [ModelMutation<ModelRecord>] = []
    private(set) var maximumInFlight = 0
    private(set) var maximumInFlightPerRecord = 0
    private var inFlight: [RecordKey: Int] = [:]
    /// The most creates on the wire at once (they must go one at a time, in the order made).
    private(set) var maximumCreatesInFlight = 0
    private var createsInFlight = 0
    /// Replies for the next mutations, in order; when empty, `accept`.
    var script: [Reply] = []
    /// While true, replies wait for `release()`.
    var holding = false
    private var held: [CheckedContinuation<Void, Never>] = []

    init(records: [ModelRecord] = []) {
        for record in records { self.records[record.id] = record }
    }

    func set(script: [Reply]) { self.script = script }
    func hold() { holding = true }
    func release() {
        holding = false
        let waiting = held
        held = []
        for continuation in waiting { continuation.resume() }
    }

    var heldCount: Int { held.count }

    /// While true, list pages after the first wait for `releasePages()` (a slow large list).
    private var holdingPages = false
    private var heldPages: [CheckedContinuation<Void, Never>] = []
    private(set) var listPagesServed = 0

    /// While true, list pages fail with a transient error (a load cut halfway).
    private var pagesFail = false

    func failNextPages() { pagesFail = true }
    func stopFailingPages() { pagesFail = false }
    func holdPages() { holdingPages = true }
    func releasePages() {
        holdingPages = false
        let waiting = heldPages
        heldPages = []
        for continuation in waiting { continuation.resume() }
    }

    /// Polls until the condition holds (the list's sends run on other tasks); giving up fails the test.
    func wait(
        until condition: @Sendable (isolated ScriptedServer) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let deadline = ContinuousClock.now + hangGuard
        while !condition(self) {
            guard ContinuousClock.now < deadline else {
                Issue.record("the scripted server's condition did not hold within \(hangGuard)", sourceLocation: sourceLocation)
                return
            }
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Whether the server answers probes (false: as if it were down).
    var reachable = true

    func setReachable(_ value: Bool) { reachable = value }

    func probe() async throws(AppSyncFailure) {
        guard reachable else { throw .unreachable("the server refused the connection (scripted)") }
    }

    /// One page of every record in id order: what `syncPage` answers here.
    func listPage(limit: Int, nextToken: String?) async throws(AppSyncFailure) -> RecordPage<ModelRecord> {
        if holdingPages, nextToken != nil { await withCheckedContinuation { heldPages.append($0) } }
        if pagesFail { throw .transient("The network connection was lost.") }
        listPagesServed += 1
        let sorted = records.values.sorted { $0.id < $1.id }
        let start = Int(nextToken ?? "0") ?? 0
        let end = min(start + limit, sorted.count)
        return RecordPage(items: Array(sorted[start..<end]), nextToken: end < sorted.count ? String(end) : nil)
    }

    func get(id: RecordKey) async throws(AppSyncFailure) -> ModelRecord? { records[id] }

    /// The versioned dialect's rules; it answers no introspection, so the list guesses (versioned).
    nonisolated var dialect: APIDialect { .versioned }
    nonisolated func speaking(_ dialect: APIDialect) -> any ListAPI<ModelRecord> { self }
    func describe() async throws(AppSyncFailure) -> APIDescription? {
        if !describeFailures.isEmpty { throw describeFailures.removeFirst() }
        return nil
    }

    /// Failures for the next introspection queries, in order; then no answer (none offered).
    var describeFailures: [AppSyncFailure] = []
    func failDescribe(_ failures: [AppSyncFailure]) { describeFailures = failures }

    /// The sample's model in the versioned dialect: what live sync would subscribe to, and how
    /// its events would be read.
    private nonisolated var model: ModelRecordSync { ModelRecordSync(layout: sampleLayout, dialect: dialect.documentDialect) }

    nonisolated var modelDescription: AmplifyModel { model.model }

    nonisolated var subscriptions: [RealtimeSubscription] {
        model.subscriptions.map { RealtimeSubscription(id: $0.id, query: $0.query, variables: $0.variables) }
    }

    nonisolated func readEvent(
        _ data: JSONText, deletion: Bool, knownCopy: (RecordKey) -> ModelRecord?
    ) -> RemoteRecordEvent<ModelRecord> {
        model.readEvent(data, deletion: deletion, knownCopy: knownCopy)
    }

    /// Every record, tombstones included (a scripted server keeps no change times).
    func syncPage(limit: Int, nextToken: String?, lastSync: Int64?) async throws(AppSyncFailure) -> RecordPage<ModelRecord> {
        var page = try await listPage(limit: limit, nextToken: nextToken)
        page.startedAt = 1
        if loopingTokens { page.nextToken = "page-again" }
        return page
    }

    /// The page, with its next token guessed wrong when `misguessTokens` says so: every other
    /// page guesses the token of the page after next, and the rest guess that the list ends.
    func unreadSyncPage(limit: Int, nextToken: String?, lastSync: Int64?) async throws(AppSyncFailure) -> UnreadRecordPage<ModelRecord> {
        let page = try await syncPage(limit: limit, nextToken: nextToken, lastSync: lastSync)
        guard misguessing, let next = page.nextToken, let offset = Int(next) else {
            return UnreadRecordPage(nextTokenGuess: page.nextToken) { page }
        }
        misguessed += 1
        return UnreadRecordPage(nextTokenGuess: misguessed % 2 == 0 ? String(offset + limit) : nil) { page }
    }

    private var misguessing = false
    private var misguessed = 0
    func misguessTokens() { misguessing = true }

    /// A broken server: every page hands out the same token, so its list never ends.
    private var loopingTokens = false
    func loopTokens() { loopingTokens = true }

    func send(_ mutation: ModelMutation<ModelRecord>) async throws(AppSyncFailure) -> ModelRecord {
        received.append(mutation)
        let id = Self.recordID(of: mutation)
        inFlight[id, default: 0] += 1
        maximumInFlightPerRecord = max(maximumInFlightPerRecord, inFlight[id]!)
        maximumInFlight = max(maximumInFlight, inFlight.values.reduce(0, +))
        let isCreate = if case .create = mutation { true } else { false }
        if isCreate { createsInFlight += 1 }
        maximumCreatesInFlight = max(maximumCreatesInFlight, createsInFlight)
        if holding { await withCheckedContinuation { held.append($0) } }
        inFlight[id]! -= 1
        if isCreate { createsInFlight -= 1 }
        let reply = script.isEmpty ? .accept : script.removeFirst()
        switch reply {
        case .transient: throw .transient("The network connection was lost.")
        case .unreachable: throw .unreachable("the server refused the connection (scripted)")
        case .unauthorized: throw .unauthorized("You are not authorized to make this call.")
        case .answerFor(let stranger): return stranger
        case .reject(let message): throw .rejected(GraphQLError(message: message, errorType: "Unknown"))
        case .conflict:
            throw .rejected(GraphQLError(
                message: "Conflict resolver rejects mutation.", errorType: "ConflictUnhandled",
                data: records[id].map(Self.json)))
        case .accept: return try apply(mutation)
        }
    }

    private func apply(_ mutation: ModelMutation<ModelRecord>) throws(AppSyncFailure) -> ModelRecord {
        switch mutation {
        case .create(let record):
            guard records[record.id] == nil else {
                throw .rejected(GraphQLError(
                    message: "The conditional request failed", errorType: "DynamoDB:ConditionalCheckFailedException"))
            }
            var created = record
            created.version = 1
            created["createdAt"] = .string("2026-11-22T10:00:00.000Z")
            records[record.id] = created
            return created
        case .update(let id, let patch, let base):
            guard var record = records[id], !record.isDeleted else { throw .rejected(GraphQLError(message: "not found")) }
            guard base?.version == record.version else { throw conflict(record) }
            record = record.applying(patch)
            record.version += 1
            records[id] = record
            return record
        case .delete(let id, let base):
            guard var record = records[id], !record.isDeleted else { throw .rejected(GraphQLError(message: "not found")) }
            guard base?.version == record.version else { throw conflict(record) }
            record.isDeleted = true
            record.version += 1
            records[id] = record
            return record
        }
    }

    private func conflict(_ record: ModelRecord) -> AppSyncFailure {
        .rejected(GraphQLError(
            message: "Conflict resolver rejects mutation.", errorType: "ConflictUnhandled", data: Self.json(record)))
    }

    static func recordID(of mutation: ModelMutation<ModelRecord>) -> RecordKey {
        switch mutation {
        case .create(let record): record.id
        case .update(let id, _, _), .delete(let id, _): id
        }
    }

    /// The record as an answer holds it: every field in its wire form, with the server's numbers.
    static func json(_ record: ModelRecord) -> JSONValue {
        var object: [String: JSONValue] = ["_version": .int(Int64(record.version)), "_deleted": .bool(record.isDeleted)]
        for (index, value) in record.values.enumerated() { object[record.layout.fields[index].name] = record.layout.codecs[index].json(value) }
        return .object(object)
    }

    /// A record gone from the server with no tombstone (purged): only a whole list shows it.
    func removeRecord(_ id: RecordKey) { records[id] = nil }

    /// A server-side change by another client.
    func remoteRename(_ id: RecordKey, to name: String) {
        records[id]?.name = name
        records[id]?.version += 1
    }
}
