/// A record as a cache keeps it on disk: its key fields' values, then its block's values, as
/// `RecordBytes` writes them. Written and read with no JSON and no per-value codec: the bytes are
/// the record's own. Read back only under the layout that wrote them (`RecordLayout.fingerprint`
/// says which), and checked first, since a file may have been damaged or written by anyone:
/// bytes that are not values of the fields' kinds give no record, never a crash.
extension ModelRecord {
    /// The key fields' values in the key's order, then every slot's.
    public var storedBytes: [UInt8] {
        var bytes: [UInt8] = []
        appendStoredBytes(to: &bytes)
        return bytes
    }

    /// The same, appended to `bytes`: a page of rows written in one go reuses one buffer.
    public func appendStoredBytes(to bytes: inout [UInt8]) {
        let keyTypes = layout.keyTypes
        switch id.storage {
        case .one(let part): RecordBytes.append(part, as: keyTypes[0], to: &bytes)
        case .many(let parts): for (part, type) in zip(parts, keyTypes) { RecordBytes.append(part, as: type, to: &bytes) }
        }
        storage.withValueBytes { bytes.append(contentsOf: $0) }
    }

    /// The record `storedBytes` of `layout` hold; nil when they are not that (cut short, a value
    /// of a kind its field does not take, bytes left over).
    public init?(layout: RecordLayout, storedBytes: UnsafeRawBufferPointer, version: Int, isDeleted: Bool, lastChangedAt: Int64?) {
        guard let read = Self.read(layout: layout, storedBytes: storedBytes, version: version, isDeleted: isDeleted, lastChangedAt: lastChangedAt)
        else { return nil }
        self = read.record
    }

    /// The same record, and the first required field that holds null in it (a row kept before
    /// the field became required), both found in one walk of the bytes: no value is made.
    public static func read(
        layout: RecordLayout, storedBytes: UnsafeRawBufferPointer, version: Int, isDeleted: Bool, lastChangedAt: Int64?
    ) -> (record: ModelRecord, firstRequiredFieldHoldingNull: ModelField?)? {
        let model = layout.model
        var checker = RecordBytes.Checker(storedBytes)
        for name in model.primaryKey.fields {
            guard let field = model.field(named: name), checker.value(of: field, schema: layout.schema) else { return nil }
        }
        let keyEnd = checker.offset
        var firstRequiredNull: ModelField?
        for (field, place) in zip(layout.fields, layout.places) {
            guard case .slot = place else { continue }
            if firstRequiredNull == nil, field.isRequired, checker.nextIsNull { firstRequiredNull = field }
            guard checker.value(of: field, schema: layout.schema) else { return nil }
        }
        guard checker.offset == storedBytes.count else { return nil }
        var reader = RecordBytes.Reader(UnsafeRawBufferPointer(rebasing: storedBytes[0..<keyEnd]))
        var keyValues: [String: ModelValue] = [:]
        for name in model.primaryKey.fields { keyValues[name] = reader.value() }
        guard let key = RecordKey(values: keyValues, of: model) else { return nil }
        var flags: RecordStorage.Flags = isDeleted ? .isDeleted : []
        if lastChangedAt != nil { flags.insert(.hasLastChangedAt) }
        let header = RecordStorage.Header(layout: layout, key: key, version: version, lastChangedAt: lastChangedAt ?? 0, byteCount: 0, flags: flags)
        let record = ModelRecord(storage: .make(header, values: UnsafeRawBufferPointer(rebasing: storedBytes[keyEnd...])))
        return (record, firstRequiredNull)
    }

    /// The first required field that holds null, as `read` finds it in the record's bytes.
    public var firstRequiredFieldHoldingNull: ModelField? {
        storedBytes.withUnsafeBytes {
            Self.read(layout: layout, storedBytes: $0, version: version, isDeleted: isDeleted, lastChangedAt: lastChangedAt)?.firstRequiredFieldHoldingNull
        }
    }
}

