import Foundation
import GRDB
import GraphQL

/// The Gen 2 dialect's resolvers, as Amplify's DynamoDB resolvers without conflict detection
/// behave:
/// - `list` is a scan in hash order; `limit` (default 100) counts the items *read*, the filter
///   applies after, and a page that read `limit` items carries a `nextToken` even when nothing
///   follows (DynamoDB's `LastEvaluatedKey`): a page may hold fewer items than `limit`, or none;
/// - create is conditioned on the id being absent, update and delete on it being present, each
///   with the request's `condition` evaluated against the stored item (`DynamoCondition`); any
///   of these failing answers `DynamoDB:ConditionalCheckFailedException`;
/// - every write sets `updatedAt` (create also `createdAt`) from the write clock, so two writes
///   of one item always get distinct, increasing times; a delete removes the item.
struct ItemOperations: PropertyOperations {
    let database: ItemDatabase
    let limits: ServerLimits
    let signer: PageTokenSigner
    private var rules: InputValidation { InputValidation(limits: limits) }

    func get(_ args: Map) async throws -> PropertyRecord? {
        guard let id = args["id"].string else { return nil }
        return try await database.item(id: id)?.record
    }

    func list(_ args: Map, budget: RequestBudget?) async throws -> PropertyPage {
        let limit = try rules.pageSize(args["limit"])
        var cursor: ScanOrder.Cursor?
        if let token = args["nextToken"].string { cursor = try ScanOrder.Cursor(token: token, signer: signer) }
        let reservation = try budget?.reservePage(rows: limit) ?? 0
        let items: [StoredItem]
        do {
            items = try await database.scan(after: cursor, limit: limit)
        } catch {
            try? budget?.settle(reservation: reservation, bytes: 0)
            throw error
        }
        let filter = args["filter"]
        let passing = filter.dictionary == nil ? items : items.filter { DynamoCondition.holds(filter, on: $0.attributes) }
        let records = passing.map(\.record)
        try budget?.settle(reservation: reservation, bytes: records.reduce(0) { $0 + $1.estimatedJSONBytes })
        let nextToken = items.count == limit ? items.last.map { ScanOrder.Cursor(after: $0).token(signedBy: signer) } : nil
        return PropertyPage(records: records, nextToken: nextToken, startedAt: nil)
    }

    func create(_ args: Map) async throws -> PropertyRecord {
        let input = args["input"]
        let id = try rules.validID(input["id"].string ?? UUID().uuidString.lowercased())
        let name = try rules.validName(input["name"])
        let address = try rules.validAddress(input.field("address"))
        let (condition, database) = (args["condition"], database)
        return try await database.write(id: id) { db, existing in
            // attribute_not_exists(id), and the condition against the (absent) item.
            guard existing == nil, DynamoCondition.holds(condition, on: [:]) else { throw AppSyncResolverError.conditionalCheckFailed }
            let item = database.newItem(id: id, name: name, address: address)
            try item.insert(db)
            return item.record
        }
    }

    func update(_ args: Map) async throws -> PropertyRecord {
        let input = args["input"]
        let name = try input.field("name").map(rules.validName)
        let address = try rules.validAddress(input.field("address"))
        return try await write(args) { db, current in
            var next = current
            if let name { next.name = name }
            // A null in the input is the resolver's REMOVE: the attribute is absent afterwards.
            if let address {
                next.address = address
                next.hasAddress = address != nil
            }
            let time = database.clock.nextWriteTime()
            next.updatedAt = WriteClock.awsDateTime(milliseconds: time)
            next.writtenAt = time
            try next.update(db)
            return next.record
        }
    }

    func delete(_ args: Map) async throws -> PropertyRecord {
        try await write(args) { db, current in
            try current.delete(db)
            return current.record  // DeleteItem answers the item as it was
        }
    }

    /// Update and delete: attribute_exists(id), and the condition against the stored item.
    private func write(
        _ args: Map, _ change: @Sendable @escaping (Database, StoredItem) throws -> PropertyRecord
    ) async throws -> PropertyRecord {
        guard let id = args["input"]["id"].string else { throw AppSyncResolverError.validation("input.id is required.") }
        let condition = args["condition"]
        return try await database.write(id: id) { db, existing in
            guard let current = existing, DynamoCondition.holds(condition, on: current.attributes) else {
                throw AppSyncResolverError.conditionalCheckFailed
            }
            return try change(db, current)
        }
    }
}
