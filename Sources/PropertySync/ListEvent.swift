import OptimisticStore

/// One row as the store shows it: the record the user sees (confirmed with
/// pending changes laid over it) and its sync state.
public struct PropertyRow: Sendable, Equatable {
    public var property: RealEstateProperty
    public var status: RowStatus

    public init(_ property: RealEstateProperty, status: RowStatus = .synced) {
        self.property = property
        self.status = status
    }

    public var id: String { property.id }
}

/// Names a user operation in messages: "rename “Villa Rosa”".
public struct OperationSummary: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        case create, rename, editAddress = "edit address", delete, undo
    }

    public let kind: Kind
    public let recordID: String
    /// The record's name as the user knew it when they acted.
    public let recordName: String
}

/// How the list reaches the server, for the header.
public enum Connectivity: Sendable, Equatable {
    case connecting
    case online
    /// Sending failed for a reason worth retrying; changes wait and are retried.
    case offline(String)
    /// The credentials were refused; changes wait.
    case unauthorized(String)
}

/// Everything the list tells the screen, in order, through `RealEstatePropertyList.events`.
public enum ListEvent: Sendable, Equatable {
    /// Rows changed: the diff, with the current row for every inserted or updated id.
    case rowsChanged(StoreDiff<String>, [String: PropertyRow])
    /// The whole list was (re)loaded: every row, for a first draw.
    case loaded([PropertyRow])
    case succeeded(OperationSummary)
    /// The server refused the operation; it was dropped (reverted).
    case reverted(OperationSummary, message: String, conflict: Bool)
    /// Loading or refreshing failed; what is on screen stays.
    case loadFailed(message: String)
    case connectivityChanged(Connectivity)
    case pendingCountChanged(Int)
    case busyChanged(Bool)
}
