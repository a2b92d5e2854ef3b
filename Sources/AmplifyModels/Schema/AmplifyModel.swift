/// One model of an Amplify backend: what the app needs to list, show, edit and sync its
/// records, whichever description it was read from (`model_introspection` or GraphQL
/// introspection).
public struct AmplifyModel: Sendable, Hashable, Codable {
    public var name: String
    /// As the list query names it: `listTransactions`, `syncRealEstateProperties`.
    public var pluralName: String
    /// In the order the schema declares them.
    public var fields: [ModelField]
    public var primaryKey: PrimaryKey
    /// Its secondary indexes, in the description's order (GraphQL introspection sees only those
    /// with a query).
    public var indexes: [ModelIndex] = []
    /// Empty when the description says nothing of them (GraphQL introspection does not).
    public var authRules: [AuthRule]
    /// Who owns a record (`owner` unless renamed): the field of the first owner rule, or (from
    /// GraphQL introspection) the subscriptions' owner argument. The server sets it from the
    /// caller's identity; subscriptions may have to name it.
    public var ownerField: String?
    /// Whether the API refuses a subscription that does not name the caller as `ownerField`:
    /// Gen 1's first GraphQL transformer declares the argument `String!` when owner rules alone
    /// allow reading. Learnt from GraphQL introspection; Gen 2 never requires it (its resolvers
    /// filter by the caller's identity themselves, and an owner argument would be compared
    /// with owners stored as `sub::username`, matching nothing).
    public var requiresOwnerArgument = false
    /// Why the app cannot edit this model safely whatever the auth mode (a field type it does
    /// not know, a key it does not understand), found when the description was read.
    public var readOnlyReasons: [String]

    public init(
        name: String, pluralName: String, fields: [ModelField], primaryKey: PrimaryKey = .id,
        authRules: [AuthRule] = [], ownerField: String? = nil, readOnlyReasons: [String] = [], indexes: [ModelIndex] = []
    ) {
        self.name = name
        self.pluralName = pluralName
        self.fields = fields
        self.primaryKey = primaryKey
        self.authRules = authRules
        self.ownerField = ownerField
        self.readOnlyReasons = readOnlyReasons
        self.indexes = indexes
    }

    public func field(named name: String) -> ModelField? {
        fields.first { $0.name == name }
    }

    /// Every field that holds owners: of any owner rule, and `ownerField`. The server writes them.
    public var ownerFields: Set<String> {
        Set(authRules.filter { $0.strategy == .owner }.map { $0.ownerField ?? "owner" } + (ownerField.map { [$0] } ?? []))
    }

    /// Fields that relate another model (`belongsTo`, `hasMany`, `hasOne`): objects, never
    /// written through this model's inputs.
    public var associations: [ModelField] {
        fields.filter { $0.type.isModel }
    }
}
