/// What a row shows about its sync state. Derived from the store, never stored by the UI.
public enum RowStatus: Sendable, Equatable {
    /// The row is what the server confirmed.
    case synced
    /// This many local changes to the row are waiting for the server.
    case pending(Int)
    /// The server refused a change to the row; it was dropped. Shown until acknowledged.
    case reverted(String)
    /// The server refused a change because the record changed there meanwhile.
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

    @inlinable
    var rowStatus: RowStatus {
        switch kind {
        case .rejected: .reverted(message)
        case .conflict: .conflict(message)
        }
    }
}
