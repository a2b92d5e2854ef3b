import JSONValues

/// `SyncModel` for any model, with `ModelRecord`: the documents `ModelDocuments` makes, records
/// read with `WireModelRecord`, variables written by `ModelDocuments`' inputs.
public struct ModelRecordSync: SyncModel {
    public let layout: RecordLayout
    public let dialect: DocumentDialect
    public let documents: ModelDocuments
    /// The caller's name (the token's `username`), sent as the owner argument of the
    /// subscriptions of a model whose API requires it (`AmplifyModel.requiresOwnerArgument`).
    public let subscriber: String?

    public init(layout: RecordLayout, dialect: DocumentDialect, subscriber: String? = nil) {
        self.layout = layout
        self.dialect = dialect
        self.subscriber = subscriber
        documents = ModelDocuments(model: layout.model, schema: layout.schema, dialect: dialect)
    }

    /// For `model` of `schema`; an error when the model cannot have records (see `RecordLayout`).
    public init(model: AmplifyModel, schema: ModelSchema, dialect: DocumentDialect) throws(ModelRecordError) {
        self.init(layout: try RecordLayout(model: model, schema: schema), dialect: dialect)
    }

    public var model: AmplifyModel { layout.model }

    public func speaking(_ dialect: DocumentDialect) -> ModelRecordSync {
        ModelRecordSync(layout: layout, dialect: dialect, subscriber: subscriber)
    }

    /// The three subscriptions, naming the caller as the owner only where the API requires it:
    /// elsewhere the server filters by the caller's identity itself, and a named owner would be
    /// compared with what the owner field holds (`sub::username` in Gen 2), matching nothing.
    public var subscriptions: [SubscriptionDocument] {
        let owner = model.requiresOwnerArgument ? model.ownerField.flatMap { field in subscriber.map { (field, $0) } } : nil
        return [MutationKind.create, .update, .delete].map { kind in
            let document = documents.subscription(kind, owner: owner != nil)
            return SubscriptionDocument(
                id: "on" + kind.capitalized, query: document.text, variables: owner.map { [$0.0: .string($0.1)] } ?? [:])
        }
    }

    public func tombstone(_ record: ModelRecord, atLeast version: Int) -> ModelRecord { record.tombstone(atLeast: version) }

    // MARK: Reading

    /// The record in this dialect: the versioned one needs `_version`, the plain one `updatedAt`.
    public func record(_ wire: WireModelRecord) throws(JSONReadError) -> ModelRecord {
        dialect == .versioned ? try wire.versionedRecord() : try wire.plainRecord()
    }

    public func readRecord(_ reader: inout JSONReader) throws(JSONReadError) -> ModelRecord? {
        guard try !reader.readNull() else { return nil }
        return try record(WireModelRecord(json: &reader, layout: layout))
    }

    public func readPage(_ reader: inout JSONReader) throws(JSONReadError) -> RecordPage<ModelRecord> {
        try RecordPage(json: &reader) { reader throws(JSONReadError) in try record(WireModelRecord(json: &reader, layout: layout)) }
    }

    /// As the sample reads its events (`APIDialect.remoteEvent`): a record whose values are all
    /// there is merged; one that lacks a required value, or holds null where the known copy has
    /// a value, may be partial and is read again; a delete on the plain dialect (no tombstones)
    /// is the record gone one step after its last write.
    public func readEvent(
        _ data: JSONText, deletion: Bool, knownCopy: (RecordKey) -> ModelRecord?
    ) -> RemoteRecordEvent<ModelRecord> {
        guard let wire = event(in: data), let key = wire.key else { return .unreadable }
        let known = knownCopy(key)
        if deletion {
            let deleted: ModelRecord
            if let read = try? self.record(wire) {
                deleted = read
            } else if let known {
                deleted = known
            } else {
                return dialect == .versioned ? .partial(id: key) : .notHeld
            }
            // On the plain dialect the item is gone: one step after its last write, so that a late
            // copy of it does not bring it back. The event's own item says when that was; a newer
            // known copy is not this item's but its re-creation (a create retried after the delete,
            // whose event came first), which this late deletion must not hide.
            let after = dialect == .plain ? max(deleted.version, Int(wire.stamp ?? 0)) + 1 : deleted.version
            return .record(deleted.tombstone(atLeast: after))
        }
        guard let record = try? self.record(wire), !wire.lacksRequiredValue, !blanksKnownValue(wire, known) else { return .partial(id: key) }
        return .record(record)
    }

    /// Whether the event holds null (or nothing) where the known live copy has a value.
    private func blanksKnownValue(_ wire: WireModelRecord, _ known: ModelRecord?) -> Bool {
        guard let known, !known.isDeleted else { return false }
        return wire.absentOrNullFields.contains { known[$0] != nil && known[$0] != .null }
    }

    /// The record of `{"on…<Model>": {…}}`: the value of its one field, when it is an object.
    private func event(in data: JSONText) -> WireModelRecord? {
        data.firstObjectField { reader throws(JSONReadError) in try WireModelRecord(json: &reader, layout: layout) }
    }

    // MARK: Writing

    public func getVariables(_ id: RecordKey) -> [String: JSONValue] { documents.getVariables(id) }

    /// Every value the user may set on a create (the key's too), nulls left out; never a field
    /// only the server writes.
    public func createVariables(_ record: ModelRecord) -> [String: JSONValue] {
        ["input": documents.createInput(record.valuesByName)]
    }

    public func updateVariables(_ id: RecordKey, _ patch: ModelRecordPatch, base: ModelRecord?) -> [String: JSONValue] {
        // Only what an update may set: a patch naming the key or a server field changes neither.
        let editable = Set(model.editableFields(for: .update).map(\.name))
        let changes = patch.changes.filter { editable.contains($0.key) }
        var variables: [String: JSONValue] = [
            "input": documents.updateInput(key: id.values(of: model), changes: changes, version: base?.version),
        ]
        if let condition = documents.condition(changing: changes.keys.sorted(), of: base?.valuesByName) {
            variables["condition"] = condition
        }
        return variables
    }

    /// On the plain dialect, a delete is conditioned on every field the user saw that an update
    /// could have changed, as the sample's delete is on its name and address.
    public func deleteVariables(_ id: RecordKey, base: ModelRecord?) -> [String: JSONValue] {
        var variables: [String: JSONValue] = ["input": documents.deleteInput(key: id.values(of: model), version: base?.version)]
        let seen = model.editableFields(for: .update).map(\.name)
        if let condition = documents.condition(changing: seen, of: base?.valuesByName) { variables["condition"] = condition }
        return variables
    }
}
