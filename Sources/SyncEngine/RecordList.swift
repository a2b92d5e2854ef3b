import AmplifyModels
import AppSync
import Foundation
import Logging
import OptimisticStore

/// The sample's actor, done right, for any model's records: it owns an `OptimisticStore` of
/// them, applies the user's changes at once, keeps them in a durable outbox, sends them in the
/// background (in order per record, a bounded number of records at a time), and reports every
/// change of what the user sees to its event sink.
///
/// Nothing is rolled back by index: a refusal drops its own operation and the
/// record is re-derived from what the server confirmed plus what is still pending.
/// After a restart the list starts from the cache and the outbox, as it was.
public actor RecordList<Record: ListRecord> {
    let sinkBatch: RecordListEventBatchSink<Record>
    /// The events of the step being carried out (nil between steps): they go out together.
    private var stepEvents: [RecordListEvent<Record>]?
    let storage: any RecordCache<Record>
    let logger: Logger
    /// The rules: what to send, what an answer means, what the header says (see `SyncMachine`).
    /// This actor only carries out its actions and feeds their results back.
    var machine: SyncMachine<Record>
    var store: OptimisticStore<Record> { machine.store }
    var options: SyncOptions { machine.options }
    /// The server, as given; requests go out in the dialect the machine says (`api`).
    let server: any ListAPI<Record>
    var api: any ListAPI<Record> { server.speaking(machine.dialect) }

    /// Creates across the backend's lists (nil: a list alone, the sample's).
    var gate: CreateGate<Record>?

    // MARK: Tasks under way
    /// Watching for the server's return while the link says it cannot be reached.
    var probe: Task<Void, Never>?
    /// What to guess when the API answers no introspection query (an `amplify_outputs.json`
    /// of Amplify Gen 2 suggests the plain dialect).
    let dialectHint: APIDialect?
    /// The one introspection under way; others wait for it.
    var learningDialect: Task<Void, Never>?

    // MARK: Live sync (see +LiveSync, +Dialect)
    /// Opens the realtime socket with a dialect's subscriptions (nil: live sync is not wanted).
    var realtimeConnector: RealtimeConnector?
    var realtime: (client: RealtimeClient, following: Task<Void, Never>)?

    // MARK: Reading the whole list (see +Connectivity)
    /// Full list reads under way: a catch-up waits for them, then needs only a delta.
    var refreshesRunning = 0 {
        didSet { if refreshesRunning == 0 { resumeRefreshWaiters() } }
    }
    /// Catch-ups waiting for the running refreshes to end (see `noRefreshRunning`).
    var refreshWaiters: [CheckedContinuation<Void, Never>] = []
    /// Whole list reads begun, and the number of the last one that read to the end: a catch-up
    /// after subscribing is not needed when a whole read began after the subscriptions did.
    var wholeReadsBegun = 0
    var lastWholeReadCompleted = 0
    /// Reads under way, for the header's busy mark.
    var busyLoads = 0

    // MARK: The cache, read behind the first frame (see +Cache)
    /// Where the rest of the cache is read from (nil: it has all been read).
    var cacheRest: SyncStorage.CachePosition?
    /// How many records the cache holds, for the header's progress.
    let cachedCount: Int
    /// Reading the rest of the cache; a refresh waits for it (see `readRestOfCache`).
    var cacheReading: Task<Void, Never>?
    /// The cache tidied after a whole read (`tidyCache`).
    var cacheTidying: Task<Void, Never>?

    // MARK: Group commit (see +GroupCommit)
    /// The sender's outbox writes not committed yet, in order: the open group, number `openGroup`.
    var uncommitted: [OutboxWrite<Record>] = []
    var openGroup = 1
    /// The records the open group writes (every one: a write that does not say which).
    var recordsInGroup: Set<Record.ID> = []
    var groupHoldsEveryRecord = false
    /// The group the background commit is writing, with its records.
    var groupOnItsWay: (number: Int, records: Set<Record.ID>, everyRecord: Bool)?
    /// Every group up to this number is on disk.
    var committedGroup = 0
    /// The background commit is running (it takes groups until none is open).
    var committing = false
    /// What waits for a group to be on disk: events for the screen, in order, and sends.
    var eventsAfterCommit: [(group: Int, events: [RecordListEvent<Record>])] = []
    var sendsAfterCommit: [(group: Int, operation: OperationID, mutation: ModelMutation<Record>)] = []

    /// A list over what `storage` kept (the cache and the outbox) and `api`.
    /// Nothing is sent and nothing is published until `start()`.
    public init(
        api: any ListAPI<Record>, storage: any RecordCache<Record>, options: SyncOptions = SyncOptions(), dialectHint: APIDialect? = nil,
        logger: Logger = Logger(label: "proptui.sync"), onEvent sink: @escaping @Sendable (RecordListEvent<Record>) -> Void
    ) throws {
        try self.init(
            api: api, storage: storage, options: options, dialectHint: dialectHint, logger: logger,
            onEvents: { events in events.forEach(sink) })
    }

    /// The same, with the events of each step handed over together (see `RecordListEventBatchSink<Record>`).
    ///
    /// Any model's list among others of one backend is given their `gate`, which holds a create
    /// back until its parent (made in another list, perhaps) is on the server. Every list of the
    /// backend is made before any is started, so that each knows the others' kept creates.
    public init(
        api: any ListAPI<Record>, storage: any RecordCache<Record>, options: SyncOptions = SyncOptions(), dialectHint: APIDialect? = nil,
        gate: CreateGate<Record>? = nil, logger: Logger = Logger(label: "proptui.sync"),
        onEvents sink: @escaping RecordListEventBatchSink<Record>
    ) throws {
        let (kept, rest) = try storage.loadStart(firstBatch: Self.cacheBatch)
        let knownDialect = try storage.dialect()
        machine = SyncMachine<Record>(
            store: OptimisticStore(confirmed: kept.confirmed, pending: kept.pending), options: options,
            dialect: knownDialect ?? api.dialect, dialectIsKnown: knownDialect != nil,
            loadState: kept.cachedCount == 0 && kept.refreshedAt == nil ? .loading : .cached(refreshedAt: kept.refreshedAt))
        cacheRest = rest
        cachedCount = kept.cachedCount
        self.storage = storage
        server = api
        self.dialectHint = dialectHint
        self.logger = logger
        sinkBatch = sink
        self.gate = gate
        machine.parentState = gate?.parentState
        for operation in kept.pending {
            if case .create = operation.change { gate?.pending(operation.recordID) }
        }
    }

    /// One event: with the step under way, if any, else on its own.
    func sink(_ event: RecordListEvent<Record>) {
        if stepEvents != nil {
            stepEvents?.append(event)
        } else if let group = groupForEvents {
            eventsAfterCommit.append((group, [event]))
        } else {
            sinkBatch([event])
        }
    }

    /// Shows what was kept at once (the outbox and the cache's first batch), then resumes
    /// sending the outbox, reads the rest of the cache and refreshes. Returns as soon as the
    /// first rows are published; the rest runs on.
    @_specialize(where Record == ModelRecord)
    public func start() {
        gate?.whenParentsSettle { [weak self] in
            Task { await self?.parentsSettled() }
        }
        sinkBatch([.loaded(rows), .loadStateChanged(machine.loadState), .pendingCountChanged(store.pendingCount), .viewsRead(viewsRead)]
            + (machine.dialectIsKnown ? [.dialectKnown(machine.dialect)] : []))
        // The outbox waits for the dialect (its writes depend on it): a dialect kept from the last
        // run is used at once, and checked by the first refusal, if any; else the refresh asks.
        run(machine.resumeOutbox())
        readRestOfCache()
        Task { await self.refresh() }
    }

    // MARK: - Reading

    /// Every visible row, for a first draw: O(n), made anew each time.
    public var rows: [RecordRow<Record>] { machine.rows }

    /// How many rows are visible, without making them (O(1)).
    public var rowCount: Int { machine.store.count }

    public func row(_ id: Record.ID) -> RecordRow<Record>? { machine.row(id) }

    /// How many changes wait for the server, as the outbox on disk says: a group commit under
    /// way is made first, as it is before the screen hears of it.
    public var pendingCount: Int {
        commitNow()
        return store.pendingCount
    }

    /// The operations waiting for the server, oldest first (for the detail view and tests), as
    /// the outbox on disk holds them.
    public var pendingOperations: [PendingOperation<Record>] {
        commitNow()
        return store.pendingOperations
    }

    /// How requests reach the server (the header may say more: live sync's health).
    public var currentConnectivity: Connectivity { machine.link.requests }

    /// What the header shows of the link (live sync's health included).
    var shownConnectivity: Connectivity { machine.link.shown }

    /// Whether the realtime subscriptions are acknowledged: changes made elsewhere arrive.
    public var isFollowingLiveSync: Bool { machine.isSubscribed }

    // MARK: - Carrying out the machine's actions

    /// Does what the machine asked, in order: requests and timers as tasks that feed their
    /// outcome back, writes to SQLite (the sender's in a group commit, see +GroupCommit), events
    /// to the screen. The step's writes come first and its events go out together at the end,
    /// once the writes are committed: the screen is told what is already kept, and never draws
    /// a revert (`⚡`) without its pending count and its reason.
    /// A step's actions may start another step at once (closing the socket); its events join
    /// the outer step's, in order.
    @_specialize(where Record == ModelRecord)
    func run(_ actions: [SyncMachine<Record>.Action]) {
        let outermost = stepEvents == nil
        if outermost { stepEvents = [] }
        defer {
            if outermost, let events = stepEvents {
                stepEvents = nil
                if let group = groupForEvents {
                    eventsAfterCommit.append((group, events))
                } else if !events.isEmpty {
                    sinkBatch(events)
                }
            }
        }
        for case .save(let write) in actions { keep(write) }
        for action in actions {
            switch action {
            case .send(let operation, let mutation):
                if let group = groupToWaitFor(mutation.recordID) {
                    sendsAfterCommit.append((group, operation, mutation))
                } else {
                    send(mutation, for: operation)
                }
            case .read(let recordID, let operation):
                Task { await self.read(recordID, for: operation) }
            case .save:
                break  // done above
            case .emit(let event):
                sink(event)
            case .wake(let delay, let record, let ticket):
                Task { [weak self] in
                    try? await Task.sleep(for: delay)
                    await self?.backoffEnded(record, ticket: ticket)
                }
            case .startProbing:
                if probe == nil { startProbing() }
            case .stopProbing:
                probe?.cancel()
                probe = nil
            case .learnDialect:
                if learningDialect == nil { Task { await self.learnDialect() } }
            case .refresh:
                Task { await self.refresh() }
            case .checkServer:
                Task { await self.checkServer() }
            case .subscribe(let dialectChanged):
                if dialectChanged || realtime == nil { restartLiveSync() }
            case .reopenLiveSync:
                if realtime != nil { restartLiveSync() }
            case .log(let level, let message):
                logger.log(level: level, "\(message)")
            case .createPending(let id):
                gate?.pending(id)
            case .createLeft(let id, let name, let refusal):
                gate?.left(id, name, refusal)
            }
        }
    }

    /// Puts a mutation on the wire from a task of its own: it leaves at once, even while this
    /// actor is busy (a group commit waiting for the disk), and only its answer comes back here.
    func send(_ mutation: ModelMutation<Record>, for operation: OperationID) {
        let api = api
        Task.detached {
            let answer: Result<Record, AppSyncFailure>
            do throws(AppSyncFailure) {
                answer = .success(try await api.send(mutation))
            } catch {
                answer = .failure(error)
            }
            await self.answered(answer, to: operation)
        }
    }

    private func answered(_ answer: Result<Record, AppSyncFailure>, to operation: OperationID) {
        run(machine.answered(answer, to: operation))
    }

    private func read(_ recordID: Record.ID, for operation: OperationID) async {
        let answer: Result<Record?, AppSyncFailure>
        do {
            answer = .success(try await api.get(id: recordID))
        } catch {
            answer = .failure(error)
        }
        run(machine.read(answer, for: operation))
    }

    private func checkServer() async {
        var failure: AppSyncFailure?
        do { try await api.probe() } catch { failure = error }
        run(machine.checked(failure))
    }

    private func parentsSettled() {
        run(machine.parentsSettled())
    }

    private func backoffEnded(_ record: Record.ID, ticket: Int) {
        run(machine.backoffEnded(record, ticket: ticket))
    }

    /// Writes to the outbox or cache that fail after the fact (the change is already applied) are
    /// logged: the worst case is an operation sent again after a restart, which the sender
    /// recognises as already applied.
    func save(_ write: SyncMachine<Record>.StorageWrite) {
        do {
            switch write {
            case .outbox(let write): try storage.commit([write])
            case .merge(let records): try storage.merge(records)
            case .remove(let ids, let refreshedAt, let rowCount):
                try storage.remove(ids, refreshedAt: refreshedAt, rowCount: rowCount)
                tidyCache()
            case .syncMarks(let lastSync, let baseSync): try storage.setSyncMarks(lastSync: lastSync, baseSync: baseSync)
            case .dialect(let dialect): try storage.setDialect(dialect)
            case .viewRead(let view): try storage.setViewRead(view)
            case .clearCache: try storage.clearCache()
            }
        } catch {
            logger.error("could not save \(write.summary): \(error)")
        }
    }

    /// Tidies the cache after a whole read (`RecordCache.tidyAfterWholeRead`) behind any tidying
    /// still under way, without holding this actor: the list is loaded before its cache's index
    /// is built.
    func tidyCache() {
        let previous = cacheTidying
        cacheTidying = Task { [storage, logger] in
            await previous?.value
            do {
                try await storage.tidyAfterWholeRead()
            } catch {
                logger.error("could not tidy the cache after a whole read: \(error)")
            }
        }
    }

    /// Waits until the cache is tidied after the last whole read (a test, the bench).
    public func cacheTidied() async {
        await cacheTidying?.value
    }

    func setBusy(_ busy: Bool) {
        let wasBusy = busyLoads > 0
        busyLoads += busy ? 1 : -1
        if wasBusy != (busyLoads > 0) { sink(.busyChanged(busyLoads > 0)) }
    }

    deinit {
        probe?.cancel()
        realtime?.client.stop()
        realtime?.following.cancel()
    }
}

extension SyncMachine.StorageWrite {
    /// What was being saved, for the log.
    var summary: String {
        switch self {
        case .outbox(.update(let operation)): "operation \(operation.id)"
        case .outbox(.counted(let attempts)): "the sends of \(attempts.count) operations"
        case .outbox(.settle): "a settled change"
        case .outbox(.confirm): "a confirmed change"
        case .outbox(.cache(let records)): "\(records.count) server records"
        case .merge(let records): "\(records.count) server records"
        case .remove: "the refreshed list"
        case .syncMarks: "the sync time"
        case .dialect: "the API's dialect"
        case .viewRead: "a view read"
        case .clearCache: "the emptied cache"
        }
    }
}
