/// Which record is being written: a new one (its key is chosen now) or an existing one (its
/// key is what addresses it, and cannot change).
public enum EditPurpose: Sendable, Hashable {
    case create, update
}

extension AmplifyModel {
    /// The fields written only by the server: Amplify's timestamps, whatever the description
    /// does not mark read-only.
    public static let serverTimestamps: Set<String> = ["createdAt", "updatedAt"]

    /// The fields the user edits, in the model's order. Left out: what the server writes
    /// (read-only fields, the timestamps, the owner fields), relations to other models (a
    /// `belongsTo` is edited through its key fields, which are ordinary fields), fields of a type
    /// the app does not know, and the key once the record exists.
    public func editableFields(for purpose: EditPurpose) -> [ModelField] {
        let owners = ownerFields
        let key = Set(primaryKey.fields)
        return fields.filter { field in
            if field.isReadOnly || Self.serverTimestamps.contains(field.name) || owners.contains(field.name) { return false }
            switch field.type {
            case .model, .unknown: return false
            default: break
            }
            return purpose == .create || !key.contains(field.name)
        }
    }

    /// The field the list shows first: the first required `String` that is not part of the key,
    /// else the first `String`, else the partition key.
    public var displayField: String {
        let key = Set(primaryKey.fields)
        let strings = fields.filter { $0.type == .scalar(.string) && !$0.isList }
        return strings.first { $0.isRequired && !key.contains($0.name) }?.name ?? strings.first?.name ?? primaryKey.partitionKey
    }
}
