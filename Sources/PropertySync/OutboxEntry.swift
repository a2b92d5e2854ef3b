import Foundation
import GRDB
import OptimisticStore

/// One row of the outbox table: a pending operation as it is kept on disk.
/// Its `seq` is the operation's id, so the outbox's order is the order the user acted in.
struct OutboxEntry: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "outbox"

    var seq: Int64
    var recordID: PropertyID
    /// `create`, `update` or `delete`.
    var kind: String
    /// JSON: the new record for a create, the patch for an update, `{}` for a delete.
    var patch: String
    /// JSON of the confirmed record the change was made against (nil: none).
    var base: String?
    /// JSON of what the user saw before the change (nil: nothing), for undo and messages.
    var before: String?
    var attempts: Int
    var lastError: String?

    init(_ operation: PendingOperation<RealEstateProperty>) throws {
        seq = Int64(operation.id.rawValue)
        recordID = operation.recordID
        switch operation.change {
        case .create(let record):
            kind = "create"
            patch = try Self.json(record)
        case .update(_, let change):
            kind = "update"
            patch = try Self.json(change)
        case .delete:
            kind = "delete"
            patch = "{}"
        }
        base = try operation.base.map(Self.json)
        before = try operation.before.map(Self.json)
        attempts = operation.attempts
        lastError = operation.lastFailure
    }

    /// The operation back from disk; a row that does not decode is reported, not guessed at.
    func operation() throws -> PendingOperation<RealEstateProperty> {
        let change: LocalChange<RealEstateProperty>
        switch kind {
        case "create": change = .create(try Self.decode(RealEstateProperty.self, patch))
        case "update": change = .update(recordID, try Self.decode(RealEstatePropertyPatch.self, patch))
        case "delete": change = .delete(recordID)
        default: throw SyncStorageError.corruptOutbox("operation \(seq) has the unknown kind “\(kind)”")
        }
        return PendingOperation(
            id: OperationID(rawValue: UInt64(seq)), change: change,
            before: try before.map { try Self.decode(RealEstateProperty.self, $0) },
            base: try base.map { try Self.decode(RealEstateProperty.self, $0) },
            attempts: attempts, lastFailure: lastError)
    }

    private static func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(text.utf8))
        } catch {
            throw SyncStorageError.corruptOutbox("an operation in the outbox cannot be read (\(error))")
        }
    }
}

/// The patch on disk: `address` absent means "unchanged", `null` means "cleared".
extension RealEstatePropertyPatch: Codable {
    enum CodingKeys: String, CodingKey { case name, address }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        if container.contains(.address) {
            address = .some(try container.decodeNil(forKey: .address) ? nil : try container.decode(String.self, forKey: .address))
        } else {
            address = nil
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(name, forKey: .name)
        if let address {
            if let address { try container.encode(address, forKey: .address) } else { try container.encodeNil(forKey: .address) }
        }
    }
}
