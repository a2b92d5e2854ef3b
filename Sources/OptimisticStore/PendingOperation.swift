/// Identifies one local operation for its whole life: applied, sent, retried, settled.
/// Increasing: a larger id was applied later.
public struct OperationID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "op\(rawValue)" }
}

/// One entry of the pending log: a local change the server has not confirmed yet.
public struct PendingOperation<Record: SyncedRecord>: Sendable, Equatable, Identifiable {
    public let id: OperationID
    public let change: LocalChange<Record>
    /// What the user saw of the record just before this change (nil: nothing).
    /// Used to undo the change and to name the record in messages.
    public let before: Record?
    /// The confirmed `_version` this change was made against (nil: none was confirmed).
    public let baseVersion: Int?
    /// How many times sending it failed for a transient reason.
    public internal(set) var failedAttempts: Int
    /// The last transient failure, for the detail view.
    public internal(set) var lastFailure: String?

    public init(
        id: OperationID, change: LocalChange<Record>, before: Record?, baseVersion: Int?,
        failedAttempts: Int = 0, lastFailure: String? = nil
    ) {
        self.id = id
        self.change = change
        self.before = before
        self.baseVersion = baseVersion
        self.failedAttempts = failedAttempts
        self.lastFailure = lastFailure
    }

    public var recordID: Record.ID { change.recordID }
}
