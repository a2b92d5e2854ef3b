import OptimisticStore

/// One record of any model: its key, its fields' values in the model's order, and what the
/// server keeps of it (`_version`, `_deleted`, `_lastChangedAt`; the timestamps and the owner,
/// which are fields the server writes). What the engine, the outbox, the cache, the sender, live
/// sync and the screen hold for every model, the sample's too.
///
/// One reference to one heap block (`RecordStorage`), shared by every holder; a change makes a
/// new block when the old one is shared, so records behave as plain values. That is also why it
/// is `Sendable`: a block is never changed once shared (`ManagedBuffer` cannot say so itself).
///
/// The values are taken as given: check what the user typed or what an answer held with the
/// field's `FieldValueCodec` first (`checked(...)`, `ModelRecordPatch.checked`, and the wire
/// readers do).
public struct ModelRecord: SyncedRecord, Hashable, @unchecked Sendable, CustomStringConvertible {
    var storage: RecordStorage

    /// A record of `layout`'s model: `values` by field name (a key field's value is `key`'s; a
    /// field with no value is null; names the records do not hold are left out).
    public init(
        layout: RecordLayout, key: RecordKey, values: [String: ModelValue] = [:], version: Int = 0, isDeleted: Bool = false,
        lastChangedAt: Int64? = nil
    ) {
        var slots = [ModelValue](repeating: .null, count: layout.slotCount)
        for (index, place) in layout.places.enumerated() {
            if case .slot(let slot) = place, let value = values[layout.fields[index].name] { slots[slot] = value }
        }
        self.init(layout: layout, key: key, slots: slots, version: version, isDeleted: isDeleted, lastChangedAt: lastChangedAt)
    }

    init(layout: RecordLayout, key: RecordKey, slots: [ModelValue], version: Int, isDeleted: Bool, lastChangedAt: Int64?) {
        self.init(layout: layout, key: key, encodedSlots: Self.encode(slots), version: version, isDeleted: isDeleted, lastChangedAt: lastChangedAt)
    }

    /// The record a block holds (`RecordStorage.make`).
    init(storage: RecordStorage) {
        self.storage = storage
    }

    /// A record whose slots' values are already encoded, in slot order (`RecordBytes.append`).
    init(layout: RecordLayout, key: RecordKey, encodedSlots: [UInt8], version: Int, isDeleted: Bool, lastChangedAt: Int64?) {
        var flags: RecordStorage.Flags = isDeleted ? .isDeleted : []
        if lastChangedAt != nil { flags.insert(.hasLastChangedAt) }
        let header = RecordStorage.Header(
            layout: layout, key: key, version: version, lastChangedAt: lastChangedAt ?? 0, byteCount: 0, flags: flags)
        storage = .make(header, values: encodedSlots)
    }

    /// A new record as the user fills it in: every value checked by its field's type (required
    /// fields too), no field the user may not set on a create, the key from the key fields'
    /// values (a missing `id` is a new random UUID, as Amplify's clients make one).
    public static func checked(_ values: [String: ModelValue], layout: RecordLayout) throws(ModelRecordError) -> ModelRecord {
        let model = layout.model
        var values = values
        if model.primaryKey.fields == ["id"], values["id"] == nil || values["id"] == .null, layout.index(of: "id") != nil {
            values["id"] = .string(RecordKey.random().text)
        }
        let editable = Set(model.editableFields(for: .create).map(\.name))
        for name in values.keys.sorted() {
            guard layout.index(of: name) != nil else { throw .unknownField(model: model.name, field: name) }
            guard editable.contains(name) else { throw .notEditable(model: model.name, field: name) }
        }
        for name in model.primaryKey.fields where RecordKey.Part(values[name] ?? .null) == nil {
            throw .missingKey(model: model.name, field: name)
        }
        for (index, field) in layout.fields.enumerated() where editable.contains(field.name) {
            let codec = layout.codecs[index]
            do throws(ValueError) {
                let value = values[field.name] ?? .null
                values[field.name] = try codec.value(json: codec.json(value))
            } catch {
                throw .invalidValue(model: model.name, field: field.name, error)
            }
        }
        let key = RecordKey(values: values, of: model)!
        return ModelRecord(layout: layout, key: key, values: values)
    }

    private static func encode(_ slots: [ModelValue]) -> [UInt8] {
        var bytes: [UInt8] = []
        for value in slots { RecordBytes.append(value, to: &bytes) }
        return bytes
    }

    // MARK: Fields

    public var layout: RecordLayout { storage.header.layout }
    public var model: AmplifyModel { layout.model }

    public var id: RecordKey {
        get { storage.header.key }
        set { makeUnique(); storage.header.key = newValue }
    }

