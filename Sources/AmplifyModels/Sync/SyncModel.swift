import JSONValues
import OptimisticStore

/// Everything the sync layer needs to know of one model in one dialect: the record type, the
/// model's description and documents, how to read a record, a page and an event from an
/// answer's bytes, and how to write a mutation's variables. The sync layer (`SyncMachine`,
/// the list actor, the outbox and cache) is generic over it (see docs/models.md, "Syncing any
/// model: the plan"): `ModelRecordSync` serves every model, the sample's too, with `ModelRecord`.
///
/// A value rather than static requirements: which model, and which dialect, are learnt at run
/// time (the backend's description, the API's introspection).
public protocol SyncModel<Record>: Sendable {
    associatedtype Record: SyncedRecord

    var model: AmplifyModel { get }
    var dialect: DocumentDialect { get }
    /// The documents the sender, the reads and live sync send.
    var documents: ModelDocuments { get }

    /// One record as a `get`'s or a mutation's field holds it (nil: `null`).
    func readRecord(_ reader: inout JSONReader) throws(JSONReadError) -> Record?
    /// One page of the list or (versioned) sync query.
    func readPage(_ reader: inout JSONReader) throws(JSONReadError) -> RecordPage<Record>
    /// A subscription's result (`{"onUpdate<Model>": {…}}`); `knownCopy` answers the confirmed
    /// copy of the record it names, if any (an event is weighed against it: see the readers).
    func readEvent(_ data: JSONText, deletion: Bool, knownCopy: (Record.ID) -> Record?) -> RemoteRecordEvent<Record>

    /// `get<Model>`'s arguments: the whole key.
    func getVariables(_ id: Record.ID) -> [String: JSONValue]
    /// A create's variables (`input`).
    func createVariables(_ record: Record) -> [String: JSONValue]
    /// An update's variables: `input` (the key, the changed fields, the base's `_version` on the
    /// versioned dialect) and, on the plain dialect, a `condition` on what the change was made
    /// against (`base`).
    func updateVariables(_ id: Record.ID, _ patch: Record.Patch, base: Record?) -> [String: JSONValue]
    /// A delete's variables: `input` (the key, and the `_version`) and, on the plain dialect, a
    /// `condition` on what the user saw.
    func deleteVariables(_ id: Record.ID, base: Record?) -> [String: JSONValue]

    /// The same model in another dialect (what the API's description or a refusal found out).
    func speaking(_ dialect: DocumentDialect) -> Self
    /// `record` deleted at (at least) `version`: the plain dialect answers a delete with the item
    /// as it was, which is gone one step after its last write.
    func tombstone(_ record: Record, atLeast version: Int) -> Record

    /// The subscriptions live sync keeps open, with the ids `onCreate`, `onUpdate` and
    /// `onDelete` (by default the documents' own).
    var subscriptions: [SubscriptionDocument] { get }
}

extension SyncModel {
    /// The same, with the confirmed copy given.
    public func readEvent(_ data: JSONText, deletion: Bool, known: Record?) -> RemoteRecordEvent<Record> {
        readEvent(data, deletion: deletion, knownCopy: { _ in known })
    }

    public var subscriptions: [SubscriptionDocument] {
        [MutationKind.create, .update, .delete].map { kind in
            SubscriptionDocument(id: "on" + kind.capitalized, query: documents.subscription(kind).text)
        }
    }
}

/// A subscription live sync keeps open: its id on the socket, its document and variables (what
/// the realtime client sends as they are).
public struct SubscriptionDocument: Sendable, Equatable {
    public let id: String
    public let query: String
    public let variables: [String: JSONValue]

    public init(id: String, query: String, variables: [String: JSONValue] = [:]) {
        self.id = id
        self.query = query
        self.variables = variables
    }
}

extension SyncModel {
    /// The mutation document for variables written by this model (with `condition` when they hold one).
    public func mutation(_ kind: MutationKind, variables: [String: JSONValue]) -> GraphQLDocument {
        documents.mutation(kind, withCondition: variables["condition"] != nil)
    }
}

/// One page of a list or sync query: its records, the next page's token, and (versioned sync)
/// the server's `startedAt`.
public struct RecordPage<Record: SyncedRecord>: Sendable, Equatable {
    public var records: [Record]
    public var nextToken: String?
    public var startedAt: Int64?

    public init(records: [Record], nextToken: String?, startedAt: Int64?) {
        self.records = records
        self.nextToken = nextToken
        self.startedAt = startedAt
    }

    /// `{"items": […], "nextToken": …, "startedAt": …}`, each item read by `item` (a null item,
    /// or one `item` answers nil for, is skipped). Inlinable, so that the sample's page (a
    /// thousand records, read a thousand times in a large load) is read by code specialised for
    /// its record.
    @inlinable
    public init(json: inout JSONReader, item: (inout JSONReader) throws(JSONReadError) -> Record?) throws(JSONReadError) {
        let start = json.offset
        var records: [Record]?
        var nextToken: String?
        var startedAt: Int64?
        try json.readObject { reader, key throws(JSONReadError) in
            if key == "items" {
                var read: [Record] = []
                try reader.readArray { reader throws(JSONReadError) in
                    guard try !reader.readNull(), let record = try item(&reader) else { return }
                    read.append(record)
                }
                records = read
            } else if key == "nextToken" {
                nextToken = try reader.readOptional { reader throws(JSONReadError) in try reader.readString() }
            } else if key == "startedAt" {
                startedAt = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt64() }
            } else {
                try reader.skipValue()
            }
        }
        guard let records else { throw .missing("items", at: start) }
        self.init(records: records, nextToken: nextToken, startedAt: startedAt)
    }
}

/// What one subscription event says about a record.
public enum RemoteRecordEvent<Record: SyncedRecord>: Sendable, Equatable {
    /// A whole record (a deleted one after a delete): merged as it is.
    case record(Record)
    /// The event lacks values the other client's mutation did not select (AppSync sends them
    /// as null): merged as it is, a null would blank a field on screen, so the record is read.
    case partial(id: Record.ID)
    /// Nothing usable (no key): what changed is read from the server instead.
    case unreadable
    /// The deletion of a record this client does not hold, on the plain dialect (which keeps no
    /// tombstones): there is nothing to apply.
    case notHeld
}
