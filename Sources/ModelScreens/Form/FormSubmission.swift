import AmplifyModels

/// What a submitted form gives: a new record, or the fields an update changes.
public enum FormSubmission: Sendable, Hashable {
    /// Checked by `ModelRecord.checked` (a create's `id` left empty is a new UUID).
    case create(ModelRecord)
    /// Only the changed fields, checked by `ModelRecordPatch.checked`; empty when nothing changed.
    case update(ModelRecordPatch)
}

/// One field's problem, in words for the user.
public struct FieldProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public var field: String
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}

/// What a key did to the form.
public enum FormOutcome: Sendable, Hashable {
    /// Still editing (the key changed the form, or did nothing).
    case editing
    /// Esc: close the form, nothing saved.
    case cancelled
    case submitted(FormSubmission)
    /// A submit refused: the problems are shown next to their fields, the focus is on the first.
    case refused([FieldProblem])
}
