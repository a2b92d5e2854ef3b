import ScreenValues

/// One row of the keymap: keys, their line in the help, and what they do in each context.
public struct KeyBinding: Sendable {
    public enum Section: String, Sendable, CaseIterable {
        case navigation = "Navigation"
        case editing = "Changes"
        case view = "View"
        case simulation = "Simulation (embedded server)"
    }

    public let keys: [Key]
    /// The help's section; nil for keys only an overlay knows, which its own hints and footer show.
    public let section: Section?
    /// What the keys do, for the help overlay and docs/keys-and-screens.md.
    public let summary: String
    /// What the keys do in each context: one command for all of them, or one per key in the
    /// order of `keys` (nil: that key does nothing there).
    public private(set) var commands: [KeyContext: [KeyCommand?]] = [:]

    init(_ keys: [Key], _ section: Section?, _ summary: String) {
        self.keys = keys
        self.section = section
        self.summary = summary
    }

    /// The same binding, doing `command` in `contexts` whichever of its keys is pressed.
    func does(_ command: KeyCommand, in contexts: KeyContext...) -> KeyBinding {
        does([command], in: contexts)
    }

    /// The same binding, doing one command per key (in the order of `keys`) in `contexts`.
    func does(each commands: [KeyCommand?], in contexts: KeyContext...) -> KeyBinding {
        precondition(commands.count == keys.count, "one command per key")
        return does(commands, in: contexts)
    }

    private func does(_ commands: [KeyCommand?], in contexts: [KeyContext]) -> KeyBinding {
        var binding = self
        for context in contexts { binding.commands[context] = commands }
        return binding
    }

    /// What `key`, one of `keys`, does in `context`.
    func command(for key: Key, in context: KeyContext) -> KeyCommand? {
        guard let commands = commands[context], let position = keys.firstIndex(of: key) else { return nil }
        return commands.count == 1 ? commands[0] : commands[position]
    }

    /// The keys as help spells them: "j k ↓ ↑".
    public var keyLabel: String { keys.map(\.label).joined(separator: " ") }
}

/// A key hint at the bottom of the screen: keys (as the keymap binds them in that context) and a word.
public struct KeyHint: Sendable {
    public let keys: [Key]
    public let word: String

    init(_ keys: [Key], _ word: String) {
        self.keys = keys
        self.word = word
    }

    /// "j k", "n Esc ⏎".
    public var label: String { keys.map(\.label).joined(separator: " ") }
}

/// The one table of keys, as lazygit's and tig's: it dispatches every key on every screen and
/// overlay, and writes the help (`?`), the hints and the list in docs/keys-and-screens.md
/// (`KeysDocumentationTests`), so that none of them can disagree with what a key does.
/// Only the editing keys of a text field are not here: the field (`LineEditor`) has its own.
public enum Keymap {
    public static let bindings: [KeyBinding] = [
        KeyBinding([.character("j"), .character("k"), .down, .up], .navigation, "move down / up; in details: scroll")
            .does(each: [.down, .up, .down, .up], in: .list, .detail, .help, .messages),
        KeyBinding([.character("g"), .home], .navigation, "first property")
            .does(.top, in: .list, .help, .messages),
        KeyBinding([.character("G"), .end], .navigation, "last property")
            .does(.bottom, in: .list, .help, .messages),
        KeyBinding([.pageDown, .pageUp], .navigation, "page down / up")
            .does(each: [.pageDown, .pageUp], in: .list, .help, .messages),
        KeyBinding([.control("d"), .control("u")], .navigation, "half a page down / up")
            .does(each: [.halfPageDown, .halfPageUp], in: .list)
            .does(each: [.pageDown, .pageUp], in: .help),
        KeyBinding([.enter, .character("l"), .right], .navigation, "open the property's details")
            .does(.openDetail, in: .list)
            .does(each: [.close, nil, nil], in: .help, .messages),
        KeyBinding([.character("h"), .left], .navigation, "in details: back to the list")
            .does(.back, in: .detail),
        KeyBinding([.character("n"), .character("a")], .editing, "new property (type its name, ⏎ adds)")
            .does(.create, in: .list)
            .does(.createAgain, in: .messages),
        KeyBinding([.character("r")], .editing, "rename in place (⏎ saves, Esc cancels)")
            .does(.rename, in: .list, .detail),
        KeyBinding([.character("e")], .editing, "edit the address (⏎ saves, Esc cancels)")
            .does(.editAddress, in: .list, .detail),
        KeyBinding([.character("d")], .editing, "delete (asks; y confirms, anything else keeps it)")
            .does(.delete, in: .list, .detail),
        KeyBinding([.character("u")], .editing, "undo the last change")
            .does(.undo, in: .list, .detail),
        KeyBinding([.character("o")], .editing, "after a conflict (⚡): apply your change again")
            .does(.reapplyMine, in: .list, .detail),
        KeyBinding([.character("x")], .editing, "after a conflict (⚡): keep theirs (the mark goes)")
            .does(.keepTheirs, in: .list, .detail),
        KeyBinding([.character("y")], .view, "in details: copy the ID to the clipboard (OSC 52)")
            .does(.copyID, in: .detail)
            .does(.confirm, in: .confirmDelete, .confirmQuit),
        KeyBinding([.character("s")], .view, "sort: by creation, by name, by address (the header says which)")
            .does(.sort, in: .list),
        KeyBinding([.character("/")], .view, "filter by name or address (Esc clears)")
            .does(.filter, in: .list),
        KeyBinding([.character("R"), .function(5)], .view, "refresh from the server (pending changes stay)")
            .does(.refresh, in: .list, .detail),
        KeyBinding([.control("l")], .view, "redraw the screen")
            .does(.redraw, in: .list, .detail, .help, .messages, .confirmDelete, .confirmQuit, .field),
        KeyBinding([.character("?")], .view, "this help")
            .does(.help, in: .list, .detail)
            .does(.close, in: .help),
        KeyBinding([.character("m")], .view, "messages: every one of this session, newest first, whole")
            .does(.messages, in: .list, .detail)
            .does(.close, in: .messages),
        KeyBinding([.escape], .view, "close a prompt, help or filter; in details: back")
            .does(.clearFilter, in: .list)
            .does(.back, in: .detail)
            .does(.close, in: .help, .messages),
        KeyBinding([.character("q")], .view, "back; in the list: quit (tells what is unsynced)")
            .does(.quit, in: .list)
            .does(.back, in: .detail)
            .does(.close, in: .help, .messages),
        KeyBinding([.character("f")], .simulation, "cycle the server's failure rate: 0, 50%, 100%")
            .does(.cycleFailureRate, in: .list, .detail),
        KeyBinding([.character("L")], .simulation, "cycle the server's latency: 0, 800 ms, 2 s")
            .does(.cycleLatency, in: .list, .detail),
        // Keys only overlays know: their hints and the help's footer show them, not the help.
        KeyBinding([.character(" ")], nil, "in help and messages: page down")
            .does(.pageDown, in: .help, .messages),
        KeyBinding([.character("Y")], nil, "in a confirmation: yes, as y")
            .does(.confirm, in: .confirmDelete, .confirmQuit),
    ]

