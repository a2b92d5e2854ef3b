import AmplifyModels
import ListRows
import ModelScreens
import OptimisticStore
import SyncEngine
import ScreenValues

/// The screen for any model of a backend, as one value: the model picker, a model's list, a
/// record's detail, the edit form, and the overlays (delete, follow a relation, quit). Keys and
/// the lists' events go in (`reduce`), effects come out; `render` draws it. No I/O, no clock, so
/// every screen is a plain test. Every change is the list's: the row changes when the list says
/// it did (in the same frame as the key press, since the list posts before the key's work ends).
public struct BrowserState: Sendable {
    public let schema: ModelSchema
    /// What the user may do with each model (read-only, and why).
    let access: [String: ModelAccess]
    /// Each model's record layout (the same the lists hold).
    let layouts: [String: RecordLayout]
    /// The backend, for the header (`local · API key`).
    let backend: String
    var width = 80
    var height = 24
    var separateClusters: Set<ClusterKind> = []

    var rows: [String: ModelRows] = [:]
    /// Per model, from its list.
    var connectivity: [String: Connectivity] = [:]
    var pendingCounts: [String: Int] = [:]
    var loadStates: [String: LoadState] = [:]
    /// How far each model's whole read has got (`loading 35,000 of ~1,000,000` in the header).
    var loadProgress: [String: LoadProgress] = [:]
    /// The models whose list is reading or refreshing (`⟳`).
    var busyModels: Set<String> = []
    /// Each model's API dialect, once its list knows it.
    var dialects: [String: APIDialect] = [:]
    /// The embedded server's faults as `F` and `L` set them; nil with any other backend.
    public var simulation: Simulation?
    /// Colours on (`--no-color` and `NO_COLOR` turn them off): marks and words carry every meaning
    /// without them.
    public var colorEnabled = false
    /// The time every clock on screen shows (the demo tapes' `PROPTUI_FIXED_CLOCK`), else nil.
    public var fixedClockTime: String?
    /// `--offline revert`: a change that cannot be sent is taken back (the offline notice says so).
    public var revertsOffline = false
    /// Running inside tmux (`TMUX` is set), which passes a program's clipboard sequence (OSC 52)
    /// on only with `set-clipboard on`: what `y` says depends on it.
    public var insideTmux = false

    /// The model shown, and how its list is narrowed (a relation's children).
    var model: String
    var relationFilter: RecordFilter?
    /// How a relation's list is named, by the record it was followed from: `Transaction of
    /// Category “Groceries”` rather than its filter's key.
    var filterTitles: [RecordFilter: String] = [:]
    var textFilter = ""
    /// The filter asked of the server, while the list holds only its first rows (a view).
    var serverView: ServerViewRun?
    /// Views asked so far: each is named by its number, so that a late page of one stopped is not
    /// counted for the next.
    var viewsAsked = 0
    /// Per model, the views its list has read whole (their filters' texts, and when), as its
    /// cache keeps them: what the offline rule says of the filter on screen.
    var viewsRead: [String: [ViewRead]] = [:]
    /// A relation just followed, whose records the next reduce asks of the server if need be.
    var followedRelation: RecordFilter?
    /// The selected row of the list shown, by key (so rows arriving above it do not move it).
    var selectedKey: RecordKey?
    var selectedIndexHint = 0
    /// No key pressed and nothing selected on the user's behalf since the list was opened: a
    /// first load may then keep the top row selected as older records arrive above it.
    var selectionIsUntouched = true
    var scrollTop = 0
    /// The rows marked (Space, `*`) in the list shown, by key: what `d`, `e` and `y` act on while
    /// there are any. A set, so a mark or a look-up costs O(1) at a million rows; a record gone
    /// (deleted here or elsewhere) loses its mark, and another model's list or relation starts
    /// with none.
    var marks: Set<RecordKey> = []
    /// Changes to many records at once, counted as they are answered (`BatchProgress`).
    var batches: [BatchProgress] = []
    var backStack = BackStack()
    /// Whether the picker was opened from a list (`m`), which Esc goes back to; the first
    /// picker has no list behind it.
    var pickerHasListBehind = false

