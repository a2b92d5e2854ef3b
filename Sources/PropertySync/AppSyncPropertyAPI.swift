import AppSync

/// `PropertyAPI` over AppSync's GraphQL, with conflict detection fields.
public struct AppSyncPropertyAPI: PropertyAPI {
    let client: AppSyncClient

    public init(client: AppSyncClient) { self.client = client }

    static let fields = "id name address createdAt updatedAt _version _deleted _lastChangedAt"

    public func get(id: String) async throws(AppSyncFailure) -> RealEstateProperty? {
        let request = GraphQLRequest(
            query: """
                query GetRealEstateProperty($id: ID!) { getRealEstateProperty(id: $id) { \(Self.fields) } }
                """,
            variables: ["id": .string(id)], operationName: "GetRealEstateProperty")
        return try await client.execute(request).field("getRealEstateProperty", as: RealEstateProperty.self)
    }

    public func syncPage(limit: Int, nextToken: String?, lastSync: Int64?) async throws(AppSyncFailure) -> PropertyPage {
        let request = GraphQLRequest(
            query: """
                query SyncRealEstateProperties($limit: Int, $nextToken: String, $lastSync: AWSTimestamp) {
                  syncRealEstateProperties(limit: $limit, nextToken: $nextToken, lastSync: $lastSync) { items { \(Self.fields) } nextToken startedAt }
                }
                """,
            variables: [
                "limit": .int(Int64(limit)), "nextToken": JSONValue(nextToken),
                "lastSync": lastSync.map { .int($0) } ?? .null,
            ],
            operationName: "SyncRealEstateProperties")
        guard let page = try await client.execute(request).field("syncRealEstateProperties", as: PropertyPage.self) else {
            throw .transient("the server answered the sync query with null")
        }
        return page
    }

    /// The three subscriptions live sync keeps open, selecting every field a mutation returns.
    public static let subscriptions: [RealtimeSubscription] = ["Create", "Update", "Delete"].map { kind in
        RealtimeSubscription(
            id: "on\(kind)", query: "subscription On\(kind) { on\(kind)RealEstateProperty { \(fields) } }")
    }

    public func probe() async throws(AppSyncFailure) {
        _ = try await client.execute(GraphQLRequest(query: "query Probe { __typename }", operationName: "Probe"))
    }

    public func send(_ mutation: PropertyMutation) async throws(AppSyncFailure) -> RealEstateProperty {
        let (field, inputType, input) = Self.document(for: mutation)
        let operation = field.prefix(1).uppercased() + field.dropFirst()
        let request = GraphQLRequest(
            query: """
                mutation \(operation)($input: \(inputType)!) { \(field)(input: $input) { \(Self.fields) } }
                """,
            variables: ["input": .object(input)], operationName: operation)
        guard let record = try await client.execute(request).field(field, as: RealEstateProperty.self) else {
            throw .transient("the server answered \(field) with null")
        }
        return record
    }

    static func document(for mutation: PropertyMutation) -> (field: String, inputType: String, input: [String: JSONValue]) {
        switch mutation {
        case .create(let record):
            var input: [String: JSONValue] = ["id": .string(record.id), "name": .string(record.name)]
            if let address = record.address { input["address"] = .string(address) }
            return ("createRealEstateProperty", "CreateRealEstatePropertyInput", input)
        case .update(let id, let patch, let version):
            var input: [String: JSONValue] = ["id": .string(id)]
            if let name = patch.name { input["name"] = .string(name) }
            if let address = patch.address { input["address"] = JSONValue(address) }
            if let version { input["_version"] = .int(Int64(version)) }
            return ("updateRealEstateProperty", "UpdateRealEstatePropertyInput", input)
        case .delete(let id, let version):
            var input: [String: JSONValue] = ["id": .string(id)]
            if let version { input["_version"] = .int(Int64(version)) }
            return ("deleteRealEstateProperty", "DeleteRealEstatePropertyInput", input)
        }
    }
}
