import AmplifyModels
import AppSync
import ModelFilters
import OptimisticStore

extension RecordPage {
    public init(items: [Record], nextToken: String? = nil, startedAt: Int64? = nil) {
        self.init(records: items, nextToken: nextToken, startedAt: startedAt)
    }

    /// The page's records (a page's `items` on the wire).
    public var items: [Record] {
        get { records }
        set { records = newValue }
    }
}

/// What the sync layer needs from the server for one model (`Model`). `AppSyncModelAPI` is
/// the real one; unit tests use a scripted one.
public protocol ModelAPI<Model>: Sendable {
    associatedtype Model: SyncModel

    /// The dialect this value speaks.
    var dialect: APIDialect { get }
    func get(id: Model.Record.ID) async throws(AppSyncFailure) -> Model.Record?
    /// The record as the server has it after the mutation (deleted, after a delete).
    func send(_ mutation: ModelMutation<Model.Record>) async throws(AppSyncFailure) -> Model.Record
    /// The cheapest request the server answers: is it back?
    func probe() async throws(AppSyncFailure)
    /// One page of the whole list when `lastSync` is nil; else of what changed since then
    /// (epoch ms, the server's clock): versioned, a delta query (tombstones included); plain, a
    /// filter on `updatedAt` (no deletions: those show only in a whole list).
    func syncPage(limit: Int, nextToken: String?, lastSync: Int64?) async throws(AppSyncFailure) -> RecordPage<Model.Record>
    /// The same page, read later: its next token guessed at once, so that a paged read asks for
    /// the next page while this one is read (`PageFetcher`). By default the page is read first.
    func unreadSyncPage(limit: Int, nextToken: String?, lastSync: Int64?) async throws(AppSyncFailure) -> UnreadRecordPage<Model.Record>
}

extension ModelAPI {
    public func unreadSyncPage(
        limit: Int, nextToken: String?, lastSync: Int64?
    ) async throws(AppSyncFailure) -> UnreadRecordPage<Model.Record> {
        let page = try await syncPage(limit: limit, nextToken: nextToken, lastSync: lastSync)
        return UnreadRecordPage(nextTokenGuess: page.nextToken) { page }
    }
}

/// What a list (`RecordList`) needs from the server for its record: `ModelAPI`'s requests in the
/// record's own types (an `any` value cannot reach members typed `Model.Record`), plus what the
/// list learns at run time: what the API offers, another dialect to speak, and live sync's
/// subscriptions and events in that dialect. `AppSyncModelAPI` is the real one; unit tests of
/// the list use scripted ones.
public protocol ListAPI<Record>: Sendable {
    associatedtype Record: ListRecord

    var dialect: APIDialect { get }
    /// The same API, speaking another dialect (what `describe` or a refusal found out).
    func speaking(_ dialect: APIDialect) -> any ListAPI<Record>
    /// What the API offers for the record's model, from an introspection query; nil when it
    /// answers none (introspection can be turned off on AppSync).
    func describe() async throws(AppSyncFailure) -> APIDescription?
    func get(id: Record.ID) async throws(AppSyncFailure) -> Record?
    func send(_ mutation: ModelMutation<Record>) async throws(AppSyncFailure) -> Record
    func probe() async throws(AppSyncFailure)
    func syncPage(limit: Int, nextToken: String?, lastSync: Int64?) async throws(AppSyncFailure) -> RecordPage<Record>
    func unreadSyncPage(limit: Int, nextToken: String?, lastSync: Int64?) async throws(AppSyncFailure) -> UnreadRecordPage<Record>
    /// One page of a view: the records the server selects for a filter, asked as its `plan`
    /// says (see `AppSyncModelAPI.unreadViewPage`). By default the API answers no views.
    func unreadViewPage(_ plan: FilterPlan, limit: Int, nextToken: String?) async throws(AppSyncFailure) -> UnreadRecordPage<Record>
    /// The subscriptions live sync keeps open in this dialect.
    var subscriptions: [RealtimeSubscription] { get }
    /// One subscription result (`{"onUpdate<Model>": {…}}`), given the confirmed copies.
    func readEvent(_ data: JSONText, deletion: Bool, knownCopy: (Record.ID) -> Record?) -> RemoteRecordEvent<Record>
    /// The model's description: what `describe` asks about, and what a refusal is read against.
    var modelDescription: AmplifyModel { get }
}

extension ListAPI {
    /// By default the page is read first (see `ModelAPI.unreadSyncPage`).
    public func unreadSyncPage(
        limit: Int, nextToken: String?, lastSync: Int64?
    ) async throws(AppSyncFailure) -> UnreadRecordPage<Record> {
        let page = try await syncPage(limit: limit, nextToken: nextToken, lastSync: lastSync)
        return UnreadRecordPage(nextTokenGuess: page.nextToken) { page }
    }
}

extension ListAPI {
    /// An API that cannot ask the server a filter (the tests' scripted ones) says so, as an API
    /// without the query a request needs does.
    public func unreadViewPage(
        _ plan: FilterPlan, limit: Int, nextToken: String?
    ) async throws(AppSyncFailure) -> UnreadRecordPage<Record> {
        throw .notOffered("this API answers no views")
    }
}

/// A page as it came off the wire, and a guess at its next token found without reading it. The
/// guess is only a guess: whoever asks for the next page with it checks it against the page read.
public struct UnreadRecordPage<Record: SyncedRecord>: Sendable {
    public let nextTokenGuess: String?
    private let reading: @Sendable () throws(AppSyncFailure) -> RecordPage<Record>

    public init(nextTokenGuess: String?, reading: @escaping @Sendable () throws(AppSyncFailure) -> RecordPage<Record>) {
        self.nextTokenGuess = nextTokenGuess
        self.reading = reading
    }

    /// Reads the page (its records, its token, its errors): the costly part.
    public func read() throws(AppSyncFailure) -> RecordPage<Record> { try reading() }
}
