import OptimisticStore

/// What a refused update or delete means, given the server's copy of the record
/// and the copy the change was made against (its base). Pure, so every case is a
/// plain unit test; the record says field by field what clashes (`ListRecord`).
enum ConflictResolution: Equatable {
    /// The server already holds what the change asked for (an earlier attempt whose
    /// answer was lost, or the same edit made elsewhere): it is confirmed, not sent again.
    case alreadyApplied
    /// The server moved on only in fields the change does not touch: send it again on top.
    case rebase
    /// Someone else changed what this change changes: the server's value stays, the user is told.
    case conflict(String)

    static func resolve<Record: ListRecord>(_ operation: PendingOperation<Record>, against server: Record) -> Self {
        let base = operation.base
        switch operation.change {
        case .create:
            return .conflict("\(server.aKindName) with this id already exists on the server")
        case .delete:
            if server.isDeleted { return .alreadyApplied }
            if let base, server.hasSameValues(as: base) { return .rebase }
            return .conflict("someone else changed it meanwhile (now “\(server.displayName)”); press d again to delete it anyway")
        case .update(_, let patch):
            if server.isDeleted { return .conflict("someone else deleted it meanwhile") }
            if server.holds(patch) { return .alreadyApplied }
            let clashes = server.clashes(with: patch, since: base)
            if clashes.isEmpty { return .rebase }
            return .conflict("someone else \(clashes.joined(separator: " and ")) meanwhile")
        }
    }
}
