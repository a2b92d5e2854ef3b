import AmplifyModels

/// A filter ready to run over a list's every record: each bare word's search folded once, not
/// once a record (folding goes through Foundation, a microsecond or more: a second at a million
/// rows).
public struct PreparedFilter: Sendable, Hashable {
    public let expression: FilterExpression
    private let searches: [String: TextSearch]

    public init(_ expression: FilterExpression) {
        self.expression = expression
        var searches: [String: TextSearch] = [:]
        Self.collectSearches(in: expression, into: &searches)
        self.searches = searches
    }

    public func matches(_ record: ModelRecord) -> Bool {
        FilterEvaluator.matches(record, expression) { searches[$0] ?? TextSearch($0) }
    }

    private static func collectSearches(in expression: FilterExpression, into searches: inout [String: TextSearch]) {
        switch expression {
        case .clause: break
        case .search(let text): searches[text] = TextSearch(text)
        case .not(let inner): collectSearches(in: inner, into: &searches)
        case .and(let terms), .or(let terms): for term in terms { collectSearches(in: term, into: &searches) }
        }
    }
}
