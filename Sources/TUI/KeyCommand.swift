/// Who has the keys: a screen, or what covers it. The keymap says what each key does in each.
public enum KeyContext: Sendable, Hashable, CaseIterable {
    case list, detail
    case help, messages, confirmDelete, confirmQuit
    /// A text field: it takes every key the keymap does not bind here (`LineEditor`).
    case field
}

/// What a key asks for, on whichever screen or overlay has the keys. One type for all of
/// them: the reducer handles each command once (`AppState+Commands.swift`), and looks at the
/// context only where a command means something different there (`down` selects the next row
/// in the list and scrolls details, help and messages).
public enum KeyCommand: Sendable, Equatable {
    /// The selection in the list; the lines of details, help and messages.
    case down, up, top, bottom, pageDown, pageUp, halfPageDown, halfPageUp
    case openDetail
    /// From details back to the list.
    case back
    /// Closes help or messages.
    case close
    /// The "New property name" field; right after a refused create, holding its name.
    case create
    /// In messages: the refused create on top, its name in the field again.
    case createAgain
    case rename, editAddress, delete, undo
    /// After a conflict (⚡): apply the user's change again, over the other writer's.
    case reapplyMine
    /// After a conflict (⚡): keep the other writer's version; the mark goes.
    case keepTheirs
    /// The property's id to the clipboard.
    case copyID
    /// Creation order, by name, by address, in turn.
    case sort
    case filter
    /// Clears the filter if one is set.
    case clearFilter
    case refresh, redraw, help, messages, quit
    case cycleFailureRate, cycleLatency
    /// The answer to a confirmation: yes, or anything else.
    case confirm, decline
}
