/// One step of a random schedule. Picks (`record`, `pick`) are taken modulo what
/// exists when the step runs, so any sequence of steps is meaningful and a
/// shrunk schedule still replays.
enum ScheduleStep: Sendable, Equatable, CustomStringConvertible {
    // The user, through the store.
    case create(name: Int)
    case rename(record: Int, name: Int)
    case editAddress(record: Int, address: Int)
    case delete(record: Int)
    // The network settling one of the operations in flight, in any order.
    case accept(pick: Int)
    case reject(pick: Int, conflict: Bool)
    case transientFailure(pick: Int)
    // Another client, and the subscription events every server write produces.
    case remoteCreate(name: Int)
    case remoteRename(record: Int, name: Int)
    case remoteDelete(record: Int)
    case deliverEvent(pick: Int)
    // Full refreshes, which may land after later writes.
    case beginRefresh
    case landRefresh(pick: Int)
    // The user settling a conflict their way: keeping the other writer's version (`x`).
    case dismissConflict(record: Int)

    /// Decodes three small integers; the weights make settles and edits common.
    init(kind: Int, a: Int, b: Int) {
        switch kind {
        case 0..<8: self = .create(name: a)
        case 8..<20: self = .rename(record: a, name: b)
        case 20..<28: self = .editAddress(record: a, address: b)
        case 28..<36: self = .delete(record: a)
        case 36..<54: self = .accept(pick: a)
        case 54..<64: self = .reject(pick: a, conflict: b % 3 == 0)
        case 64..<70: self = .transientFailure(pick: a)
        case 70..<73: self = .remoteCreate(name: a)
        case 73..<78: self = .remoteRename(record: a, name: b)
        case 78..<81: self = .remoteDelete(record: a)
        case 81..<89: self = .deliverEvent(pick: a)
        case 89..<92: self = .beginRefresh
        case 92..<96: self = .landRefresh(pick: a)
        default: self = .dismissConflict(record: a)
        }
    }

    var description: String {
        switch self {
        case .create(let name): "create(\(Self.names[name % Self.names.count]))"
        case .rename(let record, let name): "rename(#\(record), \(Self.names[name % Self.names.count]))"
        case .editAddress(let record, let address): "editAddress(#\(record), \(Self.address(address) ?? "nil"))"
        case .delete(let record): "delete(#\(record))"
        case .accept(let pick): "accept(\(pick))"
        case .reject(let pick, let conflict): conflict ? "conflict(\(pick))" : "reject(\(pick))"
        case .transientFailure(let pick): "transientFailure(\(pick))"
        case .remoteCreate(let name): "remoteCreate(\(Self.names[name % Self.names.count]))"
        case .remoteRename(let record, let name): "remoteRename(#\(record), \(Self.names[name % Self.names.count]))"
        case .remoteDelete(let record): "remoteDelete(#\(record))"
        case .deliverEvent(let pick): "deliverEvent(\(pick))"
        case .beginRefresh: "beginRefresh"
        case .landRefresh(let pick): "landRefresh(\(pick))"
        case .dismissConflict(let record): "dismissConflict(#\(record))"
        }
    }

    /// Few names, so that a rename often sets the value a row already has.
    static let names = ["Loft", "Cottage", "Villa", "東京タワー"]

    static func address(_ index: Int) -> String? {
        index % 3 == 0 ? nil : ["1 Quay St", "88 Via Roma"][index % 2]
    }
}
