import Foundation
import OptimisticStore

/// One row as the store shows it: the record the user sees (confirmed with
/// pending changes laid over it) and its sync state.
public struct RecordRow<Record: SyncedRecord>: Sendable, Equatable {
    public var record: Record
    public var status: RowStatus

    public init(_ record: Record, status: RowStatus = .synced) {
        self.record = record
        self.status = status
    }

    public var id: Record.ID { record.id }
}

/// What the user did or asked for, as the status line names it: the list's changes, and the
/// screen's own requests (`refresh` is `R`; `applyAgain` is `o` after a conflict).
public enum OperationKind: Sendable, Hashable {
    case create, rename
    /// One field changed, not a rename: named by it ("address change of “Villa”", "its address").
    case editField(String)
    /// Several fields changed at once (the form).
    case edit
    case delete, undo, refresh, applyAgain

    /// For the log: "create", "edit address".
    public var name: String {
        switch self {
        case .create: "create"
        case .rename: "rename"
        case .editField(let field): "edit \(field)"
        case .edit: "edit"
        case .delete: "delete"
        case .undo: "undo"
        case .refresh: "refresh"
        case .applyAgain: "apply again"
        }
    }
}

/// Names a user operation in messages: "rename “Villa Rosa”".
public struct RecordOperationSummary<Record: SyncedRecord>: Sendable, Equatable {
    public let kind: OperationKind
    public let recordID: Record.ID
    /// The record's name as the user knew it when they acted.
    public let recordName: String
    /// For a rename, the name the user gave it (so a refusal can say which).
    public var newName: String?
    /// For a refused create: the later changes to the record that were taken back with it (a
    /// record the server never made cannot be renamed), oldest first.
    public var takenBackWith: [OperationKind] = []
    /// For a refused create: the record as it was last shown, with those changes (what `n` offers again).
    public var lastShown: Record?
    /// For a success: the server held the change before this send's answer (an earlier send
    /// whose answer was lost, or a create's key already holding the same values).
    public var wasAlreadyApplied = false

    public init(
        kind: OperationKind, recordID: Record.ID, recordName: String, newName: String? = nil, takenBackWith: [OperationKind] = [],
        lastShown: Record? = nil
    ) {
        self.kind = kind
        self.recordID = recordID
        self.recordName = recordName
        self.newName = newName
        self.takenBackWith = takenBackWith
        self.lastShown = lastShown
    }
}

/// How the list reaches the server, for the header.
public enum Connectivity: Sendable, Equatable {
    case connecting
    case online
    /// Checking whether the server is back (a probe is on the wire).
    case reconnecting
    /// The server cannot be reached; changes wait and are sent when it is back.
    case offline(String)
    /// The credentials were refused; changes wait, nothing is sent until that is fixed.
    case unauthorized(String)
    /// The endpoint does not speak AppSync's GraphQL, or not the queries and fields the app
    /// needs (the reason names what is missing); changes wait.
    case misconfigured(String)
    /// Requests are answered, but the realtime socket is down or refused (the reason, and when
    /// it is tried again): other people's changes do not arrive until it is back.
    case liveSyncDown(String)
}

extension Connectivity {
    /// What the status line says of a change just made: under way while it can be sent
    /// ("Renaming “A” to “B”…"); made here and waiting when it cannot, so that it never reads as
    /// being sent while offline. `why` names where the reason is shown ("m says why"), if anywhere.
    public func changeText(doing: String, done: String, why: String? = nil) -> String {
        switch self {
        case .offline: "\(done) here; it is sent when the server is back."
        case .unauthorized, .misconfigured: "\(done) here; it waits until the server can be used\(why.map { " (\($0))" } ?? "")."
        case .connecting, .online, .reconnecting, .liveSyncDown: doing + "…"
        }
    }

    /// The header's mark and word or two (`● online`, `◐ live sync down`); why is said on the
    /// status line, never in the header.
    public var headerWords: (symbol: String, word: String) {
        switch self {
        case .online: ("●", "online")
        case .offline: ("○", "offline")
        case .unauthorized: ("○", "not authorized")
        case .misconfigured: ("○", "misconfigured")
        // Requests go through; only other people's changes do not arrive.
        case .liveSyncDown: ("◐", "live sync down")
        case .connecting: ("◌", "connecting")
        case .reconnecting: ("◌", "reconnecting")
        }
    }

    /// Requests reach the server and are answered (live sync may still be down).
    public var requestsGetThrough: Bool {
        switch self {
        case .online, .liveSyncDown: true
        default: false
        }
    }
}

/// Whether what the list shows came from the server, and when.
public enum LoadState: Sendable, Equatable {
    /// Nothing is known yet: the first answer is awaited.
    case loading
    /// The rows come from the local cache, last refreshed at that time (nil: never);
    /// the server has not answered yet or cannot be reached.
    case cached(refreshedAt: Date?)
    /// The server's whole list has been read in this session.
    case loaded
    /// The server's list has been read in this session up to the sync policy's limit: these
    /// first rows (`SyncPolicy`); what lies beyond them, views ask the server for.
    case firstRows(Int)
}

/// Everything the list tells the screen, in order, through its event sink.
public enum RecordListEvent<Record: SyncedRecord>: Sendable, Equatable {
    /// Rows appeared, changed or disappeared, each as it is now.
    case rowsChanged(RecordRowUpdate<Record>)
    /// The whole list was (re)loaded: every row, for a first draw.
    case loaded([RecordRow<Record>])
    case loadStateChanged(LoadState)
    case succeeded(RecordOperationSummary<Record>)
    /// The server refused the operation; it was dropped (reverted).
    case reverted(RecordOperationSummary<Record>, message: String, conflict: Bool)
    /// Loading or refreshing failed; what is on screen stays.
    case loadFailed(message: String)
    /// The whole list was read again, as the user asked (`R`).
    case refreshed
    case connectivityChanged(Connectivity)
    case pendingCountChanged(Int)
    case busyChanged(Bool)
    /// A full list is being read page by page: how far it got (nil: no read is running).
    case loadProgress(LoadProgress?)
    /// The API's dialect, once known (kept from the last run, or learnt): whether an undone
    /// delete can bring a record back under its own key, which the delete question says first.
    case dialectKnown(APIDialect)
    /// A view asked of the server (`askServer`) got this far.
    case viewProgress(ViewProgress)
    /// The views the server answered whole, newest first (at start, and after each): their rows
    /// are cached, so offline the same filter answers as it did then.
    case viewsRead([ViewRead])
    /// Many records changed by one command, named before any of their answers (see `RecordBatch`).
    case batchStarted(RecordBatch<Record.ID>)
}

/// How far a full read of the server's list has got, for the header.
public struct LoadProgress: Sendable, Equatable {
    /// Records read so far.
    public var loaded: Int
    /// How many the whole list probably holds (AppSync gives no count: the cache's
    /// size from last time); nil when there is nothing to guess from.
    public var expected: Int?

    public init(loaded: Int, expected: Int?) {
        self.loaded = loaded
        self.expected = expected
    }
}

/// Where the list's events go, a step at a time: the events of one step of the list (a refusal's
/// revert, its pending count and its reason) in one call, so a screen can show them in one frame.
public typealias RecordListEventBatchSink<Record: SyncedRecord> = @Sendable ([RecordListEvent<Record>]) -> Void
