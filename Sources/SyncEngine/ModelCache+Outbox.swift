import AmplifyModels
import AppSync
import Foundation
import OptimisticStore

/// A model's operations as outbox rows: `recordID` is the key's text (`ModelCache.keyText`), the
/// patch of an update its changes, a record (a create's, a base, what the user saw before) its
/// values with the server's numbers.
///
/// Values are kept in `ModelValue`'s own JSON (`{"enum":"EXPENSE"}`), which needs no model to
/// read: a pending change is read back as the user made it even when the model's description has
/// changed since, and the server, not the outbox, says whether it still fits (a refusal then
/// drops it with the server's reason). A row that is not such JSON is `corruptOutbox`.
extension OutboxEntry {
    init(_ operation: PendingOperation<ModelRecord>, model: String) {
        self.model = model
        self.operation = Int64(operation.id.rawValue)
        recordID = ModelCache.keyText(operation.recordID)
        switch operation.change {
        case .create(let record):
            kind = "create"
            patch = StoredModelRecord(record).jsonText
        case .update(_, let change):
            kind = "update"
            patch = Self.text { ModelValue.appendStoredJSON(change.changes, to: &$0) }
        case .delete:
            kind = "delete"
            patch = "{}"
        }
        base = operation.base.map { StoredModelRecord($0).jsonText }
        before = operation.before.map { StoredModelRecord($0).jsonText }
        attempts = operation.attempts
        lastError = operation.lastFailure
    }

    static func text(_ write: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        write(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads a column this file wrote (or `JSONEncoder` did, before it was written by hand);
    /// anything else is `corruptOutbox`.
    func read<T>(_ text: String, _ body: (inout JSONReader) throws(JSONReadError) -> T) throws -> T {
        do throws(JSONReadError) {
            return try JSONReader.read(Array(text.utf8), body)
        } catch {
            throw SyncStorageError.corruptOutbox("an operation in the outbox cannot be read (\(error))")
        }
    }

    func pendingOperation(layout: RecordLayout) throws -> PendingOperation<ModelRecord> {
        guard let key = ModelCache.key(text: recordID, layout: layout) else {
            throw SyncStorageError.corruptOutbox("operation \(operationID.rawValue) of \(layout.model.name) has the key “\(recordID)”, which is not one")
        }
        let change: LocalChange<ModelRecord>
        switch kind {
        case "create": change = .create(try record(patch, layout: layout))
        case "update": change = .update(key, ModelRecordPatch(try read(patch, ModelValue.storedValues)))
        case "delete": change = .delete(key)
        default: throw SyncStorageError.corruptOutbox("operation \(operationID.rawValue) of \(layout.model.name) has the unknown kind “\(kind)”")
        }
        let baseRecord = try base.map { try record($0, layout: layout) }
        // What the user saw before is usually the base itself (a change made on what the server
        // had confirmed): the same text, read once. A start reads every queued change.
        let beforeRecord = try before.map { $0 == base ? baseRecord! : try record($0, layout: layout) }
        return PendingOperation(
            id: operationID, change: change, before: beforeRecord, base: baseRecord, attempts: attempts, lastFailure: lastError)
    }

    private func record(_ text: String, layout: RecordLayout) throws -> ModelRecord {
        let stored = try read(text, StoredModelRecord.init(json:))
        guard let key = RecordKey(values: stored.values, of: layout.model) else {
            throw SyncStorageError.corruptOutbox("operation \(operationID.rawValue) of \(layout.model.name) holds a record without its key")
        }
        return ModelRecord(
            layout: layout, key: key, values: stored.values, version: stored.version, isDeleted: stored.deleted,
            lastChangedAt: stored.lastChangedAt)
    }
}

/// A record in the outbox: its values by field name (nulls left out) and the server's numbers,
/// as `{"values":{…},"version":3,"deleted":false,"lastChangedAt":…}` (`lastChangedAt` left out
/// when there is none, as `JSONEncoder` wrote it).
struct StoredModelRecord {
    var values: [String: ModelValue]
    var version: Int
    var deleted: Bool
    var lastChangedAt: Int64?

    init(_ record: ModelRecord) {
        values = record.valuesByName.filter { $0.value != .null }
        version = record.version
        deleted = record.isDeleted
        lastChangedAt = record.lastChangedAt
    }

    var jsonText: String {
        OutboxEntry.text { bytes in
            bytes.append(contentsOf: #"{"values":"#.utf8)
            ModelValue.appendStoredJSON(values, to: &bytes)
            bytes.append(contentsOf: #","version":\#(version),"deleted":\#(deleted)"#.utf8)
            if let lastChangedAt { bytes.append(contentsOf: #","lastChangedAt":\#(lastChangedAt)"#.utf8) }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Other keys are skipped, as `JSONDecoder` skipped them; `lastChangedAt` may be absent or null.
    init(json reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.offset
        var values: [String: ModelValue]?, version: Int?, deleted: Bool?, lastChangedAt: Int64?
        try reader.readObject { reader, key throws(JSONReadError) in
            if key == "values" { values = try ModelValue.storedValues(&reader) }
            else if key == "version" { version = try reader.readInt() }
            else if key == "deleted" { deleted = try reader.readBool() }
            else if key == "lastChangedAt" { lastChangedAt = try reader.readOptional { reader throws(JSONReadError) in try reader.readInt64() } }
            else { try reader.skipValue() }
        }
        guard let values else { throw .missing("values", at: start) }
        guard let version else { throw .missing("version", at: start) }
        guard let deleted else { throw .missing("deleted", at: start) }
        (self.values, self.version, self.deleted, self.lastChangedAt) = (values, version, deleted, lastChangedAt)
    }
}

extension ModelCache {
    /// The key `keyText` wrote, its parts read as the key fields' types; nil when it is not one.
    static func key(text: String, layout: RecordLayout) -> RecordKey? {
        guard case .array(let items)? = JSONValue(jsonText: Array(text.utf8)), items.count == layout.model.primaryKey.fields.count else { return nil }
        var parts: [RecordKey.Part] = []
        for (name, item) in zip(layout.model.primaryKey.fields, items) {
            guard case .string(let part) = item else { return nil }
            switch layout.model.field(named: name)?.type {
            case .scalar(.int)?, .scalar(.awsTimestamp)?:
                guard let number = Int64(part) else { return nil }
                parts.append(.int(number))
            case .scalar(.float)?:
                guard let number = Double(part) else { return nil }
                parts.append(.float(number))
            default: parts.append(RecordKey.Part(text: part))
            }
        }
        return RecordKey(parts)
    }
}