    var screen: Screen
    var overlay: Overlay?
    var status: StatusMessage?
    /// Every message of the session, oldest first (`m` shows them newest first).
    var messageHistory: [StatusMessage] = []
    /// When the action being reduced happened (the loop's clock, given to `reduce`): when a
    /// message shown while reducing it fades. Every message is shown by a reduce, which sets it first.
    var actionTime = ContinuousClock.Instant.now
    /// A row whose change was just refused and reverted, and why: marked `!` until the next key.
    var refused: Refusal?
    /// That refusal, kept in the detail when the next key opened it on that row (until it closes).
    var detailRefusal: Refusal?

    /// A row's change the server refused, and its reason.
    struct Refusal: Sendable {
        let key: RecordKey
        let reason: String
    }
    /// Each model's rows in conflict (⚡): the change of yours that lost (`rename to “Mine”`), for
    /// the detail, until the conflict is settled (`o`, `x`, a new edit) or the row goes.
    var conflictYours: [String: [RecordKey: String]] = [:]
    /// A create of the model shown just refused: `n` on the next key offers it again, in the form
    /// with everything it held (and `n` in the messages, from its message).
    var retryableCreate: ModelRecord?
    /// Why the filter being typed took nothing of a paste: on the hint line (the status line is
    /// the filter's) until the next key.
    var filterRefusal: String?
    /// The typed filter as the filter language reads it (`readTypedFilter`).
    var filterReading = FilterReading()

    enum Screen: Sendable {
        case picker(ModelPicker)
        case list
        case detail(RecordDetail)
        case form(RecordForm)
        /// Typing the list's filter (`/`).
        case filtering(FilterLine)
        /// The display field edited in place (`r`): in the list's row, or over a detail.
        case renaming(InPlaceEdit, detail: RecordDetail?)
    }

    enum Overlay: Sendable {
        /// `notes`: what points at the record, and what `u` can do after (`DeleteConfirmation.notes`).
        case confirmDelete(RecordKey, name: String, notes: [String])
        /// `d` with marks: how many marked records are still there (`hidden` of them not shown by
        /// the filter), and what `u` can do after.
        case confirmDeleteMarked(count: Int, hidden: Int, notes: [String])
        case follow([RelationTarget], selected: Int)
        case confirmQuit(pending: Int)
        /// Esc in a form the user typed in.
        case confirmDiscard
        /// The keys (`?`), scrolled by lines.
        case help(scroll: Int)
        /// Every message of the session (`m`), scrolled by messages from the newest.
        case messages(scroll: Int)
    }

    /// The status line's message (the record a refused create could be tried again with is a
    /// `ModelRecord`).
    typealias StatusMessage = ModelScreens.StatusMessage<ModelRecord>

    /// How many messages `m` keeps at least (the newest): every refusal of a batch of 5,000.
    static let messageHistoryLimit = 5_000

    /// Starts on the picker when there are several models, else on the one model's list;
    /// `initialModel` (`--model`) skips the picker.
    public init(
        schema: ModelSchema, layouts: [String: RecordLayout], access: [String: ModelAccess], backend: String, initialModel: String? = nil
    ) {
        self.schema = schema
        self.layouts = layouts
        self.access = access
        self.backend = backend
        let first = initialModel ?? schema.models.first?.name ?? ""
        model = first
        for model in schema.models { rows[model.name] = ModelRows() }
        if initialModel == nil, schema.models.count > 1 {
            screen = .picker(ModelPicker(schema: schema, readOnlyReasons: access.compactMapValues(\.readOnlyReason)))
        } else {
            screen = .list
        }
    }

    var currentModel: AmplifyModel? { schema.model(named: model) }
    var currentAccess: ModelAccess { access[model] ?? ModelAccess(allowed: ModelOperation.all, readOnlyReason: nil) }

    /// The rows of the model shown, narrowed to what the list shows (`syncRowFilter`).
    var shownRows: ModelRows { rows[model] ?? ModelRows() }

    /// How many rows the list shows now.
    public var shownCount: Int { shownRows.count }

