import AmplifyModels
import AppSync
import OptimisticStore

/// The sample's API: `AppSyncModelAPI` for `RealEstatePropertySync`.
public typealias AppSyncPropertyAPI = AppSyncModelAPI<RealEstatePropertySync>

/// Any model's API as a list needs it.
extension AppSyncModelAPI: ListAPI where Model.Record: ListRecord {
    // `get`, `send`, `probe` and the pages are `AppSyncModelAPI`'s own, for the model's types.
    public typealias Record = Model.Record

    public func speaking(_ dialect: APIDialect) -> any ListAPI<Model.Record> { inDialect(dialect) }

    public func describe() async throws(AppSyncFailure) -> APIDescription? {
        let request = GraphQLRequest(query: APIDescription.query(for: model.model), operationName: "ProptuiDescribeAPI")
        let response = try await client.execute(request)
        // Refused (introspection turned off), or an answer without the types: it does not say.
        guard response.errors?.isEmpty ?? true, response.data?["query"] != nil else { return nil }
        return APIDescription(introspection: response.data, model: model.model)
    }

    public var subscriptions: [RealtimeSubscription] {
        model.subscriptions.map { RealtimeSubscription(id: $0.id, query: $0.query, variables: $0.variables) }
    }

    public func readEvent(
        _ data: JSONText, deletion: Bool, knownCopy: (Model.Record.ID) -> Model.Record?
    ) -> RemoteRecordEvent<Model.Record> {
        model.readEvent(data, deletion: deletion, knownCopy: knownCopy)
    }

    public var modelDescription: AmplifyModel { model.model }
}

extension AppSyncModelAPI where Model == RealEstatePropertySync {
    public init(client: AppSyncClient, dialect: APIDialect = .versioned) {
        self.init(client: client, model: RealEstatePropertySync(dialect: dialect.documentDialect), dialect: dialect)
    }

    /// The versioned dialect's sync query for one page (public so that a baseline can ask for
    /// exactly the same pages: `proptui-bench`'s wire).
    public static func syncRequest(limit: Int, nextToken: String?, lastSync: Int64?) -> GraphQLRequest {
        pageRequest(RealEstatePropertySync(dialect: .versioned), versioned: true, limit: limit, nextToken: nextToken, lastSync: lastSync).request
    }

    /// The subscriptions live sync keeps open (versioned dialect: what the embedded server speaks).
    public static var subscriptions: [RealtimeSubscription] { APIDialect.versioned.subscriptions }

    /// A mutation's field, input type, input and (plain dialect) condition, as sent.
    struct Document {
        var field: String
        var inputType: String
        var input: [String: JSONValue]
        var condition: JSONValue?
    }

    func document(for mutation: PropertyMutation) -> Document {
        let (kind, variables) = self.variables(for: mutation)
        let document = model.mutation(kind, variables: variables)
        guard case .object(let input)? = variables["input"] else { preconditionFailure("a mutation's variables always hold its input") }
        return Document(field: document.field, inputType: document.operationName + "Input", input: input, condition: variables["condition"])
    }
}

extension APIDialect {
    /// The three subscriptions live sync keeps open, selecting every field a mutation returns
    /// (named `OnCreate`, `OnUpdate`, `OnDelete`, as they always were: see `ModelDocumentsMatchTests`).
    public var subscriptions: [RealtimeSubscription] {
        let fields = RealEstatePropertySync(dialect: documentDialect).documents.selectionSet
        return ["Create", "Update", "Delete"].map { kind in
            RealtimeSubscription(id: "on\(kind)", query: "subscription On\(kind) { on\(kind)RealEstateProperty { \(fields) } }")
        }
    }
}
