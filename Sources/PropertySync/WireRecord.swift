import AmplifyModels
import AppSync
import OptimisticStore

/// A record as an answer, a page or a subscription event carries it, read straight from the
/// bytes (`JSONReader`): the strings the record keeps are made once, and the timestamps packed
/// from the bytes without a string at all. Every field may be missing: an event carries what the
/// other client's mutation selected, and the two dialects select different fields. What a whole
/// record needs is checked when it becomes one (`versionedRecord`, `plainRecord`).
struct WireRecord: JSONReadable {
    var id: PropertyID?
    var name: String?
    var address: String?
    var createdAt = WireTime.absent
    var updatedAt = WireTime.absent
    var version: Int?
    var isDeleted: Bool?
    var lastChangedAt: Int64?
    /// Where the record began, for a message about what it lacks.
    private var offset = 0

    /// AppSync sends `null` for an unset address and for `_deleted` on a live record; any field
    /// not named here is read past.
    init(json: inout JSONReader) throws(JSONReadError) {
        offset = json.offset
        try json.readObject { reader, key throws(JSONReadError) in
            if key == "id" {
                id = try reader.readOptional { reader throws(JSONReadError) in try reader.readString(PropertyID.init(utf8:)) }
            } else if key == "name" {
                name = try reader.readOptional { reader throws(JSONReadError) in try reader.readString() }
            } else if key == "address" {
                address = try reader.readOptional { reader throws(JSONReadError) in try reader.readString() }
            } else if key == "createdAt" {
                createdAt = try WireTime(json: &reader)
            } else if key == "updatedAt" {
                updatedAt = try WireTime(json: &reader)
            } else if key == "_version" {
                version = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() }
            } else if key == "_deleted" {
                isDeleted = try reader.readOptional { reader throws(JSONReadError) in try reader.readBool() }
            } else if key == "_lastChangedAt" {
                lastChangedAt = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt64() }
            } else {
                try reader.skipValue()
            }
        }
    }

    /// The record of a subscription's result, `{"onUpdateRealEstateProperty": {…}}`: the value of
    /// its one field; nil when it has none (`null`: the event came without its record) or it is
    /// not an object of a record's fields.
    static func event(in data: JSONText) -> WireRecord? {
        data.firstObjectField { reader throws(JSONReadError) in try WireRecord(json: &reader) }
    }

    /// The versioned dialect's record: an id, a name and a `_version` are required.
    func versionedRecord() throws(JSONReadError) -> RealEstateProperty {
        guard let id else { throw .missing("id", at: offset) }
        guard let name else { throw .missing("name", at: offset) }
        guard let version else { throw .missing("_version", at: offset) }
        return RealEstateProperty(
            id: id, name: name, address: address, createdAt: createdAt.stored, updatedAt: updatedAt.stored,
            version: version, isDeleted: isDeleted ?? false, lastChangedAt: lastChangedAt)
    }

    /// The plain dialect's record, with its `updatedAt` as its version (the order of its copies);
    /// nil when it lacks what a whole record has (an id, a name, a parseable `updatedAt`).
    var plainRecord: RealEstateProperty? {
        guard let id, let name, let stamp = updatedAt.milliseconds else { return nil }
        return RealEstateProperty(
            id: id, name: name, address: address, createdAt: createdAt.stored, updatedAt: updatedAt.stored,
            version: Int(stamp), isDeleted: false, lastChangedAt: stamp)
    }

    /// What `updatedAt` says of the record's order, when it came (plain dialect).
    var stamp: Int? { updatedAt.milliseconds.map { Int($0) } }
}

/// An `AWSDateTime` as read: packed when it has the usual shape (no string made), else its text.
struct WireTime: JSONReadable {
    var packed: PackedDateTime
    var text: String?

    static let absent = WireTime(packed: .absent, text: nil)

    private init(packed: PackedDateTime, text: String?) {
        self.packed = packed
        self.text = text
    }

    init(json: inout JSONReader) throws(JSONReadError) {
        guard try !json.readNull() else {
            self = .absent
            return
        }
        self = try json.readString { bytes in
            PackedDateTime(utf8: bytes).map { WireTime(packed: $0, text: nil) }
                ?? WireTime(packed: .absent, text: String(decoding: bytes, as: UTF8.self))
        }
    }

    /// As `RealEstateProperty` keeps it.
    var stored: StoredDateTime { StoredDateTime(packed: packed, unusual: text) }

    var milliseconds: Int64? {
        if let text { return AWSDateTimeMilliseconds.parse(text) }
        return packed.milliseconds
    }
}

/// One page of either dialect's list or sync query: the records, the next page's token and
/// (versioned) the server's `startedAt`.
extension RecordPage where Record == RealEstateProperty {
    public init(json: inout JSONReader) throws(JSONReadError) {
        try self.init(json: &json, record: { wire throws(JSONReadError) in try wire.versionedRecord() })
    }

    /// The same, each item made a record by `record`: nil skips it (a null item is skipped too).
    init(json: inout JSONReader, record: (WireRecord) throws(JSONReadError) -> RealEstateProperty?) throws(JSONReadError) {
        try self.init(json: &json, item: { reader throws(JSONReadError) in try record(WireRecord(json: &reader)) })
    }
}
