import AmplifyModels
import AppSync
import ModelFilters
import OptimisticStore

/// `ModelAPI` over AppSync's GraphQL, for one model (`Model`) in either dialect (see
/// `APIDialect`): it sends `model.documents` with the model's variables and reads the answers
/// with the model's readers, straight from the bytes (every model's with `ModelRecordSync`).
public struct AppSyncModelAPI<Model: SyncModel>: ModelAPI {
    let client: AppSyncClient
    public let model: Model
    public let dialect: APIDialect

    /// `model` as spoken in `dialect`.
    public init(client: AppSyncClient, model: Model, dialect: APIDialect = .versioned) {
        self.client = client
        self.model = model.speaking(dialect.documentDialect)
        self.dialect = dialect
    }

    /// The same API in another dialect.
    public func inDialect(_ dialect: APIDialect) -> AppSyncModelAPI<Model> { AppSyncModelAPI(client: client, model: model, dialect: dialect) }

    public func get(id: Model.Record.ID) async throws(AppSyncFailure) -> Model.Record? {
        let document = model.documents.get
        let request = GraphQLRequest(query: document.text, variables: model.getVariables(id), operationName: document.operationName)
        let answer = try await client.execute(request, field: document.field) { reader throws(JSONReadError) in try read(&reader) }
        switch answer {
        case nil, .record(nil)?: return nil
        case .record(let record?)?: return record
        case .lacking(let missing)?: throw .transient("the server's copy of \(id) is not whole: \(missing)")
        }
    }

    /// A record a get or a mutation answered.
    private enum Answered {
        case record(Model.Record?)
        /// Plain dialect: the record lacks what a whole one has (the server could not read it
        /// whole): the reader's words for what is missing.
        case lacking(String)
    }

    /// Reads a record; on the plain dialect, one that lacks a field is told apart (its own
    /// message), while any other shape is the client's "unexpected shape".
    private func read(_ reader: inout JSONReader) throws(JSONReadError) -> Answered {
        do throws(JSONReadError) {
            return .record(try model.readRecord(&reader))
        } catch where !dialect.hasVersions && error.isMissingField {
            return .lacking(error.message)
        }
    }

    public func syncPage(limit: Int, nextToken: String?, lastSync: Int64?) async throws(AppSyncFailure) -> RecordPage<Model.Record> {
        try await unreadSyncPage(limit: limit, nextToken: nextToken, lastSync: lastSync).read()
    }

    /// The page's answer, its next token guessed from the bytes, read when asked (`UnreadRecordPage`).
    public func unreadSyncPage(
        limit: Int, nextToken: String?, lastSync: Int64?
    ) async throws(AppSyncFailure) -> UnreadRecordPage<Model.Record> {
        let versioned = dialect.hasVersions
        let request = Self.pageRequest(model, versioned: versioned, limit: limit, nextToken: nextToken, lastSync: lastSync)
        let answer = try await client.fetch(request.request)
        let model = model
        return UnreadRecordPage(nextTokenGuess: answer.lastString(forKey: "nextToken")) { () throws(AppSyncFailure) in
            let page = try answer.read(field: request.field) { reader throws(JSONReadError) in try model.readPage(&reader) }
            guard let page else { throw .transient("the server answered the \(versioned ? "sync" : "list") query with null") }
            return page
        }
    }

    /// One page of a view: what `plan` asks of the server (`ViewRequest`: a `get`, one
    /// partition's query, or a filtered list), read as `unreadSyncPage` reads a page; a `get`'s
    /// answer is a page of its record or of none, with no next page. The records are as the
    /// server answers them: on the versioned dialect a deleted one (a tombstone) among them, and
    /// a key lookup's record whatever the rest of the filter says of it.
    public func unreadViewPage(
        _ plan: FilterPlan, limit: Int, nextToken: String?
    ) async throws(AppSyncFailure) -> UnreadRecordPage<Model.Record> {
        let view = ViewRequest(plan, documents: model.documents, limit: limit, nextToken: nextToken)
        let answer = try await client.fetch(view.request)
        switch view.answer {
        case .record:
            return UnreadRecordPage(nextTokenGuess: nil) { () throws(AppSyncFailure) in
                switch try answer.read(field: view.field, reading: { reader throws(JSONReadError) in try read(&reader) }) {
                case nil, .record(nil)?: return RecordPage(records: [], nextToken: nil, startedAt: nil)
                case .record(let record?)?: return RecordPage(records: [record], nextToken: nil, startedAt: nil)
                case .lacking(let missing)?: throw .transient("the server's copy of the record asked for is not whole: \(missing)")
                }
            }
        case .page:
            let model = model
            return UnreadRecordPage(nextTokenGuess: answer.lastString(forKey: "nextToken")) { () throws(AppSyncFailure) in
                let page = try answer.read(field: view.field) { reader throws(JSONReadError) in try model.readPage(&reader) }
                guard let page else { throw .transient("the server answered \(view.field) with null") }
                return page
            }
        }
    }

