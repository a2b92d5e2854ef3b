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
    init(_ operation: PendingOperation<ModelRecord>, model: String) throws {
        self.model = model
        self.operation = Int64(operation.id.rawValue)
        recordID = ModelCache.keyText(operation.recordID)
        switch operation.change {
        case .create(let record):
            kind = "create"
            patch = try Self.json(StoredModelRecord(record))
        case .update(_, let change):
            kind = "update"
            patch = try Self.json(change.changes)
        case .delete:
            kind = "delete"
            patch = "{}"
        }
        base = try operation.base.map { try Self.json(StoredModelRecord($0)) }
        before = try operation.before.map { try Self.json(StoredModelRecord($0)) }
        attempts = operation.attempts
        lastError = operation.lastFailure
    }

    func pendingOperation(layout: RecordLayout) throws -> PendingOperation<ModelRecord> {
        guard let key = ModelCache.key(text: recordID, layout: layout) else {
            throw SyncStorageError.corruptOutbox("operation \(operationID.rawValue) of \(layout.model.name) has the key “\(recordID)”, which is not one")
        }
        let change: LocalChange<ModelRecord>
        switch kind {
        case "create": change = .create(try record(patch, layout: layout))
        case "update": change = .update(key, ModelRecordPatch(try Self.decode([String: ModelValue].self, patch)))
        case "delete": change = .delete(key)
        default: throw SyncStorageError.corruptOutbox("operation \(operationID.rawValue) of \(layout.model.name) has the unknown kind “\(kind)”")
        }
        return PendingOperation(
            id: operationID, change: change,
            before: try before.map { try record($0, layout: layout) },
            base: try base.map { try record($0, layout: layout) },
            attempts: attempts, lastFailure: lastError)
    }

    private func record(_ text: String, layout: RecordLayout) throws -> ModelRecord {
        let stored = try Self.decode(StoredModelRecord.self, text)
        guard let key = RecordKey(values: stored.values, of: layout.model) else {
            throw SyncStorageError.corruptOutbox("operation \(operationID.rawValue) of \(layout.model.name) holds a record without its key")
        }
        return ModelRecord(
            layout: layout, key: key, values: stored.values, version: stored.version, isDeleted: stored.deleted,
            lastChangedAt: stored.lastChangedAt)
    }
}

/// A record in the outbox: its values by field name (nulls left out) and the server's numbers.
struct StoredModelRecord: Codable {
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