    /// What a key the table does not bind does in a context: in a confirmation, anything but yes is no.
    static let otherKeys: [KeyContext: KeyCommand] = [.confirmDelete: .decline, .confirmQuit: .decline]

    /// Each context's hint line, in order.
    static let hintLines: [KeyContext: [KeyHint]] = [
        .list: [KeyHint([.enter], "detail"), KeyHint([.character("n")], "new"), KeyHint([.character("r")], "rename"),
                KeyHint([.character("e")], "address"), KeyHint([.character("d")], "delete"),
                KeyHint([.character("/")], "filter"), KeyHint([.character("?")], "help"), KeyHint([.character("q")], "quit")],
        .detail: [KeyHint([.character("r")], "rename"), KeyHint([.character("e")], "address"),
                  KeyHint([.character("d")], "delete"), KeyHint([.character("u")], "undo"),
                  KeyHint([.character("y")], "copy id"), KeyHint([.character("?")], "help"), KeyHint([.escape], "back")],
        .help: [KeyHint([.escape], "close"), KeyHint([.character("j"), .character("k")], "scroll")],
        .messages: [KeyHint([.escape], "close"), KeyHint([.character("j"), .character("k")], "scroll")],
        .confirmDelete: [KeyHint([.character("y")], "delete"), KeyHint([.character("n"), .escape, .enter], "keep it")],
        .confirmQuit: [KeyHint([.character("y")], "quit"), KeyHint([.character("n"), .escape, .enter], "stay")],
    ]

    /// The table as a look-up: context, then key.
    private static let index: [KeyContext: [Key: KeyCommand]] = {
        var index: [KeyContext: [Key: KeyCommand]] = [:]
        for binding in bindings {
            for context in binding.commands.keys {
                for key in binding.keys {
                    if let command = binding.command(for: key, in: context) { index[context, default: [:]][key] = command }
                }
            }
        }
        return index
    }()

    /// What `key` does in `context`, if anything.
    public static func command(for key: Key, in context: KeyContext) -> KeyCommand? {
        index[context]?[key] ?? otherKeys[context]
    }

    /// The keys that give `command` in `context`, in table order.
    public static func keys(for command: KeyCommand, in context: KeyContext) -> [Key] {
        bindings.flatMap { binding in binding.keys.filter { binding.command(for: $0, in: context) == command } }
    }

    /// The hint line of a context: (keys, word). A hint whose keys do nothing there is left out,
    /// so that a hint cannot promise what a key does not do (`KeymapTests` checks none is).
    static func hints(in context: KeyContext) -> [(key: String, word: String)] {
        (hintLines[context] ?? []).filter { hint in
            hint.keys.allSatisfy { command(for: $0, in: context) != nil }
        }.map { ($0.label, $0.word) }
    }
}
