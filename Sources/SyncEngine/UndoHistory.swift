import Foundation
import OptimisticStore

/// The user's changes, newest last, each with what the record was before and
/// after, so that `u` can take back exactly that change, or say why it cannot.
struct UndoHistory<Record: ListRecord> {
    struct Entry {
        let kind: OperationKind
        var recordID: Record.ID
        /// The operation that made the change, while it is pending.
        let operation: OperationID
        /// The change itself (an update's patch says which fields to put back).
        let change: LocalChange<Record>
        let before: Record?
        let after: Record?

        enum Inverse {
            case change(LocalChange<Record>)
            case notPossible(String)
        }

        /// "the rename of “Villa”", naming the record as the user knew it.
        var description: String {
            let name = "“\((before ?? after)?.displayName ?? "")”"
            switch kind {
            case .create: return "adding \(name)"
            case .rename: return "the rename of \(name) to “\(after?.displayName ?? "")”"
            case .editField(let field): return "the \(field) change of \(name)"
            case .edit: return "the change of \(name)"
            case .delete: return "deleting \(name)"
            case .undo: return "the undo of \(name)"
            case .refresh, .applyAgain: return name  // not recorded for undo
            }
        }

        /// The change that restores `before`, given what the record shows now. `keepsKeys`: the API
        /// keeps no tombstone, so a deleted record can come back under its own key.
        func inverse(current: Record?, keepsKeys: Bool) -> Inverse {
            switch change {
            case .create:
                guard let current else { return .notPossible("it is already gone") }
                return .change(.delete(current.id))
            case .delete:
                guard let before else { return .notPossible("nothing is known of it") }
                guard current == nil else { return .notPossible("it is still there") }
                // Made again from a copy read in part, it would lose what was not read (and the
                // server would refuse the part's marker): never sent.
                if let cut = before.fieldsNotReadWhole.first {
                    return UndoHistory.notReadWhole(cut)
                }
                // Where the server keeps a tombstone, a deleted record cannot come back under its id.
                return .change(.create(before.recreated(keepingKey: keepsKeys)))
            case .update(_, let patch):
                guard let current, let before, let after else { return .notPossible("it has been deleted since") }
                switch current.undoing(patch, before: before, after: after) {
                case .patch(let restore):
                    // A value that was read in part is not put back: it would lose what was not
                    // read (found by the convergence property: the server refused the marker).
                    let cutAlready = Set(current.fieldsNotReadWhole)
                    if let cut = current.applying(restore).fieldsNotReadWhole.first(where: { !cutAlready.contains($0) }) {
                        return UndoHistory.notReadWhole(cut)
                    }
                    return .change(.update(current.id, restore))
                case .changedSince(let reason): return .notPossible(reason)
                }
            }
        }
    }

    /// Why a value read in part is not put back (a delete's undo, an update's).
    static func notReadWhole(_ field: String) -> Entry.Inverse {
        .notPossible("its \(field) went deeper than was read, so it cannot be put back whole")
    }

    /// The changes, a step per `u`: one entry for a single change, all of a batch's for a change
    /// made to many records at once (marked rows deleted or edited), which one `u` takes back whole.
    private var steps: [[Entry]] = []
    /// Enough for any session; the oldest steps are forgotten.
    static var limit: Int { 100 }

    mutating func record(_ entry: Entry) { record(batch: [entry]) }

    /// A change made to many records at once: one step, so that one `u` undoes all of it.
    mutating func record(batch entries: [Entry]) {
        guard !entries.isEmpty else { return }
        steps.append(entries)
        if steps.count > Self.limit { steps.removeFirst(steps.count - Self.limit) }
    }

    /// The last step's entries, in the order they were made.
    mutating func popLast() -> [Entry]? { steps.popLast() }

    /// The server refused the operation: the change never happened, so there is nothing to undo
    /// (the rest of its batch still is).
    mutating func forget(operation: OperationID) {
        guard let index = steps.lastIndex(where: { $0.contains { $0.operation == operation } }) else { return }
        steps[index].removeAll { $0.operation == operation }
        if steps[index].isEmpty { steps.remove(at: index) }
    }

    /// A deleted record came back under a new id: its older changes now concern that one.
    mutating func replaceRecord(_ old: Record.ID, with new: Record.ID) { replaceRecords([old: new]) }

    /// The same for many (a batch of deletes undone), in one pass over the history.
    mutating func replaceRecords(_ renamed: [Record.ID: Record.ID]) {
        guard !renamed.isEmpty else { return }
        for step in steps.indices {
            for index in steps[step].indices {
                if let new = renamed[steps[step][index].recordID] { steps[step][index].recordID = new }
            }
        }
    }
}
