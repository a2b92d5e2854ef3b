/// A `y` to "Delete “X”?", checked against the row as it is now: the question may have stood
/// while the row went, or while someone else renamed it. The y was for what the question said,
/// so it deletes only a row still as asked about.
public enum DeleteConfirmation: Equatable, Sendable {
    /// The row is as the question named it: delete it.
    case delete
    /// Gone meanwhile: nothing is deleted, and `message` says so.
    case gone(message: String)
    /// Renamed meanwhile: the question is asked again under `newName`, and `message` says why.
    case askAgain(newName: String, message: String)

    /// `name`: what the question asked about; `current`: the row's name now (nil: it is gone).
    public init(asked name: String, nowNamed current: String?) {
        if let current, current != name {
            self = .askAgain(newName: current, message: "“\(name)” was renamed “\(current)” meanwhile: y deletes it under its new name.")
        } else if current == nil {
            self = .gone(message: "“\(name)” is already gone; nothing was deleted.")
        } else {
            self = .delete
        }
    }
}

extension DeleteConfirmation {
    /// What the question says before a delete is sent, besides its name: the records that point
    /// at it (`children`: how many of which model), and what `u` can do afterwards, which depends on the API:
    /// Gen 2 keeps no tombstone, so an undone delete comes back under its own key (its children
    /// find it again); the versioned dialect keeps one, so it comes back under a new id (a key of
    /// the record's own cannot come back at all). Nothing is said while the dialect is unknown.
    ///
    /// A record holding a value deeper than was read (`notReadWhole`) cannot be made again as it
    /// was: then that is what is said of `u`.
    public static func notes(
        children: [(model: String, count: Int)], dialect: APIDialect?, keyIsGenerated: Bool, notReadWhole: [String] = []
    ) -> [String] {
        var notes: [String] = []
        if !children.isEmpty {
            let total = children.reduce(0) { $0 + $1.count }
            let named = children.map { "\($0.count) \($0.model) record\($0.count == 1 ? "" : "s")" }
            notes.append(named.joined(separator: ", ") + (total == 1 ? " points" : " point") + " at it.")
        }
        if let cut = notReadWhole.first {
            notes.append("Its \(cut) goes deeper than was read: u cannot bring it back whole.")
            return notes
        }
        switch dialect {
        case let dialect? where dialect.hasVersions:
            notes.append(
                keyIsGenerated
                    ? "This API keeps a deleted record's id: u would bring it back as a new record\(children.isEmpty ? "" : ", which they would not point at")."
                    : "This API keeps a deleted record's key: it cannot be undone.")
        case .some where !children.isEmpty:
            notes.append("u brings it back under its own key.")
        default:
            break
        }
        return notes
    }
}
