import ModelScreens
import ScreenValues

/// Who has the keys in the model browser: a screen, or what covers it.
public enum BrowserKeyContext: Sendable, Hashable, CaseIterable {
    case list, detail
    case help, messages, follow, confirmDelete, confirmQuit, confirmDiscard
    /// Screens that take text and have keys of their own (the model picker, the form, the
    /// filter being typed, a field renamed in place): the table binds only C-l there.
    case picker, form, filter, rename
}

/// What a key asks for in the model browser. The reducer handles each command once
/// (`BrowserState+Keys.swift`), and looks at the context only where a command means something
/// different there (`down` moves the selection in the list and scrolls a detail or the help).
public enum BrowserCommand: Sendable, Equatable {
    case down, up, top, bottom, pageDown, pageUp, halfPageDown, halfPageUp
    case openDetail
    /// A detail to its list; in the list, a typed filter cleared, then where a relation came from.
    case back
    /// Closes the help, the messages or the relation choice.
    case close
    case create, edit, delete, undo
    /// In the messages: the refused create on top, into the form again.
    case createAgain
    /// The display field, edited in place (in its row, or its line of the detail).
    case rename
    /// After a conflict (⚡): the user's change again, over the other writer's; or theirs kept.
    case reapplyMine, keepTheirs
    /// To the clipboard: in the list the marked rows as NDJSON; in a detail the record's key.
    case copyKey
    /// Space: the selected row marked or unmarked, and the selection one down.
    case mark
    /// `*`: every row the list shows marked (all of them, not only those on screen).
    case markAll
    /// Esc in the list: the marks cleared when there are any, else back (as `back`).
    case clearMarks
    case follow
    /// The model picker.
    case models
    case sort, filter, refresh, redraw, help, messages, quit
    /// The embedded server's failure rate and latency, each in its cycle.
    case cycleFailureRate, cycleLatency
    /// The answer to a question: yes, or anything else.
    case confirm, decline
}

/// The model browser's table of keys (a `KeyTable`): it dispatches every key on every screen
/// and overlay, and writes the help (`?`), the hints and the table in docs/keys-and-screens.md
/// (`BrowserKeymapTests`). The picker, the form and a filter being typed take text: their own
/// keys are theirs (listed in the help after the table's), and only C-l reaches past them.
public enum BrowserKeymap {
    public typealias Binding = KeyBinding<BrowserKeyContext, BrowserCommand>

    public static let table = KeyTable<BrowserKeyContext, BrowserCommand>(
        everyBinding,
        otherKeys: [.confirmDelete: .decline, .confirmQuit: .decline, .confirmDiscard: .decline],
        hintLines: hintLines)

