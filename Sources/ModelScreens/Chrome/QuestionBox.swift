import ScreenValues

/// The questions every screen asks before it does what cannot be taken back, in one set of words
/// and one box: `y` says yes, any other key no (the footer says so).
public enum QuestionBox {
    /// "Delete “Villa Rosa”?", with what undo can do after it (`notes`: the versioned dialect's
    /// tombstone, the records pointing at it), laid out as `frame` draws the name.
    public static func delete(name: String, notes: [String], in frame: Frame) -> BoxView {
        let width = max(36, frame.columns(of: name) + 12, notes.isEmpty ? 0 : 56)
        // The box wraps each note to its width (`BoxView`).
        return BoxView(
            title: "Delete",
            lines: [("Delete “\(name)”?", .bold)] + notes.map { ($0, .normal) } + [("", .normal), ("y deletes · any other key keeps it", .normal)],
            footer: "default: No", preferredWidth: width)
    }

    /// "Delete 340 records?": the marked rows, in one question, with what undo can do after it.
    public static func deleteMany(count: Int, notes: [String]) -> BoxView {
        let records = count == 1 ? "1 record" : "\(NumberText.grouped(count)) records"
        return BoxView(
            title: "Delete",
            lines: [("Delete \(records)?", .bold)] + notes.map { ($0, .normal) } + [("", .normal), ("y deletes them · any other key keeps them", .normal)],
            footer: "default: No", preferredWidth: notes.isEmpty ? 44 : 56)
    }

    /// Quitting: what is still waiting for the server, and that it is kept (the outbox is on disk).
    public static func quit(unsynced: Int) -> BoxView {
        let lines: [(String, Frame.Style)] =
            unsynced == 0
            ? [("Nothing is waiting for the server.", .bold), ("", .normal)]
            : [("\(unsynced == 1 ? "1 change waits" : "\(unsynced) changes wait") for the server.", .bold),
               ("\(unsynced == 1 ? "It is" : "They are") kept and sent on the next start.", .normal), ("", .normal)]
        return BoxView(title: "Quit", lines: lines + [("y quits · any other key stays", .normal)], footer: "default: No", preferredWidth: 44)
    }

    /// Leaving a form with something typed in it.
    public static var discard: BoxView {
        BoxView(
            title: "Discard", lines: [("Discard what you typed in this form?", .bold), ("", .normal), ("y discards it · any other key goes back to it", .normal)],
            footer: "default: No", preferredWidth: 48)
    }
}
