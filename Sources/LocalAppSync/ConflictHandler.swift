/// How an update or delete made against an older `_version` is resolved (AppSync's
/// conflict-detection strategies for a versioned data source).
public enum ConflictHandler: String, Sendable, CaseIterable {
    /// OPTIMISTIC_CONCURRENCY: the write is rejected with `ConflictUnhandled`.
    case optimistic
    /// AUTOMERGE: the server keeps its values, fills the fields it has as null from the write,
    /// and stores the result as the next version.
    case automerge
}
