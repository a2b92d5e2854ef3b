import OptimisticStore

/// What a refused update or delete means, given the server's copy of the record
/// and the copy the change was made against (its base). Pure, so every case is a
/// plain unit test.
enum ConflictResolution: Equatable {
    /// The server already holds what the change asked for (an earlier attempt whose
    /// answer was lost, or the same edit made elsewhere): it is confirmed, not sent again.
    case alreadyApplied
    /// The server moved on only in fields the change does not touch: send it again on top.
    case rebase
    /// Someone else changed what this change changes: the server's value stays, the user is told.
    case conflict(String)

    static func resolve(_ operation: PendingOperation<RealEstateProperty>, against server: RealEstateProperty) -> Self {
        let base = operation.base
        switch operation.change {
        case .create:
            return .conflict("a property with this id already exists on the server")
        case .delete:
            if server.isDeleted { return .alreadyApplied }
            if let base, server.name == base.name, server.address == base.address { return .rebase }
            return .conflict("someone else changed it meanwhile (now “\(server.name)”); press d again to delete it anyway")
        case .update(_, let patch):
            if server.isDeleted { return .conflict("someone else deleted it meanwhile") }
            let wantsName = patch.name.map { $0 == server.name } ?? true
            let wantsAddress = patch.address.map { $0 == server.address } ?? true
            if wantsName, wantsAddress { return .alreadyApplied }
            var clashes: [String] = []
            if let newName = patch.name, newName != server.name, base?.name != server.name {
                clashes.append("renamed it to “\(server.name)”")
            }
            if let newAddress = patch.address, newAddress != server.address, base?.address != server.address {
                clashes.append(server.address.map { "changed its address to “\($0)”" } ?? "cleared its address")
            }
            if clashes.isEmpty { return .rebase }
            return .conflict("someone else \(clashes.joined(separator: " and ")) meanwhile")
        }
    }
}
