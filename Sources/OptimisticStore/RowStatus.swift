/// What a row shows about its sync state. Derived from the store, never stored by the UI.
public enum RowStatus: Sendable, Equatable {
    /// The row is what the server confirmed.
    case synced
    /// This many local changes to the row are waiting for the server.
    case pending(Int)
    /// The server refused a change because the record changed there meanwhile. Stays until the
    /// user settles it: a new change to the row, or `dismissConflict`. (A plain refusal leaves
    /// no status: the change is gone, and the screen says so until the next key.)
    case conflict(String)
}

/// Why the server refused an operation.
public struct Rejection: Error, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Validation, a failed condition, an injected failure: the change is simply refused.
        case rejected
        /// The record's `_version` moved on at the server (`ConflictUnhandled`).
        case conflict
    }

    public var kind: Kind
    /// The server's message, for the status line.
    public var message: String

    public init(_ message: String, kind: Kind = .rejected) {
        self.kind = kind
        self.message = message
    }
}