    private static let everyBinding: [Binding] = [
        Binding([.character("j"), .character("k"), .down, .up], .navigation, "move down / up; in a detail: scroll")
            .does(each: [.down, .up, .down, .up], in: .list, .detail, .help, .messages, .follow),
        Binding([.character("g"), .home], .navigation, "first record")
            .does(.top, in: .list, .help, .messages)
            .does(each: [nil, .top], in: .detail),
        Binding([.character("G"), .end], .navigation, "last record")
            .does(.bottom, in: .list, .help, .messages)
            .does(each: [nil, .bottom], in: .detail),
        Binding([.pageDown, .pageUp], .navigation, "page down / up")
            .does(each: [.pageDown, .pageUp], in: .list, .detail, .help, .messages),
        Binding([.control("d"), .control("u")], .navigation, "half a page down / up")
            .does(each: [.halfPageDown, .halfPageUp], in: .list)
            .does(each: [.pageDown, .pageUp], in: .help),
        Binding([.enter, .character("l"), .right], .navigation, "open the record's detail")
            .does(.openDetail, in: .list)
            .does(each: [.close, nil, nil], in: .help, .messages)
            .does(each: [.confirm, nil, nil], in: .follow),
        Binding([.character("h"), .left, .backspace], .navigation,
                "back: a detail to its list, a typed filter cleared, then where a relation came from")
            .does(.back, in: .list, .detail),
        Binding([.character("f")], .navigation, "follow a relation (a choice when there are several)")
            .does(.follow, in: .list, .detail),
        Binding([.character("M")], .navigation, "models: open another model's list")
            .does(.models, in: .list, .detail),
        Binding([.character("n"), .character("a")], .editing,
                "new record (the form; under a relation, with the parent's key); right after a refused create, that record again")
            .does(.create, in: .list, .detail)
            .does(.createAgain, in: .messages),
        Binding([.character("r")], .editing, "rename in place: the display field (⏎ saves, Esc cancels)")
            .does(.rename, in: .list, .detail),
        Binding([.character("e")], .editing,
                "edit the record in the form, from its first field other than the display field (r renames that); with marks: the fields to set on every marked row")
            .does(.edit, in: .list, .detail),
        Binding([.character("d")], .editing, "delete (asks; y confirms, anything else keeps it); with marks: every marked row, after one question")
            .does(.delete, in: .list, .detail),
        Binding([.character(" ")], .editing, "mark or unmark the row and move down, as file managers do; in help and messages: page down")
            .does(.mark, in: .list)
            .does(.pageDown, in: .help, .messages),
        Binding([.character("*")], .editing, "mark every row the list shows (its filter's rows, all of them); Esc clears the marks")
            .does(.markAll, in: .list),
        Binding([.character("u")], .editing, "undo your last change to this model (a change to marked rows: all of it)")
            .does(.undo, in: .list, .detail),
        Binding([.character("o")], .editing, "after a conflict (⚡): apply your change again")
            .does(.reapplyMine, in: .list, .detail),
        Binding([.character("x")], .editing, "after a conflict (⚡): keep theirs (the mark goes)")
            .does(.keepTheirs, in: .list, .detail),
        Binding([.character("y")], .view,
                "copy to the clipboard (OSC 52): in the list the marked rows as NDJSON, a record a line in its wire form; in a detail the record's key")
            .does(.copyKey, in: .list, .detail)
            .does(.confirm, in: .confirmDelete, .confirmQuit, .confirmDiscard),
        Binding([.character("s")], .view, "sort by the display field, then each other short column, then creation order again")
            .does(.sort, in: .list),
        Binding([.character("/")], .view, "filter: words, or clauses such as amount >= 10 (⏎ keeps it, Esc clears it)")
            .does(.filter, in: .list),
        Binding([.character("R"), .function(5)], .view, "read the model's list again (pending changes stay)")
            .does(.refresh, in: .list, .detail),
        Binding([.control("l")], .view, "redraw the screen")
            .does(.redraw, in: BrowserKeyContext.allCases),
        Binding([.character("?")], .view, "this help")
            .does(.help, in: .list, .detail)
            .does(.close, in: .help),
        Binding([.character("m")], .view, "messages: every one of this session, newest first, whole")
            .does(.messages, in: .list, .detail)
            .does(.close, in: .messages),
        Binding([.escape], .view, "close help, messages or a choice; in the list: clear the marks first; back, as h")
            .does(.clearMarks, in: .list)
            .does(.back, in: .detail)
            .does(.close, in: .help, .messages, .follow),
        Binding([.character("q")], .view, "in the list: quit (asks when changes still wait); elsewhere: back")
            .does(.quit, in: .list)
            .does(.back, in: .detail)
            .does(.close, in: .help, .messages, .follow),
        Binding([.character("F")], .simulation, "cycle the server's failure rate: 0, 50%, 100%")
            .does(.cycleFailureRate, in: .list, .detail),
        Binding([.character("L")], .simulation, "cycle the server's latency: 0, 800 ms, 2 s")
            .does(.cycleLatency, in: .list, .detail),
        // Keys only overlays know: their hints and footer show them, not the help.
        Binding([.character("Y")], nil, "in a question: yes, as y")
            .does(.confirm, in: .confirmDelete, .confirmQuit, .confirmDiscard),
    ]

    /// Each context's hint line, in order: what may be dropped on a narrow screen last (`? help`
    /// always stays).
    static let hintLines: [BrowserKeyContext: [KeyHint]] = [
        .list: [KeyHint([.enter], "detail"), KeyHint([.character("n")], "new"), KeyHint([.character("r")], "rename"), KeyHint([.character("e")], "edit"),
                KeyHint([.character("d")], "delete"), KeyHint([.character("/")], "filter"), KeyHint([.character("?")], "help"),
                KeyHint([.character("q")], "quit"), KeyHint([.character("f")], "follow"), KeyHint([.character("M")], "models")],
        .detail: [KeyHint([.escape], "back"), KeyHint([.character("r")], "rename"), KeyHint([.character("e")], "edit"), KeyHint([.character("d")], "delete"),
                  KeyHint([.character("u")], "undo"), KeyHint([.character("?")], "help"), KeyHint([.character("f")], "follow"),
                  KeyHint([.character("y")], "copy key"), KeyHint([.character("M")], "models")],
        .help: [KeyHint([.escape], "close"), KeyHint([.character("j"), .character("k")], "scroll")],
        .messages: [KeyHint([.escape], "close"), KeyHint([.character("j"), .character("k")], "scroll")],
        .follow: [KeyHint([.enter], "follow"), KeyHint([.character("j"), .character("k")], "choose"), KeyHint([.escape], "cancel")],
        .confirmDelete: [KeyHint([.character("y")], "delete"), KeyHint([.character("n"), .escape, .enter], "keep it")],
        .confirmQuit: [KeyHint([.character("y")], "quit"), KeyHint([.character("n"), .escape, .enter], "stay")],
        .confirmDiscard: [KeyHint([.character("y")], "discard"), KeyHint([.character("n"), .escape, .enter], "back to the form")],
    ]

    /// The help's lines: the table's, then the keys of the screens that take text.
    static func helpLines(simulationAvailable: Bool) -> [(text: String, style: Frame.Style)] {
        table.helpLines(
            simulationAvailable: simulationAvailable, more: [("In the form", RecordForm.keyHelp), ("In the model picker", ModelPicker.keyHelp)])
    }
}
