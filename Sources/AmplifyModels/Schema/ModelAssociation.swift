/// How a field that holds another model relates the two, with the field names
/// `model_introspection` writes:
///
/// - `belongsTo`: this model holds the related record's key in `targetNames` (its own fields).
/// - `hasMany`: the related model holds this record's key in `associatedWith` (its fields).
/// - `hasOne`: either side, as for the two above (`targetNames` here, `associatedWith` there).
/// - `toOne`: one related record, as GraphQL introspection shows it: whether it is a
///   `belongsTo` or a `hasOne`, and through which fields, is not said there.
public struct ModelAssociation: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case belongsTo, hasMany, hasOne, toOne
    }

    public var kind: Kind
    /// The related model's name.
    public var relatedModel: String
    /// Fields of this model that hold the related record's key.
    public var targetNames: [String]
    /// Fields of the related model that hold this record's key.
    public var associatedWith: [String]

    public init(kind: Kind, relatedModel: String, targetNames: [String] = [], associatedWith: [String] = []) {
        self.kind = kind
        self.relatedModel = relatedModel
        self.targetNames = targetNames
        self.associatedWith = associatedWith
    }

    /// Whether this record holds the related record's key (a `belongsTo`, or a `hasOne` whose
    /// `targetNames` are here): the related record is its parent.
    public var holdsParentKey: Bool { kind != .hasMany && !targetNames.isEmpty }

    /// The parent's key fields, each with the field of this model that holds its value, in the
    /// key's order (`parent` is the related model).
    public func parentKeyFields(of parent: AmplifyModel) -> [(keyField: String, heldIn: String)] {
        zip(parent.primaryKey.fields, targetNames).map { (keyField: $0, heldIn: $1) }
    }
}
