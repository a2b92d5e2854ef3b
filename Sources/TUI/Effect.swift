import PropertySync

/// What the reducer asks the outside world to do. The executable performs each
/// against the `RealEstatePropertyList` actor (or the terminal); the list reports the
/// change and the server's answer itself (`AppAction.list`), and the effect only what the
/// screen asked for (`.created`) or why the list would not take it (`.operationFailed`).
public enum Effect: Sendable, Equatable {
    /// Create a property (the store generates its id). Input is already validated.
    case create(name: PropertyName, address: PropertyAddress)
    /// Change one field of a property (any row of `PropertyField`). Input is already validated.
    case edit(id: PropertyID, PropertyEdit)
    case delete(id: PropertyID)
    /// Undo the user's last change (a new mutation that restores the previous values).
    case undo
    /// After a conflict: send the user's losing change again, over the server's version.
    case reapplyMine(id: PropertyID)
    /// Fetch the whole list from the server again.
    case refresh
    /// After a conflict: keep the other writer's version and clear the mark.
    case dismissConflict(id: PropertyID)
    /// Embedded server only: the share of mutations to refuse, 0...1.
    case setSimulatedFailureRate(Double)
    /// Embedded server only: the delay before each answer.
    case setSimulatedLatency(Duration)
    /// Put text on the clipboard through the terminal (OSC 52). Handled by the `Terminal` module.
    case copyToClipboard(String)
    /// Repaint the whole terminal (C-l). Handled by the `Terminal` module.
    case redraw
    /// A new sort or filter of a large list: run it off the event loop (a newer one cancels
    /// this one) and post the result as `AppAction.rowsRecomputed`.
    case recomputeRows(RowViewJob)
    /// Leave the app. Handled by the `Terminal` module.
    case quit
}

/// An operation that did not happen, for the status line.
public struct OperationFailure: Sendable, Equatable {
    public var operation: OperationKind
    /// The record's name as the user knows it, if the operation had one.
    public var record: String?
    /// The server's message (or the store's, for a refusal before sending).
    public var message: String
    /// Whether the change had been shown and is now taken back ("Reverted.").
    public var reverted: Bool
    /// For a rename: the name the user typed ("rename “Old” to “New” failed").
    public var newName: String?
    /// For a refused create: the later changes to the record taken back with it.
    public var takenBackWith: [OperationKind]
    /// For a refused create: the record as it was last shown, which `n` offers again.
    public var lastShown: RealEstateProperty?

    public init(
        operation: OperationKind, record: String?, message: String, reverted: Bool = true, newName: String? = nil,
        takenBackWith: [OperationKind] = [], lastShown: RealEstateProperty? = nil
    ) {
        self.operation = operation
        self.record = record
        self.message = message
        self.reverted = reverted
        self.newName = newName
        self.takenBackWith = takenBackWith
        self.lastShown = lastShown
    }
}
