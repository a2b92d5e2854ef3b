import ModelScreens
import PropertySync
import ScreenValues

/// Everything the screens show, as a value. The executable creates one, feeds it
/// `AppAction`s through `reduce(_:now:)`, performs the returned `Effect`s, and
/// draws `render()`. No curses, no I/O, no clock: time comes in with each action.
public struct AppState: Sendable {
    public enum Screen: Sendable, Equatable {
        case list
        case detail(id: PropertyID)
    }

    /// What covers the screen and takes the keys first.
    public enum Overlay: Sendable, Equatable {
        case help(scroll: Int)
        case confirmDelete(id: PropertyID, name: String)
        case confirmQuit(unsynced: Int)
        /// Every message of the session, newest first; `scroll` messages skipped.
        case messages(scroll: Int)
    }

    /// The text field being edited, if any.
    public enum Field: Sendable, Equatable {
        /// The "New property name" input at the bottom of the list.
        case newName
        /// A field of a property, edited in place (or below the list once the property is gone).
        case edit(id: PropertyID, PropertyField)
        case filter

        public static func rename(id: PropertyID) -> Field { .edit(id: id, .name) }
        public static func address(id: PropertyID) -> Field { .edit(id: id, .address) }
    }

    public struct Editing: Sendable, Equatable {
        public var field: Field
        public var editor: LineEditor
        /// Set when the property being renamed or re-addressed disappeared while the field was
        /// open: the field stays, Enter adds the property anew with what was typed, Esc leaves.
        public var vanished: VanishedRecord?
        /// For a new property offered again after a refused create: the address it had (the field
        /// edits only the name; Enter adds it with this address).
        public var address: String?
        /// For a field of a property: its value when the field opened; and what another writer
        /// made it while the user typed (nil: unchanged). Enter then asks once before saving over
        /// it: a change the user never saw must not be overwritten without a word.
        public var openedWith: String?
        public var changedElsewhere: String?
        public var overwriteAsked = false

        public init(field: Field, editor: LineEditor, vanished: VanishedRecord? = nil, address: String? = nil) {
            self.field = field
            self.editor = editor
            self.vanished = vanished
            self.address = address
        }

        /// The new-name field, holding a refused create's name and address if there is one.
        init(newPropertyLike retry: RealEstateProperty?) {
            // Offered whole: typing replaces it, ⏎ adds it again.
            self.init(field: .newName, editor: LineEditor(offering: retry?.name ?? "", maximumLength: Field.newName.maximumLength))
            address = retry?.address
        }

        /// A field for `field`, holding `text`, that stops at the field's length limit.
        init(_ field: Field, text: String = "") {
            self.init(field: field, editor: LineEditor(text, maximumLength: field.maximumLength))
        }
    }

    public let options: AppOptions
    public internal(set) var rows = RowStore()
    public internal(set) var screen: Screen = .list
    /// The selected row, kept by id so that rows appearing above it do not move the selection.
    public internal(set) var selectedID: PropertyID?
    /// The property the detail screen shows, when it has disappeared meanwhile: the screen
    /// stays and says so (Esc goes back) rather than dropping the user into the list.
    public internal(set) var vanishedDetail: VanishedRecord?
    /// An undo was asked for and has not answered yet: a row it removes (the add it takes back)
    /// is the user's own doing, never news of a delete made elsewhere.
    var undoUnderWay = false
    /// The first line the detail screen shows (it scrolls when the window is short).
    public internal(set) var detailScroll = 0
    /// Where the selection was last seen, to pick a neighbour when the selected row goes away.
    var selectedIndexHint = 0
    /// The selected row that went away (deleted here, say) and the neighbour selected instead: a
    /// delete the server refuses brings the row back, and its "press d again" must then mean it.
    var selectionLost: (gone: PropertyID, neighbour: PropertyID)?
    /// The first list row on screen.
    public internal(set) var scrollTop = 0
    public internal(set) var overlay: Overlay?
    public internal(set) var editing: Editing?
    public internal(set) var status: StatusMessage?
    /// Every message shown this session, oldest first (the `m` overlay shows them newest first).
    public internal(set) var messageHistory: [StatusMessage] = []
    /// The name of a create the server just refused: the next key, if `n`, opens the field with it.
    public internal(set) var retryableCreate: RealEstateProperty?
    /// The user's change that lost each conflict (`⚡`), in words for the detail view ("rename
    /// to “Mine”"): theirs is the row as shown, mine is what `o` would apply again.
    public internal(set) var conflictedChanges: [PropertyID: String] = [:]
    static let messageHistoryLimit = 500
    public internal(set) var connection: Connectivity = .connecting
    /// The API's dialect once the list knows it: the delete question says what `u` can do after.
    public internal(set) var dialect: APIDialect?
    public internal(set) var loadState: LoadState = .loading
    public internal(set) var pendingCount = 0
    public internal(set) var isBusy = false
    /// A full read of the list under way: the header says how far it got.
    public internal(set) var loadProgress: LoadProgress?
    public internal(set) var simulation: Simulation?
    /// The kinds of emoji cluster this terminal draws a scalar at a time, as the terminal
    /// told at start-up: text is laid out accordingly (`Frame.separateClusters`).
    public var separateClusters: Set<ClusterKind> = []
    public internal(set) var width = 80
    public internal(set) var height = 24
    /// Rows whose change the server just refused (id → why), marked `!` until the next key
    /// press: the user has seen it then. A screen fact; the list keeps no such mark.
    public internal(set) var revertedRows: [PropertyID: String] = [:]
    /// The refusal of the row whose detail the acknowledging key opened (⏎ right after it): the
    /// detail says it until the user leaves, or changes the row again.
    var detailRefusal: (id: PropertyID, message: String)?

    public init(options: AppOptions = AppOptions()) {
        self.options = options
        simulation = options.simulation
    }

    /// When the app next needs a `.tick` (an info message fading), if ever.
    public var nextDeadline: ContinuousClock.Instant? { status?.expiresAt }

    /// The selected row's position among the shown rows. O(log n).
    public var selectedIndex: Int? { selectedID.flatMap { rows.index(of: $0) } }

    var layout: Layout { Layout(width: width, height: height) }

    /// A short description for the idle signal end-to-end tests read.
    public var idleSummary: String {
        "rows=\(rows.count) pending=\(pendingCount) busy=\(isBusy ? 1 : 0) loading=\(loadProgress == nil ? 0 : 1) recomputing=\(rows.isRecomputing ? 1 : 0)"
    }
}

/// The sample's status message: a refused create is tried again with its property.
public typealias StatusMessage = ModelScreens.StatusMessage<RealEstateProperty>
