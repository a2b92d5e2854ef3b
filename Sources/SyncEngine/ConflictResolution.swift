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

    /// A later operation of a record whose earlier one (`earlier`) the server just confirmed with
    /// `answer`: why it may not simply go on from that answer, if it may not. The answer can hold
    /// someone else's change that the later operation never saw (the earlier one was rebased onto
    /// it, or the plain dialect's condition did not look at that field); the later operation was
    /// made against its base with the earlier change on top, so that is what the answer is
    /// compared with, outside the fields the earlier change wrote itself.
    static func clash<Record: ListRecord>(
        of later: PendingOperation<Record>, after earlier: LocalChange<Record>, answer: Record
    ) -> String? {
        guard !answer.isDeleted else { return nil }
        let seen: Record, server: Record
        switch earlier {
        case .create(let record):
            // A value deeper than the selection comes back cut, so it cannot be compared with the
            // one created: such an answer is taken as the create's own.
            guard answer.fieldsNotReadWhole.isEmpty else { return nil }
            seen = record
            server = answer
        case .update(_, let patch):
            guard let base = later.base else { return nil }
            seen = base.applying(patch)
            server = answer.applying(patch)
        case .delete:
            return nil
        }
        switch later.change {
        case .create:
            return nil
        case .update(_, let patch):
            let clashes = server.clashes(with: patch, since: seen)
            return clashes.isEmpty ? nil : "someone else \(clashes.joined(separator: " and ")) meanwhile"
        case .delete:
            if server.hasSameValues(as: seen) { return nil }
            return "someone else changed it meanwhile (now “\(answer.displayName)”); press d again to delete it anyway"
        }
    }
}
