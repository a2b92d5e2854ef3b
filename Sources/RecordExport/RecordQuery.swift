import AmplifyModels
import AppSync
import ModelFilters
import SyncEngine

/// What a script asks the server for one model, page by page: every item (`list<Plural>`), a
/// filter planned as the app plans a view (`FilterPlan` → `ViewRequest`: a key lookup, one
/// partition's query, or a scan), or one record by its key (`get`).
public struct RecordQuery: Sendable {
    public let sync: ModelRecordSync
    public let source: Source
    public let pageSize: Int

    public enum Source: Sendable {
        /// Every item of the model.
        case all
        /// A filter's records, as its plan asks for them.
        case filter(FilterExpression, FilterPlan)
        /// The record of one key.
        case key(RecordKey)
    }

    /// 1,000: the most AppSync answers in one page.
    public static let defaultPageSize = 1_000

    public init(sync: ModelRecordSync, source: Source, pageSize: Int = defaultPageSize) {
        self.sync = sync
        self.pageSize = pageSize
        // A bare word is the app's search (case and accents folded), which the server's
        // `contains` cannot ask: every item is read and the search applied here.
        if case .filter(let expression, _) = source, !expression.isExactOnServer {
            self.source = .filter(expression, .scan(filter: expression))
        } else {
            self.source = source
        }
    }

    /// `filter` planned over `model` as the app plans it.
    public static func planning(_ filter: FilterExpression, sync: ModelRecordSync, pageSize: Int = defaultPageSize) -> RecordQuery {
        RecordQuery(sync: sync, source: .filter(filter, FilterPlan.plan(filter, model: sync.model)), pageSize: pageSize)
    }

    /// The request of the page `nextToken` starts (nil: the first), the root field of its
    /// answer, and whether that holds a page or one record.
    public func request(nextToken: String?) -> (request: GraphQLRequest, field: String, answer: ViewRequest.Answer) {
        switch source {
        case .all:
            return Self.everyItem(sync.documents, limit: pageSize, nextToken: nextToken)
        case .filter(let expression, let plan):
            if !expression.isExactOnServer { return Self.everyItem(sync.documents, limit: pageSize, nextToken: nextToken) }
            let view = ViewRequest(plan, documents: sync.documents, limit: pageSize, nextToken: nextToken)
            return (view.request, view.field, view.answer)
        case .key(let key):
            let view = ViewRequest(.keyLookup(.init(key: key, rest: nil)), documents: sync.documents, limit: pageSize, nextToken: nil)
            return (view.request, view.field, view.answer)
        }
    }

    /// `list<Plural>` without a filter (either dialect: a versioned API answers its tombstones
    /// too, which the reader leaves out).
    static func everyItem(_ documents: ModelDocuments, limit: Int, nextToken: String?) -> (GraphQLRequest, String, ViewRequest.Answer) {
        let list = documents.list
        let variables: [String: JSONValue] = ["limit": .int(Int64(limit)), "nextToken": JSONValue(nextToken), "filter": .null]
        return (GraphQLRequest(query: list.text, variables: variables, operationName: list.operationName), list.field, .page)
    }

    /// The filter to check here on each item the server answers, when its answer is not exactly
    /// the filter's: a key lookup's record (its `get` takes no filter), or every item of a search.
    public var localCheck: PreparedFilter? {
        switch source {
        case .all, .key: return nil
        case .filter(let expression, let plan):
            if !expression.isExactOnServer { return PreparedFilter(expression) }
            if case .keyLookup(let lookup) = plan, lookup.rest != nil { return PreparedFilter(expression) }
            return nil
        }
    }

    /// The plan's one line, for `--explain`-like messages and tests.
    public var summary: String {
        switch source {
        case .all: "scan (every item)"
        case .filter(let expression, let plan): expression.isExactOnServer ? plan.summary : "scan (every item; the search applied here)"
        case .key: "key lookup"
        }
    }
}
