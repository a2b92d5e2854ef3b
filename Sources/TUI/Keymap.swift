import ModelScreens
import ScreenValues

/// A row of the sample's keymap.
public typealias KeyBinding = ModelScreens.KeyBinding<KeyContext, KeyCommand>

/// The sample's table of keys (a `KeyTable`): it dispatches every key on every screen and
/// overlay, and writes the help (`?`), the hints and the list in docs/keys-and-screens.md
/// (`KeysDocumentationTests`), so that none of them can disagree with what a key does.
public enum Keymap {
    public static let table = KeyTable<KeyContext, KeyCommand>(everyBinding, otherKeys: otherKeys, hintLines: hintLines)

    public static var bindings: [KeyBinding] { table.bindings }

    private static let everyBinding: [KeyBinding] = [
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

    /// What `key` does in `context`, if anything.
    public static func command(for key: Key, in context: KeyContext) -> KeyCommand? { table.command(for: key, in: context) }

    /// The keys that give `command` in `context`, in table order.
    public static func keys(for command: KeyCommand, in context: KeyContext) -> [Key] { table.keys(for: command, in: context) }

    /// The hint line of a context (`KeymapTests` checks that no hint names a key that does nothing there).
    static func hints(in context: KeyContext) -> [(key: String, word: String)] { table.hints(in: context) }

    /// The help's lines.
    static func helpLines(simulationAvailable: Bool) -> [(text: String, style: Frame.Style)] {
        table.helpLines(simulationAvailable: simulationAvailable)
    }
}
