import AppSync
import OptimisticStore

/// What the list's rules ask of a record beyond what the engine asks (`SyncedRecord`): how
/// messages name it and its changes, how a refused change is weighed against the server's copy
/// field by field, and how a change is undone. A `ModelRecord` answers with its model's fields.
/// `SyncMachine` asks nothing else of a record, so its rules are the same for every model.
public protocol ListRecord: SyncedRecord {
    /// How messages name the record: the sample's name, a model's display field.
    var displayName: String { get }
    /// "property": what messages call a record of its kind.
    var kindName: String { get }
    /// What kind of change `patch` makes to this record, for messages ("rename", "edit").
    func kind(of patch: Patch) -> OperationKind
    /// The name `patch` gives this record, when it changes the name (a rename's new name).
    func displayName(after patch: Patch) -> String?
    /// Whether the two hold the same values where the user edits (key, versions and the server's
    /// times aside): a change that went there and back need not be sent.
    func hasSameValues(as other: Self) -> Bool
    /// Whether this record (the server's copy) holds every value `patch` sets already.
    func holds(_ patch: Patch) -> Bool
    /// How this record (the server's copy) moved since `base` in the fields `patch` sets, to
    /// other values than the patch's: "renamed it to “Villa”", one phrase per field.
    func clashes(with patch: Patch, since base: Self?) -> [String]
    /// The update that puts back `before`'s values of the fields `patch` set, as long as this
    /// record (what is shown now) still holds `after`'s; else why not.
    func undoing(_ patch: Patch, before: Self, after: Self) -> Restoration<Patch>
    /// The update that gives this record (the server's copy) `other`'s values where the user
    /// edits: a create refused because its key was taken, applied over the record that holds it
    /// (`o`). Nil when it holds them already.
    func patch(becoming other: Self) -> Patch?
    /// The same values as a record the server has not seen, for an undone delete: under the same
    /// key where the API keeps no tombstone (`keepingKey`: Gen 2, where the record's children
    /// still point at it), else under a new one where the key is generated.
    func recreated(keepingKey: Bool) -> Self
    /// The fields whose values go deeper than was read (a custom type past the selection's
    /// levels): such a record cannot be made again as it was, so an undone delete is refused.
    var fieldsNotReadWhole: [String] { get }
    /// This record deleted at (at least) `version`.
    func tombstone(atLeast version: Int) -> Self
    /// Another copy of this record as an answer's `data` holds it (a conflict's server copy);
    /// nil when it is not one.
    func serverCopy(from data: JSONValue) -> Self?
}

extension ListRecord {
    /// "a property", "an InventoryItem": the kind with its article, for messages.
    public var aKindName: String {
        let startsWithVowel = kindName.first.map { "AEIOUaeiou".contains($0) } ?? false
        return (startsWithVowel ? "an " : "a ") + kindName
    }
}

/// What undoing an update can do.
public enum Restoration<Patch> {
    case patch(Patch)
    /// The record changed since, in a field the undo would put back: the reason says how.
    case changedSince(String)
}