extension RecordLayout {
    /// What the layout's bytes mean, as text: the model's name, its key, each field held (name
    /// and GraphQL type, in order) and every enum's values and custom type's fields they reach.
    /// Two layouts with one fingerprint write and read the same bytes; a cache keeps the one its
    /// rows were written under, and reads them again only under it.
    public var fingerprint: String {
        var lines = [model.name, "key " + model.primaryKey.fields.joined(separator: ",")]
        lines += fields.map { "\($0.name): \($0.graphQLType)" }
        var enums = Set<String>(), types = Set<String>()
        var pending = fields
        while let field = pending.popLast() {
            switch field.type {
            case .enumeration(let name): enums.insert(name)
            case .nonModel(let name):
                if types.insert(name).inserted { pending += schema.nonModels[name]?.fields ?? [] }
            default: break
            }
        }
        for name in enums.sorted() { lines.append("enum \(name): " + (schema.enums[name]?.values ?? []).joined(separator: ",")) }
        for name in types.sorted() {
            lines.append("type \(name): " + (schema.nonModels[name]?.fields ?? []).map { "\($0.name): \($0.graphQLType)" }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}

extension RecordBytes {
    /// Walks bytes that may not have been written by `append`, checking every read against the
    /// end and every value's kind against its field's type; counts and depths are bounded by the
    /// bytes left, so a damaged file costs at most one pass over it.
    struct Checker {
        let bytes: UnsafeRawBufferPointer
        private(set) var offset = 0

        init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        /// Whether the next value is null.
        var nextIsNull: Bool { offset < bytes.count && bytes[offset] == Tag.null.rawValue }

        /// One value of `field` (a list of them for a list field, or null).
        mutating func value(of field: ModelField, schema: ModelSchema) -> Bool {
            guard let tag = tag() else { return false }
            if tag == .null { return true }
            guard field.isList else { return item(tag, of: field.type) }
            guard tag == .list, let count = count() else { return false }
            for _ in 0..<count {
                guard let itemTag = self.tag() else { return false }
                if itemTag != .null, !item(itemTag, of: field.type) { return false }
            }
            return true
        }

        private mutating func item(_ tag: Tag, of type: FieldType) -> Bool {
            switch (type, tag) {
            case (.scalar(.int), .int), (.scalar(.awsTimestamp), .int): return varint() != nil
            case (.scalar(.float), .float): return skip(8)
            case (.scalar(.boolean), .falseValue), (.scalar(.boolean), .trueValue): return true
            case (.scalar(.awsJSON), .json), (.nonModel, .json): return json(depth: 0)
            case (.scalar(let scalar), .text) where scalar != .awsJSON: return counted()
            case (.scalar(let scalar), .uuid) where scalar != .awsJSON: return skip(16)
            case (.scalar(let scalar), .dateTime) where scalar != .awsJSON:
                guard let digits = fixed() else { return false }
                return digits < 100_000_000_000_000_000  // 17 digits, as `DateTimeDigits.pack` makes
            case (.enumeration, .enumValue): return counted()
            default: return false
            }
        }

        private mutating func json(depth: Int) -> Bool {
            guard depth < 64, offset < bytes.count, let tag = JSONTag(rawValue: bytes[offset]) else { return false }
            offset += 1
            switch tag {
            case .null, .falseValue, .trueValue: return true
            case .int: return varint() != nil
            case .double: return skip(8)
            case .string: return counted()
            case .array:
                guard let count = count() else { return false }
                for _ in 0..<count where !json(depth: depth + 1) { return false }
                return true
            case .object:
                guard let count = count() else { return false }
                for _ in 0..<count where !(counted() && json(depth: depth + 1)) { return false }
                return true
            }
        }

        private mutating func tag() -> Tag? {
            guard offset < bytes.count, let tag = Tag(rawValue: bytes[offset]) else { return nil }
            offset += 1
            return tag
        }

        private mutating func skip(_ count: Int) -> Bool {
            guard count <= bytes.count - offset else { return false }
            offset += count
            return true
        }

        private mutating func fixed() -> UInt64? {
            guard 8 <= bytes.count - offset else { return nil }
            var value: UInt64 = 0
            for index in 0..<8 { value |= UInt64(bytes[offset + index]) << UInt64(8 * index) }
            offset += 8
            return value
        }

        /// A varint of at most ten bytes.
        private mutating func varint() -> UInt64? {
            var value: UInt64 = 0
            for position in 0..<10 {
                guard offset < bytes.count else { return nil }
                let next = bytes[offset]
                offset += 1
                value |= UInt64(next & 0x7F) << UInt64(7 * position)
                if next < 0x80 { return value }
            }
            return nil
        }

        /// A count of items, each at least one byte: never more than the bytes left.
        private mutating func count() -> Int? {
            guard let count = varint(), count <= UInt64(bytes.count - offset) else { return nil }
            return Int(count)
        }

        /// A length and that many bytes.
        private mutating func counted() -> Bool {
            guard let length = count() else { return false }
            offset += length
            return true
        }
    }
}
