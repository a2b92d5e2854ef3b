import OptimisticStore

/// One mutation of a record of any model as it goes to the server.
public enum ModelMutation<Record: SyncedRecord>: Sendable, Equatable {
    case create(Record)
    /// The fields to set, with the confirmed copy they were made against (the base): the
    /// versioned dialect sends its `_version`, the plain one a condition on its fields.
    case update(id: Record.ID, Record.Patch, base: Record?)
    case delete(id: Record.ID, base: Record?)

    /// The `_version` the change was made against (versioned dialect).
    @inlinable
    public var version: Int? {
        switch self {
        case .create: nil
        case .update(_, _, let base), .delete(_, let base): base?.version
        }
    }
}
