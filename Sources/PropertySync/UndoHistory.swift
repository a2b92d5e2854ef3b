import Foundation
import OptimisticStore

/// The user's changes, newest last, each with what the record was before and
/// after, so that `u` can take back exactly that change, or say why it cannot.
struct UndoHistory {
    struct Entry {
        let kind: OperationKind
        var recordID: PropertyID
        /// The operation that made the change, while it is pending.
        let operation: OperationID
        let before: RealEstateProperty?
        let after: RealEstateProperty?

        enum Inverse {
            case change(LocalChange<RealEstateProperty>)
            case notPossible(String)
        }

        /// "the rename of “Villa”", naming the record as the user knew it.
        var description: String {
            let name = "“\((before ?? after)?.name ?? "")”"
            switch kind {
            case .create: return "adding \(name)"
            case .rename: return "the rename of \(name) to “\(after?.name ?? "")”"
            case .editAddress: return "the address change of \(name)"
            case .delete: return "deleting \(name)"
            case .undo: return "the undo of \(name)"
            case .refresh, .applyAgain: return name  // not recorded for undo
            }
        }

        /// The change that restores `before`, given what the record shows now.
        func inverse(current: RealEstateProperty?) -> Inverse {
            switch kind {
            case .create:
                guard let current else { return .notPossible("it is already gone") }
                return .change(.delete(current.id))
            case .delete:
                guard let before else { return .notPossible("nothing is known of it") }
                guard current == nil else { return .notPossible("it is still there") }
                // A deleted record cannot come back under its id (the server keeps a tombstone).
                return .change(.create(RealEstateProperty(id: PropertyID.random(), name: before.name, address: before.address)))
            case .rename:
                guard let current, let before, let after else { return .notPossible("it has been deleted since") }
                guard current.name == after.name else { return .notPossible("its name has changed since (now “\(current.name)”)") }
                return .change(.update(current.id, RealEstatePropertyPatch(name: before.name)))
            case .editAddress:
                guard let current, let before, let after else { return .notPossible("it has been deleted since") }
                guard current.address == after.address else { return .notPossible("its address has changed since") }
                return .change(.update(current.id, RealEstatePropertyPatch(address: .some(before.address))))
            case .undo:
                return .notPossible("an undo is not undone")
            case .refresh, .applyAgain:
                return .notPossible("it is not a change")
            }
        }
    }

    private var entries: [Entry] = []
    /// Enough for any session; the oldest are forgotten.
    static let limit = 100

    mutating func record(_ entry: Entry) {
        entries.append(entry)
        if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
    }

    mutating func popLast() -> Entry? { entries.popLast() }

    /// The server refused the operation: the change never happened, so there is nothing to undo.
    mutating func forget(operation: OperationID) {
        entries.removeAll { $0.operation == operation }
    }

    /// A deleted record came back under a new id: its older changes now concern that one.
    mutating func replaceRecord(_ old: PropertyID, with new: PropertyID) {
        for index in entries.indices where entries[index].recordID == old { entries[index].recordID = new }
    }
}
