import AmplifyModels
import Foundation
import GraphQL
import JSONValues

/// The resolvers' work for one of your models, in either dialect, with the semantics of the
/// sample's stores: a scan in hash order with `limit` counting the items read before the
/// filter (or, given a custom key's partition, a query of it, `ListKeyQuery`); create
/// conditioned on the key being absent, update and delete on it being present, each with the
/// request's `condition` (`DynamoCondition`), a failure answering
/// `DynamoDB:ConditionalCheckFailedException`; `createdAt` and `updatedAt` from the write clock.
/// The versioned dialect adds conflict detection and soft deletes (`ModelOperations+Versioned`).
/// Every value of an input is checked by its field's type as AppSync checks it
/// (`FieldValueCodec`); a bad one is refused with a `ValidationException` naming the field.
struct ModelOperations: Sendable {
    let model: AmplifyModel
    let schema: ModelSchema
    let database: ModelItemDatabase
    let limits: ServerLimits
    let signer: PageTokenSigner
    var conflictHandler: ConflictHandler = .optimistic
    /// Rules of text fields beyond their types (the sample's), by field.
    var textRules: [String: TextRule] = [:]

    var name: String { model.name }
    var versioned: Bool { database.dialect == .versioned }

    /// A page as a connection answers it: its items' texts as stored (`Row.text`).
    struct Page: Sendable {
        var texts: [[UInt8]]
        var nextToken: String?
        var startedAt: Int64?

        /// The items, decoded (a text that is not one left out).
        var items: [ModelItem] { texts.compactMap(ModelItemDatabase.decode) }

        var resolverSource: [String: any Sendable] {
            var answer: [String: any Sendable] = ["items": items.map(\.resolverSource)]
            if let nextToken { answer["nextToken"] = nextToken }
            if let startedAt { answer["startedAt"] = Int(startedAt) }
            return answer
        }
    }

    func get(_ args: Map) async throws -> ModelItem? {
        try await database.item(model: name, key: try itemKey(args, at: ""))
    }

    func list(_ args: Map, budget: RequestBudget?) async throws -> Page {
        let limit = try InputValidation(limits: limits).pageSize(args["limit"])
        let query = try ListKeyQuery.parse(args, model: model) { value, field in try checked(value, for: field, at: "") }
        let scope = "list:\(name)" + (query.map { ":" + $0.partitionText } ?? "")
        let after = try args["nextToken"].string.map { try ModelPageToken(token: $0, scope: scope, signer: signer).afterKey }
        let rows = try await Self.read(rows: limit, budget: budget) { [database, name] in
            if let query {
                return try await database.partition(
                    model: name, partitionText: query.partitionText, condition: query.condition, descending: query.descending,
                    after: after ?? nil, limit: limit)
            }
            return try await database.scan(model: name, after: after ?? nil, limit: limit)
        }
        return Page(texts: filtered(rows, by: args["filter"], budget: budget), nextToken: ModelPageToken.next(scope: scope, rows: rows, limit: limit, signer: signer))
    }

    /// A page read within the request's budget: its size reserved before it is read, so that a
    /// request of many pages (nested ones too) is cut off before it holds them all.
    static func read(rows limit: Int, budget: RequestBudget?, _ body: () async throws -> [ModelItemDatabase.Row]) async throws -> [ModelItemDatabase.Row] {
        let reservation = try budget?.reservePage(rows: limit) ?? 0
        do {
            let rows = try await body()
            // An item's stored text is about what its one copy in the answer takes.
            try budget?.settle(reservation: reservation, bytes: rows.reduce(0) { $0 + $1.text.count })
            return rows
        } catch {
            try? budget?.settle(reservation: reservation, bytes: 0)
            throw error
        }
    }

    /// The filter applied to the items read, as DynamoDB applies it after `limit`: the texts of
    /// those that pass (every one without a filter, undecoded).
    func filtered(_ rows: [ModelItemDatabase.Row], by filter: Map, budget: RequestBudget?) -> [[UInt8]] {
        guard filter.dictionary != nil else { return rows.map(\.text) }
        return rows.filter { row in row.item.map { DynamoCondition.holds(filter, on: $0.conditionItem) } ?? false }.map(\.text)
    }

    func create(_ args: Map) async throws -> ModelItem {
        var attributes = try checkedInput(args["input"])
        if model.primaryKey.fields == ["id"], attributes["id"] == nil || attributes["id"] == .null {
            attributes["id"] = .string(UUID().uuidString.lowercased())
        }
        let key = try itemKey(args["input"], at: "input.", given: attributes)
        let (condition, input, versioned) = (args["condition"], attributes, versioned)
        return try await database.write(model: name, key: key) { existing, time in
            // attribute_not_exists(key), and the condition against the (absent) item; a
            // versioned tombstone still holds its key.
            guard existing == nil, DynamoCondition.holds(condition, on: [:]) else { throw AppSyncResolverError.conditionalCheckFailed }
            let stamp = JSONValue.string(WriteClock.awsDateTime(milliseconds: time))
            var item = ModelItem(attributes: input)
            item.attributes["createdAt"] = stamp
            item.attributes["updatedAt"] = stamp
            if versioned {
                item.attributes["_version"] = .int(1)
                item.attributes["_lastChangedAt"] = .int(time)
            }
            return (item, item)
        }
    }

