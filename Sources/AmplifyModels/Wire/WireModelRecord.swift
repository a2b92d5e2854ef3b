import JSONValues

/// A record of one model as an answer, a page or a subscription event carries it, read straight
/// from the bytes (`JSONReader`), each value checked by its field's type as AppSync checks it
/// (`FieldValueCodec`). Every field may be missing or null: an event carries what the other
/// client's mutation selected (AppSync sends the rest as null, required or not), and the two
/// dialects select different fields. What a whole record needs is checked when it becomes one
/// (`versionedRecord`, `plainRecord`).
///
/// A value of the wrong kind is an error that names the model, the field and what was found
/// (`Transaction.amount: expected a number, like 12.5, found a string`), with its path in the
/// answer (`items[3].amount`): a bad item is reported, never trusted, never a crash.
public struct WireModelRecord: Sendable {
    public let layout: RecordLayout
    /// Per field of `layout.fields`: nil when the answer did not hold it, else its value (`.null`
    /// for a null).
    public private(set) var values: [ModelValue?]
    public private(set) var version: Int?
    public private(set) var isDeleted: Bool?
    public private(set) var lastChangedAt: Int64?
    /// Where the record began, for a message about what it lacks.
    private var offset = 0

    public init(json: inout JSONReader, layout: RecordLayout) throws(JSONReadError) {
        self.layout = layout
        values = Array(repeating: nil, count: layout.fields.count)
        offset = json.offset
        let fieldCount = layout.fields.count
        var previous = -1
        try json.readObject { reader, key throws(JSONReadError) in
            guard let index = key.withUTF8({ layout.answerIndex(of: $0, after: previous) }) else { return try reader.skipValue() }
            previous = index
            switch index - fieldCount {
            case ..<0: values[index] = try Self.value(&reader, layout: layout, index: index)
            case 0: version = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() }
            case 1: isDeleted = try reader.readOptional { reader throws(JSONReadError) in try reader.readBool() }
            default: lastChangedAt = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt64() }
            }
        }
    }

    /// One field's value, checked by its type; null is kept as null whatever the field says (an
    /// event's unselected fields are null), and judged when the record is made whole.
    private static func value(_ reader: inout JSONReader, layout: RecordLayout, index: Int) throws(JSONReadError) -> ModelValue {
        let start = reader.offset
        let field = layout.fields[index]
        // A plain text field is read as a string directly: no tree for the commonest values.
        if !field.isList, case .scalar(let scalar) = field.type, scalar == .id || scalar == .string {
            do throws(JSONReadError) {
                return try reader.readOptional { reader throws(JSONReadError) in try reader.readString() }.map(ModelValue.string) ?? .null
            } catch where error.kind == .shape {
                reader.rewind(to: start)  // read again below, for a message that names the field
            }
        }
        let json = try reader.readValue()
        if json == .null { return .null }
        do throws(ValueError) {
            return try layout.answerCodecs[index].value(json: json)  // an answer's codec: `value(answered:)`'s rules
        } catch {
            throw JSONReadError(.shape, "\(layout.model.name).\(field.name): \(error) Found \(Self.kind(of: json)).", at: start)
        }
    }

    static func kind(of json: JSONValue) -> String {
        switch json {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .double: "a number"
        case .string(let text): text.count <= 40 ? "the string \(JSONValue.string(text).jsonText)" : "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }

    /// The key, when the answer held every key field.
    public var key: RecordKey? {
        var parts: [RecordKey.Part] = []
        for name in layout.model.primaryKey.fields {
            guard let index = layout.index(of: name), let value = values[index], let part = RecordKey.Part(value) else { return nil }
            parts.append(part)
        }
        return RecordKey(parts)
    }

    /// The fields the answer did not hold, or held as null: in an event, those the other client's
    /// mutation may not have selected.
    public var absentOrNullFields: [String] {
        zip(layout.fields, values).compactMap { field, value in value == nil || value == .null ? field.name : nil }
    }

    /// Whether a required field came without a value: such an event is partial (the mutation did
    /// not select it), and a record made from it would not be one the server holds.
    public var lacksRequiredValue: Bool {
        zip(layout.fields, values).contains { field, value in field.isRequired && (value == nil || value == .null) }
    }

    /// The versioned dialect's record: the key and `_version` are required.
    public func versionedRecord() throws(JSONReadError) -> ModelRecord {
        guard let key else { throw .missing(missingKeyField, at: offset) }
        guard let version else { throw .missing("_version", at: offset) }
        return record(key: key, version: version, isDeleted: isDeleted ?? false, lastChangedAt: lastChangedAt)
    }

    /// The plain dialect's record, with its `updatedAt` in milliseconds as its version (the order
    /// of its copies) and as its `lastChangedAt`; a model without `updatedAt` has version 0.
    public func plainRecord() throws(JSONReadError) -> ModelRecord {
        guard let key else { throw .missing(missingKeyField, at: offset) }
        guard layout.updatedAtIndex != nil else { return record(key: key, version: 0, isDeleted: false, lastChangedAt: nil) }
        guard let stamp else { throw .missing("updatedAt", at: offset) }
        return record(key: key, version: Int(stamp), isDeleted: false, lastChangedAt: stamp)
    }

    /// `updatedAt` in milliseconds, when it came and parses.
    public var stamp: Int64? {
        guard let index = layout.updatedAtIndex, let text = values[index]?.text else { return nil }
        return AWSDateTimeMilliseconds.parse(text)
    }

    private var missingKeyField: String {
        layout.model.primaryKey.fields.first { name in layout.index(of: name).flatMap { values[$0] }.flatMap(RecordKey.Part.init) == nil }
            ?? layout.model.primaryKey.partitionKey
    }

    /// The record under `key` with the values read, each encoded straight into the record's
    /// bytes in slot order (slots follow the fields, the key's left out): no dictionary by field
    /// name, no array of the values first. Also what the cache reads its rows into.
    public func record(key: RecordKey, version: Int, isDeleted: Bool, lastChangedAt: Int64?) -> ModelRecord {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        for (index, place) in layout.places.enumerated() {
            if case .slot = place { RecordBytes.append(values[index] ?? .null, to: &bytes) }
        }
        return ModelRecord(layout: layout, key: key, encodedSlots: bytes, version: version, isDeleted: isDeleted, lastChangedAt: lastChangedAt)
    }
}
