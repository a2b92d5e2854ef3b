/// A `y` to "Delete “X”?", checked against the row as it is now: the question may have stood
/// while the row went, or while someone else renamed it. The y was for what the question said,
/// so it deletes only a row still as asked about (the sample's and the model browser's alike).
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
