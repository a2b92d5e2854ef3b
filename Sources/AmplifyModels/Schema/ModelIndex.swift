/// A secondary index of a model (`@index`, `a.model(…).secondaryIndexes(…)`): its partition key
/// field, its sort key fields, and the query field that reads it. In `model_introspection` it is a
/// `key` attribute with a `name` (`{"name": "byCategory", "fields": ["category", "date"],
/// "queryField": "transactionsByCategory"}`); GraphQL introspection shows only its query, so an
/// index read from there is named by its query field.
public struct ModelIndex: Sendable, Hashable, Codable {
    public var name: String
    public var partitionKey: String
    public var sortKeys: [String]
    /// The query field that reads the index (`transactionsByCategory`); nil when the schema asks
    /// for none (`@index(name: "byCategory")` without `queryField`): the index exists in
    /// DynamoDB, but the API offers no way to read it.
    public var queryField: String?

    public init(name: String, partitionKey: String, sortKeys: [String] = [], queryField: String?) {
        self.name = name
        self.partitionKey = partitionKey
        self.sortKeys = sortKeys
        self.queryField = queryField
    }

    /// The key's fields, partition key first, as the description lists them.
    public var fields: [String] { [partitionKey] + sortKeys }

    /// Whether the API answers a query of it.
    public var isQueryable: Bool { queryField != nil }

    /// `byCategory: category, date`: how the screens name it.
    public var summary: String {
        "\(name): " + fields.joined(separator: ", ") + (isQueryable ? "" : " (no query)")
    }

    /// The sort key condition's argument of its query: the one sort key's name, or several
    /// joined in camel case (`dateAmount`), as the transformer names it (`toCamelCase`).
    public static func sortArgumentName(_ sortKeys: [String]) -> String? {
        guard let first = sortKeys.first else { return nil }
        return first + sortKeys.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
