/// The one table of keys: it dispatches key presses and generates the help
/// overlay and the key hints, so the three can never disagree.
public struct KeyBinding: Sendable {
    public enum Section: String, Sendable, CaseIterable {
        case navigation = "Navigation"
        case editing = "Changes"
        case view = "View"
        case simulation = "Simulation (embedded server)"
    }

    public let keys: [Key]
    public let section: Section
    /// What the key does, for the help overlay.
    public let summary: String
    /// A word for each screen's hint line (after the first key's label); nil: help only.
    public let listHint: String?
    public let detailHint: String?
    /// What each key does on the list screen: one action for every key, or one
    /// per key in the order of `keys` (j k ↓ ↑ share a line of help); empty: nothing.
    public let list: [ListAction]
    /// What the keys do on the detail screen, like `list`: one for all, one per key, or none.
    public let detail: [DetailAction]

    init(
        keys: [Key], section: Section, summary: String, listHint: String? = nil, detailHint: String? = nil,
        list: ListAction?, detail: DetailAction?
    ) {
        self.init(keys: keys, section: section, summary: summary, listHint: listHint, detailHint: detailHint,
                  listEach: list.map { [$0] } ?? [], detailEach: detail.map { [$0] } ?? [])
    }

    init(
        keys: [Key], section: Section, summary: String, listHint: String? = nil, detailHint: String? = nil,
        listEach: [ListAction], detail: DetailAction?
    ) {
        self.init(keys: keys, section: section, summary: summary, listHint: listHint, detailHint: detailHint,
                  listEach: listEach, detailEach: detail.map { [$0] } ?? [])
    }

    init(
        keys: [Key], section: Section, summary: String, listHint: String? = nil, detailHint: String? = nil,
        listEach: [ListAction], detailEach: [DetailAction]
    ) {
        precondition(listEach.count <= 1 || listEach.count == keys.count, "one list action, or one per key")
        precondition(detailEach.count <= 1 || detailEach.count == keys.count, "one detail action, or one per key")
        self.keys = keys
        self.section = section
        self.summary = summary
        self.listHint = listHint
        self.detailHint = detailHint
        self.list = listEach
        self.detail = detailEach
    }

    /// The keys as help spells them: "j k ↓ ↑".
    public var keyLabel: String { keys.map(\.label).joined(separator: " ") }
}

