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
    ///
    /// Which field names a record best, in this order: a name-like `String` (`name`, `title`,
    /// `fullName`, `label`, …, or one ending in `Name` or `Title`); else the first required
    /// `String` that is neither part of the key nor an id (`authID`, `userId` name nothing a person
    /// reads), else the first such optional one; else the first required `String` outside the key,
    /// else the first `String`, else the partition key. Never an owner field.
    public var displayField: String {
        let key = Set(primaryKey.fields)
        let owners = ownerFields
        let strings = fields.filter { $0.type == .scalar(.string) && !$0.isList && !owners.contains($0.name) }
        if let named = strings.first(where: { Self.isNameLike($0.name) && !key.contains($0.name) }) { return named.name }
        let readable = strings.filter { !key.contains($0.name) && !Self.isIDLike($0.name) }
        return readable.first { $0.isRequired }?.name ?? readable.first?.name
            ?? strings.first { $0.isRequired && !key.contains($0.name) }?.name ?? strings.first?.name ?? primaryKey.partitionKey
    }

    /// Whether the display field is the record's name (a change of it alone is a rename), rather
    /// than some other text shown first (a `description`: its change is an edit).
    public var displayFieldIsAName: Bool { Self.isNameLike(displayField) }

    static let nameLikeFields: Set<String> = [
        "name", "title", "fullname", "displayname", "label", "username", "nickname", "subject", "headline", "caption", "heading",
    ]

    static func isNameLike(_ field: String) -> Bool {
        nameLikeFields.contains(field.lowercased()) || field.hasSuffix("Name") || field.hasSuffix("Title")
    }

    /// `id`, `authID`, `userId`, `owner_id`: an identifier, not a name.
    static func isIDLike(_ field: String) -> Bool {
        let lowered = field.lowercased()
        return lowered == "id" || lowered.hasSuffix("_id") || field.hasSuffix("Id") || field.hasSuffix("ID")
    }
}
