import AppSync

/// `PropertyAPI` over AppSync's GraphQL, in either dialect (see `APIDialect`).
public struct AppSyncPropertyAPI: PropertyAPI {
    let client: AppSyncClient
    public let dialect: APIDialect

    public init(client: AppSyncClient, dialect: APIDialect = .versioned) {
        self.client = client
        self.dialect = dialect
    }

    public func speaking(_ dialect: APIDialect) -> any PropertyAPI { AppSyncPropertyAPI(client: client, dialect: dialect) }

    static let versionedFields = "id name address createdAt updatedAt _version _deleted _lastChangedAt"

    var fields: String { dialect.hasVersions ? Self.versionedFields : PlainDialectWire.fields }

    public func describe() async throws(AppSyncFailure) -> APIDescription? {
        let response = try await client.execute(GraphQLRequest(query: APIDescription.query, operationName: "ProptuiDescribeAPI"))
        // Refused (introspection turned off), or an answer without the types: it does not say.
        guard response.errors?.isEmpty ?? true, response.data?["query"] != nil else { return nil }
        return APIDescription(introspection: response.data)
    }

    public func get(id: PropertyID) async throws(AppSyncFailure) -> RealEstateProperty? {
        let request = GraphQLRequest(
            query: "query GetRealEstateProperty($id: ID!) { getRealEstateProperty(id: $id) { \(fields) } }",
            variables: ["id": .string(id.text)], operationName: "GetRealEstateProperty")
        guard let wire = try await client.execute(request, field: "getRealEstateProperty", as: WireRecord.self) else { return nil }
        return try record(from: wire, answering: "getRealEstateProperty", lacking: "the server's copy of \(id) has no name or updatedAt")
    }

    /// A record answered by a get or a mutation, in the dialect spoken.
    private func record(
        from wire: WireRecord, answering field: String, lacking: @autoclosure () -> String
    ) throws(AppSyncFailure) -> RealEstateProperty {
        guard dialect.hasVersions else {
            guard let record = wire.plainRecord else { throw .transient(lacking()) }
            return record
        }
        do {
            return try wire.versionedRecord()
        } catch {
            throw .transient("the server's answer has an unexpected shape (\(error.within(.key(field))))")
        }
    }

    public func syncPage(limit: Int, nextToken: String?, lastSync: Int64?) async throws(AppSyncFailure) -> PropertyPage {
        try await unreadSyncPage(limit: limit, nextToken: nextToken, lastSync: lastSync).read()
    }

    /// The page's answer, its next token guessed from the bytes, read when asked (`UnreadPage`).
    public func unreadSyncPage(limit: Int, nextToken: String?, lastSync: Int64?) async throws(AppSyncFailure) -> UnreadPage {
        let versioned = dialect.hasVersions
        let request = versioned
            ? Self.syncRequest(limit: limit, nextToken: nextToken, lastSync: lastSync)
            : Self.listRequest(limit: limit, nextToken: nextToken, changedSince: lastSync)
        let field = versioned ? "syncRealEstateProperties" : "listRealEstateProperties"
        let answer = try await client.fetch(request)
        return UnreadPage(nextTokenGuess: answer.lastString(forKey: "nextToken")) { () throws(AppSyncFailure) in
            let page = try answer.read(field: field) { reader throws(JSONReadError) in
                // The plain dialect: an item without its name or time is one the server could not
                // read whole, skipped as a null item is.
                try versioned ? PropertyPage(json: &reader) : PropertyPage(json: &reader, record: \.plainRecord)
            }
            guard let page else { throw .transient("the server answered the \(versioned ? "sync" : "list") query with null") }
            return page
        }
    }

    /// The versioned dialect's sync query for one page (public so that a baseline can ask for
    /// exactly the same pages: `proptui-bench`'s wire).
    public static func syncRequest(limit: Int, nextToken: String?, lastSync: Int64?) -> GraphQLRequest {
        GraphQLRequest(
            query: """
                query SyncRealEstateProperties($limit: Int, $nextToken: String, $lastSync: AWSTimestamp) {
                  syncRealEstateProperties(limit: $limit, nextToken: $nextToken, lastSync: $lastSync) { items { \(versionedFields) } nextToken startedAt }
                }
                """,
            variables: [
                "limit": .int(Int64(limit)), "nextToken": JSONValue(nextToken),
                "lastSync": lastSync.map { .int($0) } ?? .null,
            ],
            operationName: "SyncRealEstateProperties")
    }

