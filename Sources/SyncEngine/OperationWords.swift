/// How a screen names each operation, one row per kind: a new kind of change is a row here
/// (and a case of `OperationKind`), not an edit of every message. The screen, for every model,
/// speaks these words.
public struct OperationWords: Sendable {
    /// How a failure names it: `rename “Villa Rosa” failed: …`.
    public let failure: String
    /// A later change taken back with a refused create: "its rename".
    public let takenBack: String
    /// The success line, given the record's name in quotes when there is one.
    public let success: @Sendable (_ quotedName: String?) -> String
    /// The user's losing change in a conflict, for the detail view, given a rename's new name.
    public let yours: @Sendable (_ newName: String?) -> String

    public static func of(_ kind: OperationKind) -> OperationWords {
        switch kind {
        case .create:
            OperationWords(failure: "add", takenBack: "its create", success: { "\($0 ?? "Property") added" },
                           yours: { _ in "create" })
        case .rename:
            OperationWords(failure: "rename", takenBack: "its rename", success: { $0.map { "Renamed to \($0)" } ?? "Renamed" },
                           yours: { "rename to “\($0 ?? "")”" })
        case .editField(let field):
            OperationWords(failure: "\(field) change of", takenBack: "its \(field)",
                           success: { $0.map { "\(field.capitalizedFirst) of \($0) saved" } ?? "\(field.capitalizedFirst) saved" },
                           yours: { _ in "your \(field) change" })
        case .edit:
            OperationWords(failure: "change of", takenBack: "its change",
                           success: { $0.map { "Changes to \($0) saved" } ?? "Changes saved" },
                           yours: { _ in "your change" })
        case .delete:
            OperationWords(failure: "delete", takenBack: "its delete", success: { "\($0 ?? "Property") deleted" },
                           yours: { _ in "delete" })
        case .undo:
            OperationWords(failure: "undo", takenBack: "an undo",
                           success: { $0.map { "Undid the last change to \($0)" } ?? "Undone" }, yours: { _ in "undo" })
        case .refresh:
            OperationWords(failure: "refresh", takenBack: "a refresh", success: { _ in "Refreshed" }, yours: { _ in "refresh" })
        case .applyAgain:
            OperationWords(failure: "apply again", takenBack: "applying it again",
                           success: { $0.map { "Applied again to \($0)" } ?? "Applied again" }, yours: { _ in "apply again" })
        }
    }
}

/// An operation that did not happen, as every screen's status line says it: the outcome first,
/// the server's reason after it, so a line cut short still says what happened
/// (`rename “Old” to “New” failed, reverted: …`; a refused create names the later changes taken
/// back with it: `add “Doomed” failed, reverted with its rename and its address: …`), and the same
/// without the names for a narrow line (`rename failed, reverted: Name is reserved`).
public struct RefusalText: Sendable, Equatable {
    public let text: String
    public let narrow: String
    /// The reason's own width, for the status line's choice between the two.
    public let reason: String

    /// `reverted`: the change had been shown and is taken back (a conflict's too: theirs is shown).
    /// `key`: the record's key, after its name (a batch's refusals, where names may repeat).
    public init(
        _ kind: OperationKind, record: String?, key: String? = nil, newName: String? = nil, reverted: Bool,
        takenBackWith: [OperationKind] = [], reason: String
    ) {
        let words = OperationWords.of(kind)
        let outcome = reverted ? " failed, reverted" : " failed"
        var text = words.failure
        if let record { text += " “\(record)”" }
        if let key { text += " (\(key))" }
        // Only a rename is named by where it went: an edit of several fields is not "to" a name.
        if kind == .rename, let newName { text += " to “\(newName)”" }
        text += outcome
        if !takenBackWith.isEmpty {
            // Said, or the user would wonder where their rename went.
            text += " with " + Self.listed(takenBackWith.map { OperationWords.of($0).takenBack })
        }
        self.text = text + ": " + reason
        narrow = words.failure + outcome + ": " + reason
        self.reason = reason
    }

    /// "a, b and c".
    public static func listed(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}

extension String {
    /// "Address" from "address": a word at the start of a sentence.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
