import AppSync

/// One mutation as it goes to the server.
public enum PropertyMutation: Sendable, Equatable {
    case create(RealEstateProperty)
    /// The fields to set, with the confirmed copy they were made against (the base): the
    /// versioned dialect sends its `_version`, the plain one a condition on its fields.
    case update(id: PropertyID, RealEstatePropertyPatch, base: RealEstateProperty?)
    case delete(id: PropertyID, base: RealEstateProperty?)

    /// The `_version` the change was made against (versioned dialect).
    public var version: Int? {
        switch self {
        case .create: nil
        case .update(_, _, let base), .delete(_, let base): base?.version
        }
    }
}

/// One page of the whole list or of what changed (the same connection type for both dialects).
public struct PropertyPage: Sendable, Equatable {
    public var items: [RealEstateProperty?]
    public var nextToken: String?
    /// Versioned dialect: the server time the query began (the next delta query starts there).
    public var startedAt: Int64?

    public init(items: [RealEstateProperty], nextToken: String? = nil, startedAt: Int64? = nil) {
        self.init(readItems: items, nextToken: nextToken, startedAt: startedAt)
    }

    /// Items as a reader collects them (no copy into the optional form).
    init(readItems items: [RealEstateProperty?], nextToken: String?, startedAt: Int64?) {
        self.items = items
        self.nextToken = nextToken
        self.startedAt = startedAt
    }
}

/// What `RealEstatePropertyList` needs from the server. `AppSyncPropertyAPI` is the
/// real one; unit tests of the list use a scripted one.
public protocol PropertyAPI: Sendable {
    /// The dialect this value speaks (see `speaking`).
    var dialect: APIDialect { get }
    /// The same API, speaking another dialect (what `describe` or a refusal found out).
    func speaking(_ dialect: APIDialect) -> any PropertyAPI
    /// What the API offers, from an introspection query; nil when it answers none
    /// (introspection can be turned off on AppSync).
    func describe() async throws(AppSyncFailure) -> APIDescription?
    func get(id: PropertyID) async throws(AppSyncFailure) -> RealEstateProperty?
    /// The record as the server has it after the mutation (deleted, after a delete).
    func send(_ mutation: PropertyMutation) async throws(AppSyncFailure) -> RealEstateProperty
    /// The cheapest request the server answers: is it back?
    func probe() async throws(AppSyncFailure)
    /// One page of the whole list when `lastSync` is nil; else of what changed since then
    /// (epoch ms, the server's clock): versioned, a delta query (tombstones included); plain, a
    /// filter on `updatedAt` (no deletions: those show only in a whole list).
    func syncPage(limit: Int, nextToken: String?, lastSync: Int64?) async throws(AppSyncFailure) -> PropertyPage
    /// The same page, read later: its next token guessed at once, so that a paged read asks for
    /// the next page while this one is read (`PageFetcher`). By default the page is read first.
    func unreadSyncPage(limit: Int, nextToken: String?, lastSync: Int64?) async throws(AppSyncFailure) -> UnreadPage
}

extension PropertyAPI {
    public func unreadSyncPage(limit: Int, nextToken: String?, lastSync: Int64?) async throws(AppSyncFailure) -> UnreadPage {
        let page = try await syncPage(limit: limit, nextToken: nextToken, lastSync: lastSync)
        return UnreadPage(nextTokenGuess: page.nextToken) { page }
    }
}

/// A page as it came off the wire, and a guess at its next token found without reading it. The
/// guess is only a guess: whoever asks for the next page with it checks it against the page read.
public struct UnreadPage: Sendable {
    public let nextTokenGuess: String?
    private let reading: @Sendable () throws(AppSyncFailure) -> PropertyPage

    public init(nextTokenGuess: String?, reading: @escaping @Sendable () throws(AppSyncFailure) -> PropertyPage) {
        self.nextTokenGuess = nextTokenGuess
        self.reading = reading
    }

    /// Reads the page (its records, its token, its errors): the costly part.
    public func read() throws(AppSyncFailure) -> PropertyPage { try reading() }
}
