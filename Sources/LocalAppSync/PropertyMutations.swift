import Foundation
import GRDB
import GraphQL

/// The write side: create, update (partial) and soft delete, each in one SQLite transaction,
/// with `condition` honoured and conflict detection by `_version`.
struct PropertyMutations: Sendable {
    let database: PropertyDatabase
    let limits: ServerLimits
    let conflictHandler: ConflictHandler
    private var rules: InputValidation { InputValidation(limits: limits) }

    func create(_ args: Map) async throws -> PropertyRecord {
        let input = args["input"]
        let id = try rules.validID(input["id"].string ?? UUID().uuidString.lowercased())
        let name = try rules.validName(input["name"])
        let address = try rules.validAddress(input.field("address"))
        let condition = args["condition"]
        let clock = database.clock
        return try await database.write(id: id) { db, existing in
            // A create's condition is checked against the (absent) item, as DynamoDB does.
            guard existing == nil, RecordFilter.matches(condition, fields: .dictionary([:])) else {
                throw AppSyncResolverError.conditionalCheckFailed
            }
            let time = clock.nextWriteTime()
            let stamp = WriteClock.awsDateTime(milliseconds: time)
            let record = PropertyRecord(
                id: id, name: name, address: address ?? nil, createdAt: stamp, updatedAt: stamp,
                version: 1, deleted: nil, lastChangedAt: time)
            try record.insert(db)
            return record
        }
    }

    func update(_ args: Map) async throws -> PropertyRecord {
        let input = args["input"]
        let name = try input.field("name").map(rules.validName)
        let address = try rules.validAddress(input.field("address"))
        return try await write(args) { current, isConflict in
            var next = current
            if isConflict {
                // AUTOMERGE: the server's values win; the write only fills fields it has as null.
                if current.address == nil, let address { next.address = address }
            } else {
                if let name { next.name = name }
                if let address { next.address = address }
            }
            return next
        }
    }

    func delete(_ args: Map) async throws -> PropertyRecord {
        try await write(args) { current, _ in
            var next = current
            next.deleted = true
            return next
        }
    }

    /// The shared path of update and delete: the record must exist and not be deleted, the
    /// condition must hold, and the `_version` must be current unless the handler merges.
    private func write(
        _ args: Map, change: @Sendable @escaping (PropertyRecord, _ isConflict: Bool) -> PropertyRecord
    ) async throws -> PropertyRecord {
        let input = args["input"]
        guard let id = input["id"].string else { throw AppSyncResolverError.validation("input.id is required.") }
        let expectedVersion = input["_version"].int
        let condition = args["condition"]
        let handler = conflictHandler
        let clock = database.clock
        return try await database.write(id: id) { db, existing in
            guard let current = existing, RecordFilter.matches(condition, fields: current.map) else {
                throw AppSyncResolverError.conditionalCheckFailed
            }
            if current.deleted == true { throw AppSyncResolverError.conflictUnhandled(serverRecord: current) }
            let isConflict = expectedVersion != current.version
            if isConflict, handler == .optimistic { throw AppSyncResolverError.conflictUnhandled(serverRecord: current) }
            var next = change(current, isConflict)
            let time = clock.nextWriteTime()
            next.version = current.version + 1
            next.updatedAt = WriteClock.awsDateTime(milliseconds: time)
            next.lastChangedAt = time
            try next.update(db)
            return next
        }
    }
}