public enum Keymap {
    public static let bindings: [KeyBinding] = [
        KeyBinding(keys: [.character("j"), .character("k"), .down, .up], section: .navigation,
                   summary: "move down / up; in details: scroll", listEach: [.moveDown, .moveUp, .moveDown, .moveUp],
                   detailEach: [.scrollDown, .scrollUp, .scrollDown, .scrollUp]),
        KeyBinding(keys: [.character("g"), .home], section: .navigation,
                   summary: "first property", list: .jumpToTop, detail: nil),
        KeyBinding(keys: [.character("G"), .end], section: .navigation,
                   summary: "last property", list: .jumpToBottom, detail: nil),
        KeyBinding(keys: [.pageDown, .pageUp], section: .navigation,
                   summary: "page down / up", listEach: [.pageDown, .pageUp], detail: nil),
        KeyBinding(keys: [.control("d"), .control("u")], section: .navigation,
                   summary: "half a page down / up", listEach: [.halfPageDown, .halfPageUp], detail: nil),
        KeyBinding(keys: [.enter, .character("l"), .right], section: .navigation,
                   summary: "open the property's details", listHint: "detail", list: .openDetailRequested, detail: nil),
        KeyBinding(keys: [.character("h"), .left], section: .navigation,
                   summary: "in details: back to the list", list: nil, detail: .backRequested),
        KeyBinding(keys: [.character("n"), .character("a")], section: .editing,
                   summary: "new property (type its name, ⏎ adds)", listHint: "new", list: .createRequested, detail: nil),
        KeyBinding(keys: [.character("r")], section: .editing,
                   summary: "rename in place (⏎ saves, Esc cancels)", listHint: "rename", detailHint: "rename",
                   list: .renameRequested, detail: .renameRequested),
        KeyBinding(keys: [.character("e")], section: .editing,
                   summary: "edit the address (⏎ saves, Esc cancels)", listHint: "address", detailHint: "address",
                   list: .editAddressRequested, detail: .editAddressRequested),
        KeyBinding(keys: [.character("d")], section: .editing,
                   summary: "delete (asks; y confirms, anything else keeps it)", listHint: "delete", detailHint: "delete",
                   list: .deleteRequested, detail: .deleteRequested),
        KeyBinding(keys: [.character("u")], section: .editing,
                   summary: "undo the last change", detailHint: "undo", list: .undoRequested, detail: .undoRequested),
        KeyBinding(keys: [.character("o")], section: .editing,
                   summary: "after a conflict (⚡): apply your change again",
                   list: .reapplyMineRequested, detail: .reapplyMineRequested),
        KeyBinding(keys: [.character("y")], section: .view,
                   summary: "in details: copy the ID to the clipboard (OSC 52)", list: nil, detail: .copyIDRequested),
        KeyBinding(keys: [.character("s")], section: .view,
                   summary: "sort: by creation, by name, by address (the header says which)",
                   list: .sortCycleRequested, detail: nil),
        KeyBinding(keys: [.character("/")], section: .view,
                   summary: "filter by name or address (Esc clears)", listHint: "filter", list: .filterRequested, detail: nil),
        KeyBinding(keys: [.character("R"), .function(5)], section: .view,
                   summary: "refresh from the server (pending changes stay)",
                   list: .refreshRequested, detail: .refreshRequested),
        KeyBinding(keys: [.control("l")], section: .view,
                   summary: "redraw the screen", list: .redrawRequested, detail: .redrawRequested),
        KeyBinding(keys: [.character("?")], section: .view,
                   summary: "this help", listHint: "help", detailHint: "help", list: .helpRequested, detail: .helpRequested),
        KeyBinding(keys: [.character("m")], section: .view,
                   summary: "messages: every one of this session, newest first, whole",
                   list: .messagesRequested, detail: .messagesRequested),
        KeyBinding(keys: [.escape], section: .view,
                   summary: "close a prompt, help or filter; in details: back", detailHint: "back",
                   list: .clearFilterRequested, detail: .backRequested),
        KeyBinding(keys: [.character("q")], section: .view,
                   summary: "back; in the list: quit (tells what is unsynced)", listHint: "quit",
                   list: .quitRequested, detail: .backRequested),
        KeyBinding(keys: [.character("f")], section: .simulation,
                   summary: "cycle the server's failure rate: 0, 50%, 100%",
                   list: .failureRateCycleRequested, detail: .failureRateCycleRequested),
        KeyBinding(keys: [.character("L")], section: .simulation,
                   summary: "cycle the server's latency: 0, 800 ms, 2 s",
                   list: .latencyCycleRequested, detail: .latencyCycleRequested),
    ]

    private static let listIndex: [Key: ListAction] = {
        var index: [Key: ListAction] = [:]
        for binding in bindings {
            for (position, key) in binding.keys.enumerated() where !binding.list.isEmpty {
                index[key] = binding.list.count == 1 ? binding.list[0] : binding.list[position]
            }
        }
        return index
    }()

    private static let detailIndex: [Key: DetailAction] = {
        var index: [Key: DetailAction] = [:]
        for binding in bindings {
            for (position, key) in binding.keys.enumerated() where !binding.detail.isEmpty {
                index[key] = binding.detail.count == 1 ? binding.detail[0] : binding.detail[position]
            }
        }
        return index
    }()

    public static func listAction(for key: Key) -> ListAction? { listIndex[key] }
    public static func detailAction(for key: Key) -> DetailAction? { detailIndex[key] }

    /// The hints of a screen, in table order: (key label, word).
    static func hints(forDetail: Bool) -> [(key: String, word: String)] {
        bindings.compactMap { binding in
            guard let hint = forDetail ? binding.detailHint : binding.listHint else { return nil }
            return (binding.keys[0].label, hint)
        }
    }
}
