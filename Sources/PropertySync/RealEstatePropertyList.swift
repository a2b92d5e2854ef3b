import AppSync
import DequeModule
import Foundation
import Logging
import OptimisticStore

/// The sample's actor, done right: it owns an `OptimisticStore` of properties,
/// applies the user's changes at once, sends them in the background (in order
/// per record, a bounded number of records at a time), and reports every
/// change of what the user sees as a diff on `events`.
///
/// Nothing is rolled back by index: a refusal drops its own operation and the
/// record is re-derived from what the server confirmed plus what is still pending.
public actor RealEstatePropertyList {
    public nonisolated let events: AsyncStream<ListEvent>
    let continuation: AsyncStream<ListEvent>.Continuation
    let store = OptimisticStore<RealEstateProperty>()
    let api: any PropertyAPI
    let maximumParallelSends: Int
    let retryPolicy: RetryPolicy
    let pageSize: Int
    let logger: Logger

    /// Records with an operation on the wire, or waiting to retry one: the rest of their log waits.
    var sending: Set<String> = []
    /// Records with pending operations that are not sending yet, oldest first.
    var waiting = Deque<String>()
    var waitingSet: Set<String> = []
    var history = UndoHistory()
    var connectivity = Connectivity.connecting
    var lastPendingCount = 0
    var busyLoads = 0

    public init(
        api: any PropertyAPI, maximumParallelSends: Int = 4, retryPolicy: RetryPolicy = RetryPolicy(),
        pageSize: Int = 100, logger: Logger = Logger(label: "proptui.sync")
    ) {
        (events, continuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
        self.api = api
        self.maximumParallelSends = max(1, maximumParallelSends)
        self.retryPolicy = retryPolicy
        self.pageSize = pageSize
        self.logger = logger
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

    // MARK: - Loading

    /// Lists every page and replaces the confirmed set. Pending changes stay on top.
    /// Returns whether it succeeded (a failure is also reported as `.loadFailed`).
    @discardableResult
    public func refresh() async -> Bool {
        let token = store.beginRefresh()
        setBusy(true)
        defer { setBusy(false) }
        var all: [RealEstateProperty] = []
        var nextToken: String?
        do {
            repeat {
                let page = try await api.listPage(limit: pageSize, nextToken: nextToken)
                all.append(contentsOf: page.items.compactMap { $0 })
                nextToken = page.nextToken
            } while nextToken != nil
        } catch {
            noteConnectivity(after: error)
            continuation.yield(.loadFailed(message: error.description))
            return false
        }
        setConnectivity(.online)
        store.replaceConfirmed(with: all, startedAt: token)
        continuation.yield(.loaded(rows))
        return true
    }

    /// Reads one record from the server into the confirmed set.
    public func get(_ id: String) async throws(AppSyncFailure) -> RealEstateProperty? {
        setBusy(true)
        defer { setBusy(false) }
        guard let record = try await api.get(id: id) else { return nil }
        publish(store.merge(record))
        return record
    }

    /// A record from a subscription or another source: the newer `_version` wins.
    public func merge(_ record: RealEstateProperty) {
        publish(store.merge(record))
    }

    // MARK: - Changes

    /// Adds a property at once; returns its id (a client UUID, so a retried create is recognised).
    @discardableResult
    public func create(name: String, address: String? = nil) throws(InvalidInput) -> String {
        let name = try PropertyValidation.name(name)
        let address = try address.flatMap { raw throws(InvalidInput) in try PropertyValidation.address(raw) }
        let property = RealEstateProperty(id: UUIDString.make(), name: name, address: address)
        apply(.create(property), kind: .create)
        return property.id
    }

    public func rename(_ id: String, to name: String) throws(InvalidInput) {
        let name = try PropertyValidation.name(name)
        guard let current = store.record(id) else { throw InvalidInput(message: "That property is gone.") }
        guard current.name != name else { return }
        apply(.update(id, RealEstatePropertyPatch(name: name)), kind: .rename)
    }

    public func editAddress(_ id: String, to address: String) throws(InvalidInput) {
        let address = try PropertyValidation.address(address)
        guard let current = store.record(id) else { throw InvalidInput(message: "That property is gone.") }
        guard current.address != address else { return }
        apply(.update(id, RealEstatePropertyPatch(address: .some(address))), kind: .editAddress)
    }

    public func delete(_ id: String) throws(InvalidInput) {
        guard store.record(id) != nil else { throw InvalidInput(message: "That property is gone.") }
        apply(.delete(id), kind: .delete)
    }

    /// Undoes the user's last change that still makes sense, as a new change.
    /// Returns what was undone, or nil when there is nothing to undo.
    @discardableResult
    public func undo() -> OperationSummary? {
        while let entry = history.popLast() {
            guard let change = entry.inverse(current: store.record(entry.recordID)) else { continue }
            publish(store.apply(change).diff)
            enqueue(change.recordID)
            pump()
            return OperationSummary(kind: .undo, recordID: change.recordID, recordName: entry.recordName)
        }
        return nil
    }

    /// The user has seen the refusals (the next key press).
    public func acknowledgeRejections() {
        publish(store.acknowledgeRejections())
    }

    private func apply(_ change: LocalChange<RealEstateProperty>, kind: OperationSummary.Kind) {
        let before = store.record(change.recordID)
        let diff = store.apply(change).diff
        history.record(kind: kind, recordID: change.recordID, before: before, after: store.record(change.recordID))
        publish(diff)
        enqueue(change.recordID)
        pump()
    }

    // MARK: - Publishing

    func publish(_ diff: StoreDiff<String>) {
        if !diff.isEmpty {
            var rows: [String: PropertyRow] = [:]
            for id in diff.inserted.union(diff.updated) { rows[id] = row(id) }
            continuation.yield(.rowsChanged(diff, rows))
        }
        if store.pendingCount != lastPendingCount {
            lastPendingCount = store.pendingCount
            continuation.yield(.pendingCountChanged(lastPendingCount))
        }
    }

    func setConnectivity(_ new: Connectivity) {
        guard new != connectivity else { return }
        connectivity = new
        continuation.yield(.connectivityChanged(new))
    }

    func noteConnectivity(after failure: AppSyncFailure) {
        switch failure {
        case .transient(let reason): setConnectivity(.offline(reason))
        case .unauthorized(let reason): setConnectivity(.unauthorized(reason))
        case .rejected: setConnectivity(.online)
        }
    }

    private func setBusy(_ busy: Bool) {
        let wasBusy = busyLoads > 0
        busyLoads += busy ? 1 : -1
        if wasBusy != (busyLoads > 0) { continuation.yield(.busyChanged(busyLoads > 0)) }
    }

    deinit { continuation.finish() }
}
