import GRDB

/// One `RealEstateProperty` item of the Gen 2 store, kept as DynamoDB keeps it: an attribute is
/// absent or written, and a written `address` is a string or DynamoDB's NULL. A create that sends
/// `address: null` writes NULL; one that leaves it out writes nothing; an update that sends
/// `address: null` removes it (the resolver's `REMOVE`). Conditions see the difference.
struct StoredItem: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "gen2RealEstateProperty"

    var id: String
    var name: String
    var address: String?
    /// Whether `address` was written (as a string or as NULL); false: the attribute is absent.
    var hasAddress: Bool
    /// `AWSDateTime` strings, exactly as served.
    var createdAt: String
    var updatedAt: String
    /// The last write's time in epoch milliseconds: orders writes across a restart.
    var writtenAt: Int64
    /// The item's place in scan order (`ScanOrder.key(of:)`).
    var scanKey: Int64

    /// The item as the resolvers answer it: absent and NULL are both GraphQL's null. The
    /// versioned dialect's fields are unused (the Gen 2 schema has none to select them).
    var record: PropertyRecord {
        PropertyRecord(
            id: id, name: name, address: address, createdAt: createdAt, updatedAt: updatedAt,
            version: 0, deleted: nil, lastChangedAt: writtenAt)
    }

    /// The attributes a condition or a list filter is evaluated against.
    var attributes: DynamoCondition.Item {
        var item: DynamoCondition.Item = [
            "id": .string(id), "name": .string(name), "createdAt": .string(createdAt), "updatedAt": .string(updatedAt),
        ]
        if hasAddress { item["address"] = address.map(DynamoCondition.AttributeValue.string) ?? .null }
        return item
    }
}