    func update(_ args: Map) async throws -> ModelItem {
        let changes = try checkedInput(args["input"])
        let (expected, handler, model) = (Self.expectedVersion(args), conflictHandler, model)
        return try await write(args) { current, time in
            let isConflict = try Self.checkVersion(of: current, in: model, expected: expected, handler: handler)
            var next = current
            for (field, value) in changes {
                // AUTOMERGE: the server's values stay; the write only fills what it lacks.
                if isConflict, let held = current.attributes[field], held != .null { continue }
                // A null in the input is the resolver's REMOVE: the attribute is absent afterwards.
                // (Not `[field] = nil` through a conditional: `JSONValue` takes `nil` as its null.)
                if value == .null { next.attributes.removeValue(forKey: field) } else { next.attributes[field] = value }
            }
            next.attributes["updatedAt"] = .string(WriteClock.awsDateTime(milliseconds: time))
            return (next, next)
        }
    }

    func delete(_ args: Map) async throws -> ModelItem {
        let (expected, handler, versioned, model) = (Self.expectedVersion(args), conflictHandler, versioned, model)
        return try await write(args) { current, time in
            // Gen 2: DeleteItem, answering the item as it was. Versioned: a tombstone.
            guard versioned else { return (nil, current) }
            _ = try Self.checkVersion(of: current, in: model, expected: expected, handler: handler)
            var next = current
            next.attributes["_deleted"] = .bool(true)
            next.attributes["updatedAt"] = .string(WriteClock.awsDateTime(milliseconds: time))
            return (next, next)
        }
    }

    /// Update and delete: attribute_exists(key), and the condition against the stored item; on
    /// the versioned dialect, the next version and its time on whatever `change` writes.
    private func write(_ args: Map, _ change: @Sendable @escaping (ModelItem, Int64) throws -> (ModelItem?, ModelItem)) async throws -> ModelItem {
        let key = try itemKey(args["input"], at: "input.")
        let (condition, versioned) = (args["condition"], versioned)
        return try await database.write(model: name, key: key) { existing, time in
            guard let current = existing, DynamoCondition.holds(condition, on: current.conditionItem) else {
                throw AppSyncResolverError.conditionalCheckFailed
            }
            var (next, answer) = try change(current, time)
            if versioned, next != nil {
                next?.attributes["_version"] = .int((current.version ?? 0) + 1)
                next?.attributes["_lastChangedAt"] = .int(time)
                answer = next ?? answer
            }
            return (next, answer)
        }
    }

    /// The key's values, from the arguments (`get`) or the input, checked as their fields' values.
    func itemKey(_ source: Map, at prefix: String, given known: [String: JSONValue] = [:]) throws -> ItemKey {
        ItemKey(values: try model.primaryKey.fields.map { keyField in
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
        })
    }

    /// Each member of a create or update input checked by its field's type and rules, as it is
    /// stored, in the model's field order (so that of two bad values, the same one is named).
    private func checkedInput(_ input: Map) throws -> [String: JSONValue] {
        guard case .dictionary(let members) = input else { throw AppSyncResolverError.validation("input is required.") }
        var attributes: [String: JSONValue] = [:]
        // The input type names only writable fields (and `_version`, read apart).
        for field in model.fields {
            guard let given = members[field.name].flatMap(JSONValue.init) else { continue }
            let name = field.name
            try textRules[name]?.check(given, field: name)
            let value = try checked(given, for: field, at: "input.")
            if let item = Self.nullListItem(in: value) {
                // AppSync stores and answers it; this server's GraphQL library cannot answer a null
                // list item (it fails the whole answer, and every later read of the record): refused
                // before anything is stored, with what to do instead.
                throw AppSyncResolverError.validation(
                    "input.\(name)\(item) is null: this server cannot keep a null item in a list (AppSync can); leave the item out")
            }
            attributes[name] = value
        }
        return attributes
    }

    /// Where a value holds a null list item (`[1]`, `.lines[0]`), at any depth; nil when nowhere.
    static func nullListItem(in value: JSONValue) -> String? {
        switch value {
        case .array(let items):
            for (index, item) in items.enumerated() {
                if item == .null { return "[\(index)]" }
                if let inner = nullListItem(in: item) { return "[\(index)]" + inner }
            }
            return nil
        case .object(let members):
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                if let inner = nullListItem(in: member) { return "." + name + inner }
            }
            return nil
        default:
            return nil
        }
    }

    func checked(_ value: JSONValue, for field: ModelField, at prefix: String) throws -> JSONValue {
        let codec = FieldValueCodec(field: field, schema: schema)
        do {
            return codec.json(try codec.value(json: value))
        } catch {
            throw AppSyncResolverError.validation("\(prefix)\(field.name): \(error)")
        }
    }
}