    /// One page's request: the versioned dialect's sync query, or the plain dialect's list (a
    /// scan, so pages come in no useful order, and a filtered page may hold fewer items than
    /// `limit`, or none, and still go on).
    public static func pageRequest(
        _ model: Model, versioned: Bool, limit: Int, nextToken: String?, lastSync: Int64?
    ) -> (request: GraphQLRequest, field: String) {
        if versioned, let sync = model.documents.sync {
            let variables: [String: JSONValue] = [
                "limit": .int(Int64(limit)), "nextToken": JSONValue(nextToken), "lastSync": lastSync.map { .int($0) } ?? .null,
            ]
            return (GraphQLRequest(query: sync.text, variables: variables, operationName: sync.operationName), sync.field)
        }
        let list = model.documents.list
        let variables: [String: JSONValue] = [
            "limit": .int(Int64(limit)), "nextToken": JSONValue(nextToken),
            "filter": lastSync.map(changedSince) ?? .null,
        ]
        return (GraphQLRequest(query: list.text, variables: variables, operationName: list.operationName), list.field)
    }

    /// The plain dialect's `filter: {updatedAt: {gt: …}}`: what changed after that time (the
    /// server's clock, epoch ms).
    static func changedSince(_ milliseconds: Int64) -> JSONValue {
        .object(["updatedAt": .object(["gt": .string(AWSDateTimeMilliseconds.text(milliseconds))])])
    }

    public func probe() async throws(AppSyncFailure) {
        _ = try await client.execute(GraphQLRequest(query: "query Probe { __typename }", operationName: "Probe"))
    }

    public func send(_ mutation: ModelMutation<Model.Record>) async throws(AppSyncFailure) -> Model.Record {
        let (kind, variables) = self.variables(for: mutation)
        let document = model.mutation(kind, variables: variables)
        let request = GraphQLRequest(query: document.text, variables: variables, operationName: document.operationName)
        let answer = try await client.execute(request, field: document.field) { reader throws(JSONReadError) in try read(&reader) }
        guard case .record(let read)? = answer else {
            if case .lacking? = answer { throw .transient("the server answered \(document.field) without the record") }
            throw .transient("the server answered \(document.field) with null")
        }
        guard let record = read else { throw .transient("the server answered \(document.field) with null") }
        // The plain dialect answers a delete with the item as it was: gone one step after its last write.
        if !dialect.hasVersions, case .delete(_, let base) = mutation {
            return model.tombstone(record, atLeast: max(record.version, base?.version ?? 0) + 1)
        }
        return record
    }

    /// A mutation's kind and variables, as the model writes them.
    func variables(for mutation: ModelMutation<Model.Record>) -> (MutationKind, [String: JSONValue]) {
        switch mutation {
        case .create(let record): (.create, model.createVariables(record))
        case .update(let id, let patch, let base): (.update, model.updateVariables(id, patch, base: base))
        case .delete(let id, let base): (.delete, model.deleteVariables(id, base: base))
        }
    }
}

extension JSONReadError {
    /// A field that must be there and was not (`JSONReadError.missing`).
    var isMissingField: Bool { kind == .shape && message.hasPrefix("missing field ") }
}

extension APIDialect {
    /// The documents' dialect (the two kinds are the same; `filtersByUpdatedAt` is the list's concern).
    public var documentDialect: DocumentDialect { hasVersions ? .versioned : .plain }
}
