import AmplifyModels
import AppSync
import Foundation
import GraphQL

/// The Gen 2 resolvers of one of your models, with the semantics of the sample's
/// (`ItemOperations`): a scan in hash order with `limit` counting the items read before the
/// filter; create conditioned on the key being absent, update and delete on it being present,
/// each with the request's `condition` (`DynamoCondition`), any failure answering
/// `DynamoDB:ConditionalCheckFailedException`; `createdAt` and `updatedAt` from the write clock.
/// Every value of an input is checked by its field's type as AppSync checks it
/// (`FieldValueCodec`); a bad one is refused with a `ValidationException` naming the field.
struct ModelOperations: Sendable {
    let model: AmplifyModel
    let schema: ModelSchema
    let database: ModelItemDatabase
    let limits: ServerLimits
    let signer: PageTokenSigner

    private var name: String { model.name }

    func get(_ args: Map) async throws -> ModelItem? {
        let key = try keyValues(args, at: "")
        return try await database.item(model: name, keyText: ModelItem.keyText(key))
    }

    func list(_ args: Map, budget: RequestBudget?) async throws -> (items: [ModelItem], nextToken: String?) {
        let limit = try InputValidation(limits: limits).pageSize(args["limit"])
        var cursor: ModelScanCursor?
        if let token = args["nextToken"].string { cursor = try ModelScanCursor(token: token, model: name, signer: signer) }
        let reservation = try budget?.reservePage(rows: limit) ?? 0
        let rows: [ModelItemDatabase.Row]
        do {
            rows = try await database.scan(model: name, after: cursor, limit: limit)
        } catch {
            try? budget?.settle(reservation: reservation, bytes: 0)
            throw error
        }
        let filter = args["filter"]
        let items = rows.map(\.item).filter { filter.dictionary == nil || DynamoCondition.holds(filter, on: $0.conditionItem) }
        try budget?.settle(reservation: reservation, bytes: items.reduce(0) { $0 + JSONValue.object($1.attributes).jsonText.utf8.count })
        let nextToken = rows.count == limit ? rows.last.map { ModelScanCursor(model: name, after: $0).token(signedBy: signer) } : nil
        return (items, nextToken)
    }

    func create(_ args: Map) async throws -> ModelItem {
        var attributes = try checkedInput(args["input"])
        if model.primaryKey.fields == ["id"], attributes["id"] == nil || attributes["id"] == .null {
            attributes["id"] = .string(UUID().uuidString.lowercased())
        }
        let key = try keyValues(args["input"], at: "input.", given: attributes)
        let (condition, database, input) = (args["condition"], database, attributes)
        return try await database.write(model: name, keyText: ModelItem.keyText(key), partitionText: key[0].jsonText) { existing in
            // attribute_not_exists(key), and the condition against the (absent) item.
            guard existing == nil, DynamoCondition.holds(condition, on: [:]) else { throw AppSyncResolverError.conditionalCheckFailed }
            let stamp = JSONValue.string(WriteClock.awsDateTime(milliseconds: database.clock.nextWriteTime()))
            var item = ModelItem(attributes: input)
            item.attributes["createdAt"] = stamp
            item.attributes["updatedAt"] = stamp
            return (item, item)
        }
    }

    func update(_ args: Map) async throws -> ModelItem {
        let (changes, database) = (try checkedInput(args["input"]), database)
        return try await write(args) { current in
            var next = current
            for (field, value) in changes {
                // A null in the input is the resolver's REMOVE: the attribute is absent afterwards.
                if value == .null { next.attributes[field] = nil } else { next.attributes[field] = value }
            }
            next.attributes["updatedAt"] = .string(WriteClock.awsDateTime(milliseconds: database.clock.nextWriteTime()))
            return (next, next)
        }
    }

    func delete(_ args: Map) async throws -> ModelItem {
        try await write(args) { current in (nil, current) }  // DeleteItem answers the item as it was
    }

    /// Update and delete: attribute_exists(key), and the condition against the stored item.
    private func write(_ args: Map, _ change: @Sendable @escaping (ModelItem) throws -> (ModelItem?, ModelItem)) async throws -> ModelItem {
        let key = try keyValues(args["input"], at: "input.")
        let condition = args["condition"]
        return try await database.write(model: name, keyText: ModelItem.keyText(key), partitionText: key[0].jsonText) { existing in
            guard let current = existing, DynamoCondition.holds(condition, on: current.conditionItem) else {
                throw AppSyncResolverError.conditionalCheckFailed
            }
            return try change(current)
        }
    }

    /// The key's values, from the arguments (`get`) or the input, checked as their fields' values.
    private func keyValues(_ source: Map, at prefix: String, given known: [String: JSONValue] = [:]) throws -> [JSONValue] {
        try model.primaryKey.fields.map { keyField in
            let value: JSONValue
            if let known = known[keyField] {
                value = known
            } else {
                guard let field = model.field(named: keyField), let given = JSONValue(source[keyField]), given != .null else {
                    throw AppSyncResolverError.validation("\(prefix)\(keyField) is required.")
                }
                value = try checked(given, for: field, at: prefix)
            }
            guard value != .null else { throw AppSyncResolverError.validation("\(prefix)\(keyField) is required.") }
            return value
        }
    }

    /// Each member of a create or update input checked by its field's type, as it is stored.
    private func checkedInput(_ input: Map) throws -> [String: JSONValue] {
        guard case .dictionary(let members) = input else { throw AppSyncResolverError.validation("input is required.") }
        var attributes: [String: JSONValue] = [:]
        for (name, value) in members {
            guard let given = JSONValue(value) else { continue }
            // The input type names only writable fields: anything else the validator refused already.
            guard let field = model.field(named: name) else { continue }
            attributes[name] = try checked(given, for: field, at: "input.")
        }
        return attributes
    }

    private func checked(_ value: JSONValue, for field: ModelField, at prefix: String) throws -> JSONValue {
        let codec = FieldValueCodec(field: field, schema: schema)
        do {
            return codec.json(try codec.value(json: value))
        } catch {
            throw AppSyncResolverError.validation("\(prefix)\(field.name): \(error)")
        }
    }
}
