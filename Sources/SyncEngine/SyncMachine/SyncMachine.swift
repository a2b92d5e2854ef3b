import AppSync
import Foundation
import Logging
import OptimisticStore

/// The list's rules as one value, in the manner of swift-nio's state machines: events go in (the
/// user's changes, the server's answers, timers, the link's and live sync's news), actions come
/// out (send, read, save, emit, wake me later, probe), and the `RecordList` actor only
/// carries them out and feeds their results back. No clock, no I/O, no tasks: every rule of the
/// sender, conflicts, undo and the link is a plain sequence of calls in its tests.
///
/// The engine (`OptimisticStore`) is a reference, for its million rows; the machine is its only
/// owner, and every change to it goes through here.
struct SyncMachine<Record: ListRecord> {
    /// What the shell must do, in order.
    enum Action: Equatable {
        /// Put this mutation on the wire; its answer comes back through `answered(_:to:)`.
        case send(OperationID, ModelMutation<Record>)
        /// Read this record from the server to settle a refused operation; back through `read(_:for:)`.
        case read(recordID: Record.ID, for: OperationID)
        case save(StorageWrite)
        case emit(RecordListEvent<Record>)
        /// Call `backoffEnded(_:ticket:)` after the delay.
        case wake(after: Duration, record: Record.ID, ticket: Int)
        /// Check now and then whether the server is back (`probeSending`, `probe…`), until `stopProbing`.
        case startProbing
        case stopProbing
        /// Ask the API which dialect it speaks (nothing is sent before it is known), then `learnt(_:)`.
        case learnDialect
        /// Ask the server once whether it is there (the cheapest request); back through `checked(_:)`.
        case checkServer
        /// Read the whole list again (the server is back, or speaks another dialect now).
        case refresh
        /// Open live sync's socket in the current dialect, if it is wanted and not open in it yet.
        case subscribe(dialectChanged: Bool)
        /// The server is back while the realtime socket waits out its retry: open it again now.
        case reopenLiveSync
        case log(Logger.Level, String)
        /// A create is pending: other lists' children of this record wait for it (`CreateGate`).
        case createPending(Record.ID)
        /// A create left the outbox: confirmed (`refusal` nil), or refused or taken back.
        case createLeft(Record.ID, name: String, refusal: String?)
    }

    /// A write to the outbox or the cache. Those that fail after the fact are only logged (the
    /// change is already applied): the worst case is an operation sent again after a restart,
    /// which the sender recognises as already applied.
    enum StorageWrite: Equatable {
        /// The sender's: an operation's attempts or base, sends counted ahead, operations settled
        /// (kept in groups: see `RecordList+GroupCommit`).
        case outbox(OutboxWrite<Record>)
        case merge([Record])
        /// A whole list was read at that time: these records are gone from it.
        case remove([Record.ID], refreshedAt: Date, rowCount: Int)
        /// Where the next catch-up starts (and when the last base query ran, if this was one).
        case syncMarks(lastSync: Int64, baseSync: Date?)
        case dialect(APIDialect)
        case viewRead(ViewRead)
        /// The cached records go (the outbox stays).
        case clearCache
    }

    let store: OptimisticStore<Record>
    let options: SyncOptions

    /// Which record's operation goes on the wire next.
    var schedule = SendSchedule<Record.ID>()
    /// Creates wait for the older ones: they are sent in the order made.
    var creationOrder = CreationOrder<Record.ID>()
    /// Rebases per operation, so two writers racing cannot loop forever.
    var rebases: [OperationID: Int] = [:]
    /// Refused operations whose record is being read to settle them (the refusal's reading).
    var inquiries: [OperationID: Inquiry] = [:]
    /// How the list reaches the server: whether anything may be sent, and what the header says.
    var link = SyncLink()
    /// The user's change that lost a conflict (with the copy it was made against), per record,
    /// until it is applied again, let go, or the user changes the record otherwise.
    var conflicted: [Record.ID: PendingOperation<Record>] = [:]
    var history = UndoHistory<Record>()
    /// Whether a create's parents (`belongsTo`) are on the server yet (nil: records without
    /// parents). A create whose parent is still pending waits in `waitingForParents`.
    var parentState: ((Record) -> ParentState)?
    var waitingForParents: Set<Record.ID> = []
    /// Live sync's catch-up under way, with the events waiting for it (see +CatchUp).
    var catchUp: CatchUp?
    /// Pending operations that undo an earlier change (named so when their answer comes).
    var undoes: Set<OperationID> = []
    /// Sends counted on disk ahead of time (`countSend`): the attempts the outbox already holds
    /// for operations next in line, so that they go out without a write of their own.
    var countedAhead: [OperationID: Int] = [:]
    /// The dialect requests are written in: learnt from the API (or kept from an earlier run), or
    /// until then the best guess. Nothing is sent while it is not known.
    private(set) var dialect: APIDialect
    private(set) var dialectIsKnown: Bool
    /// The refusal that made the list ask the API again, and the dialect it was sent in.
    private(set) var refusalBeingChecked: (failure: AppSyncFailure, before: APIDialect)?
    /// The dialect each request on the wire was written in: a refusal of one written in a dialect
    /// the list has left since (another refusal taught it the new one meanwhile) says nothing of
    /// what the API offers now.
    var sentInDialect: [OperationID: APIDialect] = [:]
    /// Whether what the list shows came from the server in this session.
    private(set) var loadState: LoadState
    /// The pending count the screen was last told.
    private var shownPendingCount: Int

