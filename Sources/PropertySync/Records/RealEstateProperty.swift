import OptimisticStore

/// The sample's model, with the fields AppSync's conflict detection adds.
///
/// Its fields live in one shared heap block (`PropertyStorage`): the record itself is one
/// reference, so the list and the screen share one copy of every record. A change to a field
/// copies the block first when it is shared, so records behave as plain values. That is also why
/// it is `Sendable`: a block is never changed once shared (`ManagedBuffer` cannot say so itself).
public struct RealEstateProperty: SyncedRecord, Hashable, Codable, @unchecked Sendable {
    @usableFromInline var storage: PropertyStorage

    public var id: PropertyID {
        get { storage.header.id }
        set { makeUnique(); storage.header.id = newValue }
    }

    public var name: String {
        get { storage.name }
        set { storage = .make(storage.header, name: newValue, address: storage.address) }
    }

    public var address: String? {
        get { storage.address }
        set { storage = .make(storage.header, name: storage.name, address: newValue) }
    }

    /// `_version`: 0 until the server has confirmed the create.
    public var version: Int {
        get { storage.header.version }
        set { makeUnique(); storage.header.version = newValue }
    }

    /// `_lastChangedAt`, epoch milliseconds.
    public var lastChangedAt: Int64? {
        get { storage.header.flags.contains(.hasLastChangedAt) ? storage.header.lastChangedAt : nil }
        set {
            makeUnique()
            storage.header.lastChangedAt = newValue ?? 0
            if newValue == nil { storage.header.flags.remove(.hasLastChangedAt) } else { storage.header.flags.insert(.hasLastChangedAt) }
        }
    }

    /// `_deleted`.
    public var isDeleted: Bool {
        get { storage.header.flags.contains(.isDeleted) }
        set {
            makeUnique()
            if newValue { storage.header.flags.insert(.isDeleted) } else { storage.header.flags.remove(.isDeleted) }
        }
    }

    // The two timestamps are packed (8 bytes each instead of two heap strings): see
    // `createdAt`. Invariant, which makes equality and hashing compare texts: a text that packs
    // is only ever held packed, and `unusualTimes` exists only when one of them does not pack.
    @inlinable var packedCreatedAt: PackedDateTime { storage.header.createdAt }
    @inlinable var packedUpdatedAt: PackedDateTime { storage.header.updatedAt }
    @inlinable var unusualTimes: UnusualTimestamps? { storage.header.unusualTimes }

    /// `AWSDateTime` text exactly as the server sent it (nil until the server has seen the record).
    @inlinable
    public var createdAt: String? {
        get { packedCreatedAt.text ?? unusualTimes?.createdAt }
        set { setTimes(createdAt: newValue, updatedAt: updatedAt) }
    }

    @inlinable
    public var updatedAt: String? {
        get { packedUpdatedAt.text ?? unusualTimes?.updatedAt }
        set { setTimes(createdAt: createdAt, updatedAt: newValue) }
    }

    /// `createdAt`'s 17 digits as one number ("2024-03-14T09:26:53.123Z" → 20240314092653123),
    /// which orders as the texts do: nil when there is no time or it is not in that shape (then
    /// `createdAt` has the text). The screen orders rows by it without making the text.
    public var createdAtDigits: UInt64? { packedCreatedAt.digits }

    public init(
        id: PropertyID, name: String, address: String? = nil, createdAt: String? = nil, updatedAt: String? = nil,
        version: Int = 0, isDeleted: Bool = false, lastChangedAt: Int64? = nil
    ) {
        let created = createdAt.flatMap(PackedDateTime.init), updated = updatedAt.flatMap(PackedDateTime.init)
        self.init(
            id: id, name: name, address: address,
            createdAt: StoredDateTime(packed: created ?? .absent, unusual: created == nil ? createdAt : nil),
            updatedAt: StoredDateTime(packed: updated ?? .absent, unusual: updated == nil ? updatedAt : nil),
            version: version, isDeleted: isDeleted, lastChangedAt: lastChangedAt)
    }

    /// A record whose times come packed already (read from an answer's bytes: see `WireTime`),
    /// `unusual` set only for a text that does not pack (the invariant above).
    init(
        id: PropertyID, name: String, address: String?, createdAt: StoredDateTime, updatedAt: StoredDateTime,
        version: Int, isDeleted: Bool, lastChangedAt: Int64?
    ) {
        storage = .make(
            Self.header(id: id, createdAt: createdAt, updatedAt: updatedAt, version: version, isDeleted: isDeleted,
                        lastChangedAt: lastChangedAt),
            name: name, address: address)
    }

