import Foundation
import GRDB
import GraphQL

/// The write side: create, update (partial) and soft delete, each in one SQLite transaction,
/// with `condition` honoured and conflict detection by `_version`.
struct PropertyMutations: Sendable {
    let database: PropertyDatabase
    let limits: ServerLimits
    let conflictHandler: ConflictHandler

    func create(_ args: Map) async throws -> PropertyRecord {
        let input = args["input"]
        let id = try validID(input["id"].string ?? UUID().uuidString.lowercased())
        let name = try validName(input["name"])
        let address = try validAddress(input.field("address"))
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
        let name = try input.field("name").map(validName)
        let address = try validAddress(input.field("address"))
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

    /// DynamoDB refuses an empty key; a bounded length keeps ids usable as keys and in logs.
    private func validID(_ id: String) throws(AppSyncResolverError) -> String {
        guard !id.isEmpty, id.utf8.count <= 256 else { throw .validation("id must be 1 to 256 bytes long.") }
        return id
    }

    private func validName(_ value: Map) throws(AppSyncResolverError) -> String {
        guard let name = value.string else { throw .validation("name must be a non-null String.") }
        guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .validation("name must not be empty.") }
        guard name.count <= limits.maxNameLength else {
            throw .validation("name is \(name.count) characters long; the limit is \(limits.maxNameLength).")
        }
        try refuseNUL(name, field: "name")
        return name
    }

    /// nil: not given (leave as is); `.some(nil)`: given as null (clear it).
    private func validAddress(_ value: Map?) throws(AppSyncResolverError) -> String?? {
        guard let value else { return nil }
        guard let address = value.string else { return .some(nil) }
        guard address.count <= limits.maxAddressLength else {
            throw .validation("address is \(address.count) characters long; the limit is \(limits.maxAddressLength).")
        }
        try refuseNUL(address, field: "address")
        return .some(address)
    }

    /// SQLite text ends at NUL, so a stored value would come back cut short: refuse it
    /// rather than lose the rest silently.
    private func refuseNUL(_ text: String, field: String) throws(AppSyncResolverError) {
        if text.utf8.contains(0) { throw .validation("\(field) must not contain the NUL character (U+0000).") }
    }
}