    /// A model's row by key, shown or not.
    public func row(of model: String, key: RecordKey) -> RecordRow<ModelRecord>? { rows[model]?.row(key) }

    /// The keys of the rows the list shows now, in order: O(n), for tests.
    var shownKeys: [RecordKey] { shownRows.order }

    /// The selected row's position: the selected key's (the position kept when the key is still
    /// there, else a search: O(log n)), else the position kept.
    var selectedIndex: Int? {
        let shown = shownRows
        guard shown.count > 0 else { return nil }
        if let selectedKey, let index = position(of: selectedKey, in: shown) { return index }
        return min(max(0, selectedIndexHint), shown.count - 1)
    }

    /// Where `key` is shown: the position kept, when it still holds the key (after almost every
    /// key: no search), else a search (O(log n); at a million rows the id's index, then the
    /// order's chunks, a dozen cache misses). Nil: not shown.
    func position(of key: RecordKey, in shown: ModelRows) -> Int? {
        if selectedIndexHint >= 0, selectedIndexHint < shown.count, shown.key(at: selectedIndexHint) == key { return selectedIndexHint }
        return shown.index(of: key)
    }

    var selectedRow: RecordRow<ModelRecord>? { selectedIndex.map { shownRows.row(at: $0) } }

    mutating func select(index: Int) {
        let shown = shownRows
        guard shown.count > 0 else {
            selectedKey = nil
            selectedIndexHint = 0
            return
        }
        let clamped = min(max(0, index), shown.count - 1)
        selectedKey = shown.key(at: clamped)
        selectedIndexHint = clamped
    }

    /// "by amount", "by creation": the order of the model shown.
    var sortName: String {
        if case .field(let name)? = rows[model]?.sort { "by \(name)" } else { "by creation" }
    }

    /// What the status line says while a large list's sort runs off the loop.
    var sortingText: String { "Sorting \(sortName)…" }

    /// Gives the store of the model shown the list's relation and typed filter; a large list's
    /// new filter is computed off the loop (`takeJob`). Nothing when they did not change.
    mutating func syncRowFilter() {
        readTypedFilter()
        rows[model]?.show(relation: relationFilter, filter: filterReading.applied)
    }

    var totalPending: Int { pendingCounts.values.reduce(0, +) }

    /// When the status line's message fades, if it does.
    public var nextDeadline: ContinuousClock.Instant? { status?.expiresAt }

    /// Shows a message and keeps it for `m`. An error the user has not seen yet (no key since)
    /// is not replaced by a lesser message arriving in the background.
    mutating func show(_ text: String, _ level: StatusMessage.Level) {
        StatusMessage.show(
            StatusMessage(text, level: level, now: actionTime), history: &messageHistory, status: &status, limit: Self.messageHistoryLimit)
    }

    /// An operation that did not happen, in the words every screen uses (`RefusalText`), with the
    /// narrow form for a line that would show too little of the reason. Another model's says whose.
    mutating func show(_ refusal: RefusalText, ofModel owner: String) {
        let prefix = owner == model ? "" : "\(owner): "
        var message = StatusMessage(prefix + refusal.text, level: .error, now: actionTime)
        message.narrowText = prefix + refusal.narrow
        message.reasonColumns = refusal.reason.terminalWidth
        StatusMessage.show(message, history: &messageHistory, status: &status, limit: Self.messageHistoryLimit)
    }

    /// A record's detail, laid out as this terminal draws emoji.
    func detail(of record: ModelRecord) -> RecordDetail {
        var detail = RecordDetail(record: record, schema: schema)
        detail.separateClusters = separateClusters
        return detail
    }

    /// Whether the shown model's whole read is under way (the header says how far it got).
    public var isLoading: Bool { loadProgress[model] != nil }

    /// Written into the idle file: what a test waits for.
    public var idleSummary: String {
        let busy = busyModels.contains(model) ? 1 : 0
        let loading = loadProgress[model] == nil ? 0 : 1
        let recomputing = shownRows.isRecomputing ? 1 : 0
        return "model=\(model) rows=\(shownRows.count) pending=\(totalPending) busy=\(busy) loading=\(loading) recomputing=\(recomputing)"
    }
}
