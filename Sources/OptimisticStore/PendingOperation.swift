/// Identifies one local operation for its whole life: applied, sent, retried, settled.
/// Increasing: a larger id was applied later. It is also the operation's place in the outbox.
@frozen
public struct OperationID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: UInt64
    @inlinable public init(rawValue: UInt64) { self.rawValue = rawValue }
    @inlinable public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "op\(rawValue)" }
}

/// One entry of the pending log: a local change the server has not confirmed yet.
public struct PendingOperation<Record: SyncedRecord>: Sendable, Equatable, Identifiable {
    public let id: OperationID
    public let change: LocalChange<Record>
    /// What the user saw of the record just before this change (nil: nothing).
    /// Used to undo the change and to name the record in messages.
    public let before: Record?
    /// The confirmed record this change was made against (nil: none was confirmed).
    /// Its `_version` is what the change is sent with. It moves on only when an
    /// earlier operation of the same record is confirmed, or when the sender rebases
    /// the change on the server's copy; never because of a refresh or a remote
    /// write, so a change cannot silently overwrite an edit it never saw.
    @inlinable
    public internal(set) var base: Record? {
        get { storedBase }
        set { storedBase = newValue }
    }
    /// How many times it was put on the wire. Above zero, the server may have
    /// applied it even if no answer came back.
    @inlinable
    public internal(set) var attempts: Int {
        get { storedAttempts }
        set { storedAttempts = newValue }
    }
    /// Why the last attempt failed, if it did (for the detail view).
    @inlinable
    public internal(set) var lastFailure: String? {
        get { storedLastFailure }
        set { storedLastFailure = newValue }
    }
    // Stored under other names so that the `@inlinable` initialiser can set them (the public
    // properties' setters are internal, which inlinable code may not call).
    @usableFromInline var storedBase: Record?
    @usableFromInline var storedAttempts: Int
    @usableFromInline var storedLastFailure: String?

    @inlinable
    public init(
        id: OperationID, change: LocalChange<Record>, before: Record?, base: Record?,
        attempts: Int = 0, lastFailure: String? = nil
    ) {
        self.id = id
        self.change = change
        self.before = before
        storedBase = base
        storedAttempts = attempts
        storedLastFailure = lastFailure
    }

    @inlinable
    public var recordID: Record.ID { change.recordID }

    /// Whether it may have reached the server: it was sent at least once.
    @inlinable
    public var mayHaveReachedServer: Bool { attempts > 0 }
}
