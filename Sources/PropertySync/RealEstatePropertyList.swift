import AppSync
import Foundation
import Logging
import OptimisticStore

/// The sample's actor, done right: it owns an `OptimisticStore` of properties,
/// applies the user's changes at once, keeps them in a durable outbox, sends them
/// in the background (in order per record, a bounded number of records at a time),
/// and reports every change of what the user sees to its event sink.
///
/// Nothing is rolled back by index: a refusal drops its own operation and the
/// record is re-derived from what the server confirmed plus what is still pending.
/// After a restart the list starts from the cache and the outbox, as it was.
public actor RealEstatePropertyList {
    let sink: ListEventSink
    let store: OptimisticStore<RealEstateProperty>
    let storage: SyncStorage
    /// The server, speaking the dialect it was found to speak (see +Dialect).
    var api: any PropertyAPI
    let options: SyncOptions
    let logger: Logger

    // MARK: Sending state (see +Sending)
    /// Which record's operation goes on the wire next (a pure value; see `SendSchedule`).
    var schedule = SendSchedule()
    /// Creates wait for the older ones: they are sent in the order made.
    var creationOrder = CreationOrder()
    /// Rebases per operation, so two writers racing cannot loop forever.
    var rebases: [OperationID: Int] = [:]
    /// How the list reaches the server: whether anything may be sent, and what the header says.
    var link = SyncLink()
    /// Watching for the server's return while the link says it cannot be reached.
    var probe: Task<Void, Never>?
    /// Subscription results waiting while a catch-up query runs (nil: none runs).
    var syncBuffer: [RealEstateProperty]?
    /// Full list reads under way: a catch-up waits for them, then needs only a delta.
    var refreshesRunning = 0 {
        didSet { if refreshesRunning == 0 { resumeRefreshWaiters() } }
    }
    /// Catch-ups waiting for the running refreshes to end (see `noRefreshRunning`).
    var refreshWaiters: [CheckedContinuation<Void, Never>] = []
    /// The user's change that lost a conflict, per record, until it is applied again or
    /// the user changes the record otherwise.
    var conflicted: [String: LocalChange<RealEstateProperty>] = [:]

    // MARK: The dialect and live sync (see +Dialect, +LiveSync)
    /// Whether `api.dialect` was learnt from this API (asked, or kept from an earlier run)
    /// rather than guessed: nothing is sent or read before it is.
    var dialectIsKnown: Bool
    /// What to guess when the API answers no introspection query (an `amplify_outputs.json`
    /// of Amplify Gen 2 suggests the plain dialect).
    let dialectHint: APIDialect?
    /// The one introspection under way; others wait for it.
    var learningDialect: Task<Void, Never>?
    /// Opens the realtime socket with a dialect's subscriptions (nil: live sync is not wanted).
    var realtimeConnector: RealtimeConnector?
    var realtime: (client: RealtimeClient, following: Task<Void, Never>)?
    /// Whether the realtime subscriptions are acknowledged (and not lost since).
    var subscribed = false
    /// Whole list reads begun, and the number of the last one that read to the end: a catch-up
    /// after subscribing is not needed when a whole read began after the subscriptions did.
    var wholeReadsBegun = 0
    var lastWholeReadCompleted = 0

    // MARK: What the screen was told
    var history = UndoHistory()
    var loadState: LoadState
    var lastPendingCount = 0
    var busyLoads = 0

    // MARK: The cache, read behind the first frame (see +Cache)
    /// Where the rest of the cache is read from (nil: it has all been read).
    var cacheRest: SyncStorage.CachePosition?
    /// How many records the cache holds, for the header's progress.
    let cachedCount: Int
    /// Reading the rest of the cache; a refresh waits for it (see `readRestOfCache`).
    var cacheReading: Task<Void, Never>?

    /// A list over what `storage` kept (the cache and the outbox) and `api`.
    /// Nothing is sent and nothing is published until `start()`.
    public init(
        api: any PropertyAPI, storage: SyncStorage, options: SyncOptions = SyncOptions(), dialectHint: APIDialect? = nil,
        logger: Logger = Logger(label: "proptui.sync"), onEvent sink: @escaping ListEventSink
    ) throws {
        let (kept, rest) = try storage.loadStart(firstBatch: Self.cacheBatch)
        let knownDialect = try storage.dialect()
        store = OptimisticStore(confirmed: kept.confirmed, pending: kept.pending)
        cacheRest = rest
        cachedCount = kept.cachedCount
        self.storage = storage
        self.api = knownDialect.map { api.speaking($0) } ?? api
        dialectIsKnown = knownDialect != nil
        self.dialectHint = dialectHint
        self.options = options
        self.logger = logger
        self.sink = sink
        loadState = kept.cachedCount == 0 && kept.refreshedAt == nil ? .loading : .cached(refreshedAt: kept.refreshedAt)
        lastPendingCount = store.pendingCount
    }

    /// Shows what was kept at once (the outbox and the cache's first batch), then resumes
    /// sending the outbox, reads the rest of the cache and refreshes. Returns as soon as the
    /// first rows are published; the rest runs on.
    public func start() {
        sink(.loaded(rows))
        sink(.loadStateChanged(loadState))
        sink(.pendingCountChanged(store.pendingCount))
        for operation in store.pendingOperations {
            if case .create = operation.change { creationOrder.note(operation.id, of: operation.recordID) }
            enqueue(operation.recordID)
        }
        pump()
        readRestOfCache()
        // The outbox waits for the dialect (its writes depend on it): a dialect kept from the last
        // run is used at once, and checked by the first refusal, if any; else the refresh asks.
        Task { await self.refresh() }
    }

    // MARK: - Reading

    /// Every visible row, for a first draw.
    public var rows: [PropertyRow] {
        store.records.map { PropertyRow($0, status: store.status($0.id)) }
    }

    public func row(_ id: String) -> PropertyRow? {
        store.record(id).map { PropertyRow($0, status: store.status(id)) }
    }

    public var pendingCount: Int { store.pendingCount }

    /// The operations waiting for the server, oldest first (for the detail view and tests).
    public var pendingOperations: [PendingOperation<RealEstateProperty>] { store.pendingOperations }

    /// How requests reach the server (the header may say more: live sync's health).
    public var currentConnectivity: Connectivity { link.requests }

    /// Whether the realtime subscriptions are acknowledged: changes made elsewhere arrive.
    public var isFollowingLiveSync: Bool { subscribed }

    // MARK: - Publishing

    func publish(_ diff: StoreDiff<String>) {
        if !diff.isEmpty {
            var rows: [String: PropertyRow] = [:]
            for id in diff.allIDs { rows[id] = row(id) }  // the last word on each id, even one also marked removed
            sink(.rowsChanged(diff, rows))
        }
        if store.pendingCount != lastPendingCount {
            lastPendingCount = store.pendingCount
            sink(.pendingCountChanged(lastPendingCount))
        }
    }

    /// Tells the screen the link as the user should see it, when that changed.
    func publishLink() {
        if let shown = link.takeShownChange() { sink(.connectivityChanged(shown)) }
    }

    func setLoadState(_ new: LoadState) {
        guard new != loadState else { return }
        loadState = new
        sink(.loadStateChanged(new))
    }

    func setBusy(_ busy: Bool) {
        let wasBusy = busyLoads > 0
        busyLoads += busy ? 1 : -1
        if wasBusy != (busyLoads > 0) { sink(.busyChanged(busyLoads > 0)) }
    }

    /// Writes to the outbox or cache that fail after the fact (the change is already
    /// applied) are logged: the worst case is an operation sent again after a restart,
    /// which the sender recognises as already applied.
    func persist(_ what: String, _ write: () throws -> Void) {
        do { try write() } catch { logger.error("could not save \(what): \(error)") }
    }

    func persist(_ operation: OperationID) {
        guard let operation = store.operation(operation) else { return }
        persist("operation \(operation.id)") { try storage.update(operation) }
    }

    deinit {
        probe?.cancel()
        realtime?.client.stop()
        realtime?.following.cancel()
    }
}