    /// Why a refused operation's record is read.
    enum Inquiry: Equatable {
        /// A create refused because its id exists: applied by an attempt whose answer was lost?
        case createMaybeApplied(refusal: String)
        /// A conflict that came without the server's copy.
        case conflict
        /// Any other refusal of an operation sent before, whose answer was lost: the earlier
        /// attempt may have been applied (a retry refused by a failing resolver, say).
        case refusedMaybeApplied(refusal: String)
    }

    init(
        store: OptimisticStore<Record>, options: SyncOptions, dialect: APIDialect, dialectIsKnown: Bool,
        loadState: LoadState
    ) {
        self.store = store
        self.options = options
        self.dialect = dialect
        self.dialectIsKnown = dialectIsKnown
        self.loadState = loadState
        shownPendingCount = store.pendingCount
    }

    // MARK: - Reading

    func row(_ id: Record.ID) -> RecordRow<Record>? {
        store.record(id).map { RecordRow($0, status: store.status(id)) }
    }

    var rows: [RecordRow<Record>] {
        store.records.map { RecordRow($0, status: store.status($0.id)) }
    }

    // MARK: - What the screen is told

    /// A change of the store as the screen's events: the rows it touched, as they are now (the
    /// last word on each id, even one also marked removed), and the pending count when it moved.
    mutating func publish(_ diff: StoreDiff<Record.ID>) -> [Action] {
        publish(diff.isEmpty ? nil : RecordRowUpdate(diff: diff) { row($0) })
    }

    /// The rows changed, resolved already (see `RecordRowUpdate`).
    mutating func publish(_ update: RecordRowUpdate<Record>?) -> [Action] {
        var actions: [Action] = []
        if let update, !update.isEmpty {
            actions.append(.emit(.rowsChanged(update)))
        }
        if store.pendingCount != shownPendingCount {
            shownPendingCount = store.pendingCount
            actions.append(.emit(.pendingCountChanged(shownPendingCount)))
        }
        return actions
    }

    mutating func setLoadState(_ new: LoadState) -> [Action] {
        guard new != loadState else { return [] }
        loadState = new
        return [.emit(.loadStateChanged(new))]
    }

    /// Nothing could be read from the server: the rows shown are the cache's, not "loading".
    mutating func loadingStopped() -> [Action] {
        loadState == .loading ? setLoadState(.cached(refreshedAt: nil)) : []
    }

    /// The header's value, when it changed since it was last told.
    mutating func publishLink() -> [Action] {
        link.takeShownChange().map { [.emit(.connectivityChanged($0))] } ?? []
    }

    /// The operation's attempts or base changed: saved (the outbox then holds its attempts as
    /// they are, whatever was counted ahead).
    mutating func save(_ operation: OperationID) -> [Action] {
        countedAhead[operation] = nil
        return store.operation(operation).map { [.save(.outbox(.update($0)))] } ?? []
    }

    // MARK: - Merging the server's records

    /// Server records into the confirmed set (the newer version wins); what they changed, for the screen.
    func merge(_ records: [Record], into diff: inout StoreDiff<Record.ID>) {
        for record in records { diff.formUnion(store.merge(record)) }
        restateConflicts(among: records, into: &diff)
    }

    /// Records a read brought that lists no gone record (a delta, a view's page, a read the sync
    /// policy cut short): merged, told to the screen in one event, and cached unless the caller
    /// cached them already.
    mutating func mergeRead(_ records: [Record], caching: Bool = true) -> [Action] {
        var changed = StoreDiff<Record.ID>()
        merge(records, into: &changed)
        return publish(changed) + (caching && !records.isEmpty ? [.save(.merge(records))] : [])
    }