    /// The plain dialect's list: a scan, so pages come in no useful order, and a filtered page
    /// may hold fewer items than `limit` (or none) and still go on.
    static func listRequest(limit: Int, nextToken: String?, changedSince: Int64?) -> GraphQLRequest {
        GraphQLRequest(
            query: """
                query ListRealEstateProperties($filter: ModelRealEstatePropertyFilterInput, $limit: Int, $nextToken: String) {
                  listRealEstateProperties(filter: $filter, limit: $limit, nextToken: $nextToken) { items { \(PlainDialectWire.fields) } nextToken }
                }
                """,
            variables: [
                "limit": .int(Int64(limit)), "nextToken": JSONValue(nextToken),
                "filter": changedSince.map(PlainDialectWire.changedSince) ?? .null,
            ],
            operationName: "ListRealEstateProperties")
    }

    public func probe() async throws(AppSyncFailure) {
        _ = try await client.execute(GraphQLRequest(query: "query Probe { __typename }", operationName: "Probe"))
    }

    public func send(_ mutation: PropertyMutation) async throws(AppSyncFailure) -> RealEstateProperty {
        let document = document(for: mutation)
        let operation = document.field.prefix(1).uppercased() + document.field.dropFirst()
        var variables: [String: JSONValue] = ["input": .object(document.input)]
        var declarations = "$input: \(document.inputType)!"
        var arguments = "input: $input"
        if let condition = document.condition {
            variables["condition"] = condition
            declarations += ", $condition: ModelRealEstatePropertyConditionInput"
            arguments += ", condition: $condition"
        }
        let request = GraphQLRequest(
            query: "mutation \(operation)(\(declarations)) { \(document.field)(\(arguments)) { \(fields) } }",
            variables: variables, operationName: operation)
        guard let wire = try await client.execute(request, field: document.field, as: WireRecord.self) else {
            throw .transient("the server answered \(document.field) with null")
        }
        let record = try record(from: wire, answering: document.field, lacking: "the server answered \(document.field) without the record")
        if !dialect.hasVersions, case .delete(_, let base) = mutation { return record.deletedOnPlainDialect(after: base) }
        return record
    }

    struct Document {
        var field: String
        var inputType: String
        var input: [String: JSONValue]
        /// Plain dialect: what must still hold for the write to apply.
        var condition: JSONValue?
    }

    func document(for mutation: PropertyMutation) -> Document {
        let versioned = dialect.hasVersions
        switch mutation {
        case .create(let record):
            var input: [String: JSONValue] = ["id": .string(record.id.text), "name": .string(record.name)]
            if let address = record.address { input["address"] = .string(address) }
            // The plain dialect's create is conditioned on the id being new by the resolver itself.
            return Document(field: "createRealEstateProperty", inputType: "CreateRealEstatePropertyInput", input: input)
        case .update(let id, let patch, let base):
            var input: [String: JSONValue] = ["id": .string(id.text)]
            if let name = patch.name { input["name"] = .string(name) }
            if let address = patch.address { input["address"] = JSONValue(address) }
            if versioned, let version = base?.version { input["_version"] = .int(Int64(version)) }
            return Document(
                field: "updateRealEstateProperty", inputType: "UpdateRealEstatePropertyInput", input: input,
                condition: versioned ? nil : PlainDialectWire.condition(changing: PlainDialectWire.changedFields(patch), of: base))
        case .delete(let id, let base):
            var input: [String: JSONValue] = ["id": .string(id.text)]
            if versioned, let version = base?.version { input["_version"] = .int(Int64(version)) }
            return Document(
                field: "deleteRealEstateProperty", inputType: "DeleteRealEstatePropertyInput", input: input,
                condition: versioned ? nil : PlainDialectWire.condition(changing: PlainDialectWire.fieldsSeen, of: base))
        }
    }
}

extension APIDialect {
    /// The three subscriptions live sync keeps open, selecting every field a mutation returns.
    public var subscriptions: [RealtimeSubscription] {
        let fields = hasVersions ? AppSyncPropertyAPI.versionedFields : PlainDialectWire.fields
        return ["Create", "Update", "Delete"].map { kind in
            RealtimeSubscription(id: "on\(kind)", query: "subscription On\(kind) { on\(kind)RealEstateProperty { \(fields) } }")
        }
    }
}

extension AppSyncPropertyAPI {
    /// The versioned dialect's subscriptions (what the embedded server speaks).
    public static var subscriptions: [RealtimeSubscription] { APIDialect.versioned.subscriptions }
}
