import GraphQL

/// What an API's schema needs attached: its root fields' resolvers by name, the subscribe
/// resolver of a subscription field (given the mutations that trigger it), and the names of its
/// record types (their fields stop reading once a request is cut off; their events may carry
/// nulls, `PartialEvents`).
struct ServedResolvers {
    var queries: [String: GraphQLFieldResolve]
    var mutations: [String: GraphQLFieldResolve]
    var subscribe: (Set<String>) -> GraphQLFieldResolve
    var recordTypes: [String]
    /// Resolvers of fields of other types than the roots (relations), by type, then field.
    var fields: [String: [String: GraphQLFieldResolve]] = [:]
    /// The root query fields whose resolvers leave their reads in the request's `PageCapture`,
    /// for the fast path (`FastPagePlan`).
    var capturing: Set<String> = []
}

extension ServedResolvers {
    /// What every resolver does first: stop if the request was given up (its time ran out), and
    /// count itself against the request's resolver limit. Answers the request's budget (absent
    /// for a subscription's events, which are not requests).
    @discardableResult
    static func start(_ context: any Sendable) throws -> RequestBudget? {
        try Task.checkCancellation()
        let budget = context as? RequestBudget
        try budget?.startResolver()
        return budget
    }
}