    /// Every field's value, in `layout.fields`' order (the key's from the key).
    public var values: [ModelValue] {
        let slots = storage.slotValues, key = id.parts, layout = layout
        return layout.fields.indices.map { index in
            switch layout.places[index] {
            case .key(let part): key[part].value(as: layout.fields[index].type)
            case .slot(let slot): slots[slot]
            }
        }
    }

    /// The values by field name.
    public var valuesByName: [String: ModelValue] {
        Dictionary(uniqueKeysWithValues: zip(layout.fields.map(\.name), values))
    }

    /// The value of the field named `name`; nil when records of this model do not hold it. Set:
    /// a field the record holds, not a key field (the key is `id`), with a value checked already.
    public subscript(name: String) -> ModelValue? {
        get {
            guard let index = layout.index(of: name) else { return nil }
            return value(at: index)
        }
        set {
            guard let index = layout.index(of: name), case .slot(let slot) = layout.places[index] else { return }
            var slots = storage.slotValues
            slots[slot] = newValue ?? .null
            replaceSlots(slots)
        }
    }

    func value(at index: Int) -> ModelValue {
        switch layout.places[index] {
        case .key(let part): id.parts[part].value(as: layout.fields[index].type)
        case .slot(let slot): storage.slotValue(slot)
        }
    }

    private mutating func replaceSlots(_ slots: [ModelValue]) {
        storage = .make(storage.header, values: Self.encode(slots))
    }

    // MARK: What the server keeps

    /// `_version`: 0 until the server has confirmed the create. On the plain dialect (Gen 2),
    /// which has none, the time of the last change (`updatedAt` in milliseconds), which only
    /// orders two copies (see `WireModelRecord`).
    public var version: Int {
        get { storage.header.version }
        set { makeUnique(); storage.header.version = newValue }
    }

    /// `_deleted`.
    public var isDeleted: Bool {
        get { storage.header.flags.contains(.isDeleted) }
        set {
            makeUnique()
            if newValue { storage.header.flags.insert(.isDeleted) } else { storage.header.flags.remove(.isDeleted) }
        }
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

    /// `createdAt` as the server wrote it (nil until the server has seen the record, or when the
    /// model has none).
    public var createdAt: String? { layout.createdAtIndex.flatMap { value(at: $0).text } }

    public var updatedAt: String? { layout.updatedAtIndex.flatMap { value(at: $0).text } }

    /// Who owns the record, as the server wrote the owner field (`owner` unless renamed).
    public var owner: String? { layout.ownerIndex.flatMap { value(at: $0).text } }

    /// Whether `version` is the server's `_version` rather than a plain record's `updatedAt`.
    public var hasServerVersion: Bool { version == 0 || lastChangedAt != Int64(version) }

    /// Makes the block this record's own before a field of it changes.
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    // MARK: SyncedRecord

    public func applying(_ patch: ModelRecordPatch) -> ModelRecord {
        guard !patch.changes.isEmpty else { return self }
        var slots = storage.slotValues
        var changed = false
        for (name, value) in patch.changes {
            guard let index = layout.index(of: name), case .slot(let slot) = layout.places[index] else { continue }
            slots[slot] = value
            changed = true
        }
        guard changed else { return self }
        var patched = self
        patched.replaceSlots(slots)
        return patched
    }

    /// What the store keeps of a deleted record: its key, the server's numbers and times; the
    /// other values are not needed to keep it from coming back.
    public func strippedTombstone() -> ModelRecord {
        let layout = layout
        var slots = [ModelValue](repeating: .null, count: layout.slotCount)
        for index in [layout.createdAtIndex, layout.updatedAtIndex].compactMap({ $0 }) {
            if case .slot(let slot) = layout.places[index] { slots[slot] = storage.slotValue(slot) }
        }
        var stripped = self
        stripped.replaceSlots(slots)
        return stripped
    }

    /// This record as deleted at (at least) that version: what a delete event says of it.
    public func tombstone(atLeast version: Int) -> ModelRecord {
        var tombstone = self
        tombstone.isDeleted = true
        tombstone.version = max(self.version, version)
        return tombstone
    }

    public static func == (a: ModelRecord, b: ModelRecord) -> Bool { a.storage.hasSameFields(as: b.storage) }

    public func hash(into hasher: inout Hasher) { storage.hash(into: &hasher) }

    /// `Transaction 0f8e…: description: Bread, amount: 2.5, … (_version 3)`.
    public var description: String {
        let fields = zip(layout.fields, values).map { field, value in "\(field.name): \(FieldValueCodec(field: field, schema: layout.schema).text(value))" }
        var text = "\(model.name) \(id.text): " + fields.joined(separator: ", ")
        if version != 0 { text += " (_version \(version))" }
        if isDeleted { text += " (deleted)" }
        return text
    }
}

extension ModelValue {
    /// A text value's text (a string or an enum value's name); nil for others and null.
    var text: String? {
        switch self {
        case .string(let text), .enumValue(let text): text
        default: nil
        }
    }
}
