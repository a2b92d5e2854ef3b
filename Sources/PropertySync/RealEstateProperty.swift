import OptimisticStore

/// The sample's model, with the fields AppSync's conflict detection adds.
public struct RealEstateProperty: SyncedRecord, Hashable, Codable {
    public var id: String
    public var name: String
    public var address: String?
    /// `AWSDateTime` strings as the server sent them (nil until the server has seen the record).
    public var createdAt: String?
    public var updatedAt: String?
    /// `_version`: 0 until the server has confirmed the create.
    public var version: Int
    /// `_deleted`.
    public var isDeleted: Bool
    /// `_lastChangedAt`, epoch milliseconds.
    public var lastChangedAt: Int64?

    public init(
        id: String, name: String, address: String? = nil, createdAt: String? = nil, updatedAt: String? = nil,
        version: Int = 0, isDeleted: Bool = false, lastChangedAt: Int64? = nil
    ) {
        self.id = id
        self.name = name
        self.address = address
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
        self.isDeleted = isDeleted
        self.lastChangedAt = lastChangedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, name, address, createdAt, updatedAt
        case version = "_version"
        case isDeleted = "_deleted"
        case lastChangedAt = "_lastChangedAt"
    }

    /// AppSync sends `_deleted: null` for a live record, and `address: null` when unset.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        address = try container.decodeIfPresent(String.self, forKey: .address)
        createdAt = try container.decodeIfPresent(String.self, forKey: .createdAt)
        updatedAt = try container.decodeIfPresent(String.self, forKey: .updatedAt)
        version = try container.decode(Int.self, forKey: .version)
        isDeleted = try container.decodeIfPresent(Bool.self, forKey: .isDeleted) ?? false
        lastChangedAt = try container.decodeIfPresent(Int64.self, forKey: .lastChangedAt)
    }

    public func applying(_ patch: RealEstatePropertyPatch) -> RealEstateProperty {
        var patched = self
        if let name = patch.name { patched.name = name }
        if let address = patch.address { patched.address = address }
        return patched
    }
}

/// The fields one update sets; absent fields are left as they are.
public struct RealEstatePropertyPatch: Sendable, Hashable {
    public var name: String?
    /// `.some(nil)` clears the address.
    public var address: String??

    public init(name: String? = nil, address: String?? = nil) {
        self.name = name
        self.address = address
    }
}

extension RealEstateProperty {
    /// This record as deleted at (at least) that version: what a delete event says of it.
    func tombstone(atLeast version: Int) -> RealEstateProperty {
        var tombstone = self
        tombstone.isDeleted = true
        tombstone.version = max(self.version, version)
        return tombstone
    }
}
