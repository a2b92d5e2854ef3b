import AmplifyModels
import AppSync
import OptimisticStore

/// Any model's API as a list needs it.
extension AppSyncModelAPI: ListAPI where Model.Record: ListRecord {
    // `get`, `send`, `probe`, the pages and a view's pages (`unreadViewPage`) are
    // `AppSyncModelAPI`'s own, for the model's types: they are this conformance's, not the
    // protocol's default that answers no views.
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
