import OptimisticStore

/// Many records changed by one command: marked rows deleted or edited, or such a batch undone.
/// Each record's change is an operation of its own (sent, answered and refused on its own); the
/// list names them together first (`RecordListEvent.batchStarted`), so that a screen can count
/// them as they are answered (`340 of 1,000 deleted, 660 under way`).
public struct RecordBatch<ID: Hashable & Sendable>: Sendable, Equatable {
    /// What was done to each: `.delete`, `.edit` (any change of fields), or `.undo`.
    public let kind: OperationKind
    /// For an undo: what the batch undone did (`.delete`, `.edit`).
    public let undoing: OperationKind?
    /// The records, each once, as their operations' answers will name them (an undone delete on
    /// the versioned dialect: the new record's key). Set by the list once the changes are staged.
    public internal(set) var recordIDs: [ID]
    /// Records an edit was asked to change that held its values already: left alone, not named.
    public let heldAlready: Int
    /// For an undo: the changes undone by dropping them before they were sent, which the server
    /// never saw (the batch's records are the others, undone on the server).
    public let notSent: Int

    public init(kind: OperationKind, undoing: OperationKind? = nil, recordIDs: [ID], heldAlready: Int = 0, notSent: Int = 0) {
        self.kind = kind
        self.undoing = undoing
        self.recordIDs = recordIDs
        self.heldAlready = heldAlready
        self.notSent = notSent
    }

    /// Whether an operation of `kind` (as its answer names it) is one of this batch's.
    public func counts(_ kind: OperationKind) -> Bool {
        switch (self.kind, kind) {
        case (.delete, .delete), (.undo, .undo): true
        case (.edit, .edit), (.edit, .rename), (.edit, .editField): true
        default: false
        }
    }
}