    /// `restateConflict` for the records read that are in conflict (usually none).
    func restateConflicts(among records: [Record], into diff: inout StoreDiff<Record.ID>) {
        guard !conflicted.isEmpty else { return }
        for record in records where conflicted[record.id] != nil { restateConflict(of: record.id, into: &diff) }
    }

    /// A record from a subscription or another read: merged, shown, cached (with the sender's next
    /// group). The copy confirmed already, as the echo of a change this list has just settled
    /// usually is (the settle wrote it), changes nothing and writes nothing.
    mutating func merge(_ record: Record) -> [Action] {
        if store.confirmedRecord(record.id) == record { return [] }
        var diff = store.merge(record)
        restateConflict(of: record.id, into: &diff)
        return publish(diff) + [.save(.outbox(.cache([record])))]
    }

    /// A record in conflict changed on the server again: the reason says what it holds now (a
    /// second rename elsewhere is named, not the first), as long as it still clashes with yours.
    func restateConflict(of id: Record.ID, into diff: inout StoreDiff<Record.ID>) {
        guard let yours = conflicted[id], let server = store.confirmedRecord(id), !server.isDeleted,
              case .conflict(let message) = ConflictResolution.resolve(yours, against: server) else { return }
        diff.formUnion(store.restateConflict(id, as: message))
    }

    /// A whole list was read, its pages merged with `mergeListed` and cached: records confirmed
    /// before it began that it did not list are gone, from the list and then from the cache. Only
    /// the removals are written: rewriting a million cached rows in one transaction would hold the
    /// outbox, and so the user's next change, for seconds.
    mutating func removeUnlisted(since token: RefreshToken, tombstonesListed: [Record.ID], at now: Date) -> [Action] {
        let (diff, unlisted) = store.removeUnlisted(since: token)
        // Also the listed tombstones the store did not keep (beyond its `tombstoneLimit`): the
        // cache keeps no more tombstones than the store.
        let dropped = tombstonesListed.filter { store.confirmedRecord($0) == nil }
        return publish(diff) + [.save(.remove(unlisted + dropped, refreshedAt: now, rowCount: store.count))]
    }

    /// A whole list read at once (a base catch-up): merged, then what it does not list is gone.
    mutating func adoptWholeList(_ records: [Record], startedAt token: RefreshToken, at now: Date) -> [Action] {
        var diff = StoreDiff<Record.ID>()
        store.mergeListed(records, into: &diff)
        return publish(diff) + removeUnlisted(since: token, tombstonesListed: records.filter(\.isDeleted).map(\.id), at: now)
    }

    // MARK: - The dialect

    /// The API was found to speak `dialect` (asked, or guessed when it answers no introspection):
    /// it is kept with the cache, live sync subscribes in it, and the outbox, which waited for it,
    /// goes out. After a refusal (`apiRefused`), the same dialect means the API lacks what the
    /// request needed: sending stops and the header says what.
    mutating func learnt(_ learnt: APIDialect) -> [Action] {
        let previous = dialect
        dialect = learnt
        dialectIsKnown = true
        var actions: [Action] = [.save(.dialect(learnt)), .emit(.dialectKnown(learnt))]
        if learnt != previous {
            actions.append(.log(.notice, "the API speaks the \(learnt) dialect"))
            if !previous.hasVersions, learnt.hasVersions {
                // Cached times would outrank every `_version` the server sends: the cache goes, the
                // refresh that follows brings the list back (pending changes stay on top). The other
                // way needs nothing: times are always larger than `_version` numbers.
                actions += publish(store.replaceConfirmed(with: [])) + [.save(.clearCache)]
            }
        }
        let refusal = refusalBeingChecked
        refusalBeingChecked = nil
        actions.append(.subscribe(dialectChanged: learnt != previous))
        switch refusal {
        case let refusal? where learnt == refusal.before:
            // Still the dialect the refused request was written in: the API lacks what it needed.
            return actions + pauseSending(refusal.failure)
        case .some:
            return actions + resumeSending()  // in the new dialect: the outbox, then a whole list
        case nil:
            enqueueEverythingPending()
            return actions + pump()
        }
    }

    /// A request written in `sentIn` was refused as invalid GraphQL. Nothing more is sent until
    /// the API has been asked again what it offers (`learnDialect`, then `learnt`, or
    /// `pauseSending` when it cannot be asked). A request written in a dialect the list has left
    /// since is only late: it goes again, in the dialect known now (`freeSlot` sends it).
    mutating func apiRefused(_ refusal: AppSyncFailure, sentIn: APIDialect) -> [Action] {
        guard dialectIsKnown else { return [] }  // already being asked
        guard sentIn == dialect else { return [] }
        dialectIsKnown = false
        refusalBeingChecked = (refusal, sentIn)
        return [.learnDialect]
    }
}
