/// A model's primary key: its partition key field and the sort key fields that follow it, as
/// `primaryKeyInfo` writes them. `identifier(['tenantId', 'sku'])` is the partition key
/// `tenantId` with the sort key `sku`; a model without `identifier` has `id` alone.
public struct PrimaryKey: Sendable, Hashable, Codable {
    public var partitionKey: String
    public var sortKeys: [String]
    /// Declared by the schema rather than the default `id`.
    public var isCustom: Bool

    public init(partitionKey: String, sortKeys: [String] = [], isCustom: Bool? = nil) {
        self.partitionKey = partitionKey
        self.sortKeys = sortKeys
        self.isCustom = isCustom ?? (partitionKey != "id" || !sortKeys.isEmpty)
    }

    public static let id = PrimaryKey(partitionKey: "id")

    /// Every key field, partition key first: what a `get` takes and a `delete` input holds.
    public var fields: [String] { [partitionKey] + sortKeys }

    public var isComposite: Bool { !sortKeys.isEmpty }
}