    /// The fixed-size fields; the texts' counts are set when the block is made.
    static func header(
        id: PropertyID, createdAt: StoredDateTime, updatedAt: StoredDateTime, version: Int, isDeleted: Bool,
        lastChangedAt: Int64?
    ) -> PropertyStorage.Header {
        var flags: PropertyStorage.Flags = isDeleted ? .isDeleted : []
        if lastChangedAt != nil { flags.insert(.hasLastChangedAt) }
        return PropertyStorage.Header(
            id: id, flags: flags, nameCount: 0, addressCount: 0, createdAt: createdAt.packed, updatedAt: updatedAt.packed,
            version: version, lastChangedAt: lastChangedAt ?? 0,
            unusualTimes: createdAt.unusual == nil && updatedAt.unusual == nil
                ? nil : UnusualTimestamps(createdAt: createdAt.unusual, updatedAt: updatedAt.unusual))
    }

    /// Packs what packs and keeps the rest as text (the invariant above).
    @usableFromInline
    mutating func setTimes(createdAt: String?, updatedAt: String?) {
        let created = createdAt.flatMap(PackedDateTime.init), updated = updatedAt.flatMap(PackedDateTime.init)
        let unusualCreated = created == nil ? createdAt : nil, unusualUpdated = updated == nil ? updatedAt : nil
        makeUnique()
        storage.header.createdAt = created ?? .absent
        storage.header.updatedAt = updated ?? .absent
        storage.header.unusualTimes = unusualCreated == nil && unusualUpdated == nil
            ? nil : UnusualTimestamps(createdAt: unusualCreated, updatedAt: unusualUpdated)
    }

    /// Copies the block before a field of it changes, unless this record is its only holder.
    @inlinable
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// The name's and the address's UTF-8 bytes (nil: no address), for the time of `body`: no
    /// string is made (a page's thousand cache writes bind both).
    public func withTextsUTF8<Result>(_ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer?) throws -> Result) rethrows -> Result {
        try storage.withTexts(body)
    }

    @inlinable
    public static func == (a: RealEstateProperty, b: RealEstateProperty) -> Bool { a.storage.hasSameFields(as: b.storage) }

    @inlinable
    public func hash(into hasher: inout Hasher) { storage.hash(into: &hasher) }

    enum CodingKeys: String, CodingKey {
        case id, name, address, createdAt, updatedAt
        case version = "_version"
        case isDeleted = "_deleted"
        case lastChangedAt = "_lastChangedAt"
    }

    /// AppSync sends `_deleted: null` for a live record, and `address: null` when unset.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(PropertyID.self, forKey: .id),
            name: try container.decode(String.self, forKey: .name),
            address: try container.decodeIfPresent(String.self, forKey: .address),
            createdAt: try container.decodeIfPresent(String.self, forKey: .createdAt),
            updatedAt: try container.decodeIfPresent(String.self, forKey: .updatedAt),
            version: try container.decode(Int.self, forKey: .version),
            isDeleted: try container.decodeIfPresent(Bool.self, forKey: .isDeleted) ?? false,
            lastChangedAt: try container.decodeIfPresent(Int64.self, forKey: .lastChangedAt))
    }

    /// As the synthesised encoding was when the timestamps were stored as text: absent values are left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(address, forKey: .address)
        try container.encodeIfPresent(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(updatedAt, forKey: .updatedAt)
        try container.encode(version, forKey: .version)
        try container.encode(isDeleted, forKey: .isDeleted)
        try container.encodeIfPresent(lastChangedAt, forKey: .lastChangedAt)
    }

    @inlinable
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
    /// Whether `version` is the server's `_version`. On the plain dialect (Amplify Gen 2) there is
    /// none: a record's version is the time of its last change (`updatedAt` in milliseconds, which
    /// is also its `lastChangedAt`), and only orders its copies (see `WireRecord.plainRecord`).
    public var hasServerVersion: Bool { version == 0 || lastChangedAt != Int64(version) }

    /// What the store keeps of a deleted record: its identity, `_version` and times; the
    /// name and address (two heap strings) are not needed to keep it from coming back.
    @inlinable
    public func strippedTombstone() -> RealEstateProperty {
        var stripped = self
        stripped.name = ""
        stripped.address = nil
        return stripped
    }

    /// This record as deleted at (at least) that version: what a delete event says of it.
    public func tombstone(atLeast version: Int) -> RealEstateProperty {
        var tombstone = self
        tombstone.isDeleted = true
        tombstone.version = max(self.version, version)
        return tombstone
    }
}
