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
///
/// Each value is encoded as it is read, into one buffer in the form a record keeps
/// (`RecordBytes`): a text or a time is copied from the answer's bytes, never made a `String`
/// (most of a page's values), and the record is the buffer's slots put side by side.
public struct WireModelRecord: Sendable {
    public let layout: RecordLayout
    /// Every value read, encoded, in the order the answer held them.
    private var encoded: [UInt8] = []
    /// Per field of `layout.fields`: where its value is in `encoded`; nil when the answer did not
    /// hold it (a null is encoded as one).
    private var spans: [Range<Int>?]
    public private(set) var version: Int?
    public private(set) var isDeleted: Bool?
    public private(set) var lastChangedAt: Int64?
    /// Where the record began, for a message about what it lacks.
    private var offset = 0

    public init(json: inout JSONReader, layout: RecordLayout) throws(JSONReadError) {
        self.layout = layout
        spans = Array(repeating: nil, count: layout.fields.count)
        encoded.reserveCapacity(256)
        offset = json.offset
        let fieldCount = layout.fields.count
        var previous = -1
        try json.readObject { reader, key throws(JSONReadError) in
            guard let index = key.withUTF8({ layout.answerIndex(of: $0, after: previous) }) else { return try reader.skipValue() }
            previous = index
            switch index - fieldCount {
            case ..<0:
                let start = encoded.count
                try Self.encodeValue(&reader, layout: layout, index: index, into: &encoded)
                spans[index] = start..<encoded.count
            case 0: version = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt() }
            case 1: isDeleted = try reader.readOptional { reader throws(JSONReadError) in try reader.readBool() }
            default: lastChangedAt = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt64() }
            }
        }
    }

    /// Per field of `layout.fields`: nil when the answer did not hold it, else its value (`.null`
    /// for a null).
    public var values: [ModelValue?] {
        spans.map { span in span.map { span in reading(span) { $0.value() } } }
    }

    /// Reads the value at `span` of `encoded`.
    private func reading<T>(_ span: Range<Int>, _ read: (inout RecordBytes.Reader) -> T) -> T {
        encoded.withUnsafeBytes { bytes in
            var reader = RecordBytes.Reader(UnsafeRawBufferPointer(rebasing: bytes[span]))
            return read(&reader)
        }
    }

    /// One field's value, checked by its type and encoded; null is kept as null whatever the field
    /// says (an event's unselected fields are null), and judged when the record is made whole.
    private static func encodeValue(
        _ reader: inout JSONReader, layout: RecordLayout, index: Int, into bytes: inout [UInt8]
    ) throws(JSONReadError) {
        let start = reader.offset
        let field = layout.fields[index]
        // The commonest values, a plain text and a time in the shape AppSync writes, are copied
        // from the answer's bytes; anything else, or a value of the wrong kind, is read below.
        if !field.isList, case .scalar(let scalar) = field.type, scalar == .id || scalar == .string || scalar == .awsDateTime {
            do throws(JSONReadError) {
                if try reader.readNull() {
                    bytes.append(RecordBytes.Tag.null.rawValue)
                    return
                }
                let copied = try reader.readString { raw in
                    if scalar != .awsDateTime {
                        RecordBytes.appendText(utf8: raw, to: &bytes)
                        return true
                    }
                    guard let digits = DateTimeDigits.pack(raw), DateTimeDigits.isReal(digits) else { return false }
                    RecordBytes.appendDateTime(digits, to: &bytes)
                    return true
                }
                if copied { return }
            } catch where error.kind == .shape {}
            reader.rewind(to: start)  // read again below: another shape of time, or a message that names the field
        }
        let json = try reader.readValue()
        if json == .null { return bytes.append(RecordBytes.Tag.null.rawValue) }
        do throws(ValueError) {
            // An answer's codec: `value(answered:)`'s rules.
            RecordBytes.append(try layout.answerCodecs[index].value(json: json), to: &bytes)
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

    /// The key, when the answer held every key field (a packed UUID read from its bits).
    public var key: RecordKey? {
        var parts: [RecordKey.Part] = []
        for name in layout.model.primaryKey.fields {
            guard let index = layout.index(of: name), let span = spans[index], let part = reading(span, { $0.keyPart() }) else { return nil }
            parts.append(part)
        }
        return RecordKey(parts)
    }

    /// Whether a field was held with a value (not absent, not null).
    private func holdsValue(_ index: Int) -> Bool {
        guard let span = spans[index] else { return false }
        return !reading(span) { $0.isAtNull }
    }

    /// The fields the answer did not hold, or held as null: in an event, those the other client's
    /// mutation may not have selected.
    public var absentOrNullFields: [String] {
        layout.fields.indices.compactMap { index in holdsValue(index) ? nil : layout.fields[index].name }
    }

    /// Whether a required field came without a value: such an event is partial (the mutation did
    /// not select it), and a record made from it would not be one the server holds.
    public var lacksRequiredValue: Bool { firstRequiredFieldLackingValue != nil }

    /// The first required field without a value, by name.
    public var firstRequiredFieldLackingValue: String? {
        layout.fields.indices.first { index in layout.fields[index].isRequired && !holdsValue(index) }.map { layout.fields[$0].name }
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

    /// `updatedAt` in milliseconds, when it came and parses (a packed time without its text).
    public var stamp: Int64? {
        guard let index = layout.updatedAtIndex, let span = spans[index] else { return nil }
        return reading(span) { reader in
            if let digits = reader.dateTimeDigits() { return DateTimeDigits.milliseconds(digits) }
            return reader.value().text.flatMap(AWSDateTimeMilliseconds.parse)
        }
    }

    private var missingKeyField: String {
        layout.model.primaryKey.fields.first { name in
            layout.index(of: name).flatMap { spans[$0] }.flatMap { span in reading(span) { $0.keyPart() } } == nil
        } ?? layout.model.primaryKey.partitionKey
    }

    /// The record under `key` with the values read: their encoded bytes put side by side in slot
    /// order (slots follow the fields, the key's left out). Also what the cache reads its rows into.
    public func record(key: RecordKey, version: Int, isDeleted: Bool, lastChangedAt: Int64?) -> ModelRecord {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.count + layout.fields.count)
        for (index, place) in layout.places.enumerated() {
            guard case .slot = place else { continue }
            if let span = spans[index] { bytes.append(contentsOf: encoded[span]) } else { bytes.append(RecordBytes.Tag.null.rawValue) }
        }
        return ModelRecord(layout: layout, key: key, encodedSlots: bytes, version: version, isDeleted: isDeleted, lastChangedAt: lastChangedAt)
    }
}
