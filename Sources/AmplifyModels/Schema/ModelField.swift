/// One field of a model or of a custom type.
public struct ModelField: Sendable, Hashable, Codable {
    public var name: String
    public var type: FieldType
    /// The field must hold a value: a non-null scalar, or (for a list) a list, possibly empty.
    public var isRequired: Bool
    public var isList: Bool
    /// For a list: whether its items may be null (`[String]` rather than `[String!]`).
    public var listItemsNullable: Bool
    /// Set by the server, never written by a client (`createdAt`, `updatedAt`, and what the
    /// schema marks so).
    public var isReadOnly: Bool
    /// For a field that is another model: how the two are related.
    public var association: ModelAssociation?
    /// The longest text the field takes, in characters (grapheme clusters), when its description
    /// says one: the sample's name and address, whose server refuses longer. AppSync and a models
    /// file state none.
    public var maximumLength: Int?

    public init(
        name: String, type: FieldType, isRequired: Bool = false, isList: Bool = false, listItemsNullable: Bool = true,
        isReadOnly: Bool = false, association: ModelAssociation? = nil, maximumLength: Int? = nil
    ) {
        self.name = name
        self.type = type
        self.isRequired = isRequired
        self.isList = isList
        self.listItemsNullable = isList && listItemsNullable
        self.isReadOnly = isReadOnly
        self.association = association
        self.maximumLength = maximumLength
    }

    /// Its type as a GraphQL type reference: `String!`, `[String]`, `[AWSDate!]!`.
    public var graphQLType: String {
        let named = type.graphQLName
        guard isList else { return isRequired ? named + "!" : named }
        let list = "[" + named + (listItemsNullable ? "" : "!") + "]"
        return isRequired ? list + "!" : list
    }
}
