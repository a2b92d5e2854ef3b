import AmplifyModels
import AppSync
import OptimisticStore

/// The sample's `SyncModel`: `RealEstateProperty`, read straight from the answer's bytes
/// (`WireRecord`: strings made once, timestamps packed without a string) and written as the
/// sample always wrote it (`PlainDialectWire`'s conditions). Its documents are `ModelDocuments`'
/// for the sample's description, which are the ones the app sent before it had any other model
/// (`ModelDocumentsMatchTests`).
public struct RealEstatePropertySync: SyncModel {
    public let dialect: DocumentDialect
    public let documents: ModelDocuments

    public init(dialect: DocumentDialect) {
        self.dialect = dialect
        documents = ModelDocuments(model: .realEstateProperty, schema: .realEstateProperty, dialect: dialect)
    }

    public var model: AmplifyModel { documents.model }

    public func speaking(_ dialect: DocumentDialect) -> RealEstatePropertySync { RealEstatePropertySync(dialect: dialect) }

    public func tombstone(_ record: RealEstateProperty, atLeast version: Int) -> RealEstateProperty { record.tombstone(atLeast: version) }

    /// Named `OnCreate`, `OnUpdate` and `OnDelete`, as they always were.
    public var subscriptions: [SubscriptionDocument] {
        APIDialect(dialect == .versioned ? .versioned : .plain).subscriptions.map { subscription in
            SubscriptionDocument(id: subscription.id, query: subscription.query, variables: subscription.variables)
        }
    }

    // MARK: Reading

    /// On the plain dialect, a record without its name or a readable `updatedAt` is one the
    /// server could not read whole: a missing field, which `AppSyncModelAPI` reports as such.
    public func readRecord(_ reader: inout JSONReader) throws(JSONReadError) -> RealEstateProperty? {
        guard try !reader.readNull() else { return nil }
        let start = reader.offset
        let wire = try WireRecord(json: &reader)
        if dialect == .versioned { return try wire.versionedRecord() }
        guard let record = wire.plainRecord else { throw .missing("name or updatedAt", at: start) }
        return record
    }

    /// The plain dialect skips an item without its name or time, as a null item is skipped.
    public func readPage(_ reader: inout JSONReader) throws(JSONReadError) -> RecordPage<RealEstateProperty> {
        try dialect == .versioned ? PropertyPage(json: &reader) : PropertyPage(json: &reader, record: \.plainRecord)
    }

    public func readEvent(
        _ data: JSONText, deletion: Bool, knownCopy: (PropertyID) -> RealEstateProperty?
    ) -> RemoteRecordEvent<RealEstateProperty> {
        guard let event = WireRecord.event(in: data), let id = event.id else { return .unreadable }
        return APIDialect(dialect == .versioned ? .versioned : .plain).remoteEvent(event, deletion: deletion, known: knownCopy(id))
    }

    // MARK: Writing

    public func getVariables(_ id: PropertyID) -> [String: JSONValue] { ["id": .string(id.text)] }

    public func createVariables(_ record: RealEstateProperty) -> [String: JSONValue] {
        var input: [String: JSONValue] = ["id": .string(record.id.text), "name": .string(record.name)]
        if let address = record.address { input["address"] = .string(address) }
        // The plain dialect's create is conditioned on the id being new by the resolver itself.
        return ["input": .object(input)]
    }

    public func updateVariables(_ id: PropertyID, _ patch: RealEstatePropertyPatch, base: RealEstateProperty?) -> [String: JSONValue] {
        var input: [String: JSONValue] = ["id": .string(id.text)]
        if let name = patch.name { input["name"] = .string(name) }
        if let address = patch.address { input["address"] = JSONValue(address) }
        guard dialect == .versioned else {
            return Self.variables(input, PlainDialectWire.condition(changing: PlainDialectWire.changedFields(patch), of: base))
        }
        if let version = base?.version { input["_version"] = .int(Int64(version)) }
        return ["input": .object(input)]
    }

    public func deleteVariables(_ id: PropertyID, base: RealEstateProperty?) -> [String: JSONValue] {
        var input: [String: JSONValue] = ["id": .string(id.text)]
        guard dialect == .versioned else {
            return Self.variables(input, PlainDialectWire.condition(changing: PlainDialectWire.fieldsSeen, of: base))
        }
        if let version = base?.version { input["_version"] = .int(Int64(version)) }
        return ["input": .object(input)]
    }

    private static func variables(_ input: [String: JSONValue], _ condition: JSONValue?) -> [String: JSONValue] {
        var variables: [String: JSONValue] = ["input": .object(input)]
        if let condition { variables["condition"] = condition }
        return variables
    }
}
